import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const genderValues = ['w', 'm'] as const;
export const lengthValues = ['short', 'bob', 'medium', 'long', 'male'] as const;

export const HairResourceSchema = z.object({
  resource_id: z.number().int(),
  kind: z.enum(['style', 'color']),
  gender: z.enum(genderValues),
  length: z.enum(lengthValues).nullable(),
  name: z.string(),
  image_url: z.string(),
  mask_url: z.string().nullable(),
  anchor: z.record(z.string(), z.unknown()).nullable(),
});
export type HairResource = z.infer<typeof HairResourceSchema>;

/**
 * One random hairstyle (or colour) overlay for the home page's simulation teaser. Served by
 * the shop host and judged by `resCode: '200'` (spec section 7).
 */
export const getRandomHairResource = defineEndpoint({
  base: 'shop',
  path: '/carol/home/get_random_hair_resource',
  summary: 'A random active hair resource (hairstyle overlay by default), optionally by gender',
  tag: 'home',
  access: 'public',
  envelope: 'resCode',
  request: z.object({
    kind: z.enum(['style', 'color']).default('style'),
    gender: z.enum(genderValues).optional(),
  }),
  response: z.object({ hair_resource: HairResourceSchema }),
});

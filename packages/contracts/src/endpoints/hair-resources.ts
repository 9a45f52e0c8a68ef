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

/**
 * Home's "style by length" entry points into the style book: the cut type of each length in
 * the catalogue (ids are fixed by the deterministic seed; the seed test pins them).
 */
export const stylebookEntryByLength: Record<
  (typeof lengthValues)[number],
  { gender: (typeof genderValues)[number]; type: number }
> = {
  short: { gender: 'w', type: 1 },
  bob: { gender: 'w', type: 4 },
  medium: { gender: 'w', type: 7 },
  long: { gender: 'w', type: 10 },
  male: { gender: 'm', type: 13 },
};

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const genderValues = ['w', 'm'] as const;
export const lengthValues = ['short', 'bob', 'medium', 'long', 'male'] as const;

export const hairResourceKinds = ['style', 'color'] as const;

const BoardPointSchema = z.tuple([z.number(), z.number()]);

/**
 * Where the canonical head sits on a hairstyle overlay, in the overlay image's pixels (`left` =
 * the image's left). The points mean what the face-landmark service's `points.leftTemple`,
 * `rightTemple`, `hairline` and `chin` mean, so an overlay is placed on a photo by the similarity
 * transform that maps its temple segment onto the photo's.
 */
export const StyleAnchorSchema = z.object({
  board: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }),
  leftTemple: BoardPointSchema,
  rightTemple: BoardPointSchema,
  hairline: BoardPointSchema,
  chin: BoardPointSchema,
});
export type StyleAnchor = z.infer<typeof StyleAnchorSchema>;

export const HairResourceSchema = z.object({
  resource_id: z.number().int(),
  kind: z.enum(hairResourceKinds),
  gender: z.enum(genderValues),
  length: z.enum(lengthValues).nullable(),
  /** In the request's language. */
  name: z.string(),
  image_url: z.string(),
  mask_url: z.string().nullable(),
  /** Styles only (null for colours). */
  anchor: StyleAnchorSchema.nullable(),
  /** Colours only: sRGB hex (null for styles). */
  hex: z.string().nullable(),
  /** Where the image comes from and its licence. */
  origin: z.string(),
});
export type HairResource = z.infer<typeof HairResourceSchema>;

/**
 * Hair resources for the simulation (spec section 7): hairstyle overlays (with their anchors)
 * or colour swatches, active ones in display order, optionally by gender and length.
 */
export const getListHairResources = defineEndpoint({
  base: 'main',
  path: '/carol/hairresource/get_list_hair_resources',
  summary: 'Active hair resources (hairstyle overlays or colours), by gender and length',
  tag: 'simulation',
  access: 'public',
  envelope: 'main',
  request: z.object({
    kind: z.enum(hairResourceKinds).default('style'),
    gender: z.enum(genderValues).optional(),
    length: z.enum(lengthValues).optional(),
  }),
  response: z.object({ list: z.array(HairResourceSchema) }),
});

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
    kind: z.enum(hairResourceKinds).default('style'),
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

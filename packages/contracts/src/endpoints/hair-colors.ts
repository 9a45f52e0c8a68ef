import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

export const HairColorSchema = z.object({
  color_id: z.number().int(),
  name: z.string(),
  /** sRGB hex, e.g. #6b3e2e */
  hex: z.string().regex(/^#[0-9a-f]{6}$/i),
  tone: z.enum(['natural', 'brown', 'ash', 'red', 'pink', 'blue', 'purple', 'blonde', 'grey']),
  is_hot: z.boolean(),
  image_url: z.string().nullable(),
});
export type HairColor = z.infer<typeof HairColorSchema>;

/** Hot hair colours for the home page (spec section 1: Home shows hot colours). */
export const getHotHairColorList = defineEndpoint({
  base: 'main',
  path: '/carol/home/getHotHairColorList',
  summary: 'Hot hair colours shown on the home page, most popular first',
  tag: 'home',
  access: 'public',
  envelope: 'main',
  request: z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) }),
  response: z.object({ hair_color_list: z.array(HairColorSchema) }),
});

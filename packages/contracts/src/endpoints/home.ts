import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { genderValues, lengthValues } from './hair-resources.js';

// Home (spec section 1): hot styles. Nearby shops and designers reuse the search endpoints
// (`getShopSearchInfo` with sort=distance, `getDesignerSearchInfo` without a keyword).

export const HotStyleSchema = z.object({
  photo_id: z.number().int(),
  gender: z.enum(genderValues),
  length: z.enum(lengthValues),
  /** The style-book path of the photo: /stylebook/style/{gender}/{type_id}/{style_id}/{substyle_id ?? 0}. */
  type_id: z.number().int(),
  style_id: z.number().int(),
  substyle_id: z.number().int().nullable(),
  /** "Style · Substyle" in the request language. */
  style_name: z.string(),
  title: z.string(),
  image_url: z.string(),
  thumb_url: z.string().nullable(),
  like_count: z.number().int(),
});
export type HotStyle = z.infer<typeof HotStyleSchema>;

/** Popular style-book photos for the home page: the hot ones, most liked first. */
export const getHotStyleList = defineEndpoint({
  base: 'main',
  path: '/carol/home/getHotStyleList',
  summary: 'Hot style-book photos shown on the home page, most liked first',
  tag: 'home',
  access: 'public',
  envelope: 'main',
  request: z.object({
    /** Only one gender's photos; both when absent. */
    gender: z.enum(genderValues).optional(),
    limit: z.coerce.number().int().min(1).max(30).default(10),
  }),
  response: z.object({ style_list: z.array(HotStyleSchema) }),
});

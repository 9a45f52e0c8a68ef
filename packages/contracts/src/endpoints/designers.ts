import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema } from '../common.js';

// The designer page (spec section 2, designerinfo/{designerid}): public; the heart's state is the
// signed-in member's, false for a guest.

export const DesignerDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string().nullable(),
  position: z.string().nullable(),
  introduction: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  career_years: z.number().int().nullable(),
  rating_avg: z.number(),
  review_count: z.number().int(),
  shop: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    thumbnail: z.string().nullable(),
    is_booking_open: z.boolean(),
  }),
  /** The designer's style-book photos, newest first (at most 30). */
  portfolio: z.array(
    z.object({
      photo_id: z.number().int(),
      title: z.string(),
      image_url: z.string(),
      thumb_url: z.string().nullable(),
    }),
  ),
  /** Whether the signed-in member favours this designer; false for a guest. */
  is_favorite: z.boolean(),
});
export type DesignerDetail = z.infer<typeof DesignerDetailSchema>;

export const getDesignerDetail = defineEndpoint({
  base: 'main',
  path: '/carol/designer/getDesignerDetail',
  summary: 'An active designer of the request server: profile, shop and portfolio',
  tag: 'designers',
  access: 'public',
  envelope: 'main',
  request: z.object({ designer_id: IdSchema }),
  response: z.object({ detail: DesignerDetailSchema }),
});

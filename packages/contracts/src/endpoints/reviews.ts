import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema, PageSchema, PageSizeSchema } from '../common.js';

// Reviews of a shop or a designer (salon and designer pages). Authors are shown masked
// ("김**"); a withdrawn member is shown as such, never by name.

export const ReviewSummarySchema = z.object({
  /** Mean rating, 1 decimal; 0 when there is no review. */
  average: z.number(),
  count: z.number().int(),
  /** How many reviews gave each rating, keys "1".."5". */
  distribution: z.object({
    '1': z.number().int(),
    '2': z.number().int(),
    '3': z.number().int(),
    '4': z.number().int(),
    '5': z.number().int(),
  }),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const ReviewItemSchema = z.object({
  review_id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  created_at: z.string(),
  /** Masked name ("김**"), or the localized "withdrawn member" label. */
  author: z.string(),
  author_withdrawn: z.boolean(),
  designer_id: z.number().int().nullable(),
  designer_name: z.string().nullable(),
  photos: z.array(z.object({ url: z.string(), thumb_url: z.string().nullable() })),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

/** Exactly one of shop_id and designer_id (checked by the server: refinements don't survive `.extend`). */
export const ReviewListRequestSchema = z.object({
  shop_id: IdSchema.optional(),
  designer_id: IdSchema.optional(),
  page: PageSchema,
  page_size: PageSizeSchema,
});

export const getReviewList = defineEndpoint({
  base: 'main',
  path: '/carol/review/getReviewList',
  summary:
    'Reviews of one shop or one designer (exactly one of shop_id, designer_id), newest first, with a rating summary',
  tag: 'reviews',
  access: 'public',
  envelope: 'main',
  request: ReviewListRequestSchema,
  response: z.object({
    review_list: z.array(ReviewItemSchema),
    summary: ReviewSummarySchema,
    total: z.number().int(),
    page: z.number().int(),
    has_next: z.boolean(),
  }),
});

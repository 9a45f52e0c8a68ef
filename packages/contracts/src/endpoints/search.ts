import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { CurrencySchema, LatSchema, LngSchema, PageSchema, PageSizeSchema } from '../common.js';

// Name/keyword search of the Find screen (spec sections 2, 3 and 7). Field names follow the
// spec; `filter_distance` and `flag_smart_salon` are the request forms of the spec's client
// state `filterDistance` / `flagSmartSalon` (docs/decisions/008-search-fields-and-ranking.md).

export const searchSortValues = [
  'review_count',
  'rating',
  'distance',
  'registration',
  'newest',
  'oldest',
] as const;
export const SearchSortSchema = z.enum(searchSortValues);
export type SearchSort = z.infer<typeof SearchSortSchema>;

/** Form-data sends "0"/"1"; JSON may send numbers or booleans. */
const FlagSchema = z
  .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => v === '1' || v === 1 || v === true);

const KeywordSchema = z.string().trim().max(100).optional();

const SearchBaseRequest = {
  keyword: KeywordSchema,
  /** Defaults to the request server's city centre (Seoul City Hall / Tokyo Station). */
  lat: LatSchema.optional(),
  lng: LngSchema.optional(),
  page: PageSchema,
  page_size: PageSizeSchema,
};

export const ShopSearchRequestSchema = z.object({
  ...SearchBaseRequest,
  /** Kilometres from (lat, lng), great-circle. */
  filter_distance: z.coerce.number().min(0.5).max(50).optional(),
  flag_smart_salon: FlagSchema.optional(),
  open_now: FlagSchema.optional(),
  /** On the shop's cheapest active menu, in the shop's currency. */
  min_price: z.coerce.number().int().min(0).optional(),
  max_price: z.coerce.number().int().min(0).optional(),
  gender: z.enum(['w', 'm', 'all']).optional(),
  treatment: z.enum(['cut', 'perm', 'color', 'clinic', 'styling', 'scalp', 'other']).optional(),
  sort: SearchSortSchema.optional(),
});

export const ShopSearchItemSchema = z.object({
  shop_id: z.number().int(),
  name: z.string(),
  name_en: z.string().nullable(),
  address: z.string(),
  region_city: z.string().nullable(),
  region_district: z.string().nullable(),
  region_neighbourhood: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  /** Great-circle (haversine) distance from the request point, km, 2 decimals. */
  distance_km: z.number(),
  rating_avg: z.number(),
  review_count: z.number().int(),
  is_smart_salon: z.boolean(),
  /** Cheapest active menu price, or null when the shop has no active menu. */
  min_price: z.number().int().nullable(),
  currency: CurrencySchema,
  thumbnail: z.string().nullable(),
  is_open_now: z.boolean(),
});
export type ShopSearchItem = z.infer<typeof ShopSearchItemSchema>;

const PagingSchema = {
  total: z.number().int(),
  page: z.number().int(),
  has_next: z.boolean(),
};

export const getShopSearchInfo = defineEndpoint({
  base: 'main',
  path: '/carol/shop/getShopSearchInfo',
  summary: 'Search shops of the request server by name/keyword, distance and filters',
  tag: 'search',
  access: 'public',
  envelope: 'main',
  request: ShopSearchRequestSchema,
  response: z.object({ shop_list: z.array(ShopSearchItemSchema), ...PagingSchema }),
});

export const DesignerSearchItemSchema = z.object({
  designer_id: z.number().int(),
  name: z.string(),
  position: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  distance_km: z.number(),
  rating_avg: z.number(),
  review_count: z.number().int(),
});
export type DesignerSearchItem = z.infer<typeof DesignerSearchItemSchema>;

/**
 * The shop search's fields, applied to designers: the filters are those of the designer's
 * shop (distance, smart salon, price of its cheapest menu, gender and treatment of its
 * menus); `open_now` also needs the designer to be working at that moment; the sorts use the
 * designer's own rating, review count and registration (`newest` = `registration`, designers
 * have no separate update time).
 */
export const DesignerSearchRequestSchema = ShopSearchRequestSchema;

export const getDesignerSearchInfo = defineEndpoint({
  base: 'main',
  path: '/carol/designer/getDesignerSearchInfo',
  summary:
    'Search active designers of the request server by name/keyword, shop filters and sort (nearest first by default)',
  tag: 'search',
  access: 'public',
  envelope: 'main',
  request: DesignerSearchRequestSchema,
  response: z.object({ designer_list: z.array(DesignerSearchItemSchema), ...PagingSchema }),
});

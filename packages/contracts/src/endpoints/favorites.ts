import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema, PageSchema, PageSizeSchema } from '../common.js';
import { DesignerSearchItemSchema, ShopSearchItemSchema } from './search.js';

// Favourites (spec sections 6 and 7): members only, the member always from the session, never
// from the request. Set and delete are idempotent; lists are newest first and paged.

const PagingSchema = {
  total: z.number().int(),
  page: z.number().int(),
  has_next: z.boolean(),
};
const ListRequestSchema = z.object({ page: PageSchema, page_size: PageSizeSchema });

export const ShopFavoriteStateSchema = z.object({
  shop_id: z.number().int(),
  is_favorite: z.boolean(),
});
export const DesignerFavoriteStateSchema = z.object({
  designer_id: z.number().int(),
  is_favorite: z.boolean(),
});

export const setShopFavorite = defineEndpoint({
  base: 'main',
  path: '/carol/shop/setShopFavorite',
  summary: 'Add a shop of the request server to the signed-in member’s favourites (idempotent)',
  tag: 'favorites',
  access: 'member',
  envelope: 'main',
  request: z.object({ shop_id: IdSchema }),
  response: ShopFavoriteStateSchema,
});

export const deleteShopFavorite = defineEndpoint({
  base: 'main',
  path: '/carol/shop/deleteShopFavorite',
  summary: 'Remove a shop from the signed-in member’s favourites (idempotent)',
  tag: 'favorites',
  access: 'member',
  envelope: 'main',
  request: z.object({ shop_id: IdSchema }),
  response: ShopFavoriteStateSchema,
});

export const setDesignerFavorite = defineEndpoint({
  base: 'main',
  path: '/carol/designer/setDesignerFavorite',
  summary: 'Add an active designer to the signed-in member’s favourites (idempotent)',
  tag: 'favorites',
  access: 'member',
  envelope: 'main',
  request: z.object({ designer_id: IdSchema }),
  response: DesignerFavoriteStateSchema,
});

export const deleteDesignerFavorite = defineEndpoint({
  base: 'main',
  path: '/carol/designer/deleteDesignerFavorite',
  summary: 'Remove a designer from the signed-in member’s favourites (idempotent)',
  tag: 'favorites',
  access: 'member',
  envelope: 'main',
  request: z.object({ designer_id: IdSchema }),
  response: DesignerFavoriteStateSchema,
});

/** A shop card's fields (those of the search list that do not depend on a location or time), plus when it was saved. */
export const FavoriteShopItemSchema = ShopSearchItemSchema.pick({
  shop_id: true,
  name: true,
  name_en: true,
  address: true,
  region_city: true,
  region_district: true,
  rating_avg: true,
  review_count: true,
  is_smart_salon: true,
  currency: true,
  thumbnail: true,
}).extend({ favorited_at: z.string() });
export type FavoriteShopItem = z.infer<typeof FavoriteShopItemSchema>;

export const getShopFavoriteList = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/getShopFavoriteList',
  summary: 'The signed-in member’s favourite shops of the request server, newest first',
  tag: 'favorites',
  access: 'member',
  envelope: 'main',
  request: ListRequestSchema,
  response: z.object({ shop_list: z.array(FavoriteShopItemSchema), ...PagingSchema }),
});

/** A designer search item without the distance (a favourites list has no origin). */
export const FavoriteDesignerItemSchema = DesignerSearchItemSchema.omit({
  distance_km: true,
}).extend({
  /** False once the designer left the shop: the card stays so the member can remove it. */
  is_active: z.boolean(),
  favorited_at: z.string(),
});
export type FavoriteDesignerItem = z.infer<typeof FavoriteDesignerItemSchema>;

export const getDesignerFavoriteList = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/getDesignerFavoriteList',
  summary: 'The signed-in member’s favourite designers of the request server, newest first',
  tag: 'favorites',
  access: 'member',
  envelope: 'main',
  request: ListRequestSchema,
  response: z.object({ designer_list: z.array(FavoriteDesignerItemSchema), ...PagingSchema }),
});

export const FavoriteCatalogueItemSchema = z.object({
  photo_id: z.number().int(),
  style_id: z.number().int(),
  gender: z.enum(['w', 'm']),
  length: z.enum(['short', 'bob', 'medium', 'long', 'male']),
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string(),
  thumb_url: z.string().nullable(),
  like_count: z.number().int(),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  favorited_at: z.string(),
});
export type FavoriteCatalogueItem = z.infer<typeof FavoriteCatalogueItemSchema>;

export const getCatalogueFavoriteList = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/getCatalogueFavoriteList',
  summary: 'The signed-in member’s style-book favourites (hair book), newest first',
  tag: 'favorites',
  access: 'member',
  envelope: 'main',
  request: ListRequestSchema,
  response: z.object({ catalogue_list: z.array(FavoriteCatalogueItemSchema), ...PagingSchema }),
});

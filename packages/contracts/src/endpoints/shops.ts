import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { CurrencySchema, IdSchema } from '../common.js';

// Salon page of the Find screen (spec sections 2 and 7): /find/saloninfo/:salonid.

export const shopNoticeTypeValues = ['news', 'update', 'coupon', 'details'] as const;
export const ShopNoticeTypeSchema = z.enum(shopNoticeTypeValues);
export type ShopNoticeType = z.infer<typeof ShopNoticeTypeSchema>;

export const shopMenuCategoryValues = [
  'cut',
  'perm',
  'color',
  'clinic',
  'styling',
  'scalp',
  'other',
] as const;
export const ShopMenuCategorySchema = z.enum(shopMenuCategoryValues);
export type ShopMenuCategory = z.infer<typeof ShopMenuCategorySchema>;

export const BusinessHourSchema = z.object({
  /** ISO weekday: 1 = Monday .. 7 = Sunday. */
  weekday: z.number().int().min(1).max(7),
  /** "HH:MM" in the shop's zone, null on a day off. */
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  is_day_off: z.boolean(),
});
export type BusinessHour = z.infer<typeof BusinessHourSchema>;

/** A designer of the shop as the salon page and the booking flow list it. */
export const ShopDesignerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  rating_avg: z.number(),
  review_count: z.number().int(),
});
export type ShopDesigner = z.infer<typeof ShopDesignerSchema>;

export const ShopDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string().nullable(),
  representative: z.string().nullable(),
  address: z.string(),
  address_detail: z.string().nullable(),
  phone: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  time_zone: z.string(),
  currency: CurrencySchema,
  introduction: z.string().nullable(),
  is_smart_salon: z.boolean(),
  is_booking_open: z.boolean(),
  /** Whether the signed-in member favours this shop; absent for a guest. */
  is_favorite: z.boolean().optional(),
  rating_avg: z.number(),
  review_count: z.number().int(),
  images: z.array(z.string()),
  business_hours: z.array(BusinessHourSchema),
  /** Holidays from today to 90 days ahead, in the shop's zone. */
  holidays: z.array(z.object({ date: z.string(), reason: z.string().nullable() })),
  notices: z.array(
    z.object({
      id: z.number().int(),
      type: ShopNoticeTypeSchema,
      title: z.string(),
      body: z.string(),
      published_at: z.string(),
    }),
  ),
  designers: z.array(ShopDesignerSchema),
});
export type ShopDetail = z.infer<typeof ShopDetailSchema>;

export const getShopDetail = defineEndpoint({
  base: 'main',
  path: '/carol/shop/getShopDetail',
  summary: 'A shop of the request server with hours, holidays, notices and designers',
  tag: 'shops',
  access: 'public',
  envelope: 'main',
  request: z.object({ shop_id: IdSchema }),
  response: z.object({ detail: ShopDetailSchema }),
});

export const ShopMenuItemSchema = z.object({
  id: z.number().int(),
  category: ShopMenuCategorySchema,
  name: z.string(),
  description: z.string().nullable(),
  base_price: z.number().int(),
  currency: CurrencySchema,
  duration_minutes: z.number().int(),
  target_gender: z.enum(['w', 'm', 'all']),
});
export type ShopMenuItem = z.infer<typeof ShopMenuItemSchema>;

export const getShopMenuList = defineEndpoint({
  base: 'main',
  path: '/carol/shop/getShopMenuList',
  summary: "A shop's active menus, in display order",
  tag: 'shops',
  access: 'public',
  envelope: 'main',
  request: z.object({ shop_id: IdSchema }),
  response: z.object({ menu_list: z.array(ShopMenuItemSchema) }),
});

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { BookingListItemSchema } from './booking-history.js';

// My page (spec sections 2 and 6, /mypage): members only, the member always from the session.
// One call gives the hub everything it shows at a glance, so it never fetches whole lists to
// count them (ADR 027). Every count is the `total` its own list answers for the same request.

/** The member's next reservation: the first still reserved that has not ended yet. */
export const NextBookingSchema = BookingListItemSchema.pick({
  booking_id: true,
  booking_number: true,
  shop_id: true,
  shop_name: true,
  designer_id: true,
  designer_name: true,
  starts_at: true,
  ends_at: true,
  date: true,
  time: true,
  time_zone: true,
  menu_names: true,
}).extend({
  /** The salon's first image, for the card. */
  shop_thumbnail: z.string().nullable(),
});
export type NextBooking = z.infer<typeof NextBookingSchema>;

export const MypageSummarySchema = z.object({
  member: z.object({ family_name: z.string(), given_name: z.string() }),
  /** Null when nothing is booked ahead. */
  next_booking: NextBookingSchema.nullable(),
  /** Reservations still ahead (reserved, not ended), the next one included. */
  upcoming_count: z.number().int().nonnegative(),
  /** As `getCatalogueFavoriteList`, `getDesignerFavoriteList`, `getShopFavoriteList` and `get_my_gallery_list` count them. */
  counts: z.object({
    favorite_styles: z.number().int().nonnegative(),
    favorite_designers: z.number().int().nonnegative(),
    favorite_shops: z.number().int().nonnegative(),
    gallery_photos: z.number().int().nonnegative(),
  }),
});
export type MypageSummary = z.infer<typeof MypageSummarySchema>;

export const getMypageSummary = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/get_mypage_summary',
  summary:
    "The signed-in member's my page: name, next reservation, and how many favourites (styles, designers, shops of the request server) and gallery photos",
  tag: 'mypage',
  access: 'member',
  envelope: 'main',
  request: z.object({}),
  response: MypageSummarySchema,
});

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { multiline } from '../text.js';
import { CurrencySchema, IdSchema, PageSchema, PageSizeSchema } from '../common.js';

/**
 * The member's reservation history (spec 2: /mypage/reservation/{type}, /mypage/reservationdetail;
 * spec 4: history tabs, usage status, irreversible cancel and visit done; spec 9: the last 2 years).
 * Shop base, `success: true` envelope like every booking call (spec 7). Another member's booking
 * id answers NOT_FOUND exactly like an unknown id.
 */

export const bookingStatusValues = ['reserved', 'visited', 'cancelled'] as const;
export const BookingStatusSchema = z.enum(bookingStatusValues);
export type BookingStatus = z.infer<typeof BookingStatusSchema>;

/** History tabs: reservation done, cancel done, visit done (spec 4). */
export const bookingHistoryTabValues = ['reserved', 'cancelled', 'visited'] as const;
export const BookingHistoryTabSchema = z.enum(bookingHistoryTabValues);
export type BookingHistoryTab = z.infer<typeof BookingHistoryTabSchema>;

/** Cancellation labels: customer cancel / shop cancel, origin customer app / system (spec 4). */
export const cancelledByValues = ['customer', 'shop'] as const;
export const cancelOriginValues = ['customer_app', 'system'] as const;
export const paymentMethodValues = ['on_site', 'card', 'cash'] as const;

export const reviewLimits = {
  bodyMax: 2000,
  photosMax: 5,
  /** Per photo; the multipart limit of the server is 15 MB per file. */
  photoMaxBytes: 15 * 1024 * 1024,
} as const;

export const BookingListItemSchema = z.object({
  booking_id: z.number().int(),
  booking_number: z.string(),
  status: BookingStatusSchema,
  shop_id: z.number().int(),
  shop_name: z.string(),
  designer_id: z.number().int(),
  designer_name: z.string(),
  /** ISO instants (UTC). */
  starts_at: z.string(),
  ends_at: z.string(),
  /** The start as a calendar date "YYYY-MM-DD" and time "HH:mm" in the shop's time zone. */
  date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  menu_names: z.array(z.string()),
  /** Minor unit of `currency` (KRW and JPY have none: whole won / yen). */
  total_price: z.number().int(),
  currency: CurrencySchema,
  cancelled_by: z.enum(cancelledByValues).nullable(),
  cancel_origin: z.enum(cancelOriginValues).nullable(),
  /** Visited, not yet reviewed: the review button is offered. */
  reviewable: z.boolean(),
  reviewed: z.boolean(),
});
export type BookingListItem = z.infer<typeof BookingListItemSchema>;

// --- the try-on look brought to a booking (ADR 059) --------------------------------------------

export const bookingLookKindValues = ['colour', 'style'] as const;
export const bookingLookLimits = { nameMax: 100 } as const;

/**
 * The simulation result a booking carries: the server's own copy of the member's gallery photo
 * (under `/media/looks/`, readable by the member and the booked salon's console key only), the
 * colour's name and swatch, or the style's name. It stays when the gallery photo is deleted.
 */
export const BookingLookSchema = z.object({
  kind: z.enum(bookingLookKindValues),
  name: z.string(),
  /** sRGB hex of the colour (#rrggbb); null for a style. */
  swatch: z.string().nullable(),
  url: z.string(),
  thumb_url: z.string(),
});
export type BookingLook = z.infer<typeof BookingLookSchema>;

export const BookingReviewSchema = z.object({
  review_id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  created_at: z.string(),
  photos: z.array(z.object({ url: z.string(), thumb_url: z.string().nullable() })),
});
export type BookingReview = z.infer<typeof BookingReviewSchema>;

export const BookingDetailSchema = BookingListItemSchema.extend({
  shop_address: z.string(),
  shop_phone: z.string().nullable(),
  duration_minutes: z.number().int(),
  menu_items: z.array(
    z.object({
      menu_id: z.number().int().nullable(),
      name: z.string(),
      price: z.number().int(),
      duration_minutes: z.number().int(),
    }),
  ),
  booker_name: z.string(),
  booker_phone: z.string(),
  request_note: z.string().nullable(),
  payment_method: z.enum(paymentMethodValues),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  visited_at: z.string().nullable(),
  /** Reserved and the start time not yet reached (spec 5: no cancelling after the start). */
  can_cancel: z.boolean(),
  /** Reserved and the start time reached: the customer may mark the visit done (irreversible). */
  can_mark_visited: z.boolean(),
  /** Cancelled entries can be deleted from the history (then never shown again). */
  can_delete: z.boolean(),
  /** Reserved and before the salon's cut-off: the member may move it (change_user_booking). */
  can_reschedule: z.boolean(),
  /** Until when it may be moved (ISO instant; null unless reserved and not started). */
  reschedule_until: z.string().nullable(),
  /** When it was last moved to another time (null: never). */
  rescheduled_at: z.string().nullable(),
  review: BookingReviewSchema.nullable(),
  /** The try-on look brought to the booking (ADR 059), or null. */
  look: BookingLookSchema.nullable(),
});
export type BookingDetail = z.infer<typeof BookingDetailSchema>;

const BookingIdRequest = z.object({ booking_id: IdSchema });

export const getUserBookingList = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/get_user_booking_list',
  summary:
    "The member's reservations of the last 2 years in one history tab (reserved: soonest first; cancelled, visited: newest first)",
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  request: z.object({
    type: BookingHistoryTabSchema,
    page: PageSchema,
    page_size: PageSizeSchema,
  }),
  response: z.object({
    booking_list: z.array(BookingListItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    has_next: z.boolean(),
  }),
});

export const getUserBookingDetail = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/get_user_booking_detail',
  summary: "One of the member's reservations with items, booker, payment and what can be done next",
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  request: BookingIdRequest,
  response: z.object({ detail: BookingDetailSchema }),
});

export const cancelUserBooking = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/cancel_user_booking',
  summary:
    'Cancel a reservation as the customer (irreversible; refused after its start time: CANCEL_PAST_START)',
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  request: BookingIdRequest,
  response: z.object({ detail: BookingDetailSchema }),
});

export const setUserBookingStatus = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/set_user_booking_status',
  summary:
    'The customer marks the visit done (irreversible; BOOKING_ALREADY_VISITED when it already is)',
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  request: z.object({
    booking_id: IdSchema,
    /** The only transition a customer can make. */
    status: z.literal('visited'),
  }),
  response: z.object({ detail: BookingDetailSchema }),
});

export const deleteUserBooking = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/delete_user_booking',
  summary:
    'Delete a cancelled reservation from the history: never shown to the member again (the shop keeps it)',
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  request: BookingIdRequest,
  response: z.object({ booking_id: z.number().int() }),
});

/** A file part of a multipart body: a Buffer on the server, a File/Blob in the browser. */
const UploadSchema = z.custom<Uint8Array | Blob>(
  (v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob),
  'VALIDATION_FAILED',
);

export const addReview = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/add_review',
  summary:
    'Review a visited reservation once (rating 1–5, text, up to 5 photos as multipart file parts `photos`)',
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  uploads: {
    files: { photos: reviewLimits.photosMax },
    fileBytes: reviewLimits.photoMaxBytes,
  },
  request: z.object({
    booking_id: IdSchema,
    rating: z.coerce.number().int().min(1).max(5),
    body: multiline(z.string().trim().max(reviewLimits.bodyMax)).default(''),
    /** Zero to five image files (JPEG, PNG, WebP, AVIF, GIF); re-encoded to WebP without metadata. */
    photos: z.preprocess(
      (v): unknown[] =>
        v === undefined || v === '' ? [] : Array.isArray(v) ? (v as unknown[]) : [v],
      z.array(UploadSchema).max(reviewLimits.photosMax),
    ),
  }),
  response: z.object({ review: BookingReviewSchema }),
});

/**
 * GET (not a POST contract: the browser downloads it as a file) on the shop base:
 * `${shopBase}${bookingIcsPath}?booking_id=<id>` with the session cookie → text/calendar,
 * `attachment; filename="carol-<number>.ics"`. Only the booking's member; others get NOT_FOUND.
 */
export const bookingIcsPath = '/carol/booking/get_booking_ics';

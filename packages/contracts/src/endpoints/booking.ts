import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { multiline } from '../text.js';
import { CurrencySchema, IdSchema } from '../common.js';
import { isIsoDate, parseClock } from '../booking-rules.js';
import { ShopDesignerSchema, ShopMenuItemSchema } from './shops.js';
import { TelSchema } from './phone.js';
import {
  BookingLookSchema,
  BookingStatusSchema,
  bookingLookKindValues,
  bookingLookLimits,
  paymentMethodValues,
} from './booking-history.js';
import { ConsentSchema } from './consents.js';

// Booking on the shop base (spec sections 2, 4, 5 and 7): the reservation flow's calls.
// check_holiday → holiday_list, get_booking_time → booking_time_list,
// get_booking_staff_and_menu → booking_staff_list + menu_list, get_user_profile → user,
// add_booking → booking. All are POST /shop-api/carol/booking/<name>, envelope `success: true`.
// Dates are calendar dates and times wall-clock times in the SHOP's time zone
// (docs/decisions/015-booking-availability.md).

/** Booking limits the server enforces (and the web app shows). */
export const bookingLimits = {
  /** The last bookable date is today + this many days (shop's zone). */
  maxDaysAhead: 90,
  /** check_holiday answers at most this many days per call. */
  maxHolidayRangeDays: 93,
  maxMenusPerBooking: 10,
  requestNoteMax: 500,
  bookerNameMax: 50,
  /** add_booking retries a transaction after a deadlock or serialization failure this often. */
  transactionRetries: 4,
} as const;

export const BookingDateSchema = z
  .string()
  .trim()
  .refine(isIsoDate, 'VALIDATION_FAILED')
  .describe('YYYY-MM-DD, in the shop time zone');

export const BookingClockSchema = z
  .string()
  .trim()
  .refine((v) => parseClock(v) !== undefined, 'VALIDATION_FAILED')
  .describe('HH:MM, in the shop time zone');

/**
 * Menu ids from form-data: repeated fields (`menu_ids=1&menu_ids=2`), one field, or a
 * comma-separated list ("1,2"). Duplicates are kept out; order is kept.
 */
export const MenuIdsSchema = z.preprocess(
  (value): unknown[] => {
    const raw: unknown[] = Array.isArray(value)
      ? (value as unknown[])
      : value === undefined || value === ''
        ? []
        : [value];
    return raw.flatMap((item): unknown[] =>
      typeof item === 'string'
        ? item
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : [item],
    );
  },
  z
    .array(IdSchema)
    .max(bookingLimits.maxMenusPerBooking)
    .transform((ids) => [...new Set(ids)]),
);

/** An optional id from form-data, where "not chosen" may arrive as an empty field. */
export const OptionalIdSchema = z.preprocess(
  (v) => (v === '' ? undefined : v),
  IdSchema.optional(),
);

/** The two mandatory consents of spec section 5, in the order the screen shows them. */
export const bookingConsentFields = ['agree_personal_info', 'agree_third_party'] as const;

export const PaymentMethodSchema = z.enum(paymentMethodValues);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** Shop facts every availability answer carries, so the screen renders times in the right zone. */
const BookingShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  time_zone: z.string(),
  currency: CurrencySchema,
  /** Slot step in minutes (30 by default). */
  slot_minutes: z.number().int(),
  /** False: "the shop currently cannot take reservations"; every time is unavailable. */
  is_booking_open: z.boolean(),
  /** Today in the shop's zone. */
  today: z.string(),
  /** The last date that can be booked (today + bookingLimits.maxDaysAhead). */
  last_bookable_date: z.string(),
});
export type BookingShop = z.infer<typeof BookingShopSchema>;

// --- check_holiday -----------------------------------------------------------------------------

export const holidayKindValues = [
  'shop_holiday',
  'shop_day_off',
  'designer_holiday',
  'designer_day_off',
] as const;
export const HolidayKindSchema = z.enum(holidayKindValues);
export type HolidayKind = z.infer<typeof HolidayKindSchema>;

export const HolidayItemSchema = z.object({
  date: z.string(),
  /** shop_holiday (a dated closure), shop_day_off (weekly day off), designer_* with designer_id. */
  kind: HolidayKindSchema,
  reason: z.string().nullable(),
});
export type HolidayItem = z.infer<typeof HolidayItemSchema>;

/**
 * Dates the calendar must grey out between start_date and end_date (default: today to the
 * last bookable date): the shop's dated holidays and weekly days off, and with `designer_id`
 * that designer's holidays and days off too. One entry per date (the shop's reason wins).
 */
export const checkHoliday = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/check_holiday',
  summary: 'Closed dates of a shop (and optionally a designer) for the reservation calendar',
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  request: z.object({
    shop_id: IdSchema,
    designer_id: OptionalIdSchema,
    start_date: BookingDateSchema.optional(),
    end_date: BookingDateSchema.optional(),
  }),
  response: z.object({
    shop: BookingShopSchema,
    /** ISO weekdays (1 = Monday .. 7 = Sunday) the shop is closed every week. */
    day_off_weekdays: z.array(z.number().int()),
    holiday_list: z.array(HolidayItemSchema),
  }),
});

// --- get_booking_time --------------------------------------------------------------------------

export const BookingTimeSchema = z.object({
  /** "HH:MM" in the shop's zone. */
  time: z.string(),
  available: z.boolean(),
});
export type BookingTime = z.infer<typeof BookingTimeSchema>;

/**
 * The day's times at the shop's slot step, from opening to closing, each available or not.
 * A time is available when it is in the future and (the chosen designer — or, without one, at
 * least one active designer) works then, is not on holiday and has no active booking
 * overlapping [time, time + duration), and the treatment ends by closing time. The duration
 * is the sum of the chosen menus' durations, or one slot without menus. An empty list means
 * the shop is closed that day.
 */
export const getBookingTime = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/get_booking_time',
  summary: 'Times of one day at the slot step, each available or unavailable',
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  request: z.object({
    shop_id: IdSchema,
    date: BookingDateSchema,
    designer_id: OptionalIdSchema,
    menu_ids: MenuIdsSchema.optional(),
    /**
     * The member's own reserved booking at this shop being moved (reschedule, ADR 057): its
     * current range does not count as busy, so "30 minutes later" is offered. Another's: NOT_FOUND.
     */
    booking_id: OptionalIdSchema,
  }),
  response: z.object({
    shop: BookingShopSchema,
    date: z.string(),
    /** The treatment length the times were computed for. */
    duration_minutes: z.number().int(),
    booking_time_list: z.array(BookingTimeSchema),
  }),
});

// --- get_booking_staff_and_menu ----------------------------------------------------------------

export const BookingStaffSchema = ShopDesignerSchema.extend({
  /** With date + time: whether this designer can take [time, time + duration); else null. */
  available: z.boolean().nullable(),
});
export type BookingStaff = z.infer<typeof BookingStaffSchema>;

/** The shop's active designers and menus; with date + time each designer says if it is free. */
export const getBookingStaffAndMenu = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/get_booking_staff_and_menu',
  summary: "A shop's designers (free or not at the chosen time) and its menus",
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  request: z.object({
    shop_id: IdSchema,
    date: BookingDateSchema.optional(),
    time: BookingClockSchema.optional(),
    menu_ids: MenuIdsSchema.optional(),
  }),
  response: z.object({
    shop: BookingShopSchema,
    booking_staff_list: z.array(BookingStaffSchema),
    menu_list: z.array(ShopMenuItemSchema),
  }),
});

// --- get_user_profile --------------------------------------------------------------------------

export const BookingUserSchema = z.object({
  family_name: z.string(),
  given_name: z.string(),
  /** The booker name to prefill: family + given name as the member's language writes it. */
  name: z.string(),
  /** Displayed form (010-1234-5678), or null. */
  phone: z.string().nullable(),
  /** False: booking is blocked until the phone is verified (send_verification_code). */
  phone_verified: z.boolean(),
  email: z.string().nullable(),
});
export type BookingUser = z.infer<typeof BookingUserSchema>;

export const getUserProfile = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/get_user_profile',
  summary: "The signed-in member's booker name and phone (and whether it is verified)",
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  request: z.object({}),
  response: z.object({ user: BookingUserSchema }),
});

// --- add_booking -------------------------------------------------------------------------------

/** Client-chosen, e.g. a UUID made when the check screen opens; reused on every retry. */
export const IdempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, 'VALIDATION_FAILED');

export const BookingItemSchema = z.object({
  menu_id: z.number().int().nullable(),
  name: z.string(),
  /** Price copied from the menu at booking time, in `currency`. */
  price: z.number().int(),
  duration_minutes: z.number().int(),
});
export type BookingItem = z.infer<typeof BookingItemSchema>;

export const BookingSchema = z.object({
  booking_id: z.number().int(),
  booking_number: z.string(),
  status: BookingStatusSchema,
  shop_id: z.number().int(),
  shop_name: z.string(),
  time_zone: z.string(),
  designer_id: z.number().int(),
  designer_name: z.string(),
  /** Shop-local date and start/end times. */
  date: z.string(),
  time: z.string(),
  end_time: z.string(),
  /** ISO 8601 instants. */
  starts_at: z.string(),
  ends_at: z.string(),
  items: z.array(BookingItemSchema),
  total_price: z.number().int(),
  currency: CurrencySchema,
  booker_name: z.string(),
  booker_phone: z.string(),
  request_note: z.string().nullable(),
  payment_method: PaymentMethodSchema,
  created_at: z.string(),
  look: BookingLookSchema.nullable(),
});
export type Booking = z.infer<typeof BookingSchema>;

/**
 * Reserves [date time, + sum of menu durations) with one designer. Refusals: the shop closed
 * for booking (SHOP_NOT_TAKING_RESERVATIONS), a taken / closed / past time
 * (RESERVATION_UNAVAILABLE — also when another member won the race), the member's phone not
 * verified or not the booker phone (PHONE_NOT_VERIFIED), a consent missing (CONSENT_REQUIRED),
 * a note asking to change the time (REQUEST_NOTE_TIME_CHANGE), no menu or designer
 * (RESERVATION_SELECTION_REQUIRED). Replaying the same idempotency_key returns the first
 * booking (`replayed: true`), never a second one.
 */
export const addBooking = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/add_booking',
  summary: 'Reserve a time with a designer for chosen menus (idempotent by key)',
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  request: z.object({
    shop_id: IdSchema,
    designer_id: OptionalIdSchema,
    date: BookingDateSchema,
    time: BookingClockSchema,
    menu_ids: MenuIdsSchema,
    booker_name: z.string().trim().max(bookingLimits.bookerNameMax),
    booker_phone: TelSchema,
    request_note: multiline(z.string().trim().max(bookingLimits.requestNoteMax)).optional(),
    payment_method: PaymentMethodSchema.default('on_site'),
    agree_personal_info: ConsentSchema,
    agree_third_party: ConsentSchema,
    idempotency_key: IdempotencyKeySchema,
    /**
     * "Book this look": one of the member's own gallery photos (the saved try-on result); the
     * server keeps a copy with the booking. With it, look_kind and look_name are required and
     * look_swatch for a colour. Another member's or a deleted photo: NOT_FOUND.
     */
    look_media_id: OptionalIdSchema,
    look_kind: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(bookingLookKindValues).optional(),
    ),
    look_name: z.string().trim().max(bookingLookLimits.nameMax).optional(),
    look_swatch: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^#[0-9a-f]{6}$/i, 'VALIDATION_FAILED')
        .optional(),
    ),
  }),
  response: z.object({
    booking: BookingSchema,
    /** True when this key had already booked: the answer is that first booking. */
    replayed: z.boolean(),
  }),
});

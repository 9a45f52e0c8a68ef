import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { multiline } from '../text.js';
import { CurrencySchema, FlagSchema, IdSchema } from '../common.js';
import {
  BookingLookSchema,
  BookingStatusSchema,
  cancelOriginValues,
  cancelledByValues,
  paymentMethodValues,
} from './booking-history.js';

/**
 * The salon side of booking ("shop console API"): `Authorization: Bearer <shop console
 * key>`, shop base `/shop-api/console/...`, JSON or form-data. Every call acts on the key's shop
 * only: another shop's designer or booking answers NOT_FOUND like an unknown id.
 */

/** A calendar date "YYYY-MM-DD" in the shop's time zone. */
export const CalendarDateSchema = z.iso.date();
/** A wall-clock time "HH:mm" in the shop's time zone. */
export const WallTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'VALIDATION_FAILED');

export const consoleLimits = {
  /** Longest date range one get_booking_list call may ask for. */
  bookingListMaxDays: 62,
  holidayReasonMax: 200,
  cancelReasonMax: 500,
} as const;

/** JSON arrays of objects arrive as a JSON string in form-data. */
const parseJsonString = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

export const WorkingHourSchema = z.object({
  /** ISO weekday: 1 = Monday .. 7 = Sunday. */
  weekday: z.coerce.number().int().min(1).max(7),
  is_off: FlagSchema.default(false),
  /** Required unless is_off; ends_at after starts_at (checked by the server). */
  starts_at: WallTimeSchema.nullable().optional(),
  ends_at: WallTimeSchema.nullable().optional(),
});
export type WorkingHour = z.infer<typeof WorkingHourSchema>;

export const ConsoleBookingSchema = z.object({
  booking_id: z.number().int(),
  booking_number: z.string(),
  status: BookingStatusSchema,
  designer_id: z.number().int(),
  designer_name: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Shop-local date and time of the start. */
  date: z.string(),
  time: z.string(),
  menu_names: z.array(z.string()),
  booker_name: z.string(),
  booker_phone: z.string(),
  request_note: z.string().nullable(),
  payment_method: z.enum(paymentMethodValues),
  total_price: z.number().int(),
  currency: CurrencySchema,
  cancelled_by: z.enum(cancelledByValues).nullable(),
  cancel_origin: z.enum(cancelOriginValues).nullable(),
  cancelled_at: z.string().nullable(),
  visited_at: z.string().nullable(),
  /**
   * The try-on look the customer booked with (ADR 059), or null; its `url`/`thumb_url` are
   * fetched from the app's origin with this console key (another salon's key: 404).
   */
  look: BookingLookSchema.nullable(),
  /** When the member or the shop last moved it to another time (null: never). */
  rescheduled_at: z.string().nullable(),
});
export type ConsoleBooking = z.infer<typeof ConsoleBookingSchema>;

export const ConsoleScheduleSchema = z.object({
  shop_id: z.number().int(),
  time_zone: z.string(),
  is_booking_open: z.boolean(),
  holidays: z.array(z.object({ date: z.string(), reason: z.string().nullable() })),
  designers: z.array(
    z.object({
      designer_id: z.number().int(),
      name: z.string(),
      is_active: z.boolean(),
      working_hours: z.array(
        z.object({
          weekday: z.number().int(),
          is_off: z.boolean(),
          starts_at: z.string().nullable(),
          ends_at: z.string().nullable(),
        }),
      ),
      holidays: z.array(z.string()),
    }),
  ),
});
export type ConsoleSchedule = z.infer<typeof ConsoleScheduleSchema>;

const consoleBase = { base: 'shop', tag: 'console', access: 'console', envelope: 'shop' } as const;

export const getConsoleSchedule = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/get_schedule',
  summary:
    "The key's shop: booking open or closed, shop holidays from today, each designer's weekly hours and holidays",
  request: z.object({}),
  response: z.object({ schedule: ConsoleScheduleSchema }),
});

export const setShopHoliday = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/set_shop_holiday',
  summary: 'Add (or re-label) a shop holiday on a date; existing bookings are not touched',
  request: z.object({
    date: CalendarDateSchema,
    reason: z.string().trim().max(consoleLimits.holidayReasonMax).optional(),
  }),
  response: z.object({ date: z.string(), reason: z.string().nullable() }),
});

export const deleteShopHoliday = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/delete_shop_holiday',
  summary: 'Remove a shop holiday (NOT_FOUND when the date is not one)',
  request: z.object({ date: CalendarDateSchema }),
  response: z.object({ date: z.string() }),
});

export const setDesignerWorkingHours = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/set_designer_working_hours',
  summary:
    "Set a designer's hours for the given weekdays (others unchanged); `hours` is a JSON array",
  request: z.object({
    designer_id: IdSchema,
    hours: z.preprocess(parseJsonString, z.array(WorkingHourSchema).min(1).max(7)),
  }),
  response: z.object({
    designer_id: z.number().int(),
    working_hours: z.array(
      z.object({
        weekday: z.number().int(),
        is_off: z.boolean(),
        starts_at: z.string().nullable(),
        ends_at: z.string().nullable(),
      }),
    ),
  }),
});

export const setDesignerHoliday = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/set_designer_holiday',
  summary: 'Mark a date as a designer holiday (idempotent)',
  request: z.object({ designer_id: IdSchema, date: CalendarDateSchema }),
  response: z.object({ designer_id: z.number().int(), date: z.string() }),
});

export const deleteDesignerHoliday = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/delete_designer_holiday',
  summary: 'Remove a designer holiday (NOT_FOUND when the date is not one)',
  request: z.object({ designer_id: IdSchema, date: CalendarDateSchema }),
  response: z.object({ designer_id: z.number().int(), date: z.string() }),
});

export const getConsoleBookingList = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/get_booking_list',
  summary:
    "The shop's bookings starting on shop-local dates from..to (inclusive, at most 62 days), by start time",
  request: z.object({
    from: CalendarDateSchema,
    to: CalendarDateSchema,
    status: BookingStatusSchema.optional(),
    designer_id: IdSchema.optional(),
  }),
  response: z.object({ booking_list: z.array(ConsoleBookingSchema) }),
});

export const setBookingVisited = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/set_booking_visited',
  summary:
    'Mark a visit complete (irreversible; not before the start; BOOKING_ALREADY_VISITED when it already is)',
  request: z.object({ booking_id: IdSchema }),
  response: z.object({ booking: ConsoleBookingSchema }),
});

export const cancelBookingByShop = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/cancel_booking',
  summary:
    'Cancel a reserved booking as the shop (cancelled_by shop, origin system; the member gets a notice mail)',
  request: z.object({
    booking_id: IdSchema,
    /** Shown to the member in the notice mail. */
    reason: multiline(z.string().trim().max(consoleLimits.cancelReasonMax)).optional(),
  }),
  response: z.object({ booking: ConsoleBookingSchema }),
});

export const setBookingOpen = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/set_booking_open',
  summary:
    'Close (or reopen) booking temporarily: while closed add_booking answers SHOP_NOT_TAKING_RESERVATIONS',
  request: z.object({ is_booking_open: FlagSchema }),
  response: z.object({ is_booking_open: z.boolean() }),
});

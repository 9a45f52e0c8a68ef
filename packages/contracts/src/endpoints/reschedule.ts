import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema } from '../common.js';
import { BookingClockSchema, BookingDateSchema } from './booking.js';
import { BookingDetailSchema } from './booking-history.js';
import { ConsoleBookingSchema } from './console-booking.js';

/**
 * Reschedule (ADR 057): a reserved booking moves to another free time in the
 * same salon, with the same or another of its designers, keeping its treatments, its id and its
 * booking number. One UPDATE of the booking row, so the overlap constraint decides: the old
 * time is freed only if the new one is taken (RESERVATION_UNAVAILABLE leaves the booking as it
 * was). The member may do so until the salon's cut-off before the current start
 * (RESCHEDULE_PAST_CUTOFF); the salon through its console key while it is reserved.
 * Asking for the time the booking already has answers it unchanged (a retry is safe).
 */
export const rescheduleLimits = {
  /** Default cut-off: up to 60 minutes before the start (Kakao Hairshop: 10 minutes). */
  defaultCutoffMinutes: 60,
  minCutoffMinutes: 10,
  maxCutoffMinutes: 7 * 24 * 60,
} as const;

const MoveRequest = z.object({
  booking_id: IdSchema,
  /** The designer of the new time (the booking's own or another active one of the salon). */
  designer_id: IdSchema,
  date: BookingDateSchema,
  time: BookingClockSchema,
});

export const changeUserBooking = defineEndpoint({
  base: 'shop',
  path: '/carol/booking/change_user_booking',
  summary:
    "Move the member's own reserved booking to another free time (same salon and treatments; same id and number). RESERVATION_UNAVAILABLE: the time is taken, the booking is unchanged; RESCHEDULE_PAST_CUTOFF: too close to the start",
  tag: 'booking',
  access: 'member',
  envelope: 'shop',
  request: MoveRequest,
  response: z.object({
    detail: BookingDetailSchema,
    /** False when the booking already had this designer and time (nothing changed). */
    moved: z.boolean(),
  }),
});

const consoleBase = { base: 'shop', tag: 'console', access: 'console', envelope: 'shop' } as const;

export const moveBookingByShop = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/move_booking',
  summary:
    "Move a reserved booking of the key's shop to another free time (no cut-off; the member gets a mail with the updated calendar event)",
  request: MoveRequest,
  response: z.object({ booking: ConsoleBookingSchema, moved: z.boolean() }),
});

export const RescheduleSettingsSchema = z.object({
  /** The member may move a booking until this many minutes before its start. */
  cutoff_minutes: z.number().int(),
});
export type RescheduleSettings = z.infer<typeof RescheduleSettingsSchema>;

export const getConsoleRescheduleSettings = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/get_reschedule_settings',
  summary: "The key's shop: until how long before the start a member may move a booking",
  request: z.object({}),
  response: z.object({ settings: RescheduleSettingsSchema }),
});

export const setConsoleRescheduleSettings = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/set_reschedule_settings',
  summary: 'Set the cut-off for members moving a booking (10 minutes to 7 days before the start)',
  request: z.object({
    cutoff_minutes: z.coerce
      .number()
      .int()
      .min(rescheduleLimits.minCutoffMinutes)
      .max(rescheduleLimits.maxCutoffMinutes),
  }),
  response: z.object({ settings: RescheduleSettingsSchema }),
});

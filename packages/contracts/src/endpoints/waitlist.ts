import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema } from '../common.js';
import { BookingClockSchema, BookingDateSchema, OptionalIdSchema } from './booking.js';

/**
 * The waitlist (ADR 058): "tell me if a time opens" for a date at a salon, optionally for one
 * designer and a window of start times. When a cancellation frees a matching time, every
 * waiting member is told (e-mail and SMS, in order of joining); the first to book gets it.
 * Shop base, `success: true` envelope like every booking call. Another member's entry answers
 * NOT_FOUND exactly like an unknown id.
 */
export const waitlistLimits = {
  /** Active entries (date not passed, not booked) per member. */
  maxActiveEntries: 10,
} as const;

export const waitlistStatusValues = ['waiting', 'notified', 'booked'] as const;
export const WaitlistStatusSchema = z.enum(waitlistStatusValues);
export type WaitlistStatus = z.infer<typeof WaitlistStatusSchema>;

const OptionalClockSchema = z.preprocess(
  (v) => (v === '' ? undefined : v),
  BookingClockSchema.optional(),
);

export const WaitlistEntrySchema = z.object({
  entry_id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  /** Salon-local date "YYYY-MM-DD". */
  date: z.string(),
  designer_id: z.number().int().nullable(),
  designer_name: z.string().nullable(),
  /** Start times wanted, salon-local "HH:MM", [from, to); both null: any time that day. */
  time_from: z.string().nullable(),
  time_to: z.string().nullable(),
  status: WaitlistStatusSchema,
  created_at: z.string(),
  notified_at: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

const base = { base: 'shop', tag: 'waitlist', access: 'member', envelope: 'shop' } as const;

export const joinWaitlist = defineEndpoint({
  ...base,
  path: '/carol/booking/join_waitlist',
  summary:
    'Be told when a time opens at the salon on a date (optionally a designer and a window of start times); joining again replaces the window',
  /** Both ends of the window or neither, `time_from` before `time_to` (else VALIDATION_FAILED). */
  request: z.object({
    shop_id: IdSchema,
    date: BookingDateSchema,
    designer_id: OptionalIdSchema,
    time_from: OptionalClockSchema,
    time_to: OptionalClockSchema,
  }),
  response: z.object({ entry: WaitlistEntrySchema }),
});

export const getUserWaitlist = defineEndpoint({
  ...base,
  path: '/carol/booking/get_user_waitlist',
  summary: "The member's waitlist entries whose date has not passed, soonest date first",
  request: z.object({}),
  response: z.object({ waitlist: z.array(WaitlistEntrySchema), limit: z.number().int() }),
});

export const leaveWaitlist = defineEndpoint({
  ...base,
  path: '/carol/booking/leave_waitlist',
  summary: 'Stop waiting: removes one of the member’s entries',
  request: z.object({ entry_id: IdSchema }),
  response: z.object({ entry_id: z.number().int() }),
});

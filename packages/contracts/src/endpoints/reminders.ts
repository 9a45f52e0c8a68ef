import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { FlagSchema } from '../common.js';
import { BookingStatusSchema } from './booking-history.js';

/**
 * Booking reminders (ADR 050): by e-mail and SMS before each booking, at the salon's offsets
 * (default 24 h and 2 h), never in the salon's quiet hours (21:00–08:00 local: moved to 08:00).
 * Each reminder carries two signed one-tap links, valid until the booking starts: one shows the
 * booking, one cancels it (after a confirmation step).
 */
export const reminderLimits = {
  /** Default offsets before the start, in minutes. */
  defaultOffsetsMinutes: [24 * 60, 2 * 60],
  minOffsetMinutes: 30,
  maxOffsetMinutes: 7 * 24 * 60,
  maxOffsets: 3,
  /** Quiet hours in the salon's zone: [from, to) as local hours. */
  quietFromHour: 21,
  quietToHour: 8,
} as const;

/** Form-data carries arrays as a JSON string or as repeated fields. */
const parseList = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v.split(',');
  }
};

export const ReminderOffsetsSchema = z.preprocess(
  parseList,
  z
    .array(
      z.coerce
        .number()
        .int()
        .min(reminderLimits.minOffsetMinutes)
        .max(reminderLimits.maxOffsetMinutes),
    )
    .max(reminderLimits.maxOffsets)
    .refine((list) => new Set(list).size === list.length, 'VALIDATION_FAILED'),
);

export const SalonReminderSettingsSchema = z.object({
  is_enabled: z.boolean(),
  /** Minutes before the start, largest first. */
  offsets_minutes: z.array(z.number().int()),
});
export type SalonReminderSettings = z.infer<typeof SalonReminderSettingsSchema>;

const consoleBase = { base: 'shop', tag: 'console', access: 'console', envelope: 'shop' } as const;

export const getConsoleReminderSettings = defineEndpoint({
  ...consoleBase,
  path: '/console/reminders/get_settings',
  summary: "The key's shop: whether reminders are sent and how long before the start",
  request: z.object({}),
  response: z.object({ settings: SalonReminderSettingsSchema }),
});

export const setConsoleReminderSettings = defineEndpoint({
  ...consoleBase,
  path: '/console/reminders/set_settings',
  summary:
    'Switch reminders on or off and set their offsets (30 min to 7 days, at most 3); applies to reminders not yet sent',
  request: z.object({
    is_enabled: FlagSchema,
    offsets_minutes: ReminderOffsetsSchema.optional(),
  }),
  response: z.object({ settings: SalonReminderSettingsSchema }),
});

export const MemberReminderSettingsSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
});
export type MemberReminderSettings = z.infer<typeof MemberReminderSettingsSchema>;

const memberBase = { base: 'main', tag: 'reminders', access: 'member', envelope: 'main' } as const;

export const getReminderSettings = defineEndpoint({
  ...memberBase,
  path: '/carol/mypage/get_reminder_settings',
  summary: "The signed-in member's reminder channels (e-mail, SMS)",
  request: z.object({}),
  response: z.object({ settings: MemberReminderSettingsSchema }),
});

export const setReminderSettings = defineEndpoint({
  ...memberBase,
  path: '/carol/mypage/set_reminder_settings',
  summary: 'Switch reminders by e-mail or SMS on or off (fields left out stay as they are)',
  request: z.object({ email: FlagSchema.optional(), sms: FlagSchema.optional() }),
  response: z.object({ settings: MemberReminderSettingsSchema }),
});

export const reminderLinkPurposeValues = ['view', 'cancel'] as const;
export const ReminderLinkPurposeSchema = z.enum(reminderLinkPurposeValues);
export type ReminderLinkPurpose = z.infer<typeof ReminderLinkPurposeSchema>;

/** A signed one-tap link's token (base64url payload "." base64url HMAC). */
export const ReminderLinkTokenSchema = z
  .string()
  .max(400)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'LINK_INVALID');

export const LinkedBookingSchema = z.object({
  booking_number: z.string(),
  status: BookingStatusSchema,
  shop_name: z.string(),
  designer_name: z.string(),
  starts_at: z.string(),
  /** Salon-local date and time of the start. */
  date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  menu_names: z.array(z.string()),
});
export type LinkedBooking = z.infer<typeof LinkedBookingSchema>;

const linkBase = { base: 'main', tag: 'reminders', access: 'public', envelope: 'main' } as const;

export const getLinkedBooking = defineEndpoint({
  ...linkBase,
  path: '/carol/reminders/get_linked_booking',
  summary:
    "A reminder link's booking, without signing in (LINK_INVALID for a forged, altered or expired link)",
  request: z.object({ token: ReminderLinkTokenSchema }),
  response: z.object({
    purpose: ReminderLinkPurposeSchema,
    /** The link is a cancel link and the booking may still be cancelled. */
    can_cancel: z.boolean(),
    booking: LinkedBookingSchema,
  }),
});

export const cancelByLink = defineEndpoint({
  ...linkBase,
  path: '/carol/reminders/cancel_by_link',
  summary:
    "Cancel the booking of a reminder's cancel link, under the app's rules (never from its start time on)",
  request: z.object({ token: ReminderLinkTokenSchema }),
  response: z.object({ booking: LinkedBookingSchema }),
});

import { boolean, integer, pgTable } from 'drizzle-orm/pg-core';
import { ref, updatedAt } from './columns.js';
import { members } from './members.js';
import { shops } from './shops.js';

/**
 * A salon's booking reminders (ADR 050), set through the console API. No row: the defaults
 * (on; 24 h and 2 h before the start).
 */
export const salonReminderSettings = pgTable('salon_reminder_settings', {
  shopId: ref('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  isEnabled: boolean('is_enabled').notNull().default(true),
  /** Minutes before the start, largest first. */
  offsetsMinutes: integer('offsets_minutes').array().notNull(),
  updatedAt: updatedAt(),
});

/** A member's reminder channels, set in the web settings. No row: both on. */
export const memberReminderSettings = pgTable('member_reminder_settings', {
  memberId: ref('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  sms: boolean('sms').notNull().default(true),
  updatedAt: updatedAt(),
});

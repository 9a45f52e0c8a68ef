import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, unique } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.js';
import { createdAt, id, ref, timestamptz } from './columns.js';
import { designers } from './designers.js';
import { members } from './members.js';
import { shops } from './shops.js';

/**
 * "Tell me if a time opens" (ADR 058): a member waiting for a salon-local date at a salon,
 * optionally for one designer and a window of start times [from, to) in minutes after local
 * midnight. One entry per member, salon, date and designer ("any designer" included: the
 * unique index treats a null designer as a value). Active while its date has not passed and it
 * is not booked; the hourly purge deletes entries whose date is over.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    designerId: ref('designer_id').references(() => designers.id, { onDelete: 'cascade' }),
    windowFromMinutes: integer('window_from_minutes'),
    windowToMinutes: integer('window_to_minutes'),
    createdAt: createdAt(),
    /** The last time a freed slot was announced to this entry. */
    notifiedAt: timestamptz('notified_at'),
    notifyCount: integer('notify_count').notNull().default(0),
    /** The member booked at this salon on this date (with this designer when one is set). */
    bookedAt: timestamptz('booked_at'),
    bookingId: ref('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('waitlist_entries_member_slot_uq')
      .on(t.memberId, t.shopId, t.date, t.designerId)
      .nullsNotDistinct(),
    index('waitlist_entries_shop_date_idx').on(t.shopId, t.date, t.createdAt),
    index('waitlist_entries_member_idx').on(t.memberId, t.date),
    check(
      'waitlist_entries_window_check',
      sql`(${t.windowFromMinutes} is null and ${t.windowToMinutes} is null) or (${t.windowFromMinutes} >= 0 and ${t.windowToMinutes} <= 1440 and ${t.windowFromMinutes} < ${t.windowToMinutes})`,
    ),
  ],
);

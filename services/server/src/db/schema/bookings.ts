import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, currencyValues, id, oneOf, ref, timestamptz, updatedAt } from './columns.js';
import { designers } from './designers.js';
import { members } from './members.js';
import { menus } from './menus.js';
import { shops } from './shops.js';

export const bookingStatusValues = ['reserved', 'visited', 'cancelled'] as const;
export const cancelledByValues = ['customer', 'shop'] as const;
export const cancelOriginValues = ['customer_app', 'system'] as const;
export const paymentMethodValues = ['on_site', 'card', 'cash'] as const;

/**
 * Double booking is made impossible by the `bookings_no_overlap` exclusion constraint
 * (custom migration): same designer, overlapping [starts_at, ends_at), status <> 'cancelled'.
 * Its violation surfaces as SQLSTATE 23P01 (see ../errors.ts).
 *
 * Member, shop and designer references RESTRICT: a booking is the member's history and must
 * never disappear because something it points at was deleted.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    bookingNumber: text('booking_number').notNull(),
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'restrict' }),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    designerId: ref('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'restrict' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    status: text('status', { enum: bookingStatusValues }).notNull().default('reserved'),
    cancelledBy: text('cancelled_by', { enum: cancelledByValues }),
    cancelOrigin: text('cancel_origin', { enum: cancelOriginValues }),
    cancelledAt: timestamptz('cancelled_at'),
    visitedAt: timestamptz('visited_at'),
    bookerName: text('booker_name').notNull(),
    bookerPhone: text('booker_phone').notNull(),
    requestNote: text('request_note'),
    paymentMethod: text('payment_method', { enum: paymentMethodValues })
      .notNull()
      .default('on_site'),
    /** Minor unit of `currency`. */
    totalPrice: integer('total_price').notNull(),
    currency: text('currency', { enum: currencyValues }).notNull(),
    /** Client-chosen key: a retried add_booking returns the first booking instead of a clash. */
    idempotencyKey: text('idempotency_key'),
    /** Set when the member deletes a (cancelled) entry from their history; it stays for the shop. */
    hiddenAt: timestamptz('hidden_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bookings_booking_number_uq').on(t.bookingNumber),
    uniqueIndex('bookings_member_idempotency_uq').on(t.memberId, t.idempotencyKey),
    index('bookings_member_starts_idx').on(t.memberId, t.startsAt.desc()),
    index('bookings_shop_starts_idx').on(t.shopId, t.startsAt),
    index('bookings_designer_starts_idx').on(t.designerId, t.startsAt),
    check('bookings_time_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_status_check', oneOf(t.status, bookingStatusValues)),
    check(
      'bookings_cancelled_by_check',
      sql`${t.cancelledBy} is null or ${oneOf(t.cancelledBy, cancelledByValues)}`,
    ),
    check(
      'bookings_cancel_origin_check',
      sql`${t.cancelOrigin} is null or ${oneOf(t.cancelOrigin, cancelOriginValues)}`,
    ),
    check('bookings_payment_method_check', oneOf(t.paymentMethod, paymentMethodValues)),
    check('bookings_currency_check', oneOf(t.currency, currencyValues)),
    check('bookings_total_price_check', sql`${t.totalPrice} >= 0`),
    check(
      'bookings_cancelled_fields_check',
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} is not null and ${t.cancelledBy} is not null)`,
    ),
    check(
      'bookings_visited_fields_check',
      sql`(${t.status} = 'visited') = (${t.visitedAt} is not null)`,
    ),
  ],
);

/** Name, price and duration are copied from the menu at booking time: later menu edits don't rewrite history. */
export const bookingItems = pgTable(
  'booking_items',
  {
    id: id(),
    bookingId: ref('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    menuId: ref('menu_id').references(() => menus.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
  },
  (t) => [
    index('booking_items_booking_idx').on(t.bookingId),
    index('booking_items_menu_idx').on(t.menuId),
    check('booking_items_price_check', sql`${t.price} >= 0`),
    check('booking_items_duration_check', sql`${t.durationMinutes} > 0`),
  ],
);

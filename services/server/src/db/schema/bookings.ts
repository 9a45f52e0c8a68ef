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
    /**
     * Bumped by every move to another time (ADR 057): the calendar file's SEQUENCE, so a
     * calendar replaces the event of the same UID. Never reset.
     */
    revision: integer('revision').notNull().default(0),
    /** When the booking was last moved (by the member or the shop); null: never. */
    rescheduledAt: timestamptz('rescheduled_at'),
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
    check('bookings_revision_check', sql`${t.revision} >= 0`),
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

export const bookingLookKindValues = ['colour', 'style'] as const;

/**
 * The try-on look a member booked with (ADR 059): a copy of their gallery photo under
 * `looks/<yyyy-mm>/`, made when the booking was made, so deleting the gallery photo later does
 * not take it from the salon. Member and shop are copied from the booking: the media folder's
 * access checks read them without a join. Withdrawal deletes the row (the media sweeper then
 * removes the files).
 */
export const bookingLooks = pgTable(
  'booking_looks',
  {
    bookingId: ref('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: bookingLookKindValues }).notNull(),
    name: text('name').notNull(),
    /** #rrggbb of a colour; null for a style. */
    swatch: text('swatch'),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booking_looks_url_uq').on(t.url),
    uniqueIndex('booking_looks_thumb_url_uq').on(t.thumbUrl),
    index('booking_looks_member_idx').on(t.memberId),
    check('booking_looks_kind_check', oneOf(t.kind, bookingLookKindValues)),
    check('booking_looks_swatch_check', sql`${t.swatch} is null or ${t.swatch} ~ '^#[0-9a-f]{6}$'`),
  ],
);

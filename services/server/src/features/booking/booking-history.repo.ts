import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { BookingHistoryTab, BookingStatus } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import {
  bookingItems,
  bookingLooks,
  bookings,
  designers,
  members,
  reviewPhotos,
  reviews,
  shopImages,
  shops,
} from '../../db/schema/index.js';

/** Every booking read shows its start as the shop's local calendar date and wall time. */
const localDate = sql<string>`to_char(${bookings.startsAt} at time zone ${shops.timeZone}, 'YYYY-MM-DD')`;
const localTime = sql<string>`to_char(${bookings.startsAt} at time zone ${shops.timeZone}, 'HH24:MI')`;

const bookingColumns = {
  id: bookings.id,
  bookingNumber: bookings.bookingNumber,
  memberId: bookings.memberId,
  status: bookings.status,
  shopId: bookings.shopId,
  shopName: shops.name,
  shopAddress: shops.address,
  shopAddressDetail: shops.addressDetail,
  shopPhone: shops.phone,
  timeZone: shops.timeZone,
  designerId: bookings.designerId,
  designerName: designers.name,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  localDate,
  localTime,
  totalPrice: bookings.totalPrice,
  currency: bookings.currency,
  cancelledBy: bookings.cancelledBy,
  cancelOrigin: bookings.cancelOrigin,
  cancelledAt: bookings.cancelledAt,
  visitedAt: bookings.visitedAt,
  bookerName: bookings.bookerName,
  bookerPhone: bookings.bookerPhone,
  requestNote: bookings.requestNote,
  paymentMethod: bookings.paymentMethod,
  createdAt: bookings.createdAt,
  hiddenAt: bookings.hiddenAt,
  revision: bookings.revision,
  rescheduledAt: bookings.rescheduledAt,
  rescheduleCutoffMinutes: shops.rescheduleCutoffMinutes,
};

export type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

function selectBookings(db: Database, where: SQL | undefined) {
  return db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(shops, eq(shops.id, bookings.shopId))
    .innerJoin(designers, eq(designers.id, bookings.designerId))
    .where(where);
}

export interface BookingExtras {
  items: Map<number, Array<typeof bookingItems.$inferSelect>>;
  /** The try-on look brought to the booking (ADR 059). */
  looks: Map<number, typeof bookingLooks.$inferSelect>;
  reviews: Map<
    number,
    {
      id: number;
      rating: number;
      body: string;
      createdAt: Date;
      photos: Array<{ url: string; thumbUrl: string | null }>;
    }
  >;
}

/** Menu items, reviews (with photos) and looks of the given bookings, keyed by booking id. */
export async function extrasOf(db: Database, bookingIds: number[]): Promise<BookingExtras> {
  const extras: BookingExtras = { items: new Map(), reviews: new Map(), looks: new Map() };
  if (bookingIds.length === 0) return extras;
  const [items, reviewRows, lookRows] = await Promise.all([
    db
      .select()
      .from(bookingItems)
      .where(inArray(bookingItems.bookingId, bookingIds))
      .orderBy(asc(bookingItems.id)),
    db
      .select({
        id: reviews.id,
        bookingId: reviews.bookingId,
        rating: reviews.rating,
        body: reviews.body,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(inArray(reviews.bookingId, bookingIds)),
    db.select().from(bookingLooks).where(inArray(bookingLooks.bookingId, bookingIds)),
  ]);
  for (const look of lookRows) extras.looks.set(look.bookingId, look);
  for (const item of items) {
    const list = extras.items.get(item.bookingId) ?? [];
    list.push(item);
    extras.items.set(item.bookingId, list);
  }
  const photos =
    reviewRows.length === 0
      ? []
      : await db
          .select()
          .from(reviewPhotos)
          .where(
            inArray(
              reviewPhotos.reviewId,
              reviewRows.map((r) => r.id),
            ),
          )
          .orderBy(asc(reviewPhotos.sort), asc(reviewPhotos.id));
  for (const r of reviewRows) {
    extras.reviews.set(r.bookingId, {
      id: r.id,
      rating: r.rating,
      body: r.body,
      createdAt: r.createdAt,
      photos: photos
        .filter((p) => p.reviewId === r.id)
        .map((p) => ({ url: p.url, thumbUrl: p.thumbUrl })),
    });
  }
  return extras;
}

// --- the member's history -------------------------------------------------------------------

/** What the member may see: their own, not deleted from their history. */
const visibleTo = (memberId: number) =>
  and(eq(bookings.memberId, memberId), isNull(bookings.hiddenAt));

export async function listMemberBookings(
  db: Database,
  query: { memberId: number; tab: BookingHistoryTab; since: Date; page: number; pageSize: number },
) {
  const where = and(
    visibleTo(query.memberId),
    eq(bookings.status, query.tab),
    gte(bookings.startsAt, query.since),
  );
  // Upcoming reservations soonest first; finished ones newest first.
  const order =
    query.tab === 'reserved'
      ? [asc(bookings.startsAt), asc(bookings.id)]
      : [desc(bookings.startsAt), desc(bookings.id)];
  const [rows, [total]] = await Promise.all([
    selectBookings(db, where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Still ahead for the member: reserved and not ended yet. A booking under way counts (the member
 * is in the chair; my page says "today"); one that ended stays in the history's reserved tab
 * until a visit is marked, but is no longer "next".
 */
const upcomingFor = (memberId: number, now: Date) =>
  and(visibleTo(memberId), eq(bookings.status, 'reserved'), gt(bookings.endsAt, now));

/** The member's next reservation (soonest start first) and how many are ahead in all. */
export async function upcomingMemberBookings(db: Database, memberId: number, now: Date) {
  const [[next], [total]] = await Promise.all([
    selectBookings(db, upcomingFor(memberId, now))
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .limit(1),
    db.select({ n: count() }).from(bookings).where(upcomingFor(memberId, now)),
  ]);
  return { next, total: total?.n ?? 0 };
}

/** The shop's first image (by sort), for a booking card. */
export async function shopThumbnailOf(db: Database, shopId: number): Promise<string | null> {
  const [row] = await db
    .select({ url: shopImages.url })
    .from(shopImages)
    .where(eq(shopImages.shopId, shopId))
    .orderBy(asc(shopImages.sort), asc(shopImages.id))
    .limit(1);
  return row?.url ?? null;
}

/** The member's booking, or undefined when it is someone else's, unknown or deleted by them. */
export async function findMemberBooking(db: Database, memberId: number, bookingId: number) {
  const [row] = await selectBookings(db, and(eq(bookings.id, bookingId), visibleTo(memberId)));
  return row;
}

export async function findShopBooking(db: Database, shopId: number, bookingId: number) {
  const [row] = await selectBookings(
    db,
    and(eq(bookings.id, bookingId), eq(bookings.shopId, shopId)),
  );
  return row;
}

export async function findBookingById(db: Database, bookingId: number) {
  const [row] = await selectBookings(db, eq(bookings.id, bookingId));
  return row;
}

/**
 * reserved → cancelled, only while the start is still ahead when the customer does it. One
 * conditional UPDATE: two racing requests cannot both win, and nothing else is locked.
 */
export async function cancelBooking(
  db: Database,
  scope: { memberId: number } | { shopId: number },
  bookingId: number,
  now: Date,
): Promise<boolean> {
  const byCustomer = 'memberId' in scope;
  const rows = await db
    .update(bookings)
    .set({
      status: 'cancelled',
      cancelledBy: byCustomer ? 'customer' : 'shop',
      cancelOrigin: byCustomer ? 'customer_app' : 'system',
      cancelledAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, 'reserved'),
        byCustomer ? visibleTo(scope.memberId) : eq(bookings.shopId, scope.shopId),
        byCustomer ? sql`${bookings.startsAt} > ${now}` : undefined,
      ),
    )
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** reserved → visited, once the start time is reached. Irreversible: nothing sets it back. */
export async function markVisited(
  db: Database,
  scope: { memberId: number } | { shopId: number },
  bookingId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ status: 'visited', visitedAt: now, updatedAt: now })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.status, 'reserved'),
        'memberId' in scope ? visibleTo(scope.memberId) : eq(bookings.shopId, scope.shopId),
        lte(bookings.startsAt, now),
      ),
    )
    .returning({ id: bookings.id });
  return rows.length > 0;
}

/** Hides a cancelled entry from the member's history for good (the shop keeps the record). */
export async function hideCancelledBooking(
  db: Database,
  memberId: number,
  bookingId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(bookings)
    .set({ hiddenAt: now, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), visibleTo(memberId), eq(bookings.status, 'cancelled')))
    .returning({ id: bookings.id });
  return rows.length > 0;
}

// --- mail ---------------------------------------------------------------------------------

export async function memberContactOf(db: Database, memberId: number) {
  const [row] = await db
    .select({
      email: members.email,
      language: members.language,
      status: members.status,
      familyName: members.familyName,
      givenName: members.givenName,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

/** Bookings starting on shop-local dates [from, to], by start. */
export async function listShopBookings(
  db: Database,
  query: {
    shopId: number;
    from: string;
    to: string;
    status?: BookingStatus | undefined;
    designerId?: number | undefined;
  },
) {
  const startOfFrom = sql`(${query.from}::date)::timestamp at time zone ${shops.timeZone}`;
  const startOfAfterTo = sql`((${query.to}::date + 1))::timestamp at time zone ${shops.timeZone}`;
  return selectBookings(
    db,
    and(
      eq(bookings.shopId, query.shopId),
      sql`${bookings.startsAt} >= ${startOfFrom}`,
      sql`${bookings.startsAt} < ${startOfAfterTo}`,
      query.status ? eq(bookings.status, query.status) : undefined,
      query.designerId ? eq(bookings.designerId, query.designerId) : undefined,
    ),
  ).orderBy(asc(bookings.startsAt), asc(bookings.id));
}

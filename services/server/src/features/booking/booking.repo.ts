import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Server } from '@carol/contracts';
import type { Database, DbTransaction } from '../../db/index.js';
import {
  bookingItems,
  bookings,
  designerHolidays,
  designers,
  designerWorkingHours,
  members,
  menus,
  shopBusinessHours,
  shopHolidays,
  shops,
} from '../../db/schema/index.js';

type Db = Database | DbTransaction;

export type ShopRow = typeof shops.$inferSelect;
export type DesignerRow = typeof designers.$inferSelect;
export type MenuRow = typeof menus.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type BookingItemRow = typeof bookingItems.$inferSelect;

/** A shop of the request's server (another server's shop is NOT_FOUND like an unknown id). */
export async function findShop(db: Db, server: Server, shopId: number): Promise<ShopRow | null> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.server, server)))
    .limit(1);
  return row ?? null;
}

/** The shop's active menus among `ids` (fewer rows than ids: some are not bookable here). */
export async function findActiveMenus(db: Db, shopId: number, ids: number[]): Promise<MenuRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(menus)
    .where(and(eq(menus.shopId, shopId), eq(menus.isActive, true), inArray(menus.id, ids)));
}

export async function findMemberProfile(db: Db, memberId: number) {
  const [row] = await db
    .select({
      familyName: members.familyName,
      givenName: members.givenName,
      email: members.email,
      phone: members.phone,
      phoneVerifiedAt: members.phoneVerifiedAt,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row ?? null;
}

export interface NewBooking {
  bookingNumber: string;
  memberId: number;
  shopId: number;
  designerId: number;
  startsAt: Date;
  endsAt: Date;
  bookerName: string;
  bookerPhone: string;
  requestNote: string | null;
  paymentMethod: BookingRow['paymentMethod'];
  totalPrice: number;
  currency: BookingRow['currency'];
  idempotencyKey: string;
}

export interface NewBookingItem {
  menuId: number;
  name: string;
  price: number;
  durationMinutes: number;
}

/** The first key of the advisory locks on a designer's schedule (the second is the designer). */
const designerScheduleLock = 0x0b00c;

/**
 * Queues the transactions that book the same designer (until commit or rollback). Without it,
 * concurrent inserts check the exclusion constraint against each other's uncommitted rows and
 * can deadlock again and again (each cycle costs deadlock_timeout, and a request could lose all
 * its retries); queued, the later ones see the committed booking and fail the constraint cleanly.
 */
export async function lockDesignerSchedule(tx: DbTransaction, designerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${designerScheduleLock}, ${designerId})`);
}

/** Inserts the booking and its items; the exclusion constraint refuses an overlap (23P01). */
export async function insertBooking(
  tx: DbTransaction,
  booking: NewBooking,
  items: NewBookingItem[],
): Promise<BookingRow> {
  const [row] = await tx.insert(bookings).values(booking).returning();
  if (!row) throw new Error('insert returned no row');
  await tx.insert(bookingItems).values(items.map((item) => ({ ...item, bookingId: row.id })));
  return row;
}

export async function findBookingByKey(
  db: Db,
  memberId: number,
  idempotencyKey: string,
): Promise<BookingRow | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.memberId, memberId), eq(bookings.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

/** What presenting a booking needs besides its row: items, shop and designer names. */
export async function loadBookingParts(db: Db, booking: BookingRow) {
  const [items, [shop], [designer]] = await Promise.all([
    db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, booking.id))
      .orderBy(asc(bookingItems.id)),
    db
      .select({ name: shops.name, timeZone: shops.timeZone })
      .from(shops)
      .where(eq(shops.id, booking.shopId)),
    db.select({ name: designers.name }).from(designers).where(eq(designers.id, booking.designerId)),
  ]);
  if (!shop || !designer) throw new Error(`booking ${booking.id} lost its shop or designer`);
  return { items, shop, designer };
}

// --- one-round-trip schedule loads (the hot path of get_booking_time) --------------------------
// drizzle writes a column of the single selected table unqualified ("id"), which inside these
// subqueries would mean the subquery's own id: the outer row is named explicitly instead.

export interface ShopWithSchedule {
  shop: ShopRow;
  hours: { weekday: number; start: string | null; end: string | null; off: boolean }[];
  holidays: { date: string; reason: string | null }[];
}

/**
 * The shop (of the request's server) with its weekly hours and its holidays in [from, to], in
 * one query. Null when there is no such shop.
 */
export async function findShopWithSchedule(
  db: Db,
  server: Server,
  shopId: number,
  from: string,
  to: string,
): Promise<ShopWithSchedule | null> {
  const [row] = await db
    .select({
      shop: shops,
      hours: sql<ShopWithSchedule['hours']>`coalesce((
        select json_agg(json_build_object('weekday', h.weekday, 'start', h.opens_at::text,
          'end', h.closes_at::text, 'off', h.is_day_off))
        from ${shopBusinessHours} h where h.shop_id = "shops"."id"), '[]'::json)`,
      holidays: sql<ShopWithSchedule['holidays']>`coalesce((
        select json_agg(json_build_object('date', x.date::text, 'reason', x.reason) order by x.date)
        from ${shopHolidays} x
        where x.shop_id = "shops"."id" and x.date between ${from}::date and ${to}::date), '[]'::json)`,
    })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.server, server)))
    .limit(1);
  return row ?? null;
}

export interface DesignerWithSchedule {
  designer: DesignerRow;
  hours: { weekday: number; start: string | null; end: string | null; off: boolean }[];
  holidays: string[];
  /** Active bookings overlapping the span, as [startsAt, endsAt) epoch milliseconds. */
  busy: [number, number][];
}

/**
 * The shop's active designers (or just `designerId`, when it is one of them) with their weekly
 * hours, holidays in [from, to] and active bookings overlapping [spanStart, spanEnd), in one
 * query, in display order.
 */
export async function listDesignersWithSchedule(
  db: Db,
  shopId: number,
  range: { from: string; to: string; spanStart: Date; spanEnd: Date },
  options: { designerId?: number; withBusy: boolean },
): Promise<DesignerWithSchedule[]> {
  const busy = options.withBusy
    ? sql<DesignerWithSchedule['busy']>`coalesce((
        select json_agg(json_build_array(
          (extract(epoch from b.starts_at) * 1000)::float8,
          (extract(epoch from b.ends_at) * 1000)::float8))
        from ${bookings} b
        where b.designer_id = "designers"."id" and b.status <> 'cancelled'
          and b.starts_at < ${range.spanEnd.toISOString()}::timestamptz
          and b.ends_at > ${range.spanStart.toISOString()}::timestamptz), '[]'::json)`
    : sql<DesignerWithSchedule['busy']>`'[]'::json`;
  return db
    .select({
      designer: designers,
      hours: sql<DesignerWithSchedule['hours']>`coalesce((
        select json_agg(json_build_object('weekday', w.weekday, 'start', w.starts_at::text,
          'end', w.ends_at::text, 'off', w.is_off))
        from ${designerWorkingHours} w where w.designer_id = "designers"."id"), '[]'::json)`,
      holidays: sql<string[]>`coalesce((
        select json_agg(x.date::text) from ${designerHolidays} x
        where x.designer_id = "designers"."id"
          and x.date between ${range.from}::date and ${range.to}::date), '[]'::json)`,
      busy,
    })
    .from(designers)
    .where(
      and(
        eq(designers.shopId, shopId),
        eq(designers.isActive, true),
        options.designerId === undefined ? undefined : eq(designers.id, options.designerId),
      ),
    )
    .orderBy(asc(designers.sort), asc(designers.id));
}

// --- reschedule (ADR 057) ------------------------------------------------------------------

export async function findShopById(db: Db, shopId: number): Promise<ShopRow | null> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  return row ?? null;
}

export interface BookingMove {
  bookingId: number;
  /** The designer and start the booking was read with: a concurrent change makes it a no-op. */
  from: { designerId: number; startsAt: Date };
  to: { designerId: number; startsAt: Date; endsAt: Date };
  scope: { memberId: number } | { shopId: number };
  now: Date;
}

/**
 * Moves a reserved booking with ONE UPDATE of its row (same id, number, items), bumping its
 * revision; the exclusion constraint refuses an overlap (23P01) and then nothing changed. Null
 * when the booking is no longer reserved, not in scope, or not where it was read.
 */
export async function moveBooking(tx: DbTransaction, move: BookingMove) {
  const [row] = await tx
    .update(bookings)
    .set({
      designerId: move.to.designerId,
      startsAt: move.to.startsAt,
      endsAt: move.to.endsAt,
      revision: sql`${bookings.revision} + 1`,
      rescheduledAt: move.now,
      updatedAt: move.now,
    })
    .where(
      and(
        eq(bookings.id, move.bookingId),
        eq(bookings.status, 'reserved'),
        eq(bookings.designerId, move.from.designerId),
        eq(bookings.startsAt, move.from.startsAt),
        'memberId' in move.scope
          ? and(eq(bookings.memberId, move.scope.memberId), isNull(bookings.hiddenAt))
          : eq(bookings.shopId, move.scope.shopId),
      ),
    )
    .returning({ id: bookings.id, revision: bookings.revision });
  return row ?? null;
}

/** The salon's reschedule cut-off; false when there is no such shop. */
export async function setRescheduleCutoff(
  db: Db,
  shopId: number,
  minutes: number,
): Promise<boolean> {
  const rows = await db
    .update(shops)
    .set({ rescheduleCutoffMinutes: minutes })
    .where(eq(shops.id, shopId))
    .returning({ id: shops.id });
  return rows.length > 0;
}

// --- the salon's booking notices (ADR 062) ------------------------------------------------

/** Where and in which language the shop of `bookingId` is told (null: no such booking). */
export async function salonNoticeOfBooking(db: Db, bookingId: number) {
  const [row] = await db
    .select({
      shopId: shops.id,
      server: shops.server,
      email: shops.noticeEmail,
      language: shops.noticeLanguage,
    })
    .from(bookings)
    .innerJoin(shops, eq(shops.id, bookings.shopId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row ?? null;
}

/** Sets the shop's notice address (null: off) and, when given, its language; null: no shop. */
export async function setSalonNotice(
  db: Db,
  shopId: number,
  notice: { email: string | null; language?: ShopRow['noticeLanguage'] | undefined },
): Promise<ShopRow | null> {
  const [row] = await db
    .update(shops)
    .set({
      noticeEmail: notice.email,
      ...(notice.language ? { noticeLanguage: notice.language } : {}),
    })
    .where(eq(shops.id, shopId))
    .returning();
  return row ?? null;
}

export async function designerNameOf(db: Db, designerId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: designers.name })
    .from(designers)
    .where(eq(designers.id, designerId))
    .limit(1);
  return row?.name ?? null;
}

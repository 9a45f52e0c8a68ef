import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database, DbTransaction } from '../../db/index.js';
import {
  bookings,
  designers,
  memberReminderSettings,
  members,
  shops,
  waitlistEntries,
} from '../../db/schema/index.js';

type Db = Database | DbTransaction;

export async function findShop(db: Db, shopId: number) {
  const [row] = await db
    .select({
      id: shops.id,
      name: shops.name,
      server: shops.server,
      timeZone: shops.timeZone,
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row;
}

export async function findActiveDesigner(db: Db, shopId: number, designerId: number) {
  const [row] = await db
    .select({ id: designers.id, name: designers.name })
    .from(designers)
    .where(
      and(eq(designers.id, designerId), eq(designers.shopId, shopId), eq(designers.isActive, true)),
    );
  return row;
}

/** The salon-local date of `now` at the entry's salon: an entry is active until it is past. */
const localToday = (now: Date) =>
  sql`(${now.toISOString()}::timestamptz at time zone ${shops.timeZone})::date`;

/** Serialises one member's joins, so the limit holds under parallel requests. */
export async function lockMember(tx: DbTransaction, memberId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${members} where ${members.id} = ${memberId} for update`);
}

export async function countActive(db: Db, memberId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .innerJoin(shops, eq(shops.id, waitlistEntries.shopId))
    .where(
      and(
        eq(waitlistEntries.memberId, memberId),
        isNull(waitlistEntries.bookedAt),
        sql`${waitlistEntries.date} >= ${localToday(now)}`,
      ),
    );
  return row?.n ?? 0;
}

export interface EntryKey {
  memberId: number;
  shopId: number;
  date: string;
  designerId: number | null;
}

const keyIs = (key: EntryKey) =>
  and(
    eq(waitlistEntries.memberId, key.memberId),
    eq(waitlistEntries.shopId, key.shopId),
    eq(waitlistEntries.date, key.date),
    key.designerId === null
      ? isNull(waitlistEntries.designerId)
      : eq(waitlistEntries.designerId, key.designerId),
  );

export async function findEntry(db: Db, key: EntryKey) {
  const [row] = await db.select().from(waitlistEntries).where(keyIs(key));
  return row;
}

export async function insertEntry(
  db: Db,
  key: EntryKey,
  window: { from: number | null; to: number | null },
): Promise<number> {
  const [row] = await db
    .insert(waitlistEntries)
    .values({ ...key, windowFromMinutes: window.from, windowToMinutes: window.to })
    .returning({ id: waitlistEntries.id });
  return row!.id;
}

/** Joining again keeps the place in line (created_at) and waits again with the new window. */
export async function rewaitEntry(
  db: Db,
  entryId: number,
  window: { from: number | null; to: number | null },
): Promise<void> {
  await db
    .update(waitlistEntries)
    .set({
      windowFromMinutes: window.from,
      windowToMinutes: window.to,
      bookedAt: null,
      bookingId: null,
    })
    .where(eq(waitlistEntries.id, entryId));
}

const entryView = {
  id: waitlistEntries.id,
  shopId: waitlistEntries.shopId,
  shopName: shops.name,
  date: waitlistEntries.date,
  designerId: waitlistEntries.designerId,
  designerName: designers.name,
  windowFromMinutes: waitlistEntries.windowFromMinutes,
  windowToMinutes: waitlistEntries.windowToMinutes,
  createdAt: waitlistEntries.createdAt,
  notifiedAt: waitlistEntries.notifiedAt,
  bookedAt: waitlistEntries.bookedAt,
};
export type EntryView = Awaited<ReturnType<typeof listMemberEntries>>[number];

/** The member's entries whose date has not passed at their salon, soonest date first. */
export async function listMemberEntries(db: Db, memberId: number, now: Date, entryId?: number) {
  return db
    .select(entryView)
    .from(waitlistEntries)
    .innerJoin(shops, eq(shops.id, waitlistEntries.shopId))
    .leftJoin(designers, eq(designers.id, waitlistEntries.designerId))
    .where(
      and(
        eq(waitlistEntries.memberId, memberId),
        entryId === undefined
          ? sql`${waitlistEntries.date} >= ${localToday(now)}`
          : eq(waitlistEntries.id, entryId),
      ),
    )
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

export async function deleteMemberEntry(db: Db, memberId: number, entryId: number) {
  const rows = await db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.memberId, memberId)))
    .returning({ id: waitlistEntries.id });
  return rows.length > 0;
}

export async function hasWaiting(db: Db, shopId: number, date: string): Promise<boolean> {
  const rows = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.shopId, shopId),
        eq(waitlistEntries.date, date),
        isNull(waitlistEntries.bookedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The entries waiting for `date` at the salon that a time of `designerId` can answer (any
 * designer, or that one), in the order they joined, with the member's channels.
 */
export async function waitingEntries(db: Db, shopId: number, date: string, designerId: number) {
  return db
    .select({
      id: waitlistEntries.id,
      memberId: waitlistEntries.memberId,
      windowFromMinutes: waitlistEntries.windowFromMinutes,
      windowToMinutes: waitlistEntries.windowToMinutes,
      email: members.email,
      /** SMS only to a verified number. */
      phone: sql<
        string | null
      >`case when ${members.phoneVerifiedAt} is not null then ${members.phone} end`,
      language: members.language,
      status: members.status,
      familyName: members.familyName,
      givenName: members.givenName,
      byEmail: sql<boolean>`coalesce(${memberReminderSettings.email}, true)`,
      bySms: sql<boolean>`coalesce(${memberReminderSettings.sms}, true)`,
    })
    .from(waitlistEntries)
    .innerJoin(members, eq(members.id, waitlistEntries.memberId))
    .leftJoin(memberReminderSettings, eq(memberReminderSettings.memberId, members.id))
    .where(
      and(
        eq(waitlistEntries.shopId, shopId),
        eq(waitlistEntries.date, date),
        isNull(waitlistEntries.bookedAt),
        or(isNull(waitlistEntries.designerId), eq(waitlistEntries.designerId, designerId)),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

export async function markNotified(db: Db, entryId: number, now: Date): Promise<void> {
  await db
    .update(waitlistEntries)
    .set({ notifiedAt: now, notifyCount: sql`${waitlistEntries.notifyCount} + 1` })
    .where(eq(waitlistEntries.id, entryId));
}

/**
 * The booking's member stops waiting at its salon on its local date (for any designer, or for
 * the booked one).
 */
export async function markBooked(db: Db, bookingId: number, now: Date): Promise<number> {
  const rows = await db
    .update(waitlistEntries)
    .set({ bookedAt: now, bookingId })
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(waitlistEntries.memberId, bookings.memberId),
        eq(waitlistEntries.shopId, bookings.shopId),
        isNull(waitlistEntries.bookedAt),
        or(isNull(waitlistEntries.designerId), eq(waitlistEntries.designerId, bookings.designerId)),
        sql`${waitlistEntries.date} = (${bookings.startsAt} at time zone (select ${shops.timeZone} from ${shops} where ${shops.id} = ${bookings.shopId}))::date`,
      ),
    )
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

export async function findBookingSlot(db: Db, bookingId: number) {
  const [row] = await db
    .select({
      shopId: bookings.shopId,
      designerId: bookings.designerId,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row;
}

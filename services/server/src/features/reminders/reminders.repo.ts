import { asc, eq, sql } from 'drizzle-orm';
import type { Database, DbTransaction } from '../../db/index.js';
import {
  bookingItems,
  bookings,
  designers,
  memberReminderSettings,
  members,
  salonReminderSettings,
  shops,
} from '../../db/schema/index.js';

type Db = Database | DbTransaction;

/** A booking as a reminder and its links show it. */
export async function findReminderBooking(db: Db, bookingId: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      bookingNumber: bookings.bookingNumber,
      memberId: bookings.memberId,
      shopId: bookings.shopId,
      status: bookings.status,
      startsAt: bookings.startsAt,
      bookerName: bookings.bookerName,
      bookerPhone: bookings.bookerPhone,
      shopName: shops.name,
      timeZone: shops.timeZone,
      designerName: designers.name,
      localDate: sql<string>`to_char(${bookings.startsAt} at time zone ${shops.timeZone}, 'YYYY-MM-DD')`,
      localTime: sql<string>`to_char(${bookings.startsAt} at time zone ${shops.timeZone}, 'HH24:MI')`,
    })
    .from(bookings)
    .innerJoin(shops, eq(shops.id, bookings.shopId))
    .innerJoin(designers, eq(designers.id, bookings.designerId))
    .where(eq(bookings.id, bookingId));
  if (!row) return undefined;
  const items = await db
    .select({ name: bookingItems.name })
    .from(bookingItems)
    .where(eq(bookingItems.bookingId, bookingId))
    .orderBy(asc(bookingItems.id));
  return { ...row, menuNames: items.map((i) => i.name) };
}
export type ReminderBooking = NonNullable<Awaited<ReturnType<typeof findReminderBooking>>>;

export async function memberOf(db: Db, memberId: number) {
  const [row] = await db
    .select({
      email: members.email,
      language: members.language,
      status: members.status,
    })
    .from(members)
    .where(eq(members.id, memberId));
  return row;
}

export async function salonSettingsOf(db: Db, shopId: number) {
  const [row] = await db
    .select()
    .from(salonReminderSettings)
    .where(eq(salonReminderSettings.shopId, shopId));
  return row;
}

export async function saveSalonSettings(
  db: Db,
  shopId: number,
  values: { isEnabled: boolean; offsetsMinutes: number[] },
) {
  const [row] = await db
    .insert(salonReminderSettings)
    .values({ shopId, ...values })
    .onConflictDoUpdate({
      target: salonReminderSettings.shopId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function memberSettingsOf(db: Db, memberId: number) {
  const [row] = await db
    .select()
    .from(memberReminderSettings)
    .where(eq(memberReminderSettings.memberId, memberId));
  return row;
}

export async function saveMemberSettings(
  db: Db,
  memberId: number,
  values: { email: boolean; sms: boolean },
) {
  const [row] = await db
    .insert(memberReminderSettings)
    .values({ memberId, ...values })
    .onConflictDoUpdate({
      target: memberReminderSettings.memberId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export type SalonSettingsRow = typeof salonReminderSettings.$inferSelect;
export type MemberSettingsRow = typeof memberReminderSettings.$inferSelect;

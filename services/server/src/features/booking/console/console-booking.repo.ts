import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/index.js';
import {
  designerHolidays,
  designers,
  designerWorkingHours,
  shopHolidays,
  shops,
} from '../../../db/schema/index.js';

// The salon's schedule: holidays, designers' working hours and days off, taking bookings or not.

export async function shopOf(db: Database, shopId: number) {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId));
  return row;
}

export async function localTodayOf(db: Database, shopId: number): Promise<string> {
  const [row] = await db
    .select({ today: sql<string>`to_char(now() at time zone ${shops.timeZone}, 'YYYY-MM-DD')` })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row?.today ?? new Date().toISOString().slice(0, 10);
}

export async function scheduleOf(db: Database, shopId: number, fromDate: string) {
  const [holidays, designerRows] = await Promise.all([
    db
      .select({ date: shopHolidays.date, reason: shopHolidays.reason })
      .from(shopHolidays)
      .where(and(eq(shopHolidays.shopId, shopId), gte(shopHolidays.date, fromDate)))
      .orderBy(asc(shopHolidays.date)),
    db
      .select({ id: designers.id, name: designers.name, isActive: designers.isActive })
      .from(designers)
      .where(eq(designers.shopId, shopId))
      .orderBy(asc(designers.sort), asc(designers.id)),
  ]);
  const ids = designerRows.map((d) => d.id);
  const [hours, days] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(designerWorkingHours)
            .where(inArray(designerWorkingHours.designerId, ids))
            .orderBy(asc(designerWorkingHours.weekday)),
          db
            .select()
            .from(designerHolidays)
            .where(
              and(inArray(designerHolidays.designerId, ids), gte(designerHolidays.date, fromDate)),
            )
            .orderBy(asc(designerHolidays.date)),
        ]);
  return { holidays, designers: designerRows, hours, days };
}

export async function upsertShopHoliday(
  db: Database,
  shopId: number,
  date: string,
  reason: string | null,
) {
  const [row] = await db
    .insert(shopHolidays)
    .values({ shopId, date, reason })
    .onConflictDoUpdate({
      target: [shopHolidays.shopId, shopHolidays.date],
      set: { reason },
    })
    .returning();
  return row!;
}

export async function deleteShopHoliday(db: Database, shopId: number, date: string) {
  const rows = await db
    .delete(shopHolidays)
    .where(and(eq(shopHolidays.shopId, shopId), eq(shopHolidays.date, date)))
    .returning({ id: shopHolidays.id });
  return rows.length > 0;
}

export async function designerOfShop(db: Database, shopId: number, designerId: number) {
  const [row] = await db
    .select({ id: designers.id })
    .from(designers)
    .where(and(eq(designers.id, designerId), eq(designers.shopId, shopId)));
  return row;
}

export async function upsertWorkingHours(
  db: Database,
  designerId: number,
  hours: Array<{ weekday: number; isOff: boolean; startsAt: string | null; endsAt: string | null }>,
) {
  await db.transaction(async (tx) => {
    for (const h of hours) {
      await tx
        .insert(designerWorkingHours)
        .values({ designerId, ...h })
        .onConflictDoUpdate({
          target: [designerWorkingHours.designerId, designerWorkingHours.weekday],
          set: { isOff: h.isOff, startsAt: h.startsAt, endsAt: h.endsAt },
        });
    }
  });
  return db
    .select()
    .from(designerWorkingHours)
    .where(eq(designerWorkingHours.designerId, designerId))
    .orderBy(asc(designerWorkingHours.weekday));
}

export async function insertDesignerHoliday(db: Database, designerId: number, date: string) {
  await db.insert(designerHolidays).values({ designerId, date }).onConflictDoNothing();
}

export async function deleteDesignerHoliday(db: Database, designerId: number, date: string) {
  const rows = await db
    .delete(designerHolidays)
    .where(and(eq(designerHolidays.designerId, designerId), eq(designerHolidays.date, date)))
    .returning({ id: designerHolidays.id });
  return rows.length > 0;
}

export async function setBookingOpen(db: Database, shopId: number, open: boolean) {
  await db
    .update(shops)
    .set({ isBookingOpen: open, updatedAt: new Date() })
    .where(eq(shops.id, shopId));
}

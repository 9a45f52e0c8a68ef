import { and, asc, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Server } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import {
  designers,
  menus,
  notices,
  shopBusinessHours,
  shopHolidays,
  shopImages,
  shops,
} from '../../db/schema/index.js';

export async function findShopRow(db: Database, server: Server, shopId: number) {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.server, server)))
    .limit(1);
  return row;
}

/** Today's date (YYYY-MM-DD) in an IANA zone. */
export function localDate(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function loadShopParts(db: Database, shopId: number, from: string, to: string) {
  const [images, hours, holidays, noticeRows, designerRows] = await Promise.all([
    db
      .select({ url: shopImages.url })
      .from(shopImages)
      .where(eq(shopImages.shopId, shopId))
      .orderBy(asc(shopImages.sort), asc(shopImages.id)),
    db
      .select()
      .from(shopBusinessHours)
      .where(eq(shopBusinessHours.shopId, shopId))
      .orderBy(asc(shopBusinessHours.weekday)),
    db
      .select({ date: shopHolidays.date, reason: shopHolidays.reason })
      .from(shopHolidays)
      .where(
        and(
          eq(shopHolidays.shopId, shopId),
          gte(shopHolidays.date, from),
          lte(shopHolidays.date, to),
        ),
      )
      .orderBy(asc(shopHolidays.date)),
    db
      .select()
      .from(notices)
      .where(
        and(
          eq(notices.shopId, shopId),
          isNotNull(notices.publishedAt),
          lte(notices.publishedAt, sql`now()`),
          // The public page: notices for everyone only (`linked` ones reach linked
          // members on their my page), and no coupon whose validity has ended.
          eq(notices.audience, 'all'),
          sql`(${notices.type} <> 'coupon' or ${notices.validUntil} is null or ${notices.validUntil} > now())`,
        ),
      )
      .orderBy(desc(notices.publishedAt))
      .limit(50),
    db
      .select()
      .from(designers)
      .where(and(eq(designers.shopId, shopId), eq(designers.isActive, true)))
      .orderBy(asc(designers.sort), asc(designers.id)),
  ]);
  return { images, hours, holidays, noticeRows, designerRows };
}

export async function listActiveMenus(db: Database, shopId: number) {
  return db
    .select()
    .from(menus)
    .where(and(eq(menus.shopId, shopId), eq(menus.isActive, true)))
    .orderBy(asc(menus.sort), asc(menus.id));
}

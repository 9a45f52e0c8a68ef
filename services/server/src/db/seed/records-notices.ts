import { and, eq, inArray } from 'drizzle-orm';
import { notices } from '../schema/index.js';
import { jaRecordNotices, koRecordNotices, type RecordNoticeText } from './content/records.js';
import {
  DAY,
  HOUR,
  stream,
  type Executor,
  type RecordsOptions,
  type SalonInfo,
} from './records-common.js';

/** Shops that already got their record notices (the e2e world adds salons to the demo's). */
export async function seedRecordNotices(
  db: Executor,
  shopIds: readonly number[],
  info: Map<number, SalonInfo>,
  { epoch, seed }: RecordsOptions,
): Promise<number> {
  const rows: (typeof notices.$inferInsert)[] = [];
  const have = new Set(
    shopIds.length === 0
      ? []
      : (
          await db
            .select({ shopId: notices.shopId })
            .from(notices)
            .where(and(inArray(notices.shopId, [...shopIds]), eq(notices.audience, 'linked')))
        ).map((r) => r.shopId),
  );
  for (const shopId of [...shopIds].sort((a, b) => a - b)) {
    const salon = info.get(shopId);
    if (!salon || have.has(shopId)) continue;
    const rng = stream(seed, `record-notices:${shopId}`);
    const texts = salon.server === 'kr' ? koRecordNotices : jaRecordNotices;
    const at = (daysAgo: number) =>
      new Date(epoch.getTime() - daysAgo * DAY - rng.int(1, 8) * HOUR);
    const add = (
      text: RecordNoticeText,
      audience: 'all' | 'linked',
      published: Date,
      validity?: { from: Date; until: Date },
    ) =>
      rows.push({
        shopId,
        type: text.type,
        title: text.title,
        body: text.body,
        audience,
        publishedAt: published,
        validFrom: validity?.from ?? null,
        validUntil: validity?.until ?? null,
        createdAt: published,
      });
    add(texts.news, 'linked', at(rng.int(3, 10)));
    add(texts.update, 'all', at(rng.int(12, 30)));
    // Valid for the demo's next year and more; the expired one ended two months before the epoch.
    const validFrom = at(rng.int(5, 15));
    add(texts.validCoupon, 'linked', validFrom, {
      from: validFrom,
      until: new Date(Date.UTC(epoch.getUTCFullYear() + 2, 0, 31, 14, 59, 59)),
    });
    const expiredFrom = at(rng.int(150, 170));
    add(texts.expiredCoupon, 'all', expiredFrom, {
      from: expiredFrom,
      until: new Date(epoch.getTime() - 60 * DAY),
    });
    add(texts.details, 'linked', at(rng.int(30, 60)));
  }
  if (rows.length > 0) await db.insert(notices).values(rows);
  return rows.length;
}

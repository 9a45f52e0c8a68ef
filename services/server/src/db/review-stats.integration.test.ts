import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { buildDesigner, buildMember, buildShop } from '../../test/factories.js';
import { bookings, designers, reviews, shops } from './schema/index.js';

// shops/designers review_count and rating_avg follow the reviews table through the triggers
// of migration 0008 (docs/decisions/018-review-stats.md), whoever writes the reviews.

let database: TestDatabase;
const db = () => database.db;
let n = 0;

async function stats(table: typeof shops | typeof designers, id: number) {
  const [row] = await db()
    .select({ count: table.reviewCount, avg: table.ratingAvg })
    .from(table)
    .where(eq(table.id, id));
  return { count: row!.count, avg: Number(row!.avg) };
}

/** A visited booking of `memberId` at the shop, one hour on day `n`. */
async function visited(memberId: number, shopId: number, designerId: number): Promise<number> {
  n++;
  const startsAt = new Date(Date.UTC(2026, 9, 1, 2) + n * 86_400_000);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  const [row] = await db()
    .insert(bookings)
    .values({
      bookingNumber: `261001-T${String(n).padStart(5, '0')}`,
      memberId,
      shopId,
      designerId,
      startsAt,
      endsAt,
      status: 'visited',
      visitedAt: endsAt,
      bookerName: 'Test',
      bookerPhone: '010-0000-0000',
      totalPrice: 30_000,
      currency: 'KRW',
    })
    .returning({ id: bookings.id });
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

describe('review_count / rating_avg', () => {
  it('follow inserts, rating edits and deletes, for the shop and the named designer', async () => {
    const member = await buildMember(db());
    const shop = await buildShop(db(), { reviewCount: 0, ratingAvg: 0 });
    const kim = await buildDesigner(db(), shop.id);
    const lee = await buildDesigner(db(), shop.id);
    expect(await stats(shops, shop.id)).toEqual({ count: 0, avg: 0 });

    const [a] = await db()
      .insert(reviews)
      .values({
        bookingId: await visited(member.id, shop.id, kim.id),
        memberId: member.id,
        shopId: shop.id,
        designerId: kim.id,
        rating: 5,
      })
      .returning({ id: reviews.id });
    expect(await stats(shops, shop.id)).toEqual({ count: 1, avg: 5 });
    expect(await stats(designers, kim.id)).toEqual({ count: 1, avg: 5 });

    // Two in one statement; one names no designer.
    await db()
      .insert(reviews)
      .values([
        {
          bookingId: await visited(member.id, shop.id, lee.id),
          memberId: member.id,
          shopId: shop.id,
          designerId: lee.id,
          rating: 4,
        },
        {
          bookingId: await visited(member.id, shop.id, kim.id),
          memberId: member.id,
          shopId: shop.id,
          designerId: null,
          rating: 2,
        },
      ]);
    // (5 + 4 + 2) / 3 = 3.666… → 3.67
    expect(await stats(shops, shop.id)).toEqual({ count: 3, avg: 3.67 });
    expect(await stats(designers, kim.id)).toEqual({ count: 1, avg: 5 });
    expect(await stats(designers, lee.id)).toEqual({ count: 1, avg: 4 });

    await db().update(reviews).set({ rating: 3 }).where(eq(reviews.id, a!.id));
    expect(await stats(shops, shop.id)).toEqual({ count: 3, avg: 3 });
    expect(await stats(designers, kim.id)).toEqual({ count: 1, avg: 3 });

    // Moving a review to another designer refreshes both.
    await db().update(reviews).set({ designerId: lee.id }).where(eq(reviews.id, a!.id));
    expect(await stats(designers, kim.id)).toEqual({ count: 0, avg: 0 });
    expect(await stats(designers, lee.id)).toEqual({ count: 2, avg: 3.5 });

    await db().delete(reviews).where(eq(reviews.id, a!.id));
    expect(await stats(shops, shop.id)).toEqual({ count: 2, avg: 3 });
    expect(await stats(designers, lee.id)).toEqual({ count: 1, avg: 4 });
  });

  it('never touches other shops, and a truncate zeroes everything', async () => {
    const member = await buildMember(db());
    const one = await buildShop(db());
    const two = await buildShop(db());
    const d1 = await buildDesigner(db(), one.id);
    const d2 = await buildDesigner(db(), two.id);
    await db()
      .insert(reviews)
      .values([
        {
          bookingId: await visited(member.id, one.id, d1.id),
          memberId: member.id,
          shopId: one.id,
          designerId: d1.id,
          rating: 1,
        },
        {
          bookingId: await visited(member.id, two.id, d2.id),
          memberId: member.id,
          shopId: two.id,
          designerId: d2.id,
          rating: 5,
        },
      ]);
    await db().delete(reviews).where(eq(reviews.shopId, one.id));
    expect(await stats(shops, one.id)).toEqual({ count: 0, avg: 0 });
    expect(await stats(shops, two.id)).toEqual({ count: 1, avg: 5 });

    await db().execute(sql`truncate reviews cascade`);
    const rows = await db()
      .select({ count: shops.reviewCount })
      .from(shops)
      .where(inArray(shops.id, [one.id, two.id]));
    expect(rows.map((r) => r.count)).toEqual([0, 0]);
    expect(await stats(designers, d2.id)).toEqual({ count: 0, avg: 0 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shops } from '../../db/schema/index.js';
import {
  buildBooking,
  buildDesigner,
  buildMember,
  buildShop,
  fromNow,
  hours,
} from '../../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../../test/db.js';
import { insertReview } from './reviews.repo.js';

// Two reviews of one salon committed at once, on a real PostgreSQL server (skipped without
// TEST_DATABASE_URL: PGlite is one connection). Inserting a review holds FOR KEY SHARE on its
// shop (the foreign key) until commit; the review-count trigger then locks the shop row to
// recompute. With FOR UPDATE there the two writers waited for each other: a deadlock (40P01),
// which the cluster run met as a 500. The refresh locks FOR NO KEY UPDATE, which KEY SHARE
// does not block.

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('two reviews of one salon at once (PostgreSQL)', () => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('neither deadlocks: both land and the salon counts both', async () => {
    const { db } = t;
    const shop = await buildShop(db, { name: '리뷰 동시성 살롱' });
    const designer = await buildDesigner(db, shop.id, { name: '동시 디자이너' });
    const [a, b] = [await buildMember(db), await buildMember(db)];
    const visit = (memberId: number, hoursAgo: number) =>
      buildBooking(db, {
        memberId,
        shopId: shop.id,
        designerId: designer.id,
        startsAt: fromNow(-hours(hoursAgo)),
        status: 'visited',
      });
    const [bookingA, bookingB] = [await visit(a.id, 30), await visit(b.id, 28)];

    // The first writer, stopped right after its insert's foreign-key lock on the shop.
    if (t.handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const first = await t.handle.client.connect();
    try {
      await first.query('begin');
      await first.query(`set local lock_timeout = '10s'`);
      await first.query('select 1 from shops where id = $1 for key share', [shop.id]);

      // The second writer runs its whole insert (and the trigger) meanwhile: it must not wait
      // for the first.
      const second = await insertReview(db, {
        bookingId: bookingB.id,
        memberId: b.id,
        shopId: shop.id,
        designerId: designer.id,
        rating: 4,
        body: '두 번째 리뷰',
        photos: [],
      });
      expect(second).toBeDefined();

      // Now the first writer's own review: its trigger waits for nothing left.
      await first.query(
        `insert into reviews (booking_id, member_id, shop_id, designer_id, rating, body)
         values ($1, $2, $3, $4, 5, '첫 번째 리뷰')`,
        [bookingA.id, a.id, shop.id, designer.id],
      );
      await first.query('commit');
    } finally {
      first.release();
    }

    const [row] = await db
      .select({ count: shops.reviewCount, avg: shops.ratingAvg })
      .from(shops)
      .where(eq(shops.id, shop.id));
    expect(row).toEqual({ count: 2, avg: 4.5 });
  }, 60_000);
});

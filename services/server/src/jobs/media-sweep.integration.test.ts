import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, reviewPhotos, reviews } from '../db/schema/index.js';
import { withdrawMember } from '../features/account/account.repo.js';
import { storeGalleryPhoto } from '../features/gallery/gallery-photos.js';
import { storeReviewPhotos } from '../features/reviews/review-photos.js';
import { storeRecordFiles } from '../features/console-records/record-files.js';
import { buildBooking, buildDesigner, buildMember, buildShop } from '../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { startTestStorage, storageBackends, type TestStorage } from '../../test/s3.js';
import { sweepMemberMedia } from './media-sweep.js';

const hour = 60 * 60 * 1000;
const image = (n: number) => ({ main: Buffer.alloc(64, n), thumb: Buffer.alloc(16, n) });
const keyOf = (url: string) => url.replace(/^\/media\//, '');

describe.each(storageBackends)('media sweep on %s', (backend) => {
  let database: TestDatabase;
  let s: TestStorage;
  beforeAll(async () => {
    database = await createTestDatabase();
    s = await startTestStorage(backend);
  });
  afterAll(async () => {
    await s.close();
    await database.close();
  });

  it("removes a withdrawn member's gallery and review files, keeps everyone else's", async () => {
    const { db } = database;
    const { storage } = s;
    const leaving = await buildMember(db);
    const staying = await buildMember(db);
    const shop = await buildShop(db);
    const designer = await buildDesigner(db, shop.id);

    const galleryOf = async (memberId: number, n: number) => {
      const stored = await storeGalleryPhoto(storage, image(n));
      await db
        .insert(media)
        .values({ memberId, source: 'gallery', url: stored.url, thumbUrl: stored.thumbUrl });
      return stored.keys;
    };
    const reviewOf = async (memberId: number, n: number) => {
      const booking = await buildBooking(db, {
        memberId,
        shopId: shop.id,
        designerId: designer.id,
        startsAt: new Date(Date.now() - n * 24 * hour),
        status: 'visited',
      });
      const [review] = await db
        .insert(reviews)
        .values({ memberId, shopId: shop.id, bookingId: booking.id, rating: 5, body: 'Good' })
        .returning();
      const photos = await storeReviewPhotos(storage, [image(n), image(n + 1)]);
      await db.insert(reviewPhotos).values(
        photos.map((p, sort) => ({
          reviewId: review!.id,
          url: p.url,
          thumbUrl: p.thumbUrl,
          sort,
        })),
      );
      return photos.flatMap((p) => p.keys);
    };

    const gone = [...(await galleryOf(leaving.id, 1)), ...(await reviewOf(leaving.id, 2))];
    const kept = [...(await galleryOf(staying.id, 4)), ...(await reviewOf(staying.id, 5))];
    // A salon's styling history of the leaving member stays with the salon.
    const record = await storeRecordFiles(storage, 'records', [
      { data: Buffer.alloc(32, 9), suffix: '', ext: 'webp' },
      { data: Buffer.alloc(8, 9), suffix: '-t', ext: 'webp' },
    ]);
    kept.push(...record.urls.map(keyOf));
    // Not of a writer's shape (a hand-placed file): never touched.
    await storage.put('gallery/2026-11/hand-placed.webp', Buffer.alloc(4), 'image/webp');
    kept.push('gallery/2026-11/hand-placed.webp');

    expect(await withdrawMember(db, leaving.id, 'other')).toBe(true);
    const later = new Date(Date.now() + 2 * hour);

    // Within the grace period nothing goes (an upload's row may not be committed yet).
    const early = await sweepMemberMedia(db, storage);
    expect(early.removed).toBe(0);

    const report = await sweepMemberMedia(db, storage, { now: later });
    expect(report.removed).toBe(gone.length);
    expect(report.checked).toBe(gone.length + 6);
    for (const key of gone) expect(await storage.stat(key), key).toBeUndefined();
    for (const key of kept) expect(await storage.stat(key), key).toBeDefined();

    // Idempotent: a second run (another instance, the next hour) finds nothing.
    expect((await sweepMemberMedia(db, storage, { now: later })).removed).toBe(0);
  });

  it('removes an upload whose row was never written, once old enough', async () => {
    const { db } = database;
    const orphan = await storeGalleryPhoto(s.storage, image(7));
    const report = await sweepMemberMedia(db, s.storage, {
      now: new Date(Date.now() + 2 * hour),
    });
    expect(report.removed).toBe(2);
    for (const key of orphan.keys) expect(await s.storage.stat(key)).toBeUndefined();
  });
});

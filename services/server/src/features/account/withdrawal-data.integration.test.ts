import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bookings,
  favoriteDesigners,
  favoriteShops,
  media,
  reviewPhotos,
  reviews,
  memberDiagnosisStates,
  memberMediaStates,
  scalpDiagnoses,
  shopCustomers,
  shopLinks,
  visitMedia,
  visitRecords,
} from '../../db/schema/index.js';
import { buildDesigner, buildMember, buildSession, buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ COOKIE_SECURE: 'false' });
});
afterAll(() => t.close());

const hour = 60 * 60 * 1000;

/** What withdrawal does to the member's data beyond the account row (ADR 011). */
describe('withdrawal and the data around the member', () => {
  it('cancels upcoming bookings, keeps past ones without the note, deletes favourites, photos and scalp records', async () => {
    const db = t.database.db;
    const member = await buildMember(db, { passwordHash: null });
    const bystander = await buildMember(db, { passwordHash: null });
    const shop = await buildShop(db);
    const designer = await buildDesigner(db, shop.id);
    const booking = (memberId: number, startsAt: Date, n: string) => ({
      bookingNumber: `W-${member.id}-${n}`,
      memberId,
      shopId: shop.id,
      designerId: designer.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + hour),
      bookerName: '김하늘',
      bookerPhone: '010-1234-5678',
      requestNote: '앞머리는 짧게',
      totalPrice: 30000,
      currency: 'KRW' as const,
    });
    const [past, upcoming, others] = await db
      .insert(bookings)
      .values([
        {
          ...booking(member.id, new Date(Date.now() - 30 * 24 * hour), 'past'),
          status: 'visited',
          visitedAt: new Date(Date.now() - 30 * 24 * hour),
        },
        booking(member.id, new Date(Date.now() + 3 * 24 * hour), 'next'),
        booking(bystander.id, new Date(Date.now() + 5 * 24 * hour), 'other'),
      ])
      .returning();
    await db.insert(favoriteShops).values({ memberId: member.id, shopId: shop.id });
    await db.insert(favoriteShops).values({ memberId: bystander.id, shopId: shop.id });
    await db.insert(favoriteDesigners).values({ memberId: member.id, designerId: designer.id });
    const [photo] = await db
      .insert(media)
      .values({
        memberId: member.id,
        shopId: shop.id,
        source: 'styling_history',
        url: '/media/x.webp',
        personalMemo: 'mine',
        shopMemo: 'shop note',
      })
      .returning();
    // The salon's own records of the member's phone, linked, with the member's memo on a photo
    // and a diagnosis deleted from their pages.
    const [customer] = await db
      .insert(shopCustomers)
      .values({ shopId: shop.id, phone: '010-5555-0101' })
      .returning();
    const [visit] = await db
      .insert(visitRecords)
      .values({ shopId: shop.id, customerId: customer!.id, visitedAt: new Date(), shopMemo: 'cut' })
      .returning();
    const [shot] = await db
      .insert(visitMedia)
      .values({
        visitId: visit!.id,
        shopId: shop.id,
        kind: 'photo',
        url: '/media/records/2026-11/a.webp',
        thumbUrl: '/media/records/2026-11/a-t.webp',
        mimeType: 'image/webp',
        width: 10,
        height: 10,
        bytes: 100,
      })
      .returning();
    const [scalp] = await db
      .insert(scalpDiagnoses)
      .values({ shopId: shop.id, customerId: customer!.id, diagnosedAt: new Date(), memo: 'dry' })
      .returning();
    await db
      .insert(shopLinks)
      .values({ memberId: member.id, shopId: shop.id, phone: '010-5555-0101' });
    await db
      .insert(memberMediaStates)
      .values({ memberId: member.id, mediaId: shot!.id, personalMemo: 'mine' });
    await db.insert(memberDiagnosisStates).values({ memberId: member.id, diagnosisId: scalp!.id });
    const [review] = await db
      .insert(reviews)
      .values({
        memberId: member.id,
        shopId: shop.id,
        bookingId: past!.id,
        rating: 5,
        body: 'Great',
      })
      .returning();
    await db.insert(reviewPhotos).values({ reviewId: review!.id, url: '/media/r.webp' });

    const token = await buildSession(db, member.id);
    const res = await postForm(
      t.app,
      '/api/carol/account/delete',
      { reason: 'rarely_used', agree: 'true', phrase: '탈퇴합니다' },
      { headers: { cookie: `carol_sid=${token}` } },
    );
    expect(res.json()).toEqual({ result: 'success' });

    const byId = async (id: number) =>
      (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
    expect(await byId(past!.id)).toMatchObject({
      status: 'visited',
      requestNote: null,
      bookerName: '김하늘',
    });
    expect(await byId(upcoming!.id)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'customer',
      cancelOrigin: 'system',
      requestNote: null,
    });
    expect(await byId(others!.id)).toMatchObject({
      status: 'reserved',
      requestNote: '앞머리는 짧게',
    });

    expect(
      await db.select().from(favoriteShops).where(eq(favoriteShops.memberId, member.id)),
    ).toEqual([]);
    expect(
      await db.select().from(favoriteShops).where(eq(favoriteShops.memberId, bystander.id)),
    ).toHaveLength(1);
    expect(
      await db.select().from(favoriteDesigners).where(eq(favoriteDesigners.memberId, member.id)),
    ).toEqual([]);
    const [photoAfter] = await db.select().from(media).where(eq(media.id, photo!.id));
    expect(photoAfter).toMatchObject({ personalMemo: null, shopMemo: null });
    expect(photoAfter!.deletedAt).toBeInstanceOf(Date);
    // The link and the member's own layer go; the salon's records stay the salon's.
    expect(await db.select().from(shopLinks).where(eq(shopLinks.memberId, member.id))).toEqual([]);
    expect(
      await db.select().from(memberMediaStates).where(eq(memberMediaStates.memberId, member.id)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(memberDiagnosisStates)
        .where(eq(memberDiagnosisStates.memberId, member.id)),
    ).toEqual([]);
    expect(await db.select().from(visitMedia).where(eq(visitMedia.id, shot!.id))).toHaveLength(1);
    const [scalpAfter] = await db
      .select()
      .from(scalpDiagnoses)
      .where(eq(scalpDiagnoses.id, scalp!.id));
    expect(scalpAfter).toMatchObject({ memo: 'dry' });
    expect(await db.select().from(reviews).where(eq(reviews.id, review!.id))).toHaveLength(1);
    expect(
      await db.select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, review!.id)),
    ).toEqual([]);
  });
});

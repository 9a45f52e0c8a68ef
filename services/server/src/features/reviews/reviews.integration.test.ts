import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewItem, ReviewSummary } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { bookings, reviewPhotos, reviews } from '../../db/schema/index.js';
import { buildDesigner, buildMember, buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { maskAuthor, summaryOf } from './reviews.service.js';

let t: TestApp;
const ids: Record<string, number> = {};
let bookingSeq = 0;

/** A visited booking and its review (reviews hang off bookings). */
async function buildReview(
  db: Database,
  o: {
    memberId: number;
    shopId: number;
    designerId: number;
    rating: number;
    body?: string;
    at: string;
  },
) {
  const startsAt = new Date(o.at);
  const [booking] = await db
    .insert(bookings)
    .values({
      bookingNumber: `R-${++bookingSeq}`,
      memberId: o.memberId,
      shopId: o.shopId,
      designerId: o.designerId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      status: 'visited',
      visitedAt: new Date(startsAt.getTime() + 3_600_000),
      bookerName: 'x',
      bookerPhone: '010-0000-0000',
      totalPrice: 30_000,
      currency: 'KRW',
    })
    .returning();
  const [review] = await db
    .insert(reviews)
    .values({
      bookingId: booking!.id,
      memberId: o.memberId,
      shopId: o.shopId,
      designerId: o.designerId,
      rating: o.rating,
      body: o.body ?? '',
      createdAt: new Date(startsAt.getTime() + 7_200_000),
    })
    .returning();
  return review!;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const shop = await buildShop(db, { name: '헤어샵 라온' });
  const other = await buildShop(db, { name: '조용한 살롱' });
  const ginza = await buildShop(db, { server: 'jp', name: 'ヘアサロン 銀座' });
  const boni = await buildDesigner(db, shop.id, { name: '박보니' });
  const minho = await buildDesigner(db, shop.id, { name: '최민호' });
  const left = await buildDesigner(db, shop.id, { name: '퇴사자', isActive: false });
  const kim = await buildMember(db, { familyName: '김', givenName: '하늘' });
  const lee = await buildMember(db, { familyName: '이', givenName: '바다' });
  const gone = await buildMember(db, {
    familyName: '',
    givenName: '',
    email: null,
    phone: null,
    status: 'withdrawn',
    withdrawnAt: new Date(),
  });
  Object.assign(ids, {
    shop: shop.id,
    other: other.id,
    ginza: ginza.id,
    boni: boni.id,
    minho: minho.id,
    left: left.id,
  });
  const r1 = await buildReview(db, {
    memberId: kim.id,
    shopId: shop.id,
    designerId: boni.id,
    rating: 5,
    body: '너무 만족해요',
    at: '2026-05-01T02:00:00Z',
  });
  await buildReview(db, {
    memberId: lee.id,
    shopId: shop.id,
    designerId: minho.id,
    rating: 4,
    body: '친절해요',
    at: '2026-05-02T02:00:00Z',
  });
  await buildReview(db, {
    memberId: gone.id,
    shopId: shop.id,
    designerId: boni.id,
    rating: 2,
    body: '보통',
    at: '2026-05-03T02:00:00Z',
  });
  await buildReview(db, {
    memberId: kim.id,
    shopId: shop.id,
    designerId: left.id,
    rating: 5,
    at: '2026-04-01T02:00:00Z',
  });
  await db.insert(reviewPhotos).values([
    { reviewId: r1.id, url: '/media/r1-b.webp', sort: 2 },
    { reviewId: r1.id, url: '/media/r1-a.webp', thumbUrl: '/media/r1-a-t.webp', sort: 1 },
  ]);
});
afterAll(async () => t.close());

type ReviewListBody = {
  review_list: ReviewItem[];
  summary: ReviewSummary;
  total: number;
  page: number;
  has_next: boolean;
};

describe('POST /api/carol/review/getReviewList', () => {
  it('lists a shop’s reviews newest first with masked authors, photos and a summary', async () => {
    const res = await postForm(t.app, '/api/carol/review/getReviewList', { shop_id: ids.shop! });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ReviewListBody>();
    expect(body.summary).toEqual({
      average: 4,
      count: 4,
      distribution: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 2 },
    });
    expect(body.total).toBe(4);
    expect(body.has_next).toBe(false);
    expect(body.review_list.map((r) => r.rating)).toEqual([2, 4, 5, 5]);
    expect(body.review_list[0]).toMatchObject({
      author: '탈퇴한 회원',
      author_withdrawn: true,
      body: '보통',
    });
    expect(body.review_list[1]).toMatchObject({
      author: '이**',
      author_withdrawn: false,
      designer_name: '최민호',
    });
    expect(body.review_list[2]).toMatchObject({
      author: '김**',
      designer_id: ids.boni,
      designer_name: '박보니',
      photos: [
        { url: '/media/r1-a.webp', thumb_url: '/media/r1-a-t.webp' },
        { url: '/media/r1-b.webp', thumb_url: null },
      ],
    });
    // Never the member's full name or id.
    expect(res.body).not.toContain('하늘');
    expect(res.body).not.toContain('member_id');
  });

  it('labels a withdrawn author in the request language', async () => {
    const ja = await postForm(
      t.app,
      '/api/carol/review/getReviewList',
      { shop_id: ids.shop! },
      { headers: { 'accept-language': 'ja' } },
    );
    expect(ja.json<ReviewListBody>().review_list[0]?.author).toBe('退会した会員');
    const en = await postForm(
      t.app,
      '/api/carol/review/getReviewList',
      { shop_id: ids.shop! },
      { headers: { 'accept-language': 'en' } },
    );
    expect(en.json<ReviewListBody>().review_list[0]?.author).toBe('Withdrawn member');
  });

  it('pages', async () => {
    const res = await postForm(t.app, '/api/carol/review/getReviewList', {
      shop_id: ids.shop!,
      page: 2,
      page_size: 3,
    });
    const body = res.json<ReviewListBody>();
    expect(body).toMatchObject({ page: 2, total: 4, has_next: false });
    expect(body.review_list).toHaveLength(1);
    const first = await postForm(t.app, '/api/carol/review/getReviewList', {
      shop_id: ids.shop!,
      page: 1,
      page_size: 3,
    });
    expect(first.json<ReviewListBody>().has_next).toBe(true);
  });

  it('lists one designer’s reviews, including a designer who left', async () => {
    const res = await postForm(t.app, '/api/carol/review/getReviewList', {
      designer_id: ids.boni!,
    });
    const body = res.json<ReviewListBody>();
    expect(body.summary).toMatchObject({ count: 2, average: 3.5 });
    expect(body.review_list.every((r) => r.designer_id === ids.boni)).toBe(true);
    const left = await postForm(t.app, '/api/carol/review/getReviewList', {
      designer_id: ids.left!,
    });
    expect(left.json<ReviewListBody>().summary.count).toBe(1);
  });

  it('answers an empty list and a zero summary for a shop without reviews', async () => {
    const res = await postForm(t.app, '/api/carol/review/getReviewList', { shop_id: ids.other! });
    expect(res.json()).toEqual({
      result: 'success',
      review_list: [],
      summary: { average: 0, count: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } },
      total: 0,
      page: 1,
      has_next: false,
    });
  });

  it('answers NOT_FOUND for an unknown shop or designer and for another server’s shop', async () => {
    const cases: Array<Record<string, number>> = [
      { shop_id: 999_999 },
      { designer_id: 999_999 },
      { shop_id: ids.ginza! },
    ];
    for (const fields of cases) {
      const res = await postForm(t.app, '/api/carol/review/getReviewList', fields);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ resCode: 'NOT_FOUND' });
    }
  });

  it('needs exactly one of shop_id and designer_id', async () => {
    const none = await postForm(t.app, '/api/carol/review/getReviewList', {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    const both = await postForm(t.app, '/api/carol/review/getReviewList', {
      shop_id: ids.shop!,
      designer_id: ids.boni!,
    });
    expect(both.statusCode).toBe(400);
    const bad = await postForm(t.app, '/api/carol/review/getReviewList', { shop_id: -1 });
    expect(bad.statusCode).toBe(400);
  });
});

describe('maskAuthor / summaryOf', () => {
  it('keeps only the first letter, whatever the name’s length or script', () => {
    expect(maskAuthor('김', '하늘')).toBe('김**');
    expect(maskAuthor('', 'Minji')).toBe('M**');
    expect(maskAuthor('田中', '花子')).toBe('田**');
    expect(maskAuthor('𠮷野', '')).toBe('𠮷**');
    expect(maskAuthor('', '')).toBe('***');
  });

  it('rounds the average to one decimal and ignores out-of-range ratings', () => {
    expect(
      summaryOf([
        { rating: 5, n: 2 },
        { rating: 4, n: 1 },
      ]),
    ).toMatchObject({ average: 4.7, count: 3 });
    expect(summaryOf([{ rating: 9, n: 1 }])).toMatchObject({ average: 0, count: 0 });
  });
});

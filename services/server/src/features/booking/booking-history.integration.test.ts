import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { BookingDetail, BookingListItem } from '@carol/contracts';
import { bookings, designers, reviewPhotos, reviews, shops } from '../../db/schema/index.js';
import { buildDesigner, buildMember, buildSession, buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { buildBooking, fromNow, hours } from './booking-fixtures.js';

let t: TestApp;
let mediaDir: string;
const cookieName = 'carol_sid';
const BASE = '/shop-api/carol/booking';

const ctx = {} as {
  shopId: number;
  jpShopId: number;
  designerId: number;
  jpDesignerId: number;
  memberId: number;
  token: string;
  otherId: number;
  otherToken: string;
};

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'carol-review-media-'));
  t = await createTestApp({ COOKIE_SECURE: 'false', MEDIA_DIR: mediaDir });
  const db = t.database.db;
  const shop = await buildShop(db, { name: '헤어샵 라온' });
  const jp = await buildShop(db, { server: 'jp', name: 'ヘアサロン 銀座' });
  const designer = await buildDesigner(db, shop.id, { name: '박보니' });
  const jpDesigner = await buildDesigner(db, jp.id, { name: '佐藤' });
  const member = await buildMember(db, { familyName: '김', givenName: '하늘' });
  const other = await buildMember(db);
  Object.assign(ctx, {
    shopId: shop.id,
    jpShopId: jp.id,
    designerId: designer.id,
    jpDesignerId: jpDesigner.id,
    memberId: member.id,
    token: await buildSession(db, member.id),
    otherId: other.id,
    otherToken: await buildSession(db, other.id),
  });
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const as = (token: string) => ({ headers: { cookie: `${cookieName}=${token}` } });
const call = (path: string, fields: Record<string, string | number>, token = ctx.token) =>
  postForm(t.app, `${BASE}/${path}`, fields, as(token));
/** The member's booking with its own designer, so bookings of different tests never overlap. */
const mine = async (o: Partial<Parameters<typeof buildBooking>[1]> & { startsAt: Date }) =>
  buildBooking(t.database.db, {
    memberId: ctx.memberId,
    shopId: ctx.shopId,
    designerId: (await buildDesigner(t.database.db, ctx.shopId, { name: '박보니' })).id,
    ...o,
  });
const freshDesigner = async () =>
  (await buildDesigner(t.database.db, ctx.shopId, { name: '박보니' })).id;
const statusOf = async (id: number) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

type ListBody = {
  success: true;
  booking_list: BookingListItem[];
  total: number;
  page: number;
  has_next: boolean;
};

describe('get_user_booking_list', () => {
  it('lists one tab of the member’s own history, in the shop’s local date and time', async () => {
    const member = await buildMember(t.database.db);
    const token = await buildSession(t.database.db, member.id);
    const base = { memberId: member.id, shopId: ctx.shopId, designerId: await freshDesigner() };
    // 2030-03-04 10:30 in Seoul is 01:30 UTC.
    const later = await buildBooking(t.database.db, {
      ...base,
      startsAt: new Date('2030-03-04T01:30:00Z'),
      items: [
        { name: '여성 컷', price: 30_000, minutes: 60 },
        { name: '클리닉', price: 20_000, minutes: 30 },
      ],
    });
    const sooner = await buildBooking(t.database.db, { ...base, startsAt: fromNow(hours(30)) });
    await buildBooking(t.database.db, {
      ...base,
      startsAt: fromNow(hours(-50)),
      status: 'cancelled',
    });
    await buildBooking(t.database.db, {
      ...base,
      startsAt: fromNow(hours(-70)),
      status: 'visited',
    });
    // Someone else's booking at the same shop never shows.
    await mine({ startsAt: fromNow(hours(40)) });

    const res = await call('get_user_booking_list', { type: 'reserved' }, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ListBody>();
    expect(body).toMatchObject({ success: true, total: 2, page: 1, has_next: false });
    expect(body.booking_list.map((b) => b.booking_id)).toEqual([sooner.id, later.id]);
    expect(body.booking_list[1]).toMatchObject({
      status: 'reserved',
      shop_id: ctx.shopId,
      shop_name: '헤어샵 라온',
      designer_name: '박보니',
      date: '2030-03-04',
      time: '10:30',
      time_zone: 'Asia/Seoul',
      menu_names: ['여성 컷', '클리닉'],
      total_price: 50_000,
      currency: 'KRW',
      cancelled_by: null,
      cancel_origin: null,
      reviewable: false,
      reviewed: false,
      starts_at: '2030-03-04T01:30:00.000Z',
      ends_at: '2030-03-04T03:00:00.000Z',
    });

    const cancelled = (
      await call('get_user_booking_list', { type: 'cancelled' }, token)
    ).json<ListBody>();
    expect(cancelled.booking_list).toHaveLength(1);
    expect(cancelled.booking_list[0]).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'customer',
      cancel_origin: 'customer_app',
    });
    const visited = (
      await call('get_user_booking_list', { type: 'visited' }, token)
    ).json<ListBody>();
    expect(visited.booking_list).toHaveLength(1);
    expect(visited.booking_list[0]).toMatchObject({ reviewable: true, reviewed: false });
  });

  it('shows the last 2 years only (spec 9), newest first in the finished tabs', async () => {
    const member = await buildMember(t.database.db);
    const token = await buildSession(t.database.db, member.id);
    const base = { memberId: member.id, shopId: ctx.shopId, designerId: await freshDesigner() };
    const day = hours(24);
    const recent = await buildBooking(t.database.db, {
      ...base,
      startsAt: fromNow(-10 * day),
      status: 'visited',
    });
    const old = await buildBooking(t.database.db, {
      ...base,
      startsAt: fromNow(-700 * day),
      status: 'visited',
    });
    await buildBooking(t.database.db, {
      ...base,
      startsAt: fromNow(-740 * day),
      status: 'visited',
    });
    const body = (await call('get_user_booking_list', { type: 'visited' }, token)).json<ListBody>();
    expect(body.total).toBe(2);
    expect(body.booking_list.map((b) => b.booking_id)).toEqual([recent.id, old.id]);
  });

  it('pages', async () => {
    const member = await buildMember(t.database.db);
    const token = await buildSession(t.database.db, member.id);
    for (let i = 1; i <= 5; i++) {
      await buildBooking(t.database.db, {
        memberId: member.id,
        shopId: ctx.shopId,
        designerId: await freshDesigner(),
        startsAt: fromNow(hours(24 * i)),
      });
    }
    const first = (
      await call('get_user_booking_list', { type: 'reserved', page: 1, page_size: 2 }, token)
    ).json<ListBody>();
    expect(first).toMatchObject({ total: 5, page: 1, has_next: true });
    expect(first.booking_list).toHaveLength(2);
    const last = (
      await call('get_user_booking_list', { type: 'reserved', page: 3, page_size: 2 }, token)
    ).json<ListBody>();
    expect(last).toMatchObject({ page: 3, has_next: false });
    expect(last.booking_list).toHaveLength(1);
  });

  it('needs a signed-in member and a known tab', async () => {
    const anonymous = await postForm(t.app, `${BASE}/get_user_booking_list`, { type: 'reserved' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, resCode: 'UNAUTHORIZED' });
    const bad = await call('get_user_booking_list', { type: 'everything' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
  });
});

describe('get_user_booking_detail', () => {
  it('returns number, date, time, items, designer, booker, request, payment, total and what can be done', async () => {
    const b = await mine({
      startsAt: new Date('2030-05-06T05:00:00Z'),
      items: [{ name: '디지털 펌', price: 120_000, minutes: 150 }],
    });
    const res = await call('get_user_booking_detail', { booking_id: b.id });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<{ detail: BookingDetail }>().detail;
    expect(detail).toMatchObject({
      booking_id: b.id,
      booking_number: b.bookingNumber,
      status: 'reserved',
      date: '2030-05-06',
      time: '14:00',
      duration_minutes: 150,
      shop_address: expect.stringContaining('테헤란로') as unknown,
      shop_phone: '02-123-4567',
      designer_name: '박보니',
      menu_items: [{ menu_id: null, name: '디지털 펌', price: 120_000, duration_minutes: 150 }],
      booker_name: '김하늘',
      booker_phone: '010-1234-5678',
      request_note: '앞머리는 짧게 해 주세요',
      payment_method: 'on_site',
      total_price: 120_000,
      currency: 'KRW',
      can_cancel: true,
      can_mark_visited: false,
      can_delete: false,
      review: null,
      cancelled_at: null,
      visited_at: null,
    });
  });

  it('shows a Tokyo booking in Tokyo time and yen', async () => {
    const b = await buildBooking(t.database.db, {
      memberId: ctx.memberId,
      shopId: ctx.jpShopId,
      designerId: ctx.jpDesignerId,
      startsAt: new Date('2030-05-06T23:30:00Z'),
      currency: 'JPY',
      items: [{ name: 'カット', price: 6_600, minutes: 60 }],
    });
    const detail = (await call('get_user_booking_detail', { booking_id: b.id })).json<{
      detail: BookingDetail;
    }>().detail;
    expect(detail).toMatchObject({
      date: '2030-05-07',
      time: '08:30',
      time_zone: 'Asia/Tokyo',
      currency: 'JPY',
    });
  });

  it("answers NOT_FOUND for another member's booking, exactly like an unknown id", async () => {
    const b = await mine({ startsAt: fromNow(hours(48)) });
    const theirs = await call('get_user_booking_detail', { booking_id: b.id }, ctx.otherToken);
    const unknown = await call('get_user_booking_detail', { booking_id: 987_654 }, ctx.otherToken);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ success: false, resCode: 'NOT_FOUND' });
    expect(theirs.body.replace(/"request_id":"[^"]+"/, '')).toBe(
      unknown.body.replace(/"request_id":"[^"]+"/, ''),
    );
    expect(theirs.body).not.toContain(b.bookingNumber);
  });
});

describe('cancel_user_booking', () => {
  it('cancels a future reservation as the customer, from the app, irreversibly', async () => {
    const b = await mine({ startsAt: fromNow(hours(26)) });
    const res = await call('cancel_user_booking', { booking_id: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ detail: BookingDetail }>().detail).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'customer',
      cancel_origin: 'customer_app',
      can_cancel: false,
      can_delete: true,
    });
    const row = await statusOf(b.id);
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'customer' });
    expect(row.cancelledAt).toBeInstanceOf(Date);
    // Twice: already cancelled, nothing changes.
    const again = await call('cancel_user_booking', { booking_id: b.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ resCode: 'BOOKING_ALREADY_CANCELLED' });
    // And no way back: set_user_booking_status cannot revive it.
    const visit = await call('set_user_booking_status', { booking_id: b.id, status: 'visited' });
    expect(visit.json()).toMatchObject({ resCode: 'BOOKING_ALREADY_CANCELLED' });
  });

  it('refuses after the start time with the spec message, in ko, en and ja', async () => {
    const b = await mine({ startsAt: fromNow(-60_000) });
    const ko = await call('cancel_user_booking', { booking_id: b.id });
    expect(ko.statusCode).toBe(409);
    expect(ko.json()).toMatchObject({
      resCode: 'CANCEL_PAST_START',
      resMessage: '예약 시작 시간이 지나 취소할 수 없습니다.',
    });
    const en = await postForm(
      t.app,
      `${BASE}/cancel_user_booking`,
      { booking_id: b.id },
      { headers: { cookie: `${cookieName}=${ctx.token}`, 'accept-language': 'en' } },
    );
    expect(en.json()).toMatchObject({
      resMessage: 'A reservation cannot be cancelled after its start time.',
    });
    const ja = await postForm(
      t.app,
      `${BASE}/cancel_user_booking`,
      { booking_id: b.id },
      { headers: { cookie: `${cookieName}=${ctx.token}` }, server: 'jp' },
    );
    expect(ja.json()).toMatchObject({ resMessage: '開始時刻を過ぎた予約はキャンセルできません。' });
    expect((await statusOf(b.id)).status).toBe('reserved');
  });

  it('refuses a visited booking', async () => {
    const b = await mine({ startsAt: fromNow(hours(-5)), status: 'visited' });
    const res = await call('cancel_user_booking', { booking_id: b.id });
    expect(res.json()).toMatchObject({ resCode: 'BOOKING_ALREADY_VISITED' });
  });

  it("never cancels another member's booking", async () => {
    const b = await mine({ startsAt: fromNow(hours(30)) });
    const res = await call('cancel_user_booking', { booking_id: b.id }, ctx.otherToken);
    expect(res.statusCode).toBe(404);
    expect((await statusOf(b.id)).status).toBe('reserved');
  });

  it('lets exactly one of two simultaneous cancels win', async () => {
    const b = await mine({ startsAt: fromNow(hours(30)) });
    const results = await Promise.all([
      call('cancel_user_booking', { booking_id: b.id }),
      call('cancel_user_booking', { booking_id: b.id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('set_user_booking_status (visit done)', () => {
  it('marks a started reservation visited; a second time reports it as already completed', async () => {
    const b = await mine({ startsAt: fromNow(hours(-1)) });
    const res = await call('set_user_booking_status', { booking_id: b.id, status: 'visited' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ detail: BookingDetail }>().detail).toMatchObject({
      status: 'visited',
      can_mark_visited: false,
      can_cancel: false,
      reviewable: true,
    });
    expect((await statusOf(b.id)).visitedAt).toBeInstanceOf(Date);
    const again = await postForm(
      t.app,
      `${BASE}/set_user_booking_status`,
      { booking_id: b.id, status: 'visited' },
      { headers: { cookie: `${cookieName}=${ctx.token}`, 'accept-language': 'en' } },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      resCode: 'BOOKING_ALREADY_VISITED',
      resMessage: 'This reservation is already marked as visited.',
    });
  });

  it('refuses before the start time, and any status other than visited', async () => {
    const b = await mine({ startsAt: fromNow(hours(3)) });
    const early = await call('set_user_booking_status', { booking_id: b.id, status: 'visited' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ resCode: 'VISIT_BEFORE_START' });
    for (const status of ['reserved', 'cancelled', '']) {
      const res = await call('set_user_booking_status', { booking_id: b.id, status });
      expect(res.statusCode).toBe(400);
    }
    expect((await statusOf(b.id)).status).toBe('reserved');
  });

  it("never touches another member's booking", async () => {
    const b = await mine({ startsAt: fromNow(hours(-2)) });
    const res = await call(
      'set_user_booking_status',
      { booking_id: b.id, status: 'visited' },
      ctx.otherToken,
    );
    expect(res.statusCode).toBe(404);
    expect((await statusOf(b.id)).status).toBe('reserved');
  });
});

describe('delete_user_booking', () => {
  it('removes a cancelled entry from the history for good; the row stays for the shop', async () => {
    const b = await mine({ startsAt: fromNow(hours(-3)), status: 'cancelled' });
    const res = await call('delete_user_booking', { booking_id: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, booking_id: b.id });
    const list = (
      await call('get_user_booking_list', { type: 'cancelled', page_size: 100 })
    ).json<ListBody>();
    expect(list.booking_list.some((x) => x.booking_id === b.id)).toBe(false);
    expect((await call('get_user_booking_detail', { booking_id: b.id })).statusCode).toBe(404);
    expect((await call('delete_user_booking', { booking_id: b.id })).statusCode).toBe(404);
    expect((await statusOf(b.id)).hiddenAt).toBeInstanceOf(Date);
  });

  it('deletes only cancelled entries', async () => {
    const reserved = await mine({ startsAt: fromNow(hours(10)) });
    const visited = await mine({ startsAt: fromNow(hours(-10)), status: 'visited' });
    for (const b of [reserved, visited]) {
      const res = await call('delete_user_booking', { booking_id: b.id });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ resCode: 'BOOKING_NOT_DELETABLE' });
      expect((await statusOf(b.id)).hiddenAt).toBeNull();
    }
  });

  it("cannot hide another member's entry", async () => {
    const b = await mine({ startsAt: fromNow(hours(-3)), status: 'cancelled' });
    const res = await call('delete_user_booking', { booking_id: b.id }, ctx.otherToken);
    expect(res.statusCode).toBe(404);
    expect((await statusOf(b.id)).hiddenAt).toBeNull();
  });
});

/** Posts multipart with real file parts, as the browser does. */
function postReview(
  fields: Record<string, string | number>,
  files: Array<{ data: Buffer; name: string; type: string }> = [],
  token = ctx.token,
) {
  const form = new FormData();
  form.set('server', 'kr');
  form.set('country_code', 'kr');
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
  for (const f of files) form.append('photos', new Blob([f.data], { type: f.type }), f.name);
  return t.app.inject({
    method: 'POST',
    url: `${BASE}/add_review`,
    payload: form,
    headers: { cookie: `${cookieName}=${token}` },
    // Each call from its own address: the review limit (10 a minute) counts per member when
    // signed in (ADR 023), so each review test below also reviews as a member of its own.
    remoteAddress: `10.9.${Math.floor(++reviewIp / 250)}.${reviewIp % 250}`,
  });
}
let reviewIp = 0;

async function reviewFilesOnDisk(): Promise<string[]> {
  try {
    const months = await readdir(join(mediaDir, 'reviews'));
    const all: string[] = [];
    for (const m of months) all.push(...(await readdir(join(mediaDir, 'reviews', m))));
    return all;
  } catch {
    return [];
  }
}

/** The review limit is per member (10 a minute): each review test is a member of its own. */
async function asFreshMember(): Promise<void> {
  const db = t.database.db;
  const member = await buildMember(db, { familyName: '김', givenName: '하늘' });
  Object.assign(ctx, { memberId: member.id, token: await buildSession(db, member.id) });
}

describe('add_review', () => {
  beforeEach(asFreshMember);
  it('reviews a visited booking once, with photos re-encoded to WebP without metadata', async () => {
    const b = await mine({ startsAt: fromNow(hours(-20)), status: 'visited' });
    const withExif = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#c08040' },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Artist', Copyright: 'Home address 1-2-3' } })
      .toBuffer();
    expect(withExif.includes(Buffer.from('Secret Artist'))).toBe(true);
    // Portrait photo stored sideways with EXIF orientation 6 (rotate 90° clockwise).
    const sideways = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#4080c0' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const res = await postReview({ booking_id: b.id, rating: 5, body: '  정말 만족해요!  ' }, [
      { data: withExif, name: 'a.jpg', type: 'image/jpeg' },
      { data: sideways, name: 'b.jpg', type: 'image/jpeg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const review = res.json<{
      review: {
        review_id: number;
        rating: number;
        body: string;
        photos: Array<{ url: string; thumb_url: string }>;
      };
    }>().review;
    expect(review).toMatchObject({ rating: 5, body: '정말 만족해요!' });
    expect(review.photos).toHaveLength(2);
    for (const p of review.photos) {
      expect(p.url).toMatch(/^\/media\/reviews\/\d{4}-\d{2}\/[0-9a-f]{32}\.webp$/);
      expect(p.thumb_url).toMatch(/-t\.webp$/);
    }
    const file = (url: string) => join(mediaDir, url.slice('/media/'.length));
    const first = await readFile(file(review.photos[0]!.url));
    const meta = await sharp(first).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(first.includes(Buffer.from('Secret Artist'))).toBe(false);
    const second = await sharp(await readFile(file(review.photos[1]!.url))).metadata();
    expect([second.width, second.height]).toEqual([600, 800]);
    expect(second.orientation).toBeUndefined();
    const thumb = await sharp(await readFile(file(review.photos[0]!.thumb_url))).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 400]);

    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.bookingId, b.id));
    expect(row).toMatchObject({
      memberId: ctx.memberId,
      shopId: ctx.shopId,
      designerId: b.designerId,
      rating: 5,
    });

    // The history shows it reviewed, the detail carries the review, the shop page lists it.
    const detail = (await call('get_user_booking_detail', { booking_id: b.id })).json<{
      detail: BookingDetail;
    }>().detail;
    expect(detail).toMatchObject({ reviewable: false, reviewed: true, review: { rating: 5 } });
    expect(detail.review?.photos).toHaveLength(2);
    const shopReviews = await postForm(t.app, '/api/carol/review/getReviewList', {
      shop_id: ctx.shopId,
    });
    expect(
      shopReviews.json<{ review_list: Array<{ review_id: number; author: string }> }>().review_list,
    ).toContainEqual(expect.objectContaining({ review_id: review.review_id, author: '김**' }));

    const again = await postReview({ booking_id: b.id, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ resCode: 'REVIEW_ALREADY_WRITTEN' });
  });

  it('takes a review without text or photos', async () => {
    const b = await mine({ startsAt: fromNow(hours(-30)), status: 'visited' });
    const res = await postForm(
      t.app,
      `${BASE}/add_review`,
      { booking_id: b.id, rating: 3 },
      as(ctx.token),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ review: { rating: 3, body: '', photos: [] } });
  });

  it('refuses a booking that is not visited, and another member’s booking', async () => {
    const reserved = await mine({ startsAt: fromNow(hours(-1)) });
    const cancelled = await mine({ startsAt: fromNow(hours(-1)), status: 'cancelled' });
    for (const b of [reserved, cancelled]) {
      const res = await postReview({ booking_id: b.id, rating: 4 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ resCode: 'REVIEW_NOT_ALLOWED' });
    }
    const visited = await mine({ startsAt: fromNow(hours(-9)), status: 'visited' });
    const theirs = await postReview({ booking_id: visited.id, rating: 4 }, [], ctx.otherToken);
    expect(theirs.statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.bookingId, visited.id));
    expect(rows).toHaveLength(0);
  });

  it('validates rating, text length and the number of photos', async () => {
    const b = await mine({ startsAt: fromNow(hours(-9)), status: 'visited' });
    for (const rating of [0, 6, 2.5]) {
      expect((await postReview({ booking_id: b.id, rating })).statusCode).toBe(400);
    }
    expect((await postReview({ booking_id: b.id })).statusCode).toBe(400);
    expect(
      (await postReview({ booking_id: b.id, rating: 4, body: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const six = Array.from({ length: 6 }, (_, i) => ({
      data: tiny,
      name: `${i}.png`,
      type: 'image/png',
    }));
    expect((await postReview({ booking_id: b.id, rating: 4 }, six)).statusCode).toBe(400);
    // A text field called photos is not a file.
    expect((await postReview({ booking_id: b.id, rating: 4, photos: 'x' })).statusCode).toBe(400);
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.bookingId, b.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses a file that is not an image (or is SVG) and writes nothing', async () => {
    const b = await mine({ startsAt: fromNow(hours(-9)), status: 'visited' });
    const before = (await reviewFilesOnDisk()).length;
    const good = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const bad of [
      { data: Buffer.from('%PDF-1.4 not an image'), name: 'x.jpg', type: 'image/jpeg' },
      { data: svg, name: 'x.svg', type: 'image/svg+xml' },
    ]) {
      const res = await postReview({ booking_id: b.id, rating: 4 }, [
        { data: good, name: 'ok.jpg', type: 'image/jpeg' },
        bad,
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ resCode: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect((await reviewFilesOnDisk()).length).toBe(before);
    expect(
      await t.database.db.select().from(reviews).where(eq(reviews.bookingId, b.id)),
    ).toHaveLength(0);
  });

  it('keeps one review when two submissions race, and removes the loser’s photos', async () => {
    const b = await mine({ startsAt: fromNow(hours(-9)), status: 'visited' });
    const img = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#a0a' } })
      .jpeg()
      .toBuffer();
    const before = (await reviewFilesOnDisk()).length;
    const results = await Promise.all([
      postReview({ booking_id: b.id, rating: 5 }, [
        { data: img, name: 'a.jpg', type: 'image/jpeg' },
      ]),
      postReview({ booking_id: b.id, rating: 2 }, [
        { data: img, name: 'b.jpg', type: 'image/jpeg' },
      ]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.bookingId, b.id));
    expect(rows).toHaveLength(1);
    const photos = await t.database.db
      .select()
      .from(reviewPhotos)
      .where(eq(reviewPhotos.reviewId, rows[0]!.id));
    expect(photos).toHaveLength(1);
    expect((await reviewFilesOnDisk()).length).toBe(before + 2);
  });
});

describe('add_review → shop and designer rating (derived by the reviews trigger)', () => {
  beforeEach(asFreshMember);
  it('updates review_count and rating_avg of the shop and the designer', async () => {
    const db = t.database.db;
    const shop = await buildShop(db);
    const designer = await buildDesigner(db, shop.id);
    const second = await buildMember(db);
    const secondToken = await buildSession(db, second.id);
    const a = await buildBooking(db, {
      memberId: ctx.memberId,
      shopId: shop.id,
      designerId: designer.id,
      startsAt: fromNow(hours(-30)),
      status: 'visited',
    });
    const b = await buildBooking(db, {
      memberId: second.id,
      shopId: shop.id,
      designerId: designer.id,
      startsAt: fromNow(hours(-10)),
      status: 'visited',
    });
    expect((await postReview({ booking_id: a.id, rating: 5 })).statusCode).toBe(200);
    expect((await postReview({ booking_id: b.id, rating: 4 }, [], secondToken)).statusCode).toBe(
      200,
    );
    const [s] = await db.select().from(shops).where(eq(shops.id, shop.id));
    expect(s).toMatchObject({ reviewCount: 2, ratingAvg: 4.5 });
    const [d] = await db.select().from(designers).where(eq(designers.id, designer.id));
    expect(d).toMatchObject({ reviewCount: 2, ratingAvg: 4.5 });
  });
});

describe('GET get_booking_ics', () => {
  it('downloads the member’s own booking as an iCalendar file', async () => {
    const b = await mine({ startsAt: new Date('2030-07-01T02:00:00Z'), minutes: 90 });
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/get_booking_ics?booking_id=${b.id}`,
      headers: { cookie: `${cookieName}=${ctx.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="carol-${b.bookingNumber.replace(/[^A-Za-z0-9_-]/g, '')}.ics"`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('\r\nDTSTART:20300701T020000Z\r\n');
    expect(res.body).toContain('\r\nDTEND:20300701T033000Z\r\n');
    expect(res.body).toContain(`UID:booking-${b.bookingNumber}@`);
    expect(res.body.replace(/\r\n /g, '')).toContain('SUMMARY:헤어샵 라온 예약 (박보니)');
  });

  it("answers NOT_FOUND for another member's booking and UNAUTHORIZED without a session", async () => {
    const b = await mine({ startsAt: fromNow(hours(50)) });
    const theirs = await t.app.inject({
      method: 'GET',
      url: `${BASE}/get_booking_ics?booking_id=${b.id}`,
      headers: { cookie: `${cookieName}=${ctx.otherToken}` },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('BEGIN:VCALENDAR');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${BASE}/get_booking_ics?booking_id=${b.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: `${BASE}/get_booking_ics?booking_id=abc`,
      headers: { cookie: `${cookieName}=${ctx.token}` },
    });
    expect(bad.statusCode).toBe(400);
  });
});

import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  withdrawPhrases,
  type Booking,
  type BookingDetail,
  type ConsoleBooking,
  type GalleryItem,
} from '@carol/contracts';
import { bookingLooks } from '../../db/schema/index.js';
import { createStorage } from '../../lib/storage.js';
import { sweepMemberMedia } from '../../jobs/media-sweep.js';
import { withdraw } from '../account/account.service.js';
import {
  buildConsoleKey,
  buildDesigner,
  buildMember,
  buildMenu,
  buildSession,
  buildShop,
} from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

// "Book this look" (ADR 059): a saved try-on result travels with the booking as the server's
// own copy, shown in the member's detail and the salon's console list, readable by the member
// and that salon's console key only, and kept when the gallery photo is deleted.

let t: TestApp;
let mediaDir: string;
const BASE = '/shop-api/carol/booking';
const world = {} as {
  shopId: number;
  designerId: number;
  menuId: number;
  member: { id: number; phone: string; token: string };
  other: { id: number; phone: string; token: string };
  key: string;
  otherKey: string;
};

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'carol-look-media-'));
  t = await createTestApp({ COOKIE_SECURE: 'false', MEDIA_DIR: mediaDir });
  const db = t.database.db;
  const shop = await buildShop(db, { name: '룩 헤어' });
  const otherShop = await buildShop(db, { name: '다른 헤어' });
  const designer = await buildDesigner(db, shop.id, { name: '한디자' });
  const menu = await buildMenu(db, shop.id, { name: '염색', durationMinutes: 30 });
  const member = await buildMember(db);
  const other = await buildMember(db);
  Object.assign(world, {
    shopId: shop.id,
    designerId: designer.id,
    menuId: menu.id,
    member: { id: member.id, phone: member.phone!, token: await buildSession(db, member.id) },
    other: { id: other.id, phone: other.phone!, token: await buildSession(db, other.id) },
    key: await buildConsoleKey(db, shop.id),
    otherKey: await buildConsoleKey(db, otherShop.id),
  });
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const as = (token: string) => ({ headers: { cookie: `carol_sid=${token}` } });
const seoulDate = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
const exists = (url: string) =>
  stat(join(mediaDir, url.slice('/media/'.length))).then(
    () => true,
    () => false,
  );

async function saveLook(token: string): Promise<GalleryItem> {
  const form = new FormData();
  form.set('server', 'kr');
  form.set('country_code', 'kr');
  const photo = await sharp({
    create: { width: 320, height: 400, channels: 3, background: '#6b3e2e' },
  })
    .jpeg()
    .toBuffer();
  form.set('photo', new Blob([photo], { type: 'image/jpeg' }), 'look.jpg');
  form.set('personal_memo', '애쉬 브라운');
  const saved = await t.app.inject({
    method: 'POST',
    url: '/shop-api/carol/mygallery/save_to_my_gallery',
    payload: form,
    headers: { cookie: `carol_sid=${token}` },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ item: GalleryItem }>().item;
}

let slot = 0;
function book(
  who: { phone: string; token: string },
  look: Record<string, string | number>,
  key = `look-${Date.now()}-${slot}`,
) {
  // Each booking its own hour, so no two clash.
  slot += 1;
  const hour = 10 + (slot % 8);
  return postForm(
    t.app,
    `${BASE}/add_booking`,
    {
      shop_id: world.shopId,
      designer_id: world.designerId,
      date: seoulDate(3 + Math.floor(slot / 8)),
      time: `${String(hour).padStart(2, '0')}:00`,
      menu_ids: world.menuId,
      booker_name: '김하늘',
      booker_phone: who.phone,
      agree_personal_info: 'true',
      agree_third_party: 'true',
      idempotency_key: key,
      ...look,
    },
    as(who.token),
  );
}

const consoleList = (key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/shop-api/console/booking/get_booking_list',
    headers: { authorization: `Bearer ${key}` },
    payload: { server: 'kr', country_code: 'kr', from: seoulDate(0), to: seoulDate(30) },
  });

const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('add_booking with a look', () => {
  it('keeps a copy of the member’s gallery photo with the booking and shows it everywhere', async () => {
    const photo = await saveLook(world.member.token);
    const booked = await book(world.member, {
      look_media_id: photo.media_id,
      look_kind: 'colour',
      look_name: '애쉬 브라운',
      look_swatch: '#6B3E2E',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const booking = booked.json<{ booking: Booking }>().booking;
    const look = booking.look!;
    expect(look).toMatchObject({ kind: 'colour', name: '애쉬 브라운', swatch: '#6b3e2e' });
    expect(look.url).toMatch(/^\/media\/looks\/\d{4}-\d{2}\/[0-9a-f]{32}\.webp$/);
    expect(look.thumb_url).toMatch(/^\/media\/looks\/\d{4}-\d{2}\/[0-9a-f]{32}-t\.webp$/);
    expect(look.url).not.toBe(photo.url);
    expect(await exists(look.url)).toBe(true);
    expect(await exists(look.thumb_url)).toBe(true);

    // The member's detail.
    const detail = await postForm(
      t.app,
      `${BASE}/get_user_booking_detail`,
      { booking_id: booking.booking_id },
      as(world.member.token),
    );
    expect(detail.json<{ detail: BookingDetail }>().detail.look).toEqual(look);

    // The salon's console list; another salon does not see the booking at all.
    const mine = consoleList(world.key);
    const listed = (await mine)
      .json<{ booking_list: ConsoleBooking[] }>()
      .booking_list.find((b) => b.booking_id === booking.booking_id);
    expect(listed?.look).toEqual(look);
    const theirs = (await consoleList(world.otherKey)).json<{ booking_list: ConsoleBooking[] }>();
    expect(theirs.booking_list.some((b) => b.booking_id === booking.booking_id)).toBe(false);

    // Media access: the member and the booked salon, nobody else.
    for (const url of [look.url, look.thumb_url]) {
      expect(
        (await fetchMedia(url, { cookie: `carol_sid=${world.member.token}` })).statusCode,
      ).toBe(200);
      const salon = await fetchMedia(url, { authorization: `Bearer ${world.key}` });
      expect(salon.statusCode).toBe(200);
      expect(salon.headers['content-type']).toBe('image/webp');
      expect(salon.headers['cache-control']).toBe('private, no-cache');
      expect(
        (await fetchMedia(url, { authorization: `Bearer ${world.otherKey}` })).statusCode,
      ).toBe(404);
      expect((await fetchMedia(url, { cookie: `carol_sid=${world.other.token}` })).statusCode).toBe(
        404,
      );
      expect((await fetchMedia(url)).statusCode).toBe(404);
    }
    // The salon's key does not open the member's gallery photo itself.
    expect((await fetchMedia(photo.url, { authorization: `Bearer ${world.key}` })).statusCode).toBe(
      404,
    );

    // The member deletes the gallery photo: the booking keeps its copy.
    const form = new FormData();
    form.set('server', 'kr');
    form.set('country_code', 'kr');
    form.set('media_ids', String(photo.media_id));
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/shop-api/carol/mygallery/deletes_from_my_gallery',
      payload: form,
      headers: { cookie: `carol_sid=${world.member.token}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await postForm(
      t.app,
      `${BASE}/get_user_booking_detail`,
      { booking_id: booking.booking_id },
      as(world.member.token),
    );
    expect(after.json<{ detail: BookingDetail }>().detail.look).toEqual(look);
    expect((await fetchMedia(look.url, { authorization: `Bearer ${world.key}` })).statusCode).toBe(
      200,
    );
  });

  it('books a style without a swatch, and a replay returns the same look without a second copy', async () => {
    const photo = await saveLook(world.member.token);
    const fields = {
      look_media_id: photo.media_id,
      look_kind: 'style',
      look_name: '레이어드 컷',
      look_swatch: '#112233',
    };
    const first = await book(world.member, fields, `look-replay-${Date.now()}`);
    expect(first.statusCode, first.body).toBe(200);
    const made = first.json<{ booking: Booking }>().booking;
    expect(made.look).toMatchObject({ kind: 'style', name: '레이어드 컷', swatch: null });
    const key = `look-replay-again-${Date.now()}`;
    const again = await book(world.member, fields, key);
    const replay = await book(world.member, fields, key);
    expect(replay.json<{ replayed: boolean; booking: Booking }>()).toMatchObject({
      replayed: true,
      booking: { look: again.json<{ booking: Booking }>().booking.look },
    });
    const rows = await t.database.db
      .select()
      .from(bookingLooks)
      .where(eq(bookingLooks.memberId, world.member.id));
    expect(new Set(rows.map((r) => r.url)).size).toBe(rows.length);
  });

  it('refuses another member’s gallery photo as NOT_FOUND and books nothing', async () => {
    const theirs = await saveLook(world.other.token);
    const refused = await book(world.member, {
      look_media_id: theirs.media_id,
      look_kind: 'colour',
      look_name: '애쉬 브라운',
      look_swatch: '#6b3e2e',
    });
    expect(refused.json()).toMatchObject({
      success: false,
      resCode: 'NOT_FOUND',
      fields: [{ field: 'look_media_id' }],
    });
    const rows = await t.database.db
      .select()
      .from(bookingLooks)
      .where(eq(bookingLooks.memberId, world.member.id));
    expect(rows.every((r) => !r.url.includes(theirs.url))).toBe(true);
  });

  it('refuses a deleted gallery photo and a look without its kind, name or swatch', async () => {
    const photo = await saveLook(world.member.token);
    const missingName = await book(world.member, {
      look_media_id: photo.media_id,
      look_kind: 'colour',
      look_swatch: '#6b3e2e',
    });
    expect(missingName.json()).toMatchObject({ success: false, resCode: 'VALIDATION_FAILED' });
    const missingSwatch = await book(world.member, {
      look_media_id: photo.media_id,
      look_kind: 'colour',
      look_name: '애쉬',
    });
    expect(missingSwatch.json()).toMatchObject({ success: false, resCode: 'VALIDATION_FAILED' });
    const badSwatch = await book(world.member, {
      look_media_id: photo.media_id,
      look_kind: 'colour',
      look_name: '애쉬',
      look_swatch: 'red',
    });
    expect(badSwatch.json()).toMatchObject({ success: false, resCode: 'VALIDATION_FAILED' });
    const orphanFields = await book(world.member, { look_kind: 'style', look_name: '보브' });
    expect(orphanFields.json()).toMatchObject({ success: false, resCode: 'VALIDATION_FAILED' });
    const unknown = await book(world.member, {
      look_media_id: 987_654_321,
      look_kind: 'style',
      look_name: '보브',
    });
    expect(unknown.json()).toMatchObject({ success: false, resCode: 'NOT_FOUND' });
  });

  it('a booking without a look answers look: null in every view', async () => {
    const plain = await book(world.member, {});
    expect(plain.statusCode, plain.body).toBe(200);
    const booking = plain.json<{ booking: Booking }>().booking;
    expect(booking.look).toBeNull();
    const detail = await postForm(
      t.app,
      `${BASE}/get_user_booking_detail`,
      { booking_id: booking.booking_id },
      as(world.member.token),
    );
    expect(detail.json<{ detail: BookingDetail }>().detail.look).toBeNull();
  });

  it('withdrawal takes the looks off the member’s bookings and the sweep removes their files', async () => {
    const db = t.database.db;
    const leaving = await buildMember(db);
    const who = { phone: leaving.phone!, token: await buildSession(db, leaving.id) };
    const photo = await saveLook(who.token);
    const booked = await book(who, {
      look_media_id: photo.media_id,
      look_kind: 'style',
      look_name: '보브',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const look = booked.json<{ booking: Booking }>().booking.look!;
    expect((await fetchMedia(look.url, { authorization: `Bearer ${world.key}` })).statusCode).toBe(
      200,
    );

    await withdraw(db, leaving.id, 'ko', {
      phrase: withdrawPhrases.ko,
      reason: 'rarely_used',
      password: undefined,
    });
    const rows = await db.select().from(bookingLooks).where(eq(bookingLooks.memberId, leaving.id));
    expect(rows).toEqual([]);
    expect((await fetchMedia(look.url, { authorization: `Bearer ${world.key}` })).statusCode).toBe(
      404,
    );
    const listed = (await consoleList(world.key))
      .json<{ booking_list: ConsoleBooking[] }>()
      .booking_list.find(
        (b) => b.booking_id === booked.json<{ booking: Booking }>().booking.booking_id,
      );
    expect(listed?.look).toBeNull();

    // The files go with the next sweep (past its grace period); everyone else's looks stay.
    const storage = createStorage({ kind: 'local', dir: mediaDir });
    await sweepMemberMedia(db, storage, { now: new Date(Date.now() + 2 * 3_600_000) });
    expect(await exists(look.url)).toBe(false);
    expect(await exists(look.thumb_url)).toBe(false);
    const kept = await db
      .select()
      .from(bookingLooks)
      .where(eq(bookingLooks.memberId, world.member.id));
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept) expect(await exists(row.url)).toBe(true);
  });
});

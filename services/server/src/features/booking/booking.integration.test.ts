import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  isoWeekdayOf,
  todayIn,
  type Booking,
  type BookingShop,
  type BookingStaff,
  type BookingTime,
  type BookingUser,
  type HolidayItem,
} from '@carol/contracts';
import {
  bookingItems,
  bookings,
  designerHolidays,
  designerWorkingHours,
  shopBusinessHours,
  shopHolidays,
  shops,
} from '../../db/schema/index.js';
import {
  buildDesigner,
  buildMember,
  buildMenu,
  buildSession,
  buildShop,
} from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

// The reservation flow's endpoints end to end through the real app (PGlite by default,
// PostgreSQL with TEST_DATABASE_URL): happy paths, every refusal, other members' and other
// shops' ids. The 50-client race and the crash/replay run are in booking.race.integration.test.ts.

let t: TestApp;
const base = '/shop-api/carol/booking';
const cookieName = 'carol_sid';
const as = (cookie: string) => ({ headers: { cookie: `${cookieName}=${cookie}` } });

const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
let seoulDay = '';
let tokyoDay = '';
let key = 0;
let calls = 0;
const newKey = () => `test-key-${Date.now()}-${++key}`;

interface Ok<T> {
  success: true;
  [k: string]: unknown;
  data?: T;
}
interface Fail {
  success: false;
  result: 'fail';
  resCode: string;
  resMessage: string;
  fields?: { field: string; resMessage: string }[];
}

async function call<T = Record<string, unknown>>(
  path: string,
  fields: Record<string, string | number>,
  cookie?: string,
  server: 'kr' | 'jp' = 'kr',
) {
  // Each call from its own address: the per-IP limit of add_booking is not under test here.
  const res = await postForm(t.app, `${base}/${path}`, fields, {
    ...(cookie ? as(cookie) : {}),
    server,
    remoteAddress: `10.0.${Math.floor(++calls / 250)}.${calls % 250}`,
  });
  return { status: res.statusCode, body: res.json<(Ok<unknown> & T) | Fail>() };
}

function bookingFields(overrides: Record<string, string | number> = {}) {
  return {
    shop_id: ids.raon!,
    designer_id: ids.boni!,
    date: seoulDay,
    time: '11:00',
    menu_ids: `${ids.cut},${ids.color}`,
    booker_name: '김하늘',
    booker_phone: '010-2222-3333',
    request_note: '앞머리는 길게 남겨 주세요',
    agree_personal_info: 'true',
    agree_third_party: 'true',
    idempotency_key: newKey(),
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp({ COOKIE_SECURE: 'false' });
  const db = t.database.db;
  const alice = await buildMember(db, {
    familyName: '김',
    givenName: '하늘',
    phone: '010-2222-3333',
  });
  const bob = await buildMember(db, { familyName: '이', givenName: '바다' });
  const unverified = await buildMember(db, { phone: '010-4444-5555', phoneVerifiedAt: null });
  const hanako = await buildMember(db, {
    server: 'jp',
    language: 'ja',
    familyName: '田中',
    givenName: '花子',
    phone: '090-1234-5678',
  });
  ids.alice = alice.id;
  ids.bob = bob.id;
  cookies.alice = await buildSession(db, alice.id);
  cookies.bob = await buildSession(db, bob.id);
  cookies.unverified = await buildSession(db, unverified.id);
  cookies.hanako = await buildSession(db, hanako.id);
  cookies.bobPhone = bob.phone!;

  const raon = await buildShop(db, { name: '헤어샵 라온' });
  const mir = await buildShop(db, { name: '미르 헤어' });
  const closed = await buildShop(db, { name: '휴업 헤어', isBookingOpen: false });
  const ginza = await buildShop(db, { server: 'jp', name: 'サロン銀座' });
  Object.assign(ids, { raon: raon.id, mir: mir.id, closed: closed.id, ginza: ginza.id });

  const boni = await buildDesigner(db, raon.id, { name: '박보니' });
  const jun = await buildDesigner(db, raon.id, { name: '최준' });
  const left = await buildDesigner(db, raon.id, { name: '퇴사자', isActive: false });
  const mirDesigner = await buildDesigner(db, mir.id);
  const closedDesigner = await buildDesigner(db, closed.id);
  const yuki = await buildDesigner(db, ginza.id, { name: 'ゆき' });
  Object.assign(ids, {
    boni: boni.id,
    jun: jun.id,
    left: left.id,
    mirDesigner: mirDesigner.id,
    closedDesigner: closedDesigner.id,
    yuki: yuki.id,
  });
  const cut = await buildMenu(db, raon.id, {
    name: '커트',
    basePrice: 30_000,
    durationMinutes: 60,
  });
  const color = await buildMenu(db, raon.id, {
    name: '염색',
    category: 'color',
    basePrice: 80_000,
    durationMinutes: 90,
  });
  const retired = await buildMenu(db, raon.id, { name: '단종', isActive: false });
  const mirCut = await buildMenu(db, mir.id);
  const closedCut = await buildMenu(db, closed.id);
  const ginzaCut = await buildMenu(db, ginza.id, {
    name: 'カット',
    basePrice: 6_600,
    currency: 'JPY',
    durationMinutes: 60,
  });
  Object.assign(ids, {
    cut: cut.id,
    color: color.id,
    retired: retired.id,
    mirCut: mirCut.id,
    closedCut: closedCut.id,
    ginzaCut: ginzaCut.id,
  });

  // A week ahead, so no time of that day is in the past; the shop closes on the weekday after
  // it, has a dated holiday two days after, and 박보니 is off three days after.
  seoulDay = addDays(todayIn('Asia/Seoul'), 7);
  tokyoDay = addDays(todayIn('Asia/Tokyo'), 7);
  await db
    .update(shopBusinessHours)
    .set({ isDayOff: true, opensAt: null, closesAt: null })
    .where(
      and(
        eq(shopBusinessHours.shopId, raon.id),
        eq(shopBusinessHours.weekday, isoWeekdayOf(addDays(seoulDay, 1))),
      ),
    );
  await db
    .insert(shopHolidays)
    .values({ shopId: raon.id, date: addDays(seoulDay, 2), reason: '내부 공사' });
  await db.insert(designerHolidays).values({ designerId: boni.id, date: addDays(seoulDay, 3) });
  // 최준 works 14:00–18:00 on the booking weekday.
  await db
    .update(designerWorkingHours)
    .set({ startsAt: '14:00', endsAt: '18:00' })
    .where(
      and(
        eq(designerWorkingHours.designerId, jun.id),
        eq(designerWorkingHours.weekday, isoWeekdayOf(seoulDay)),
      ),
    );
});

afterAll(async () => {
  await t?.close();
});

describe('get_user_profile', () => {
  it('answers the booker name and the verified phone', async () => {
    const { status, body } = await call<{ user: BookingUser }>(
      'get_user_profile',
      {},
      cookies.alice,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      user: { name: '김하늘', phone: '010-2222-3333', phone_verified: true },
    });
  });

  it('says when the phone is not verified, and refuses a guest', async () => {
    const { body } = await call<{ user: BookingUser }>('get_user_profile', {}, cookies.unverified);
    expect(body).toMatchObject({ success: true, user: { phone_verified: false } });
    const guest = await call('get_user_profile', {});
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ success: false, resCode: 'UNAUTHORIZED' });
  });

  it('writes a Japanese name the Japanese way', async () => {
    const res = await postForm(
      t.app,
      `${base}/get_user_profile`,
      {},
      { server: 'jp', headers: { ...as(cookies.hanako!).headers, 'accept-language': 'ja' } },
    );
    expect(res.json()).toMatchObject({ user: { name: '田中 花子' } });
  });
});

describe('check_holiday', () => {
  it("lists the shop's holidays and days off, and the designer's with designer_id", async () => {
    const range = { start_date: seoulDay, end_date: addDays(seoulDay, 6) };
    const shopOnly = await call<{ holiday_list: HolidayItem[]; shop: BookingShop }>(
      'check_holiday',
      { shop_id: ids.raon!, ...range },
      cookies.alice,
    );
    expect(shopOnly.status).toBe(200);
    if (!shopOnly.body.success) throw new Error(shopOnly.body.resMessage);
    expect(shopOnly.body.holiday_list).toEqual([
      { date: addDays(seoulDay, 1), kind: 'shop_day_off', reason: null },
      { date: addDays(seoulDay, 2), kind: 'shop_holiday', reason: '내부 공사' },
    ]);
    expect(shopOnly.body.day_off_weekdays).toEqual([isoWeekdayOf(addDays(seoulDay, 1))]);
    expect(shopOnly.body.shop).toMatchObject({
      id: ids.raon,
      time_zone: 'Asia/Seoul',
      currency: 'KRW',
      slot_minutes: 30,
      is_booking_open: true,
      today: todayIn('Asia/Seoul'),
      last_bookable_date: addDays(todayIn('Asia/Seoul'), 90),
    });

    const withDesigner = await call<{ holiday_list: HolidayItem[] }>(
      'check_holiday',
      { shop_id: ids.raon!, designer_id: ids.boni!, ...range },
      cookies.alice,
    );
    if (!withDesigner.body.success) throw new Error(withDesigner.body.resMessage);
    expect(withDesigner.body.holiday_list.map((h) => [h.date, h.kind])).toEqual([
      [addDays(seoulDay, 1), 'shop_day_off'],
      [addDays(seoulDay, 2), 'shop_holiday'],
      [addDays(seoulDay, 3), 'designer_holiday'],
    ]);
  });

  it("refuses another server's shop, another shop's designer, a guest and a too-long range", async () => {
    expect(
      (await call('check_holiday', { shop_id: ids.ginza! }, cookies.alice)).body,
    ).toMatchObject({ resCode: 'NOT_FOUND' });
    expect(
      (
        await call(
          'check_holiday',
          { shop_id: ids.raon!, designer_id: ids.mirDesigner! },
          cookies.alice,
        )
      ).body,
    ).toMatchObject({ resCode: 'NOT_FOUND' });
    expect((await call('check_holiday', { shop_id: ids.raon! })).status).toBe(401);
    const tooLong = await call(
      'check_holiday',
      { shop_id: ids.raon!, start_date: seoulDay, end_date: addDays(seoulDay, 200) },
      cookies.alice,
    );
    expect(tooLong.body).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    const badDate = await call(
      'check_holiday',
      { shop_id: ids.raon!, start_date: '2026-02-30' },
      cookies.alice,
    );
    expect(badDate.status).toBe(400);
  });
});

describe('get_booking_time and get_booking_staff_and_menu', () => {
  it('lists the day at the slot step and marks booked and closed times unavailable', async () => {
    // 박보니 is taken 15:00–16:00 by bob's booking (with his own verified phone: with
    // another number he is refused first).
    const first = await call<{ booking: Booking }>(
      'add_booking',
      bookingFields({ time: '15:00', menu_ids: String(ids.cut), request_note: '' }),
      cookies.bob,
    );
    expect(first.body).toMatchObject({ resCode: 'PHONE_NOT_VERIFIED' });
    const booked = await call<{ booking: Booking }>(
      'add_booking',
      bookingFields({
        time: '15:00',
        menu_ids: String(ids.cut),
        request_note: '',
        booker_phone: cookies.bobPhone!,
      }),
      cookies.bob,
    );
    expect(booked.status).toBe(200);

    const res = await call<{ booking_time_list: BookingTime[]; duration_minutes: number }>(
      'get_booking_time',
      { shop_id: ids.raon!, date: seoulDay, designer_id: ids.boni!, menu_ids: String(ids.cut) },
      cookies.alice,
    );
    if (!res.body.success) throw new Error(res.body.resMessage);
    const list = res.body.booking_time_list;
    expect(res.body.duration_minutes).toBe(60);
    expect(list[0]).toEqual({ time: '10:00', available: true });
    expect(list.at(-1)).toEqual({ time: '19:30', available: false }); // designer ends 19:00
    const unavailable = list.filter((x) => !x.available).map((x) => x.time);
    expect(unavailable).toEqual(['14:30', '15:00', '15:30', '18:30', '19:00', '19:30']);

    // Without a designer: free if anyone is (최준 works 14:00–18:00 and is free at 15:00).
    const anyone = await call<{ booking_time_list: BookingTime[] }>(
      'get_booking_time',
      { shop_id: ids.raon!, date: seoulDay, menu_ids: String(ids.cut) },
      cookies.alice,
    );
    if (!anyone.body.success) throw new Error(anyone.body.resMessage);
    expect(anyone.body.booking_time_list.find((x) => x.time === '15:00')?.available).toBe(true);

    const staff = await call<{ booking_staff_list: BookingStaff[]; menu_list: { id: number }[] }>(
      'get_booking_staff_and_menu',
      { shop_id: ids.raon!, date: seoulDay, time: '15:00', menu_ids: String(ids.cut) },
      cookies.alice,
    );
    if (!staff.body.success) throw new Error(staff.body.resMessage);
    expect(staff.body.booking_staff_list.map((d) => [d.name, d.available])).toEqual([
      ['박보니', false],
      ['최준', true],
    ]);
    expect(staff.body.menu_list.map((m) => m.id)).toEqual([ids.cut, ids.color]);
    const noTime = await call<{ booking_staff_list: BookingStaff[] }>(
      'get_booking_staff_and_menu',
      { shop_id: ids.raon! },
      cookies.alice,
    );
    if (!noTime.body.success) throw new Error(noTime.body.resMessage);
    expect(noTime.body.booking_staff_list.every((d) => d.available === null)).toBe(true);
  });

  it('answers an empty day when closed, all unavailable in the past or when booking is closed', async () => {
    const dayOff = await call<{ booking_time_list: BookingTime[] }>(
      'get_booking_time',
      { shop_id: ids.raon!, date: addDays(seoulDay, 1) },
      cookies.alice,
    );
    expect(dayOff.body).toMatchObject({ success: true, booking_time_list: [] });
    const past = await call<{ booking_time_list: BookingTime[] }>(
      'get_booking_time',
      { shop_id: ids.raon!, date: addDays(todayIn('Asia/Seoul'), -1) },
      cookies.alice,
    );
    if (!past.body.success) throw new Error(past.body.resMessage);
    expect(past.body.booking_time_list.length).toBe(20);
    expect(past.body.booking_time_list.some((x) => x.available)).toBe(false);
    const closed = await call<{ booking_time_list: BookingTime[]; shop: BookingShop }>(
      'get_booking_time',
      { shop_id: ids.closed!, date: seoulDay },
      cookies.alice,
    );
    if (!closed.body.success) throw new Error(closed.body.resMessage);
    expect(closed.body.shop.is_booking_open).toBe(false);
    expect(closed.body.booking_time_list.some((x) => x.available)).toBe(false);
  });

  it("refuses another shop's menu or designer, an inactive one and another server's shop", async () => {
    const cases: Record<string, string | number>[] = [
      { shop_id: ids.raon!, date: seoulDay, menu_ids: String(ids.mirCut) },
      { shop_id: ids.raon!, date: seoulDay, menu_ids: String(ids.retired) },
      { shop_id: ids.raon!, date: seoulDay, designer_id: ids.mirDesigner! },
      { shop_id: ids.raon!, date: seoulDay, designer_id: ids.left! },
      { shop_id: ids.ginza!, date: seoulDay },
    ];
    for (const fields of cases) {
      const res = await call('get_booking_time', fields, cookies.alice);
      expect(res.status, JSON.stringify(fields)).toBe(404);
    }
    expect(
      (await call('get_booking_staff_and_menu', { shop_id: ids.ginza! }, cookies.alice)).status,
    ).toBe(404);
    expect((await call('get_booking_time', { shop_id: ids.raon!, date: seoulDay })).status).toBe(
      401,
    );
  });
});

describe('add_booking', () => {
  it('books, copies prices and durations, and answers the booking', async () => {
    const fields = bookingFields({ time: '11:00' });
    const { status, body } = await call<{ booking: Booking; replayed: boolean }>(
      'add_booking',
      fields,
      cookies.alice,
    );
    expect(status).toBe(200);
    if (!body.success) throw new Error(body.resMessage);
    expect(body.replayed).toBe(false);
    const b = body.booking;
    expect(b).toMatchObject({
      status: 'reserved',
      shop_id: ids.raon,
      shop_name: '헤어샵 라온',
      designer_id: ids.boni,
      designer_name: '박보니',
      date: seoulDay,
      time: '11:00',
      end_time: '13:30',
      time_zone: 'Asia/Seoul',
      total_price: 110_000,
      currency: 'KRW',
      booker_name: '김하늘',
      booker_phone: '010-2222-3333',
      request_note: '앞머리는 길게 남겨 주세요',
      payment_method: 'on_site',
      items: [
        { menu_id: ids.cut, name: '커트', price: 30_000, duration_minutes: 60 },
        { menu_id: ids.color, name: '염색', price: 80_000, duration_minutes: 90 },
      ],
    });
    expect(b.booking_number).toMatch(/^\d{6}-[A-Z2-9]{6}$/);
    expect(new Date(b.starts_at).getTime()).toBe(new Date(`${seoulDay}T11:00:00+09:00`).getTime());
    expect(new Date(b.ends_at).getTime() - new Date(b.starts_at).getTime()).toBe(150 * 60_000);

    // The same key again: the same booking, never a second one.
    const again = await call<{ booking: Booking; replayed: boolean }>(
      'add_booking',
      fields,
      cookies.alice,
    );
    // Read back from the database, the replay answers exactly what the first answer said.
    expect(again.body).toEqual({ success: true, replayed: true, booking: b });
    const rows = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.memberId, ids.alice!));
    expect(rows).toHaveLength(1);
    const items = await t.database.db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, b.booking_id));
    expect(items).toHaveLength(2);
  });

  it('answers a clash with the spec message, also to another member replaying the same key', async () => {
    const fields = bookingFields({ time: '12:00', menu_ids: String(ids.cut) });
    const clash = await call(
      'add_booking',
      { ...fields, booker_phone: cookies.bobPhone! },
      cookies.bob,
    );
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      success: false,
      resCode: 'RESERVATION_UNAVAILABLE',
      resMessage: '해당 시간에는 예약할 수 없습니다.',
    });
    // alice's key used by bob is just a new key for bob: he never sees alice's booking.
    const [aliceBooking] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.memberId, ids.alice!));
    const stolen = await call(
      'add_booking',
      bookingFields({
        time: '11:00',
        booker_phone: cookies.bobPhone!,
        idempotency_key: aliceBooking!.idempotencyKey!,
      }),
      cookies.bob,
    );
    expect(stolen.body).toMatchObject({ resCode: 'RESERVATION_UNAVAILABLE' });
  });

  it('frees the slot once the booking is cancelled', async () => {
    const db = t.database.db;
    const fields = bookingFields({ time: '17:00', menu_ids: String(ids.cut), request_note: '' });
    const first = await call<{ booking: Booking }>('add_booking', fields, cookies.alice);
    if (!first.body.success) throw new Error(first.body.resMessage);
    await db
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledAt: new Date(),
        cancelledBy: 'customer',
        cancelOrigin: 'customer_app',
      })
      .where(eq(bookings.id, first.body.booking.booking_id));
    const second = await call(
      'add_booking',
      { ...fields, idempotency_key: newKey() },
      cookies.alice,
    );
    expect(second.status).toBe(200);
  });

  it('books a Tokyo shop in yen on the jp server', async () => {
    const res = await postForm(
      t.app,
      `${base}/add_booking`,
      {
        shop_id: ids.ginza!,
        designer_id: ids.yuki!,
        date: tokyoDay,
        time: '10:30',
        menu_ids: String(ids.ginzaCut),
        booker_name: '田中 花子',
        booker_phone: '090-1234-5678',
        request_note: '前髪は長めにお願いします',
        agree_personal_info: '1',
        agree_third_party: '1',
        idempotency_key: newKey(),
      },
      { server: 'jp', headers: { ...as(cookies.hanako!).headers, 'accept-language': 'ja' } },
    );
    expect(res.statusCode).toBe(200);
    const booking = res.json<{ booking: Booking }>().booking;
    expect(booking).toMatchObject({
      currency: 'JPY',
      total_price: 6_600,
      time: '10:30',
      time_zone: 'Asia/Tokyo',
    });
    expect(new Date(booking.starts_at).toISOString()).toBe(
      new Date(`${tokyoDay}T10:30:00+09:00`).toISOString(),
    );
  });

  it('refuses what spec 5 forbids, each with its own message', async () => {
    const cases: [Record<string, string | number>, string, number, string?][] = [
      [{ agree_third_party: 'false' }, 'CONSENT_REQUIRED', 400],
      [{ agree_personal_info: '' }, 'CONSENT_REQUIRED', 400],
      [{ request_note: '시간을 3시로 변경해 주세요' }, 'REQUEST_NOTE_TIME_CHANGE', 400],
      [{ request_note: 'Could you move my appointment to 4pm?' }, 'REQUEST_NOTE_TIME_CHANGE', 400],
      [{ designer_id: '' }, 'RESERVATION_SELECTION_REQUIRED', 400],
      [{ menu_ids: '' }, 'RESERVATION_SELECTION_REQUIRED', 400],
      [{ booker_name: '  ' }, 'NAME_REQUIRED', 400],
      [{ booker_phone: '010-abcd' }, 'PHONE_DIGITS_ONLY', 400],
      [{ booker_phone: '02-123-4567' }, 'PHONE_FORMAT', 400],
      [{ booker_phone: '010-9999-8888' }, 'PHONE_NOT_VERIFIED', 403],
      [{ idempotency_key: 'short' }, 'VALIDATION_FAILED', 400],
      [{ time: '25:00' }, 'VALIDATION_FAILED', 400],
    ];
    for (const [overrides, code, status] of cases) {
      const fields = bookingFields({ time: '18:00', menu_ids: String(ids.cut), ...overrides });
      const res = await call('add_booking', fields, cookies.alice);
      expect([res.status, res.body], JSON.stringify(overrides)).toMatchObject([
        status,
        { success: false, resCode: code },
      ]);
    }
    const note = await call(
      'add_booking',
      bookingFields({
        time: '18:00',
        menu_ids: String(ids.cut),
        request_note: '시간 변경 부탁드려요',
      }),
      cookies.alice,
    );
    expect(note.body).toMatchObject({
      resMessage: expect.stringContaining('예약 시간을 변경할 수 없습니다') as unknown,
    });
  });

  it('refuses unavailable times: past, closed hours, day off, holiday, designer off, beyond the horizon', async () => {
    const today = todayIn('Asia/Seoul');
    const cases: Record<string, string | number>[] = [
      { date: addDays(today, -1), time: '11:00' },
      { time: '09:30' },
      { time: '19:00' }, // 60 minutes would end after the designer's 19:00
      { time: '11:15' }, // not on the 30-minute step
      { date: addDays(seoulDay, 1) },
      { date: addDays(seoulDay, 2) },
      { date: addDays(seoulDay, 3) },
      { date: addDays(today, 91) },
      { designer_id: ids.jun!, time: '12:00' }, // 최준 starts at 14:00 that day
    ];
    for (const overrides of cases) {
      const res = await call(
        'add_booking',
        bookingFields({ menu_ids: String(ids.cut), request_note: '', ...overrides }),
        cookies.alice,
      );
      expect([res.status, res.body], JSON.stringify(overrides)).toMatchObject([
        409,
        { resCode: 'RESERVATION_UNAVAILABLE' },
      ]);
    }
  });

  it('refuses unknown or foreign ids, a closed shop, an unverified phone and a guest', async () => {
    const cases: [Record<string, string | number>, string, string?][] = [
      [{ menu_ids: `${ids.cut},${ids.mirCut}` }, 'NOT_FOUND'],
      [{ menu_ids: String(ids.retired) }, 'NOT_FOUND'],
      [{ designer_id: ids.mirDesigner! }, 'NOT_FOUND'],
      [{ designer_id: ids.left! }, 'NOT_FOUND'],
      [{ shop_id: ids.ginza! }, 'NOT_FOUND'],
      [{ shop_id: 999_999 }, 'NOT_FOUND'],
      [
        { shop_id: ids.closed!, designer_id: ids.closedDesigner!, menu_ids: String(ids.closedCut) },
        'SHOP_NOT_TAKING_RESERVATIONS',
      ],
    ];
    for (const [overrides, code] of cases) {
      const res = await call(
        'add_booking',
        bookingFields({ time: '18:00', ...overrides }),
        cookies.alice,
      );
      expect(res.body, JSON.stringify(overrides)).toMatchObject({ success: false, resCode: code });
    }
    const closedMsg = await call(
      'add_booking',
      bookingFields({
        shop_id: ids.closed!,
        designer_id: ids.closedDesigner!,
        menu_ids: String(ids.closedCut),
      }),
      cookies.alice,
    );
    expect(closedMsg.body).toMatchObject({ resMessage: '현재 매장에서 예약을 받을 수 없습니다.' });
    const unverified = await call(
      'add_booking',
      bookingFields({ time: '18:00', booker_phone: '010-4444-5555' }),
      cookies.unverified,
    );
    expect(unverified.body).toMatchObject({ resCode: 'PHONE_NOT_VERIFIED' });
    const guest = await call('add_booking', bookingFields({ time: '18:00' }));
    expect(guest.status).toBe(401);
    // None of the refusals left a row behind.
    const [{ n }] = (
      await t.database.db.execute(
        sql`select count(*)::int as n from bookings where starts_at = ${new Date(`${seoulDay}T18:00:00+09:00`).toISOString()}::timestamptz`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(0);
  });

  it('lets exactly one of many simultaneous overlapping requests win (PGlite or PostgreSQL)', async () => {
    const db = t.database.db;
    const members = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const m = await buildMember(db, { phone: `010-7000-${String(1000 + i)}` });
        return { cookie: await buildSession(db, m.id), phone: m.phone! };
      }),
    );
    const results = await Promise.all(
      members.map((m, i) =>
        call(
          'add_booking',
          bookingFields({
            designer_id: ids.jun!,
            time: i % 2 === 0 ? '14:00' : '14:30',
            menu_ids: String(ids.cut),
            booker_phone: m.phone,
            request_note: '',
          }),
          m.cookie,
        ),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.body).toMatchObject({ resCode: 'RESERVATION_UNAVAILABLE' });
    }
    const overlapping = await db.execute(sql`
      select count(*)::int as n from bookings a join bookings b
        on a.designer_id = b.designer_id and a.id < b.id
       and a.status <> 'cancelled' and b.status <> 'cancelled'
       and tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)`);
    expect(overlapping.rows[0]).toEqual({ n: 0 });
  });

  it('answers ten simultaneous twins of one key with the one booking (PGlite or PostgreSQL)', async () => {
    const db = t.database.db;
    const m = await buildMember(db, { phone: '010-7100-1000' });
    const cookie = await buildSession(db, m.id);
    const fields = bookingFields({
      designer_id: ids.jun!,
      time: '16:00',
      menu_ids: String(ids.cut),
      booker_phone: m.phone!,
      request_note: '',
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<{ booking: Booking; replayed: boolean }>('add_booking', fields, cookie),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array<number>(10).fill(200));
    const bookingIds = new Set(
      results.map((r) => (r.body as { booking: Booking }).booking.booking_id),
    );
    expect(bookingIds.size).toBe(1);
    const rows = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from bookings where member_id = ${m.id}`,
    );
    expect(rows.rows[0]).toEqual({ n: 1 });
  });

  it('keeps shops apart: the closed flag of one shop never blocks another', async () => {
    await t.database.db.update(shops).set({ isBookingOpen: true }).where(eq(shops.id, ids.closed!));
    const res = await call(
      'add_booking',
      bookingFields({
        shop_id: ids.closed!,
        designer_id: ids.closedDesigner!,
        menu_ids: String(ids.closedCut),
        time: '18:00',
      }),
      cookies.alice,
    );
    expect(res.status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BookingDetail, ConsoleBooking, ConsoleSchedule } from '@carol/contracts';
import {
  bookings,
  designerHolidays,
  designerWorkingHours,
  shopHolidays,
  shops,
} from '../../../db/schema/index.js';
import {
  buildConsoleKey,
  buildDesigner,
  buildMember,
  buildSession,
  buildShop,
} from '../../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../../test/app.js';
import { startTestSmtp, type TestSmtp } from '../../../../test/smtp.js';
import { buildBooking, fromNow, hours } from '../booking-fixtures.js';

let t: TestApp;
let smtp: TestSmtp;
const CONSOLE = '/shop-api/console/booking';

const ctx = {} as {
  shopId: number;
  key: string;
  designerId: number;
  otherShopId: number;
  otherKey: string;
  otherDesignerId: number;
  memberId: number;
  memberEmail: string;
  token: string;
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    COOKIE_SECURE: 'false',
    SMTP_URL: smtp.url,
    APP_BASE_URL: 'https://carol.example',
  });
  const db = t.database.db;
  const shop = await buildShop(db, { name: '헤어샵 라온' });
  const other = await buildShop(db, { name: '다른 살롱' });
  const member = await buildMember(db, { email: 'console-member@example.test', language: 'ja' });
  Object.assign(ctx, {
    shopId: shop.id,
    key: await buildConsoleKey(db, shop.id),
    designerId: (await buildDesigner(db, shop.id, { name: '박보니' })).id,
    otherShopId: other.id,
    otherKey: await buildConsoleKey(db, other.id),
    otherDesignerId: (await buildDesigner(db, other.id)).id,
    memberId: member.id,
    memberEmail: member.email!,
    token: await buildSession(db, member.id),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The console calls with JSON, as a device would. */
function consoleCall(
  path: string,
  body: Record<string, unknown> = {},
  key: string | null = ctx.key,
) {
  return t.app.inject({
    method: 'POST',
    url: `${CONSOLE}/${path}`,
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
    payload: { server: 'kr', country_code: 'kr', ...body },
  });
}

const newDesigner = async (shopId = ctx.shopId) => (await buildDesigner(t.database.db, shopId)).id;
const booking = async (o: Partial<Parameters<typeof buildBooking>[1]> & { startsAt: Date }) =>
  buildBooking(t.database.db, {
    memberId: ctx.memberId,
    shopId: ctx.shopId,
    designerId: await newDesigner(o.shopId ?? ctx.shopId),
    ...o,
  });
const rowOf = async (id: number) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

describe('console authentication', () => {
  it('refuses calls without a key, with a wrong or revoked key, and with a member session', async () => {
    expect((await consoleCall('get_schedule', {}, null)).statusCode).toBe(401);
    expect((await consoleCall('get_schedule', {}, 'y'.repeat(43))).statusCode).toBe(401);
    const revoked = await buildConsoleKey(t.database.db, ctx.shopId, { revokedAt: new Date() });
    expect(
      (await consoleCall('set_booking_open', { is_booking_open: false }, revoked)).statusCode,
    ).toBe(401);
    const asMember = await t.app.inject({
      method: 'POST',
      url: `${CONSOLE}/set_booking_open`,
      headers: { cookie: `carol_sid=${ctx.token}` },
      payload: { server: 'kr', country_code: 'kr', is_booking_open: false },
    });
    expect(asMember.statusCode).toBe(401);
    expect(
      (await t.database.db.select().from(shops).where(eq(shops.id, ctx.shopId)))[0]?.isBookingOpen,
    ).toBe(true);
  });
});

describe('shop holidays', () => {
  it('adds, re-labels and removes a holiday; the schedule shows it', async () => {
    const add = await consoleCall('set_shop_holiday', { date: '2030-01-01', reason: '신정' });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ success: true, date: '2030-01-01', reason: '신정' });
    const relabel = await consoleCall('set_shop_holiday', { date: '2030-01-01', reason: '설날' });
    expect(relabel.json()).toMatchObject({ reason: '설날' });
    const rows = await t.database.db
      .select()
      .from(shopHolidays)
      .where(eq(shopHolidays.shopId, ctx.shopId));
    expect(rows.map((r) => [r.date, r.reason])).toEqual([['2030-01-01', '설날']]);
    const schedule = (await consoleCall('get_schedule')).json<{ schedule: ConsoleSchedule }>()
      .schedule;
    expect(schedule).toMatchObject({
      shop_id: ctx.shopId,
      time_zone: 'Asia/Seoul',
      is_booking_open: true,
    });
    expect(schedule.holidays).toEqual([{ date: '2030-01-01', reason: '설날' }]);

    const del = await consoleCall('delete_shop_holiday', { date: '2030-01-01' });
    expect(del.statusCode).toBe(200);
    const again = await consoleCall('delete_shop_holiday', { date: '2030-01-01' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ success: false, resCode: 'NOT_FOUND' });
  });

  it('validates the date', async () => {
    for (const date of ['2030-13-01', '2030-02-30', '01/01/2030', '']) {
      expect((await consoleCall('set_shop_holiday', { date })).statusCode).toBe(400);
    }
  });

  it("never touches another shop's holidays", async () => {
    await consoleCall('set_shop_holiday', { date: '2030-02-02' }, ctx.otherKey);
    const res = await consoleCall('delete_shop_holiday', { date: '2030-02-02' });
    expect(res.statusCode).toBe(404);
    const theirs = await t.database.db
      .select()
      .from(shopHolidays)
      .where(and(eq(shopHolidays.shopId, ctx.otherShopId), eq(shopHolidays.date, '2030-02-02')));
    expect(theirs).toHaveLength(1);
    const schedule = (await consoleCall('get_schedule')).json<{ schedule: ConsoleSchedule }>()
      .schedule;
    expect(schedule.holidays.some((h) => h.date === '2030-02-02')).toBe(false);
  });
});

describe('designer hours and holidays', () => {
  it('sets the given weekdays only (JSON array), and form-data sends the array as a JSON string', async () => {
    const designerId = await newDesigner();
    const res = await consoleCall('set_designer_working_hours', {
      designer_id: designerId,
      hours: [
        { weekday: 1, starts_at: '11:00', ends_at: '20:30' },
        { weekday: 7, is_off: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      working_hours: Array<{
        weekday: number;
        is_off: boolean;
        starts_at: string | null;
        ends_at: string | null;
      }>;
    }>();
    expect(body.working_hours).toHaveLength(7);
    expect(body.working_hours[0]).toEqual({
      weekday: 1,
      is_off: false,
      starts_at: '11:00',
      ends_at: '20:30',
    });
    expect(body.working_hours[1]).toEqual({
      weekday: 2,
      is_off: false,
      starts_at: '10:00',
      ends_at: '19:00',
    });
    expect(body.working_hours[6]).toEqual({
      weekday: 7,
      is_off: true,
      starts_at: null,
      ends_at: null,
    });

    const form = await postForm(
      t.app,
      `${CONSOLE}/set_designer_working_hours`,
      { designer_id: designerId, hours: JSON.stringify([{ weekday: 2, is_off: '1' }]) },
      { headers: { authorization: `Bearer ${ctx.key}` } },
    );
    expect(form.statusCode, form.body).toBe(200);
    const [tuesday] = await t.database.db
      .select()
      .from(designerWorkingHours)
      .where(
        and(eq(designerWorkingHours.designerId, designerId), eq(designerWorkingHours.weekday, 2)),
      );
    expect(tuesday).toMatchObject({ isOff: true, startsAt: null, endsAt: null });
  });

  it('refuses hours that end before they start, a repeated weekday, missing times, bad weekdays', async () => {
    const designerId = await newDesigner();
    const cases: unknown[] = [
      [{ weekday: 1, starts_at: '19:00', ends_at: '10:00' }],
      [{ weekday: 1, starts_at: '10:00', ends_at: '10:00' }],
      [
        { weekday: 3, is_off: true },
        { weekday: 3, starts_at: '10:00', ends_at: '12:00' },
      ],
      [{ weekday: 4, starts_at: '10:00' }],
    ];
    for (const hours of cases) {
      const res = await consoleCall('set_designer_working_hours', {
        designer_id: designerId,
        hours,
      });
      expect(res.statusCode, JSON.stringify(hours)).toBe(400);
      expect(res.json()).toMatchObject({ resCode: 'WORKING_HOURS_INVALID' });
    }
    for (const hours of [
      [{ weekday: 8, is_off: true }],
      [],
      [{ weekday: 1, starts_at: '25:00', ends_at: '26:00' }],
      'nope',
    ]) {
      const res = await consoleCall('set_designer_working_hours', {
        designer_id: designerId,
        hours,
      });
      expect(res.statusCode).toBe(400);
    }
    const rows = await t.database.db
      .select()
      .from(designerWorkingHours)
      .where(eq(designerWorkingHours.designerId, designerId));
    expect(rows.every((r) => r.startsAt === '10:00:00' && r.endsAt === '19:00:00')).toBe(true);
  });

  it('adds and removes designer holidays', async () => {
    const designerId = await newDesigner();
    const add = await consoleCall('set_designer_holiday', {
      designer_id: designerId,
      date: '2030-03-03',
    });
    expect(add.json()).toEqual({ success: true, designer_id: designerId, date: '2030-03-03' });
    // Idempotent.
    expect(
      (await consoleCall('set_designer_holiday', { designer_id: designerId, date: '2030-03-03' }))
        .statusCode,
    ).toBe(200);
    const schedule = (await consoleCall('get_schedule')).json<{ schedule: ConsoleSchedule }>()
      .schedule;
    expect(schedule.designers.find((d) => d.designer_id === designerId)?.holidays).toEqual([
      '2030-03-03',
    ]);
    expect(
      (
        await consoleCall('delete_designer_holiday', {
          designer_id: designerId,
          date: '2030-03-03',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await consoleCall('delete_designer_holiday', {
          designer_id: designerId,
          date: '2030-03-03',
        })
      ).statusCode,
    ).toBe(404);
  });

  it("answers NOT_FOUND for another shop's designer and changes nothing", async () => {
    const theirs = ctx.otherDesignerId;
    const hours = await consoleCall('set_designer_working_hours', {
      designer_id: theirs,
      hours: [{ weekday: 1, is_off: true }],
    });
    expect(hours.statusCode).toBe(404);
    expect(
      (await consoleCall('set_designer_holiday', { designer_id: theirs, date: '2030-04-04' }))
        .statusCode,
    ).toBe(404);
    await consoleCall(
      'set_designer_holiday',
      { designer_id: theirs, date: '2030-04-05' },
      ctx.otherKey,
    );
    expect(
      (await consoleCall('delete_designer_holiday', { designer_id: theirs, date: '2030-04-05' }))
        .statusCode,
    ).toBe(404);
    const [monday] = await t.database.db
      .select()
      .from(designerWorkingHours)
      .where(and(eq(designerWorkingHours.designerId, theirs), eq(designerWorkingHours.weekday, 1)));
    expect(monday?.isOff).toBe(false);
    const days = await t.database.db
      .select()
      .from(designerHolidays)
      .where(eq(designerHolidays.designerId, theirs));
    expect(days.map((d) => d.date)).toEqual(['2030-04-05']);
    const schedule = (await consoleCall('get_schedule')).json<{ schedule: ConsoleSchedule }>()
      .schedule;
    expect(schedule.designers.some((d) => d.designer_id === theirs)).toBe(false);
  });
});

describe('get_booking_list', () => {
  it("lists the shop's bookings by shop-local date, with booker details; never another shop's", async () => {
    const designerId = await newDesigner();
    // 2031-03-04 00:30 in Seoul is 2031-03-03 15:30 UTC; 23:30 Seoul is 14:30 UTC the same day.
    const early = await booking({
      designerId,
      startsAt: new Date('2031-03-03T15:30:00Z'),
      bookerName: '이른 손님',
    });
    const late = await booking({
      designerId,
      startsAt: new Date('2031-03-04T14:30:00Z'),
      status: 'cancelled',
    });
    await booking({ designerId, startsAt: new Date('2031-03-04T15:30:00Z') }); // 03-05 local
    await booking({ shopId: ctx.otherShopId, startsAt: new Date('2031-03-04T03:00:00Z') });

    const res = await consoleCall('get_booking_list', { from: '2031-03-04', to: '2031-03-04' });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ booking_list: ConsoleBooking[] }>().booking_list;
    expect(list.map((b) => b.booking_id)).toEqual([early.id, late.id]);
    expect(list[0]).toMatchObject({
      date: '2031-03-04',
      time: '00:30',
      booker_name: '이른 손님',
      booker_phone: '010-1234-5678',
      status: 'reserved',
    });
    expect(list[1]).toMatchObject({ time: '23:30', status: 'cancelled' });

    const onlyReserved = await consoleCall('get_booking_list', {
      from: '2031-03-04',
      to: '2031-03-05',
      status: 'reserved',
    });
    expect(onlyReserved.json<{ booking_list: ConsoleBooking[] }>().booking_list).toHaveLength(2);
    const byDesigner = await consoleCall('get_booking_list', {
      from: '2031-03-01',
      to: '2031-03-31',
      designer_id: designerId,
    });
    expect(byDesigner.json<{ booking_list: ConsoleBooking[] }>().booking_list).toHaveLength(3);
  });

  it('refuses a reversed or too long range', async () => {
    for (const range of [
      { from: '2031-03-05', to: '2031-03-04' },
      { from: '2031-01-01', to: '2031-03-04' },
    ]) {
      const res = await consoleCall('get_booking_list', range);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resCode: 'DATE_RANGE_INVALID' });
    }
    expect(
      (await consoleCall('get_booking_list', { from: '2031-01-01', to: '2031-03-03' })).statusCode,
    ).toBe(200);
  });
});

describe('set_booking_visited', () => {
  it('marks a visit complete; the member sees it visited and can review it', async () => {
    const b = await booking({ startsAt: fromNow(hours(-1)) });
    const res = await consoleCall('set_booking_visited', { booking_id: b.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ booking: ConsoleBooking }>().booking).toMatchObject({ status: 'visited' });
    const again = await consoleCall('set_booking_visited', { booking_id: b.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ resCode: 'BOOKING_ALREADY_VISITED' });
    const detail = await postForm(
      t.app,
      '/shop-api/carol/booking/get_user_booking_detail',
      { booking_id: b.id },
      { headers: { cookie: `carol_sid=${ctx.token}` } },
    );
    expect(detail.json<{ detail: BookingDetail }>().detail).toMatchObject({
      status: 'visited',
      reviewable: true,
    });
    const review = await postForm(
      t.app,
      '/shop-api/carol/booking/add_review',
      { booking_id: b.id, rating: 5, body: '最高でした' },
      { headers: { cookie: `carol_sid=${ctx.token}` } },
    );
    expect(review.statusCode, review.body).toBe(200);
  });

  it('refuses before the start, a cancelled booking, and another shop’s booking', async () => {
    const future = await booking({ startsAt: fromNow(hours(5)) });
    expect(
      (await consoleCall('set_booking_visited', { booking_id: future.id })).json(),
    ).toMatchObject({
      resCode: 'VISIT_BEFORE_START',
    });
    const cancelled = await booking({ startsAt: fromNow(hours(-5)), status: 'cancelled' });
    expect(
      (await consoleCall('set_booking_visited', { booking_id: cancelled.id })).json(),
    ).toMatchObject({
      resCode: 'BOOKING_ALREADY_CANCELLED',
    });
    const theirs = await booking({ shopId: ctx.otherShopId, startsAt: fromNow(hours(-5)) });
    const res = await consoleCall('set_booking_visited', { booking_id: theirs.id });
    expect(res.statusCode).toBe(404);
    expect((await rowOf(theirs.id)).status).toBe('reserved');
  });
});

describe('cancel_booking (as the shop)', () => {
  it('cancels as the shop from the system, and mails the member in their language with the reason', async () => {
    const b = await booking({ startsAt: new Date('2031-06-01T01:00:00Z') });
    const res = await consoleCall('cancel_booking', {
      booking_id: b.id,
      reason: '디자이너 개인 사정',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ booking: ConsoleBooking }>().booking).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'shop',
      cancel_origin: 'system',
    });
    expect(await rowOf(b.id)).toMatchObject({ cancelledBy: 'shop', cancelOrigin: 'system' });

    // The member (language ja) is told, with the calendar event marked cancelled.
    const mail = await smtp.nextMailTo(ctx.memberEmail);
    expect(mail.subject).toBe('【Carol】 헤어샵 라온のご予約がサロンによりキャンセルされました');
    expect(mail.text).toContain('キャンセル理由：디자이너 개인 사정');
    expect(mail.text).toContain(`予約番号：${b.bookingNumber}`);
    expect(mail.text).toContain('2031年6月1日');
    expect(mail.text).toContain('https://carol.example/mypage/reservation/cancelled');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.content).toContain('STATUS:CANCELLED');

    const detail = await postForm(
      t.app,
      '/shop-api/carol/booking/get_user_booking_detail',
      { booking_id: b.id },
      { headers: { cookie: `carol_sid=${ctx.token}` } },
    );
    expect(detail.json<{ detail: BookingDetail }>().detail).toMatchObject({
      cancelled_by: 'shop',
      cancel_origin: 'system',
      can_delete: true,
    });
  });

  it('may cancel after the start (a no-show), but not a visited or already cancelled booking', async () => {
    const noShow = await booking({ startsAt: fromNow(hours(-2)) });
    expect((await consoleCall('cancel_booking', { booking_id: noShow.id })).statusCode).toBe(200);
    await smtp.nextMailTo(ctx.memberEmail);
    expect((await consoleCall('cancel_booking', { booking_id: noShow.id })).json()).toMatchObject({
      resCode: 'BOOKING_ALREADY_CANCELLED',
    });
    const visited = await booking({ startsAt: fromNow(hours(-3)), status: 'visited' });
    expect((await consoleCall('cancel_booking', { booking_id: visited.id })).json()).toMatchObject({
      resCode: 'BOOKING_ALREADY_VISITED',
    });
  });

  it("answers NOT_FOUND for another shop's booking and leaves it alone", async () => {
    const theirs = await booking({ shopId: ctx.otherShopId, startsAt: fromNow(hours(20)) });
    const res = await consoleCall('cancel_booking', { booking_id: theirs.id });
    expect(res.statusCode).toBe(404);
    expect((await rowOf(theirs.id)).status).toBe('reserved');
  });
});

describe('set_booking_open', () => {
  it('closes and reopens booking for the key’s shop only (JSON booleans and form flags)', async () => {
    const isOpen = async (id: number) =>
      (await t.database.db.select().from(shops).where(eq(shops.id, id)))[0]?.isBookingOpen;
    const close = await consoleCall('set_booking_open', { is_booking_open: false });
    expect(close.json()).toEqual({ success: true, is_booking_open: false });
    expect(await isOpen(ctx.shopId)).toBe(false);
    expect(await isOpen(ctx.otherShopId)).toBe(true);
    const schedule = (await consoleCall('get_schedule')).json<{ schedule: ConsoleSchedule }>()
      .schedule;
    expect(schedule.is_booking_open).toBe(false);
    const open = await postForm(
      t.app,
      `${CONSOLE}/set_booking_open`,
      { is_booking_open: 'true' },
      { headers: { authorization: `Bearer ${ctx.key}` } },
    );
    expect(open.json()).toEqual({ success: true, is_booking_open: true });
    expect(await isOpen(ctx.shopId)).toBe(true);
    expect((await consoleCall('set_booking_open', { is_booking_open: 'maybe' })).statusCode).toBe(
      400,
    );
  });
});

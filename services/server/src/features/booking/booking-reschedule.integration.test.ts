import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  todayIn,
  zonedInstantOf,
  type BookingDetail,
  type ConsoleBooking,
} from '@carol/contracts';
import { bookings, designers, localJobs } from '../../db/schema/index.js';
import { createLocalQueue } from '../../jobs/local-queue.js';
import type { JobPayloads, Keyed } from '../../jobs/queue.js';
import {
  buildConsoleKey,
  buildDesigner,
  buildMember,
  buildSession,
  buildShop,
} from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { buildBooking } from './booking-fixtures.js';
import { rescheduleBooking } from './booking-reschedule.service.js';

let t: TestApp;
let smtp: TestSmtp;
const BASE = '/shop-api/carol/booking';
const CONSOLE = '/shop-api/console/booking';
const zone = 'Asia/Seoul';
/** Five days ahead in Seoul: far from any cut-off, inside the bookable horizon. */
const day = addDays(todayIn(zone), 5);
const at = (time: string, date = day) => {
  const [h, m] = time.split(':').map(Number);
  return zonedInstantOf(date, h! * 60 + m!, zone);
};

const ctx = {} as {
  shopId: number;
  key: string;
  otherShopId: number;
  otherKey: string;
  otherDesignerId: number;
  memberId: number;
  email: string;
  token: string;
  otherToken: string;
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
  const member = await buildMember(db, { email: 'move-member@example.test', language: 'ko' });
  const stranger = await buildMember(db);
  Object.assign(ctx, {
    shopId: shop.id,
    key: await buildConsoleKey(db, shop.id),
    otherShopId: other.id,
    otherKey: await buildConsoleKey(db, other.id),
    otherDesignerId: (await buildDesigner(db, other.id)).id,
    memberId: member.id,
    email: member.email!,
    token: await buildSession(db, member.id),
    otherToken: await buildSession(db, stranger.id),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const designer = async (name = '박보니') =>
  (await buildDesigner(t.database.db, ctx.shopId, { name })).id;

/** The member's 60-minute booking on `day` at `time` with a designer of its own. */
async function mine(time: string, designerId?: number) {
  return buildBooking(t.database.db, {
    memberId: ctx.memberId,
    shopId: ctx.shopId,
    designerId: designerId ?? (await designer()),
    startsAt: at(time),
  });
}

const move = (fields: Record<string, string | number>, token = ctx.token) =>
  postForm(t.app, `${BASE}/change_user_booking`, fields, {
    headers: { cookie: `carol_sid=${token}`, 'accept-language': 'ko' },
  });

const consoleCall = (path: string, body: Record<string, unknown>, key = ctx.key) =>
  t.app.inject({
    method: 'POST',
    url: `${CONSOLE}/${path}`,
    payload: { server: 'kr', country_code: 'kr', ...body },
    headers: { authorization: `Bearer ${key}`, 'accept-language': 'ko' },
  });

const rowOf = async (id: number) =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** Unfolds an .ics and reads one property's value. */
const icsValue = (ics: string, name: string) =>
  new RegExp(`^${name}:(.*)$`, 'm').exec(ics.replace(/\r\n[ \t]/g, ''))?.[1]?.replace(/\r$/, '');

const reminderJobs = async (bookingId: number) =>
  (await t.database.db.select().from(localJobs).where(eq(localJobs.task, 'booking-reminder')))
    .map((job) => job.payload as Keyed<JobPayloads['booking-reminder']>)
    .filter((payload) => payload.bookingId === bookingId);

describe('change_user_booking (the member moves a booking)', () => {
  it('moves to another free time and designer, keeping id, number and treatments', async () => {
    const booking = await mine('11:00');
    const next = await designer('김하나');
    const res = await move({
      booking_id: booking.id,
      designer_id: next,
      date: day,
      time: '15:00',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ detail: BookingDetail; moved: boolean }>();
    expect(body.moved).toBe(true);
    expect(body.detail).toMatchObject({
      booking_id: booking.id,
      booking_number: booking.bookingNumber,
      designer_id: next,
      designer_name: '김하나',
      date: day,
      time: '15:00',
      status: 'reserved',
      total_price: booking.totalPrice,
      can_reschedule: true,
    });
    expect(body.detail.rescheduled_at).not.toBeNull();
    const row = await rowOf(booking.id);
    expect(row.startsAt.toISOString()).toBe(at('15:00').toISOString());
    expect(row.endsAt.toISOString()).toBe(at('16:00').toISOString());
    expect(row.revision).toBe(1);
    expect(row.bookingNumber).toBe(booking.bookingNumber);
    await smtp.nextMailTo(ctx.email);
  });

  it('mails the member the new time with the calendar event of the same UID and SEQUENCE 1', async () => {
    const booking = await mine('11:00');
    const res = await move({
      booking_id: booking.id,
      designer_id: booking.designerId,
      date: day,
      time: '14:00',
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.nextMailTo(ctx.email);
    expect(mail.subject).toContain('헤어샵 라온 예약이');
    expect(mail.subject).toContain('14:00(으)로 변경되었습니다');
    expect(mail.text).toContain(`예약번호: ${booking.bookingNumber} (변경 없음)`);
    expect(mail.text).toMatch(/변경 전: .*11:00/);
    const ics = mail.attachments[0]!.content;
    expect(icsValue(ics, 'UID')).toBe(`booking-${booking.bookingNumber}@carol.example`);
    expect(icsValue(ics, 'SEQUENCE')).toBe('1');
    expect(icsValue(ics, 'DTSTART')).toBe(
      at('14:00')
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/[-:]/g, ''),
    );
    // The .ics download now carries the same revision.
    const download = await t.app.inject({
      method: 'GET',
      url: `${BASE}/get_booking_ics?booking_id=${booking.id}`,
      headers: { cookie: `carol_sid=${ctx.token}` },
    });
    expect(icsValue(download.body, 'SEQUENCE')).toBe('1');
  });

  it('schedules the reminders of the new start in the same transaction', async () => {
    const booking = await mine('11:00');
    const res = await move({
      booking_id: booking.id,
      designer_id: booking.designerId,
      date: addDays(day, 1),
      time: '13:00',
    });
    expect(res.statusCode).toBe(200);
    const jobs = await reminderJobs(booking.id);
    expect(jobs.map((j) => j.startsAt)).toContain(at('13:00', addDays(day, 1)).toISOString());
    expect(jobs.map((j) => j.offsetMinutes).sort((a, b) => a - b)).toEqual([120, 1440]);
    await smtp.nextMailTo(ctx.email);
  });

  it('moves by half an hour with the same designer (its own old range does not block it)', async () => {
    const booking = await mine('11:00');
    const res = await move({
      booking_id: booking.id,
      designer_id: booking.designerId,
      date: day,
      time: '11:30',
    });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(booking.id)).startsAt.toISOString()).toBe(at('11:30').toISOString());
    await smtp.nextMailTo(ctx.email);
  });

  it('offers the times overlapping its own for the move, only to its member (get_booking_time)', async () => {
    const booking = await mine('11:00');
    const times = (fields: Record<string, string | number>, token = ctx.token) =>
      postForm(t.app, `${BASE}/get_booking_time`, fields, {
        headers: { cookie: `carol_sid=${token}`, 'accept-language': 'ko' },
      });
    const free = async (fields: Record<string, string | number>) => {
      const res = await times(fields);
      expect(res.statusCode).toBe(200);
      const list = res.json<{ booking_time_list: { time: string; available: boolean }[] }>()
        .booking_time_list;
      return new Set(list.filter((s) => s.available).map((s) => s.time));
    };
    const day0 = { shop_id: ctx.shopId, date: day, designer_id: booking.designerId };
    // For a new booking its own hour is taken; for its move 11:00 and 11:30 are offered.
    const plain = await free(day0);
    expect(plain.has('11:00') || plain.has('11:30')).toBe(false);
    const moving = await free({ ...day0, booking_id: booking.id });
    expect(moving.has('11:00')).toBe(true);
    expect(moving.has('11:30')).toBe(true);
    // Another member's booking, another shop, an unknown id: NOT_FOUND (nothing revealed).
    expect((await times({ ...day0, booking_id: booking.id }, ctx.otherToken)).statusCode).toBe(404);
    expect(
      (await times({ shop_id: ctx.otherShopId, date: day, booking_id: booking.id })).statusCode,
    ).toBe(404);
    expect((await times({ ...day0, booking_id: 987_654 })).statusCode).toBe(404);
  });

  it('answers a repeated request unchanged (moved false, no second revision, no mail)', async () => {
    const booking = await mine('11:00');
    const fields = {
      booking_id: booking.id,
      designer_id: booking.designerId,
      date: day,
      time: '16:00',
    };
    expect((await move(fields)).statusCode).toBe(200);
    await smtp.nextMailTo(ctx.email);
    const again = await move(fields);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ moved: boolean }>().moved).toBe(false);
    expect((await rowOf(booking.id)).revision).toBe(1);
  });

  it('refuses a taken time and leaves the booking where it was', async () => {
    const booking = await mine('11:00');
    const busy = await designer();
    await buildBooking(t.database.db, {
      memberId: ctx.memberId,
      shopId: ctx.shopId,
      designerId: busy,
      startsAt: at('15:00'),
    });
    const res = await move({ booking_id: booking.id, designer_id: busy, date: day, time: '15:30' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      resCode: 'RESERVATION_UNAVAILABLE',
      resMessage: '해당 시간에는 예약할 수 없습니다.',
    });
    const row = await rowOf(booking.id);
    expect(row.startsAt.toISOString()).toBe(at('11:00').toISOString());
    expect(row.designerId).toBe(booking.designerId);
    expect(row.revision).toBe(0);
  });

  it('keeps the old booking when the exclusion constraint refuses the move (taken meanwhile)', async () => {
    const booking = await mine('11:00');
    const target = await designer();
    // A booking of the target time committed between the check and the UPDATE: inserted in
    // the move's own transaction, so the UPDATE itself meets it at the constraint.
    await expect(
      rescheduleBooking(
        { db: t.database.db, jobs: createLocalQueue(t.database.db) },
        { memberId: ctx.memberId },
        { booking_id: booking.id, designer_id: target, date: day, time: '17:00' },
        {
          beforeUpdate: async (tx) => {
            await tx.insert(bookings).values({
              bookingNumber: `CLASH-${booking.id}`,
              memberId: ctx.memberId,
              shopId: ctx.shopId,
              designerId: target,
              startsAt: at('17:00'),
              endsAt: at('18:00'),
              bookerName: '경쟁자',
              bookerPhone: '010-0000-0000',
              totalPrice: 0,
              currency: 'KRW',
            });
          },
        },
      ),
    ).rejects.toMatchObject({ code: 'RESERVATION_UNAVAILABLE' });
    const row = await rowOf(booking.id);
    expect(row.startsAt.toISOString()).toBe(at('11:00').toISOString());
    expect(row.status).toBe('reserved');
    expect(row.revision).toBe(0);
  });

  it('refuses after the salon’s cut-off, with the minutes in the message', async () => {
    const designerId = await designer();
    const soon = await buildBooking(t.database.db, {
      memberId: ctx.memberId,
      shopId: ctx.shopId,
      designerId,
      startsAt: new Date(Date.now() + 30 * 60_000),
    });
    const res = await move({
      booking_id: soon.id,
      designer_id: designerId,
      date: day,
      time: '12:00',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      resCode: 'RESCHEDULE_PAST_CUTOFF',
      resMessage: '예약 시작 60분 전부터는 예약을 변경할 수 없습니다. 매장에 문의해 주세요.',
    });
    const detail = await postForm(
      t.app,
      `${BASE}/get_user_booking_detail`,
      { booking_id: soon.id },
      { headers: { cookie: `carol_sid=${ctx.token}` } },
    );
    expect(detail.json<{ detail: BookingDetail }>().detail.can_reschedule).toBe(false);
  });

  it('answers another member’s booking as not found', async () => {
    const booking = await mine('11:00');
    const res = await move(
      { booking_id: booking.id, designer_id: booking.designerId, date: day, time: '13:00' },
      ctx.otherToken,
    );
    expect(res.statusCode).toBe(404);
    expect((await rowOf(booking.id)).startsAt.toISOString()).toBe(at('11:00').toISOString());
  });

  it('refuses a designer who does not offer the salon’s menus (another salon’s or inactive)', async () => {
    const booking = await mine('11:00');
    const elsewhere = await move({
      booking_id: booking.id,
      designer_id: ctx.otherDesignerId,
      date: day,
      time: '13:00',
    });
    expect(elsewhere.statusCode).toBe(404);
    const gone = await designer();
    await t.database.db.update(designers).set({ isActive: false }).where(eq(designers.id, gone));
    const inactive = await move({
      booking_id: booking.id,
      designer_id: gone,
      date: day,
      time: '13:00',
    });
    expect(inactive.statusCode).toBe(404);
    expect((await rowOf(booking.id)).designerId).toBe(booking.designerId);
  });

  it('refuses a cancelled booking and closed hours, and validates the request', async () => {
    const designerId = await designer();
    const cancelled = await buildBooking(t.database.db, {
      memberId: ctx.memberId,
      shopId: ctx.shopId,
      designerId,
      startsAt: at('11:00'),
      status: 'cancelled',
    });
    const res = await move({
      booking_id: cancelled.id,
      designer_id: designerId,
      date: day,
      time: '13:00',
    });
    expect(res.json()).toMatchObject({ resCode: 'BOOKING_ALREADY_CANCELLED' });
    const booking = await mine('11:00');
    const night = await move({
      booking_id: booking.id,
      designer_id: booking.designerId,
      date: day,
      time: '21:00',
    });
    expect(night.json()).toMatchObject({ resCode: 'RESERVATION_UNAVAILABLE' });
    const bad = await move({
      booking_id: booking.id,
      designer_id: booking.designerId,
      date: day,
      time: '9am',
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await postForm(t.app, `${BASE}/change_user_booking`, {
      booking_id: booking.id,
      designer_id: booking.designerId,
      date: day,
      time: '13:00',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('console: move_booking and the cut-off setting', () => {
  it('lets the shop move a booking inside the member’s cut-off; the member is mailed', async () => {
    const designerId = await designer();
    const soon = await buildBooking(t.database.db, {
      memberId: ctx.memberId,
      shopId: ctx.shopId,
      designerId,
      startsAt: new Date(Date.now() + 30 * 60_000),
    });
    const res = await consoleCall('move_booking', {
      booking_id: soon.id,
      designer_id: designerId,
      date: day,
      time: '18:00',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ booking: ConsoleBooking; moved: boolean }>();
    expect(body.moved).toBe(true);
    expect(body.booking).toMatchObject({
      booking_id: soon.id,
      booking_number: soon.bookingNumber,
      date: day,
      time: '18:00',
    });
    expect(body.booking.rescheduled_at).not.toBeNull();
    const mail = await smtp.nextMailTo(ctx.email);
    expect(mail.subject).toContain('예약 시간을');
    expect(icsValue(mail.attachments[0]!.content, 'SEQUENCE')).toBe('1');
    // The salon's list shows the booking at its new time, marked as moved.
    const list = await consoleCall('get_booking_list', { from: day, to: day });
    const listed = list
      .json<{ booking_list: ConsoleBooking[] }>()
      .booking_list.find((b) => b.booking_id === soon.id);
    expect(listed?.time).toBe('18:00');
    expect(listed?.rescheduled_at).not.toBeNull();
  });

  it('answers another shop’s booking as not found and refuses a taken time', async () => {
    const booking = await mine('11:00');
    const foreign = await consoleCall(
      'move_booking',
      { booking_id: booking.id, designer_id: ctx.otherDesignerId, date: day, time: '13:00' },
      ctx.otherKey,
    );
    expect(foreign.statusCode).toBe(404);
    const busy = await designer();
    await buildBooking(t.database.db, {
      memberId: ctx.memberId,
      shopId: ctx.shopId,
      designerId: busy,
      startsAt: at('13:00'),
    });
    const taken = await consoleCall('move_booking', {
      booking_id: booking.id,
      designer_id: busy,
      date: day,
      time: '13:00',
    });
    expect(taken.statusCode).toBe(409);
    expect((await rowOf(booking.id)).startsAt.toISOString()).toBe(at('11:00').toISOString());
  });

  it('reads and sets the cut-off (10 min to 7 days), which the member is then held to', async () => {
    const read = await consoleCall('get_reschedule_settings', {});
    expect(read.json()).toMatchObject({ settings: { cutoff_minutes: 60 } });
    expect((await consoleCall('set_reschedule_settings', { cutoff_minutes: 5 })).statusCode).toBe(
      400,
    );
    const set = await consoleCall('set_reschedule_settings', { cutoff_minutes: 10 });
    expect(set.json()).toMatchObject({ settings: { cutoff_minutes: 10 } });
    const designerId = await designer();
    const soon = await buildBooking(t.database.db, {
      memberId: ctx.memberId,
      shopId: ctx.shopId,
      designerId,
      startsAt: new Date(Date.now() + 30 * 60_000),
    });
    const res = await move({
      booking_id: soon.id,
      designer_id: designerId,
      date: day,
      time: '12:00',
    });
    expect(res.statusCode).toBe(200);
    await smtp.nextMailTo(ctx.email);
    // The other shop's setting is untouched.
    const other = await consoleCall('get_reschedule_settings', {}, ctx.otherKey);
    expect(other.json()).toMatchObject({ settings: { cutoff_minutes: 60 } });
    await consoleCall('set_reschedule_settings', { cutoff_minutes: 60 });
  });
});

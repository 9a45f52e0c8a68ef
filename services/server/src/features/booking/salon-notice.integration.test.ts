import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn, zonedInstantOf } from '@carol/contracts';
import { formatDate } from '@carol/i18n';
import { messageDeliveries } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import {
  buildConsoleKey,
  buildDesigner,
  buildMember,
  buildSession,
  buildShop,
} from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { linkKeyOf, reminderLinks } from '../reminders/reminders.service.js';
import { buildBooking } from './booking-fixtures.js';
import { cancelBookingAsCustomer } from './booking-history.service.js';
import { rescheduleBooking } from './booking-reschedule.service.js';
import { cancelBookingAsShop } from './console/console-booking.service.js';
import { salonNoticeMail } from './notifications/booking-mail.service.js';

// The salon's booking notices (ADR 062): a member's move or cancellation mails the salon's
// notice address once, in the salon's language; the salon's own console actions do not.

let t: TestApp;
let smtp: TestSmtp;
const BASE = '/shop-api/carol/booking';
const CONSOLE = '/shop-api/console/booking';
const secret = 'salon-notice-link-secret-for-tests-0123456789';
const zone = 'Asia/Seoul';
const day = addDays(todayIn(zone), 5);
const at = (time: string, date = day) => {
  const [h, m] = time.split(':').map(Number);
  return zonedInstantOf(date, h! * 60 + m!, zone);
};
const fullDate = (instant: Date, language: 'ko' | 'en' | 'ja') =>
  formatDate(instant, language, zone, { dateStyle: 'full' });

const ctx = {} as {
  shopId: number;
  key: string;
  quietShopId: number;
  quietKey: string;
  jpKey: string;
  memberId: number;
  email: string;
  token: string;
};
const salonAddress = 'owner@raon-salon.test';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    COOKIE_SECURE: 'false',
    SMTP_URL: smtp.url,
    APP_BASE_URL: 'https://carol.example',
    MAIL_FROM: 'Carol <no-reply@carol.example>',
    REMINDER_LINK_SECRET: secret,
  });
  const db = t.database.db;
  const shop = await buildShop(db, { name: '헤어샵 라온' });
  const quiet = await buildShop(db, { name: '조용한 살롱' });
  const jp = await buildShop(db, { server: 'jp' });
  const member = await buildMember(db, { email: 'notice-member@example.test', language: 'ko' });
  Object.assign(ctx, {
    shopId: shop.id,
    key: await buildConsoleKey(db, shop.id),
    quietShopId: quiet.id,
    quietKey: await buildConsoleKey(db, quiet.id),
    jpKey: await buildConsoleKey(db, jp.id),
    memberId: member.id,
    email: member.email!,
    token: await buildSession(db, member.id),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const consoleCall = (path: string, body: Record<string, unknown>, key: string | null = ctx.key) =>
  t.app.inject({
    method: 'POST',
    url: `${CONSOLE}/${path}`,
    payload: { server: 'kr', country_code: 'kr', ...body },
    headers: {
      'accept-language': 'ko',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
  });

const memberCall = (path: string, fields: Record<string, string | number>) =>
  postForm(t.app, `${BASE}/${path}`, fields, {
    headers: { cookie: `carol_sid=${ctx.token}`, 'accept-language': 'ko' },
  });

/** The member's 60-minute booking on `day` at `time`, with a designer of its own. */
async function booked(shopId: number, time: string, designerName = '박보니') {
  const designerId = (await buildDesigner(t.database.db, shopId, { name: designerName })).id;
  const booking = await buildBooking(t.database.db, {
    memberId: ctx.memberId,
    shopId,
    designerId,
    startsAt: at(time),
    items: [{ name: '여성 컷', price: 30_000, minutes: 60 }],
  });
  return { booking, designerId };
}

/** The salon notices handed to the mail server for a booking (keys recorded by deliverOnce). */
const salonDeliveries = async (bookingId: number) =>
  (await t.database.db.select().from(messageDeliveries))
    .map((row) => row.key)
    .filter(
      (key) =>
        key.startsWith(`booking-salon-rescheduled-${bookingId}-`) ||
        key === `booking-salon-cancelled-${bookingId}`,
    )
    .sort();

/** A queue that only records what is stored with a change (no worker runs its jobs). */
function recordingQueue() {
  const stored: Array<{ task: string; payload: { kind?: string }; key: string | undefined }> = [];
  const jobs: JobQueue = {
    kind: 'local',
    enqueue(_tx, task, payload, options = {}) {
      stored.push({ task, payload: payload as { kind?: string }, key: options.key });
      return Promise.resolve(options.key ?? 'random');
    },
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
  const salonKinds = () =>
    stored
      .map((job) => job.payload.kind ?? '')
      .filter((kind) => kind.startsWith('salon-'))
      .sort();
  return { jobs, stored, salonKinds };
}

const mailsAbout = (to: string, bookingNumber: string) =>
  smtp.mails.filter((m) => m.to.includes(to) && m.subject.includes(bookingNumber));

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('console: get_notice_settings / set_notice_settings', () => {
  it('starts with no address in the market’s language (ko in Korea, ja in Japan)', async () => {
    const kr = await consoleCall('get_notice_settings', {}, ctx.quietKey);
    expect(kr.statusCode).toBe(200);
    expect(kr.json()).toMatchObject({ settings: { notice_email: null, notice_language: 'ko' } });
    const jp = await consoleCall('get_notice_settings', {}, ctx.jpKey);
    expect(jp.json()).toMatchObject({ settings: { notice_email: null, notice_language: 'ja' } });
  });

  it('sets and reads back the address (normalized) and the language, for its own shop only', async () => {
    const set = await consoleCall('set_notice_settings', {
      notice_email: ' Owner@Raon-Salon.TEST ',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      settings: { notice_email: salonAddress, notice_language: 'ko' },
    });
    const en = await consoleCall('set_notice_settings', {
      notice_email: salonAddress,
      notice_language: 'en',
    });
    expect(en.json()).toMatchObject({ settings: { notice_language: 'en' } });
    // Leaving the language out keeps it.
    await consoleCall('set_notice_settings', { notice_email: salonAddress });
    const read = await consoleCall('get_notice_settings', {});
    expect(read.json()).toMatchObject({
      settings: { notice_email: salonAddress, notice_language: 'en' },
    });
    const other = await consoleCall('get_notice_settings', {}, ctx.quietKey);
    expect(other.json()).toMatchObject({ settings: { notice_email: null } });
    await consoleCall('set_notice_settings', { notice_email: salonAddress, notice_language: 'ko' });
  });

  it('switches off with null (JSON) or an empty form field', async () => {
    const off = await consoleCall('set_notice_settings', { notice_email: null }, ctx.quietKey);
    expect(off.json()).toMatchObject({ settings: { notice_email: null } });
    await consoleCall('set_notice_settings', { notice_email: 'x@quiet.test' }, ctx.quietKey);
    const form = await postForm(
      t.app,
      `${CONSOLE}/set_notice_settings`,
      { notice_email: '' },
      { headers: { authorization: `Bearer ${ctx.quietKey}` } },
    );
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ settings: { notice_email: null } });
  });

  it('refuses a bad address or language (localized), a missing or member credential', async () => {
    const bad = await consoleCall('set_notice_settings', { notice_email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      resCode: 'VALIDATION_FAILED',
      resMessage: '입력하신 정보가 올바르지 않습니다.',
    });
    const missing = await consoleCall('set_notice_settings', {});
    expect(missing.statusCode).toBe(400);
    const language = await consoleCall('set_notice_settings', {
      notice_email: salonAddress,
      notice_language: 'fr',
    });
    expect(language.statusCode).toBe(400);
    const anonymous = await consoleCall('set_notice_settings', { notice_email: 'a@b.test' }, null);
    expect(anonymous.statusCode).toBe(401);
    expect((await consoleCall('get_notice_settings', {}, null)).statusCode).toBe(401);
    const forged = await consoleCall('get_notice_settings', {}, 'not-a-key');
    expect(forged.statusCode).toBe(401);
    const member = await postForm(
      t.app,
      `${CONSOLE}/get_notice_settings`,
      {},
      { headers: { cookie: `carol_sid=${ctx.token}` } },
    );
    expect(member.statusCode).toBe(401);
    // Nothing changed.
    const read = await consoleCall('get_notice_settings', {});
    expect(read.json()).toMatchObject({
      settings: { notice_email: salonAddress, notice_language: 'ko' },
    });
  });
});

describe('a member moves a booking', () => {
  it('mails the salon once, in its language, with the previous and the new time', async () => {
    const { booking } = await booked(ctx.shopId, '11:00');
    const next = (await buildDesigner(t.database.db, ctx.shopId, { name: '김하나' })).id;
    const res = await memberCall('change_user_booking', {
      booking_id: booking.id,
      designer_id: next,
      date: day,
      time: '15:00',
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.nextMailTo(salonAddress);
    expect(mail.subject).toBe(
      `[캐롤] 예약 변경 알림: 김하늘님 ${fullDate(at('15:00'), 'ko')} 15:00 (예약번호 ${booking.bookingNumber})`,
    );
    expect(mail.text).toContain('헤어샵 라온의 예약을 고객이 캐롤에서 변경했습니다.');
    expect(mail.text).toContain(`예약번호: ${booking.bookingNumber} (변경 없음)`);
    expect(mail.text).toContain('고객: 김하늘님');
    expect(mail.text).toContain(`변경 전: ${fullDate(at('11:00'), 'ko')} 11:00 (박보니)`);
    expect(mail.text).toContain(`변경 후: ${fullDate(at('15:00'), 'ko')} 15:00 (60분)`);
    expect(mail.text).toContain('디자이너: 김하나');
    expect(mail.text).toContain('시술: 여성 컷');
    expect(mail.attachments).toHaveLength(0);
    expect(mail.messageId).toBe(`<booking-salon-rescheduled-${booking.id}-1@carol.example>`);
    // The member has their own mail; the salon exactly one, also after a retried request.
    await smtp.nextMailTo(ctx.email);
    const again = await memberCall('change_user_booking', {
      booking_id: booking.id,
      designer_id: next,
      date: day,
      time: '15:00',
    });
    expect(again.json()).toMatchObject({ moved: false });
    await settle();
    expect(mailsAbout(salonAddress, booking.bookingNumber)).toHaveLength(1);
    expect(await salonDeliveries(booking.id)).toEqual([
      `booking-salon-rescheduled-${booking.id}-1`,
    ]);
  });

  it('tells the salon of each move once (a key per revision)', async () => {
    const { booking, designerId } = await booked(ctx.shopId, '10:00');
    for (const time of ['12:00', '13:00']) {
      const res = await memberCall('change_user_booking', {
        booking_id: booking.id,
        designer_id: designerId,
        date: day,
        time,
      });
      expect(res.statusCode).toBe(200);
      await smtp.nextMailTo(ctx.email);
    }
    const first = await smtp.nextMailTo(salonAddress);
    const second = await smtp.nextMailTo(salonAddress);
    const texts = [first.text, second.text].sort();
    expect(texts.some((x) => x.includes(`변경 전: ${fullDate(at('10:00'), 'ko')} 10:00`))).toBe(
      true,
    );
    expect(texts.some((x) => x.includes(`변경 후: ${fullDate(at('13:00'), 'ko')} 13:00`))).toBe(
      true,
    );
    await settle();
    expect(await salonDeliveries(booking.id)).toEqual([
      `booking-salon-rescheduled-${booking.id}-1`,
      `booking-salon-rescheduled-${booking.id}-2`,
    ]);
  });

  it('does not mail the salon a move it made itself through the console; the member is mailed', async () => {
    const { booking, designerId } = await booked(ctx.shopId, '16:00');
    const res = await consoleCall('move_booking', {
      booking_id: booking.id,
      designer_id: designerId,
      date: day,
      time: '17:00',
    });
    expect(res.statusCode).toBe(200);
    await smtp.nextMailTo(ctx.email);
    await settle();
    expect(mailsAbout(salonAddress, booking.bookingNumber)).toHaveLength(0);
    expect(await salonDeliveries(booking.id)).toEqual([]);
  });
});

describe('a member cancels a booking', () => {
  it('mails the salon in its notice language (cancel_user_booking)', async () => {
    await consoleCall('set_notice_settings', { notice_email: salonAddress, notice_language: 'ja' });
    const { booking } = await booked(ctx.shopId, '18:00');
    const res = await memberCall('cancel_user_booking', { booking_id: booking.id });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.nextMailTo(salonAddress);
    expect(mail.subject).toBe(
      `【Carol】予約キャンセルのお知らせ：김하늘様 ${fullDate(at('18:00'), 'ja')} 18:00（予約番号 ${booking.bookingNumber}）`,
    );
    expect(mail.text).toContain('헤어샵 라온のご予約が、お客様によりCarolでキャンセルされました。');
    expect(mail.text).toContain(`日時：${fullDate(at('18:00'), 'ja')} 18:00（60分）`);
    expect(mail.text).toContain('担当：박보니');
    expect(mail.messageId).toBe(`<booking-salon-cancelled-${booking.id}@carol.example>`);
    // A second tap is refused and stores nothing more.
    const again = await memberCall('cancel_user_booking', { booking_id: booking.id });
    expect(again.statusCode).toBe(409);
    await settle();
    expect(mailsAbout(salonAddress, booking.bookingNumber)).toHaveLength(1);
    expect(await salonDeliveries(booking.id)).toEqual([`booking-salon-cancelled-${booking.id}`]);
    await consoleCall('set_notice_settings', { notice_email: salonAddress, notice_language: 'ko' });
  });

  it('mails the salon for the one-tap cancel link of a reminder too (in English)', async () => {
    await consoleCall('set_notice_settings', { notice_email: salonAddress, notice_language: 'en' });
    const { booking } = await booked(ctx.shopId, '19:00');
    // The cancel link of the booking's reminder mail: https://carol.example/r/<token>.
    const link = reminderLinks(linkKeyOf(secret), 'https://carol.example', booking).cancel;
    const token = new URL(link).pathname.replace(/^\/r\//, '');
    const res = await postForm(t.app, '/api/carol/reminders/cancel_by_link', { token });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.nextMailTo(salonAddress);
    expect(mail.subject).toBe(
      `[Carol] Reservation cancelled: 김하늘, ${fullDate(at('19:00'), 'en')} 19:00 (no. ${booking.bookingNumber})`,
    );
    expect(mail.text).toContain('A customer cancelled their reservation at 헤어샵 라온 on Carol.');
    expect(mail.text).toContain('Treatments: 여성 컷');
    await consoleCall('set_notice_settings', { notice_email: salonAddress, notice_language: 'ko' });
  });

  it('does not mail the salon its own cancellation; the member is mailed', async () => {
    const { booking } = await booked(ctx.shopId, '20:00');
    const res = await consoleCall('cancel_booking', { booking_id: booking.id });
    expect(res.statusCode).toBe(200);
    await smtp.nextMailTo(ctx.email);
    await settle();
    expect(mailsAbout(salonAddress, booking.bookingNumber)).toHaveLength(0);
    expect(await salonDeliveries(booking.id)).toEqual([]);
  });

  it('sends nothing when the address was switched off before the job ran', async () => {
    const { booking } = await booked(ctx.shopId, '09:00');
    const payload = { kind: 'salon-cancelled', bookingId: booking.id } as const;
    // The job reads the address when it runs: the current setting wins.
    expect((await salonNoticeMail({ db: t.database.db }, payload))?.to).toBe(salonAddress);
    await consoleCall('set_notice_settings', { notice_email: null });
    expect(await salonNoticeMail({ db: t.database.db }, payload)).toBeNull();
    await consoleCall('set_notice_settings', { notice_email: salonAddress });
  });
});

describe('what is stored with the change', () => {
  const move = (bookingId: number, designerId: number, time: string) => ({
    booking_id: bookingId,
    designer_id: designerId,
    date: day,
    time,
  });

  it('a member’s move stores the salon’s notice; the salon’s own move does not', async () => {
    const db = t.database.db;
    const mine = await booked(ctx.shopId, '11:00');
    const byMember = recordingQueue();
    await rescheduleBooking(
      { db, jobs: byMember.jobs },
      { memberId: ctx.memberId },
      move(mine.booking.id, mine.designerId, '13:30'),
    );
    expect(byMember.salonKinds()).toEqual(['salon-rescheduled']);
    expect(byMember.stored.map((job) => job.key)).toContain(
      `booking-salon-rescheduled-${mine.booking.id}-1`,
    );
    const byShop = recordingQueue();
    await rescheduleBooking(
      { db, jobs: byShop.jobs },
      { shopId: ctx.shopId },
      move(mine.booking.id, mine.designerId, '14:30'),
    );
    expect(byShop.stored.map((job) => job.payload.kind)).toContain('rescheduled');
    expect(byShop.salonKinds()).toEqual([]);
  });

  it('no notice address: a member’s move or cancellation stores no salon job', async () => {
    const db = t.database.db;
    const quiet = await booked(ctx.quietShopId, '11:00');
    const moved = recordingQueue();
    await rescheduleBooking(
      { db, jobs: moved.jobs },
      { memberId: ctx.memberId },
      move(quiet.booking.id, quiet.designerId, '15:30'),
    );
    expect(moved.stored.map((job) => job.payload.kind)).toContain('rescheduled');
    expect(moved.salonKinds()).toEqual([]);
    const cancelled = recordingQueue();
    await cancelBookingAsCustomer(db, cancelled.jobs, ctx.memberId, quiet.booking.id);
    expect(cancelled.salonKinds()).toEqual([]);
  });

  it('a member’s cancellation stores the salon’s notice; the salon’s own does not', async () => {
    const db = t.database.db;
    const first = await booked(ctx.shopId, '10:30');
    const byMember = recordingQueue();
    await cancelBookingAsCustomer(db, byMember.jobs, ctx.memberId, first.booking.id);
    expect(byMember.salonKinds()).toEqual(['salon-cancelled']);
    const second = await booked(ctx.shopId, '12:30');
    const byShop = recordingQueue();
    await cancelBookingAsShop({ db, jobs: byShop.jobs }, ctx.shopId, second.booking.id, undefined);
    expect(byShop.stored.map((job) => job.payload.kind)).toContain('shop-cancellation');
    expect(byShop.salonKinds()).toEqual([]);
  });
});

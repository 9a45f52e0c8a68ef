import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayIn, zonedInstantOf } from '@carol/contracts';
import { bookings, localJobs, members } from '../../db/schema/index.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import {
  buildBooking as buildBookingRow,
  buildConsoleKey,
  buildDesigner,
  buildMember,
  buildMenu,
  buildSession,
  buildShop,
} from '../../../test/factories.js';
import { smsOutbox } from '../../../test/sms-outbox.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { createLocalQueue } from '../../jobs/local-queue.js';
import type { JobPayloads, Keyed } from '../../jobs/queue.js';
import { deliverOnce } from '../../jobs/tasks.js';
import { createSmtpMailer } from '../../lib/mail.js';
import { createOutboxSms } from '../../lib/sms.js';
import { signReminderLink } from './reminder-links.js';
import {
  cancelByLink,
  linkKeyOf,
  scheduleReminders,
  sendReminder,
  type ReminderSendDeps,
} from './reminders.service.js';

const secret = 'reminder-link-secret-for-tests-0123456789';
const linkKey = linkKeyOf(secret);
const quiet = { info() {}, error() {} };
let t: TestApp;
let smtp: TestSmtp;
let smsDir: string;
let sendDeps: ReminderSendDeps;

beforeAll(async () => {
  smtp = await startTestSmtp();
  smsDir = mkdtempSync(join(tmpdir(), 'carol-reminders-'));
  t = await createTestApp({
    SMTP_URL: smtp.url,
    SMS_OUTBOX_DIR: smsDir,
    APP_BASE_URL: 'https://carol.example',
    REMINDER_LINK_SECRET: secret,
    COOKIE_SECURE: 'false',
  });
  const db = t.database.db;
  sendDeps = {
    db,
    mailer: createSmtpMailer(smtp.url, 'Carol <no-reply@carol.example>'),
    sms: createOutboxSms(smsDir, quiet),
    linkKey,
    appBaseUrl: 'https://carol.example',
    mailFrom: 'Carol <no-reply@carol.example>',
    deliverOnce: (key, channel, send) => deliverOnce(db, key, channel, send),
  };
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  rmSync(smsDir, { recursive: true, force: true });
});

/** A booking whose contact number is its member's (SMS reminders go to the booking's number). */
async function buildBooking(
  db: Parameters<typeof buildBookingRow>[0],
  fixture: Parameters<typeof buildBookingRow>[1],
) {
  const row = await buildBookingRow(db, fixture);
  const [member] = await db.select().from(members).where(eq(members.id, fixture.memberId));
  await db.update(bookings).set({ bookerPhone: member!.phone! }).where(eq(bookings.id, row.id));
  return row;
}

/** Moves a booking (reschedule is not built yet): same length, another start. */
async function moveBooking(bookingId: number, startsAt: Date) {
  await t.database.db
    .update(bookings)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) })
    .where(eq(bookings.id, bookingId));
}

let phoneSequence = 0;
async function salonWithMember(options: { timeZone?: string; language?: 'ko' | 'en' | 'ja' } = {}) {
  const db = t.database.db;
  const shop = await buildShop(db, {
    name: '리마인더 살롱',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
  const designer = await buildDesigner(db, shop.id, { name: '알림 디자이너' });
  const menu = await buildMenu(db, shop.id, { name: '커트', durationMinutes: 60 });
  const n = ++phoneSequence;
  const phone = `010-7${String(n).padStart(3, '0')}-${String(1000 + n)}`;
  const member = await buildMember(db, {
    phone,
    email: `reminder-${n}@example.test`,
    language: options.language ?? 'ko',
  });
  return { shop, designer, menu, member, phone, cookie: await buildSession(db, member.id) };
}

const reminderJobs = async (bookingId: number) =>
  (await t.database.db.select().from(localJobs).where(eq(localJobs.task, 'booking-reminder')))
    .map((job) => ({ ...job, payload: job.payload as Keyed<JobPayloads['booking-reminder']> }))
    .filter((job) => job.payload.bookingId === bookingId)
    .sort((a, b) => a.runAt.getTime() - b.runAt.getTime());

describe('scheduling with the booking', () => {
  it('stores the 24 h and 2 h reminders in the booking transaction, due at their times', async () => {
    const s = await salonWithMember();
    const date = addDays(todayIn('Asia/Seoul'), 5);
    const res = await postForm(
      t.app,
      '/shop-api/carol/booking/add_booking',
      {
        shop_id: s.shop.id,
        designer_id: s.designer.id,
        date,
        time: '11:00',
        menu_ids: s.menu.id,
        booker_name: '김하늘',
        booker_phone: s.phone,
        agree_personal_info: 'true',
        agree_third_party: 'true',
        idempotency_key: `reminder-${s.member.id}`,
      },
      { headers: { cookie: `carol_sid=${s.cookie}`, 'accept-language': 'ko' } },
    );
    expect(res.statusCode).toBe(200);
    const [booking] = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.memberId, s.member.id));
    const start = zonedInstantOf(date, 11 * 60, 'Asia/Seoul');
    expect(booking!.startsAt.getTime()).toBe(start.getTime());
    const jobs = await reminderJobs(booking!.id);
    expect(jobs.map((j) => [j.payload.offsetMinutes, j.runAt.toISOString()])).toEqual([
      [1440, new Date(start.getTime() - 24 * 3_600_000).toISOString()],
      [120, new Date(start.getTime() - 2 * 3_600_000).toISOString()],
    ]);
  });

  it("follows the salon's settings set through the console API", async () => {
    const s = await salonWithMember();
    const key = await buildConsoleKey(t.database.db, s.shop.id);
    const auth = { authorization: `Bearer ${key}` };
    const get = await postForm(
      t.app,
      '/shop-api/console/reminders/get_settings',
      {},
      { headers: auth },
    );
    expect(get.json()).toMatchObject({
      settings: { is_enabled: true, offsets_minutes: [1440, 120] },
    });

    const set = await postForm(
      t.app,
      '/shop-api/console/reminders/set_settings',
      { is_enabled: 'true', offsets_minutes: '[60, 2880]' },
      { headers: auth },
    );
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      settings: { is_enabled: true, offsets_minutes: [2880, 60] },
    });

    // Refused: an offset under 30 minutes, a repeated one, and no key.
    for (const offsets of ['[10]', '[60, 60]', '[60, 120, 180, 240]']) {
      const bad = await postForm(
        t.app,
        '/shop-api/console/reminders/set_settings',
        { is_enabled: 'true', offsets_minutes: offsets },
        { headers: auth },
      );
      expect(bad.statusCode).toBe(400);
    }
    const anonymous = await postForm(t.app, '/shop-api/console/reminders/set_settings', {
      is_enabled: 'false',
    });
    expect(anonymous.statusCode).toBe(401);

    const booking = await buildBooking(t.database.db, {
      memberId: s.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt: zonedInstantOf(addDays(todayIn('Asia/Seoul'), 6), 15 * 60, 'Asia/Seoul'),
    });
    await t.database.db.transaction((tx) =>
      scheduleReminders(tx, createLocalQueue(t.database.db), booking.id),
    );
    expect((await reminderJobs(booking.id)).map((j) => j.payload.offsetMinutes)).toEqual([
      2880, 60,
    ]);

    // Switched off: a new booking gets none.
    await postForm(
      t.app,
      '/shop-api/console/reminders/set_settings',
      { is_enabled: 'false' },
      { headers: auth },
    );
    const later = await buildBooking(t.database.db, {
      memberId: s.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt: zonedInstantOf(addDays(todayIn('Asia/Seoul'), 7), 15 * 60, 'Asia/Seoul'),
    });
    expect(
      await scheduleReminders(t.database.db, createLocalQueue(t.database.db), later.id),
    ).toEqual([]);
  });
});

describe("the member's channels", () => {
  it('reads and switches each channel; refuses a bad value and a signed-out call', async () => {
    const s = await salonWithMember();
    const headers = { cookie: `carol_sid=${s.cookie}` };
    const read = await postForm(t.app, '/api/carol/mypage/get_reminder_settings', {}, { headers });
    expect(read.json()).toMatchObject({ settings: { email: true, sms: true } });
    const off = await postForm(
      t.app,
      '/api/carol/mypage/set_reminder_settings',
      { sms: 'false' },
      { headers },
    );
    expect(off.json()).toMatchObject({ settings: { email: true, sms: false } });
    const bad = await postForm(
      t.app,
      '/api/carol/mypage/set_reminder_settings',
      { email: 'maybe' },
      { headers },
    );
    expect(bad.statusCode).toBe(400);
    const anonymous = await postForm(t.app, '/api/carol/mypage/get_reminder_settings', {});
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('sending, with the clock moved', () => {
  it("sends mail and SMS once at the due time, in the member's language and the salon's zone", async () => {
    const s = await salonWithMember({ timeZone: 'Asia/Tokyo', language: 'ja' });
    const startsAt = zonedInstantOf(addDays(todayIn('Asia/Tokyo'), 10), 14 * 60, 'Asia/Tokyo');
    const booking = await buildBooking(t.database.db, {
      memberId: s.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt,
      currency: 'JPY',
    });
    await scheduleReminders(t.database.db, createLocalQueue(t.database.db), booking.id);
    const [first] = await reminderJobs(booking.id);
    const due = first!.runAt;
    expect(await sendReminder(sendDeps, first!.payload, due)).toBe('sent');
    const mail = await smtp.nextMailTo(s.member.email!);
    expect(mail.subject).toContain('ご予約のお知らせ');
    expect(mail.subject).toContain('14:00');
    const view = /https:\/\/carol\.example\/r\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(mail.text);
    expect(view).not.toBeNull();
    const sms = await smsOutbox(smsDir).waitFor(s.phone);
    expect(sms.text).toContain('ご予約のお知らせ');
    // The same job again (a retry, a duplicate): nothing more is sent.
    expect(await sendReminder(sendDeps, first!.payload, due)).toBe('duplicate');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.filter((m) => m.to.includes(s.member.email!))).toHaveLength(1);
    expect(smsOutbox(smsDir).to(s.phone)).toHaveLength(1);
  });

  it('sends nothing for a booking cancelled, moved or started since it was scheduled', async () => {
    const s = await salonWithMember();
    const startsAt = zonedInstantOf(addDays(todayIn('Asia/Seoul'), 10), 15 * 60, 'Asia/Seoul');
    const other = await buildDesigner(t.database.db, s.shop.id);
    const make = (designerId: number) =>
      buildBooking(t.database.db, {
        memberId: s.member.id,
        shopId: s.shop.id,
        designerId,
        startsAt,
      });
    const queue = createLocalQueue(t.database.db);
    const cancelled = await make(s.designer.id);
    const moved = await make(other.id);
    for (const b of [cancelled, moved]) await scheduleReminders(t.database.db, queue, b.id);
    await t.database.db
      .update(bookings)
      .set({
        status: 'cancelled',
        cancelledBy: 'customer',
        cancelOrigin: 'customer_app',
        cancelledAt: new Date(),
      })
      .where(eq(bookings.id, cancelled.id));
    await moveBooking(moved.id, new Date(startsAt.getTime() + 3_600_000));
    for (const b of [cancelled, moved]) {
      const [job] = await reminderJobs(b.id);
      expect(await sendReminder(sendDeps, job!.payload, job!.runAt)).toBe('stale');
    }
    // Rescheduling the moved booking stores new keys; the old jobs stay stale.
    await scheduleReminders(t.database.db, queue, moved.id);
    const jobs = await reminderJobs(moved.id);
    const current = jobs.filter(
      (j) => j.payload.startsAt === new Date(startsAt.getTime() + 3_600_000).toISOString(),
    );
    expect(current).toHaveLength(2);
    expect(
      await sendReminder(sendDeps, current[0]!.payload, new Date(startsAt.getTime() + 7_200_000)),
    ).toBe('stale');
  });

  it('sends only the channels the member left on', async () => {
    const s = await salonWithMember();
    await postForm(
      t.app,
      '/api/carol/mypage/set_reminder_settings',
      { email: 'false' },
      {
        headers: { cookie: `carol_sid=${s.cookie}` },
      },
    );
    const booking = await buildBooking(t.database.db, {
      memberId: s.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt: zonedInstantOf(addDays(todayIn('Asia/Seoul'), 10), 16 * 60, 'Asia/Seoul'),
    });
    await scheduleReminders(t.database.db, createLocalQueue(t.database.db), booking.id);
    const [job] = await reminderJobs(booking.id);
    expect(await sendReminder(sendDeps, job!.payload, job!.runAt)).toBe('sent');
    await smsOutbox(smsDir).waitFor(s.phone);
    expect(smtp.mails.some((m) => m.to.includes(s.member.email!))).toBe(false);
  });
});

describe('the one-tap links', () => {
  async function linked() {
    const s = await salonWithMember({ language: 'en' });
    const startsAt = zonedInstantOf(addDays(todayIn('Asia/Seoul'), 3), 13 * 60, 'Asia/Seoul');
    const booking = await buildBooking(t.database.db, {
      memberId: s.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt,
    });
    const token = (purpose: 'view' | 'cancel') =>
      signReminderLink(linkKey, { bookingId: booking.id, purpose, startsAt });
    return { booking, startsAt, token };
  }
  const call = (name: string, token: string) =>
    postForm(
      t.app,
      `/api/carol/reminders/${name}`,
      { token },
      { headers: { 'accept-language': 'en' } },
    );

  it('shows the booking without signing in; a view link cannot cancel', async () => {
    const { booking, token } = await linked();
    const view = await call('get_linked_booking', token('view'));
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      purpose: 'view',
      can_cancel: false,
      booking: { booking_number: booking.bookingNumber, status: 'reserved', time: '13:00' },
    });
    const refused = await call('cancel_by_link', token('view'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ resCode: 'LINK_INVALID' });
  });

  it('cancels once through a cancel link; a second tap is told it is cancelled', async () => {
    const { token } = await linked();
    const shown = await call('get_linked_booking', token('cancel'));
    expect(shown.json()).toMatchObject({ purpose: 'cancel', can_cancel: true });
    const done = await call('cancel_by_link', token('cancel'));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ booking: { status: 'cancelled' } });
    const again = await call('cancel_by_link', token('cancel'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ resCode: 'BOOKING_ALREADY_CANCELLED' });
  });

  it('refuses a forged, malformed, moved-booking or expired link', async () => {
    const { booking, startsAt, token } = await linked();
    const forged = signReminderLink(linkKeyOf('x'.repeat(40)), {
      bookingId: booking.id,
      purpose: 'cancel',
      startsAt,
    });
    expect((await call('cancel_by_link', forged)).json()).toMatchObject({
      resCode: 'LINK_INVALID',
    });
    expect((await call('get_linked_booking', 'not a token')).statusCode).toBe(400);
    // From the start time on, the cancel link answers as the app does.
    await expect(
      cancelByLink(
        t.database.db,
        createLocalQueue(t.database.db),
        linkKey,
        token('cancel'),
        startsAt,
      ),
    ).rejects.toMatchObject({ code: 'CANCEL_PAST_START' });
    await moveBooking(booking.id, new Date(startsAt.getTime() + 3_600_000));
    expect((await call('get_linked_booking', token('view'))).json()).toMatchObject({
      resCode: 'LINK_INVALID',
    });
  });
});

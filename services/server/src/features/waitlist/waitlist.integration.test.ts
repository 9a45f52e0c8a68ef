import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, todayIn, waitlistLimits, zonedInstantOf } from '@carol/contracts';
import { bookings, localJobs, waitlistEntries } from '../../db/schema/index.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import {
  buildBooking,
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
import { purgeExpired } from '../../jobs/purge.js';
import { deliverOnce } from '../../jobs/tasks.js';
import { createSmtpMailer } from '../../lib/mail.js';
import { createOutboxSms } from '../../lib/sms.js';
import {
  notifyWaitlistForFreedSlot,
  sendWaitlistNotices,
  smsHeldUntil,
  type WaitlistSendDeps,
} from './waitlist.service.js';

const quiet = { info() {}, error() {} };
const zone = 'Asia/Seoul';
let t: TestApp;
let smtp: TestSmtp;
let smsDir: string;
let sendDeps: WaitlistSendDeps;

beforeAll(async () => {
  smtp = await startTestSmtp();
  smsDir = mkdtempSync(join(tmpdir(), 'carol-waitlist-'));
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      SMS_OUTBOX_DIR: smsDir,
      APP_BASE_URL: 'https://carol.example',
      COOKIE_SECURE: 'false',
    },
    // The test runs each stored notice itself, at its due time: nothing depends on the clock.
    { runJobs: false },
  );
  const db = t.database.db;
  sendDeps = {
    db,
    mailer: createSmtpMailer(smtp.url, 'Carol <no-reply@carol.example>'),
    sms: createOutboxSms(smsDir, quiet),
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

let phoneSequence = 0;
async function buildWaiter(language: 'ko' | 'en' | 'ja' = 'ko') {
  const n = ++phoneSequence;
  const phone = `010-6${String(n).padStart(3, '0')}-${String(2000 + n)}`;
  const member = await buildMember(t.database.db, {
    phone,
    email: `waiter-${n}@example.test`,
    language,
  });
  const cookie = await buildSession(t.database.db, member.id);
  return { member, phone, email: member.email!, cookie };
}
type Waiter = Awaited<ReturnType<typeof buildWaiter>>;

async function buildSalon() {
  const db = t.database.db;
  const shop = await buildShop(db, { name: '빈자리 살롱' });
  const designer = await buildDesigner(db, shop.id, { name: '대기 디자이너' });
  const other = await buildDesigner(db, shop.id, { name: '다른 디자이너' });
  const menu = await buildMenu(db, shop.id, { name: '커트', durationMinutes: 60 });
  return { shop, designer, other, menu, date: addDays(todayIn(zone), 3) };
}

const shopApi = (path: string) => `/shop-api/carol/booking/${path}`;
const as = (w: Waiter) => ({
  headers: { cookie: `carol_sid=${w.cookie}`, 'accept-language': 'ko' },
});

function joinAs(w: Waiter, fields: Record<string, string | number>) {
  return postForm(t.app, shopApi('join_waitlist'), fields, as(w));
}
async function listOf(w: Waiter) {
  const res = await postForm(t.app, shopApi('get_user_waitlist'), {}, as(w));
  expect(res.statusCode).toBe(200);
  return res.json<{ waitlist: { entry_id: number; status: string; date: string }[] }>().waitlist;
}

const noticeJobs = async () =>
  (await t.database.db.select().from(localJobs).where(eq(localJobs.task, 'waitlist-notice')))
    .map((job) => ({ ...job, payload: job.payload as Keyed<JobPayloads['waitlist-notice']> }))
    .sort((a, b) => a.runAt.getTime() - b.runAt.getTime());

/** Runs the notice jobs of one freed time as the worker would: each at its due time. */
async function runNotices(designerId: number, startsAt: Date) {
  const jobs = (await noticeJobs()).filter(
    (j) =>
      j.payload.designerId === designerId &&
      new Date(j.payload.startsAt).getTime() === startsAt.getTime(),
  );
  const results = [];
  for (const job of jobs) results.push(await sendWaitlistNotices(sendDeps, job.payload, job.runAt));
  return { jobs, results };
}

const mailsTo = (w: Waiter) => smtp.mails.filter((m) => m.to.includes(w.email));

describe('joining, listing and leaving', () => {
  it('joins a date with a designer and a window, lists it as waiting, and leaves it', async () => {
    const s = await buildSalon();
    const w = await buildWaiter();
    const res = await joinAs(w, {
      shop_id: s.shop.id,
      date: s.date,
      designer_id: s.designer.id,
      time_from: '13:00',
      time_to: '16:00',
    });
    expect(res.statusCode).toBe(200);
    const { entry } = res.json<{ entry: Record<string, unknown> }>();
    expect(entry).toMatchObject({
      shop_name: '빈자리 살롱',
      date: s.date,
      designer_name: '대기 디자이너',
      time_from: '13:00',
      time_to: '16:00',
      status: 'waiting',
    });
    expect((await listOf(w)).map((e) => e.entry_id)).toEqual([entry.entry_id]);
    // Joining the same date and designer again keeps one entry, with the new window.
    const again = await joinAs(w, { shop_id: s.shop.id, date: s.date, designer_id: s.designer.id });
    expect(again.json()).toMatchObject({
      entry: { entry_id: entry.entry_id, time_from: null, time_to: null },
    });
    const left = await postForm(
      t.app,
      shopApi('leave_waitlist'),
      { entry_id: Number(entry.entry_id) },
      as(w),
    );
    expect(left.statusCode).toBe(200);
    expect(await listOf(w)).toEqual([]);
  });

  it("refuses another member's entry as not found and leaves it in place", async () => {
    const s = await buildSalon();
    const owner = await buildWaiter();
    const intruder = await buildWaiter();
    const { entry } = (await joinAs(owner, { shop_id: s.shop.id, date: s.date })).json<{
      entry: { entry_id: number };
    }>();
    const res = await postForm(
      t.app,
      shopApi('leave_waitlist'),
      { entry_id: entry.entry_id },
      as(intruder),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, resCode: 'NOT_FOUND' });
    expect(await listOf(intruder)).toEqual([]);
    expect((await listOf(owner)).map((e) => e.entry_id)).toEqual([entry.entry_id]);
  });

  it('refuses a past date, a date beyond the horizon, a bad window and strangers', async () => {
    const s = await buildSalon();
    const w = await buildWaiter();
    const code = async (fields: Record<string, string | number>, who: Waiter | null = w) => {
      const res = who
        ? await joinAs(who, fields)
        : await postForm(t.app, shopApi('join_waitlist'), fields);
      return [res.statusCode, res.json<{ resCode?: string }>().resCode];
    };
    const today = todayIn(zone);
    const base = { shop_id: s.shop.id };
    expect(await code({ ...base, date: addDays(today, -1) })).toEqual([
      400,
      'WAITLIST_DATE_INVALID',
    ]);
    expect(await code({ ...base, date: addDays(today, 91) })).toEqual([
      400,
      'WAITLIST_DATE_INVALID',
    ]);
    const date = s.date;
    expect(await code({ ...base, date, time_from: '14:00' })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await code({ ...base, date, time_from: '16:00', time_to: '14:00' })).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(await code({ ...base, date, time_from: '25:00', time_to: '26:00' })).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    const elsewhere = await buildShop(t.database.db);
    const stranger = await buildDesigner(t.database.db, elsewhere.id);
    expect(await code({ ...base, date, designer_id: stranger.id })).toEqual([404, 'NOT_FOUND']);
    const jpRes = await postForm(
      t.app,
      shopApi('join_waitlist'),
      { ...base, date },
      {
        ...as(w),
        server: 'jp',
      },
    );
    expect(jpRes.statusCode).toBe(404);
    expect(await code({ ...base, date }, null)).toEqual([401, 'UNAUTHORIZED']);
    expect(await listOf(w)).toEqual([]);
  });

  it(`refuses an entry over ${waitlistLimits.maxActiveEntries} active ones; rejoining one still works`, async () => {
    const s = await buildSalon();
    const w = await buildWaiter();
    for (let i = 0; i < waitlistLimits.maxActiveEntries; i++) {
      const res = await joinAs(w, { shop_id: s.shop.id, date: addDays(todayIn(zone), i + 1) });
      expect(res.statusCode).toBe(200);
    }
    const over = await joinAs(w, { shop_id: s.shop.id, date: addDays(todayIn(zone), 20) });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ resCode: 'WAITLIST_LIMIT' });
    const rejoin = await joinAs(w, {
      shop_id: s.shop.id,
      date: addDays(todayIn(zone), 1),
      time_from: '10:00',
      time_to: '12:00',
    });
    expect(rejoin.statusCode).toBe(200);
    expect(await listOf(w)).toHaveLength(waitlistLimits.maxActiveEntries);
  });
});

describe('a cancellation tells the waiting members', () => {
  it('tells matching members in joining order, not another designer or window, once', async () => {
    const s = await buildSalon();
    const booker = await buildWaiter();
    const start = zonedInstantOf(s.date, 14 * 60, zone);
    const booking = await buildBooking(t.database.db, {
      memberId: booker.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt: start,
    });
    const [anyone, windowed, otherDesigner, morning, sameDesigner] = [
      await buildWaiter(),
      await buildWaiter('ja'),
      await buildWaiter(),
      await buildWaiter(),
      await buildWaiter('en'),
    ];
    const base = { shop_id: s.shop.id, date: s.date };
    for (const [w, fields] of [
      [anyone, base],
      [windowed, { ...base, time_from: '13:00', time_to: '16:00' }],
      [otherDesigner, { ...base, designer_id: s.other.id }],
      [morning, { ...base, time_from: '10:00', time_to: '12:00' }],
      [sameDesigner, { ...base, designer_id: s.designer.id }],
    ] as const) {
      expect((await joinAs(w, fields)).statusCode).toBe(200);
    }

    const cancel = await postForm(
      t.app,
      shopApi('cancel_user_booking'),
      { booking_id: booking.id },
      as(booker),
    );
    expect(cancel.statusCode).toBe(200);
    const { jobs, results } = await runNotices(s.designer.id, start);
    expect(jobs.length).toBeGreaterThan(0);
    const told = [anyone, windowed, sameDesigner];
    const entryIdOf = async (w: Waiter) => (await listOf(w))[0]!.entry_id;
    const expected = await Promise.all(told.map(entryIdOf));
    for (const result of results) {
      expect(result.outcome).toBe('sent');
      expect(result.entryIds).toEqual(expected);
      // The freed hour holds two starts of the salon's 30-minute grid.
      expect(result.freeTimes).toEqual(['14:00', '14:30']);
    }
    // In joining order on both channels.
    const mailOrder = smtp.mails
      .filter((m) => told.some((w) => m.to.includes(w.email)))
      .map((m) => m.to[0]);
    expect(mailOrder).toEqual(told.map((w) => w.email));
    const smsOrder = smsOutbox(smsDir)
      .all()
      .filter((m) => told.some((w) => w.phone === m.to))
      .map((m) => m.to);
    expect(smsOrder).toEqual(told.map((w) => w.phone));
    // In the member's language, with the link to the booking flow at that salon, date, designer.
    const link = `https://carol.example/reservation/first?shop_id=${s.shop.id}&designer_id=${s.designer.id}&date=${s.date}`;
    expect(mailsTo(windowed)[0]!.subject).toContain('空き通知');
    expect(mailsTo(windowed)[0]!.text).toContain(link);
    expect(mailsTo(sameDesigner)[0]!.subject).toContain('A time opened');
    expect(mailsTo(anyone)[0]!.text).toContain('14:00');
    expect(mailsTo(anyone)[0]!.messageId).toMatch(/^<.+@carol\.example>$/);
    for (const w of [otherDesigner, morning]) {
      expect(mailsTo(w)).toEqual([]);
      expect(smsOutbox(smsDir).to(w.phone)).toEqual([]);
      expect((await listOf(w))[0]!.status).toBe('waiting');
    }
    for (const w of told) expect((await listOf(w))[0]!.status).toBe('notified');

    // The same jobs again (a retry, a duplicate): nothing more is sent.
    const mailsBefore = smtp.mails.length;
    const smsBefore = smsOutbox(smsDir).all().length;
    await runNotices(s.designer.id, start);
    expect(smtp.mails.length).toBe(mailsBefore);
    expect(smsOutbox(smsDir).all().length).toBe(smsBefore);
    for (const w of told) {
      expect(mailsTo(w)).toHaveLength(1);
      expect(smsOutbox(smsDir).to(w.phone)).toHaveLength(1);
    }
  });

  it("stores the notice with the shop's cancellation too", async () => {
    const s = await buildSalon();
    const booker = await buildWaiter();
    const waiter = await buildWaiter();
    const start = zonedInstantOf(s.date, 11 * 60, zone);
    const booking = await buildBooking(t.database.db, {
      memberId: booker.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt: start,
    });
    await joinAs(waiter, { shop_id: s.shop.id, date: s.date });
    const key = await buildConsoleKey(t.database.db, s.shop.id);
    const res = await postForm(
      t.app,
      '/shop-api/console/booking/cancel_booking',
      { booking_id: booking.id },
      { headers: { authorization: `Bearer ${key}` } },
    );
    expect(res.statusCode).toBe(200);
    const { results } = await runNotices(s.designer.id, start);
    expect(results.length).toBeGreaterThan(0);
    expect(results.flatMap((r) => r.entryIds)).toHaveLength(results.length);
    expect(mailsTo(waiter)).toHaveLength(1);
  });

  it('stores the notice when a reschedule frees the old time (ADR 057)', async () => {
    const s = await buildSalon();
    const booker = await buildWaiter();
    const waiter = await buildWaiter();
    const start = zonedInstantOf(s.date, 13 * 60, zone);
    const booking = await buildBooking(t.database.db, {
      memberId: booker.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt: start,
    });
    await joinAs(waiter, { shop_id: s.shop.id, date: s.date, designer_id: s.designer.id });
    const res = await postForm(
      t.app,
      shopApi('change_user_booking'),
      { booking_id: booking.id, designer_id: s.other.id, date: s.date, time: '16:00' },
      as(booker),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ moved: boolean }>().moved).toBe(true);
    // In the salon's quiet hours the SMS is a second job at 08:00 (ADR 058): each job tells
    // the one waiting entry, and the mail goes once.
    const { results } = await runNotices(s.designer.id, start);
    expect(results.length).toBeGreaterThan(0);
    expect(results.flatMap((r) => r.entryIds)).toHaveLength(results.length);
    expect(new Set(results.flatMap((r) => r.entryIds)).size).toBe(1);
    expect(mailsTo(waiter)).toHaveLength(1);
    expect(mailsTo(waiter)[0]!.text).toContain('13:00');
  });

  it('stores nothing when nobody waits for that date', async () => {
    const s = await buildSalon();
    const booker = await buildWaiter();
    const start = zonedInstantOf(s.date, 15 * 60, zone);
    const booking = await buildBooking(t.database.db, {
      memberId: booker.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt: start,
    });
    await postForm(t.app, shopApi('cancel_user_booking'), { booking_id: booking.id }, as(booker));
    expect((await runNotices(s.designer.id, start)).jobs).toEqual([]);
  });

  it('tells nobody when the time was taken again before the job ran, or has passed', async () => {
    const s = await buildSalon();
    const booker = await buildWaiter();
    const waiter = await buildWaiter();
    await joinAs(waiter, { shop_id: s.shop.id, date: s.date });
    const start = zonedInstantOf(s.date, 16 * 60, zone);
    const slot = {
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + 3_600_000),
    };
    await buildBooking(t.database.db, {
      memberId: booker.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt: start,
    });
    await notifyWaitlistForFreedSlot(t.database.db, createLocalQueue(t.database.db), slot);
    const { jobs } = await runNotices(s.designer.id, start);
    for (const job of jobs) {
      expect(await sendWaitlistNotices(sendDeps, job.payload, job.runAt)).toMatchObject({
        outcome: 'taken',
        entryIds: [],
      });
      const after = new Date(slot.endsAt.getTime() + 1);
      expect((await sendWaitlistNotices(sendDeps, job.payload, after)).outcome).toBe('past');
    }
    expect(mailsTo(waiter)).toEqual([]);
  });

  it('does not list, tell or keep an entry whose date has passed', async () => {
    const s = await buildSalon();
    const booker = await buildWaiter();
    const waiter = await buildWaiter();
    const yesterday = addDays(todayIn(zone), -1);
    await t.database.db
      .insert(waitlistEntries)
      .values({ memberId: waiter.member.id, shopId: s.shop.id, date: yesterday });
    expect(await listOf(waiter)).toEqual([]);
    // A freed time of another day never reaches it.
    const start = zonedInstantOf(s.date, 12 * 60, zone);
    const booking = await buildBooking(t.database.db, {
      memberId: booker.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt: start,
    });
    await postForm(t.app, shopApi('cancel_user_booking'), { booking_id: booking.id }, as(booker));
    expect((await runNotices(s.designer.id, start)).jobs).toEqual([]);
    expect(mailsTo(waiter)).toEqual([]);
    // The purge deletes it once the date is over in every zone.
    const later = zonedInstantOf(addDays(todayIn(zone), 1), 12 * 60, zone);
    expect((await purgeExpired(t.database.db, later)).waitlistEntries).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.memberId, waiter.member.id));
    expect(left).toEqual([]);
  });
});

describe('quiet hours', () => {
  it('sends the e-mail now and holds the SMS to 08:00 salon time in 21:00–08:00', async () => {
    const s = await buildSalon();
    const waiter = await buildWaiter();
    await joinAs(waiter, { shop_id: s.shop.id, date: s.date });
    const start = zonedInstantOf(s.date, 10 * 60, zone);
    const night = zonedInstantOf(addDays(todayIn(zone), 1), 22 * 60 + 30, zone);
    const morning = zonedInstantOf(addDays(todayIn(zone), 2), 8 * 60, zone);
    expect(smsHeldUntil(night, zone)?.toISOString()).toBe(morning.toISOString());
    expect(smsHeldUntil(zonedInstantOf(s.date, 12 * 60, zone), zone)).toBeNull();
    await notifyWaitlistForFreedSlot(
      t.database.db,
      createLocalQueue(t.database.db),
      {
        shopId: s.shop.id,
        designerId: s.designer.id,
        startsAt: start,
        endsAt: new Date(start.getTime() + 3_600_000),
      },
      night,
    );
    const jobs = (await noticeJobs()).filter((j) => j.payload.shopId === s.shop.id);
    expect(jobs.map((j) => [j.payload.channels, j.runAt.toISOString()])).toEqual([
      [['mail'], night.toISOString()],
      [['sms'], morning.toISOString()],
    ]);
  });
});

describe('a race for the freed time', () => {
  it('books it for exactly one of two told members; the winner stops waiting', async () => {
    const s = await buildSalon();
    const booker = await buildWaiter();
    const start = zonedInstantOf(s.date, 17 * 60, zone);
    const booking = await buildBooking(t.database.db, {
      memberId: booker.member.id,
      shopId: s.shop.id,
      designerId: s.designer.id,
      startsAt: start,
    });
    const first = await buildWaiter();
    const second = await buildWaiter();
    await joinAs(first, { shop_id: s.shop.id, date: s.date, designer_id: s.designer.id });
    await joinAs(second, { shop_id: s.shop.id, date: s.date });
    await postForm(t.app, shopApi('cancel_user_booking'), { booking_id: booking.id }, as(booker));
    await runNotices(s.designer.id, start);
    const book = (w: Waiter) =>
      postForm(
        t.app,
        shopApi('add_booking'),
        {
          shop_id: s.shop.id,
          designer_id: s.designer.id,
          date: s.date,
          time: '17:00',
          menu_ids: s.menu.id,
          booker_name: '김하늘',
          booker_phone: w.phone,
          agree_personal_info: 'true',
          agree_third_party: 'true',
          idempotency_key: `waitlist-race-${w.member.id}`,
        },
        as(w),
      );
    const answers = await Promise.all([book(first), book(second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const active = await t.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.shopId, s.shop.id));
    expect(active.filter((b) => b.status === 'reserved')).toHaveLength(1);
    const winner = answers[0].statusCode === 200 ? first : second;
    const loser = winner === first ? second : first;
    expect((await listOf(winner))[0]!.status).toBe('booked');
    expect((await listOf(loser))[0]!.status).toBe('notified');
  });
});

describe('figures', () => {
  it('tells every matching member of each freed time in joining order, nobody else, once', async () => {
    const db = t.database.db;
    const shop = await buildShop(db, { name: '대기열 살롱' });
    const designers = [
      await buildDesigner(db, shop.id),
      await buildDesigner(db, shop.id),
      await buildDesigner(db, shop.id),
    ];
    const date = addDays(todayIn(zone), 4);
    const windows = [null, [10 * 60, 13 * 60], [13 * 60, 17 * 60], [17 * 60, 20 * 60]] as const;
    const clock = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const waiters: { w: Waiter; designerId: number | null; window: readonly number[] | null }[] =
      [];
    for (let i = 0; i < 20; i++) {
      const w = await buildWaiter((['ko', 'en', 'ja'] as const)[i % 3]);
      const designerId = i % 4 === 0 ? null : designers[i % 3]!.id;
      const window = windows[(i * 7) % 4]!;
      const fields: Record<string, string | number> = { shop_id: shop.id, date };
      if (designerId !== null) fields.designer_id = designerId;
      if (window) Object.assign(fields, { time_from: clock(window[0]), time_to: clock(window[1]) });
      expect((await joinAs(w, fields)).statusCode).toBe(200);
      waiters.push({ w, designerId, window });
    }
    const booker = await buildWaiter();
    const key = await buildConsoleKey(db, shop.id);
    const starts = [
      10 * 60,
      11 * 60 + 30,
      13 * 60,
      14 * 60 + 30,
      16 * 60,
      17 * 60,
      12 * 60,
      15 * 60,
    ];
    const figures = { freed: 0, told: 0, mails: 0, sms: 0, outOfOrder: 0, wrong: 0, repeats: 0 };
    for (const [i, minutes] of starts.entries()) {
      const designer = designers[i % 3]!;
      const startsAt = zonedInstantOf(date, minutes, zone);
      const booking = await buildBooking(db, {
        memberId: booker.member.id,
        shopId: shop.id,
        designerId: designer.id,
        startsAt,
      });
      const cancel =
        i % 2 === 0
          ? await postForm(
              t.app,
              shopApi('cancel_user_booking'),
              { booking_id: booking.id },
              as(booker),
            )
          : await postForm(
              t.app,
              '/shop-api/console/booking/cancel_booking',
              { booking_id: booking.id },
              { headers: { authorization: `Bearer ${key}` } },
            );
      expect(cancel.statusCode).toBe(200);
      figures.freed++;
      const mailsBefore = smtp.mails.length;
      const smsBefore = smsOutbox(smsDir).all().length;
      const { results } = await runNotices(designer.id, startsAt);
      const free = [minutes, minutes + 30];
      const expected: number[] = [];
      for (const { w, designerId, window } of waiters) {
        const fits = free.some((m) => !window || (m >= window[0]! && m < window[1]!));
        if ((designerId === null || designerId === designer.id) && fits) {
          expected.push((await listOf(w))[0]!.entry_id);
        }
      }
      for (const result of results) {
        const told = result.entryIds;
        if (told.some((id) => !expected.includes(id))) figures.wrong++;
        if (told.join() !== expected.join()) figures.outOfOrder++;
      }
      figures.told += expected.length;
      figures.mails += smtp.mails.length - mailsBefore;
      figures.sms += smsOutbox(smsDir).all().length - smsBefore;
      // Every job again (a retry, a duplicate): nothing more goes out.
      const again = { mails: smtp.mails.length, sms: smsOutbox(smsDir).all().length };
      await runNotices(designer.id, startsAt);
      figures.repeats +=
        smtp.mails.length - again.mails + (smsOutbox(smsDir).all().length - again.sms);
    }
    console.info(
      `waitlist figures: 20 waiting, ${figures.freed} times freed, ${figures.told} notices ` +
        `(${figures.mails} mails, ${figures.sms} SMS), ${figures.outOfOrder} out of joining order, ` +
        `${figures.wrong} to a member who did not match, ${figures.repeats} repeated`,
    );
    expect(figures.told).toBeGreaterThan(0);
    expect(figures.mails).toBe(figures.told);
    expect(figures.sms).toBe(figures.told);
    expect([figures.outOfOrder, figures.wrong, figures.repeats]).toEqual([0, 0, 0]);
  });
});

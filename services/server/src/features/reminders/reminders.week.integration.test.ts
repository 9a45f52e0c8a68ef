import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addDays, zonedInstantOf, zonedMomentOf } from '@carol/contracts';
import {
  bookings,
  localJobs,
  memberReminderSettings,
  messageDeliveries,
} from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../../test/db.js';
import { buildBooking, buildDesigner, buildMember, buildShop } from '../../../test/factories.js';
import { smsOutbox } from '../../../test/sms-outbox.js';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { createLocalQueue } from '../../jobs/local-queue.js';
import type { JobPayloads, Keyed } from '../../jobs/queue.js';
import { createTasks } from '../../jobs/tasks.js';
import { createSmtpMailer } from '../../lib/mail.js';
import { createOutboxSms } from '../../lib/sms.js';
import { scheduleReminders, setSalonReminderSettings } from './reminders.service.js';

/**
 * A simulated week of bookings (ADR 050's figures), run with the clock moved from event to
 * event — nothing waits. Two salons (Seoul with the default 24 h + 2 h, Tokyo with 24 h + 3 h),
 * bookings from 09:00 to 20:30 every day, some made only hours ahead, some cancelled or moved
 * after their reminders were stored, some members with SMS off, every job stored twice for a
 * share of the bookings and every job run twice (a retry after a crash past the send). Each
 * reminder job goes through the real task (createTasks) with a real SMTP server and the SMS
 * outbox; the counts come from what those received.
 */
let database: TestDatabase;
let smtp: TestSmtp;
let smsDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  smsDir = mkdtempSync(join(tmpdir(), 'carol-reminder-week-'));
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
  rmSync(smsDir, { recursive: true, force: true });
});

type ReminderPayload = Keyed<JobPayloads['booking-reminder']>;
const quiet = { info() {}, warn() {}, error() {} };

describe('a simulated week of reminders', () => {
  it('sends each due reminder once, moves quiet-hour ones, skips stale ones', async () => {
    const db = database.db;
    let now = new Date('2030-03-03T00:00:00+09:00');
    const outcomes: Record<string, number> = {};
    const tasks = createTasks({
      db,
      mailer: createSmtpMailer(smtp.url, 'Carol <no-reply@carol.example>'),
      sms: createOutboxSms(smsDir, quiet),
      config: {
        appBaseUrl: 'https://carol.example',
        mailFrom: 'Carol <no-reply@carol.example>',
        reminderLinkSecret: 'week-simulation-link-secret-0123456789',
      },
      log: {
        ...quiet,
        info(details) {
          const outcome = details.outcome;
          if (typeof outcome === 'string') outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        },
      },
      clock: () => now,
    });
    const queue = createLocalQueue(db);

    const salons = [
      { zone: 'Asia/Seoul', offsets: [1440, 120] },
      { zone: 'Asia/Tokyo', offsets: [1440, 180] },
    ];
    const setups = [];
    for (const salon of salons) {
      const shop = await buildShop(db, { timeZone: salon.zone });
      await setSalonReminderSettings(db, shop.id, {
        is_enabled: true,
        offsets_minutes: salon.offsets,
      });
      const designers = [await buildDesigner(db, shop.id)];
      setups.push({ ...salon, shop, designers });
    }
    const languages = ['ko', 'en', 'ja'] as const;
    const members = [];
    for (let i = 0; i < 12; i++) {
      const member = await buildMember(db, {
        email: `week-${i}@example.test`,
        language: languages[i % 3],
      });
      if (i % 4 === 3)
        await db.insert(memberReminderSettings).values({ memberId: member.id, sms: false });
      members.push(member);
    }

    // The week: every day, each salon, each designer at these local times.
    const times = ['09:00', '09:30', '11:00', '13:30', '16:00', '19:00', '20:30'];
    type Planned = { id: number; startsAt: Date; madeAt: Date; zone: string; offsets: number[] };
    const made: Planned[] = [];
    let n = 0;
    for (let day = 0; day < 7; day++) {
      for (const salon of setups) {
        const date = addDays('2030-03-04', day);
        for (const designer of salon.designers) {
          for (const time of times) {
            const [h, m] = time.split(':').map(Number);
            const startsAt = zonedInstantOf(date, h! * 60 + m!, salon.zone);
            const member = members[n % members.length]!;
            // One in six is booked only 4 hours ahead; the others two days ahead.
            const madeAt = new Date(startsAt.getTime() - (n % 6 === 5 ? 4 : 48) * 3_600_000);
            const booking = await buildBooking(db, {
              memberId: member.id,
              shopId: salon.shop.id,
              designerId: designer.id,
              startsAt,
              minutes: 30,
            });
            made.push({
              id: booking.id,
              startsAt,
              madeAt,
              zone: salon.zone,
              offsets: salon.offsets,
            });
            n++;
          }
        }
      }
    }

    // Events on the timeline besides the jobs: bookings made, cancelled or moved.
    type Event = { at: Date; run: () => Promise<void> };
    const events: Event[] = [];
    let cancelled = 0;
    let moved = 0;
    made.forEach((b, i) => {
      events.push({
        at: b.madeAt,
        run: async () => {
          await db.transaction((tx) => scheduleReminders(tx, queue, b.id, b.madeAt));
          // A share stored twice (say, a retried request): the same keys.
          if (i % 5 === 0) await scheduleReminders(db, queue, b.id, b.madeAt);
        },
      });
      if (i % 9 === 4) {
        cancelled++;
        events.push({
          at: new Date(b.startsAt.getTime() - 20 * 3_600_000),
          run: async () => {
            await db
              .update(bookings)
              .set({
                status: 'cancelled',
                cancelledBy: 'customer',
                cancelOrigin: 'customer_app',
                cancelledAt: now,
              })
              .where(eq(bookings.id, b.id));
          },
        });
      }
      if (i % 13 === 7) {
        moved++;
        events.push({
          at: new Date(b.startsAt.getTime() - 30 * 3_600_000),
          run: async () => {
            // Moved a week later, where the designer is free.
            const later = new Date(b.startsAt.getTime() + 7 * 24 * 3_600_000);
            await db.transaction(async (tx) => {
              await tx
                .update(bookings)
                .set({ startsAt: later, endsAt: new Date(later.getTime() + 30 * 60_000) })
                .where(eq(bookings.id, b.id));
              await scheduleReminders(tx, queue, b.id, now);
            });
          },
        });
      }
    });
    events.sort((a, b) => a.at.getTime() - b.at.getTime());

    const nextJob = async () => {
      const [job] = await db
        .select()
        .from(localJobs)
        .where(eq(localJobs.task, 'booking-reminder'))
        .orderBy(asc(localJobs.runAt), asc(localJobs.id))
        .limit(1);
      return job;
    };
    let jobsRun = 0;
    let movedSent = 0;
    let sentInQuietHours = 0;
    const zoneOf = new Map(made.map((b) => [b.id, b.zone]));
    for (;;) {
      const job = await nextJob();
      const event = events[0];
      if (!job && !event) break;
      if (event && (!job || event.at.getTime() <= job.runAt.getTime())) {
        events.shift();
        now = event.at;
        await event.run();
        continue;
      }
      now = job!.runAt;
      const payload = job!.payload as ReminderPayload;
      const before = outcomes.sent ?? 0;
      await tasks['booking-reminder'](payload);
      // A retry of the same job (the worker died after the send, before deleting the job).
      await tasks['booking-reminder'](payload);
      jobsRun++;
      const start = new Date(payload.startsAt).getTime();
      if ((outcomes.sent ?? 0) > before) {
        if (job!.runAt.getTime() !== start - payload.offsetMinutes * 60_000) movedSent++;
        const local = zonedMomentOf(now, zoneOf.get(payload.bookingId)!).minutes;
        if (local < 8 * 60 || local >= 21 * 60) sentInQuietHours++;
      }
      await db.delete(localJobs).where(eq(localJobs.id, job!.id));
    }

    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = smtp.mails;
    const mailIds = new Set(mails.map((m) => m.messageId));
    const smsTexts = smsOutbox(smsDir).all();
    const smsRecorded = await db
      .select()
      .from(messageDeliveries)
      .where(eq(messageDeliveries.channel, 'sms'));
    const figures = {
      bookings: made.length,
      cancelledAfterScheduling: cancelled,
      movedAfterScheduling: moved,
      jobsRun,
      remindersSent: outcomes.sent ?? 0,
      movedByQuietHours: movedSent,
      skippedAsStale: outcomes.stale ?? 0,
      retriesSendingNothing: outcomes.duplicate ?? 0,
      mails: mails.length,
      sms: smsTexts.length,
      duplicates: mails.length - mailIds.size + (smsTexts.length - smsRecorded.length),
      sentInQuietHours,
    };
    console.log(`reminder week: ${JSON.stringify(figures)}`);

    expect(figures.duplicates).toBe(0);
    expect(figures.sentInQuietHours).toBe(0);
    expect(
      mails.every((m) => /^<reminder-\d+-\d+-\d+-mail@carol\.example>$/.test(m.messageId)),
    ).toBe(true);
    // Every job ran twice: the second run of each sent job, and every duplicate job, sent nothing.
    expect(figures.remindersSent).toBeGreaterThan(0);
    expect(figures.movedByQuietHours).toBeGreaterThan(0);
    expect(figures.skippedAsStale).toBeGreaterThan(0);
    // Each sent reminder: one mail (every member has an address), SMS unless switched off.
    expect(figures.mails).toBe(figures.remindersSent);
    expect(figures.sms).toBeLessThan(figures.mails);
  }, 400_000);
});

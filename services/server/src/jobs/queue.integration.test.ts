import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { localJobs, messageDeliveries } from '../db/schema/index.js';
import { smsOutbox } from '../../test/sms-outbox.js';
import { createSmtpMailer } from '../lib/mail.js';
import { queuedOutgoing } from '../lib/outgoing.js';
import { sealKeyOf } from '../lib/sealed-message.js';
import { createOutboxSms } from '../lib/sms.js';
import { createGraphileQueue, migrateGraphileWorker } from './graphile-queue.js';
import { createLocalQueue } from './local-queue.js';
import { errorSummary, type JobQueue, type TaskHandlers } from './queue.js';
import { createTasks, deliverOnce } from './tasks.js';

const quiet = { info() {}, warn() {}, error() {} };
const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
let smtp: TestSmtp;
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await database?.close();
  await smtp?.close();
});

const mail = (to: string) => ({ to, subject: 'Booking', text: 'Hello' });
const countLocalJobs = async () =>
  (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from local_jobs`))
    .rows[0]!.n;

function handlers(bookingMail: TaskHandlers['booking-mail']): TaskHandlers {
  return {
    'booking-mail': bookingMail,
    'code-message': async () => {},
    'booking-reminder': async () => {},
    'waitlist-notice': async () => {},
    purge: async () => {},
  };
}

describe('deliverOnce', () => {
  it('hands a key to the provider once; the same key again sends nothing', async () => {
    const mailer = createSmtpMailer(smtp.url, 'Carol <no-reply@carol.example>');
    const to = 'once@example.test';
    expect(await deliverOnce(database.db, 'key-once', 'mail', () => mailer.send(mail(to)))).toBe(
      true,
    );
    expect(await deliverOnce(database.db, 'key-once', 'mail', () => mailer.send(mail(to)))).toBe(
      false,
    );
    await smtp.nextMailTo(to);
    await sleep(300);
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
  });
});

describe('the in-process queue (embedded default)', () => {
  it('stores a job only when the transaction commits', async () => {
    const jobs = createLocalQueue(database.db);
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.enqueue(tx, 'booking-mail', {
          kind: 'confirmation',
          bookingId: 1,
          language: 'ko',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countLocalJobs()).toBe(0);
  });

  it('retries a failed job with back-off; a retry after the send sends nothing again', async () => {
    const jobs = createLocalQueue(database.db, { pollMs: 50, backoff: (n) => 100 * 2 ** n });
    const mailer = createSmtpMailer(smtp.url, 'Carol <no-reply@carol.example>');
    const to = 'retry@example.test';
    const attempts: number[] = [];
    let firstProviderFailure = true;
    await jobs.start(
      handlers(async (payload) => {
        attempts.push(Date.now());
        await deliverOnce(database.db, payload.key, 'mail', async () => {
          // Attempt 1: the provider is down.
          if (firstProviderFailure) {
            firstProviderFailure = false;
            throw new Error('provider down');
          }
          await mailer.send(mail(to));
        });
        // Attempt 2 sent and then failed after the send (e.g. killed): attempt 3 must not resend.
        if (attempts.length === 2) throw new Error('failed after the send');
      }),
      quiet,
    );
    await jobs.enqueue(database.db, 'booking-mail', {
      kind: 'confirmation',
      bookingId: 1,
      language: 'ko',
    });
    await until(async () => attempts.length >= 3 && (await countLocalJobs()) === 0);
    await jobs.stop();
    expect(attempts).toHaveLength(3);
    // Exponential: the second wait is longer than the first.
    expect(attempts[2]! - attempts[1]!).toBeGreaterThan(attempts[1]! - attempts[0]!);
    expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
  });

  it('stop() takes no new job and waits for the running one', async () => {
    const jobs = createLocalQueue(database.db, { pollMs: 50 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    const finished: number[] = [];
    await jobs.enqueue(database.db, 'booking-mail', {
      kind: 'confirmation',
      bookingId: 11,
      language: 'ko',
    });
    await jobs.enqueue(database.db, 'booking-mail', {
      kind: 'confirmation',
      bookingId: 12,
      language: 'ko',
    });
    await jobs.start(
      handlers(async (payload) => {
        started.push(payload.bookingId);
        await gate;
        finished.push(payload.bookingId);
      }),
      quiet,
    );
    await until(() => started.length === 1);
    let stopped = false;
    const stopping = jobs.stop().then(() => (stopped = true));
    await sleep(200);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toEqual([11]);
    await sleep(200);
    expect(started).toEqual([11]);
    expect(await countLocalJobs()).toBe(1);
    await database.db.execute(sql`delete from local_jobs`);
  });
});

describe('queued sign-in messages (sealed)', () => {
  const from = 'Carol <no-reply@carol.example>';
  const sealKey = sealKeyOf('k'.repeat(40));

  it('wakes on enqueue, sends the sealed mail once, its Message-ID from the job key', async () => {
    // An idle poll of a minute: only the wake on enqueue can make this prompt.
    const jobs = createLocalQueue(database.db, { pollMs: 60_000 });
    const smsDir = mkdtempSync(join(tmpdir(), 'carol-queue-sms-'));
    const tasks = createTasks({
      db: database.db,
      mailer: createSmtpMailer(smtp.url, from),
      sms: createOutboxSms(smsDir, quiet),
      sealKey,
      config: { appBaseUrl: 'https://carol.example', mailFrom: from },
      log: quiet,
    });
    await jobs.start(tasks, quiet);
    try {
      await sleep(100);
      const to = 'sealed@example.test';
      const outgoing = queuedOutgoing(jobs, sealKey);
      const started = Date.now();
      await database.db.transaction(async (tx) => {
        await outgoing.mail(tx, { to, subject: 'Your code', text: 'secret-link-123' });
        await outgoing.sms(tx, { to: '010-9876-5432', text: 'code 123456' });
        // While the transaction is open the job table shows neither recipient nor secret.
        const rows = await tx.select().from(localJobs);
        expect(JSON.stringify(rows)).not.toMatch(/sealed@|secret-link|010-9876|123456/);
      });
      const mail = await smtp.nextMailTo(to, 5000);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(mail.text).toContain('secret-link-123');
      // The Message-ID is the job key (recorded as sent) at the sender's domain.
      const key = /^<([0-9a-f-]{36})@carol\.example>$/.exec(mail.messageId)?.[1];
      // Recorded right after the provider accepted it, a moment after the mail arrived here.
      const recorded = () =>
        database.db
          .select()
          .from(messageDeliveries)
          .where(eq(messageDeliveries.key, key ?? ''));
      await until(async () => (await recorded()).length === 1);
      expect((await recorded()).map((r) => r.channel)).toEqual(['mail']);
      await until(() => smsOutbox(smsDir).to('010-9876-5432').length === 1);
      await until(async () => (await countLocalJobs()) === 0);
    } finally {
      await jobs.stop();
      rmSync(smsDir, { recursive: true, force: true });
    }
  });

  it('drops a job sealed with another key (no retry), and a blank sends nothing', async () => {
    const jobs = createLocalQueue(database.db, { pollMs: 50 });
    const warnings: string[] = [];
    const sent: string[] = [];
    const tasks = createTasks({
      db: database.db,
      mailer: { send: async (m) => void sent.push(m.to) },
      sealKey,
      config: { appBaseUrl: 'https://carol.example', mailFrom: from },
      log: { ...quiet, warn: (_details, message) => void warnings.push(message) },
    });
    await queuedOutgoing(jobs, sealKeyOf('z'.repeat(40))).mail(database.db, {
      to: 'other-key@example.test',
      subject: 's',
      text: 't',
    });
    await queuedOutgoing(jobs, sealKey).mail(database.db, null);
    await jobs.start(tasks, quiet);
    await until(async () => (await countLocalJobs()) === 0);
    await jobs.stop();
    expect(sent).toEqual([]);
    expect(warnings).toEqual(['queued message could not be opened; dropped']);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('graphile-worker on PostgreSQL', () => {
  const pools: pg.Pool[] = [];
  const queues: JobQueue[] = [];
  let pool: pg.Pool;

  beforeAll(async () => {
    if (database.handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
    pool = database.handle.client;
    await migrateGraphileWorker(pool);
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    for (const p of pools) await p.end();
  });

  it('stores a job only when the transaction commits', async () => {
    const jobs = createGraphileQueue(pool);
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.enqueue(tx, 'booking-mail', {
          kind: 'confirmation',
          bookingId: 1,
          language: 'ko',
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const { rows } = await pool.query<{ n: number }>(
      'select count(*)::int as n from graphile_worker.jobs',
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('stores a job due later with its run_at and the given key', async () => {
    const jobs = createGraphileQueue(pool);
    const runAt = new Date(Date.now() + 3 * 24 * 3_600_000);
    await jobs.enqueue(
      database.db,
      'booking-reminder',
      { bookingId: 7, offsetMinutes: 120, startsAt: runAt.toISOString() },
      { runAt, key: 'reminder-7-x-120' },
    );
    const { rows } = await pool.query<{ run_at: Date; payload: { key: string } }>(
      `select j.run_at, j.payload from graphile_worker._private_jobs j
       join graphile_worker._private_tasks t on t.id = j.task_id
       where t.identifier = 'booking-reminder'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.run_at.getTime()).toBe(runAt.getTime());
    expect(rows[0]!.payload.key).toBe('reminder-7-x-120');
  });

  it('runs a job again within seconds when the worker that locked it died (kill -9)', async () => {
    // A job locked by a worker that is gone without releasing it: graphile-worker alone would
    // wait four hours. The heartbeat of any live instance unlocks it once the worker is unseen.
    const jobs = createGraphileQueue(pool);
    await jobs.enqueue(database.db, 'booking-mail', {
      kind: 'confirmation',
      bookingId: 4242,
      language: 'ko',
    });
    const locked = await pool.query(
      `update graphile_worker._private_jobs set locked_by = 'dead-worker-1', locked_at = now()
       where task_id = (select id from graphile_worker._private_tasks where identifier = 'booking-mail')
         and payload->>'bookingId' = '4242'`,
    );
    expect(locked.rowCount).toBe(1);
    await pool.query(
      `insert into queue_workers (worker_id, seen_at) values ('dead-worker-1', now() - interval '1 hour')`,
    );
    const ran: number[] = [];
    const live = createGraphileQueue(pool, {
      pollInterval: 200,
      heartbeatMs: 200,
      deadAfterMs: 1_000,
      crontab: '',
    });
    queues.push(live);
    await live.start(
      handlers(async (payload) => {
        if (payload.kind === 'confirmation') ran.push(payload.bookingId);
      }),
      quiet,
    );
    await until(() => ran.includes(4242), 15_000);
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from queue_workers where worker_id = 'dead-worker-1'`,
    );
    expect(rows[0]!.n).toBe(0);
    await live.stop();
  }, 30_000);

  it('two instances on one database run each hourly purge tick once', async () => {
    // Both instances start three minutes after the last run, with a 5-minute catch-up window:
    // each tries to schedule the missed ticks, graphile-worker lets one of them win per tick.
    await pool.query(
      `insert into graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
       values ('purge', now() - interval '1 hour', now() - interval '3 minutes 30 seconds')
       on conflict (identifier) do update set last_execution = excluded.last_execution`,
    );
    const runs: string[] = [];
    const instances = [0, 1].map((n) => {
      const own = new pg.Pool({
        connectionString: (pool as unknown as { options: { connectionString: string } }).options
          .connectionString,
        max: 4,
      });
      // As the app's pool does: an idle connection the server ends is not a crash.
      own.on('error', () => {});
      pools.push(own);
      const queue = createGraphileQueue(own, {
        crontab: '* * * * * purge ?fill=5m',
        pollInterval: 200,
      });
      queues.push(queue);
      return queue.start(
        {
          ...handlers(async () => {}),
          purge: async (payload) => {
            const tick = (payload as unknown as { _cron?: { ts: string } })._cron?.ts ?? 'now';
            runs.push(`${n}:${tick}`);
          },
        },
        quiet,
      );
    });
    await Promise.all(instances);
    await until(() => runs.length >= 3);
    await sleep(2000);
    const ticks = runs.map((r) => r.split(':').slice(1).join(':'));
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ticks).size).toBe(ticks.length);
  }, 60_000);
});

describe('errorSummary', () => {
  it('keeps no recipient address or phone number', () => {
    const summary = errorSummary(
      new Error(
        "Can't send mail - all recipients were rejected: 550 <someone@example.test> 010-1234-5678",
      ),
    );
    expect(summary).not.toContain('someone@example.test');
    expect(summary).not.toContain('010-1234-5678');
    expect(summary).toContain('550');
  });
});

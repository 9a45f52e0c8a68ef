import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../db/index.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/db.js';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.js';
import { createSmtpMailer } from '../lib/mail.js';
import { createGraphileQueue } from './graphile-queue.js';
import { createLocalQueue } from './local-queue.js';
import type { JobQueue } from './queue.js';
import { createTasks } from './tasks.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
const quiet = { info() {}, warn() {}, error() {} };

let smtp: TestSmtp;
let postgres: ThrowawayDatabase | undefined;
beforeAll(async () => {
  smtp = await startTestSmtp();
  if (serverUrl) postgres = await createThrowawayDatabase('carol_queue_crash');
});
afterAll(async () => {
  await smtp?.close();
  await postgres?.drop();
});

/** Runs the child until it has committed the booking, then kills it with SIGKILL. */
async function commitThenKill(env: Record<string, string>) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/queue-crash-child.ts'],
    { cwd: serverDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code} before committing`)));
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  return JSON.parse(line) as { bookingId: number; email: string };
}

/** After the crash: a fresh worker sends the stored mail exactly once, and never again. */
async function expectSentOnce(handle: DatabaseHandle, jobs: JobQueue, email: string) {
  expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(0);
  const mailer = createSmtpMailer(smtp.url, 'Carol <no-reply@carol.example>');
  await jobs.start(
    createTasks({
      db: handle.db,
      mailer,
      config: { appBaseUrl: 'https://carol.example' },
      log: quiet,
    }),
    quiet,
  );
  const mail = await smtp.nextMailTo(email, 30_000);
  expect(mail.subject).toContain('is confirmed');
  // Long enough for any second delivery (a retry, a second poll) to have shown up.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  await jobs.stop();
  expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  const recorded = await handle.db.execute<{ n: number }>(
    sql`select count(*)::int as n from message_deliveries`,
  );
  expect(recorded.rows[0]!.n).toBe(1);
}

describe('a process killed between the commit and the send', () => {
  it('PGlite, in-process queue: after a restart the confirmation goes out exactly once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'carol-queue-crash-'));
    try {
      const { email } = await commitThenKill({ CRASH_PGLITE_DIR: dir });
      const handle = await openDatabase({ dataDir: dir });
      try {
        await expectSentOnce(handle, createLocalQueue(handle.db, { pollMs: 200 }), email);
        const left = await handle.db.execute<{ n: number }>(
          sql`select count(*)::int as n from local_jobs`,
        );
        expect(left.rows[0]!.n).toBe(0);
      } finally {
        await handle.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  describe.skipIf(!serverUrl)('PostgreSQL', () => {
    it('graphile-worker: after a restart the confirmation goes out exactly once', async () => {
      const databaseUrl = postgres!.url;
      const { email } = await commitThenKill({ CRASH_DATABASE_URL: databaseUrl });
      const handle = await openDatabase({ databaseUrl, maxConnections: 4 });
      try {
        if (handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
        await expectSentOnce(
          handle,
          createGraphileQueue(handle.client, { pollInterval: 200 }),
          email,
        );
        const left = await handle.db.execute<{ n: number }>(
          sql`select count(*)::int as n from graphile_worker.jobs`,
        );
        expect(left.rows[0]!.n).toBe(0);
      } finally {
        await handle.close();
      }
    }, 120_000);
  });
});

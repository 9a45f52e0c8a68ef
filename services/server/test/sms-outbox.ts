import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/index.js';

export interface OutboxSms {
  to: string;
  text: string;
  date: string;
}

/**
 * Reads the dev SMS outbox (`<dir>/sms.jsonl`, written by src/lib/sms.ts) the way a member reads
 * their phone: tests get codes only from the real message, never through a backdoor.
 */
export function smsOutbox(dir: string) {
  const all = (): OutboxSms[] => {
    const file = join(dir, 'sms.jsonl');
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxSms);
  };
  const to = (phone: string) => all().filter((m) => m.to === phone);
  return {
    all,
    to,
    /** Waits (the provider writes in the background) until `count` messages went to `phone`. */
    async waitFor(phone: string, count = 1, timeoutMs = 3000): Promise<OutboxSms> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const messages = to(phone);
        if (messages.length >= count) return messages[messages.length - 1]!;
        if (Date.now() > deadline) throw new Error(`no SMS to ${phone} in the outbox`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** The 6-digit code of the newest message to `phone`. */
    codeFor(phone: string): string {
      const messages = to(phone);
      const code = messages[messages.length - 1]?.text.match(/\d{6}/)?.[0];
      if (!code) throw new Error(`no code sent to ${phone}`);
      return code;
    },
  };
}

/**
 * Waits until every queued SMS has gone out. Codes are texted by the job queue after the
 * answer, so a code asked for a moment before (an attacker's, a resend) may still be on its
 * way and would be taken for the next one. The test app runs the in-process queue over
 * `local_jobs` on either database.
 */
export async function smsQueueSettled(db: Database, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = sql`select count(*)::int as n from local_jobs where task = 'code-message'`;
  while ((await db.execute<{ n: number }>(pending)).rows[0]!.n > 0) {
    if (Date.now() > deadline) throw new Error('queued SMS did not go out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

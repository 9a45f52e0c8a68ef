import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { localJobs } from '../db/schema/index.js';
import {
  backoffMs,
  errorSummary,
  newJobKey,
  type JobLogger,
  type JobQueue,
  type TaskHandlers,
  type TaskName,
} from './queue.js';

export interface LocalQueueOptions {
  /**
   * The longest the idle worker sleeps. It is woken by each enqueue of this process and sleeps
   * until the next job is due (a retry, a job with `runAt`), at most this long: the safety net
   * for jobs stored by another process on the same database.
   */
  pollMs?: number;
  /** Retry delay after the n-th failed attempt (default: queue.ts backoffMs). */
  backoff?: (attempt: number) => number;
  /** A job not finished within this is taken again (its process died). */
  lockMs?: number;
}

interface ClaimedJob extends Record<string, unknown> {
  id: number | string;
  task: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/**
 * The embedded default's queue (ADR 042): jobs are rows of `local_jobs`, written in the
 * transaction of the change; one worker per process takes them one at a time
 * (`FOR UPDATE SKIP LOCKED`, so a second process on the same database would not take the same
 * job), deletes a job once it succeeded and reschedules a failed one with exponential back-off.
 * A job whose attempts are used up stays in the table with its last error.
 */
export function createLocalQueue(db: Database, options: LocalQueueOptions = {}): JobQueue {
  const pollMs = options.pollMs ?? 30_000;
  const backoff = options.backoff ?? backoffMs;
  const lockSeconds = Math.ceil((options.lockMs ?? 10 * 60 * 1000) / 1000);
  let tasks: TaskHandlers | undefined;
  let log: JobLogger = { info() {}, warn() {}, error() {} };
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | undefined;

  async function claim(): Promise<ClaimedJob | undefined> {
    const result = await db.execute<ClaimedJob>(sql`
      update local_jobs
         set attempts = attempts + 1,
             locked_until = now() + make_interval(secs => ${lockSeconds})
       where id = (
         select id from local_jobs
          where run_at <= now()
            and attempts < max_attempts
            and (locked_until is null or locked_until < now())
          order by run_at, id
          limit 1
          for update skip locked)
      returning id, task, payload, attempts, max_attempts`);
    return result.rows[0];
  }

  async function runOne(job: ClaimedJob, handlers: TaskHandlers): Promise<void> {
    const id = Number(job.id);
    try {
      const handler = handlers[job.task as TaskName] as
        ((payload: unknown) => Promise<void>) | undefined;
      if (!handler) throw new Error(`no task named ${job.task}`);
      await handler(job.payload);
      await db.execute(sql`delete from local_jobs where id = ${id}`);
    } catch (error) {
      const last = job.attempts >= job.max_attempts;
      const delaySeconds = backoff(job.attempts) / 1000;
      await db.execute(sql`
        update local_jobs
           set locked_until = null,
               last_error = ${errorSummary(error)},
               run_at = now() + make_interval(secs => ${delaySeconds})
         where id = ${id}`);
      const details = {
        jobId: id,
        task: job.task,
        attempt: job.attempts,
        err: errorSummary(error),
      };
      if (last) log.error(details, 'job failed for the last time');
      else log.warn(details, 'job failed; it will be retried');
    }
  }

  /** Milliseconds until the next job is due, at most pollMs. */
  async function idleMs(): Promise<number> {
    const result = await db.execute<{ ms: number | string | null }>(sql`
      select (extract(epoch from (min(run_at) - now())) * 1000)::float8 as ms
        from local_jobs
       where attempts < max_attempts
         and (locked_until is null or locked_until < now())`);
    const ms = result.rows[0]?.ms;
    if (ms === null || ms === undefined) return pollMs;
    return Math.max(20, Math.min(pollMs, Math.ceil(Number(ms))));
  }

  async function drain(): Promise<number> {
    while (!stopping && tasks) {
      let job: ClaimedJob | undefined;
      try {
        job = await claim();
      } catch (error) {
        if (!stopping) log.error({ err: errorSummary(error) }, 'job queue poll failed');
        return pollMs;
      }
      if (!job) return stopping ? pollMs : idleMs().catch(() => pollMs);
      await runOne(job, tasks);
    }
    return pollMs;
  }

  function wake(): void {
    if (stopping || !tasks || loop) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    loop = drain()
      .catch((error: unknown) => {
        if (!stopping) log.error({ err: errorSummary(error) }, 'job queue run failed');
        return pollMs;
      })
      .then((sleepMs) => {
        loop = undefined;
        if (!stopping) {
          timer = setTimeout(wake, sleepMs);
          timer.unref();
        }
      });
  }

  return {
    kind: 'local',
    async enqueue(tx, task, payload, options = {}) {
      const key = options.key ?? newJobKey();
      await tx.insert(localJobs).values({
        task,
        payload: { ...payload, key },
        ...(options.runAt ? { runAt: options.runAt } : {}),
      });
      // The change commits right after. On PGlite the worker's claim waits for an open
      // transaction, so the first wake finds the job; on PostgreSQL (tests) a wake that came
      // before the commit is followed by a second one.
      for (const delay of [20, 250]) setTimeout(wake, delay).unref();
      return key;
    },
    async start(handlers, logger) {
      if (tasks) return;
      tasks = handlers;
      log = logger;
      stopping = false;
      wake();
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await loop;
    },
  };
}

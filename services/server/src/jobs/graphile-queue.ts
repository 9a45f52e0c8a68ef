import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import {
  Logger,
  run,
  runMigrations,
  type Runner,
  type Task,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import type pg from 'pg';
import { newJobKey, type JobLogger, type JobQueue, type TaskHandlers } from './queue.js';

export interface GraphileQueueOptions {
  /** graphile-worker crontab lines; the default runs the purge at the top of every hour. */
  crontab?: string;
  /** Jobs this process runs at once. */
  concurrency?: number;
  /** For jobs scheduled in the future and retries; new jobs arrive by LISTEN/NOTIFY at once. */
  pollInterval?: number;
  /** How often this process says its workers are alive (queue_workers). Default 5 s. */
  heartbeatMs?: number;
  /** Workers not seen for this long are taken for dead and their jobs unlocked. Default 30 s. */
  deadAfterMs?: number;
}

/** Hourly, once across all instances: graphile-worker's crontab schedules each tick once. */
export const defaultCrontab = '0 * * * * purge';

const maxAttempts = 10;

/**
 * Says this process's workers are alive, and unlocks the jobs of workers no instance has seen
 * for `deadAfterMs` (killed without releasing them: kill -9, a lost machine). graphile-worker
 * itself only frees such jobs after four hours; a confirmation mail should not wait that long.
 * Every instance runs this; force_unlock_workers is idempotent, so two doing it at once is fine.
 */
async function heartbeat(
  pool: pg.Pool,
  workerIds: ReadonlySet<string>,
  deadAfterMs: number,
  log: JobLogger,
): Promise<void> {
  const ids = [...workerIds];
  try {
    if (ids.length > 0) {
      await pool.query(
        `insert into queue_workers (worker_id, seen_at) select unnest($1::text[]), now()
         on conflict (worker_id) do update set seen_at = excluded.seen_at`,
        [ids],
      );
    }
    const dead = await pool.query<{ worker_id: string }>(
      `delete from queue_workers where seen_at < now() - make_interval(secs => $1::double precision / 1000)
       returning worker_id`,
      [deadAfterMs],
    );
    const deadIds = dead.rows.map((row) => row.worker_id);
    if (deadIds.length > 0) {
      await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [deadIds]);
      log.warn(
        { queue: 'graphile-worker', workers: deadIds.length },
        'unlocked the jobs of workers no longer seen',
      );
    }
  } catch (error) {
    log.error({ queue: 'graphile-worker', err: error }, 'queue worker heartbeat failed');
  }
}

/** Creates or updates the graphile_worker schema; it locks, so N instances may call it at once. */
export async function migrateGraphileWorker(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: quietLogger });
}

const quietLogger = new Logger(() => () => {});

function loggerFor(log: JobLogger): Logger {
  return new Logger(() => (logLevel, message, meta) => {
    // LogLevel is a const enum of these strings; compared as text.
    const level: string = logLevel;
    // Job payloads never go to the log: only graphile-worker's own message and the job id.
    const details: Record<string, unknown> = { queue: 'graphile-worker' };
    const job = (meta as { job?: { id?: string; task_identifier?: string } } | undefined)?.job;
    if (job?.id) details.jobId = job.id;
    if (job?.task_identifier) details.task = job.task_identifier;
    if (level === 'error') log.error(details, message);
    else if (level === 'warning') log.warn(details, message);
    else if (level === 'info') log.info(details, message);
  });
}

/**
 * The production queue (ADR 042): graphile-worker on the application's PostgreSQL. A job is
 * one call of `graphile_worker.add_job()` inside the change's transaction; failed jobs are
 * retried with graphile-worker's exponential back-off (about exp(attempt) seconds), up to 10
 * attempts. Call migrateGraphileWorker() once before the first enqueue.
 */
export function createGraphileQueue(pool: pg.Pool, options: GraphileQueueOptions = {}): JobQueue {
  let runner: Runner | undefined;
  let starting: Promise<void> | undefined;
  let beat: NodeJS.Timeout | undefined;
  const workerIds = new Set<string>();
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const deadAfterMs = options.deadAfterMs ?? 30_000;
  return {
    kind: 'graphile-worker',
    async enqueue(tx, task, payload, options = {}) {
      const key = options.key ?? newJobKey();
      const json = JSON.stringify({ ...payload, key });
      const runAt = (options.runAt ?? null)?.toISOString() ?? null;
      await tx.execute(
        sql`select graphile_worker.add_job(${task}, ${json}::json,
              run_at => ${runAt}::timestamptz, max_attempts => ${maxAttempts})`,
      );
      return key;
    },
    start(handlers: TaskHandlers, log: JobLogger) {
      starting ??= (async () => {
        const taskList: TaskList = {};
        for (const [name, handler] of Object.entries(handlers)) {
          const task: Task = async (payload) => {
            await (handler as (payload: unknown) => Promise<void>)(payload);
          };
          taskList[name] = task;
        }
        const events: WorkerEvents = new EventEmitter();
        events.on('worker:create', ({ worker }) => {
          workerIds.add(worker.workerId);
          // Seen before it can lock a job, so a crash right after still counts as a death.
          void heartbeat(pool, new Set([worker.workerId]), deadAfterMs, log);
        });
        events.on('worker:stop', ({ worker }) => workerIds.delete(worker.workerId));
        runner = await run({
          pgPool: pool,
          taskList,
          crontab: options.crontab ?? defaultCrontab,
          concurrency: options.concurrency ?? 2,
          pollInterval: options.pollInterval ?? 2000,
          noHandleSignals: true,
          logger: loggerFor(log),
          events,
        });
        beat = setInterval(() => void heartbeat(pool, workerIds, deadAfterMs, log), heartbeatMs);
        beat.unref();
      })();
      return starting;
    },
    async stop() {
      await starting?.catch(() => {});
      clearInterval(beat);
      const current = runner;
      runner = undefined;
      // Graceful: no new jobs; the ones running finish (their locks are released).
      await current?.stop();
    },
  };
}

import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, timestamptz } from './columns.js';

/**
 * The in-process job queue of the embedded default (ADR 042). A job is inserted in the same
 * transaction as the change that causes it, so a crash after the commit cannot lose it; the
 * worker of the process runs it, retrying with exponential back-off. On PostgreSQL in production
 * the same jobs go to graphile-worker instead and this table stays empty.
 */
export const localJobs = pgTable(
  'local_jobs',
  {
    id: id(),
    task: text('task').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('local_jobs_due_idx').on(t.runAt)],
);

export const deliveryChannelValues = ['mail', 'sms'] as const;

/**
 * One row per message handed to a mail or SMS provider, keyed by the job's idempotency key and
 * written right after the hand-over: a retried job finds it and sends nothing again.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    key: text('key').primaryKey(),
    channel: text('channel', { enum: deliveryChannelValues }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [check('message_deliveries_channel_check', oneOf(t.channel, deliveryChannelValues))],
);

/**
 * The graphile-worker workers alive on PostgreSQL, each seen a few seconds ago (ADR 042). A
 * worker killed without a chance to release its jobs (kill -9, a lost machine) stops being
 * seen; another instance then unlocks its jobs (graphile_worker.force_unlock_workers) so they
 * run again in seconds instead of after graphile-worker's own four hours.
 */
export const queueWorkers = pgTable(
  'queue_workers',
  {
    workerId: text('worker_id').primaryKey(),
    seenAt: timestamptz('seen_at').notNull().defaultNow(),
  },
  (t) => [index('queue_workers_seen_idx').on(t.seenAt)],
);

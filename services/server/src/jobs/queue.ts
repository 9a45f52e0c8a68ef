import { randomUUID } from 'node:crypto';
import type { Language } from '@carol/contracts';
import type { Database, DbTransaction } from '../db/index.js';
import { scrubText } from '../lib/logging.js';

/** What each task receives. Every payload also carries `key`, the job's idempotency key. */
export interface JobPayloads {
  /** A mail about a booking to its member, composed when it is sent (ADR 042). */
  'booking-mail':
    | { kind: 'confirmation'; bookingId: number; language: Language }
    | { kind: 'shop-cancellation'; bookingId: number; reason?: string | undefined }
    | {
        /** The booking moved (ADR 057): the member gets the new time and the updated .ics. */
        kind: 'rescheduled';
        bookingId: number;
        by: 'member' | 'shop';
        /** ISO instant of the start before the move. */
        previousStartsAt: string;
        /** The language of the request that moved it; null: the member's own. */
        language: Language | null;
      }
    | {
        /**
         * A member moved the booking (ADR 062): the salon's notice address is told, in the
         * salon's notice language. The times and designers are the move's own (a later move
         * does not rewrite this one's mail).
         */
        kind: 'salon-rescheduled';
        bookingId: number;
        previousStartsAt: string;
        previousDesignerId: number;
        startsAt: string;
        designerId: number;
      }
    | {
        /** A member cancelled the booking (ADR 062): the salon's notice address is told. */
        kind: 'salon-cancelled';
        bookingId: number;
      };
  /**
   * A mail or SMS composed in the request (sign-in links and codes, account notices). The
   * message is sealed (lib/sealed-message.ts): no code, address or number in the job tables.
   */
  'code-message': { channel: 'mail' | 'sms'; sealed: string };
  /**
   * One reminder of a booking (features/reminders, ADR 050), due at its time; `startsAt` is the
   * booking's start when it was scheduled (a moved booking's old reminders send nothing).
   */
  'booking-reminder': { bookingId: number; offsetMinutes: number; startsAt: string };
  /**
   * A designer's time freed by a cancellation (features/waitlist, ADR 058): the members waiting
   * for it are told, in the order they joined, on `channels` (in quiet hours the SMS is a second
   * job at 08:00).
   */
  'waitlist-notice': {
    shopId: number;
    designerId: number;
    startsAt: string;
    endsAt: string;
    channels: ('mail' | 'sms')[];
  };
  /** Expired credentials and data past retention (jobs/purge.ts); scheduled, never enqueued. */
  purge: Record<string, never>;
}

export type TaskName = keyof JobPayloads;
export type Keyed<T> = T & { key: string };

export type TaskHandlers = {
  [T in TaskName]: (payload: Keyed<JobPayloads[T]>) => Promise<void>;
};

export interface JobLogger {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** The job's idempotency key (default: a random one); a deterministic key makes a send once-only. */
  key?: string;
}

/**
 * The one interface features use for work that must happen after a change commits (ADR 042):
 * graphile-worker on PostgreSQL, the in-process worker over `local_jobs` on the embedded default.
 */
export interface JobQueue {
  readonly kind: 'local' | 'graphile-worker';
  /**
   * Stores the job with `tx`: pass the transaction of the change, and the job exists exactly
   * when the change does. Returns the job's idempotency key.
   */
  enqueue<T extends TaskName>(
    tx: Database | DbTransaction,
    task: T,
    payload: JobPayloads[T],
    options?: EnqueueOptions,
  ): Promise<string>;
  /** Starts taking jobs, logging to `log`. Idempotent. */
  start(tasks: TaskHandlers, log: JobLogger): Promise<void>;
  /** Stops taking jobs and resolves once the jobs running now have finished. Idempotent. */
  stop(): Promise<void>;
}

export function newJobKey(): string {
  return randomUUID();
}

/** Retry delay after the n-th failed attempt: 2 s, 4 s, 8 s, … at most an hour. */
export function backoffMs(attempt: number): number {
  return Math.min(60 * 60 * 1000, 1000 * 2 ** Math.max(1, Math.min(attempt, 12)));
}

/**
 * An error as kept in a job row and its log line: name and message, with any e-mail address or
 * phone number (a provider's rejection names the recipient) scrubbed.
 */
export function errorSummary(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return scrubText(text).slice(0, 500);
}

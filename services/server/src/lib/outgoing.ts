import type { Database, DbTransaction } from '../db/index.js';
import type { JobQueue } from '../jobs/queue.js';
import type { MailMessage } from './mail.js';
import { seal, type SealKey } from './sealed-message.js';
import type { SmsMessage } from './sms.js';

/**
 * Mails and SMS composed in a request (sign-in links and codes, account notices) go out through
 * the job queue (ADR 049): stored with `tx` — pass the transaction that stores the code, and the
 * message exists exactly when the code does — then sent with retries, once per job key.
 */
export interface Outgoing {
  /**
   * `null` stores a blank job that sends nothing: the same work as a real mail, for answers that
   * must not reveal (by their time) whether an address is registered.
   */
  mail(tx: Database | DbTransaction, message: MailMessage | null): Promise<void>;
  sms(tx: Database | DbTransaction, message: SmsMessage): Promise<void>;
}

export function queuedOutgoing(jobs: JobQueue, key: SealKey): Outgoing {
  return {
    async mail(tx, message) {
      await jobs.enqueue(tx, 'code-message', {
        channel: 'mail',
        sealed: seal(key, 'mail', message),
      });
    },
    async sms(tx, message) {
      await jobs.enqueue(tx, 'code-message', { channel: 'sms', sealed: seal(key, 'sms', message) });
    },
  };
}

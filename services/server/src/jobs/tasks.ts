import { eq } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { messageDeliveries } from '../db/schema/index.js';
import type { Config } from '../env.js';
import {
  bookingConfirmationMail,
  bookingRescheduledMail,
  salonNoticeMail,
  shopCancellationMail,
} from '../features/booking/notifications/booking-mail.service.js';
import { messageIdFor, type MailMessage, type Mailer } from '../lib/mail.js';
import { unseal, type SealKey } from '../lib/sealed-message.js';
import type { SmsMessage, SmsSender } from '../lib/sms.js';
import type { MediaStorage } from '../lib/storage.js';
import { linkKeyOf, sendReminder } from '../features/reminders/reminders.service.js';
import { sendWaitlistNotices } from '../features/waitlist/waitlist.service.js';
import { sweepMemberMedia } from './media-sweep.js';
import { purgeExpired } from './purge.js';
import type { JobLogger, JobPayloads, TaskHandlers } from './queue.js';

/**
 * Hands a message to its provider at most once per key: a key already recorded is skipped, and
 * the key is recorded right after the provider accepted it. A job retried after a failure
 * (provider down, process killed before the send) therefore sends exactly once. The one gap
 * left is a crash between the provider's acceptance and the insert: that retry sends again
 * (at-least-once there, the usual limit without a provider-side idempotency key; ADR 042).
 * Returns false when the key had been sent already.
 */
export async function deliverOnce(
  db: Database,
  key: string,
  channel: 'mail' | 'sms',
  send: () => Promise<void>,
): Promise<boolean> {
  const sent = await db
    .select({ key: messageDeliveries.key })
    .from(messageDeliveries)
    .where(eq(messageDeliveries.key, key));
  if (sent.length > 0) return false;
  await send();
  await db.insert(messageDeliveries).values({ key, channel }).onConflictDoNothing();
  return true;
}

export interface TaskDeps {
  db: Database;
  mailer: Mailer;
  /** The SMS provider and the key of sealed messages (code-message); absent: no such job runs. */
  sms?: SmsSender;
  sealKey?: SealKey;
  config: Pick<Config, 'appBaseUrl'> & Partial<Pick<Config, 'mailFrom' | 'reminderLinkSecret'>>;
  /** The time tasks take as now (tests move it); default the system clock. */
  clock?: () => Date;
  log: JobLogger;
  /** The stored files: the purge then sweeps withdrawn members' and unreferenced uploads (ADR 041). */
  storage?: MediaStorage;
}

/** Every task of the job queue. A task throws to be retried; it must be safe to run again. */
export function createTasks(deps: TaskDeps): TaskHandlers {
  const { db, config } = deps;
  const linkKey = linkKeyOf(config.reminderLinkSecret);
  const bookingMailOf = (payload: JobPayloads['booking-mail']): Promise<MailMessage | null> => {
    switch (payload.kind) {
      case 'confirmation':
        return bookingConfirmationMail({ db, config }, payload.bookingId, payload.language);
      case 'rescheduled':
        return bookingRescheduledMail({ db, config }, payload);
      case 'shop-cancellation':
        return shopCancellationMail({ db, config }, payload.bookingId, payload.reason);
      // The salon's notices of a member's move or cancellation (ADR 062).
      case 'salon-rescheduled':
      case 'salon-cancelled':
        return salonNoticeMail({ db }, payload);
    }
  };
  return {
    async 'booking-reminder'(payload) {
      const outcome = await sendReminder(
        {
          db,
          mailer: deps.mailer,
          sms: deps.sms,
          linkKey,
          appBaseUrl: config.appBaseUrl,
          mailFrom: config.mailFrom ?? '',
          deliverOnce: (key, channel, send) => deliverOnce(db, key, channel, send),
        },
        payload,
        deps.clock?.() ?? new Date(),
      );
      deps.log.info({ bookingId: payload.bookingId, outcome }, 'booking reminder');
    },
    async 'waitlist-notice'(payload) {
      const result = await sendWaitlistNotices(
        {
          db,
          mailer: deps.mailer,
          sms: deps.sms,
          appBaseUrl: config.appBaseUrl,
          mailFrom: config.mailFrom ?? '',
          deliverOnce: (key, channel, send) => deliverOnce(db, key, channel, send),
        },
        payload,
        deps.clock?.() ?? new Date(),
      );
      deps.log.info(
        { shopId: payload.shopId, outcome: result.outcome, told: result.entryIds.length },
        'waitlist notice',
      );
    },
    async 'booking-mail'(payload) {
      const message = await bookingMailOf(payload);
      if (!message) return;
      const messageId = messageIdFor(payload.key, config.mailFrom ?? '');
      const sent = await deliverOnce(db, payload.key, 'mail', () =>
        deps.mailer.send({ ...message, messageId }),
      );
      deps.log.info({ bookingId: payload.bookingId, kind: payload.kind, sent }, 'booking mail');
    },
    async 'code-message'(payload) {
      const opened = deps.sealKey
        ? unseal(deps.sealKey, payload.channel, payload.sealed)
        : undefined;
      if (opened === null) return; // a blank (Outgoing.mail(tx, null))
      if (!opened) {
        // Sealed by a process with another key (no CODE_HASH_SECRET, restarted): not retried.
        deps.log.warn({ channel: payload.channel }, 'queued message could not be opened; dropped');
        return;
      }
      if (payload.channel === 'mail') {
        const message = opened as MailMessage;
        const messageId = messageIdFor(payload.key, config.mailFrom ?? '');
        await deliverOnce(db, payload.key, 'mail', () =>
          deps.mailer.send({ ...message, messageId }),
        );
      } else {
        const sms = deps.sms;
        if (!sms) throw new Error('no SMS provider');
        await deliverOnce(db, payload.key, 'sms', () => sms.send(opened as SmsMessage));
      }
    },
    async purge() {
      const report = await purgeExpired(db);
      deps.log.info({ purge: report }, 'purged expired data');
      if (!deps.storage) return;
      const swept = await sweepMemberMedia(db, deps.storage);
      deps.log.info({ mediaSweep: swept }, 'swept unreferenced media');
    },
  };
}

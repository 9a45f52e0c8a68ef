import {
  reminderLimits,
  type LinkedBooking,
  type MemberReminderSettings,
  type ReminderLinkPurpose,
  type SalonReminderSettings,
} from '@carol/contracts';
import { catalogs, formatDate, interpolate } from '@carol/i18n';
import type { Database, DbTransaction } from '../../db/index.js';
import type { JobPayloads, JobQueue, Keyed } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import { messageIdFor, type Mailer } from '../../lib/mail.js';
import type { SmsSender } from '../../lib/sms.js';
import { cancelBookingAsCustomer } from '../booking/booking-history.service.js';
import { signReminderLink, verifyReminderLink, type LinkKey } from './reminder-links.js';
import { planReminders, type PlannedReminder } from './reminder-times.js';
import * as repo from './reminders.repo.js';

export { linkKeyOf } from './reminder-links.js';

type Db = Database | DbTransaction;

// --- settings -------------------------------------------------------------------------------

function salonSettingsView(row: repo.SalonSettingsRow | undefined): SalonReminderSettings {
  return {
    is_enabled: row?.isEnabled ?? true,
    offsets_minutes: [...(row?.offsetsMinutes ?? reminderLimits.defaultOffsetsMinutes)].sort(
      (a, b) => b - a,
    ),
  };
}

export async function salonReminderSettingsOf(db: Db, shopId: number) {
  return { settings: salonSettingsView(await repo.salonSettingsOf(db, shopId)) };
}

/** Applies to reminders not yet sent: each is checked against the settings when it is due. */
export async function setSalonReminderSettings(
  db: Db,
  shopId: number,
  input: { is_enabled: boolean; offsets_minutes?: number[] | undefined },
) {
  const current = salonSettingsView(await repo.salonSettingsOf(db, shopId));
  const row = await repo.saveSalonSettings(db, shopId, {
    isEnabled: input.is_enabled,
    offsetsMinutes: [...(input.offsets_minutes ?? current.offsets_minutes)].sort((a, b) => b - a),
  });
  return { settings: salonSettingsView(row) };
}

function memberSettingsView(row: repo.MemberSettingsRow | undefined): MemberReminderSettings {
  return { email: row?.email ?? true, sms: row?.sms ?? true };
}

export async function memberReminderSettingsOf(db: Db, memberId: number) {
  return { settings: memberSettingsView(await repo.memberSettingsOf(db, memberId)) };
}

export async function setMemberReminderSettings(
  db: Db,
  memberId: number,
  input: { email?: boolean | undefined; sms?: boolean | undefined },
) {
  const current = memberSettingsView(await repo.memberSettingsOf(db, memberId));
  const row = await repo.saveMemberSettings(db, memberId, {
    email: input.email ?? current.email,
    sms: input.sms ?? current.sms,
  });
  return { settings: memberSettingsView(row) };
}

// --- scheduling -----------------------------------------------------------------------------

/** One job per booking, start and offset: the same reminder enqueued twice has one key. */
export function reminderJobKey(bookingId: number, startsAt: Date, offsetMinutes: number): string {
  return `reminder-${bookingId}-${Math.floor(startsAt.getTime() / 1000)}-${offsetMinutes}`;
}

/**
 * Stores the booking's reminders as jobs due at their times (ADR 050), in `tx`: call it in the
 * transaction that makes or moves the booking. A booking moved or cancelled later keeps its
 * jobs, and each one checks the booking when it is due (a moved booking's old reminders find
 * another start and send nothing).
 */
export async function scheduleReminders(
  tx: Db,
  jobs: JobQueue,
  bookingId: number,
  now: Date = new Date(),
): Promise<PlannedReminder[]> {
  const booking = await repo.findReminderBooking(tx, bookingId);
  if (booking?.status !== 'reserved') return [];
  const settings = salonSettingsView(await repo.salonSettingsOf(tx, booking.shopId));
  if (!settings.is_enabled) return [];
  const planned = planReminders(booking.startsAt, settings.offsets_minutes, booking.timeZone, now);
  for (const reminder of planned) {
    await jobs.enqueue(
      tx,
      'booking-reminder',
      {
        bookingId,
        offsetMinutes: reminder.offsetMinutes,
        startsAt: booking.startsAt.toISOString(),
      },
      {
        runAt: reminder.runAt,
        key: reminderJobKey(bookingId, booking.startsAt, reminder.offsetMinutes),
      },
    );
  }
  return planned;
}

// --- sending --------------------------------------------------------------------------------

export interface ReminderSendDeps {
  db: Database;
  mailer: Mailer;
  sms?: SmsSender | undefined;
  linkKey: LinkKey;
  appBaseUrl: string;
  mailFrom: string;
  /** Records a key once its message went to the provider; false when it had gone already. */
  deliverOnce: (
    key: string,
    channel: 'mail' | 'sms',
    send: () => Promise<void>,
  ) => Promise<boolean>;
}

export type ReminderOutcome =
  /** At least one channel was handed to its provider now. */
  | 'sent'
  /** Every channel had been sent already (a retried or duplicated job). */
  | 'duplicate'
  /** The booking was cancelled, moved, or has started: nothing sent. */
  | 'stale'
  /** The salon switched reminders (or this offset) off, or the member every channel. */
  | 'off';

export function reminderLinks(
  key: LinkKey,
  appBaseUrl: string,
  booking: { id: number; startsAt: Date },
): Record<ReminderLinkPurpose, string> {
  const link = (purpose: ReminderLinkPurpose) =>
    `${appBaseUrl}/r/${signReminderLink(key, { bookingId: booking.id, purpose, startsAt: booking.startsAt })}`;
  return { view: link('view'), cancel: link('cancel') };
}

/**
 * The task of one reminder, at `now` (injected in tests: the clock moves, nothing waits). The
 * booking is read when the reminder is due: sent only if it is still reserved, still starts when
 * it did when the job was stored, and has not started; the salon's current settings and the
 * member's channels decide the rest. Each channel is sent once per job key (`deliverOnce`).
 */
export async function sendReminder(
  deps: ReminderSendDeps,
  payload: Keyed<JobPayloads['booking-reminder']>,
  now: Date = new Date(),
): Promise<ReminderOutcome> {
  const booking = await repo.findReminderBooking(deps.db, payload.bookingId);
  if (
    booking?.status !== 'reserved' ||
    booking.startsAt.getTime() !== new Date(payload.startsAt).getTime() ||
    booking.startsAt.getTime() <= now.getTime()
  ) {
    return 'stale';
  }
  const salon = salonSettingsView(await repo.salonSettingsOf(deps.db, booking.shopId));
  if (!salon.is_enabled || !salon.offsets_minutes.includes(payload.offsetMinutes)) return 'off';
  const member = await repo.memberOf(deps.db, booking.memberId);
  if (member?.status !== 'active') return 'off';
  const channels = memberSettingsView(await repo.memberSettingsOf(deps.db, booking.memberId));

  const language = member.language;
  const links = reminderLinks(deps.linkKey, deps.appBaseUrl, booking);
  const values = {
    name: booking.bookerName,
    shop: booking.shopName,
    date: formatDate(booking.startsAt, language, booking.timeZone, { dateStyle: 'medium' }),
    time: booking.localTime,
    designer: booking.designerName,
    menus: booking.menuNames.join(', ') || '-',
    number: booking.bookingNumber,
    viewLink: links.view,
    cancelLink: links.cancel,
  };
  const texts = catalogs[language].reminders;
  const results: boolean[] = [];
  const email = member.email;
  if (channels.email && email) {
    const mailKey = `${payload.key}-mail`;
    results.push(
      await deps.deliverOnce(mailKey, 'mail', () =>
        deps.mailer.send({
          to: email,
          subject: interpolate(texts.mail.subject, values),
          text: `${interpolate(texts.mail.body, values)}\n\n--\n${catalogs[language].mail.signature}\n`,
          messageId: messageIdFor(mailKey, deps.mailFrom),
        }),
      ),
    );
  }
  const sms = deps.sms;
  if (channels.sms && sms) {
    results.push(
      await deps.deliverOnce(`${payload.key}-sms`, 'sms', () =>
        sms.send({ to: booking.bookerPhone, text: interpolate(texts.sms, values) }),
      ),
    );
  }
  if (results.length === 0) return 'off';
  return results.some(Boolean) ? 'sent' : 'duplicate';
}

// --- one-tap links --------------------------------------------------------------------------

function linkedBookingView(booking: repo.ReminderBooking): LinkedBooking {
  return {
    booking_number: booking.bookingNumber,
    status: booking.status,
    shop_name: booking.shopName,
    designer_name: booking.designerName,
    starts_at: booking.startsAt.toISOString(),
    date: booking.localDate,
    time: booking.localTime,
    time_zone: booking.timeZone,
    menu_names: booking.menuNames,
  };
}

/** The link's booking, if the link is genuine, unexpired and still matches the booking's start. */
async function bookingOfLink(db: Db, key: LinkKey, token: string, now: Date) {
  const check = verifyReminderLink(key, token, now);
  if (!check.ok) return { check, booking: undefined };
  const booking = await repo.findReminderBooking(db, check.link.bookingId);
  const matches =
    booking &&
    Math.floor(booking.startsAt.getTime() / 1000) ===
      Math.floor(check.link.startsAt.getTime() / 1000);
  return { check, booking: matches ? booking : undefined };
}

export async function linkedBookingOf(db: Db, key: LinkKey, token: string, now = new Date()) {
  const { check, booking } = await bookingOfLink(db, key, token, now);
  if (!check.ok || !booking) throw new AppError('LINK_INVALID');
  return {
    purpose: check.link.purpose,
    can_cancel: check.link.purpose === 'cancel' && booking.status === 'reserved',
    booking: linkedBookingView(booking),
  };
}

/**
 * Cancels through a cancel link, by the app's own rule for members (cancelBookingAsCustomer:
 * reserved only, never from the start time on). A view link cannot cancel.
 */
export async function cancelByLink(
  db: Database,
  jobs: JobQueue,
  key: LinkKey,
  token: string,
  now = new Date(),
) {
  const { check, booking } = await bookingOfLink(db, key, token, now);
  if (!check.ok && check.reason === 'expired') throw new AppError('CANCEL_PAST_START');
  if (!check.ok || !booking || check.link.purpose !== 'cancel') {
    throw new AppError('LINK_INVALID');
  }
  await cancelBookingAsCustomer(db, jobs, booking.memberId, booking.id, now);
  const after = await repo.findReminderBooking(db, booking.id);
  return { booking: linkedBookingView(after!) };
}

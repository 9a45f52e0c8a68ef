import {
  addDays,
  bookingLimits,
  formatClock,
  parseClock,
  reminderLimits,
  todayIn,
  waitlistLimits,
  zonedInstantOf,
  zonedMomentOf,
  type Server,
  type WaitlistEntry,
} from '@carol/contracts';
import { catalogs, formatDate, interpolate } from '@carol/i18n';
import type { Database, DbTransaction } from '../../db/index.js';
import type { JobPayloads, JobQueue, Keyed } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import { messageIdFor } from '../../lib/mail.js';
import { bookingTimesOf, displayNameOf } from '../booking/booking.service.js';
import type { ReminderSendDeps } from '../reminders/reminders.service.js';
import * as repo from './waitlist.repo.js';

// The waitlist (ADR 058): "tell me if a time opens". Members join for a salon-local date,
// optionally a designer and a window of start times. A cancellation calls
// notifyWaitlistForFreedSlot in its transaction; the job it stores tells every matching member,
// in the order they joined, while the time is still free. Whoever books first gets it: the
// bookings exclusion constraint decides, as for any two bookings.

type Db = Database | DbTransaction;

// --- the member's entries -------------------------------------------------------------------

function statusOf(row: { bookedAt: Date | null; notifiedAt: Date | null }) {
  if (row.bookedAt) return 'booked' as const;
  return row.notifiedAt ? ('notified' as const) : ('waiting' as const);
}

function entryOf(row: repo.EntryView): WaitlistEntry {
  const clock = (minutes: number | null) => (minutes === null ? null : formatClock(minutes));
  return {
    entry_id: row.id,
    shop_id: row.shopId,
    shop_name: row.shopName,
    date: row.date,
    designer_id: row.designerId,
    designer_name: row.designerName,
    time_from: clock(row.windowFromMinutes),
    time_to: clock(row.windowToMinutes),
    status: statusOf(row),
    created_at: row.createdAt.toISOString(),
    notified_at: row.notifiedAt ? row.notifiedAt.toISOString() : null,
  };
}

export interface JoinWaitlistInput {
  shop_id: number;
  date: string;
  designer_id?: number | undefined;
  time_from?: string | undefined;
  time_to?: string | undefined;
}

/** The window of start times in minutes: both ends or neither, `from` before `to`. */
function windowOf(input: JoinWaitlistInput): { from: number | null; to: number | null } {
  const from = input.time_from === undefined ? null : (parseClock(input.time_from) ?? null);
  const to = input.time_to === undefined ? null : (parseClock(input.time_to) ?? null);
  if ((from === null) !== (to === null) || (from !== null && to !== null && from >= to)) {
    throw new AppError('VALIDATION_FAILED');
  }
  return { from, to };
}

/**
 * Joins (or joins again: same place in line, the new window) the waitlist of a salon's date.
 * The date must be bookable at the salon (today up to the booking horizon); the designer one of
 * the salon's; at most `waitlistLimits.maxActiveEntries` active entries per member.
 */
export async function joinWaitlistFor(
  db: Database,
  memberId: number,
  server: Server,
  input: JoinWaitlistInput,
  now = new Date(),
): Promise<{ entry: WaitlistEntry }> {
  const window = windowOf(input);
  const shop = await repo.findShop(db, input.shop_id);
  if (shop?.server !== server) throw new AppError('NOT_FOUND');
  const today = todayIn(shop.timeZone, now);
  if (input.date < today || input.date > addDays(today, bookingLimits.maxDaysAhead)) {
    throw new AppError('WAITLIST_DATE_INVALID');
  }
  const designerId = input.designer_id ?? null;
  if (designerId !== null && !(await repo.findActiveDesigner(db, shop.id, designerId))) {
    throw new AppError('NOT_FOUND');
  }
  const key = { memberId, shopId: shop.id, date: input.date, designerId };
  const entryId = await db.transaction(async (tx) => {
    await repo.lockMember(tx, memberId);
    const existing = await repo.findEntry(tx, key);
    if (existing) {
      await repo.rewaitEntry(tx, existing.id, window);
      return existing.id;
    }
    if ((await repo.countActive(tx, memberId, now)) >= waitlistLimits.maxActiveEntries) {
      throw new AppError('WAITLIST_LIMIT');
    }
    return repo.insertEntry(tx, key, window);
  });
  const [row] = await repo.listMemberEntries(db, memberId, now, entryId);
  return { entry: entryOf(row!) };
}

export async function waitlistOf(db: Db, memberId: number, now = new Date()) {
  const rows = await repo.listMemberEntries(db, memberId, now);
  return { waitlist: rows.map(entryOf), limit: waitlistLimits.maxActiveEntries };
}

/** Another member's entry answers NOT_FOUND, like an unknown one. */
export async function leaveWaitlistFor(db: Db, memberId: number, entryId: number) {
  if (!(await repo.deleteMemberEntry(db, memberId, entryId))) throw new AppError('NOT_FOUND');
  return { entry_id: entryId };
}

/** In add_booking's transaction: the member's entries this booking answers stop waiting. */
export async function markWaitlistBooked(tx: Db, bookingId: number, now = new Date()) {
  return repo.markBooked(tx, bookingId, now);
}

// --- a freed time -----------------------------------------------------------------------------

export interface FreedSlot {
  shopId: number;
  designerId: number;
  startsAt: Date;
  endsAt: Date;
}

const quietFrom = reminderLimits.quietFromHour * 60;
const quietTo = reminderLimits.quietToHour * 60;

/** The next 08:00 on the salon's wall clock when `now` is in its quiet hours, else null. */
export function smsHeldUntil(now: Date, timeZone: string): Date | null {
  const local = zonedMomentOf(now, timeZone);
  if (local.minutes >= quietTo && local.minutes < quietFrom) return null;
  const day = local.minutes >= quietFrom ? addDays(local.date, 1) : local.date;
  return zonedInstantOf(day, quietTo, timeZone);
}

/**
 * Call in the transaction that frees a designer's time (a cancellation, a reschedule's old
 * time): stores the job that tells the members waiting for it, so the notice exists exactly
 * when the change commits. Nothing is stored when nobody waits for that salon and date. In the
 * salon's quiet hours (21:00–08:00) the e-mail goes now and the SMS at 08:00, and only if the
 * time is still free then (ADR 058).
 */
export async function notifyWaitlistForFreedSlot(
  tx: Db,
  jobs: JobQueue,
  slot: FreedSlot,
  now = new Date(),
): Promise<void> {
  const shop = await repo.findShop(tx, slot.shopId);
  if (!shop) return;
  const date = zonedMomentOf(slot.startsAt, shop.timeZone).date;
  if (!(await repo.hasWaiting(tx, shop.id, date))) return;
  const payload = {
    shopId: slot.shopId,
    designerId: slot.designerId,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
  };
  const key = `waitlist-${slot.designerId}-${Math.floor(slot.startsAt.getTime() / 1000)}-${now.getTime()}`;
  const heldUntil = smsHeldUntil(now, shop.timeZone);
  if (!heldUntil) {
    await jobs.enqueue(
      tx,
      'waitlist-notice',
      { ...payload, channels: ['mail', 'sms'] },
      { key, runAt: now },
    );
    return;
  }
  await jobs.enqueue(
    tx,
    'waitlist-notice',
    { ...payload, channels: ['mail'] },
    { key, runAt: now },
  );
  await jobs.enqueue(
    tx,
    'waitlist-notice',
    { ...payload, channels: ['sms'] },
    { key: `${key}-morning`, runAt: heldUntil },
  );
}

/** Frees the time of a booking (read in `tx`): notifyWaitlistForFreedSlot for its interval. */
export async function notifyWaitlistForBooking(
  tx: Db,
  jobs: JobQueue,
  bookingId: number,
  now = new Date(),
): Promise<void> {
  const slot = await repo.findBookingSlot(tx, bookingId);
  if (slot) await notifyWaitlistForFreedSlot(tx, jobs, slot, now);
}

/** What sending needs: the reminders' channels (ADR 058), without their link key. */
export type WaitlistSendDeps = Omit<ReminderSendDeps, 'linkKey'>;

export interface WaitlistNoticeResult {
  outcome: 'sent' | 'taken' | 'past' | 'nobody';
  /** The entries told (or already told by an earlier run of this job), in the order they joined. */
  entryIds: number[];
  /** The salon-local start times that were free when the job ran. */
  freeTimes: string[];
}

/**
 * The task of one freed time: reads the day's availability for the designer now; the free
 * start times inside the freed interval are offered to every waiting entry they fit (any
 * designer or this one; its window, if any, holding one of them), one after another in the
 * order the entries joined. Each message is sent once per job key and entry (`deliverOnce`):
 * a retried job continues where it failed and repeats nothing.
 */
export async function sendWaitlistNotices(
  deps: WaitlistSendDeps,
  payload: Keyed<JobPayloads['waitlist-notice']>,
  now: Date = new Date(),
): Promise<WaitlistNoticeResult> {
  const shop = await repo.findShop(deps.db, payload.shopId);
  const startsAt = new Date(payload.startsAt);
  const endsAt = new Date(payload.endsAt);
  if (!shop || endsAt.getTime() <= now.getTime()) {
    return { outcome: 'past', entryIds: [], freeTimes: [] };
  }
  const start = zonedMomentOf(startsAt, shop.timeZone);
  const date = start.date;
  const endMinutes = start.minutes + Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000);
  const day = await bookingTimesOf(
    deps.db,
    shop.server,
    { shop_id: shop.id, date, designer_id: payload.designerId },
    { now },
  ).catch((error: unknown) => {
    // The designer left the salon, the salon stopped taking bookings: nothing to offer.
    if (error instanceof AppError) return null;
    throw error;
  });
  const free = (day?.booking_time_list ?? [])
    .filter((slot) => slot.available)
    .map((slot) => parseClock(slot.time)!)
    .filter((minutes) => minutes >= start.minutes && minutes < endMinutes);
  if (free.length === 0) return { outcome: 'taken', entryIds: [], freeTimes: [] };

  const entries = await repo.waitingEntries(deps.db, shop.id, date, payload.designerId);
  const told: number[] = [];
  for (const entry of entries) {
    const from = entry.windowFromMinutes;
    const to = entry.windowToMinutes;
    const times = free.filter((m) => from === null || to === null || (m >= from && m < to));
    if (times.length === 0 || entry.status !== 'active') continue;
    const language = entry.language;
    const texts = catalogs[language].waitlist;
    const values = {
      name: displayNameOf(entry.familyName, entry.givenName, language) || texts.member,
      shop: shop.name,
      date: formatDate(startsAt, language, shop.timeZone, { dateStyle: 'medium' }),
      times: times.map(formatClock).join(', '),
      link: `${deps.appBaseUrl}/reservation/first?shop_id=${shop.id}&designer_id=${payload.designerId}&date=${date}`,
    };
    let isTold = false;
    const email = entry.email;
    if (payload.channels.includes('mail') && entry.byEmail && email) {
      const key = `${payload.key}-${entry.id}-mail`;
      await deps.deliverOnce(key, 'mail', () =>
        deps.mailer.send({
          to: email,
          subject: interpolate(texts.mail.subject, values),
          text: `${interpolate(texts.mail.body, values)}\n\n--\n${catalogs[language].mail.signature}\n`,
          messageId: messageIdFor(key, deps.mailFrom),
        }),
      );
      isTold = true;
    }
    const sms = deps.sms;
    const phone = entry.phone;
    if (payload.channels.includes('sms') && entry.bySms && sms && phone) {
      await deps.deliverOnce(`${payload.key}-${entry.id}-sms`, 'sms', () =>
        sms.send({ to: phone, text: interpolate(texts.sms, values) }),
      );
      isTold = true;
    }
    if (!isTold) continue;
    await repo.markNotified(deps.db, entry.id, now);
    told.push(entry.id);
  }
  return {
    outcome: told.length > 0 ? 'sent' : 'nobody',
    entryIds: told,
    freeTimes: free.map(formatClock),
  };
}

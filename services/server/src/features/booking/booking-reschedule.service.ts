import { randomInt } from 'node:crypto';
import { bookingLimits, parseClock, rescheduleLimits, type Server } from '@carol/contracts';
import type { Database, DbTransaction } from '../../db/index.js';
import { isExclusionViolation, isRetryableTransactionError } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import { scheduleReminders } from '../reminders/reminders.service.js';
import { notifyWaitlistForFreedSlot } from '../waitlist/waitlist.service.js';
import { designerCanTake, intervalOf } from './availability.js';
import * as historyRepo from './booking-history.repo.js';
import * as repo from './booking.repo.js';
import { bookingShopOf, loadDesigners, loadShop, withoutOwnRange } from './booking.service.js';
import { tellSalonOfMemberMove } from './salon-notice.service.js';

// Reschedule (ADR 057): a reserved booking moves to another free time with
// ONE conditional UPDATE of its row. The `bookings_no_overlap` exclusion constraint checks the
// new range when the row changes, so the move and the freeing of the old time are one atomic
// step: either the row has the new time (old one free) or it still has the old one (the
// statement failed, the transaction rolled back). Never none, never two.

type Scope = { memberId: number } | { shopId: number };

/** The time a booking had before a move, freed by it (its designer's range is open again). */
export interface FreedSlot {
  bookingId: number;
  shopId: number;
  designerId: number;
  startsAt: Date;
  endsAt: Date;
}

export interface RescheduleInput {
  booking_id: number;
  designer_id: number;
  date: string;
  time: string;
}

export interface RescheduleDeps {
  db: Database;
  jobs: JobQueue;
}

export interface RescheduleHooks {
  now?: Date;
  /** The language of the member's mail (null: the member's own). */
  language?: 'ko' | 'en' | 'ja' | null;
  /** Test seam: runs inside each transaction attempt before the UPDATE (races, deadlocks). */
  beforeUpdate?: (tx: DbTransaction, attempt: number) => Promise<void>;
}

export interface RescheduleResult {
  bookingId: number;
  /** False when the booking already had this designer and time: nothing was changed. */
  moved: boolean;
}

/** The member's cut-off instant for a booking starting at `startsAt`. */
export function rescheduleUntil(startsAt: Date, cutoffMinutes: number): Date {
  return new Date(startsAt.getTime() - cutoffMinutes * 60_000);
}

/**
 * The one place where a move has freed a time, inside the move's transaction (after the
 * UPDATE succeeded, so it is certain): the waitlist (ADR 058) stores a job that tells the
 * members waiting for that day, if any.
 */
function onOldSlotFreed(tx: DbTransaction, jobs: JobQueue, slot: FreedSlot, now: Date) {
  return notifyWaitlistForFreedSlot(tx, jobs, slot, now);
}

async function findScoped(db: Database, scope: Scope, bookingId: number) {
  return 'memberId' in scope
    ? historyRepo.findMemberBooking(db, scope.memberId, bookingId)
    : historyRepo.findShopBooking(db, scope.shopId, bookingId);
}

function refusalOfStatus(row: historyRepo.BookingRow): AppError | null {
  if (row.status === 'cancelled') return new AppError('BOOKING_ALREADY_CANCELLED');
  if (row.status === 'visited') return new AppError('BOOKING_ALREADY_VISITED');
  return null;
}

function isAt(row: historyRepo.BookingRow, designerId: number, startsAt: Date): boolean {
  return row.designerId === designerId && row.startsAt.getTime() === startsAt.getTime();
}

/**
 * Moves the booking (the member's own, or one of the shop's) to `input`'s designer, date and
 * time, keeping its id, number, treatments, price and booker. The member is held to the salon's
 * cut-off before the current start; the shop is not. The new time must be one the booking flow
 * would offer for the booking's duration (availability.ts), the booking's own current range
 * aside; the exclusion constraint decides any race. In the same transaction: the member's mail
 * (kind 'rescheduled', the .ics with the same UID and the next SEQUENCE), for a member's move
 * the salon's notice (kind 'salon-rescheduled', ADR 062), the reminders for the new start, and
 * `onOldSlotFreed` (the waitlist).
 */
export async function rescheduleBooking(
  deps: RescheduleDeps,
  scope: Scope,
  input: RescheduleInput,
  hooks: RescheduleHooks = {},
): Promise<RescheduleResult> {
  const { db } = deps;
  const now = hooks.now ?? new Date();
  const byMember = 'memberId' in scope;
  const minutes = parseClock(input.time);
  if (minutes === undefined) throw new AppError('VALIDATION_FAILED');

  const row = await findScoped(db, scope, input.booking_id);
  if (!row) throw new AppError('NOT_FOUND');
  const statusRefusal = refusalOfStatus(row);
  if (statusRefusal) throw statusRefusal;

  const shopRow = await repo.findShopById(db, row.shopId);
  if (!shopRow) throw new AppError('NOT_FOUND');
  const server: Server = shopRow.server;
  const { shop, schedule } = await loadShop(db, server, row.shopId, input.date, input.date);
  const wanted = intervalOf(schedule, input.date, minutes, durationOf(row));
  const wantedStart = new Date(wanted.startsAt);
  // A retry of a move that went through (or a no-op request): the booking is already there.
  if (isAt(row, input.designer_id, wantedStart)) return { bookingId: row.id, moved: false };

  const until = rescheduleUntil(row.startsAt, shop.rescheduleCutoffMinutes);
  if (byMember && now.getTime() >= until.getTime()) {
    throw new AppError('RESCHEDULE_PAST_CUTOFF', {
      values: { minutes: shop.rescheduleCutoffMinutes },
    });
  }
  if (byMember && !shop.isBookingOpen) throw new AppError('SHOP_NOT_TAKING_RESERVATIONS');

  // Another salon's or an inactive designer: NOT_FOUND like an unknown id (every active
  // designer of the salon offers all of its menus; there is no per-designer menu list).
  const designers = await loadDesigners(db, row.shopId, input.date, input.date, {
    designerId: input.designer_id,
    withBusy: true,
  });
  // The booking's own range does not block its move.
  const designer = withoutOwnRange(designers.schedules[0]!, row);
  const facts = bookingShopOf(shop, now);
  const open = byMember ? schedule : { ...schedule, isBookingOpen: true };
  if (
    !designerCanTake(open, designer, input.date, minutes, durationOf(row), {
      now,
      lastBookableDate: facts.last_bookable_date,
    })
  ) {
    throw new AppError('RESERVATION_UNAVAILABLE');
  }

  const freed: FreedSlot = {
    bookingId: row.id,
    shopId: row.shopId,
    designerId: row.designerId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
  };
  const moved = await updateWithRetries(
    deps,
    {
      bookingId: row.id,
      from: { designerId: row.designerId, startsAt: row.startsAt },
      to: { designerId: input.designer_id, startsAt: wantedStart, endsAt: new Date(wanted.endsAt) },
      scope,
      now,
    },
    freed,
    byMember,
    hooks,
  );
  if (moved) return { bookingId: row.id, moved: true };

  // The conditional UPDATE found nothing to change: say why, from the booking as it is now.
  const current = await findScoped(db, scope, input.booking_id);
  if (!current) throw new AppError('NOT_FOUND');
  const refusal = refusalOfStatus(current);
  if (refusal) throw refusal;
  if (isAt(current, input.designer_id, wantedStart)) return { bookingId: row.id, moved: false };
  if (
    byMember &&
    now.getTime() >= rescheduleUntil(current.startsAt, shop.rescheduleCutoffMinutes).getTime()
  ) {
    throw new AppError('RESCHEDULE_PAST_CUTOFF', {
      values: { minutes: shop.rescheduleCutoffMinutes },
    });
  }
  // Moved elsewhere by a concurrent request since it was read.
  throw new AppError('FAILED_TRY_AGAIN');
}

function durationOf(row: { startsAt: Date; endsAt: Date }): number {
  return Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000);
}

async function updateWithRetries(
  deps: RescheduleDeps,
  move: repo.BookingMove,
  freed: FreedSlot,
  byMember: boolean,
  hooks: RescheduleHooks,
): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        await hooks.beforeUpdate?.(tx, attempt);
        // Both designers' queues, in id order: a move from A to B and one from B to A would
        // otherwise wait on each other's rows.
        const ids = [...new Set([move.from.designerId, move.to.designerId])].sort((a, b) => a - b);
        for (const id of ids) await repo.lockDesignerSchedule(tx, id);
        const updated = await repo.moveBooking(tx, move);
        if (!updated) return false;
        await deps.jobs.enqueue(
          tx,
          'booking-mail',
          {
            kind: 'rescheduled',
            bookingId: updated.id,
            by: byMember ? 'member' : 'shop',
            previousStartsAt: freed.startsAt.toISOString(),
            language: hooks.language ?? null,
          },
          { key: `booking-rescheduled-${updated.id}-${updated.revision}` },
        );
        // A member's move is told to the salon (ADR 062); the salon's own move is not.
        if (byMember) {
          await tellSalonOfMemberMove(tx, deps.jobs, {
            bookingId: updated.id,
            revision: updated.revision,
            previous: move.from,
            next: move.to,
          });
        }
        await scheduleReminders(tx, deps.jobs, updated.id, move.now);
        await onOldSlotFreed(tx, deps.jobs, freed, move.now);
        return true;
      });
    } catch (error) {
      if (isExclusionViolation(error, 'bookings_no_overlap')) {
        throw new AppError('RESERVATION_UNAVAILABLE', { cause: error });
      }
      if (!isRetryableTransactionError(error) || attempt >= bookingLimits.transactionRetries) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 5 + randomInt(20) * (attempt + 1)));
    }
  }
}

// --- the salon's cut-off ------------------------------------------------------------------

export async function rescheduleSettingsOf(db: Database, shopId: number) {
  const shop = await repo.findShopById(db, shopId);
  if (!shop) throw new AppError('NOT_FOUND');
  return { settings: { cutoff_minutes: shop.rescheduleCutoffMinutes } };
}

export async function setRescheduleSettings(
  db: Database,
  shopId: number,
  input: { cutoff_minutes: number },
) {
  const minutes = Math.min(
    rescheduleLimits.maxCutoffMinutes,
    Math.max(rescheduleLimits.minCutoffMinutes, input.cutoff_minutes),
  );
  if (!(await repo.setRescheduleCutoff(db, shopId, minutes))) throw new AppError('NOT_FOUND');
  return { settings: { cutoff_minutes: minutes } };
}

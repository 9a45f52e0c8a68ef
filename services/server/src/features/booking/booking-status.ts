import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './booking-history.repo.js';

type BookingRow = repo.BookingRow;

/**
 * Why a status change did not apply, read after the conditional UPDATE found nothing to change
 * (the UPDATE itself is the authority; this only names the reason).
 */
function refusalOf(
  row: BookingRow | undefined,
  action: 'cancel' | 'visit',
  now: Date,
  byCustomer: boolean,
): AppError {
  if (!row) return new AppError('NOT_FOUND');
  if (row.status === 'cancelled') return new AppError('BOOKING_ALREADY_CANCELLED');
  if (row.status === 'visited') return new AppError('BOOKING_ALREADY_VISITED');
  const started = row.startsAt.getTime() <= now.getTime();
  if (action === 'cancel' && byCustomer && started) return new AppError('CANCEL_PAST_START');
  if (action === 'visit' && !started) return new AppError('VISIT_BEFORE_START');
  return new AppError('FAILED_TRY_AGAIN');
}

/**
 * Cancels the booking or marks it visited, for its member (byCustomer) or its shop; when the
 * row did not change, throws why (refusalOf on the booking as it is now).
 */
export async function changeStatus(
  db: Database,
  scope: { memberId: number } | { shopId: number },
  bookingId: number,
  action: 'cancel' | 'visit',
  now: Date,
): Promise<void> {
  const changed =
    action === 'cancel'
      ? await repo.cancelBooking(db, scope, bookingId, now)
      : await repo.markVisited(db, scope, bookingId, now);
  if (changed) return;
  const row =
    'memberId' in scope
      ? await repo.findMemberBooking(db, scope.memberId, bookingId)
      : await repo.findShopBooking(db, scope.shopId, bookingId);
  throw refusalOf(row, action, now, 'memberId' in scope);
}

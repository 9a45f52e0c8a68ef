import type {
  BookingDetail,
  BookingHistoryTab,
  BookingListItem,
  BookingReview,
  NextBooking,
} from '@carol/contracts';
import { limits } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import type { JobQueue } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import { notifyWaitlistForBooking } from '../waitlist/waitlist.service.js';
import * as repo from './booking-history.repo.js';
import { presentLook } from './booking-look.js';
import { changeStatus } from './booking-status.js';
import { tellSalonOfMemberCancel } from './salon-notice.service.js';

type BookingRow = repo.BookingRow;

// --- presenting ---------------------------------------------------------------------------

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function reviewOf(extras: repo.BookingExtras, bookingId: number): BookingReview | null {
  const review = extras.reviews.get(bookingId);
  if (!review) return null;
  return {
    review_id: review.id,
    rating: review.rating,
    body: review.body,
    created_at: review.createdAt.toISOString(),
    photos: review.photos.map((p) => ({ url: p.url, thumb_url: p.thumbUrl })),
  };
}

function listItemOf(row: BookingRow, extras: repo.BookingExtras): BookingListItem {
  const reviewed = extras.reviews.has(row.id);
  return {
    booking_id: row.id,
    booking_number: row.bookingNumber,
    status: row.status,
    shop_id: row.shopId,
    shop_name: row.shopName,
    designer_id: row.designerId,
    designer_name: row.designerName,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    date: row.localDate,
    time: row.localTime,
    time_zone: row.timeZone,
    menu_names: (extras.items.get(row.id) ?? []).map((i) => i.name),
    total_price: row.totalPrice,
    currency: row.currency,
    cancelled_by: row.cancelledBy,
    cancel_origin: row.cancelOrigin,
    reviewable: row.status === 'visited' && !reviewed,
    reviewed,
  };
}

export function addressOf(row: BookingRow): string {
  return row.shopAddressDetail ? `${row.shopAddress} ${row.shopAddressDetail}` : row.shopAddress;
}

function detailOf(row: BookingRow, extras: repo.BookingExtras, now: Date): BookingDetail {
  const items = extras.items.get(row.id) ?? [];
  const started = row.startsAt.getTime() <= now.getTime();
  const until = new Date(row.startsAt.getTime() - row.rescheduleCutoffMinutes * 60_000);
  return {
    ...listItemOf(row, extras),
    shop_address: addressOf(row),
    shop_phone: row.shopPhone,
    duration_minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    menu_items: items.map((i) => ({
      menu_id: i.menuId,
      name: i.name,
      price: i.price,
      duration_minutes: i.durationMinutes,
    })),
    booker_name: row.bookerName,
    booker_phone: row.bookerPhone,
    request_note: row.requestNote,
    payment_method: row.paymentMethod,
    created_at: row.createdAt.toISOString(),
    cancelled_at: iso(row.cancelledAt),
    visited_at: iso(row.visitedAt),
    can_cancel: row.status === 'reserved' && !started,
    can_mark_visited: row.status === 'reserved' && started,
    can_delete: row.status === 'cancelled',
    can_reschedule: row.status === 'reserved' && now.getTime() < until.getTime(),
    reschedule_until: row.status === 'reserved' && !started ? until.toISOString() : null,
    rescheduled_at: iso(row.rescheduledAt),
    review: reviewOf(extras, row.id),
    look: presentLook(extras.looks.get(row.id)),
  };
}

// --- the member's history -------------------------------------------------------------------

/** Spec 9: the history shows the last 2 years of reservations. */
export function historySince(now: Date): Date {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - limits.reservationHistoryYears);
  return since;
}

export async function bookingHistoryOf(
  db: Database,
  memberId: number,
  query: { tab: BookingHistoryTab; page: number; pageSize: number },
  now = new Date(),
) {
  const { rows, total } = await repo.listMemberBookings(db, {
    memberId,
    tab: query.tab,
    since: historySince(now),
    page: query.page,
    pageSize: query.pageSize,
  });
  const extras = await repo.extrasOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    booking_list: rows.map((r) => listItemOf(r, extras)),
    total,
    page: query.page,
    has_next: query.page * query.pageSize < total,
  };
}

/**
 * My page's "next reservation": the first of the member's reservations still ahead (reserved,
 * not ended; in any market, like the history) and how many are ahead in all.
 */
export async function upcomingBookingsOf(
  db: Database,
  memberId: number,
  now = new Date(),
): Promise<{ next: NextBooking | null; count: number }> {
  const { next, total } = await repo.upcomingMemberBookings(db, memberId, now);
  if (!next) return { next: null, count: total };
  const [extras, thumbnail] = await Promise.all([
    repo.extrasOf(db, [next.id]),
    repo.shopThumbnailOf(db, next.shopId),
  ]);
  const item = listItemOf(next, extras);
  return {
    next: {
      booking_id: item.booking_id,
      booking_number: item.booking_number,
      shop_id: item.shop_id,
      shop_name: item.shop_name,
      shop_thumbnail: thumbnail,
      designer_id: item.designer_id,
      designer_name: item.designer_name,
      starts_at: item.starts_at,
      ends_at: item.ends_at,
      date: item.date,
      time: item.time,
      time_zone: item.time_zone,
      menu_names: item.menu_names,
    },
    // The two reads run side by side: a booking made between them must not read "0 ahead".
    count: Math.max(total, 1),
  };
}

async function memberDetail(db: Database, memberId: number, bookingId: number, now: Date) {
  const row = await repo.findMemberBooking(db, memberId, bookingId);
  if (!row) throw new AppError('NOT_FOUND');
  return detailOf(row, await repo.extrasOf(db, [row.id]), now);
}

export async function bookingDetailOf(
  db: Database,
  memberId: number,
  bookingId: number,
  now = new Date(),
): Promise<{ detail: BookingDetail }> {
  return { detail: await memberDetail(db, memberId, bookingId, now) };
}

/**
 * Spec 4 and 5: irreversible, and impossible once the start time is reached. The members
 * waiting for the freed time (ADR 058) and the salon's notice address (ADR 062) are told by
 * jobs stored with the cancellation. The one-tap cancel link of a reminder comes here too.
 */
export async function cancelBookingAsCustomer(
  db: Database,
  jobs: JobQueue,
  memberId: number,
  bookingId: number,
  now = new Date(),
): Promise<{ detail: BookingDetail }> {
  await db.transaction(async (tx) => {
    await changeStatus(tx, { memberId }, bookingId, 'cancel', now);
    await tellSalonOfMemberCancel(tx, jobs, bookingId);
    await notifyWaitlistForBooking(tx, jobs, bookingId, now);
  });
  return { detail: await memberDetail(db, memberId, bookingId, now) };
}

/** Spec 4: the customer marks the visit done; cannot be undone; "already completed" is reported. */
export async function markVisitedAsCustomer(
  db: Database,
  memberId: number,
  bookingId: number,
  now = new Date(),
): Promise<{ detail: BookingDetail }> {
  await changeStatus(db, { memberId }, bookingId, 'visit', now);
  return { detail: await memberDetail(db, memberId, bookingId, now) };
}

/** Spec 4: cancelled entries can be deleted and are then never seen again. */
export async function deleteCancelledBooking(
  db: Database,
  memberId: number,
  bookingId: number,
  now = new Date(),
): Promise<{ booking_id: number }> {
  if (!(await repo.hideCancelledBooking(db, memberId, bookingId, now))) {
    const row = await repo.findMemberBooking(db, memberId, bookingId);
    throw new AppError(row ? 'BOOKING_NOT_DELETABLE' : 'NOT_FOUND');
  }
  return { booking_id: bookingId };
}

/**
 * The member's booking a review is written for: its shop and designer, whether it was visited and
 * whether it already has a review. Undefined when it is not the member's.
 */
export async function bookingForReview(db: Database, memberId: number, bookingId: number) {
  const row = await repo.findMemberBooking(db, memberId, bookingId);
  if (!row) return undefined;
  const isReviewed = (await repo.extrasOf(db, [row.id])).reviews.has(row.id);
  return {
    id: row.id,
    shopId: row.shopId,
    designerId: row.designerId,
    status: row.status,
    isReviewed,
  };
}

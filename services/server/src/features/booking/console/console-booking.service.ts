import type { BookingStatus, ConsoleBooking, ConsoleSchedule, WorkingHour } from '@carol/contracts';
import { consoleLimits } from '@carol/contracts';
import type { Database } from '../../../db/index.js';
import { AppError } from '../../../lib/errors.js';
import type { JobQueue } from '../../../jobs/queue.js';
import { notifyWaitlistForBooking } from '../../waitlist/waitlist.service.js';
import * as repo from '../booking-history.repo.js';
import { presentLook } from '../booking-look.js';
import { changeStatus } from '../booking-status.js';
import * as consoleRepo from './console-booking.repo.js';
import { rescheduleBooking, type RescheduleInput } from '../booking-reschedule.service.js';

type BookingRow = repo.BookingRow;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function consoleBookingOf(row: BookingRow, extras: repo.BookingExtras): ConsoleBooking {
  return {
    booking_id: row.id,
    booking_number: row.bookingNumber,
    status: row.status,
    designer_id: row.designerId,
    designer_name: row.designerName,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    date: row.localDate,
    time: row.localTime,
    menu_names: (extras.items.get(row.id) ?? []).map((i) => i.name),
    booker_name: row.bookerName,
    booker_phone: row.bookerPhone,
    request_note: row.requestNote,
    payment_method: row.paymentMethod,
    total_price: row.totalPrice,
    currency: row.currency,
    cancelled_by: row.cancelledBy,
    cancel_origin: row.cancelOrigin,
    cancelled_at: iso(row.cancelledAt),
    visited_at: iso(row.visitedAt),
    look: presentLook(extras.looks.get(row.id)),
    rescheduled_at: iso(row.rescheduledAt),
  };
}

export async function consoleScheduleOf(
  db: Database,
  shopId: number,
): Promise<{ schedule: ConsoleSchedule }> {
  const shop = await consoleRepo.shopOf(db, shopId);
  if (!shop) throw new AppError('NOT_FOUND');
  const today = await consoleRepo.localTodayOf(db, shopId);
  const s = await consoleRepo.scheduleOf(db, shopId, today);
  return {
    schedule: {
      shop_id: shop.id,
      time_zone: shop.timeZone,
      is_booking_open: shop.isBookingOpen,
      holidays: s.holidays.map((h) => ({ date: h.date, reason: h.reason })),
      designers: s.designers.map((d) => ({
        designer_id: d.id,
        name: d.name,
        is_active: d.isActive,
        working_hours: s.hours.filter((h) => h.designerId === d.id).map(workingHourOf),
        holidays: s.days.filter((h) => h.designerId === d.id).map((h) => h.date),
      })),
    },
  };
}

const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);

function workingHourOf(h: {
  weekday: number;
  isOff: boolean;
  startsAt: string | null;
  endsAt: string | null;
}) {
  return {
    weekday: h.weekday,
    is_off: h.isOff,
    starts_at: hhmm(h.startsAt),
    ends_at: hhmm(h.endsAt),
  };
}

export async function setShopHolidayFor(
  db: Database,
  shopId: number,
  date: string,
  reason: string | undefined,
) {
  const row = await consoleRepo.upsertShopHoliday(db, shopId, date, reason?.trim() || null);
  return { date: row.date, reason: row.reason };
}

export async function deleteShopHolidayFor(db: Database, shopId: number, date: string) {
  if (!(await consoleRepo.deleteShopHoliday(db, shopId, date))) throw new AppError('NOT_FOUND');
  return { date };
}

async function requireDesigner(db: Database, shopId: number, designerId: number) {
  if (!(await consoleRepo.designerOfShop(db, shopId, designerId))) throw new AppError('NOT_FOUND');
}

/** Cross-field checks the contract cannot carry: one entry per weekday, end after start. */
export function normalizeWorkingHours(hours: readonly WorkingHour[]) {
  const seen = new Set<number>();
  return hours.map((h) => {
    if (seen.has(h.weekday)) throw new AppError('WORKING_HOURS_INVALID');
    seen.add(h.weekday);
    if (h.is_off) return { weekday: h.weekday, isOff: true, startsAt: null, endsAt: null };
    if (!h.starts_at || !h.ends_at || h.ends_at <= h.starts_at) {
      throw new AppError('WORKING_HOURS_INVALID');
    }
    return { weekday: h.weekday, isOff: false, startsAt: h.starts_at, endsAt: h.ends_at };
  });
}

export async function setDesignerWorkingHoursFor(
  db: Database,
  shopId: number,
  designerId: number,
  hours: readonly WorkingHour[],
) {
  const normalized = normalizeWorkingHours(hours);
  await requireDesigner(db, shopId, designerId);
  const rows = await consoleRepo.upsertWorkingHours(db, designerId, normalized);
  return { designer_id: designerId, working_hours: rows.map(workingHourOf) };
}

export async function setDesignerHolidayFor(
  db: Database,
  shopId: number,
  designerId: number,
  date: string,
) {
  await requireDesigner(db, shopId, designerId);
  await consoleRepo.insertDesignerHoliday(db, designerId, date);
  return { designer_id: designerId, date };
}

export async function deleteDesignerHolidayFor(
  db: Database,
  shopId: number,
  designerId: number,
  date: string,
) {
  await requireDesigner(db, shopId, designerId);
  if (!(await consoleRepo.deleteDesignerHoliday(db, designerId, date)))
    throw new AppError('NOT_FOUND');
  return { designer_id: designerId, date };
}

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

export async function consoleBookingListOf(
  db: Database,
  shopId: number,
  query: {
    from: string;
    to: string;
    status?: BookingStatus | undefined;
    designerId?: number | undefined;
  },
): Promise<{ booking_list: ConsoleBooking[] }> {
  const span = daysBetween(query.from, query.to);
  if (!(span >= 0) || span + 1 > consoleLimits.bookingListMaxDays) {
    throw new AppError('DATE_RANGE_INVALID');
  }
  const rows = await repo.listShopBookings(db, { shopId, ...query });
  const extras = await repo.extrasOf(
    db,
    rows.map((r) => r.id),
  );
  return { booking_list: rows.map((r) => consoleBookingOf(r, extras)) };
}

async function shopBooking(db: Database, shopId: number, bookingId: number) {
  const row = await repo.findShopBooking(db, shopId, bookingId);
  if (!row) throw new AppError('NOT_FOUND');
  return { booking: consoleBookingOf(row, await repo.extrasOf(db, [row.id])) };
}

/** Spec 4: usage status becomes done when the shop marks the visit complete. */
export async function markVisitedAsShop(
  db: Database,
  shopId: number,
  bookingId: number,
  now = new Date(),
) {
  await changeStatus(db, { shopId }, bookingId, 'visit', now);
  return shopBooking(db, shopId, bookingId);
}

/**
 * The shop cancels (cancelled_by shop, origin system). Unlike the customer it may do so after
 * the start time (a no-show, an emergency); a visited booking cannot be cancelled.
 */
export async function cancelBookingAsShop(
  deps: { db: Database; jobs: JobQueue },
  shopId: number,
  bookingId: number,
  reason: string | undefined,
  now = new Date(),
) {
  // The notice is a job stored with the cancellation: sent after the commit, retried, never lost.
  await deps.db.transaction(async (tx) => {
    await changeStatus(tx, { shopId }, bookingId, 'cancel', now);
    await deps.jobs.enqueue(tx, 'booking-mail', { kind: 'shop-cancellation', bookingId, reason });
    await notifyWaitlistForBooking(tx, deps.jobs, bookingId, now);
  });
  return shopBooking(deps.db, shopId, bookingId);
}

export async function setBookingOpenFor(db: Database, shopId: number, open: boolean) {
  await consoleRepo.setBookingOpen(db, shopId, open);
  return { is_booking_open: open };
}

/**
 * The shop moves a reserved booking to another free time (ADR 057): the member's checks
 * without the cut-off, and the member gets a mail with the updated calendar event.
 */
export async function moveBookingAsShop(
  deps: { db: Database; jobs: JobQueue },
  shopId: number,
  input: RescheduleInput,
  now = new Date(),
) {
  const { moved } = await rescheduleBooking(deps, { shopId }, input, { now });
  return { ...(await shopBooking(deps.db, shopId, input.booking_id)), moved };
}

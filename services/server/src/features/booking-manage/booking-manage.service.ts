import type {
  BookingDetail,
  BookingHistoryTab,
  BookingListItem,
  BookingReview,
  BookingStatus,
  ConsoleBooking,
  ConsoleSchedule,
  Language,
  NextBooking,
  WorkingHour,
} from '@carol/contracts';
import { consoleLimits, limits } from '@carol/contracts';
import { catalogs, formatDate, formatPrice, interpolate } from '@carol/i18n';
import type { Database } from '../../db/index.js';
import type { Config } from '../../env.js';
import { AppError } from '../../lib/errors.js';
import type { MailLogger, Mailer } from '../../lib/mail.js';
import * as repo from './booking-manage.repo.js';
import { buildIcs } from './ics.js';
import {
  encodeReviewPhotos,
  removeStoredPhotos,
  storeReviewPhotos,
  type StoredPhoto,
} from './review-photos.js';

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

function addressOf(row: BookingRow): string {
  return row.shopAddressDetail ? `${row.shopAddress} ${row.shopAddressDetail}` : row.shopAddress;
}

function detailOf(row: BookingRow, extras: repo.BookingExtras, now: Date): BookingDetail {
  const items = extras.items.get(row.id) ?? [];
  const started = row.startsAt.getTime() <= now.getTime();
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
    review: reviewOf(extras, row.id),
  };
}

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
  };
}

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
async function changeStatus(
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

/** Spec 4 and 5: irreversible, and impossible once the start time is reached. */
export async function cancelBookingAsCustomer(
  db: Database,
  memberId: number,
  bookingId: number,
  now = new Date(),
): Promise<{ detail: BookingDetail }> {
  await changeStatus(db, { memberId }, bookingId, 'cancel', now);
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

// --- reviews ------------------------------------------------------------------------------

export async function addReviewFor(
  deps: { db: Database; mediaDir: string },
  memberId: number,
  input: { bookingId: number; rating: number; body: string; photos: ReadonlyArray<unknown> },
): Promise<{ review: BookingReview }> {
  const { db } = deps;
  const row = await repo.findMemberBooking(db, memberId, input.bookingId);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status !== 'visited') throw new AppError('REVIEW_NOT_ALLOWED');
  // Cheap early answer; the unique index below is what really keeps it to one.
  if ((await repo.extrasOf(db, [row.id])).reviews.has(row.id)) {
    throw new AppError('REVIEW_ALREADY_WRITTEN');
  }
  // Browsers send Blobs, the server receives Buffers: anything else is not a file part.
  const uploads = input.photos.map((p) => {
    if (!(p instanceof Uint8Array)) throw new AppError('VALIDATION_FAILED');
    return p;
  });
  const stored: StoredPhoto[] =
    uploads.length === 0
      ? []
      : await storeReviewPhotos(deps.mediaDir, await encodeReviewPhotos(uploads));
  let review;
  try {
    review = await repo.insertReview(db, {
      bookingId: row.id,
      memberId,
      shopId: row.shopId,
      designerId: row.designerId,
      rating: input.rating,
      body: input.body,
      photos: stored.map((p) => ({ url: p.url, thumbUrl: p.thumbUrl })),
    });
  } catch (error) {
    await removeStoredPhotos(stored);
    throw error;
  }
  if (!review) {
    await removeStoredPhotos(stored);
    throw new AppError('REVIEW_ALREADY_WRITTEN');
  }
  return {
    review: {
      review_id: review.id,
      rating: review.rating,
      body: review.body,
      created_at: review.createdAt.toISOString(),
      photos: stored.map((p) => ({ url: p.url, thumb_url: p.thumbUrl })),
    },
  };
}

// --- calendar file and mails ----------------------------------------------------------------

export interface BookingMailDeps {
  db: Database;
  mailer: Mailer;
  config: Pick<Config, 'appBaseUrl'>;
  log: MailLogger;
}

function detailLink(appBaseUrl: string, bookingId: number): string {
  return `${appBaseUrl}/mypage/reservationdetail?booking_id=${bookingId}`;
}

function mailValues(
  row: BookingRow,
  extras: repo.BookingExtras,
  language: Language,
  appBaseUrl: string,
) {
  const names = (extras.items.get(row.id) ?? []).map((i) => i.name);
  return {
    number: row.bookingNumber,
    shop: row.shopName,
    address: addressOf(row),
    phone: row.shopPhone ?? '-',
    date: formatDate(row.startsAt, language, row.timeZone, { dateStyle: 'full' }),
    // 24-hour "15:00" in the shop's zone in every language, as the app shows it.
    time: row.localTime,
    duration: String(Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000)),
    designer: row.designerName,
    menus: names.join(', ') || '-',
    total: formatPrice(row.totalPrice, row.currency, language),
    link: detailLink(appBaseUrl, row.id),
  };
}

function icsOf(
  row: BookingRow,
  extras: repo.BookingExtras,
  language: Language,
  appBaseUrl: string,
  now: Date,
): { filename: string; content: string } {
  const values = mailValues(row, extras, language, appBaseUrl);
  const texts = catalogs[language].mail;
  const host = new URL(appBaseUrl).hostname || 'carol';
  const content = buildIcs({
    uid: `booking-${row.bookingNumber}@${host}`,
    stamp: now,
    start: row.startsAt,
    end: row.endsAt,
    summary: interpolate(texts.bookingCalendarTitle, values),
    location: `${row.shopName}, ${values.address}`,
    description: [
      `${values.number}`,
      `${values.designer} · ${values.menus}`,
      values.total,
      values.phone,
      values.link,
    ].join('\n'),
    url: values.link,
    status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
    sequence: row.status === 'cancelled' ? 1 : 0,
  });
  const safeNumber = row.bookingNumber.replace(/[^A-Za-z0-9_-]/g, '');
  return { filename: `carol-${safeNumber || row.id}.ics`, content };
}

/** The member's own booking as an .ics file (GET download from the confirmation page). */
export async function bookingIcsFor(
  db: Database,
  appBaseUrl: string,
  memberId: number,
  bookingId: number,
  language: Language,
  now = new Date(),
): Promise<{ filename: string; content: string }> {
  const row = await repo.findMemberBooking(db, memberId, bookingId);
  if (!row) throw new AppError('NOT_FOUND');
  return icsOf(row, await repo.extrasOf(db, [row.id]), language, appBaseUrl, now);
}

function signed(language: Language, body: string): string {
  return `${body}\n\n--\n${catalogs[language].mail.signature}\n`;
}

type MailTexts = (typeof catalogs)[Language]['mail'];

/**
 * Mails the booking's member (ko/en/ja) with the booking's add-to-calendar .ics attached, in
 * `language` or else the member's own. `compose` picks the template and any values beyond
 * mailValues + name. Never throws: a mail failure must not turn a done booking change into an
 * error; it is logged as `failure`. Sends nothing when the member has no e-mail address
 * (phone-only sign-up) or has withdrawn.
 */
async function mailBookingToMember(
  deps: BookingMailDeps,
  bookingId: number,
  language: Language | null,
  failure: string,
  compose: (texts: MailTexts) => {
    template: { subject: string; body: string };
    values?: Record<string, string>;
  },
): Promise<void> {
  try {
    const row = await repo.findBookingById(deps.db, bookingId);
    if (!row) return;
    const member = await repo.memberContactOf(deps.db, row.memberId);
    if (!member?.email || member.status !== 'active') return;
    const mailLanguage = language ?? member.language;
    const extras = await repo.extrasOf(deps.db, [row.id]);
    const { template, values: extra } = compose(catalogs[mailLanguage].mail);
    const values = {
      ...mailValues(row, extras, mailLanguage, deps.config.appBaseUrl),
      name: row.bookerName,
      ...extra,
    };
    // A cancelled booking's .ics (same UID, STATUS:CANCELLED) removes the event from a calendar.
    const ics = icsOf(row, extras, mailLanguage, deps.config.appBaseUrl, new Date());
    await deps.mailer.send({
      to: member.email,
      subject: interpolate(template.subject, values),
      text: signed(mailLanguage, interpolate(template.body, values)),
      attachments: [
        {
          filename: ics.filename,
          content: ics.content,
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ],
    });
  } catch (error) {
    deps.log.error({ err: error, bookingId }, failure);
  }
}

/**
 * The confirmation mail of a new booking, in the language it was made in. Called by
 * add_booking after its transaction commits; never throws.
 */
export function sendBookingConfirmation(
  deps: BookingMailDeps,
  bookingId: number,
  language: Language,
): Promise<void> {
  return mailBookingToMember(
    deps,
    bookingId,
    language,
    'booking confirmation mail failed',
    (texts) => ({ template: texts.bookingConfirmed }),
  );
}

/** Tells the member, in their own language, that the shop cancelled; never throws. */
export function sendShopCancellationNotice(
  deps: BookingMailDeps,
  bookingId: number,
  reason: string | undefined,
): Promise<void> {
  return mailBookingToMember(deps, bookingId, null, 'shop cancellation notice failed', (texts) => ({
    template: texts.bookingCancelledByShop,
    values: {
      reason: reason?.trim() || texts.bookingCancelReasonNone,
      link: `${deps.config.appBaseUrl}/mypage/reservation/cancelled`,
    },
  }));
}

// --- shop console -------------------------------------------------------------------------

export async function consoleScheduleOf(
  db: Database,
  shopId: number,
): Promise<{ schedule: ConsoleSchedule }> {
  const shop = await repo.shopOf(db, shopId);
  if (!shop) throw new AppError('NOT_FOUND');
  const today = await repo.localTodayOf(db, shopId);
  const s = await repo.scheduleOf(db, shopId, today);
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
  const row = await repo.upsertShopHoliday(db, shopId, date, reason?.trim() || null);
  return { date: row.date, reason: row.reason };
}

export async function deleteShopHolidayFor(db: Database, shopId: number, date: string) {
  if (!(await repo.deleteShopHoliday(db, shopId, date))) throw new AppError('NOT_FOUND');
  return { date };
}

async function requireDesigner(db: Database, shopId: number, designerId: number) {
  if (!(await repo.designerOfShop(db, shopId, designerId))) throw new AppError('NOT_FOUND');
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
  const rows = await repo.upsertWorkingHours(db, designerId, normalized);
  return { designer_id: designerId, working_hours: rows.map(workingHourOf) };
}

export async function setDesignerHolidayFor(
  db: Database,
  shopId: number,
  designerId: number,
  date: string,
) {
  await requireDesigner(db, shopId, designerId);
  await repo.insertDesignerHoliday(db, designerId, date);
  return { designer_id: designerId, date };
}

export async function deleteDesignerHolidayFor(
  db: Database,
  shopId: number,
  designerId: number,
  date: string,
) {
  await requireDesigner(db, shopId, designerId);
  if (!(await repo.deleteDesignerHoliday(db, designerId, date))) throw new AppError('NOT_FOUND');
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
  deps: BookingMailDeps,
  shopId: number,
  bookingId: number,
  reason: string | undefined,
  now = new Date(),
) {
  await changeStatus(deps.db, { shopId }, bookingId, 'cancel', now);
  // In the background: the console's answer does not wait for the mail server.
  void sendShopCancellationNotice(deps, bookingId, reason);
  return shopBooking(deps.db, shopId, bookingId);
}

export async function setBookingOpenFor(db: Database, shopId: number, open: boolean) {
  await repo.setBookingOpen(db, shopId, open);
  return { is_booking_open: open };
}

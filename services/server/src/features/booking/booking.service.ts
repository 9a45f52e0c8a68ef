import { randomInt } from 'node:crypto';
import {
  addDays,
  bookingLimits,
  daysBetween,
  formatClock,
  parseClock,
  parsePhone,
  requestNoteAsksTimeChange,
  todayIn,
  zonedDayRange,
  zonedMomentOf,
  type Booking,
  type BookingShop,
  type BookingStaff,
  type BookingTime,
  type BookingUser,
  type HolidayItem,
  type Language,
  type PaymentMethod,
  type Server,
} from '@carol/contracts';
import type { Database, DbTransaction } from '../../db/index.js';
import {
  isExclusionViolation,
  isRetryableTransactionError,
  isUniqueViolation,
} from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { getShopMenusOf } from '../shops/shops.service.js';
import {
  closedDates,
  dayAvailability,
  designerCanTake,
  intervalOf,
  minutesOfTime,
  type DesignerSchedule,
  type ShopSchedule,
  type WeeklyDay,
} from './availability.js';
import * as historyRepo from './booking-history.repo.js';
import * as repo from './booking.repo.js';
import {
  checkLookFields,
  copyLookPhoto,
  findOwnLookPhoto,
  insertLook,
  looksOf,
  presentLook,
  removeLookFiles,
  type CopiedLook,
  type LookRequest,
} from './booking-look.js';
import type { MediaStorage } from '../../lib/storage.js';

// The reservation flow's server side: availability from the pure calculation in
// availability.ts over rows loaded here, and add_booking, where the `bookings_no_overlap`
// exclusion constraint — not the availability check before it — decides every race.
// docs/decisions/015-booking-availability.md.

/** Clock injection for tests; production passes nothing. */
export interface Clock {
  now?: Date;
}

// --- loading schedules -------------------------------------------------------------------------

async function requireShop(db: Database, server: Server, shopId: number) {
  const shop = await repo.findShop(db, server, shopId);
  if (!shop) throw new AppError('NOT_FOUND');
  return shop;
}

function weeklyOf(
  rows: { weekday: number; start: string | null; end: string | null; off: boolean }[],
): WeeklyDay[] {
  return rows.map((r) => ({
    weekday: r.weekday,
    window:
      r.off || r.start === null || r.end === null
        ? null
        : { start: minutesOfTime(r.start), end: minutesOfTime(r.end) },
  }));
}

function scheduleOf(loaded: repo.ShopWithSchedule): {
  schedule: ShopSchedule;
  holidayReasons: Map<string, string | null>;
} {
  const { shop, hours, holidays } = loaded;
  return {
    schedule: {
      timeZone: shop.timeZone,
      slotMinutes: shop.slotMinutes,
      isBookingOpen: shop.isBookingOpen,
      weekly: weeklyOf(hours),
      holidays: new Set(holidays.map((h) => h.date)),
    },
    holidayReasons: new Map(holidays.map((h) => [h.date, h.reason])),
  };
}

/** The shop (NOT_FOUND unless of the request's server) with its schedule for [from, to]. */
export async function loadShop(
  db: Database,
  server: Server,
  shopId: number,
  from: string,
  to: string,
) {
  const loaded = await repo.findShopWithSchedule(db, server, shopId, from, to);
  if (!loaded) throw new AppError('NOT_FOUND');
  return { shop: loaded.shop, ...scheduleOf(loaded) };
}

/**
 * The shop's active designers (or only `designerId`: NOT_FOUND unless it is one of them) with
 * their schedules for [from, to] and, with `withBusy`, their active bookings of those days.
 * The bookings are read for the dates widened by a day on each side, which covers every zone
 * (UTC-12..+14) without knowing the shop's: it can run in parallel with the shop's own load,
 * and a booking outside the day never changes an answer (overlap is checked exactly).
 */
export async function loadDesigners(
  db: Database,
  shopId: number,
  from: string,
  to: string,
  options: { designerId?: number | undefined; withBusy: boolean },
): Promise<{ rows: repo.DesignerRow[]; schedules: DesignerSchedule[] }> {
  const loaded = await repo.listDesignersWithSchedule(
    db,
    shopId,
    {
      from,
      to,
      spanStart: zonedDayRange(addDays(from, -1), 'UTC').start,
      spanEnd: zonedDayRange(addDays(to, 1), 'UTC').end,
    },
    {
      withBusy: options.withBusy,
      ...(options.designerId === undefined ? {} : { designerId: options.designerId }),
    },
  );
  if (options.designerId !== undefined && loaded.length === 0) throw new AppError('NOT_FOUND');
  return {
    rows: loaded.map((d) => d.designer),
    schedules: loaded.map((d) => ({
      id: d.designer.id,
      weekly: weeklyOf(d.hours),
      holidays: new Set(d.holidays),
      busy: d.busy.map(([startsAt, endsAt]) => ({ startsAt, endsAt })),
    })),
  };
}

export function bookingShopOf(shop: repo.ShopRow, now: Date): BookingShop {
  const today = todayIn(shop.timeZone, now);
  return {
    id: shop.id,
    name: shop.name,
    time_zone: shop.timeZone,
    currency: shop.currency,
    slot_minutes: shop.slotMinutes,
    is_booking_open: shop.isBookingOpen,
    today,
    last_bookable_date: addDays(today, bookingLimits.maxDaysAhead),
  };
}

/** The chosen menus (all active and of this shop, else NOT_FOUND) and their total duration. */
async function menusFor(db: Database, shopId: number, menuIds: number[]) {
  const rows = await repo.findActiveMenus(db, shopId, menuIds);
  if (rows.length !== menuIds.length) throw new AppError('NOT_FOUND');
  const byId = new Map(rows.map((m) => [m.id, m]));
  const ordered = menuIds.map((id) => byId.get(id)!);
  return {
    menus: ordered,
    duration: ordered.reduce((sum, m) => sum + m.durationMinutes, 0),
  };
}

// --- check_holiday -----------------------------------------------------------------------------

export async function checkHolidayOf(
  db: Database,
  server: Server,
  input: { shop_id: number; designer_id?: number; start_date?: string; end_date?: string },
  clock: Clock = {},
): Promise<{ shop: BookingShop; day_off_weekdays: number[]; holiday_list: HolidayItem[] }> {
  const now = clock.now ?? new Date();
  // The default range starts at the shop's today, which needs the shop's zone first.
  const facts = bookingShopOf(await requireShop(db, server, input.shop_id), now);
  const from = input.start_date ?? facts.today;
  const to = input.end_date ?? facts.last_bookable_date;
  const span = daysBetween(from, to);
  if (span < 0 || span >= bookingLimits.maxHolidayRangeDays) {
    throw new AppError('VALIDATION_FAILED');
  }
  const { shop, schedule, holidayReasons } = await loadShop(db, server, input.shop_id, from, to);
  const designer =
    input.designer_id === undefined
      ? undefined
      : (
          await loadDesigners(db, shop.id, from, to, {
            designerId: input.designer_id,
            withBusy: false,
          })
        ).schedules[0];
  return {
    shop: facts,
    day_off_weekdays: [1, 2, 3, 4, 5, 6, 7].filter(
      (weekday) => !schedule.weekly.find((d) => d.weekday === weekday)?.window,
    ),
    holiday_list: closedDates(schedule, from, to, designer).map((c) => ({
      date: c.date,
      kind: c.kind,
      reason: c.kind === 'shop_holiday' ? (holidayReasons.get(c.date) ?? null) : null,
    })),
  };
}

// --- get_booking_time --------------------------------------------------------------------------

export async function bookingTimesOf(
  db: Database,
  server: Server,
  input: {
    shop_id: number;
    date: string;
    designer_id?: number;
    menu_ids?: number[];
    booking_id?: number;
  },
  clock: Clock = {},
  memberId?: number,
): Promise<{
  shop: BookingShop;
  date: string;
  duration_minutes: number;
  booking_time_list: BookingTime[];
}> {
  const now = clock.now ?? new Date();
  // Three independent reads at once (on PostgreSQL each has its own connection). Menus and
  // designers are filtered by the requested shop id; nothing is answered unless the shop
  // itself is found on the request's server.
  const [loaded, chosen, designers] = await Promise.allSettled([
    loadShop(db, server, input.shop_id, input.date, input.date),
    menusFor(db, input.shop_id, input.menu_ids ?? []),
    loadDesigners(db, input.shop_id, input.date, input.date, {
      designerId: input.designer_id,
      withBusy: true,
    }),
  ]);
  if (loaded.status === 'rejected') throw loaded.reason;
  if (chosen.status === 'rejected') throw chosen.reason;
  if (designers.status === 'rejected') throw designers.reason;
  const { shop, schedule } = loaded.value;
  const facts = bookingShopOf(shop, now);
  const duration = chosen.value.duration > 0 ? chosen.value.duration : shop.slotMinutes;
  const schedules = await withoutMovedBooking(db, designers.value.schedules, input, memberId);
  const slots = dayAvailability(schedule, schedules, input.date, duration, {
    now,
    lastBookableDate: facts.last_bookable_date,
  });
  return {
    shop: facts,
    date: input.date,
    duration_minutes: duration,
    booking_time_list: slots.map((s) => ({ time: s.time, available: s.available })),
  };
}

/**
 * With `booking_id` (a reschedule, ADR 057): the schedules with that booking's own range taken
 * out of its designer's busy ranges, so a move overlapping its current time is offered (the
 * move itself is checked the same way). Only the member's own reserved booking at this shop:
 * anything else is NOT_FOUND, so the call reveals nothing of another member's bookings.
 */
async function withoutMovedBooking(
  db: Database,
  schedules: DesignerSchedule[],
  input: { shop_id: number; booking_id?: number },
  memberId: number | undefined,
): Promise<DesignerSchedule[]> {
  if (input.booking_id === undefined) return schedules;
  const row =
    memberId === undefined
      ? undefined
      : await historyRepo.findMemberBooking(db, memberId, input.booking_id);
  if (!row || row.shopId !== input.shop_id || row.status !== 'reserved') {
    throw new AppError('NOT_FOUND');
  }
  return schedules.map((d) => withoutOwnRange(d, row));
}

/**
 * A designer's schedule without the booking's own range among the busy ones, when it is
 * theirs (a designer's ranges never overlap, so the one equal to it is it): a booking being
 * moved never blocks its own move.
 */
export function withoutOwnRange(
  designer: DesignerSchedule,
  booking: { designerId: number; startsAt: Date; endsAt: Date },
): DesignerSchedule {
  if (designer.id !== booking.designerId) return designer;
  const start = booking.startsAt.getTime();
  const end = booking.endsAt.getTime();
  return {
    ...designer,
    busy: designer.busy.filter((b) => !(b.startsAt === start && b.endsAt === end)),
  };
}

// --- get_booking_staff_and_menu ----------------------------------------------------------------

export async function staffAndMenuOf(
  db: Database,
  server: Server,
  input: { shop_id: number; date?: string; time?: string; menu_ids?: number[] },
  clock: Clock = {},
): Promise<{ shop: BookingShop; booking_staff_list: BookingStaff[]; menu_list: ShopMenuItemList }> {
  const now = clock.now ?? new Date();
  const minutes = input.time === undefined ? undefined : parseClock(input.time);
  const date = minutes === undefined ? undefined : input.date;
  // Without a chosen date and time only the designers are needed, not a day's schedule.
  const day = date ?? '1970-01-01';
  const { shop, schedule } = await loadShop(db, server, input.shop_id, day, day);
  const facts = bookingShopOf(shop, now);
  const [menuList, chosen, staff] = await Promise.all([
    getShopMenusOf(db, server, shop.id),
    menusFor(db, shop.id, input.menu_ids ?? []),
    loadDesigners(db, shop.id, day, day, { withBusy: date !== undefined }),
  ]);
  let free: Set<number> | null = null;
  if (date !== undefined && minutes !== undefined) {
    const duration = chosen.duration > 0 ? chosen.duration : shop.slotMinutes;
    const options = { now, lastBookableDate: facts.last_bookable_date };
    free = new Set(
      staff.schedules
        .filter((d) => designerCanTake(schedule, d, date, minutes, duration, options))
        .map((d) => d.id),
    );
  }
  return {
    shop: facts,
    booking_staff_list: staff.rows.map((d) => ({
      id: d.id,
      name: d.name,
      position: d.position,
      profile_image_url: d.profileImageUrl,
      rating_avg: Number(d.ratingAvg),
      review_count: d.reviewCount,
      available: free === null ? null : free.has(d.id),
    })),
    menu_list: menuList,
  };
}

type ShopMenuItemList = Awaited<ReturnType<typeof getShopMenusOf>>;

// --- get_user_profile --------------------------------------------------------------------------

export function displayNameOf(familyName: string, givenName: string, language: Language): string {
  if (language === 'en') return [givenName, familyName].filter(Boolean).join(' ');
  if (language === 'ja') return [familyName, givenName].filter(Boolean).join(' ');
  return `${familyName}${givenName}`;
}

export async function userProfileOf(
  db: Database,
  memberId: number,
  language: Language,
): Promise<{ user: BookingUser }> {
  const member = await repo.findMemberProfile(db, memberId);
  if (!member) throw new AppError('UNAUTHORIZED');
  return {
    user: {
      family_name: member.familyName,
      given_name: member.givenName,
      name: displayNameOf(member.familyName, member.givenName, language),
      phone: member.phone,
      phone_verified: member.phone !== null && member.phoneVerifiedAt !== null,
      email: member.email,
    },
  };
}

// --- add_booking -------------------------------------------------------------------------------

export interface AddBookingInput extends LookRequest {
  server: Server;
  shop_id: number;
  designer_id?: number | undefined;
  date: string;
  time: string;
  menu_ids: number[];
  booker_name: string;
  booker_phone: string;
  request_note?: string | undefined;
  payment_method: PaymentMethod;
  agree_personal_info: boolean;
  agree_third_party: boolean;
  idempotency_key: string;
}

export interface AddBookingResult {
  booking: Booking;
  replayed: boolean;
}

export interface AddBookingHooks extends Clock {
  /** Runs inside the transaction that inserts a NEW booking (enqueues its confirmation mail). */
  inTransaction?: (tx: DbTransaction, bookingId: number) => Promise<void>;
  /** Test seam: runs inside each transaction attempt before the insert (races, deadlocks). */
  beforeInsert?: (tx: DbTransaction, attempt: number) => Promise<void>;
  /** Where a booked look's copy is written (ADR 059); required when the input has a look. */
  storage?: MediaStorage;
}

const numberAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "YYMMDD-XXXXXX": the shop-local day the booking is made, then 6 random characters (no 0/O, 1/I). */
export function newBookingNumber(shopLocalDate: string): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += numberAlphabet[randomInt(numberAlphabet.length)];
  return `${shopLocalDate.slice(2).replaceAll('-', '')}-${suffix}`;
}

/**
 * Validates and reserves. The order matters: a replayed key answers its booking before any
 * other check (the retry of a request whose answer was lost must not fail because its own
 * booking now occupies the slot); the exclusion constraint, not the check before it, decides
 * a race (23P01 → RESERVATION_UNAVAILABLE), with the transactions that book the same designer
 * queued on an advisory lock so that they cannot deadlock on each other's rows; deadlocks from
 * elsewhere and serialization failures are retried.
 *
 * Concurrent twins (the same member and key at once, e.g. a retry while the first request is
 * still running) all pass the key check before any commits; the one that commits first takes
 * the slot, and the others are then refused by that very booking — by the availability check
 * (it reads committed rows only) or by the exclusion or key constraint (PostgreSQL waits for
 * the clashing transaction to end before it reports). So every "not available" is checked
 * against the key once more: the twin's booking, committed by then, is the answer.
 */
export async function addBookingFor(
  db: Database,
  memberId: number,
  input: AddBookingInput,
  hooks: AddBookingHooks = {},
): Promise<AddBookingResult> {
  const existing = await repo.findBookingByKey(db, memberId, input.idempotency_key);
  if (existing) return { booking: await presentBooking(db, existing), replayed: true };
  try {
    return await bookNew(db, memberId, input, hooks);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'RESERVATION_UNAVAILABLE') throw error;
    const twin = await repo.findBookingByKey(db, memberId, input.idempotency_key);
    if (!twin) throw error;
    return { booking: await presentBooking(db, twin), replayed: true };
  }
}

/** add_booking for a key not seen yet: the checks, then the insert. */
async function bookNew(
  db: Database,
  memberId: number,
  input: AddBookingInput,
  hooks: AddBookingHooks,
): Promise<AddBookingResult> {
  // Form checks first (spec 5), so the user can fix the form before anything else.
  const bookerName = input.booker_name.trim();
  if (bookerName === '') {
    throw new AppError('NAME_REQUIRED', {
      fields: [{ field: 'booker_name', code: 'NAME_REQUIRED' }],
    });
  }
  const phone = parsePhone(input.booker_phone, input.server);
  if (!phone.ok) {
    throw new AppError(phone.code, {
      values: { format: phone.format },
      fields: [{ field: 'booker_phone', code: phone.code }],
    });
  }
  const note = input.request_note?.trim() ?? '';
  if (note !== '' && requestNoteAsksTimeChange(note)) {
    throw new AppError('REQUEST_NOTE_TIME_CHANGE', {
      fields: [{ field: 'request_note', code: 'REQUEST_NOTE_TIME_CHANGE' }],
    });
  }
  if (!input.agree_personal_info || !input.agree_third_party) {
    throw new AppError('CONSENT_REQUIRED', {
      fields: [
        ...(input.agree_personal_info
          ? []
          : [{ field: 'agree_personal_info', code: 'CONSENT_REQUIRED' as const }]),
        ...(input.agree_third_party
          ? []
          : [{ field: 'agree_third_party', code: 'CONSENT_REQUIRED' as const }]),
      ],
    });
  }
  checkLookFields(input);
  if (input.designer_id === undefined || input.menu_ids.length === 0) {
    throw new AppError('RESERVATION_SELECTION_REQUIRED');
  }
  // Another member's (or a deleted) photo is refused before anything else is looked at.
  const lookPhoto =
    input.look_media_id === undefined
      ? undefined
      : await findOwnLookPhoto(db, memberId, input.look_media_id);
  const minutes = parseClock(input.time);
  if (minutes === undefined) throw new AppError('VALIDATION_FAILED');

  // Independent reads at once, then checked in the order the user should hear about them.
  // Designer and menus are filtered by the requested shop id and only used once the shop is
  // found on the request's server.
  const designerId = input.designer_id;
  const [loaded, member, designer, chosen] = await Promise.allSettled([
    loadShop(db, input.server, input.shop_id, input.date, input.date),
    repo.findMemberProfile(db, memberId),
    loadDesigners(db, input.shop_id, input.date, input.date, { designerId, withBusy: true }),
    menusFor(db, input.shop_id, input.menu_ids),
  ]);
  if (loaded.status === 'rejected') throw loaded.reason;
  const { shop, schedule } = loaded.value;
  if (!shop.isBookingOpen) throw new AppError('SHOP_NOT_TAKING_RESERVATIONS');
  if (member.status === 'rejected') throw member.reason;
  if (!member.value) throw new AppError('UNAUTHORIZED');
  const { phone: memberPhone, phoneVerifiedAt } = member.value;
  if (phoneVerifiedAt === null || memberPhone === null || memberPhone !== phone.phone) {
    throw new AppError('PHONE_NOT_VERIFIED', {
      fields: [{ field: 'booker_phone', code: 'PHONE_NOT_VERIFIED' }],
    });
  }
  if (designer.status === 'rejected') throw designer.reason;
  if (chosen.status === 'rejected') throw chosen.reason;
  const designerRow = designer.value.rows[0]!;
  const designerSchedule = designer.value.schedules[0]!;

  // The early check: closed hours, holidays, the past and known bookings. A concurrent
  // booking that commits after this read is refused by the exclusion constraint below.
  const now = hooks.now ?? new Date();
  const facts = bookingShopOf(shop, now);
  const options = { now, lastBookableDate: facts.last_bookable_date };
  if (
    !designerCanTake(
      schedule,
      designerSchedule,
      input.date,
      minutes,
      chosen.value.duration,
      options,
    )
  ) {
    throw new AppError('RESERVATION_UNAVAILABLE');
  }

  const interval = intervalOf(schedule, input.date, minutes, chosen.value.duration);
  const values: Omit<repo.NewBooking, 'bookingNumber'> = {
    memberId,
    shopId: shop.id,
    designerId: designerRow.id,
    startsAt: new Date(interval.startsAt),
    endsAt: new Date(interval.endsAt),
    bookerName,
    bookerPhone: phone.phone,
    requestNote: note === '' ? null : note,
    paymentMethod: input.payment_method,
    totalPrice: chosen.value.menus.reduce((sum, m) => sum + m.basePrice, 0),
    currency: shop.currency,
    idempotencyKey: input.idempotency_key,
  };
  const items = chosen.value.menus.map((m) => ({
    menuId: m.id,
    name: m.name,
    price: m.basePrice,
    durationMinutes: m.durationMinutes,
  }));

  let look: CopiedLook | undefined;
  if (lookPhoto && input.look_kind && input.look_name) {
    if (!hooks.storage) throw new Error('add_booking with a look needs the media storage');
    look = await copyLookPhoto(hooks.storage, lookPhoto, {
      look_kind: input.look_kind,
      look_name: input.look_name,
      look_swatch: input.look_swatch,
    });
  }
  let created: repo.BookingRow;
  try {
    created = await insertWithRetries(db, values, items, facts.today, hooks, look);
  } catch (error) {
    // No booking row names the copy: it goes now (the media sweeper would find it later too).
    if (look && hooks.storage) await removeLookFiles(hooks.storage, look).catch(() => undefined);
    throw error;
  }
  // A new booking is presented from what this request already holds: no reads after commit.
  return {
    booking: bookingViewOf(
      created,
      items.map((item) => ({ ...item, id: 0, bookingId: created.id })),
      { name: shop.name, timeZone: shop.timeZone },
      { name: designerRow.name },
      look
        ? {
            kind: look.kind,
            name: look.name,
            swatch: look.swatch,
            url: look.url,
            thumb_url: look.thumbUrl,
          }
        : null,
    ),
    replayed: false,
  };
}

async function insertWithRetries(
  db: Database,
  values: Omit<repo.NewBooking, 'bookingNumber'>,
  items: repo.NewBookingItem[],
  today: string,
  hooks: AddBookingHooks,
  look: CopiedLook | undefined,
): Promise<repo.BookingRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await hooks.beforeInsert?.(tx, attempt);
        await repo.lockDesignerSchedule(tx, values.designerId);
        const created = await repo.insertBooking(
          tx,
          { ...values, bookingNumber: newBookingNumber(today) },
          items,
        );
        if (look) await insertLook(tx, created, look);
        await hooks.inTransaction?.(tx, created.id);
        return created;
      });
    } catch (error) {
      if (isExclusionViolation(error, 'bookings_no_overlap')) {
        throw new AppError('RESERVATION_UNAVAILABLE', { cause: error });
      }
      if (isUniqueViolation(error, 'bookings_member_idempotency_uq')) {
        // The same key committed in another request (a concurrent retry): addBookingFor
        // answers that booking.
        throw new AppError('RESERVATION_UNAVAILABLE', { cause: error });
      }
      const retryable =
        isRetryableTransactionError(error) ||
        isUniqueViolation(error, 'bookings_booking_number_uq');
      if (!retryable || attempt >= bookingLimits.transactionRetries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + randomInt(20) * (attempt + 1)));
    }
  }
}

/** The contract's booking view of a stored booking. */
export async function presentBooking(db: Database, row: repo.BookingRow): Promise<Booking> {
  const [{ items, shop, designer }, looks] = await Promise.all([
    repo.loadBookingParts(db, row),
    looksOf(db, [row.id]),
  ]);
  return bookingViewOf(row, items, shop, designer, presentLook(looks.get(row.id)));
}

function bookingViewOf(
  row: repo.BookingRow,
  items: repo.BookingItemRow[],
  shop: { name: string; timeZone: string },
  designer: { name: string },
  look: Booking['look'],
): Booking {
  const start = zonedMomentOf(row.startsAt, shop.timeZone);
  const end = zonedMomentOf(row.endsAt, shop.timeZone);
  return {
    booking_id: row.id,
    booking_number: row.bookingNumber,
    status: row.status,
    shop_id: row.shopId,
    shop_name: shop.name,
    time_zone: shop.timeZone,
    designer_id: row.designerId,
    designer_name: designer.name,
    date: start.date,
    time: formatClock(start.minutes),
    end_time: formatClock(end.date === start.date ? end.minutes : end.minutes + 1440),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    items: items.map((i) => ({
      menu_id: i.menuId,
      name: i.name,
      price: i.price,
      duration_minutes: i.durationMinutes,
    })),
    total_price: row.totalPrice,
    currency: row.currency,
    booker_name: row.bookerName,
    booker_phone: row.bookerPhone,
    request_note: row.requestNote,
    payment_method: row.paymentMethod,
    created_at: row.createdAt.toISOString(),
    look,
  };
}

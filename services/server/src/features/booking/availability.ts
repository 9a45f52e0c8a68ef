import {
  addDays,
  formatClock,
  isoWeekdayOf,
  zonedInstantOf,
  zonedMomentOf,
  type IsoDate,
} from '@carol/contracts';

// The availability calculation, pure: no database, no clock (`now` is passed in). Every
// date is a calendar date in the shop's zone and every time is minutes after that date's
// local midnight; instants (Date) only appear where bookings and "now" are compared.
// See docs/decisions/015-booking-availability.md.

/** Opening window of one day, minutes after local midnight: [start, end). */
export interface DayWindow {
  start: number;
  end: number;
}

/** One weekday of a weekly schedule. `window` null = closed / off that weekday. */
export interface WeeklyDay {
  /** ISO weekday 1 = Monday .. 7 = Sunday. */
  weekday: number;
  window: DayWindow | null;
}

export interface ShopSchedule {
  timeZone: string;
  slotMinutes: number;
  isBookingOpen: boolean;
  /** Weekly business hours; a weekday without an entry is closed. */
  weekly: readonly WeeklyDay[];
  /** Dated closures ("YYYY-MM-DD" in the shop's zone). */
  holidays: ReadonlySet<IsoDate>;
}

/** A booked interval [startsAt, endsAt) of a designer, as instants (ms since epoch). */
export interface BusyInterval {
  startsAt: number;
  endsAt: number;
}

export interface DesignerSchedule {
  id: number;
  /** Weekly working hours; a weekday WITHOUT an entry follows the shop's hours that day. */
  weekly: readonly WeeklyDay[];
  holidays: ReadonlySet<IsoDate>;
  /** Active (not cancelled) bookings; only those overlapping the day matter. */
  busy: readonly BusyInterval[];
}

export interface AvailabilityOptions {
  now: Date;
  /** The last date that can be booked (inclusive); later dates are unavailable. */
  lastBookableDate?: IsoDate;
}

/** Why a date is closed for the shop, or null when it is open. */
export function shopClosure(shop: ShopSchedule, date: IsoDate): 'holiday' | 'day_off' | null {
  if (shop.holidays.has(date)) return 'holiday';
  return windowOf(shop.weekly, isoWeekdayOf(date)) ? null : 'day_off';
}

/** The shop's opening window on `date`, or null when it is closed (holiday, day off). */
export function shopWindow(shop: ShopSchedule, date: IsoDate): DayWindow | null {
  if (shop.holidays.has(date)) return null;
  return windowOf(shop.weekly, isoWeekdayOf(date));
}

/** Why a designer cannot work on `date` (shop open), or null. */
export function designerClosure(
  designer: DesignerSchedule,
  date: IsoDate,
): 'holiday' | 'day_off' | null {
  if (designer.holidays.has(date)) return 'holiday';
  const weekday = isoWeekdayOf(date);
  const own = designer.weekly.find((d) => d.weekday === weekday);
  return own && !own.window ? 'day_off' : null;
}

/**
 * The designer's bookable window on `date`: their working hours (or the shop's when they have
 * none for that weekday) intersected with the shop's hours; null when either is closed.
 */
export function designerWindow(
  shop: ShopSchedule,
  designer: DesignerSchedule,
  date: IsoDate,
): DayWindow | null {
  const opening = shopWindow(shop, date);
  if (!opening || designer.holidays.has(date)) return null;
  const weekday = isoWeekdayOf(date);
  const own = designer.weekly.find((d) => d.weekday === weekday);
  const working = own ? own.window : opening;
  if (!working) return null;
  const start = Math.max(opening.start, working.start);
  const end = Math.min(opening.end, working.end);
  return end > start ? { start, end } : null;
}

/**
 * The times shown for `date`: from opening, every `slotMinutes`, while one slot still fits
 * before closing. Empty when the shop is closed that day.
 */
export function slotStartsOf(shop: ShopSchedule, date: IsoDate): number[] {
  const opening = shopWindow(shop, date);
  if (!opening) return [];
  const starts: number[] = [];
  for (let t = opening.start; t + shop.slotMinutes <= opening.end; t += shop.slotMinutes) {
    starts.push(t);
  }
  return starts;
}

/** The instants [start, end) of a treatment starting at `minutes` on `date` in the shop's zone. */
export function intervalOf(
  shop: ShopSchedule,
  date: IsoDate,
  minutes: number,
  durationMinutes: number,
): BusyInterval {
  const startsAt = zonedInstantOf(date, minutes, shop.timeZone).getTime();
  return { startsAt, endsAt: startsAt + durationMinutes * 60_000 };
}

function overlaps(a: BusyInterval, b: BusyInterval): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/** Whether `date` can be booked at all (booking open, not past, not beyond the horizon). */
export function dateIsBookable(
  shop: ShopSchedule,
  date: IsoDate,
  options: AvailabilityOptions,
): boolean {
  if (!shop.isBookingOpen) return false;
  const today = zonedMomentOf(options.now, shop.timeZone).date;
  if (date < today) return false;
  return options.lastBookableDate === undefined || date <= options.lastBookableDate;
}

/**
 * What every time of one day shares, computed once: the opening window, whether the date is
 * bookable, "now", and the instant of local midnight. On a day without an offset change (every
 * day in Seoul and Tokyo) a wall time is midnight + minutes; otherwise each time is converted.
 */
interface DayPlan {
  date: IsoDate;
  opening: DayWindow | null;
  bookable: boolean;
  nowMs: number;
  instantOf(minutes: number): number;
}

function planDay(shop: ShopSchedule, date: IsoDate, options: AvailabilityOptions): DayPlan {
  const start = zonedInstantOf(date, 0, shop.timeZone).getTime();
  const end = zonedInstantOf(addDays(date, 1), 0, shop.timeZone).getTime();
  const linear = end - start === 86_400_000;
  return {
    date,
    opening: shopWindow(shop, date),
    bookable: dateIsBookable(shop, date, options),
    nowMs: options.now.getTime(),
    instantOf: linear
      ? (minutes) => start + minutes * 60_000
      : (minutes) => zonedInstantOf(date, minutes, shop.timeZone).getTime(),
  };
}

function canTakeIn(
  plan: DayPlan,
  shop: ShopSchedule,
  designer: DesignerSchedule,
  window: DayWindow | null,
  minutes: number,
  durationMinutes: number,
): boolean {
  const { opening } = plan;
  if (durationMinutes <= 0 || !plan.bookable || !opening || !window) return false;
  if (minutes < opening.start || (minutes - opening.start) % shop.slotMinutes !== 0) return false;
  if (minutes < window.start || minutes + durationMinutes > window.end) return false;
  const startsAt = plan.instantOf(minutes);
  if (startsAt <= plan.nowMs) return false;
  const wanted = { startsAt, endsAt: startsAt + durationMinutes * 60_000 };
  return !designer.busy.some((b) => overlaps(b, wanted));
}

/**
 * Whether `designer` can take [minutes, minutes + duration) on `date`: a time shown for the
 * day (aligned to the slot step from opening), in the future, inside the designer's window
 * (so inside opening hours, not on a shop or designer holiday or day off), and overlapping no
 * active booking of theirs.
 */
export function designerCanTake(
  shop: ShopSchedule,
  designer: DesignerSchedule,
  date: IsoDate,
  minutes: number,
  durationMinutes: number,
  options: AvailabilityOptions,
): boolean {
  const plan = planDay(shop, date, options);
  const window = designerWindow(shop, designer, date);
  return canTakeIn(plan, shop, designer, window, minutes, durationMinutes);
}

export interface SlotAvailability {
  /** Minutes after local midnight. */
  minutes: number;
  /** "HH:MM". */
  time: string;
  available: boolean;
  /** Designers who can take this time (empty when unavailable). */
  designerIds: number[];
}

/**
 * Every time of `date` (slotStartsOf) with whether at least one of `designers` can take a
 * treatment of `durationMinutes` starting then. Pass one designer for a chosen designer.
 */
export function dayAvailability(
  shop: ShopSchedule,
  designers: readonly DesignerSchedule[],
  date: IsoDate,
  durationMinutes: number,
  options: AvailabilityOptions,
): SlotAvailability[] {
  const plan = planDay(shop, date, options);
  const windows = designers.map((d) => designerWindow(shop, d, date));
  return slotStartsOf(shop, date).map((minutes) => {
    const designerIds = designers
      .filter((d, i) => canTakeIn(plan, shop, d, windows[i] ?? null, minutes, durationMinutes))
      .map((d) => d.id);
    return { minutes, time: formatClock(minutes), available: designerIds.length > 0, designerIds };
  });
}

export type ClosedKind = 'shop_holiday' | 'shop_day_off' | 'designer_holiday' | 'designer_day_off';

/**
 * Closed dates from `from` to `to` (inclusive): the shop's (holiday before day off), then,
 * with a designer, the designer's. One entry per date.
 */
export function closedDates(
  shop: ShopSchedule,
  from: IsoDate,
  to: IsoDate,
  designer?: DesignerSchedule,
): { date: IsoDate; kind: ClosedKind }[] {
  const closed: { date: IsoDate; kind: ClosedKind }[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const shopReason = shopClosure(shop, date);
    if (shopReason) {
      closed.push({ date, kind: shopReason === 'holiday' ? 'shop_holiday' : 'shop_day_off' });
      continue;
    }
    if (!designer) continue;
    const designerReason = designerClosure(designer, date);
    if (designerReason) {
      closed.push({
        date,
        kind: designerReason === 'holiday' ? 'designer_holiday' : 'designer_day_off',
      });
    } else if (!designerWindow(shop, designer, date)) {
      // Works that weekday, but never while the shop is open.
      closed.push({ date, kind: 'designer_day_off' });
    }
  }
  return closed;
}

function windowOf(weekly: readonly WeeklyDay[], weekday: number): DayWindow | null {
  return weekly.find((d) => d.weekday === weekday)?.window ?? null;
}

/** "HH:MM" or "HH:MM:SS" (a PostgreSQL `time`) → minutes after midnight. */
export function minutesOfTime(value: string): number {
  const [h, m] = value.split(':');
  return Number(h) * 60 + Number(m);
}

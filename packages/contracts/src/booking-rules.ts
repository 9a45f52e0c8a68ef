// Pure booking rules shared by the server (which enforces them) and the web app (which tells
// the user early): calendar dates and clock times in a shop's IANA time zone, the Monday-to-
// Sunday week (spec section 9) and the "request note asks to change the time" rule (spec 5).
// Only Intl is used: no date library, no Temporal.

/** A calendar date "YYYY-MM-DD" (in the shop's zone when it belongs to a shop). */
export type IsoDate = string;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const clockPattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for a real calendar date written "YYYY-MM-DD" (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/** "HH:MM" (00:00–23:59) → minutes after midnight, or undefined. */
export function parseClock(value: string): number | undefined {
  const match = clockPattern.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** Minutes after midnight → "HH:MM" (24:00 is written for the end of the day). */
export function formatClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

function dateParts(date: IsoDate): [number, number, number] {
  const match = isoDatePattern.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function formatUtcDate(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The date `days` after (or before, when negative) `date`. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = dateParts(date);
  return formatUtcDate(Date.UTC(y, m - 1, d + days));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const [y1, m1, d1] = dateParts(from);
  const [y2, m2, d2] = dateParts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** ISO weekday of a calendar date: 1 = Monday .. 7 = Sunday. */
export function isoWeekdayOf(date: IsoDate): number {
  const [y, m, d] = dateParts(date);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday-to-Sunday week holding `date` (spec 9: a week runs Monday to Sunday). */
export function weekOf(date: IsoDate): IsoDate[] {
  const monday = addDays(date, 1 - isoWeekdayOf(date));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Every date from `from` to `to`, both included (empty when `to` is earlier). */
export function datesFromTo(from: IsoDate, to: IsoDate): IsoDate[] {
  const count = daysBetween(from, to) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(from, i));
}

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatterCache.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatterCache.set(timeZone, formatter);
  }
  return formatter;
}

/** True when Intl knows the zone name. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface ZonedMoment {
  /** The calendar date in the zone. */
  date: IsoDate;
  /** Minutes after that date's local midnight (seconds dropped). */
  minutes: number;
  /** ISO weekday of `date`. */
  weekday: number;
}

/** Where an instant falls on the wall clock of `timeZone`. */
export function zonedMomentOf(instant: Date, timeZone: string): ZonedMoment {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const date = `${String(parts.year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
  return {
    date,
    minutes: (parts.hour ?? 0) * 60 + (parts.minute ?? 0),
    weekday: isoWeekdayOf(date),
  };
}

/** Today's date in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  return zonedMomentOf(now, timeZone).date;
}

/** Offset of `timeZone` from UTC at `instantMs`, in milliseconds (Seoul: +9 h). */
function offsetMsAt(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - (instantMs - (instantMs % 1000));
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` + `minutes` (minutes may be
 * 1440 for the next local midnight). For a wall time skipped by a DST jump the later instant
 * is returned; Asia/Seoul and Asia/Tokyo have no DST today, other zones still work.
 */
export function zonedInstantOf(date: IsoDate, minutes: number, timeZone: string): Date {
  const [y, m, d] = dateParts(date);
  const wallAsUtc = Date.UTC(y, m - 1, d, 0, minutes);
  let guess = wallAsUtc - offsetMsAt(wallAsUtc, timeZone);
  const corrected = wallAsUtc - offsetMsAt(guess, timeZone);
  if (corrected !== guess) guess = Math.max(guess, corrected);
  return new Date(guess);
}

/** [start, end) of a calendar day in `timeZone`: its local midnight and the next one. */
export function zonedDayRange(date: IsoDate, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedInstantOf(date, 0, timeZone),
    end: zonedInstantOf(addDays(date, 1), 0, timeZone),
  };
}

// --- request note rule (spec 5: the request note cannot ask to adjust the reservation time) ----

/**
 * Phrases that ask the shop to move the reservation to another time, in ko, en and ja. They
 * look for a time word next to a change verb (or a clock time next to one), so ordinary notes
 * ("짧게 잘라 주세요", "I'm allergic to ammonia", "前髪は長めに") pass.
 */
const timeChangePatterns: readonly RegExp[] = [
  // ko
  /(시간|예약|시각|일정|날짜)\s*(을|를|은|는|이|가|도)?\s*(좀\s*)?(변경|조정|조절|바꿔|바꾸|바꿀|옮겨|옮기|옮길|미뤄|미루|미룰|당겨|당기|당길|늦춰|늦추|앞당)/,
  /(\d{1,2}\s*시|\d{1,2}:\d{2}|오전|오후|저녁|아침|내일|모레|다른\s*날)\s*(\d{1,2}\s*분\s*)?(으로|로|에)\s*(변경|조정|바꿔|바꾸|옮겨|옮기|미뤄|당겨|해\s*주|가능|예약)/,
  /(늦게|일찍|빨리)\s*(가도|가겠|갈게|방문|도착|가도\s*될|와도)/,
  /(시간|예약)\s*(변경|조정|연기)/,
  // a duration next to a shift verb: "30분 당겨 주세요", "한 시간 정도 늦게"
  /(\d{1,3}\s*분|\d{1,2}\s*시간|한\s*시간|반\s*시간)\s*(만|정도|쯤)?\s*(일찍|늦게|먼저|뒤로|앞으로|당겨|당기|당길|미뤄|미루|미룰|늦춰|늦추|앞당)/,
  // en
  /\b(change|changing|adjust|adjusting|move|moving|shift|shifting|switch|switching|push|pushing|bring|bringing|delay|delaying|postpone|postponing)\b[^.!?\n]{0,30}\b(time|appointment|booking|reservation|slot|date|earlier|later|to\s+\d{1,2}(:\d{2})?\s*(am|pm)?)\b/i,
  /\b(push|move|bring|put)\b[^.!?\n]{0,20}\b(back|forward)\s+(by\s+)?(\d+|an?|one|half\s+an?)\s*(hours?|minutes?|mins?)\b/i,
  /\b(reschedul\w*|postpone\w*)\b/i,
  /\b(different|another|other|earlier|later)\s+(time|slot|day|date|hour)\b/i,
  /\b(come|arrive|be)\s+(\d{1,2}\s*(minutes?|mins?|hours?)\s+)?(late|later|earlier)\b/i,
  // ja
  /(時間|時刻|予約|日程|日時|日にち)\s*(を|の|は|も)?\s*(変更|調整|ずら|変え|移動|延期|繰り上げ|繰り下げ|早め|遅ら|前倒し|後ろ倒し)/,
  /(\d{1,2}\s*時|\d{1,2}:\d{2}|午前|午後|夕方|明日|別の日)\s*(\d{1,2}\s*分\s*)?(に|へ|から)\s*(変更|変え|ずら|移動|して|お願い)/,
  /(遅れて|遅れ|早めに|早く)\s*(行|伺|到着|来店)/,
  // a duration next to a shift verb: "予約を30分遅らせて", "1時間ほど早めに"
  /\d{1,3}\s*(分|時間)\s*(ほど|くらい|ぐらい)?\s*(早め|早く|遅ら|遅く|ずら|前倒し|後ろ倒し)/,
];

/** True when a request note asks to change the reservation time (spec 5). */
export function requestNoteAsksTimeChange(note: string): boolean {
  const text = note.normalize('NFKC');
  return timeChangePatterns.some((pattern) => pattern.test(text));
}

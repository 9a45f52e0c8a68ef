/**
 * The date-range search of the styling history (spec 5: "a date-range search needs all dates
 * chosen"). Dates are calendar dates "YYYY-MM-DD" (the salons' local dates), handled as UTC
 * midnights so no time zone moves them.
 */

export interface DateRange {
  from: string;
  to: string;
}

/** What the picker holds while the member taps days. */
export interface RangeDraft {
  start: string | null;
  end: string | null;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The filter in the URL (`?from=&to=`): both valid dates, else none. */
export function rangeFromParams(params: URLSearchParams): DateRange | null {
  const from = params.get('from');
  const to = params.get('to');
  if (!isIsoDate(from) || !isIsoDate(to)) return null;
  return from <= to ? { from, to } : { from: to, to: from };
}

/**
 * A tap on a day: the first chooses the start, the second the end (an earlier day becomes the
 * start), a third starts over.
 */
export function pickDay(draft: RangeDraft, day: string): RangeDraft {
  if (draft.start === null || draft.end !== null) return { start: day, end: null };
  return day < draft.start ? { start: day, end: draft.start } : { start: draft.start, end: day };
}

export type RangeCheck =
  { isComplete: true; range: DateRange } | { isComplete: false; code: 'DATE_RANGE_INCOMPLETE' };

/** Spec 5: both dates must be chosen before the search runs. */
export function checkRange(draft: RangeDraft): RangeCheck {
  if (!draft.start || !draft.end) return { isComplete: false, code: 'DATE_RANGE_INCOMPLETE' };
  return { isComplete: true, range: { from: draft.start, to: draft.end } };
}

export function addDaysTo(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** "YYYY-MM" of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * The six weeks shown for a month, Sunday first (as Korean and Japanese calendars are), with the
 * neighbouring months' days at the edges.
 */
export function monthGrid(month: string): string[][] {
  const first = `${month}-01`;
  const weekday = new Date(`${first}T00:00:00Z`).getUTCDay();
  const start = addDaysTo(first, -weekday);
  return Array.from({ length: 6 }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => addDaysTo(start, w * 7 + d)),
  );
}

export function isInRange(day: string, draft: RangeDraft): boolean {
  if (!draft.start) return false;
  if (!draft.end) return day === draft.start;
  return day >= draft.start && day <= draft.end;
}

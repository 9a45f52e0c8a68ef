import type { Language } from '@carol/contracts';
import { formatDate } from '@carol/i18n/client';

/** A calendar date "YYYY-MM-DD" as a UTC midnight: formatted in UTC it stays that day. */
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** A visit's day in the salon's calendar: "2026년 3월 4일 (수)", "2026年3月4日(水)", "Wed, Mar 4, 2026". */
export function formatVisitDate(date: string, language: Language): string {
  return formatDate(dayOf(date), language, 'UTC', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    weekday: 'short',
  });
}

/** A short day for lists and ranges: "2026. 3. 4.", "2026/03/04", "Mar 4, 2026". */
export function formatShortDate(date: string, language: Language): string {
  return formatDate(dayOf(date), language, 'UTC', { dateStyle: 'medium' });
}

/** An instant as the salon's calendar day, month and day only (a coupon's "~ 12/31"). */
export function formatMonthDay(iso: string, language: Language, timeZone: string): string {
  return formatDate(new Date(iso), language, timeZone, { month: 'numeric', day: 'numeric' });
}

/** An instant as the salon's calendar date. */
export function formatInstantDate(iso: string, language: Language, timeZone: string): string {
  return formatDate(new Date(iso), language, timeZone, { dateStyle: 'medium' });
}

/** The month heading of the date picker: "2026년 3월", "2026年3月", "March 2026". */
export function formatMonth(month: string, language: Language): string {
  return formatDate(dayOf(`${month}-01`), language, 'UTC', { year: 'numeric', month: 'long' });
}

/** Narrow weekday names, Sunday first. */
export function weekdayNames(language: Language): string[] {
  // 2026-03-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) =>
    formatDate(dayOf(`2026-03-0${i + 1}`), language, 'UTC', { weekday: 'narrow' }),
  );
}

/** A video's length, "0:42" or "1:05:03". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

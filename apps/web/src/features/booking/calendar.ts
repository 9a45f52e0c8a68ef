import type { Language } from '@carol/contracts';
import { localeOf } from '@carol/i18n/client';

/** A day cell of the month grid. `iso` is yyyy-mm-dd; the grid is a pure calendar (no zone). */
export interface CalendarDay {
  iso: string;
  day: number;
  isInMonth: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** yyyy-mm of an ISO date. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/**
 * Spec section 9: a week runs Monday to Sunday. The weeks covering `month` (yyyy-mm), each of
 * seven days, with the neighbouring months' days marked as outside.
 */
export function monthGrid(month: string): CalendarDay[][] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, m - 1, 1));
  // getUTCDay: 0 = Sunday. Monday-first offset: Monday 0 ... Sunday 6.
  const offset = (first.getUTCDay() + 6) % 7;
  const daysInMonth = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const cells = Math.ceil((offset + daysInMonth) / 7) * 7;
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < cells; i += 1) {
    const date = new Date(Date.UTC(year, m - 1, 1 - offset + i));
    const day: CalendarDay = {
      iso: isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()),
      day: date.getUTCDate(),
      isInMonth: date.getUTCMonth() === m - 1,
    };
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1]!.push(day);
  }
  return weeks;
}

/** Monday-first short weekday names in the reader's language ("월", "月", "Mon"). */
export function weekdayLabels(language: Language, width: 'short' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(localeOf(language), { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

/** "2026년 11월", "2026年11月", "November 2026". */
export function monthLabel(month: string, language: Language): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(localeOf(language), {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, m - 1, 1)));
}

/** "11월 24일 (화)", "11月24日(火)", "Tue, Nov 24" for an ISO date. */
export function dayLabel(iso: string, language: Language, withYear = false): string {
  const [year, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(localeOf(language), {
    ...(withYear ? { year: 'numeric' } : {}),
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, m - 1, d)));
}

/** "오후 2:30", "14:30", "2:30 PM" for an HH:mm time. */
export function timeLabel(time: string, language: Language): string {
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(localeOf(language), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2024, 0, 1, h, min)));
}

export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

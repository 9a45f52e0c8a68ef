import { todayIn, type Language, type NextBooking } from '@carol/contracts';
import { formatDate } from '@carol/i18n/client';

/** Whole days from today to the booking's date, both in the salon's time zone (0 = today). */
export function daysUntil(booking: Pick<NextBooking, 'date' | 'time_zone'>, now: Date): number {
  const today = Date.parse(`${todayIn(booking.time_zone, now)}T00:00:00Z`);
  const day = Date.parse(`${booking.date}T00:00:00Z`);
  return Math.round((day - today) / 86_400_000);
}

/**
 * When the booking starts, on the salon's wall clock, in the reader's language: "5월 20일 (화)"
 * and "오후 1:30"; "5月20日(火)" and "13:30"; "Tue, May 20" and "1:30 PM". The year shows when it
 * is not the salon's current one.
 */
export function bookingWhen(
  booking: Pick<NextBooking, 'starts_at' | 'date' | 'time_zone'>,
  language: Language,
  now: Date,
): { date: string; time: string } {
  const start = new Date(booking.starts_at);
  const isThisYear = booking.date.slice(0, 4) === todayIn(booking.time_zone, now).slice(0, 4);
  return {
    date: formatDate(start, language, booking.time_zone, {
      ...(isThisYear ? {} : { year: 'numeric' }),
      month: 'short',
      day: 'numeric',
      weekday: 'short',
    }),
    time: formatDate(start, language, booking.time_zone, { timeStyle: 'short' }),
  };
}

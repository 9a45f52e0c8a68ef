import { addDays, reminderLimits, zonedInstantOf, zonedMomentOf } from '@carol/contracts';

export interface PlannedReminder {
  /** The salon's offset this reminder stands for, in minutes before the start. */
  offsetMinutes: number;
  /** When it is sent. */
  runAt: Date;
  /** The offset fell in quiet hours and the reminder was moved out of them. */
  isMoved: boolean;
}

const quietFrom = reminderLimits.quietFromHour * 60;
const quietTo = reminderLimits.quietToHour * 60;
/** A reminder moved to 08:00 must still come this long before the start; else the evening before. */
const minimumLeadMs = 30 * 60 * 1000;
/** Where a reminder goes when 08:00 would be too late: half an hour before the quiet hours. */
const eveningMinutes = quietFrom - 30;

function isQuiet(minutes: number): boolean {
  return minutes >= quietFrom || minutes < quietTo;
}

/**
 * When the reminders of a booking starting at `startsAt` are sent (ADR 050): `offset` before
 * the start, on the salon's wall clock (`timeZone`). One that falls in the quiet hours
 * (21:00–08:00 local) moves to the next 08:00 — or, when that would be less than 30 minutes
 * before the start, to 20:30 the evening before. Reminders whose time has already passed at
 * `now` are left out (a booking made 3 hours ahead gets no "24 hours before"), and two that land
 * on the same minute become one (the nearer offset's).
 */
export function planReminders(
  startsAt: Date,
  offsetsMinutes: readonly number[],
  timeZone: string,
  now: Date,
): PlannedReminder[] {
  const planned = new Map<number, PlannedReminder>();
  for (const offsetMinutes of [...offsetsMinutes].sort((a, b) => a - b)) {
    const due = new Date(startsAt.getTime() - offsetMinutes * 60_000);
    const local = zonedMomentOf(due, timeZone);
    let runAt = due;
    let isMoved = false;
    if (isQuiet(local.minutes)) {
      isMoved = true;
      const morning = local.minutes >= quietFrom ? addDays(local.date, 1) : local.date;
      runAt = zonedInstantOf(morning, quietTo, timeZone);
      if (startsAt.getTime() - runAt.getTime() < minimumLeadMs) {
        const evening = local.minutes >= quietFrom ? local.date : addDays(local.date, -1);
        runAt = zonedInstantOf(evening, eveningMinutes, timeZone);
      }
    }
    if (runAt.getTime() <= now.getTime() || runAt.getTime() >= startsAt.getTime()) continue;
    if (!planned.has(runAt.getTime())) {
      planned.set(runAt.getTime(), { offsetMinutes, runAt, isMoved });
    }
  }
  return [...planned.values()].sort((a, b) => a.runAt.getTime() - b.runAt.getTime());
}

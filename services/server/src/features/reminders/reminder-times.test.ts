import { describe, expect, it } from 'vitest';
import { planReminders } from './reminder-times.js';

const seoul = 'Asia/Seoul';
const tokyo = 'Asia/Tokyo';
/** A wall time in Seoul/Tokyo (+09:00, no DST) as an instant. */
const at = (local: string) => new Date(`${local}:00+09:00`);
const longAgo = at('2026-11-01T00:00');
const plan = (start: string, offsets = [1440, 120], zone = seoul, now = longAgo) =>
  planReminders(at(start), offsets, zone, now).map((r) => ({
    offset: r.offsetMinutes,
    runAt: r.runAt.toISOString(),
    isMoved: r.isMoved,
  }));

describe('planReminders', () => {
  it('sends 24 h and 2 h before a midday booking, on time', () => {
    expect(plan('2026-12-10T14:00')).toEqual([
      { offset: 1440, runAt: at('2026-12-09T14:00').toISOString(), isMoved: false },
      { offset: 120, runAt: at('2026-12-10T12:00').toISOString(), isMoved: false },
    ]);
  });

  it('moves a reminder due in the quiet hours to 08:00 local, never dropping it', () => {
    // 09:30 start: 2 h before is 07:30 → 08:00; 24 h before is 09:30 the day before.
    expect(plan('2026-12-10T09:30', [1440, 120], tokyo)).toEqual([
      { offset: 1440, runAt: at('2026-12-09T09:30').toISOString(), isMoved: false },
      { offset: 120, runAt: at('2026-12-10T08:00').toISOString(), isMoved: true },
    ]);
    // 22:30 start: 24 h before is 22:30 the day before → 08:00 that day.
    expect(plan('2026-12-10T22:30', [1440])).toEqual([
      { offset: 1440, runAt: at('2026-12-10T08:00').toISOString(), isMoved: true },
    ]);
  });

  it('moves to 20:30 the evening before when 08:00 would come less than 30 minutes ahead', () => {
    expect(plan('2026-12-10T08:20', [120])).toEqual([
      { offset: 120, runAt: at('2026-12-09T20:30').toISOString(), isMoved: true },
    ]);
  });

  it('leaves out reminders whose time has passed and merges two landing on one minute', () => {
    // Booked at 10:00 for 14:00 the same day: no "24 hours before"; 2 h before still ahead.
    expect(plan('2026-12-10T14:00', [1440, 120], seoul, at('2026-12-10T10:00'))).toEqual([
      { offset: 120, runAt: at('2026-12-10T12:00').toISOString(), isMoved: false },
    ]);
    // 09:00 start with 3 h and 2 h: 06:00 and 07:00 both move to 08:00; one reminder.
    expect(plan('2026-12-10T09:00', [180, 120])).toEqual([
      { offset: 120, runAt: at('2026-12-10T08:00').toISOString(), isMoved: true },
    ]);
  });

  it('uses the salon time zone, not the server one', () => {
    // 23:00 UTC is 08:00 in Seoul the next day: not quiet there.
    const start = new Date('2026-12-10T01:00:00Z'); // 10:00 Seoul
    const [r] = planReminders(start, [120], seoul, longAgo);
    expect(r?.runAt.toISOString()).toBe('2026-12-09T23:00:00.000Z');
    expect(r?.isMoved).toBe(false);
    // The same instant in Los Angeles is 17:00 the day before.
    const [la] = planReminders(start, [600], 'America/Los_Angeles', longAgo);
    // 10 h before 17:00 is 07:00 local → moved to 08:00 local (16:00 UTC).
    expect(la?.runAt.toISOString()).toBe('2026-12-09T16:00:00.000Z');
    expect(la?.isMoved).toBe(true);
  });
});

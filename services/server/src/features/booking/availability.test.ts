import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, zonedDayRange, zonedMomentOf, type IsoDate } from '@carol/contracts';
import {
  closedDates,
  dayAvailability,
  designerCanTake,
  designerWindow,
  intervalOf,
  shopWindow,
  slotStartsOf,
  type DesignerSchedule,
  type ShopSchedule,
  type WeeklyDay,
} from './availability.js';

// Property tests of the availability calculation: an offered time never overlaps an
// active booking, a holiday, a day off or closed hours, and days begin at the shop's local
// midnight. The oracle below re-derives every rule minute by minute, independently of the
// module's window arithmetic.

const zones = ['Asia/Seoul', 'Asia/Tokyo'] as const;
const baseDate = '2026-11-16'; // a Monday

const windowArb = fc
  .tuple(fc.integer({ min: 0, max: 47 }), fc.integer({ min: 1, max: 48 }))
  .map(([a, b]) => ({ start: a * 30, end: Math.min(1440, a * 30 + b * 30) }))
  .filter((w) => w.end > w.start);

const weeklyArb = (allowMissing: boolean): fc.Arbitrary<WeeklyDay[]> =>
  fc
    .array(
      fc.oneof(
        { weight: 5, arbitrary: windowArb.map((w) => ({ kind: 'open' as const, w })) },
        { weight: 1, arbitrary: fc.constant({ kind: 'off' as const }) },
        {
          weight: allowMissing ? 1 : 0,
          arbitrary: fc.constant({ kind: 'missing' as const }),
        },
      ),
      { minLength: 7, maxLength: 7 },
    )
    .map((days) =>
      days.flatMap((d, i): WeeklyDay[] =>
        d.kind === 'missing' ? [] : [{ weekday: i + 1, window: d.kind === 'open' ? d.w : null }],
      ),
    );

const dateArb = fc.integer({ min: 0, max: 20 }).map((n) => addDays(baseDate, n));
const holidaysArb = fc.uniqueArray(dateArb, { maxLength: 5 }).map((d) => new Set(d));

interface Scenario {
  shop: ShopSchedule;
  designers: DesignerSchedule[];
  date: IsoDate;
  duration: number;
  now: Date;
}

function scenarioArb(timeZone: string): fc.Arbitrary<Scenario> {
  return fc
    .record({
      slotMinutes: fc.constantFrom(10, 15, 20, 30, 60),
      isBookingOpen: fc.oneof(
        { weight: 9, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      weekly: weeklyArb(false),
      holidays: holidaysArb,
      date: dateArb,
      duration: fc.integer({ min: 1, max: 12 }).map((n) => n * 15),
      // "now" from a day before the window to its end, at any minute.
      nowOffsetMinutes: fc.integer({ min: -1440, max: 22 * 1440 }),
      designers: fc.array(
        fc.record({
          weekly: weeklyArb(true),
          holidays: holidaysArb,
          // Bookings as [date offset, start minute, length] in the shop's zone.
          bookings: fc.array(
            fc.tuple(
              fc.integer({ min: -1, max: 21 }),
              fc.integer({ min: 0, max: 1439 }),
              fc.integer({ min: 5, max: 300 }),
            ),
            { maxLength: 8 },
          ),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    })
    .map((r) => {
      const shop: ShopSchedule = {
        timeZone,
        slotMinutes: r.slotMinutes,
        isBookingOpen: r.isBookingOpen,
        weekly: r.weekly,
        holidays: r.holidays,
      };
      const designers = r.designers.map((d, i) => ({
        id: i + 1,
        weekly: d.weekly,
        holidays: d.holidays,
        busy: d.bookings.map(([offset, minute, length]) =>
          intervalOf(shop, addDays(baseDate, offset), minute, length),
        ),
      }));
      const now = new Date(
        zonedDayRange(baseDate, timeZone).start.getTime() + r.nowOffsetMinutes * 60_000,
      );
      return { shop, designers, date: r.date, duration: r.duration, now };
    });
}

/** Independent oracle: may `designer` work every minute of [start, start + duration) on `date`? */
function oracleFree(s: Scenario, designer: DesignerSchedule, minutes: number): boolean {
  const { shop, date, duration } = s;
  if (!shop.isBookingOpen || shop.holidays.has(date) || designer.holidays.has(date)) return false;
  const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const shopDay = shop.weekly.find((d) => d.weekday === weekday);
  if (!shopDay?.window) return false;
  const own = designer.weekly.find((d) => d.weekday === weekday);
  const work = own ? own.window : shopDay.window;
  if (!work) return false;
  const day = zonedDayRange(date, shop.timeZone);
  for (let m = minutes; m < minutes + duration; m++) {
    if (m < shopDay.window.start || m >= shopDay.window.end) return false;
    if (m < work.start || m >= work.end) return false;
    const instant = day.start.getTime() + m * 60_000;
    if (designer.busy.some((b) => b.startsAt <= instant && instant < b.endsAt)) return false;
  }
  return day.start.getTime() + minutes * 60_000 > s.now.getTime();
}

describe.each(zones)('availability in %s', (timeZone) => {
  it('offers a time only when a designer is free for the whole treatment (oracle)', () => {
    fc.assert(
      fc.property(scenarioArb(timeZone), (s) => {
        const slots = dayAvailability(s.shop, s.designers, s.date, s.duration, { now: s.now });
        for (const slot of slots) {
          const expected = s.designers
            .filter((d) => oracleFree(s, d, slot.minutes))
            .map((d) => d.id);
          expect(slot.designerIds).toEqual(expected);
          expect(slot.available).toBe(expected.length > 0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never offers a time overlapping a booking, a holiday, a day off or closed hours', () => {
    fc.assert(
      fc.property(scenarioArb(timeZone), (s) => {
        const slots = dayAvailability(s.shop, s.designers, s.date, s.duration, { now: s.now });
        const opening = shopWindow(s.shop, s.date);
        if (!opening) expect(slots).toEqual([]);
        for (const slot of slots.filter((x) => x.available)) {
          expect(s.shop.holidays.has(s.date)).toBe(false);
          expect(opening).not.toBeNull();
          expect(slot.minutes).toBeGreaterThanOrEqual(opening!.start);
          expect(slot.minutes + s.duration).toBeLessThanOrEqual(opening!.end);
          const wanted = intervalOf(s.shop, s.date, slot.minutes, s.duration);
          expect(wanted.startsAt).toBeGreaterThan(s.now.getTime());
          for (const id of slot.designerIds) {
            const d = s.designers.find((x) => x.id === id)!;
            expect(d.holidays.has(s.date)).toBe(false);
            const w = designerWindow(s.shop, d, s.date)!;
            expect(slot.minutes).toBeGreaterThanOrEqual(w.start);
            expect(slot.minutes + s.duration).toBeLessThanOrEqual(w.end);
            for (const b of d.busy) {
              expect(b.startsAt < wanted.endsAt && wanted.startsAt < b.endsAt).toBe(false);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("starts every day at the shop's local midnight", () => {
    fc.assert(
      fc.property(scenarioArb(timeZone), (s) => {
        const { start, end } = zonedDayRange(s.date, timeZone);
        expect(end.getTime() - start.getTime()).toBe(24 * 3_600_000);
        expect(zonedMomentOf(start, timeZone)).toMatchObject({ date: s.date, minutes: 0 });
        expect(zonedMomentOf(new Date(start.getTime() - 1), timeZone).date).toBe(
          addDays(s.date, -1),
        );
        for (const minutes of slotStartsOf(s.shop, s.date)) {
          const at = new Date(intervalOf(s.shop, s.date, minutes, 1).startsAt);
          expect(at.getTime()).toBeGreaterThanOrEqual(start.getTime());
          expect(at.getTime()).toBeLessThan(end.getTime());
          expect(zonedMomentOf(at, timeZone)).toMatchObject({ date: s.date, minutes });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('lists a date as closed exactly when no time of it could ever be offered', () => {
    fc.assert(
      fc.property(scenarioArb(timeZone), (s) => {
        const designer = s.designers[0]!;
        const closed = new Map(
          closedDates(s.shop, baseDate, addDays(baseDate, 20), designer).map((c) => [
            c.date,
            c.kind,
          ]),
        );
        for (let i = 0; i <= 20; i++) {
          const date = addDays(baseDate, i);
          expect(closed.has(date)).toBe(designerWindow(s.shop, designer, date) === null);
          if (s.shop.holidays.has(date)) expect(closed.get(date)).toBe('shop_holiday');
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('availability examples', () => {
  const shop: ShopSchedule = {
    timeZone: 'Asia/Seoul',
    slotMinutes: 30,
    isBookingOpen: true,
    weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      window: weekday === 2 ? null : { start: 600, end: 1200 },
    })),
    holidays: new Set(['2026-11-20']),
  };
  const designer: DesignerSchedule = {
    id: 7,
    weekly: [{ weekday: 1, window: { start: 660, end: 1140 } }],
    holidays: new Set(['2026-11-19']),
    busy: [intervalOf(shop, '2026-11-16', 720, 60)],
  };
  const now = new Date('2026-11-15T00:00:00Z');

  it('computes a Monday for a designer with own hours and a booking', () => {
    const slots = dayAvailability(shop, [designer], '2026-11-16', 60, { now });
    expect(slots[0]).toMatchObject({ time: '10:00', available: false });
    const free = slots.filter((s) => s.available).map((s) => s.time);
    expect(free).toEqual([
      '11:00',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
      '18:00',
    ]);
    expect(slots.at(-1)?.time).toBe('19:30');
  });

  it('closes day off, shop holiday and designer holiday', () => {
    expect(slotStartsOf(shop, '2026-11-17')).toEqual([]);
    expect(slotStartsOf(shop, '2026-11-20')).toEqual([]);
    expect(
      dayAvailability(shop, [designer], '2026-11-19', 30, { now }).some((s) => s.available),
    ).toBe(false);
    expect(closedDates(shop, '2026-11-16', '2026-11-22', designer)).toEqual([
      { date: '2026-11-17', kind: 'shop_day_off' },
      { date: '2026-11-19', kind: 'designer_holiday' },
      { date: '2026-11-20', kind: 'shop_holiday' },
    ]);
  });

  it('refuses past times, misaligned times, closed booking and dates beyond the horizon', () => {
    const at1030 = new Date(intervalOf(shop, '2026-11-18', 630, 1).startsAt);
    expect(designerCanTake(shop, designer, '2026-11-18', 630, 30, { now: at1030 })).toBe(false);
    expect(designerCanTake(shop, designer, '2026-11-18', 660, 30, { now: at1030 })).toBe(true);
    expect(designerCanTake(shop, designer, '2026-11-18', 675, 30, { now })).toBe(false);
    expect(
      designerCanTake({ ...shop, isBookingOpen: false }, designer, '2026-11-18', 660, 30, { now }),
    ).toBe(false);
    expect(
      designerCanTake(shop, designer, '2026-11-18', 660, 30, {
        now,
        lastBookableDate: '2026-11-17',
      }),
    ).toBe(false);
  });
});

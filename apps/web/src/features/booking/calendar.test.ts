import { describe, expect, it } from 'vitest';
import { addMonths, monthGrid, weekdayLabels } from './calendar';

describe('reservation calendar', () => {
  it('lays a month out in Monday-to-Sunday weeks', () => {
    // November 2026 starts on a Sunday: the first week is 26 Oct – 1 Nov.
    const weeks = monthGrid('2026-11');
    expect(weeks[0]?.map((d) => d.iso)).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    expect(weeks[0]?.[6]?.isInMonth).toBe(true);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat().filter((d) => d.isInMonth)).toHaveLength(30);
  });

  it('names the weekdays Monday first in ko, ja and en', () => {
    expect(weekdayLabels('ko')[0]).toBe('월');
    expect(weekdayLabels('ja')[6]).toBe('日');
    expect(weekdayLabels('en')[0]).toBe('Mon');
  });

  it('moves across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
  });
});

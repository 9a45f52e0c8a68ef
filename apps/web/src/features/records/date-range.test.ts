import { describe, expect, it } from 'vitest';
import {
  addMonths,
  checkRange,
  isInRange,
  monthGrid,
  pickDay,
  rangeFromParams,
} from './date-range';

describe('date-range search', () => {
  it('refuses a search with only the start chosen (spec 5)', () => {
    expect(checkRange({ start: '2026-03-02', end: null })).toEqual({
      isComplete: false,
      code: 'DATE_RANGE_INCOMPLETE',
    });
    expect(checkRange({ start: null, end: null })).toEqual({
      isComplete: false,
      code: 'DATE_RANGE_INCOMPLETE',
    });
  });

  it('searches once both dates are chosen', () => {
    expect(checkRange({ start: '2026-03-02', end: '2026-04-10' })).toEqual({
      isComplete: true,
      range: { from: '2026-03-02', to: '2026-04-10' },
    });
  });

  it('takes taps as start, end, then starts over; an earlier second day becomes the start', () => {
    let draft = pickDay({ start: null, end: null }, '2026-03-10');
    expect(draft).toEqual({ start: '2026-03-10', end: null });
    draft = pickDay(draft, '2026-03-04');
    expect(draft).toEqual({ start: '2026-03-04', end: '2026-03-10' });
    expect(isInRange('2026-03-07', draft)).toBe(true);
    expect(isInRange('2026-03-11', draft)).toBe(false);
    draft = pickDay(draft, '2026-05-01');
    expect(draft).toEqual({ start: '2026-05-01', end: null });
  });

  it('reads the filter from the URL only when both dates are real dates', () => {
    expect(rangeFromParams(new URLSearchParams('from=2026-01-01&to=2026-01-31'))).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(rangeFromParams(new URLSearchParams('from=2026-01-01'))).toBeNull();
    expect(rangeFromParams(new URLSearchParams('from=2026-02-30&to=2026-03-01'))).toBeNull();
    expect(rangeFromParams(new URLSearchParams('from=2026-02-10&to=2026-02-01'))).toEqual({
      from: '2026-02-01',
      to: '2026-02-10',
    });
  });

  it('lays out six Sunday-first weeks around the month, across year ends', () => {
    const weeks = monthGrid('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]![0]).toBe('2026-11-01'); // a Sunday
    expect(weeks[5]![6]).toBe('2026-12-12');
    expect(monthGrid('2027-01')[0]![0]).toBe('2026-12-27');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});

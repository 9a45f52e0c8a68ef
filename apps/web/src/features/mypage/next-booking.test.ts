import { describe, expect, it } from 'vitest';
import { bookingWhen, daysUntil } from './next-booking';

const tokyo = { date: '2031-05-20', time_zone: 'Asia/Tokyo', starts_at: '2031-05-20T04:30:00Z' };

describe('daysUntil', () => {
  it("counts calendar days on the salon's clock, not the device's or UTC's", () => {
    // 15:30 UTC on 19 May is already 00:30 on 20 May in Tokyo: the booking is today.
    expect(daysUntil(tokyo, new Date('2031-05-19T15:30:00Z'))).toBe(0);
    // 14:59 UTC on 19 May is still 23:59 on 19 May in Tokyo: tomorrow.
    expect(daysUntil(tokyo, new Date('2031-05-19T14:59:00Z'))).toBe(1);
    expect(daysUntil(tokyo, new Date('2031-05-10T03:00:00Z'))).toBe(10);
  });

  it('crosses month and year ends', () => {
    const newYear = { date: '2032-01-02', time_zone: 'Asia/Seoul' };
    expect(daysUntil(newYear, new Date('2031-12-30T12:00:00Z'))).toBe(3);
  });
});

describe('bookingWhen', () => {
  it("writes the salon's wall-clock date and time in the reader's language", () => {
    const now = new Date('2031-05-01T00:00:00Z');
    const ja = bookingWhen(tokyo, 'ja', now);
    expect(ja.date).toBe('5月20日(火)');
    expect(ja.time).toBe('13:30');
    const en = bookingWhen(tokyo, 'en', now);
    expect(en.date).toBe('Tue, May 20');
    expect(en.time).toBe('1:30 PM');
    const ko = bookingWhen(tokyo, 'ko', now);
    expect(ko.date).toContain('5월 20일');
    expect(ko.time).toContain('1:30');
  });

  it("names the year only when it is not the salon's current one", () => {
    expect(bookingWhen(tokyo, 'ja', new Date('2030-12-01T00:00:00Z')).date).toBe(
      '2031年5月20日(火)',
    );
  });

  it('keeps a late-evening start on its own day in Seoul', () => {
    // 23:30 in Seoul is 14:30 UTC: the day must not be read in another zone.
    const seoul = {
      date: '2031-03-01',
      time_zone: 'Asia/Seoul',
      starts_at: '2031-03-01T14:30:00Z',
    };
    expect(bookingWhen(seoul, 'en', new Date('2031-02-01T00:00:00Z'))).toEqual({
      date: 'Sat, Mar 1',
      time: '11:30 PM',
    });
  });
});

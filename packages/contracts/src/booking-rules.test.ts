import { describe, expect, it } from 'vitest';
import {
  addDays,
  datesFromTo,
  daysBetween,
  formatClock,
  isIsoDate,
  isoWeekdayOf,
  parseClock,
  requestNoteAsksTimeChange,
  todayIn,
  weekOf,
  zonedDayRange,
  zonedInstantOf,
  zonedMomentOf,
} from './booking-rules.js';
import { addBooking, MenuIdsSchema } from './endpoints/booking.js';

describe('calendar dates', () => {
  it('validates, steps and counts dates across months and leap years', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-22', '2027-02-20')).toBe(90);
    expect(datesFromTo('2026-11-29', '2026-12-02')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(datesFromTo('2026-12-02', '2026-11-29')).toEqual([]);
  });

  it('runs the week from Monday to Sunday (spec 9)', () => {
    expect(isoWeekdayOf('2026-11-23')).toBe(1);
    expect(isoWeekdayOf('2026-11-22')).toBe(7);
    expect(weekOf('2026-11-22')).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(weekOf('2026-11-23')[0]).toBe('2026-11-23');
  });

  it('parses and formats clock times', () => {
    expect(parseClock('09:30')).toBe(570);
    expect(parseClock('24:00')).toBeUndefined();
    expect(parseClock('9:30')).toBeUndefined();
    expect(formatClock(570)).toBe('09:30');
    expect(formatClock(1440)).toBe('24:00');
  });
});

describe('shop time zones', () => {
  it('puts a Seoul or Tokyo day between its local midnights (UTC+9, no DST)', () => {
    for (const zone of ['Asia/Seoul', 'Asia/Tokyo']) {
      const { start, end } = zonedDayRange('2026-11-22', zone);
      expect(start.toISOString()).toBe('2026-11-21T15:00:00.000Z');
      expect(end.toISOString()).toBe('2026-11-22T15:00:00.000Z');
      expect(zonedMomentOf(new Date('2026-11-21T14:59:59Z'), zone)).toMatchObject({
        date: '2026-11-21',
        minutes: 1439,
        weekday: 6,
      });
      expect(zonedMomentOf(new Date('2026-11-21T15:00:00Z'), zone)).toEqual({
        date: '2026-11-22',
        minutes: 0,
        weekday: 7,
      });
      expect(todayIn(zone, new Date('2026-11-21T15:30:00Z'))).toBe('2026-11-22');
    }
  });

  it('converts wall times in a DST zone too (skipped and repeated hours)', () => {
    // 2026-03-08 02:30 does not exist in New York: the later instant (03:30 EDT).
    expect(zonedInstantOf('2026-03-08', 150, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(zonedInstantOf('2026-07-01', 600, 'America/New_York').toISOString()).toBe(
      '2026-07-01T14:00:00.000Z',
    );
    const { start, end } = zonedDayRange('2026-03-08', 'America/New_York');
    expect(end.getTime() - start.getTime()).toBe(23 * 3_600_000);
  });
});

describe('request note rule (spec 5)', () => {
  it.each([
    '시간 변경 부탁드려요',
    '3시로 바꿔주세요',
    '예약 시간을 조정해 주세요',
    '조금 늦게 가도 될까요?',
    '오후 4시로 변경 가능할까요',
    'Could you move my appointment to 4pm?',
    'Please reschedule',
    'I will arrive 15 minutes late',
    'Any earlier time possible?',
    'change the time to 3pm please',
    'Can you push it back an hour?',
    '時間を変更してください',
    '15時に変更お願いします',
    '予約をずらしてほしい',
    '少し遅れて伺います',
    '예약 시간을 30분 당겨 주세요',
    '한 시간 정도 늦게 해 주세요',
    '予約を30分遅らせてください',
    '1時間ほど早めにできますか',
  ])('refuses %s', (note) => {
    expect(requestNoteAsksTimeChange(note)).toBe(true);
  });

  it.each([
    '짧게 잘라 주세요',
    '앞머리는 길게 남겨 주세요',
    '염색 알레르기가 있어요',
    '처음 방문입니다',
    'I am allergic to ammonia',
    'Please keep the length',
    'Please push the hair back, no fringe',
    'Could you change the colour to a darker brown?',
    'It is my first time',
    '前髪は長めにお願いします',
    'カラーは明るめで',
    '30분 정도 두피 마사지 추가해 주세요',
    '1時間くらいで終わりますか',
  ])('accepts %s', (note) => {
    expect(requestNoteAsksTimeChange(note)).toBe(false);
  });
});

describe('booking request parsing', () => {
  it('reads menu ids from repeated fields, one field or a comma list', () => {
    expect(MenuIdsSchema.parse(['3', '1', '3'])).toEqual([3, 1]);
    expect(MenuIdsSchema.parse('4')).toEqual([4]);
    expect(MenuIdsSchema.parse('4, 5')).toEqual([4, 5]);
    expect(MenuIdsSchema.parse('')).toEqual([]);
    expect(MenuIdsSchema.safeParse('x').success).toBe(false);
    expect(MenuIdsSchema.safeParse('1,2,3,4,5,6,7,8,9,10,11').success).toBe(false);
  });

  it('counts a consent only when it is given', () => {
    const base = {
      shop_id: '1',
      designer_id: '2',
      date: '2026-12-01',
      time: '10:00',
      menu_ids: '1',
      booker_name: 'Kim',
      booker_phone: '010-1234-5678',
      idempotency_key: 'abcdefgh-1234',
    };
    const parse = (v: unknown) =>
      addBooking.request.parse({ ...base, agree_personal_info: v, agree_third_party: 'on' })
        .agree_personal_info;
    expect(parse('true')).toBe(true);
    expect(parse('1')).toBe(true);
    expect(parse('on')).toBe(true);
    expect(parse(true)).toBe(true);
    expect(parse('false')).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse(undefined)).toBe(false);
    expect(addBooking.request.safeParse({ ...base, idempotency_key: 'short' }).success).toBe(false);
    expect(addBooking.request.safeParse({ ...base, date: '2026-02-30' }).success).toBe(false);
  });
});

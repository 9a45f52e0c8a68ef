import { describe, expect, it } from 'vitest';
import { formatDate, formatPersonName, formatPrice } from './format.js';
import { errorMessage, interpolate } from './translate.js';
import { initialLocale, languageFromRequest } from './negotiate.js';

describe('formatPrice', () => {
  it('writes won as "{price}원" in Korean and yen as 円 in Japanese', () => {
    expect(formatPrice(35000, 'KRW', 'ko')).toBe('35,000원');
    expect(formatPrice(5500, 'JPY', 'ja')).toBe('5,500円');
    expect(formatPrice(35000, 'KRW', 'en')).toBe('₩35,000');
    expect(formatPrice(5500, 'JPY', 'en')).toBe('¥5,500');
  });
});

describe('formatDate', () => {
  it('uses the shop time zone, not UTC, for the calendar day', () => {
    const lateUtc = new Date('2026-03-01T16:30:00Z'); // 01:30 on 2 March in Seoul and Tokyo
    expect(formatDate(lateUtc, 'en', 'Asia/Seoul', { day: 'numeric', month: 'numeric' })).toBe(
      '3/2',
    );
    expect(formatDate(lateUtc, 'en', 'UTC', { day: 'numeric', month: 'numeric' })).toBe('3/1');
  });
});

describe('formatPersonName', () => {
  it('writes each name the way its language does', () => {
    expect(formatPersonName('김', '하늘', 'ko')).toBe('김하늘');
    expect(formatPersonName('田中', '花子', 'ja')).toBe('田中 花子');
    expect(formatPersonName('Kim', 'Haneul', 'en')).toBe('Haneul Kim');
  });
  it('keeps a Latin name given-first and an East Asian name family-first in every language', () => {
    expect(formatPersonName('Kim', 'Minji', 'ko')).toBe('Minji Kim');
    expect(formatPersonName('Smith', 'Anna', 'ja')).toBe('Anna Smith');
    expect(formatPersonName('山田', '花子', 'en')).toBe('山田 花子');
    expect(formatPersonName('박', '서연', 'en')).toBe('박 서연');
    expect(formatPersonName('山田', '花子', 'ko')).toBe('山田 花子');
  });
  it('trims, and does without an empty part', () => {
    expect(formatPersonName('  長谷川 ', ' 明日香', 'ja')).toBe('長谷川 明日香');
    expect(formatPersonName('', 'Haneul', 'en')).toBe('Haneul');
  });
});

describe('initialLocale', () => {
  it('selects jp and ja for a Japanese browser on first visit', () => {
    expect(initialLocale(['ja-JP', 'en'])).toEqual({ language: 'ja', server: 'jp' });
  });
  it('selects kr and ko for any other browser language', () => {
    expect(initialLocale(['en-US'])).toEqual({ language: 'ko', server: 'kr' });
    expect(initialLocale([])).toEqual({ language: 'ko', server: 'kr' });
  });
  it('lets a stored choice win', () => {
    expect(initialLocale(['ja-JP'], { language: 'en', server: 'kr' })).toEqual({
      language: 'en',
      server: 'kr',
    });
    expect(initialLocale(['en'], { language: 'ja' })).toEqual({ language: 'ja', server: 'jp' });
    expect(initialLocale(['ja'], { language: 'xx', server: 'zz' })).toEqual({
      language: 'ja',
      server: 'jp',
    });
  });
});

describe('languageFromRequest', () => {
  it('takes the first supported Accept-Language, else the server language', () => {
    expect(languageFromRequest('fr-FR, ja;q=0.8', 'kr')).toBe('ja');
    expect(languageFromRequest('fr-FR', 'jp')).toBe('ja');
    expect(languageFromRequest(undefined, 'kr')).toBe('ko');
    expect(languageFromRequest(undefined)).toBe('ko');
  });
});

describe('errorMessage', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(errorMessage('PHONE_FORMAT', 'en', { format: '01X-XXXX-XXXX' })).toBe(
      'Please enter the format 01X-XXXX-XXXX.',
    );
    expect(interpolate('{{a}} {{b}}', { a: 1 })).toBe('1 {{b}}');
  });
});

import type { Currency, Language, Server } from '@carol/contracts';

const localeTag: Record<Language, string> = { ko: 'ko-KR', en: 'en-US', ja: 'ja-JP' };

/**
 * Intl formatters are costly to build (locale data is resolved each time) and cheap to reuse: a
 * list of 30 prices built 30 of them on every render, the largest script cost of the home page
 * after React on a phone. One per language, and per language, zone and options.
 */
const numberFormats = new Map<Language, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(language: Language): Intl.NumberFormat {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeTag[language]);
    numberFormats.set(language, format);
  }
  return format;
}

function dateFormat(
  language: Language,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTag[language], { timeZone, ...options });
    // A bound on the cache; callers use a handful of option sets.
    if (dateFormats.size >= 200) dateFormats.clear();
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * Prices are integers in the currency's minor unit (KRW and JPY have none).
 * Korean shows "{price}원" (spec section 9), Japanese "{price}円", English the ISO symbol.
 */
export function formatPrice(amount: number, currency: Currency, language: Language): string {
  const digits = numberFormat(language).format(amount);
  if (currency === 'KRW') {
    if (language === 'ko') return `${digits}원`;
    if (language === 'ja') return `${digits}ウォン`;
    return `₩${digits}`;
  }
  if (language === 'ja') return `${digits}円`;
  if (language === 'ko') return `${digits}엔`;
  return `¥${digits}`;
}

export const timeZoneOf: Record<Server, string> = { kr: 'Asia/Seoul', jp: 'Asia/Tokyo' };
export const currencyOf: Record<Server, Currency> = { kr: 'KRW', jp: 'JPY' };

/** A calendar date (and optional time) in a given IANA zone, in the reader's language. */
export function formatDate(
  date: Date,
  language: Language,
  timeZone: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return dateFormat(language, timeZone, options).format(date);
}

const hangul = /^[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]+$/;
const latin = /^[\p{Script=Latin}\s'.-]+$/u;

/**
 * A member's name as each language writes it: 김하늘 (Hangul names run together), 田中 花子
 * (family first, a space), Haneul Kim (given first). A name in Latin letters keeps the given
 * name first in every language; a Korean or Japanese name keeps the family name first in English.
 */
export function formatPersonName(family: string, given: string, language: Language): string {
  const f = family.trim();
  const g = given.trim();
  if (!f || !g) return f || g;
  if (latin.test(f) && latin.test(g)) return `${g} ${f}`;
  if (language === 'ko' && hangul.test(f) && hangul.test(g)) return `${f}${g}`;
  return `${f} ${g}`;
}

export function localeOf(language: Language): string {
  return localeTag[language];
}

import type { Currency, Language, Server } from '@carol/contracts';

const localeTag: Record<Language, string> = { ko: 'ko-KR', en: 'en-US', ja: 'ja-JP' };

/**
 * Prices are integers in the currency's minor unit (KRW and JPY have none).
 * Korean shows "{price}원" (spec section 9), Japanese "{price}円", English the ISO symbol.
 */
export function formatPrice(amount: number, currency: Currency, language: Language): string {
  const digits = new Intl.NumberFormat(localeTag[language]).format(amount);
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
  return new Intl.DateTimeFormat(localeTag[language], { timeZone, ...options }).format(date);
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

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

export function localeOf(language: Language): string {
  return localeTag[language];
}

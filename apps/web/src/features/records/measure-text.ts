import { useTranslation } from 'react-i18next';
import type { Language, ScalpMeasure } from '@carol/contracts';
import { formatDate, localeOf } from '@carol/i18n/client';
import { formatMeasureValue } from './measure-math';

/** A "YYYY-MM-DD" salon-local date as the language writes it (the year only when not this year). */
export function formatLocalDate(date: string, language: Language, withWeekday = false): string {
  const at = new Date(`${date}T00:00:00Z`);
  const thisYear = new Date().getUTCFullYear() === at.getUTCFullYear();
  return formatDate(at, language, 'UTC', {
    ...(thisYear ? {} : { year: 'numeric' }),
    month: 'short',
    day: 'numeric',
    ...(withWeekday ? { weekday: 'short' } : {}),
  });
}

/** Localized measure names, units, values and normal ranges. */
export function useMeasureText() {
  const { t, i18n } = useTranslation('records');
  const language = i18n.language as Language;
  const locale = localeOf(language);
  const units = t('unit', { returnObjects: true }) as Record<string, string>;
  const unit = (raw: string) => units[raw] ?? raw;
  const value = (n: number) => formatMeasureValue(n, locale);
  const name = (key: ScalpMeasure['key']) => t(`measure.${key}`);
  const range = (min: number | null, max: number | null, rawUnit: string) => {
    const u = unit(rawUnit);
    if (min !== null && max !== null)
      return `${t('scalp.range', { min: value(min), max: value(max) })} ${u}`;
    if (min !== null) return `${t('scalp.rangeMin', { min: `${value(min)} ${u}` })}`;
    if (max !== null) return `${t('scalp.rangeMax', { max: `${value(max)} ${u}` })}`;
    return t('scalp.noRange');
  };
  return { unit, value, name, range, language };
}

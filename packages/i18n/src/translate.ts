import type { ClientErrorCode, ErrorCode, Language } from '@carol/contracts';
import { catalogs } from './catalog.js';

/** Fills `{{name}}` placeholders, the i18next syntax the web app also uses. */
export function interpolate(
  template: string,
  values: Record<string, string | number> = {},
): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole,
  );
}

export function errorMessage(
  code: ErrorCode | ClientErrorCode,
  language: Language,
  values?: Record<string, string | number>,
): string {
  return interpolate(catalogs[language].errors[code], values);
}

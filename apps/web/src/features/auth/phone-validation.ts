import { parsePhone, type Language, type Server } from '@carol/contracts';
import { errorMessage } from '../../lib/i18n/i18n';

/**
 * The phone rule of spec 5 as you type, with the server's messages: PHONE_DIGITS_ONLY for
 * anything but digits and hyphens, PHONE_FORMAT naming the market's format otherwise.
 */
export function phoneFieldError(value: string, server: Server, language: Language): string | null {
  const check = parsePhone(value, server);
  return check.ok ? null : errorMessage(check.code, language, { format: check.format });
}

/** Only digits, at most 6: what the code box keeps of what is typed or pasted. */
export function codeInput(value: string): string {
  return value.normalize('NFKC').replace(/\D/g, '').slice(0, 6);
}

/** 179 → "02:59" (mm:ss, the countdown in the code box). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

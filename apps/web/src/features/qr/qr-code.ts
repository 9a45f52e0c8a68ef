import { normalizeQrCode, type Language } from '@carol/contracts';
import { formatPersonName } from '@carol/i18n/client';

/**
 * What a scan or a typed entry holds, as the canonical code: the mirror's QR carries a link to
 * /mypage/qrcodescanner?code=..., people type the grouped code in any case. Null otherwise.
 */
export function parseScannedCode(text: string): string | null {
  return normalizeQrCode(text);
}

/** `1:05` for a countdown (whole seconds, never negative). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** How each language writes a person's name: 김하늘 / 田中 花子 / Haneul Kim. */
export function personName(language: Language, family: string, given: string): string {
  return formatPersonName(family, given, language);
}

import { EmailSchema, PasswordSchema } from '@carol/contracts';
import { errorMessage } from '../../lib/i18n/i18n';
import type { Language } from '@carol/contracts';

/** Field checks as you type, with the same rules (and the spec's messages) as the server. */
export function emailError(value: string, invalidMessage: string): string | null {
  return EmailSchema.safeParse(value).success ? null : invalidMessage;
}

export function newPasswordError(value: string, language: Language): string | null {
  return PasswordSchema.safeParse(value).success ? null : errorMessage('PASSWORD_FORMAT', language);
}

export function nameError(value: string, language: Language): string | null {
  return value.trim().length > 0 ? null : errorMessage('NAME_REQUIRED', language);
}

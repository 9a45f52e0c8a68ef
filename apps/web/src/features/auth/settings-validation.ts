import {
  PasswordSchema,
  withdrawPhrases,
  withdrawReasonValues,
  type Language,
  type WithdrawReason,
} from '@carol/contracts';
import { errorMessage } from '../../lib/i18n/i18n';

export type WithdrawField = 'reason' | 'agree' | 'phrase' | 'password';

export interface WithdrawValues {
  reason: WithdrawReason | '';
  agree: boolean;
  phrase: string;
  password: string;
}

export interface WithdrawMessages {
  reasonRequired: string;
  agreeRequired: string;
  phraseMismatch: string;
  passwordRequired: string;
}

export function isWithdrawReason(value: string): value is WithdrawReason {
  return (withdrawReasonValues as readonly string[]).includes(value);
}

/**
 * The withdrawal form's checks, the same as the server's (contracts): a reason from the fixed
 * list, the agreement, the phrase of the UI language exactly (trimmed, as the server trims),
 * and the password when the member has one.
 */
export function withdrawErrors(
  values: WithdrawValues,
  language: Language,
  hasPassword: boolean,
  messages: WithdrawMessages,
): Record<WithdrawField, string | null> {
  return {
    reason: isWithdrawReason(values.reason) ? null : messages.reasonRequired,
    agree: values.agree ? null : messages.agreeRequired,
    phrase: values.phrase.trim() === withdrawPhrases[language] ? null : messages.phraseMismatch,
    password: !hasPassword || values.password.length > 0 ? null : messages.passwordRequired,
  };
}

export function confirmError(password: string, confirm: string, message: string): string | null {
  return password === confirm ? null : message;
}

export function passwordRuleError(value: string, language: Language): string | null {
  return PasswordSchema.safeParse(value).success ? null : errorMessage('PASSWORD_FORMAT', language);
}

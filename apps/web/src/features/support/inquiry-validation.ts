import type { TFunction } from 'i18next';
import { sendInquiry, textRuleCode, type RequestOf } from '@carol/contracts';

export type InquiryKind = 'general' | 'partnership';
export type InquiryField = 'name' | 'email' | 'company' | 'title' | 'message';
export type InquiryValues = Record<InquiryField, string>;
export type InquiryErrors = Partial<Record<InquiryField | 'consent', string>>;

export const inquiryFields: readonly InquiryField[] = [
  'name',
  'email',
  'company',
  'title',
  'message',
];

/** Limits shown as counters; they mirror the contract so the counter never disagrees with it. */
export const inquiryMaxLength: Record<InquiryField, number> = {
  name: 60,
  email: 254,
  company: 100,
  title: 120,
  message: 4000,
};

export const emptyInquiry: InquiryValues = {
  name: '',
  email: '',
  company: '',
  title: '',
  message: '',
};

function isInquiryField(value: unknown): value is InquiryField {
  return typeof value === 'string' && (inquiryFields as readonly string[]).includes(value);
}

/**
 * Validates with the contract's own zod schema (the server runs the same one) and turns zod
 * issues into localized, field-level messages.
 */
export function validateInquiry(
  kind: InquiryKind,
  values: InquiryValues,
  hasConsent: boolean,
  t: TFunction<'support'>,
): { data: RequestOf<typeof sendInquiry> | null; errors: InquiryErrors } {
  const input = {
    kind,
    name: values.name,
    email: values.email,
    company: kind === 'partnership' && values.company.trim() !== '' ? values.company : undefined,
    title: values.title,
    message: values.message,
  };
  const result = sendInquiry.request.safeParse(input);
  const errors: InquiryErrors = {};

  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (!isInquiryField(field) || errors[field]) continue;
      const label = t(`fields.${field}`);
      if (values[field].trim() === '') {
        errors[field] = t('fieldErrors.required', { field: label });
      } else if (issue.message === textRuleCode) {
        errors[field] = t('fieldErrors.invalidCharacters');
      } else if (field === 'email' && issue.code !== 'too_big') {
        errors[field] = t('fieldErrors.email');
      } else if (issue.code === 'too_small') {
        errors[field] = t('fieldErrors.tooShort', { min: Number(issue.minimum) });
      } else if (issue.code === 'too_big') {
        errors[field] = t('fieldErrors.tooLong', { max: Number(issue.maximum) });
      } else {
        errors[field] = t('fieldErrors.required', { field: label });
      }
    }
  }
  if (!hasConsent) errors.consent = t('fieldErrors.consent');

  const isValid = result.success && Object.keys(errors).length === 0;
  return { data: isValid ? input : null, errors };
}

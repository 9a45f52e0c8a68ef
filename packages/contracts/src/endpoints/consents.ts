import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import type { Server } from '../common.js';
import type { ErrorCode } from '../errors.js';

// Sign-up consents (docs/decisions/025-sign-up-consents-and-welcome.md): what each
// market's sign-up asks, which items are required, and the versions a member agrees to.

/** A consent checkbox from form-data: only "true", "1", "on" (an HTML checkbox) or true count as given. */
export const ConsentSchema = z
  .union([z.string().max(10), z.boolean()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/**
 * The items a sign-up can ask for: terms of service, collection and use of personal
 * information, age 14 or over (Korea's PIPA art. 22-2) and marketing by e-mail and SMS.
 */
export const consentItemValues = ['terms', 'privacy', 'age', 'marketing'] as const;
export type ConsentItem = (typeof consentItemValues)[number];

/**
 * The version of the text each item agrees to: the effective date of the terms and privacy
 * policy shown under /terms and /privacy (the web's companyInfo.policyEffectiveDate). A new
 * text gets a new version; the records keep the version that was agreed to.
 */
export const consentVersions = {
  terms: '2026-01-01',
  privacy: '2026-01-01',
  age: '2026-01-01',
  marketing: '2026-01-01',
} as const satisfies Record<ConsentItem, string>;

/** The form field of each item (sign-up requests, the web's checkboxes). */
export const consentFields = {
  terms: 'agree_terms',
  privacy: 'agree_privacy',
  age: 'agree_age',
  marketing: 'agree_marketing',
} as const satisfies Record<ConsentItem, string>;
export type ConsentField = (typeof consentFields)[ConsentItem];

/** The field message of a required item left unchecked. */
export const consentMissingCodes = {
  terms: 'TERMS_CONSENT_REQUIRED',
  privacy: 'PRIVACY_CONSENT_REQUIRED',
  age: 'AGE_CONSENT_REQUIRED',
} as const satisfies Record<Exclude<ConsentItem, 'marketing'>, ErrorCode>;

export interface SignUpConsentItem {
  item: ConsentItem;
  isRequired: boolean;
}

/**
 * What each market's sign-up shows, in order. Korea: the PIPA-style list every Korean app has
 * (terms, collection and use, 14 or over, optional marketing). Japan: terms and the privacy
 * policy, as Hot Pepper Beauty and other Japanese services ask, with the optional newsletter;
 * Japanese law sets no age for consent, so there is no age item (ADR 025).
 */
export const signUpConsentItems = {
  kr: [
    { item: 'terms', isRequired: true },
    { item: 'privacy', isRequired: true },
    { item: 'age', isRequired: true },
    { item: 'marketing', isRequired: false },
  ],
  jp: [
    { item: 'terms', isRequired: true },
    { item: 'privacy', isRequired: true },
    { item: 'marketing', isRequired: false },
  ],
} as const satisfies Record<Server, readonly SignUpConsentItem[]>;

/** The consent checkboxes every sign-up request carries (each optional: unchecked is false). */
export const SignUpConsentFieldsSchema = z.object({
  agree_terms: ConsentSchema,
  agree_privacy: ConsentSchema,
  agree_age: ConsentSchema,
  agree_marketing: ConsentSchema,
});
export type SignUpConsentFields = z.output<typeof SignUpConsentFieldsSchema>;

/**
 * The market's consent rule as a zod schema: every required item must be `true`, with its own
 * message code. Server and web check the same rule with it.
 */
export function signUpConsentSchema(server: Server) {
  const shape: Record<string, z.ZodType> = {};
  const items: readonly SignUpConsentItem[] = signUpConsentItems[server];
  for (const { item, isRequired } of items) {
    if (isRequired && item in consentMissingCodes) {
      const code = consentMissingCodes[item as keyof typeof consentMissingCodes];
      shape[consentFields[item]] = z.literal(true, code);
    }
  }
  return z.object(shape);
}

/** The required items left unchecked, as field + message code (empty when all are given). */
export function missingSignUpConsents(
  server: Server,
  values: Partial<Record<ConsentField, boolean>>,
): Array<{ field: ConsentField; code: ErrorCode }> {
  const parsed = signUpConsentSchema(server).safeParse(values);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    field: String(issue.path[0]) as ConsentField,
    code: issue.message as ErrorCode,
  }));
}

/** The latest record of one item for the signed-in member. */
export const ConsentRecordSchema = z.object({
  item: z.enum(consentItemValues),
  version: z.string(),
  agreed: z.boolean(),
  /** ISO time the choice was recorded (sign-up or a later change). */
  recorded_at: z.string(),
});
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>;

export const getConsents = defineEndpoint({
  base: 'main',
  path: '/carol/account/get_consents',
  summary: "The signed-in member's consents: the latest choice per item, version and time",
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({}),
  response: z.object({ consents: z.array(ConsentRecordSchema) }),
});

/** Marketing information by e-mail and SMS: optional at sign-up, changeable in settings. */
export const setMarketingConsent = defineEndpoint({
  base: 'main',
  path: '/carol/account/set_marketing_consent',
  summary: 'Opt in to or out of marketing by e-mail and SMS (recorded with version and time)',
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({ agree: ConsentSchema }),
  response: z.object({ consent: ConsentRecordSchema }),
});

import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import type { Server } from '../common.js';
import { SignedInSchema } from './auth.js';

// --- phone numbers (spec section 5) ----------------------------------------------------------

/** The format each market's message names (PHONE_FORMAT's `{{format}}`). */
export const phoneFormats = {
  kr: '01X-XXXX-XXXX',
  jp: '0X0-XXXX-XXXX',
} as const satisfies Record<Server, string>;

/**
 * Mobile numbers per market, on the digits alone:
 * - kr: 010 + 8 digits; the older 011/016/017/018/019 numbers also exist with a 3-digit middle
 *   part (011-234-5678), so they take 7 or 8 digits after the prefix.
 * - jp: 070/080/090 + 8 digits.
 */
const mobileDigits: Record<Server, RegExp> = {
  kr: /^(?:010\d{8}|01[16789]\d{7,8})$/,
  jp: /^0[789]0\d{8}$/,
};

export type PhoneCheck =
  | { ok: true; phone: string }
  | { ok: false; code: 'PHONE_DIGITS_ONLY' | 'PHONE_FORMAT'; format: string };

/**
 * Checks a typed phone number and returns its canonical form: digits grouped with hyphens as
 * displayed (010-1234-5678, 011-234-5678, 090-1234-5678), the form members.phone stores.
 * Full-width digits and hyphens (Japanese keyboards) are folded first; hyphens and spaces
 * between groups are accepted anywhere; anything else is PHONE_DIGITS_ONLY.
 */
export function parsePhone(raw: string, server: Server): PhoneCheck {
  const format = phoneFormats[server];
  const folded = raw.normalize('NFKC').trim();
  if (!/^[0-9\- ]*$/.test(folded)) return { ok: false, code: 'PHONE_DIGITS_ONLY', format };
  const digits = folded.replace(/[- ]/g, '');
  if (!mobileDigits[server].test(digits)) return { ok: false, code: 'PHONE_FORMAT', format };
  const middle = digits.length - 7;
  return {
    ok: true,
    phone: `${digits.slice(0, 3)}-${digits.slice(3, 3 + middle)}-${digits.slice(3 + middle)}`,
  };
}

/** The raw field; the market-dependent rule runs in the handler (it needs `server`). */
export const TelSchema = z.string().max(40);

/** The 6-digit code of an SMS (phone PIN sign-in, phone verification). */
export const SmsCodeSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, 'CODE_INVALID');

/** Spec section 9 style constants of the phone flows (the server enforces them). */
export const phoneCodeLimits = {
  codeTtlSeconds: 180,
  resendAfterSeconds: 60,
  maxWrongAttempts: 5,
  sendsPerNumberPerHour: 5,
} as const;

const CodeSentSchema = z.object({
  /** Seconds the code stays valid, for the countdown. */
  expires_in: z.number().int(),
  /** Seconds before another code can be requested, for the resend button. */
  resend_after: z.number().int(),
});

// --- phone PIN sign-in (main base) -----------------------------------------------------------

/**
 * Sends a sign-in code by SMS. The answer is the same for every well-formed number: only a
 * member eligible for phone sign-in (joined through a smart mirror before 2024) gets a code
 * (docs/decisions/009-phone-pin-sign-in.md).
 */
export const sendSmsForSimpleLogin = defineEndpoint({
  base: 'main',
  path: '/userapi/login/send_sms_for_simple_login',
  summary: 'Phone PIN sign-in: send a 6-digit code (3 minutes) by SMS to an eligible number',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({ tel: TelSchema }),
  response: CodeSentSchema.extend({ send_result: z.literal('sent') }),
});

/** Signs in a member whose phone is verified; PHONE_NOT_VERIFIED → use activate_with_tel. */
export const simpleLogin = defineEndpoint({
  base: 'main',
  path: '/userapi/login/simple_login',
  summary: 'Phone PIN sign-in with the SMS code (sets a new session cookie)',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({ tel: TelSchema, code: SmsCodeSchema }),
  response: SignedInSchema,
});

/** First phone sign-in of a smart-mirror member: the code verifies the phone, then signs in. */
export const activateWithTel = defineEndpoint({
  base: 'main',
  path: '/userapi/registration/activate_with_tel',
  summary: "Phone PIN sign-in that first verifies the member's phone (first sign-in)",
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({ tel: TelSchema, code: SmsCodeSchema }),
  response: SignedInSchema,
});

// --- phone create / change for signed-in members (shop base, spec 7) -------------------------

/** Spec 7: on the shop host these answer `data.result` and `data.message`. */
const ShopResultSchema = z.object({
  result: z.literal('success'),
  /** A localized sentence the screen can show as it is. */
  message: z.string(),
});

export const sendVerificationCode = defineEndpoint({
  base: 'shop',
  path: '/carol/mypage/send_verification_code',
  summary: 'Send a 6-digit code to a new phone number for the signed-in member (re-auth first)',
  tag: 'account',
  access: 'member',
  envelope: 'shop',
  request: z.object({
    tel: TelSchema,
    /** Required when the member has a password (re-authentication). */
    password: z.string().max(128).optional(),
  }),
  response: z.object({ data: ShopResultSchema.extend(CodeSentSchema.shape) }),
});

export const checkVerificationCode = defineEndpoint({
  base: 'shop',
  path: '/carol/mypage/check_verification_code',
  summary: "Check the code and save the number as the signed-in member's verified phone",
  tag: 'account',
  access: 'member',
  envelope: 'shop',
  request: z.object({ tel: TelSchema, code: SmsCodeSchema }),
  response: z.object({ data: ShopResultSchema.extend({ phone: z.string() }) }),
});

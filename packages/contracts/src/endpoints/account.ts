import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { languageValues, serverValues } from '../common.js';
import { PasswordSchema } from './auth.js';
import { LinkedIdentitySchema } from './oidc.js';

/**
 * Asked before every navigation while logged in (spec section 2). Answers whether the signed-in
 * member `user_id` still exists. It never reveals whether some other id exists: without a
 * session, or for an id that is not the caller's, the answer is `user_exists: false`.
 */
export const userCheck = defineEndpoint({
  base: 'main',
  path: '/carol/account/user_check',
  summary: 'Does the signed-in member still exist?',
  tag: 'account',
  access: 'public',
  envelope: 'main',
  request: z.object({ user_id: z.coerce.number().int().positive() }),
  response: z.object({ user_exists: z.boolean() }),
});

// --- account settings (the signed-in member only; never an id from the request) --------------

/** Reasons offered on the withdrawal screen (spec 4); labels live in i18n `settings`. */
export const withdrawReasonValues = [
  'rarely_used',
  'not_useful',
  'privacy_concern',
  'other_service',
  'other',
] as const;
export type WithdrawReason = (typeof withdrawReasonValues)[number];

/**
 * The phrase a member types to confirm withdrawal, per UI language. Server and web both read it
 * from here; the server checks it against the request's language exactly.
 */
export const withdrawPhrases = {
  ko: '탈퇴합니다',
  en: 'delete my account',
  ja: '退会します',
} as const satisfies Record<(typeof languageValues)[number], string>;

const AccountNameSchema = z.string().trim().min(1, 'NAME_REQUIRED').max(50, 'NAME_REQUIRED');

export const getUserInfo = defineEndpoint({
  base: 'main',
  path: '/carol/account/get_user_info',
  summary: "The signed-in member's account settings (phone masked)",
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({}),
  response: z.object({
    user: z.object({
      email: z.string(),
      family_name: z.string(),
      given_name: z.string(),
      phone: z.string(),
      phone_verified: z.boolean(),
      has_password: z.boolean(),
      language: z.enum(languageValues),
      server: z.enum(serverValues),
      joined_via: z.enum(['app', 'smart_mirror']),
      /** Linked Google / Apple accounts (settings, connect / disconnect). */
      identities: z.array(LinkedIdentitySchema),
    }),
  }),
});

export const changeName = defineEndpoint({
  base: 'main',
  path: '/carol/account/change_name',
  summary: "Change the signed-in member's family and given name",
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({ family_name: AccountNameSchema, given_name: AccountNameSchema }),
  response: z.object({ family_name: z.string(), given_name: z.string() }),
});

export const changePassword = defineEndpoint({
  base: 'main',
  path: '/carol/account/change_password',
  summary: 'Change the password (current one required); every session ends, log in again',
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({
    current_password: z.string().min(1, 'WRONG_CREDENTIALS').max(128, 'WRONG_CREDENTIALS'),
    new_password: PasswordSchema,
  }),
  response: z.object({}),
});

export const createPassword = defineEndpoint({
  base: 'main',
  path: '/carol/account/create_password',
  summary: 'Set a first password (members without one); every session ends, log in again',
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({ new_password: PasswordSchema }),
  response: z.object({}),
});

export const deleteAccount = defineEndpoint({
  base: 'main',
  path: '/carol/account/delete',
  summary: 'Withdraw: reason, agreement, typed phrase (+ password if set); every session ends',
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({
    reason: z.enum(withdrawReasonValues, 'ACCOUNT_DELETION_FAILED'),
    // Form data carries strings: only the literal "true" is an agreement.
    agree: z.literal('true', 'ACCOUNT_DELETION_FAILED'),
    phrase: z.string().trim().min(1, 'ACCOUNT_DELETION_FAILED').max(100, 'ACCOUNT_DELETION_FAILED'),
    password: z.string().max(128, 'ACCOUNT_DELETION_FAILED').optional(),
  }),
  response: z.object({}),
});

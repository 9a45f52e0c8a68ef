import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { languageValues, limits, serverValues } from '../common.js';
import { SignUpConsentFieldsSchema } from './consents.js';

/**
 * Password rule of spec section 5: 8 to 12 characters, at least one lowercase letter, one
 * uppercase letter, one digit and one of `- _ !`, and nothing else. The message code travels
 * as the zod message so the server answers PASSWORD_FORMAT (see services/server app.ts).
 */
export const passwordPattern = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[-_!])[A-Za-z0-9_!-]{${limits.passwordMin},${limits.passwordMax}}$`,
);
export const PasswordSchema = z.string().regex(passwordPattern, 'PASSWORD_FORMAT');

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email())
  .pipe(z.string().max(254));

const NameSchema = z.string().trim().min(1, 'NAME_REQUIRED').max(50, 'NAME_REQUIRED');

/** E-mail link tokens: 32 random bytes, base64url (43 characters). */
export const LinkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'LINK_INVALID');

/** What the web needs after any sign-in (login, activation, phone PIN). */
export const SignedInSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  family_name: z.string(),
  given_name: z.string(),
  language: z.enum(languageValues),
  server: z.enum(serverValues),
});

/**
 * E-mail sign-up. Always answers success with the address: whether it is already registered is
 * never revealed (that address gets an "you already have an account" mail instead). The
 * market's required consents must be given (SIGNUP_CONSENT_REQUIRED with one field message per
 * missing item, checked before anything else happens); what was agreed is recorded.
 */
export const registerByEmail = defineEndpoint({
  base: 'main',
  path: '/userapi/registration/register',
  summary: 'Register by e-mail: creates a pending member and mails a one-time confirmation link',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({
    email: EmailSchema,
    password: PasswordSchema,
    family_name: NameSchema,
    given_name: NameSchema,
    ...SignUpConsentFieldsSchema.shape,
  }),
  response: z.object({ email: z.string() }),
});

export const getEmailInToken = defineEndpoint({
  base: 'main',
  path: '/userapi/registration/get_email_in_token',
  summary: 'The e-mail address a registration link was sent to (for the confirmation screen)',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({ token: LinkTokenSchema }),
  response: z.object({ email: z.string() }),
});

export const activateRegistration = defineEndpoint({
  base: 'main',
  path: '/userapi/registration/activate',
  summary: 'Confirm a registration link: the member becomes active and is signed in',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({ token: LinkTokenSchema }),
  response: SignedInSchema,
});

export const loginByEmail = defineEndpoint({
  base: 'main',
  path: '/userapi/login/login',
  summary: 'Sign in with e-mail and password (sets a new session cookie)',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  // No format rule on the password here: a wrong format is just a wrong password.
  request: z.object({
    email: EmailSchema,
    password: z.string().min(1).max(128),
  }),
  response: SignedInSchema,
});

export const logout = defineEndpoint({
  base: 'main',
  path: '/carol/account/logout',
  summary: 'End the current session and clear its cookie',
  tag: 'auth',
  access: 'member',
  envelope: 'main',
  request: z.object({}),
  response: z.object({}),
});

/** Never reveals whether the address is registered: same answer, a mail only if it is. */
export const requestPasswordReset = defineEndpoint({
  base: 'main',
  path: '/userapi/reset_password',
  summary: 'Mail a one-time password-reset link (30 minutes) if the address belongs to a member',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({ email: EmailSchema }),
  response: z.object({ email: z.string() }),
});

export const callResetPassword = defineEndpoint({
  base: 'main',
  path: '/carol/account/call_reset_password',
  summary: 'Set a new password with a reset link; every session of the member ends',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({ token: LinkTokenSchema, password: PasswordSchema }),
  response: z.object({}),
});

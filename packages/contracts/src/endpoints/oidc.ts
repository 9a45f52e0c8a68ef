import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { SignedInSchema } from './auth.js';
import { SignUpConsentFieldsSchema } from './consents.js';

/**
 * Identity constants of spec section 9 (OpenID Connect sign-in with Google / Apple). The
 * server uses the leeway; the web uses the rest with oidc-client-ts.
 */
export const oidcLimits = {
  tokenRequestTimeoutMs: 10_000,
  tokenRequestRetries: 3,
  popupTimeoutMs: 60_000,
  silentLoginLockMs: 5_000,
  /** A cached token counts as expired this much before its `exp`. */
  expiryMarginSeconds: 60,
  /** Session and transaction cookies. */
  cookieDays: 1,
  /** Clock leeway for `exp` / `iat` / `nbf` of the id token. */
  leewaySeconds: 60,
  scope: 'openid profile email',
} as const;

/** The sign-in buttons the app can show; `oidc` is any other account of the configured issuer. */
export const identityProviderValues = ['google', 'apple', 'oidc'] as const;
export type IdentityProvider = (typeof identityProviderValues)[number];
export const oidcButtonValues = ['google', 'apple'] as const;

/** A compact JWS (header.payload.signature); size-capped so hostile input stays cheap. */
const IdTokenSchema = z
  .string()
  .min(20, 'ID_TOKEN_INVALID')
  .max(8192, 'ID_TOKEN_INVALID')
  .regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, 'ID_TOKEN_INVALID');

/** The nonce the browser generated for this sign-in (base64url, 22–128 characters). */
const NonceSchema = z.string().regex(/^[\w-]{22,128}$/, 'ID_TOKEN_INVALID');

/** One external account linked to the signed-in member (settings "Linked accounts"). */
export const LinkedIdentitySchema = z.object({
  identity_id: z.number().int(),
  provider: z.enum(identityProviderValues),
  email: z.string(),
  linked_at: z.string(),
});
export type LinkedIdentity = z.infer<typeof LinkedIdentitySchema>;

export const getOidcConfig = defineEndpoint({
  base: 'main',
  path: '/userapi/oidc/config',
  summary: 'Runtime configuration of the external sign-in (issuer, client id, buttons)',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({}),
  response: z.object({
    enabled: z.boolean(),
    issuer: z.string(),
    client_id: z.string(),
    audience: z.string(),
    providers: z.array(z.enum(oidcButtonValues)),
  }),
});

/** How long a verified first sign-in waits for the consents before it must start over. */
export const oidcSignUpTtlSeconds = 30 * 60;

/** One-time sign-up token (32 random bytes, base64url); only its hash is stored. */
const SignUpTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'SIGN_UP_EXPIRED');

/**
 * A verified first sign-in with an account no member holds. No member exists yet: the consents
 * come first (docs/decisions/025-sign-up-consents-and-welcome.md). The names and e-mail are the
 * provider's, shown on the consent screen.
 */
export const OidcSignUpSchema = z.object({
  sign_up_token: z.string(),
  provider: z.enum(identityProviderValues),
  family_name: z.string(),
  given_name: z.string(),
  /** The provider's e-mail ('' when it gave none). */
  email: z.string(),
  /** Seconds the token stays usable. */
  expires_in: z.number().int(),
});
export type OidcSignUp = z.infer<typeof OidcSignUpSchema>;

/**
 * Sign in with the id token the browser received (authorization code + PKCE). The server
 * verifies it (issuer, audience, nonce used once, expiry, RS256 signature). A member keyed by
 * issuer + subject is signed in (`status: 'signed_in'`, `member`, session cookie set); an
 * unknown account gets `status: 'sign_up'` and a one-time token for oidc/sign_up, which
 * creates the member once the required consents are given.
 */
export const oidcLogin = defineEndpoint({
  base: 'main',
  path: '/userapi/oidc/login',
  summary: 'Sign in with a Google / Apple id token (OpenID Connect); sets a new session cookie',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({
    id_token: IdTokenSchema,
    nonce: NonceSchema,
    /** The button used; only a label when the subject does not say which provider it is. */
    provider: z.enum(oidcButtonValues).optional(),
  }),
  response: z.object({
    status: z.enum(['signed_in', 'sign_up']),
    member: SignedInSchema.optional(),
    sign_up: OidcSignUpSchema.optional(),
  }),
});

/**
 * The first sign-in's second step: the market's required consents for the verified account of
 * a sign-up token (used once, 30 minutes). Creates the member with its identity, records the
 * consents and signs in. SIGNUP_CONSENT_REQUIRED (field messages) leaves the token usable;
 * an unknown, used or expired token is SIGN_UP_EXPIRED.
 */
export const oidcSignUp = defineEndpoint({
  base: 'main',
  path: '/userapi/oidc/sign_up',
  summary:
    'Finish a first Google / Apple sign-in: consents, then the member is created and signed in',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({
    sign_up_token: SignUpTokenSchema,
    ...SignUpConsentFieldsSchema.shape,
  }),
  response: SignedInSchema,
});

export const connectIdentity = defineEndpoint({
  base: 'main',
  path: '/carol/account/connect',
  summary: 'Link the external account of a fresh id token to the signed-in member',
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({
    id_token: IdTokenSchema,
    nonce: NonceSchema,
    provider: z.enum(oidcButtonValues).optional(),
  }),
  response: z.object({ identities: z.array(LinkedIdentitySchema) }),
});

export const disconnectIdentity = defineEndpoint({
  base: 'main',
  path: '/carol/account/disconnect',
  summary: "Unlink one of the signed-in member's external accounts (never the last sign-in method)",
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({ identity_id: z.coerce.number().int().positive('EXTERNAL_LINK_FAILED') }),
  response: z.object({ identities: z.array(LinkedIdentitySchema) }),
});

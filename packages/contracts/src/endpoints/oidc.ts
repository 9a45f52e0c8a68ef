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

/**
 * The sign-in buttons the app can show; `oidc` is any other account of the broker issuer.
 * Google and Apple go through the broker issuer; LINE and Kakao are issuers of their own.
 */
export const identityProviderValues = ['google', 'apple', 'line', 'kakao', 'oidc'] as const;
export type IdentityProvider = (typeof identityProviderValues)[number];
export const oidcButtonValues = ['google', 'apple', 'line', 'kakao'] as const;
export type OidcButtonValue = (typeof oidcButtonValues)[number];

/** Where the browser starts the sign-in of one button (public values only, never a secret). */
export const OidcButtonConfigSchema = z.object({
  provider: z.enum(oidcButtonValues),
  issuer: z.string(),
  client_id: z.string(),
  audience: z.string(),
  /** The broker issuer: the authorize request names the button (`connection`) and `audience`. */
  broker: z.boolean(),
  /**
   * Who exchanges the authorization code: `browser` (a public PKCE client; the id token then
   * goes to oidc/login or account/connect) or `server` (oidc/exchange: the server adds the
   * client secret it keeps; LINE and Kakao when their secret is configured).
   */
  exchange: z.enum(['browser', 'server']),
});
export type OidcButtonConfig = z.infer<typeof OidcButtonConfigSchema>;

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
  summary: 'Runtime configuration of the external sign-in (issuers, client ids, buttons in order)',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({}),
  response: z.object({
    enabled: z.boolean(),
    /** The broker issuer (Google / Apple); '' when it is off. */
    issuer: z.string(),
    client_id: z.string(),
    audience: z.string(),
    /** The buttons to show, in order: the market's own provider first (LINE in jp, Kakao in kr). */
    providers: z.array(z.enum(oidcButtonValues)),
    /** One entry per shown button, same order: the issuer and client id it signs in with. */
    buttons: z.array(OidcButtonConfigSchema),
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
  summary:
    'Sign in with a Google / Apple / LINE / Kakao id token (OpenID Connect); sets a new session cookie',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({
    id_token: IdTokenSchema,
    nonce: NonceSchema,
    /**
     * The button used. `line` and `kakao` select that provider's issuer and checks; `google`,
     * `apple` or none the broker's (where it is only a label when the subject does not say).
     */
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
  summary: 'Finish a first external sign-in: consents, then the member is created and signed in',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({
    sign_up_token: SignUpTokenSchema,
    ...SignUpConsentFieldsSchema.shape,
  }),
  response: SignedInSchema,
});

/** The authorization code the provider sent back to /login/action (opaque, size-capped). */
const AuthorizationCodeSchema = z
  .string()
  .min(1, 'EXTERNAL_SIGN_IN_FAILED')
  .max(2048, 'EXTERNAL_SIGN_IN_FAILED')
  .regex(/^[\x21-\x7e]+$/, 'EXTERNAL_SIGN_IN_FAILED');

/**
 * The code exchange done by the server (docs/decisions/060-server-side-code-exchange.md): the
 * browser posts what came back to /login/action and its PKCE verifier, never a secret. The
 * server checks them against the sign-in transaction the browser stored when it started
 * (`carol_oidc_<state>` cookie: same state, same verifier, this provider's issuer and client,
 * the intent), adds the provider's client secret, calls the provider's token endpoint and
 * verifies the id token with the transaction's nonce exactly like oidc/login. `login` answers
 * like oidc/login; `connect` (a session needed) links the account like account/connect.
 * A failed exchange (refused code or verifier, provider down) is EXTERNAL_SIGN_IN_FAILED; a
 * provider that is off or exchanged by the browser is NOT_FOUND.
 */
export const oidcExchange = defineEndpoint({
  base: 'main',
  path: '/userapi/oidc/exchange',
  summary:
    'Finish a LINE / Kakao sign-in or link on the server: exchange the code with the client secret',
  tag: 'auth',
  access: 'public',
  envelope: 'main',
  request: z.object({
    provider: z.enum(['line', 'kakao']),
    intent: z.enum(['login', 'connect']),
    code: AuthorizationCodeSchema,
    /** The `state` of the callback: the id of the transaction the browser stored. */
    state: z.string().regex(/^[\w-]{16,128}$/, 'EXTERNAL_SIGN_IN_FAILED'),
    /** RFC 7636 code verifier: 43–128 unreserved characters. */
    code_verifier: z.string().regex(/^[\w.~-]{43,128}$/, 'EXTERNAL_SIGN_IN_FAILED'),
  }),
  response: z.object({
    status: z.enum(['signed_in', 'sign_up', 'connected']),
    member: SignedInSchema.optional(),
    sign_up: OidcSignUpSchema.optional(),
    /** With `connected`: the member's linked accounts. */
    identities: z.array(LinkedIdentitySchema).optional(),
  }),
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

import { createHash, randomBytes } from 'node:crypto';
import {
  oidcLimits,
  oidcSignUpTtlSeconds,
  type OidcButtonConfig,
  type OidcButtonValue,
  type Language,
  type LinkedIdentity,
  type OidcSignUp,
  type Server,
  type SignUpConsentFields,
} from '@carol/contracts';
import { isUniqueViolation, type Database, type DbTransaction } from '../../db/index.js';
import type { Config, OidcProviderConfig } from '../../env.js';
import { AppError } from '../../lib/errors.js';
import type { ClientInfo } from '../../lib/session-cookie.js';
import { startSession, type SignedIn } from '../auth/auth.service.js';
import { assertSignUpConsents, recordSignUpConsents } from '../consents/consents.service.js';
import { createCodeExchanger, type CodeExchanger } from './code-exchange.js';
import {
  createIdTokenVerifier,
  sameSecret,
  type IdTokenVerifier,
  type VerifiedIdToken,
} from './id-token.js';
import * as repo from './oidc.repo.js';

export interface OidcContext {
  db: Database;
  config: Config['oidc'];
  /** The broker's (Google / Apple); undefined when OIDC_ISSUER is not set. */
  verifier: IdTokenVerifier | undefined;
  /** LINE's and Kakao's, each for its own issuer; only the enabled ones. */
  own: Map<
    'line' | 'kakao',
    {
      config: OidcProviderConfig;
      verifier: IdTokenVerifier;
      /** Only with a client secret: the server exchanges the code (ADR 060). */
      exchanger: CodeExchanger | undefined;
    }
  >;
}

export function createOidcContext(db: Database, config: Config['oidc']): OidcContext {
  return {
    db,
    config,
    verifier: config.issuer
      ? createIdTokenVerifier({
          issuer: config.issuer,
          audience: config.audience,
          clientId: config.clientId,
        })
      : undefined,
    own: new Map(
      config.own.map((p) => [
        p.provider,
        {
          config: p,
          verifier: createIdTokenVerifier({
            issuer: p.issuer,
            audience: p.audience,
            clientId: p.clientId,
            algorithms: p.algorithms,
            clientSecret: p.clientSecret,
          }),
          exchanger:
            p.exchange === 'server' && p.clientSecret
              ? createCodeExchanger({
                  issuer: p.issuer,
                  clientId: p.clientId,
                  clientSecret: p.clientSecret,
                })
              : undefined,
        },
      ]),
    ),
  };
}

/** The market's own provider comes first: LINE in Japan, Kakao in Korea; then Google, Apple. */
const buttonOrder: Record<Server, readonly OidcButtonValue[]> = {
  jp: ['line', 'kakao', 'google', 'apple'],
  kr: ['kakao', 'line', 'google', 'apple'],
};

/** What the web needs to draw the buttons and start each sign-in (never a secret). */
export function publicConfig(ctx: OidcContext, server: Server) {
  const buttons: OidcButtonConfig[] = [];
  for (const provider of buttonOrder[server]) {
    if (provider === 'line' || provider === 'kakao') {
      const own = ctx.own.get(provider)?.config;
      if (own) {
        buttons.push({
          provider,
          issuer: own.issuer,
          client_id: own.clientId,
          audience: own.audience,
          broker: false,
          exchange: own.exchange,
        });
      }
    } else if (ctx.config.issuer && ctx.config.providers.includes(provider)) {
      buttons.push({
        provider,
        issuer: ctx.config.issuer,
        client_id: ctx.config.clientId,
        audience: ctx.config.audience,
        broker: true,
        exchange: 'browser',
      });
    }
  }
  return {
    enabled: buttons.length > 0,
    issuer: ctx.config.issuer ?? '',
    client_id: ctx.config.clientId,
    audience: ctx.config.audience,
    providers: buttons.map((b) => b.provider),
    buttons,
  };
}

/**
 * Which provider an account belongs to: from the subject's prefix (brokers such as Auth0 use
 * `google-oauth2|…`, `apple|…`) or the issuer itself, else the button used, else `oidc`.
 */
export function providerOf(
  token: Pick<VerifiedIdToken, 'issuer' | 'subject'>,
  button: OidcButtonValue | undefined,
): repo.Provider {
  const { subject } = token;
  if (subject.startsWith('google-oauth2|') || subject.startsWith('google|')) return 'google';
  if (subject.startsWith('apple|')) return 'apple';
  const host = URL.parse(token.issuer)?.hostname ?? '';
  if (host === 'accounts.google.com') return 'google';
  if (host === 'appleid.apple.com') return 'apple';
  return button === 'google' || button === 'apple' ? button : 'oidc';
}

/**
 * Verifies the token with the checks of the button's issuer (LINE and Kakao their own, any
 * other button the broker's) and records its nonce as used: a second use of the same token
 * fails. A switched-off provider verifies nothing (NOT_FOUND, like sign-in being off).
 */
async function verifyOnce(
  ctx: OidcContext,
  idToken: string,
  nonce: string,
  button: OidcButtonValue | undefined,
): Promise<{ token: VerifiedIdToken; provider: repo.Provider }> {
  const own = button === 'line' || button === 'kakao' ? ctx.own.get(button) : undefined;
  const verifier = button === 'line' || button === 'kakao' ? own?.verifier : ctx.verifier;
  if (!verifier) throw new AppError('NOT_FOUND');
  const token = await verifier.verify(idToken, nonce);
  const nonceHash = createHash('sha256').update(nonce).digest('hex');
  if (!(await repo.consumeNonce(ctx.db, nonceHash, token.issuer, token.expiresAt))) {
    throw new AppError('ID_TOKEN_INVALID');
  }
  return { token, provider: own ? own.config.provider : providerOf(token, button) };
}

export function toLinkedIdentity(row: repo.IdentityRow): LinkedIdentity {
  return {
    identity_id: row.id,
    provider: row.provider,
    email: row.email ?? '',
    linked_at: row.createdAt.toISOString(),
  };
}

export async function listIdentities(db: Database, memberId: number): Promise<LinkedIdentity[]> {
  return (await repo.listIdentities(db, memberId)).map(toLinkedIdentity);
}

export interface OidcSignIn {
  idToken: string;
  nonce: string;
  button: OidcButtonValue | undefined;
  language: Language;
  server: Server;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The address a new member may keep: the provider's verified e-mail unless a pending sign-up
 * holds it (the new member then starts without one). An active member holding it refuses the
 * sign-in: nothing is linked silently (docs/decisions/010-openid-connect.md).
 */
async function newMemberEmail(
  db: Database | DbTransaction,
  claims: { email: string | null; emailVerified: boolean },
): Promise<string | null> {
  if (!claims.email || !claims.emailVerified) return null;
  const holder = await repo.findMemberByEmail(db, claims.email);
  if (holder?.status === 'active') throw new AppError('IDENTITY_EMAIL_IN_USE');
  return holder ? null : claims.email;
}

export type OidcSignInResult =
  { status: 'signed_in'; signedIn: SignedIn } | { status: 'sign_up'; signUp: OidcSignUp };

/**
 * Sign-in keyed by issuer + subject. A known identity signs its member in. An unknown one
 * creates nothing yet: the verified account waits (30 minutes, behind a one-time token) for
 * the consents of `completeSignUp` (ADR 025). If the provider's verified e-mail already
 * belongs to an active member, nothing is linked silently: the answer asks them to log in and
 * link it in settings (docs/decisions/010-openid-connect.md).
 */
export async function signIn(
  ctx: OidcContext,
  input: OidcSignIn,
  client: ClientInfo,
): Promise<OidcSignInResult> {
  const { token, provider } = await verifyOnce(ctx, input.idToken, input.nonce, input.button);
  const known = await repo.findIdentity(ctx.db, token.issuer, token.subject);
  if (known) {
    if (known.member.status === 'active') {
      return { status: 'signed_in', signedIn: await startSession(ctx, known.member, client) };
    }
    // Only withdrawn members can be inactive here; their identities are normally deleted.
    await repo.deleteStaleIdentity(ctx.db, known.identity.id);
  }
  await newMemberEmail(ctx.db, token);

  const signUpToken = randomBytes(32).toString('base64url');
  await repo.insertPendingSignUp(ctx.db, {
    tokenHash: sha256(signUpToken),
    issuer: token.issuer,
    subject: token.subject,
    provider,
    email: token.email,
    emailVerified: token.emailVerified,
    familyName: token.familyName,
    givenName: token.givenName,
    expiresAt: new Date(Date.now() + oidcSignUpTtlSeconds * 1000),
  });
  return {
    status: 'sign_up',
    signUp: {
      sign_up_token: signUpToken,
      provider,
      family_name: token.familyName,
      given_name: token.givenName,
      email: token.email ?? '',
      expires_in: oidcSignUpTtlSeconds,
    },
  };
}

export interface OidcSignUpInput {
  signUpToken: string;
  consents: SignUpConsentFields;
  language: Language;
  server: Server;
}

/**
 * The first sign-in's second step. An unknown, used or expired token is SIGN_UP_EXPIRED;
 * missing consents are SIGNUP_CONSENT_REQUIRED and leave the token usable. Then, in one
 * transaction, the token is used, the member is created with its identity and the consents are
 * recorded; the member is signed in. If the same account became a member meanwhile (a second
 * tab finished first), that member is signed in.
 */
export async function completeSignUp(
  ctx: OidcContext,
  input: OidcSignUpInput,
  client: ClientInfo,
): Promise<SignedIn> {
  const tokenHash = sha256(input.signUpToken);
  if (!(await repo.findLivePendingSignUp(ctx.db, tokenHash, new Date()))) {
    throw new AppError('SIGN_UP_EXPIRED');
  }
  assertSignUpConsents(input.server, input.consents);
  try {
    const member = await ctx.db.transaction(async (tx) => {
      const pending = await repo.takePendingSignUp(tx, tokenHash, new Date());
      if (!pending) throw new AppError('SIGN_UP_EXPIRED');
      const known = await repo.findIdentity(tx, pending.issuer, pending.subject);
      if (known?.member.status === 'active') return known.member;
      if (known) await repo.deleteStaleIdentity(tx, known.identity.id);
      const row = await repo.insertMemberWithIdentity(
        tx,
        {
          email: await newMemberEmail(tx, pending),
          familyName: pending.familyName,
          givenName: pending.givenName,
          language: input.language,
          server: input.server,
        },
        {
          issuer: pending.issuer,
          subject: pending.subject,
          provider: pending.provider,
          email: pending.email,
        },
      );
      await recordSignUpConsents(tx, row.id, input.server, input.consents);
      return row;
    });
    return await startSession(ctx, member, client);
  } catch (error) {
    // Two sign-ups with the same account (or address) at once: one wins.
    if (isUniqueViolation(error)) throw new AppError('LOGIN_FAILED', { cause: error });
    throw error;
  }
}

/** Links the id token's account to the signed-in member (the session is the member's). */
export async function connect(
  ctx: OidcContext,
  memberId: number,
  input: Pick<OidcSignIn, 'idToken' | 'nonce' | 'button'>,
): Promise<LinkedIdentity[]> {
  const member = await repo.findMemberById(ctx.db, memberId);
  if (member?.status !== 'active') throw new AppError('UNAUTHORIZED');
  const { token, provider } = await verifyOnce(ctx, input.idToken, input.nonce, input.button);
  const known = await repo.findIdentity(ctx.db, token.issuer, token.subject);
  if (known) {
    if (known.identity.memberId !== memberId) throw new AppError('IDENTITY_ALREADY_LINKED');
    return listIdentities(ctx.db, memberId);
  }
  try {
    await repo.insertIdentity(ctx.db, {
      memberId,
      issuer: token.issuer,
      subject: token.subject,
      provider,
      email: token.email,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('IDENTITY_ALREADY_LINKED', { cause: error });
    throw error;
  }
  return listIdentities(ctx.db, memberId);
}

/** Unlinks one of the member's own identities; never the last way to sign in. */
export async function disconnect(
  db: Database,
  memberId: number,
  identityId: number,
): Promise<LinkedIdentity[]> {
  const outcome = await repo.deleteIdentityUnlessLast(db, memberId, identityId);
  if (outcome === 'not_found') throw new AppError('EXTERNAL_LINK_FAILED');
  if (outcome === 'last_method') throw new AppError('LAST_SIGN_IN_METHOD');
  return listIdentities(db, memberId);
}

/** How long a sign-in transaction stays usable (the browser keeps it as long: spec 9). */
const transactionMaxAgeMs = oidcLimits.cookieDays * 24 * 60 * 60 * 1000;

export interface CodeExchangeInput {
  provider: 'line' | 'kakao';
  intent: 'login' | 'connect';
  code: string;
  state: string;
  codeVerifier: string;
  /** The `carol_oidc_<state>` cookie: the transaction the browser stored when it started. */
  transaction: string | undefined;
  /** `<the page's origin>/login/action`, as in the authorize request. */
  redirectUri: string;
}

/**
 * The transaction the browser stored (oidc-client-ts: id = state, PKCE verifier, issuer,
 * client, redirect URI; our data: intent, button, nonce) must be the one this callback
 * answers: same state, same verifier, this provider's issuer and client, same intent and
 * button, not older than a day. Gives the nonce the id token must carry.
 */
export function transactionNonce(
  input: CodeExchangeInput,
  provider: Pick<OidcProviderConfig, 'issuer' | 'clientId'>,
  now = Date.now(),
): string {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(input.transaction ?? '');
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    // No transaction, or not ours: refused below.
  }
  const data = (
    typeof stored.data === 'object' && stored.data !== null ? stored.data : {}
  ) as Record<string, unknown>;
  const created = typeof stored.created === 'number' ? stored.created * 1000 : Number.NaN;
  const nonce = typeof data.nonce === 'string' ? data.nonce : '';
  const matches =
    stored.id === input.state &&
    typeof stored.code_verifier === 'string' &&
    sameSecret(stored.code_verifier, input.codeVerifier) &&
    stored.authority === provider.issuer &&
    stored.client_id === provider.clientId &&
    stored.redirect_uri === input.redirectUri &&
    data.intent === input.intent &&
    data.provider === input.provider &&
    /^[\w-]{22,128}$/.test(nonce) &&
    (stored.nonce === undefined || stored.nonce === nonce) &&
    now - created <= transactionMaxAgeMs &&
    created - now <= oidcLimits.leewaySeconds * 1000;
  if (!matches) throw new AppError('EXTERNAL_SIGN_IN_FAILED');
  return nonce;
}

/**
 * The provider's own code exchange (LINE, Kakao with a secret): the id token comes from the
 * server's request to the token endpoint, then is verified and its nonce used once exactly like
 * one posted to oidc/login. A provider that is off, or exchanged by the browser, is NOT_FOUND.
 * The provider's key server failing is a failed sign-in for the member, never a 5xx.
 */
async function exchangeForIdToken(
  ctx: OidcContext,
  input: CodeExchangeInput,
): Promise<{ idToken: string; nonce: string }> {
  const own = ctx.own.get(input.provider);
  if (!own?.exchanger) throw new AppError('NOT_FOUND');
  const nonce = transactionNonce(input, own.config);
  const idToken = await own.exchanger.exchange({
    code: input.code,
    codeVerifier: input.codeVerifier,
    redirectUri: input.redirectUri,
  });
  return { idToken, nonce };
}

function unavailableAsFailed(error: unknown): never {
  if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') {
    throw new AppError('EXTERNAL_SIGN_IN_FAILED', { cause: error });
  }
  throw error;
}

export async function signInWithCode(
  ctx: OidcContext,
  input: CodeExchangeInput & { language: Language; server: Server },
  client: ClientInfo,
): Promise<OidcSignInResult> {
  const { idToken, nonce } = await exchangeForIdToken(ctx, input);
  return signIn(
    ctx,
    { idToken, nonce, button: input.provider, language: input.language, server: input.server },
    client,
  ).catch(unavailableAsFailed);
}

export async function connectWithCode(
  ctx: OidcContext,
  memberId: number,
  input: CodeExchangeInput,
): Promise<LinkedIdentity[]> {
  const member = await repo.findMemberById(ctx.db, memberId);
  if (member?.status !== 'active') throw new AppError('UNAUTHORIZED');
  const { idToken, nonce } = await exchangeForIdToken(ctx, input);
  return connect(ctx, memberId, { idToken, nonce, button: input.provider }).catch(
    unavailableAsFailed,
  );
}

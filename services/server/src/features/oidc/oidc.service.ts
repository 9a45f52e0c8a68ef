import { createHash, randomBytes } from 'node:crypto';
import {
  oidcSignUpTtlSeconds,
  type Language,
  type LinkedIdentity,
  type OidcSignUp,
  type Server,
  type SignUpConsentFields,
} from '@carol/contracts';
import { isUniqueViolation, type Database, type DbTransaction } from '../../db/index.js';
import type { Config } from '../../env.js';
import { AppError } from '../../lib/errors.js';
import type { ClientInfo } from '../../lib/session-cookie.js';
import { startSession, type SignedIn } from '../auth/auth.service.js';
import { assertSignUpConsents, recordSignUpConsents } from '../consents/consents.service.js';
import { createIdTokenVerifier, type IdTokenVerifier, type VerifiedIdToken } from './id-token.js';
import * as repo from './oidc.repo.js';

export interface OidcContext {
  db: Database;
  config: Config['oidc'];
  /** Undefined when OIDC_ISSUER is not set (external sign-in off). */
  verifier: IdTokenVerifier | undefined;
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
  };
}

export function publicConfig(ctx: OidcContext) {
  return {
    enabled: ctx.config.issuer !== undefined && ctx.config.providers.length > 0,
    issuer: ctx.config.issuer ?? '',
    client_id: ctx.config.clientId,
    audience: ctx.config.audience,
    providers: ctx.config.providers,
  };
}

/**
 * Which provider an account belongs to: from the subject's prefix (brokers such as Auth0 use
 * `google-oauth2|…`, `apple|…`) or the issuer itself, else the button used, else `oidc`.
 */
export function providerOf(
  token: Pick<VerifiedIdToken, 'issuer' | 'subject'>,
  button: 'google' | 'apple' | undefined,
): repo.Provider {
  const { subject } = token;
  if (subject.startsWith('google-oauth2|') || subject.startsWith('google|')) return 'google';
  if (subject.startsWith('apple|')) return 'apple';
  const host = URL.parse(token.issuer)?.hostname ?? '';
  if (host === 'accounts.google.com') return 'google';
  if (host === 'appleid.apple.com') return 'apple';
  return button ?? 'oidc';
}

/** Verifies the token and records its nonce as used: a second use of the same token fails. */
async function verifyOnce(
  ctx: OidcContext,
  idToken: string,
  nonce: string,
): Promise<VerifiedIdToken> {
  if (!ctx.verifier) throw new AppError('NOT_FOUND');
  const token = await ctx.verifier.verify(idToken, nonce);
  const nonceHash = createHash('sha256').update(nonce).digest('hex');
  if (!(await repo.consumeNonce(ctx.db, nonceHash, token.issuer, token.expiresAt))) {
    throw new AppError('ID_TOKEN_INVALID');
  }
  return token;
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
  button: 'google' | 'apple' | undefined;
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
  const token = await verifyOnce(ctx, input.idToken, input.nonce);
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
  const provider = providerOf(token, input.button);
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
  const token = await verifyOnce(ctx, input.idToken, input.nonce);
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
      provider: providerOf(token, input.button),
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

import { createHash, randomBytes } from 'node:crypto';
import type { Language, Server, SignUpConsentFields } from '@carol/contracts';
import { catalogs, interpolate } from '@carol/i18n';
import { isUniqueViolation, type Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Outgoing } from '../../lib/outgoing.js';
import { sessionIdOf } from '../../lib/session.js';
import { sessionStoreOf } from '../../lib/session-store.js';
import type { ClientInfo } from '../../lib/session-cookie.js';
import { assertSignUpConsents, recordSignUpConsents } from '../consents/consents.service.js';
import * as codes from '../../lib/one-time-codes.js';
import * as repo from './auth.repo.js';
import { revokeTrustedDevices, trustAddress, trustDevice, trustOf } from './trusted-devices.js';

// Other sign-in methods (phone PIN) trust browsers through the same mechanism.
export { createDeviceCookies, trustDevice, trustedClientKey } from './trusted-devices.js';

export { revokeTrustedDevices };

export const authLimits = {
  registrationLinkTtlMs: 24 * 60 * 60 * 1000,
  resetLinkTtlMs: 30 * 60 * 1000,
  /** Uses (screen views + the final action) of one link before it stops working. */
  linkMaxAttempts: 10,
  /** Mails of one kind to one address per hour; more requests get the same answer, no mail. */
  mailsPerAddressPerHour: 5,
  sessionTtlMs: 24 * 60 * 60 * 1000,
  /**
   * Sign-in attempts per account (e-mail) per window from untrusted clients (no device cookie
   * of the member, an address the member never signed in from), all addresses together: the
   * bound on a distributed guess. Counted in the database.
   */
  loginAttemptsPerAccount: 10,
  /** Attempts per account and client address per window (every client without a device cookie). */
  loginAttemptsPerAddress: 10,
  /** Attempts per account from one trusted browser (device cookie) per window. */
  loginAttemptsPerDevice: 10,
  loginWindowMs: 15 * 60 * 1000,
} as const;

export interface AuthContext {
  db: Database;
  /** Mails go through the job queue, stored in the transaction of their code (ADR 049). */
  outgoing: Outgoing;
  appBaseUrl: string;
}

export interface SignedIn {
  sessionToken: string;
  member: {
    user_id: number;
    email: string;
    family_name: string;
    given_name: string;
    language: Language;
    server: Server;
  };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 32 random bytes, base64url (43 characters). Only its SHA-256 is stored. */
function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function link(ctx: AuthContext, path: string): string {
  return `${ctx.appBaseUrl}${path}`;
}

export function mailTexts(language: Language) {
  return catalogs[language].mail;
}

export function body(language: Language, template: string, values: Record<string, string>): string {
  return `${interpolate(template, values)}\n\n--\n${mailTexts(language).signature}\n`;
}

export async function underMailLimit(ctx: AuthContext, purpose: repo.LinkPurpose, target: string) {
  const since = new Date(Date.now() - 60 * 60 * 1000);
  return (
    (await codes.recentSends(ctx.db, purpose, { target }, since)).count <
    authLimits.mailsPerAddressPerHour
  );
}

export async function issueLink(
  ctx: Pick<AuthContext, 'db'>,
  purpose: repo.LinkPurpose,
  /** `id: null`: a stranger's address, the same work for a row no link can use (reset, 7c). */
  member: { id: number | null; email: string },
  ttlMs: number,
): Promise<string> {
  await codes.revokeCodes(ctx.db, purpose, { memberId: member.id ?? 0 });
  const { token, hash: codeHash } = newToken();
  await codes.insertCode(ctx.db, {
    purpose,
    target: member.email,
    codeHash,
    memberId: member.id,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

// --- registration --------------------------------------------------------------------------

export interface Registration {
  email: string;
  password: string;
  familyName: string;
  givenName: string;
  language: Language;
  server: Server;
  consents: SignUpConsentFields;
}

/**
 * Always resolves the same way. New or still-pending address: a pending member, its consents
 * and a confirmation mail. Active address: a "you already have an account" mail. Missing
 * required consents are refused first, for every address alike (SIGNUP_CONSENT_REQUIRED). The
 * password is hashed first in every case so the answer time does not depend on the branch.
 */
export async function register(ctx: AuthContext, input: Registration): Promise<void> {
  assertSignUpConsents(input.server, input.consents);
  const passwordHash = await hashPassword(input.password);
  const profile = {
    passwordHash,
    familyName: input.familyName,
    givenName: input.givenName,
    language: input.language,
    server: input.server,
  };
  let member = await repo.findMemberByEmail(ctx.db, input.email);
  if (!member) {
    try {
      member = await ctx.db.transaction(async (tx) => {
        const row = await repo.insertPendingMember(tx, { email: input.email, ...profile });
        await recordSignUpConsents(tx, row.id, input.server, input.consents);
        return row;
      });
    } catch (error) {
      // Two sign-ups for the same address at once: the other one won; answer the same.
      if (isUniqueViolation(error)) return;
      throw error;
    }
  } else if (member.status === 'pending') {
    // The latest form wins, its consents too (recorded again, with this time).
    const pendingId = member.id;
    await ctx.db.transaction(async (tx) => {
      await repo.updatePendingMember(tx, pendingId, profile);
      await recordSignUpConsents(tx, pendingId, input.server, input.consents);
    });
  } else if (member.status === 'active') {
    if (!(await underMailLimit(ctx, 'email_verify', input.email))) return;
    const { id: memberId, language } = member;
    const texts = mailTexts(language);
    await ctx.db.transaction(async (tx) => {
      // Counted like a confirmation mail (without a usable link) so the mail limit covers both.
      await codes.insertCode(tx, {
        purpose: 'email_verify',
        target: input.email,
        codeHash: sha256(randomBytes(32).toString('base64url')),
        memberId,
        expiresAt: new Date(),
      });
      await ctx.outgoing.mail(tx, {
        to: input.email,
        subject: texts.alreadyRegistered.subject,
        text: body(language, texts.alreadyRegistered.body, {
          loginLink: link(ctx, '/login'),
          resetLink: link(ctx, '/login/findpassword'),
        }),
      });
    });
    return;
  } else {
    return; // withdrawn rows keep no usable address; nothing to send
  }

  if (!(await underMailLimit(ctx, 'email_verify', input.email))) return;
  const texts = mailTexts(input.language);
  const pending = { id: member.id, email: input.email };
  await ctx.db.transaction(async (tx) => {
    const token = await issueLink(
      { ...ctx, db: tx },
      'email_verify',
      pending,
      authLimits.registrationLinkTtlMs,
    );
    await ctx.outgoing.mail(tx, {
      to: input.email,
      subject: texts.registration.subject,
      text: body(input.language, texts.registration.body, {
        name: `${input.familyName} ${input.givenName}`,
        link: link(ctx, `/login/registeruserafteremail/${token}`),
      }),
    });
  });
}

export async function emailInRegistrationToken(ctx: AuthContext, token: string): Promise<string> {
  const code = await codes.touchLiveCode(
    ctx.db,
    'email_verify',
    sha256(token),
    authLimits.linkMaxAttempts,
  );
  if (!code) throw new AppError('LINK_INVALID');
  return code.target;
}

export async function activate(
  ctx: AuthContext,
  token: string,
  client: ClientInfo,
): Promise<SignedIn> {
  const code = await codes.touchLiveCode(
    ctx.db,
    'email_verify',
    sha256(token),
    authLimits.linkMaxAttempts,
  );
  if (!code?.memberId || !(await codes.consumeCode(ctx.db, code.id))) {
    throw new AppError('LINK_INVALID');
  }
  const member = await repo.activatePendingMember(ctx.db, code.memberId);
  if (!member?.email) throw new AppError('LINK_INVALID');
  return startSession(ctx, member, client);
}

// --- login and sessions --------------------------------------------------------------------

/** The account-wide counter of untrusted clients (and of unknown e-mails, alike). */
export function loginThrottleKey(email: string): string {
  return `login:${sha256(email)}`;
}

/** One account from one client address (clients without the member's device cookie). */
export function loginAddressThrottleKey(email: string, ip: string | null): string {
  return `login-addr:${sha256(`${email}\n${ip ?? ''}`)}`;
}

/** One account from one trusted browser. */
export function loginDeviceThrottleKey(memberId: number, deviceToken: string): string {
  return `login-dev:${sha256(`${memberId}\n${sha256(deviceToken)}`)}`;
}

export interface PasswordSignIn extends SignedIn {
  /** The device cookie to set (trusted for this member from now on). */
  deviceToken: string;
}

/**
 * E-mail + password sign-in with the throttle (OWASP "Blocking Brute Force
 * Attacks", device cookies). Every attempt is counted before the password is checked (parallel
 * guesses all count) on:
 * - a browser with the member's device cookie: its own counter only (10 per 15 minutes), so a
 *   guess from elsewhere never locks it out;
 * - any other client: the account + address counter (10), and, unless the member signed in
 *   from that address before (or completed a reset link there), the account-wide counter of
 *   untrusted clients (10), which refuses a distributed guess exactly as before.
 * A success clears the counters it was counted on (so only an untrusted success clears the
 * account-wide one, as before), then trusts the browser (device cookie) and the address.
 */
export async function login(
  ctx: AuthContext,
  email: string,
  password: string,
  client: ClientInfo,
  deviceToken: string | null = null,
): Promise<PasswordSignIn> {
  const member = await repo.findMemberByEmail(ctx.db, email);
  const usable = member?.status === 'active' ? member : undefined;
  const trust = await trustOf(ctx.db, usable?.id, deviceToken, client.ip);

  const own =
    trust === 'cookie' && usable && deviceToken
      ? {
          key: loginDeviceThrottleKey(usable.id, deviceToken),
          limit: authLimits.loginAttemptsPerDevice,
        }
      : {
          key: loginAddressThrottleKey(email, client.ip),
          limit: authLimits.loginAttemptsPerAddress,
        };
  const counted = [own];
  if (trust === 'none') {
    counted.push({ key: loginThrottleKey(email), limit: authLimits.loginAttemptsPerAccount });
  }
  let refused = false;
  for (const counter of counted) {
    const attempts = await repo.countLoginAttempt(ctx.db, counter.key, authLimits.loginWindowMs);
    if (attempts > counter.limit) refused = true;
  }
  if (refused) {
    // Its own code, so the login screen can offer the password reset (which trusts the address).
    throw new AppError('LOGIN_THROTTLED', {
      retryAfterSeconds: Math.ceil(authLimits.loginWindowMs / 1000),
    });
  }

  const ok = await verifyPassword(usable?.passwordHash ?? null, password);
  if (!ok || !usable) throw new AppError('WRONG_CREDENTIALS');

  // The counters this attempt went through start over; a success from a trusted client leaves
  // the account-wide one alone (an attack in progress does not get a new budget from it).
  for (const counter of counted) await repo.clearLoginAttempts(ctx.db, counter.key);
  const token = await trustDevice(ctx.db, usable.id, deviceToken, client.ip);
  return { ...(await startSession(ctx, usable, client)), deviceToken: token };
}

/**
 * Starts a new session for an active member (every sign-in method ends here): a random 256-bit
 * token for the cookie, only its SHA-256 stored; the request's previous session is deleted.
 */
export async function startSession(
  ctx: Pick<AuthContext, 'db'>,
  member: repo.MemberRow,
  client: ClientInfo,
  options: { ttlMs?: number } = {},
): Promise<SignedIn> {
  const store = sessionStoreOf(ctx.db);
  if (client.previousSessionId) await store.delete(client.previousSessionId);
  const sessionToken = randomBytes(32).toString('base64url');
  await store.create({
    id: sessionIdOf(sessionToken),
    memberId: member.id,
    expiresAt: new Date(Date.now() + (options.ttlMs ?? authLimits.sessionTtlMs)),
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    ip: client.ip,
  });
  return {
    sessionToken,
    member: {
      user_id: member.id,
      email: member.email ?? '',
      family_name: member.familyName,
      given_name: member.givenName,
      language: member.language,
      server: member.server,
    },
  };
}

export async function logout(ctx: AuthContext, sessionId: string): Promise<void> {
  await sessionStoreOf(ctx.db).delete(sessionId);
}

// --- password reset ------------------------------------------------------------------------

/**
 * Same answer for every address, after the same work: every request looks the
 * address up, checks its hourly mail cap, revokes older links (of nobody, for strangers), makes
 * a token and its hash and stores one code row — a usable one only for an active member, an
 * already expired one with no member otherwise — like the phone sign-in does (ADR 009). Only an
 * active member's address gets a mail; a stranger's request stores a blank job (ADR 049). The
 * mail goes through the job queue: the answer never waits on the mail transport.
 */
export async function requestPasswordReset(
  ctx: AuthContext,
  email: string,
  language: Language,
): Promise<void> {
  const member = await repo.findMemberByEmail(ctx.db, email);
  const active = member?.status === 'active' ? member : undefined;
  if (!(await underMailLimit(ctx, 'password_reset', email))) return;
  const texts = mailTexts(language);
  await ctx.db.transaction(async (tx) => {
    const token = await issueLink(
      { db: tx },
      'password_reset',
      { id: active?.id ?? null, email },
      active ? authLimits.resetLinkTtlMs : 0,
    );
    // A stranger's request stores a blank job: the same work, nothing sent.
    await ctx.outgoing.mail(
      tx,
      active
        ? {
            to: email,
            subject: texts.passwordReset.subject,
            text: body(language, texts.passwordReset.body, {
              link: link(ctx, `/login/findpasswordafteremail/${token}`),
            }),
          }
        : null,
    );
  });
}

/** New password from a reset link; every session of the member ends (spec 4). */
export async function resetPassword(
  ctx: AuthContext,
  token: string,
  password: string,
  ip: string | null = null,
): Promise<void> {
  const code = await codes.touchLiveCode(
    ctx.db,
    'password_reset',
    sha256(token),
    authLimits.linkMaxAttempts,
  );
  if (!code?.memberId) throw new AppError('LINK_INVALID');
  const member = await repo.findMemberById(ctx.db, code.memberId);
  if (member?.status !== 'active' || member.email !== code.target) {
    throw new AppError('LINK_INVALID');
  }
  const passwordHash = await hashPassword(password);
  if (!(await codes.consumeCode(ctx.db, code.id))) throw new AppError('LINK_INVALID');
  await repo.setPasswordHash(ctx.db, member.id, passwordHash);
  await sessionStoreOf(ctx.db).deleteForMember(member.id);
  await codes.revokeCodes(ctx.db, 'password_reset', { memberId: member.id });
  await repo.clearLoginAttempts(ctx.db, loginThrottleKey(member.email));
  // Old devices stop being trusted; the address that opened the mailed link becomes trusted,
  // so an owner locked out on a new device during an attack gets in from there.
  await revokeTrustedDevices(ctx.db, member.id);
  await trustAddress(ctx.db, member.id, ip);
}

// --- per-account throttle, shared with the account settings (password checks) --------------

/** Counts one password attempt for `key` and returns the attempts in the login window. */
export function countPasswordAttempt(db: Database, key: string): Promise<number> {
  return repo.countLoginAttempt(db, key, authLimits.loginWindowMs);
}

export function clearPasswordAttempts(db: Database, key: string): Promise<void> {
  return repo.clearLoginAttempts(db, key);
}

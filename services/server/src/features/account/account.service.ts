import { createHash } from 'node:crypto';
import { withdrawPhrases, type Language, type Server, type WithdrawReason } from '@carol/contracts';
import type { Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { sessionStoreOf } from '../../lib/session-store.js';
import {
  authLimits,
  clearPasswordAttempts,
  countPasswordAttempt,
  loginThrottleKey,
  revokeTrustedDevices,
} from '../auth/auth.service.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { listIdentities } from '../oidc/oidc.service.js';
import * as repo from './account.repo.js';

// Every function takes the member id from the session (SessionMember.memberId), never from the
// request body: there is no parameter through which a caller could name another member.

export interface UserInfo {
  email: string;
  family_name: string;
  given_name: string;
  phone: string;
  phone_verified: boolean;
  has_password: boolean;
  language: Language;
  server: Server;
  joined_via: 'app' | 'smart_mirror';
  identities: Awaited<ReturnType<typeof listIdentities>>;
}

/** 010-1234-5678 → 010-****-5678: the first three and the last four digits stay visible. */
export function maskPhone(phone: string | null): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '').length;
  let index = 0;
  return phone.replace(/\d/g, (d) => {
    const position = index++;
    return position < 3 || position >= digits - 4 ? d : '*';
  });
}

async function activeMember(db: Database, memberId: number): Promise<repo.MemberRow> {
  const member = await repo.findActiveMember(db, memberId);
  if (!member) throw new AppError('UNAUTHORIZED');
  return member;
}

/** The account-wide sign-in counter (keyed by the e-mail); members without one get their own. */
function throttleKeyOf(member: repo.MemberRow): string {
  return member.email
    ? loginThrottleKey(member.email)
    : `account:${createHash('sha256').update(String(member.id)).digest('hex')}`;
}

/** Re-authentication guesses of one member, from any of their sessions. */
function reauthKeyOf(member: repo.MemberRow): string {
  return `reauth:${createHash('sha256').update(String(member.id)).digest('hex')}`;
}

/**
 * Counts the attempt first (parallel guesses all count), then verifies. Only a session of the
 * member reaches this, so the refusal comes from a counter of its own (10 per 15 minutes): a
 * guess at the sign-in from outside never locks the signed-in owner out of changing the password
 * or withdrawing. Each guess here also counts on the account-wide sign-in counter,
 * without being refused by it, so a stolen session can't add a second full budget of guesses
 * at the sign-in.
 */
async function checkCurrentPassword(
  db: Database,
  member: repo.MemberRow,
  password: string,
): Promise<boolean> {
  const key = reauthKeyOf(member);
  const attempts = await countPasswordAttempt(db, key);
  await countPasswordAttempt(db, throttleKeyOf(member));
  if (attempts > authLimits.loginAttemptsPerAccount) throw new AppError('RATE_LIMITED');
  const ok = await verifyPassword(member.passwordHash, password);
  if (ok) await clearPasswordAttempts(db, key);
  return ok;
}

/** A session younger than this counts as a fresh sign-in for members who have no password. */
export const reauthWindowMs = 10 * 60 * 1000;

/**
 * Re-authentication before changing e-mail, phone or password: a member with a
 * password gives it (throttled like the login); a member without one (identity provider, phone
 * PIN, smart mirror) must have signed in within the last 10 minutes, otherwise REAUTH_REQUIRED
 * tells the app to send them through sign-in again. Returns the member row.
 */
export async function reauthenticate(
  db: Database,
  session: { memberId: number; authenticatedAt: Date },
  password: string | undefined,
  field = 'password',
): Promise<repo.MemberRow> {
  const member = await activeMember(db, session.memberId);
  if (member.passwordHash !== null) {
    if (!password || !(await checkCurrentPassword(db, member, password))) {
      throw new AppError('WRONG_CREDENTIALS', { fields: [{ field, code: 'WRONG_CREDENTIALS' }] });
    }
    return member;
  }
  if (Date.now() - session.authenticatedAt.getTime() > reauthWindowMs) {
    throw new AppError('REAUTH_REQUIRED');
  }
  return member;
}

/** The active member behind a session (UNAUTHORIZED when withdrawn meanwhile). */
export function memberForSession(db: Database, memberId: number): Promise<repo.MemberRow> {
  return activeMember(db, memberId);
}

export async function getUserInfo(db: Database, memberId: number): Promise<UserInfo> {
  const member = await activeMember(db, memberId);
  return {
    email: member.email ?? '',
    family_name: member.familyName,
    given_name: member.givenName,
    phone: maskPhone(member.phone),
    phone_verified: member.phoneVerifiedAt !== null,
    has_password: member.passwordHash !== null,
    language: member.language,
    server: member.server,
    joined_via: member.joinedVia,
    identities: await listIdentities(db, memberId),
  };
}

export async function changeName(
  db: Database,
  memberId: number,
  familyName: string,
  givenName: string,
): Promise<void> {
  await activeMember(db, memberId);
  await repo.updateName(db, memberId, familyName, givenName);
}

/** Spec 4: on success every session of the member ends, the current one included. */
export async function changePassword(
  db: Database,
  memberId: number,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  const member = await activeMember(db, memberId);
  if (!(await checkCurrentPassword(db, member, currentPassword))) {
    throw new AppError('WRONG_CREDENTIALS', {
      fields: [{ field: 'current_password', code: 'WRONG_CREDENTIALS' }],
    });
  }
  const passwordHash = await hashPassword(newPassword);
  if (
    !(await repo.replacePasswordAndEndSessions(db, member.id, passwordHash, { onlyIfUnset: false }))
  ) {
    throw new AppError('UNAUTHORIZED');
  }
  await sessionStoreOf(db).deleteForMember(member.id);
  await revokeTrustedDevices(db, member.id);
}

/** Only for members without a password (smart mirror, identity provider, phone PIN). */
export async function createPassword(
  db: Database,
  session: { memberId: number; authenticatedAt: Date },
  newPassword: string,
): Promise<void> {
  const member = await activeMember(db, session.memberId);
  if (member.passwordHash !== null) throw new AppError('FORBIDDEN');
  // No password to re-enter: the sign-in must be recent (re-authentication).
  await reauthenticate(db, session, undefined);
  const passwordHash = await hashPassword(newPassword);
  if (
    !(await repo.replacePasswordAndEndSessions(db, member.id, passwordHash, { onlyIfUnset: true }))
  ) {
    throw new AppError('FORBIDDEN');
  }
  await sessionStoreOf(db).deleteForMember(member.id);
  await revokeTrustedDevices(db, member.id);
}

export interface Withdrawal {
  reason: WithdrawReason;
  phrase: string;
  password: string | undefined;
}

function refuse(field: string, code: 'ACCOUNT_DELETION_FAILED' | 'WRONG_CREDENTIALS') {
  return new AppError('ACCOUNT_DELETION_FAILED', { fields: [{ field, code }] });
}

/**
 * Withdrawal (spec 4). The phrase must equal the one of the request's UI language exactly (the
 * screen shows that one). A member with a password must also give it (throttled like login).
 */
export async function withdraw(
  db: Database,
  memberId: number,
  language: Language,
  input: Withdrawal,
): Promise<void> {
  const member = await activeMember(db, memberId);
  if (input.phrase !== withdrawPhrases[language]) throw refuse('phrase', 'ACCOUNT_DELETION_FAILED');
  if (member.passwordHash !== null) {
    if (!input.password) throw refuse('password', 'ACCOUNT_DELETION_FAILED');
    if (!(await checkCurrentPassword(db, member, input.password))) {
      throw refuse('password', 'WRONG_CREDENTIALS');
    }
  }
  if (!(await repo.withdrawMember(db, member.id, input.reason))) {
    throw new AppError('ACCOUNT_DELETION_FAILED');
  }
  await sessionStoreOf(db).deleteForMember(member.id);
  await revokeTrustedDevices(db, member.id);
  await clearPasswordAttempts(db, throttleKeyOf(member));
  await clearPasswordAttempts(db, reauthKeyOf(member));
}

import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { parsePhone, phoneCodeLimits, type Language, type Server } from '@carol/contracts';
import { catalogs, interpolate } from '@carol/i18n';
import { isUniqueViolation, type Database } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import type { Outgoing } from '../../lib/outgoing.js';
import type { ClientInfo } from '../../lib/session-cookie.js';
import { maskPhone, reauthenticate } from '../account/account.service.js';
import {
  startSession,
  trustDevice,
  trustedClientKey,
  type SignedIn,
} from '../auth/auth.service.js';
import * as codes from '../../lib/one-time-codes.js';
import * as repo from './phone.repo.js';

// Phone PIN sign-in and phone verification (docs/decisions/009-phone-pin-sign-in.md).

export interface PhoneContext {
  db: Database;
  /** Codes go through the job queue, stored in the transaction of their code row (ADR 049). */
  outgoing: Pick<Outgoing, 'sms'>;
  appBaseUrl: string;
  /** HMAC key for codes at rest (CODE_HASH_SECRET, else a random per-process key). */
  codeKey: Buffer;
}

const limits = {
  codeTtlMs: phoneCodeLimits.codeTtlSeconds * 1000,
  resendAfterMs: phoneCodeLimits.resendAfterSeconds * 1000,
  maxWrongAttempts: phoneCodeLimits.maxWrongAttempts,
  sendsPerNumberPerHour: phoneCodeLimits.sendsPerNumberPerHour,
  /** Sign-in codes a trusted client of the number's member may request per hour (own cap). */
  sendsPerTrustedClientPerHour: phoneCodeLimits.sendsPerNumberPerHour,
  /** A signed-in member may try this many different numbers per hour. */
  verificationsPerMemberPerHour: 10,
} as const;

/** Spec 6: phone sign-in only for members who joined through a smart mirror before 2024 (KST/JST). */
export const phoneLoginCutoff = new Date('2024-01-01T00:00:00+09:00');

const processKey = randomBytes(32);
export function codeKeyOf(secret: string | undefined): Buffer {
  return secret ? Buffer.from(secret, 'utf8') : processKey;
}

/** The canonical number, or the spec 5 message for the request's market. */
export function normalizePhone(raw: string, server: Server): string {
  const check = parsePhone(raw, server);
  if (!check.ok) {
    throw new AppError(check.code, {
      values: { format: check.format },
      fields: [{ field: 'tel', code: check.code }],
    });
  }
  return check.phone;
}

function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** HMAC-SHA256 bound to purpose and number: a 6-digit code can't be brute-forced from a dump. */
function codeHash(ctx: PhoneContext, purpose: repo.PhonePurpose, target: string, code: string) {
  return createHmac('sha256', ctx.codeKey).update(`${purpose}\n${target}\n${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function smsText(language: Language, key: 'loginCode' | 'verifyCode', code: string): string {
  return interpolate(catalogs[language].phone.sms[key], {
    code,
    minutes: String(limits.codeTtlMs / 60_000),
  });
}

export interface CodeSent {
  expires_in: number;
  resend_after: number;
}

const codeSent: CodeSent = {
  expires_in: phoneCodeLimits.codeTtlSeconds,
  resend_after: phoneCodeLimits.resendAfterSeconds,
};

/** Cool-down and hourly cap per number (and per member), counted from the stored codes. */
async function guardSending(
  ctx: PhoneContext,
  purpose: repo.PhonePurpose,
  by: codes.CodeScope,
  perHour: number,
): Promise<void> {
  const recent = await codes.recentSends(ctx.db, purpose, by, new Date(Date.now() - 3_600_000));
  const waitMs = recent.latest ? recent.latest.getTime() + limits.resendAfterMs - Date.now() : 0;
  if (waitMs > 0) {
    // The screen counts down from the server's own clock, not from when it thinks it sent.
    const seconds = Math.ceil(waitMs / 1000);
    throw new AppError('RESEND_TOO_SOON', { values: { seconds }, retryAfterSeconds: seconds });
  }
  if (recent.count >= perHour) throw new AppError('RATE_LIMITED');
}

// --- phone PIN sign-in ----------------------------------------------------------------------

function isEligible(member: repo.MemberRow): boolean {
  return member.joinedVia === 'smart_mirror' && member.createdAt < phoneLoginCutoff;
}

/**
 * Who a sign-in code for `phone` belongs to: the active member who verified it, else the one
 * active member who has it unverified (a smart-mirror member before the first phone sign-in).
 * Several unverified holders and no verified one: nobody (the number is ambiguous).
 */
async function holderOf(
  db: Database,
  phone: string,
): Promise<{ member: repo.MemberRow; verified: boolean } | undefined> {
  const holders = await repo.findActiveMembersByPhone(db, phone);
  const verified = holders.find((m) => m.phoneVerifiedAt !== null);
  if (verified) return { member: verified, verified: true };
  const [only, ...others] = holders;
  return only && others.length === 0 ? { member: only, verified: false } : undefined;
}

/** The client asking for or using a sign-in code: its address and device cookie, if any. */
export interface PhoneClient {
  ip: string | null;
  deviceToken: string | null;
}

/**
 * What a sign-in code of `member` requested or used by this client is bound to: a
 * browser holding the member's device cookie, else an address the member signed in from, else
 * nothing (null). Always one query, for unknown numbers too (member id 0 matches nothing).
 */
async function bindingOf(
  ctx: PhoneContext,
  member: repo.MemberRow | undefined,
  client: PhoneClient,
): Promise<string | null> {
  return trustedClientKey(ctx.db, member?.id, client.deviceToken, client.ip);
}

/** The member a sign-in code for `phone` would go to (eligible holder), if any. */
async function eligibleHolderOf(db: Database, phone: string) {
  const holder = await holderOf(db, phone);
  return { holder, eligible: holder && isEligible(holder.member) ? holder.member : undefined };
}

/**
 * Same answer for every well-formed number (no enumeration): eligible members get a code (in
 * their own language), a
 * verified member who can't use phone sign-in gets an explanatory SMS, anyone else nothing.
 * Every request stores a code row (a random, unusable one when nothing is sent), so the
 * cool-down, the hourly cap and the checks behave identically for all numbers.
 *
 * A request from a trusted client of the eligible member (device cookie or known address)
 * gets a code bound to that client, with its own cool-down and hourly cap: strangers
 * filling the per-number cap or burning their codes never stop the owner's browser, and their
 * requests never revoke its code. Every other request (an unknown number always) is unbound and
 * goes through the per-number cool-down and cap of unbound codes, as before.
 */
export async function sendLoginCode(
  ctx: PhoneContext,
  rawPhone: string,
  server: Server,
  client: PhoneClient = { ip: null, deviceToken: null },
): Promise<CodeSent> {
  const phone = normalizePhone(rawPhone, server);
  const { holder, eligible } = await eligibleHolderOf(ctx.db, phone);
  const boundTo = await bindingOf(ctx, eligible, client);
  const scope = { target: phone, boundTo };
  await guardSending(
    ctx,
    'sms_login',
    scope,
    boundTo ? limits.sendsPerTrustedClientPerHour : limits.sendsPerNumberPerHour,
  );

  const code = newCode();
  await ctx.db.transaction(async (tx) => {
    await codes.revokeCodes(tx, 'sms_login', scope);
    await codes.insertCode(tx, {
      purpose: 'sms_login',
      target: phone,
      codeHash: eligible
        ? codeHash(ctx, 'sms_login', phone, code)
        : codeHash(ctx, 'sms_login', phone, randomBytes(16).toString('hex')),
      memberId: eligible?.id ?? null,
      expiresAt: new Date(Date.now() + limits.codeTtlMs),
      boundTo,
    });
    if (eligible) {
      await ctx.outgoing.sms(tx, {
        to: phone,
        text: smsText(eligible.language, 'loginCode', code),
      });
    } else if (holder?.verified) {
      const text = interpolate(catalogs[holder.member.language].phone.sms.notEligible, {
        link: `${ctx.appBaseUrl}/login`,
      });
      await ctx.outgoing.sms(tx, { to: phone, text });
    }
  });
  return codeSent;
}

/**
 * Checks `code` against the newest code of the scope. Wrong codes count (5 and the code is
 * dead), a used code never works again, an expired one says so.
 */
async function checkCode(
  ctx: PhoneContext,
  purpose: repo.PhonePurpose,
  target: string,
  code: string,
  memberId?: number,
  boundTo?: string | null,
): Promise<codes.CodeRow> {
  const row = await codes.latestCode(ctx.db, purpose, target, memberId, boundTo);
  if (!row || row.consumedAt) throw new AppError('CODE_INVALID');
  if (row.attempts >= limits.maxWrongAttempts) throw new AppError('CODE_TOO_MANY_ATTEMPTS');
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('CODE_EXPIRED');

  const attempts = await codes.takeAttempt(ctx.db, row.id, limits.maxWrongAttempts);
  if (attempts === undefined) {
    // Lost a race: used, expired or exhausted in the meantime.
    const now = await codes.latestCode(ctx.db, purpose, target, memberId, boundTo);
    if (now && now.id === row.id && now.attempts >= limits.maxWrongAttempts && !now.consumedAt)
      throw new AppError('CODE_TOO_MANY_ATTEMPTS');
    if (now && now.id === row.id && now.expiresAt.getTime() <= Date.now())
      throw new AppError('CODE_EXPIRED');
    throw new AppError('CODE_INVALID');
  }
  if (!sameHash(row.codeHash, codeHash(ctx, purpose, target, code))) {
    throw new AppError(
      attempts >= limits.maxWrongAttempts ? 'CODE_TOO_MANY_ATTEMPTS' : 'CODE_INVALID',
    );
  }
  return row;
}

/**
 * The member a correct sign-in code belongs to, still eligible and still holding the number.
 * The code checked is the newest one bound to this client (a trusted client of the holder), or
 * the newest unbound one for any other client, so guesses from elsewhere never reach (count
 * against or kill) a code bound to the owner's browser.
 */
async function loginCodeOwner(
  ctx: PhoneContext,
  phone: string,
  code: string,
  client: PhoneClient,
): Promise<{ row: codes.CodeRow; member: repo.MemberRow }> {
  const { eligible } = await eligibleHolderOf(ctx.db, phone);
  const boundTo = await bindingOf(ctx, eligible, client);
  const row = await checkCode(ctx, 'sms_login', phone, code, undefined, boundTo);
  const member = row.memberId ? await repo.findActiveMember(ctx.db, row.memberId) : undefined;
  if (!member || member.phone !== phone || !isEligible(member)) {
    throw new AppError('CODE_INVALID');
  }
  return { row, member };
}

async function consumeOrFail(ctx: PhoneContext, id: number): Promise<void> {
  if (!(await codes.consumeCode(ctx.db, id))) throw new AppError('CODE_INVALID');
}

/**
 * simple_login: signs in a member whose phone is verified. A correct code of a member who has
 * not verified the phone yet is left unused and answers PHONE_NOT_VERIFIED: the app then calls
 * activate_with_tel with the same code (it takes no extra wrong-try budget).
 */
export async function loginWithCode(
  ctx: PhoneContext,
  rawPhone: string,
  server: Server,
  code: string,
  client: ClientInfo,
  deviceToken: string | null = null,
): Promise<PhoneSignIn> {
  const phone = normalizePhone(rawPhone, server);
  const { row, member } = await loginCodeOwner(ctx, phone, code, { ip: client.ip, deviceToken });
  if (member.phoneVerifiedAt === null) {
    await codes.returnAttempt(ctx.db, row.id);
    throw new AppError('PHONE_NOT_VERIFIED');
  }
  await consumeOrFail(ctx, row.id);
  return signIn(ctx, member, client, deviceToken);
}

export interface PhoneSignIn extends SignedIn {
  /** The device cookie to set (the browser is trusted for this member from now on). */
  deviceToken: string;
}

/** A phone sign-in trusts the browser and address like a password sign-in. */
async function signIn(
  ctx: PhoneContext,
  member: repo.MemberRow,
  client: ClientInfo,
  deviceToken: string | null,
): Promise<PhoneSignIn> {
  const token = await trustDevice(ctx.db, member.id, deviceToken, client.ip);
  return { ...(await startSession(ctx, member, client)), deviceToken: token };
}

/**
 * activate_with_tel: the first phone sign-in of a smart-mirror member. The code proves the
 * number, so the phone becomes verified, then the member is signed in. For an already verified
 * phone it is the same as simple_login. If another member verified the number meanwhile, the
 * unique index answers PHONE_IN_USE.
 */
export async function activateWithCode(
  ctx: PhoneContext,
  rawPhone: string,
  server: Server,
  code: string,
  client: ClientInfo,
  deviceToken: string | null = null,
): Promise<PhoneSignIn> {
  const phone = normalizePhone(rawPhone, server);
  const { row, member } = await loginCodeOwner(ctx, phone, code, { ip: client.ip, deviceToken });
  await consumeOrFail(ctx, row.id);
  let signedInAs = member;
  if (member.phoneVerifiedAt === null) {
    try {
      const updated = await repo.markPhoneVerified(ctx.db, member.id, phone);
      if (!updated) throw new AppError('CODE_INVALID');
      signedInAs = updated;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('PHONE_IN_USE', { cause: error });
      throw error;
    }
  }
  return signIn(ctx, signedInAs, client, deviceToken);
}

// --- phone create / change (signed-in member) -----------------------------------------------

export interface SessionRef {
  memberId: number;
  authenticatedAt: Date;
}

/**
 * Re-authenticates (password, or a sign-in within 10 minutes), refuses a number another member
 * verified (PHONE_IN_USE, as the spec's message asks), then texts a code bound to this member.
 */
export async function sendVerificationCode(
  ctx: PhoneContext,
  session: SessionRef,
  input: { tel: string; password: string | undefined },
  server: Server,
  language: Language,
): Promise<CodeSent> {
  const phone = normalizePhone(input.tel, server);
  const member = await reauthenticate(ctx.db, session, input.password || undefined);
  if (await repo.verifiedOwnerOtherThan(ctx.db, phone, member.id)) {
    throw new AppError('PHONE_IN_USE', { fields: [{ field: 'tel', code: 'PHONE_IN_USE' }] });
  }
  await guardSending(ctx, 'phone_verify', { target: phone }, limits.sendsPerNumberPerHour);
  await guardSending(
    ctx,
    'phone_verify',
    { memberId: member.id },
    limits.verificationsPerMemberPerHour,
  );

  const code = newCode();
  await ctx.db.transaction(async (tx) => {
    await codes.revokeCodes(tx, 'phone_verify', { memberId: member.id });
    await codes.insertCode(tx, {
      purpose: 'phone_verify',
      target: phone,
      codeHash: codeHash(ctx, 'phone_verify', phone, code),
      memberId: member.id,
      expiresAt: new Date(Date.now() + limits.codeTtlMs),
    });
    await ctx.outgoing.sms(tx, { to: phone, text: smsText(language, 'verifyCode', code) });
  });
  return codeSent;
}

/** A correct code of this member for this number: the number becomes the member's verified phone. */
export async function confirmVerificationCode(
  ctx: PhoneContext,
  memberId: number,
  input: { tel: string; code: string },
  server: Server,
): Promise<{ phone: string }> {
  const phone = normalizePhone(input.tel, server);
  const row = await checkCode(ctx, 'phone_verify', phone, input.code, memberId);
  if (await repo.verifiedOwnerOtherThan(ctx.db, phone, memberId)) {
    throw new AppError('PHONE_IN_USE', { fields: [{ field: 'tel', code: 'PHONE_IN_USE' }] });
  }
  await consumeOrFail(ctx, row.id);
  try {
    if (!(await repo.setVerifiedPhone(ctx.db, memberId, phone))) {
      throw new AppError('UNAUTHORIZED');
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PHONE_IN_USE', { cause: error });
    throw error;
  }
  return { phone: maskPhone(phone) };
}

export function resultMessage(language: Language, key: 'codeSent' | 'verified'): string {
  return interpolate(catalogs[language].phone.server[key], {
    minutes: String(limits.codeTtlMs / 60_000),
  });
}

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import {
  type QrPurpose,
  normalizeQrCode,
  qrCodeAlphabet,
  qrCodeLength,
  qrLimits,
  type QrSessionStatus,
} from '@carol/contracts';
import type { Database, DbTransaction } from '../../db/index.js';
import { AppError } from '../../lib/errors.js';
import { consoleKeyHashOf } from '../../lib/console-auth.js';
import type { ClientInfo } from '../../lib/session-cookie.js';
import { countPasswordAttempt, startSession } from '../auth/auth.service.js';
import * as repo from './qr.repo.js';

export const qrServiceLimits = {
  /** QR sessions one shop may open per 10 minutes (a mirror refreshes every 120 s). */
  opensPerShopPer10Min: 60,
  /** Code look-ups and confirmations per member per 15-minute window (database counter). */
  checksPerMember: 30,
} as const;

export interface QrContext {
  db: Database;
  appBaseUrl: string;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 28 characters of Crockford base32 = 140 random bits (32 divides 256: no modulo bias). */
export function newQrCode(): string {
  const bytes = randomBytes(qrCodeLength);
  let code = '';
  for (const byte of bytes) code += qrCodeAlphabet[byte & 31];
  return code;
}

// --- console (the shop's mirror) --------------------------------------------------------------

export async function openSession(ctx: QrContext, shopId: number, purpose: QrPurpose = 'login') {
  const recent = await repo.countRecentQrSessions(ctx.db, shopId, 600);
  if (recent >= qrServiceLimits.opensPerShopPer10Min) throw new AppError('RATE_LIMITED');
  await repo.deleteOldQrSessions(ctx.db, shopId);
  const code = newQrCode();
  const row = await repo.insertQrSession(ctx.db, {
    shopId,
    tokenHash: sha256(code),
    purpose,
    ttlSeconds: qrLimits.codeTtlSeconds,
  });
  return {
    qr_session_id: row.id,
    code,
    qr_url: `${ctx.appBaseUrl}/mypage/qrcodescanner?code=${code}`,
    expires_in: qrLimits.codeTtlSeconds,
  };
}

export interface SessionStatus {
  status: QrSessionStatus;
  expires_in: number;
  session_token?: string;
  session_expires_in?: number;
  linked_member?: { family_name: string; given_name: string };
}

/**
 * Only the shop that opened a session sees it (another shop gets NOT_FOUND, as for an unknown
 * id). The first poll after a member confirmed collects a fresh member session, exactly once.
 */
export async function pollSession(
  ctx: QrContext,
  shopId: number,
  id: number,
  client: ClientInfo,
): Promise<SessionStatus> {
  const row = await repo.findShopQrSession(ctx.db, shopId, id);
  if (!row) throw new AppError('NOT_FOUND');
  const expiresIn = Math.max(0, row.secondsLeft);
  if (row.purpose === 'link') {
    // Confirmed in the same transaction as the link (user_link_add); no session to hand out.
    if (row.confirmedAt && row.memberId !== null) {
      const member = await repo.findActiveMember(ctx.db, row.memberId);
      return {
        status: 'confirmed',
        expires_in: expiresIn,
        ...(member
          ? { linked_member: { family_name: member.familyName, given_name: member.givenName } }
          : {}),
      };
    }
    if (row.secondsLeft <= 0) return { status: 'expired', expires_in: 0 };
    return { status: 'pending', expires_in: expiresIn };
  }
  if (row.claimedAt) return { status: 'claimed', expires_in: expiresIn };
  if (row.confirmedAt) {
    const claim = await repo.claimConfirmed(ctx.db, shopId, id, qrLimits.claimGraceSeconds);
    const member = claim ? await repo.findActiveMember(ctx.db, claim.memberId) : undefined;
    if (!member) {
      // Another poll collected it a moment ago, the grace period passed, or the member left.
      const again = await repo.findShopQrSession(ctx.db, shopId, id);
      return {
        status: again?.claimedAt && claim === undefined ? 'claimed' : 'expired',
        expires_in: 0,
      };
    }
    const signedIn = await startSession(
      ctx,
      member,
      { ...client, previousSessionId: null },
      { ttlMs: qrLimits.mirrorSessionSeconds * 1000 },
    );
    return {
      status: 'confirmed',
      expires_in: expiresIn,
      session_token: signedIn.sessionToken,
      session_expires_in: qrLimits.mirrorSessionSeconds,
    };
  }
  if (row.secondsLeft <= 0) return { status: 'expired', expires_in: 0 };
  return { status: 'pending', expires_in: expiresIn };
}

// --- member (the phone) -----------------------------------------------------------------------

/**
 * Shared checks before a member touches a code: the per-member counter in the database (on top
 * of the per-IP limit of the route), a verified phone (spec 5), and a well-formed code.
 */
async function checkMember(ctx: QrContext, memberId: number, rawCode: string): Promise<string> {
  const attempts = await countPasswordAttempt(ctx.db, `qr:${memberId}`);
  if (attempts > qrServiceLimits.checksPerMember) throw new AppError('RATE_LIMITED');
  const member = await repo.findActiveMember(ctx.db, memberId);
  if (!member) throw new AppError('UNAUTHORIZED');
  if (!member.phone || !member.phoneVerifiedAt) throw new AppError('PHONE_NOT_VERIFIED');
  const code = normalizeQrCode(rawCode);
  if (!code) throw new AppError('QR_INVALID');
  return code;
}

export async function codeInfo(ctx: QrContext, memberId: number, rawCode: string) {
  const code = await checkMember(ctx, memberId, rawCode);
  const live = await repo.findLiveCode(ctx.db, sha256(code));
  if (!live || live.secondsLeft <= 0) throw new AppError('QR_INVALID');
  return {
    shop_id: live.shopId,
    shop_name: live.shopName,
    expires_in: live.secondsLeft,
    purpose: live.purpose,
  };
}

export async function confirmLogin(ctx: QrContext, memberId: number, rawCode: string) {
  const code = await checkMember(ctx, memberId, rawCode);
  const confirmed = await repo.confirmCode(ctx.db, sha256(code), memberId);
  if (!confirmed) throw new AppError('QR_INVALID');
  const shopName = (await repo.findShopName(ctx.db, confirmed.shopId)) ?? '';
  return { shop_id: confirmed.shopId, shop_name: shopName };
}

// --- link codes (a salon's mirror shows a code to link a member's account) ----------

/**
 * A scanned link code, for the confirmation sheet: counts against the same per-member budget as
 * login codes, and answers QR_INVALID for a malformed, unknown, expired or used code, a login
 * code, or a code of a salon of another market. Does not need a verified phone: the sheet says
 * so instead (the link itself refuses, see `consumeLinkCode`).
 */
export async function liveLinkCode(
  db: Database,
  memberId: number,
  rawCode: string,
  server: 'kr' | 'jp',
): Promise<{ shopId: number; secondsLeft: number }> {
  const code = await countedCode(db, memberId, rawCode);
  const live = await repo.findLiveCode(db, sha256(code));
  if (!live || live.secondsLeft <= 0 || live.purpose !== 'link') throw new AppError('QR_INVALID');
  if ((await repo.findShopServer(db, live.shopId)) !== server) throw new AppError('QR_INVALID');
  return { shopId: live.shopId, secondsLeft: live.secondsLeft };
}

/** The normalized code after the per-member attempt counter (shared with login codes). */
export async function countedCode(db: Database, memberId: number, rawCode: string) {
  const attempts = await countPasswordAttempt(db, `qr:${memberId}`);
  if (attempts > qrServiceLimits.checksPerMember) throw new AppError('RATE_LIMITED');
  const code = normalizeQrCode(rawCode);
  if (!code) throw new AppError('QR_INVALID');
  return code;
}

/**
 * Consumes a link code inside the caller's transaction (the link insert runs in the same one):
 * single use, bound to the member; QR_INVALID for anything but a live link code of `server`.
 * `code` must come from `countedCode`.
 */
export async function consumeLinkCode(
  tx: Database | DbTransaction,
  memberId: number,
  code: string,
  server: 'kr' | 'jp',
): Promise<number> {
  const row = await repo.confirmLinkCode(tx, sha256(code), memberId, server);
  if (!row) throw new AppError('QR_INVALID');
  return row.shopId;
}

// --- demo key for `npm start` -----------------------------------------------------------------

/**
 * For a local demo only: when `file` does not exist yet, mints a fresh random console key for
 * the first Korean demo shop, stores its hash and writes the key to `file` (mode 600). Nothing
 * is committed to the repository; deleting the file and restarting mints another key.
 */
export async function ensureDemoConsoleKey(
  db: Database,
  file: string,
): Promise<{ file: string; shopName: string; created: boolean } | undefined> {
  if (existsSync(file)) return { file, shopName: '', created: false };
  const shop = await repo.findFirstShop(db, 'kr');
  if (!shop) return undefined;
  const key = randomBytes(32).toString('base64url');
  await repo.insertConsoleKey(db, shop.id, consoleKeyHashOf(key));
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { file, shopName: shop.name, created: true };
}

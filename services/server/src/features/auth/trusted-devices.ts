import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/index.js';
import { trustedDevices } from '../../db/schema/index.js';
import type { Config } from '../../env.js';

// Trusted devices and addresses for the sign-in throttle.
// After a successful sign-in the browser gets a device cookie (a random 256-bit token, only its
// SHA-256 stored per member) and the client address is remembered for the member (SHA-256 of
// member id and IP). A later password attempt from either is counted on a counter of its own
// instead of the account-wide one that a distributed guess fills up.

export const trustedDeviceTtlMs = 90 * 24 * 60 * 60 * 1000;

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function deviceCookieName(secure: boolean): string {
  return secure ? '__Host-carol_dev' : 'carol_dev';
}

/** The device cookie: HttpOnly, SameSite=Strict, Path=/, Secure (and __Host-) behind HTTPS. */
export function createDeviceCookies(config: Pick<Config, 'cookieSecure'>) {
  const name = deviceCookieName(config.cookieSecure);
  const options = {
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'strict' as const,
    path: '/',
  };
  return {
    /** The well-formed device token the request carries, if any (never logged). */
    tokenOf(request: FastifyRequest): string | null {
      const token = request.cookies[name];
      return token && tokenPattern.test(token) ? token : null;
    },
    set(reply: FastifyReply, token: string): void {
      reply.setCookie(name, token, { ...options, maxAge: trustedDeviceTtlMs / 1000 });
    },
  };
}

export function deviceHashOf(token: string): string {
  return sha256(token);
}

export function addressHashOf(memberId: number, ip: string): string {
  return sha256(`${memberId}\n${ip}`);
}

export type Trust = 'cookie' | 'address' | 'none';

/**
 * How much the client is trusted for this member: a live device cookie row beats a known
 * address. Always one query, for unknown e-mails too (member id 0 matches nothing), so the
 * answer time does not tell members from strangers.
 */
export async function trustOf(
  db: Database,
  memberId: number | undefined,
  deviceToken: string | null,
  ip: string | null,
): Promise<Trust> {
  const id = memberId ?? 0;
  const rows = await db
    .select({ kind: trustedDevices.kind })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.memberId, id),
        gt(trustedDevices.expiresAt, new Date()),
        or(
          and(
            eq(trustedDevices.kind, 'cookie'),
            eq(trustedDevices.tokenHash, deviceHashOf(deviceToken ?? '')),
          ),
          and(
            eq(trustedDevices.kind, 'address'),
            eq(trustedDevices.tokenHash, addressHashOf(id, ip ?? '')),
          ),
        ),
      ),
    );
  if (deviceToken && rows.some((r) => r.kind === 'cookie')) return 'cookie';
  if (ip && rows.some((r) => r.kind === 'address')) return 'address';
  return 'none';
}

async function remember(
  db: Database,
  memberId: number,
  kind: 'cookie' | 'address',
  tokenHash: string,
): Promise<void> {
  const expiresAt = new Date(Date.now() + trustedDeviceTtlMs);
  await db
    .insert(trustedDevices)
    .values({ memberId, kind, tokenHash, expiresAt })
    .onConflictDoUpdate({
      target: [trustedDevices.memberId, trustedDevices.kind, trustedDevices.tokenHash],
      set: { expiresAt },
    });
}

/** Remembers the client address for the member (e.g. after a reset link proved the mailbox). */
export async function trustAddress(db: Database, memberId: number, ip: string | null) {
  if (ip) await remember(db, memberId, 'address', addressHashOf(memberId, ip));
}

/**
 * After a successful sign-in: trusts this browser and address for the member and returns the
 * device token to set. A token the browser already holds is kept when it is live for some member
 * (one browser shared by several members), else a new random one is issued, so a token the
 * server never handed out can't be planted and then trusted.
 */
export async function trustDevice(
  db: Database,
  memberId: number,
  presentedToken: string | null,
  ip: string | null,
): Promise<string> {
  let token = presentedToken;
  if (token) {
    const live = await db
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .where(
        and(
          eq(trustedDevices.kind, 'cookie'),
          eq(trustedDevices.tokenHash, deviceHashOf(token)),
          gt(trustedDevices.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (live.length === 0) token = null;
  }
  token ??= randomBytes(32).toString('base64url');
  await remember(db, memberId, 'cookie', deviceHashOf(token));
  await trustAddress(db, memberId, ip);
  return token;
}

/** Every device and address of the member stops being trusted (password change, reset, withdrawal). */
export async function revokeTrustedDevices(db: Database, memberId: number): Promise<void> {
  await db.delete(trustedDevices).where(eq(trustedDevices.memberId, memberId));
}

/**
 * A stable key for this client when it is trusted for the member (`dev:` + device hash, else
 * `addr:` + address hash), or null. Used to bind phone sign-in codes to the owner's browser.
 * Always one query, like `trustOf`.
 */
export async function trustedClientKey(
  db: Database,
  memberId: number | undefined,
  deviceToken: string | null,
  ip: string | null,
): Promise<string | null> {
  const trust = await trustOf(db, memberId, deviceToken, ip);
  if (trust === 'cookie' && deviceToken) return `dev:${deviceHashOf(deviceToken)}`;
  if (trust === 'address' && memberId !== undefined && ip) {
    return `addr:${addressHashOf(memberId, ip)}`;
  }
  return null;
}

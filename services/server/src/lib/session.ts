import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { members, sessions } from '../db/schema/index.js';
import { sessionStoreOf } from './session-store.js';

export interface SessionMember {
  memberId: number;
  sessionId: string;
  language: string;
  server: string;
  /** When this session was started by a sign-in (re-authentication window, see account.service). */
  authenticatedAt: Date;
}

export function sessionCookieName(secure: boolean): string {
  // __Host- binds the cookie to this exact origin, path / and Secure; plain HTTP can't use it.
  return secure ? '__Host-carol_sid' : 'carol_sid';
}

/** Session ids are the SHA-256 of the random cookie token, so a leaked table is not a key. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]{1,256})$/.exec(header.trim());
  return match?.[1];
}

/**
 * Resolves the session cookie, or an `Authorization: Bearer <session token>` header (devices
 * that are not the member's browser, e.g. a smart mirror after QR login; a header is never
 * sent by a browser on its own, so it adds no CSRF exposure). The header wins when both exist.
 */
export function createSessionLoader(db: Database, cookieName: string) {
  return async function loadMember(request: FastifyRequest): Promise<SessionMember | null> {
    const token = bearerTokenOf(request) ?? request.cookies[cookieName];
    if (!token || token.length < 32 || token.length > 128) return null;
    const id = sessionIdOf(token);
    const store = sessionStoreOf(db);
    if (store.kind === 'redis') {
      const session = await store.find(id);
      if (!session) return null;
      const [member] = await db
        .select({ language: members.language, server: members.server })
        .from(members)
        .where(and(eq(members.id, session.memberId), eq(members.status, 'active')))
        .limit(1);
      return member
        ? {
            memberId: session.memberId,
            authenticatedAt: session.createdAt,
            ...member,
            sessionId: id,
          }
        : null;
    }
    // The database store: session and member in one query.
    const rows = await db
      .select({
        memberId: sessions.memberId,
        authenticatedAt: sessions.createdAt,
        language: members.language,
        server: members.server,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(
        and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), eq(members.status, 'active')),
      )
      .limit(1);
    const row = rows[0];
    return row ? { ...row, sessionId: id } : null;
  };
}

import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { members, sessions } from '../db/schema/index.js';

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

export function createSessionLoader(db: Database, cookieName: string) {
  return async function loadMember(request: FastifyRequest): Promise<SessionMember | null> {
    const token = request.cookies[cookieName];
    if (!token || token.length < 32 || token.length > 128) return null;
    const id = sessionIdOf(token);
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

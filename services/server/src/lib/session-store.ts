import type { Redis } from 'ioredis';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Database } from '../db/index.js';
import { sessions } from '../db/schema/index.js';

/** A live server-side session (the cookie holds the token; `id` is its SHA-256). */
export interface StoredSession {
  memberId: number;
  createdAt: Date;
  expiresAt: Date;
}

export interface NewSession {
  id: string;
  memberId: number;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/**
 * Where sessions live: the `sessions` table, or Redis when REDIS_URL is set ("server-side
 * storage in the database, Redis when configured"). Every sign-in, logout and member-wide sign-out
 * (password change or reset, e-mail change, withdrawal) goes through the store of its database.
 */
export interface SessionStore {
  readonly kind: 'database' | 'redis';
  create(session: NewSession): Promise<void>;
  /** The session if it exists and has not expired. */
  find(id: string): Promise<StoredSession | null>;
  delete(id: string): Promise<void>;
  /** Ends every session of the member, optionally but one (the caller's own). */
  deleteForMember(memberId: number, options?: { except?: string }): Promise<void>;
}

export function databaseSessionStore(db: Database): SessionStore {
  return {
    kind: 'database',
    async create(session) {
      await db.insert(sessions).values(session);
    },
    async find(id) {
      const [row] = await db
        .select({
          memberId: sessions.memberId,
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
        .limit(1);
      return row ?? null;
    },
    async delete(id) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async deleteForMember(memberId, options = {}) {
      await db
        .delete(sessions)
        .where(
          options.except
            ? and(eq(sessions.memberId, memberId), ne(sessions.id, options.except))
            : eq(sessions.memberId, memberId),
        );
    },
  };
}

const sessionKey = (id: string) => `carol:sess:${id}`;
const memberKey = (memberId: number) => `carol:member-sess:${memberId}`;

/**
 * Redis layout: `carol:sess:<id>` → JSON with a PX expiry equal to the session's own, and
 * `carol:member-sess:<memberId>` → the set of that member's session ids (for member-wide
 * sign-out), kept alive as long as its longest session.
 */
export function redisSessionStore(redis: Redis): SessionStore {
  return {
    kind: 'redis',
    async create(session) {
      const ttl = Math.max(1, session.expiresAt.getTime() - Date.now());
      const value = JSON.stringify({
        memberId: session.memberId,
        createdAt: Date.now(),
        expiresAt: session.expiresAt.getTime(),
        userAgent: session.userAgent,
        ip: session.ip,
      });
      const members = memberKey(session.memberId);
      const currentTtl = await redis.pttl(members);
      const multi = redis
        .multi()
        .set(sessionKey(session.id), value, 'PX', ttl)
        .sadd(members, session.id);
      if (currentTtl < ttl) multi.pexpire(members, ttl);
      await multi.exec();
    },
    async find(id) {
      const raw = await redis.get(sessionKey(id));
      if (!raw) return null;
      const parsed = JSON.parse(raw) as { memberId: number; createdAt: number; expiresAt: number };
      if (parsed.expiresAt <= Date.now()) return null;
      return {
        memberId: parsed.memberId,
        createdAt: new Date(parsed.createdAt),
        expiresAt: new Date(parsed.expiresAt),
      };
    },
    async delete(id) {
      const raw = await redis.get(sessionKey(id));
      const multi = redis.multi().del(sessionKey(id));
      if (raw) multi.srem(memberKey((JSON.parse(raw) as { memberId: number }).memberId), id);
      await multi.exec();
    },
    async deleteForMember(memberId, options = {}) {
      const ids = (await redis.smembers(memberKey(memberId))).filter((id) => id !== options.except);
      if (ids.length === 0) return;
      await redis
        .multi()
        .del(...ids.map(sessionKey))
        .srem(memberKey(memberId), ...ids)
        .exec();
    },
  };
}

const redisStores = new WeakMap<Database, SessionStore>();

/** Called once by buildApp when Redis is configured: sessions of this database live in Redis. */
export function storeSessionsInRedis(db: Database, redis: Redis): void {
  redisStores.set(db, redisSessionStore(redis));
}

/** The session store that belongs to this database handle (Redis when configured). */
export function sessionStoreOf(db: Database): SessionStore {
  return redisStores.get(db) ?? databaseSessionStore(db);
}

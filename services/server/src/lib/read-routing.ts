import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { openDatabase, type Database } from '../db/index.js';
import type { PostgresHandle } from '../db/client.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `replica`: this route only reads public data and may read from a replica (ADR 047). */
    reads?: 'replica';
  }
}

/**
 * Read replicas (ADR 047). Only routes registered with `reads: 'replica'` (public reads:
 * search, map, salon and designer pages, style book, home) may read from the replica, decided
 * on the route the router matched, never on the URL. Each one still reads from the primary
 * when:
 * - this client changed something in the last `stickyMs` (read-your-writes): any non-GET
 *   request to another route sets a short cookie, `carol_rp`, holding the time until which its
 *   reads stay on the primary (a forged or kept cookie only sends its bearer's reads to the
 *   primary; a dropped one only shows its bearer a replica's view);
 * - the replica is further behind than `maxLagMs`, or down.
 *
 * Lag is measured, not guessed: about once a second the primary's WAL position is read, then
 * whether the replica has replayed up to it. When it has, the replica holds everything
 * committed before that first read, so its staleness is at most the time since then. A replica
 * never seen caught up counts as infinitely behind.
 */
export interface ReadRouter {
  readonly primary: Database;
  /** The database a replica-allowed route reads from for this request. */
  choose(request: FastifyRequest): Promise<ReadChoice>;
  /** A query on the replica failed: reads go to the primary until a probe succeeds again. */
  replicaFailed(error: unknown): void;
  /** After a request that may have written: this client's reads stay on the primary a while. */
  markWrite(request: FastifyRequest, reply: FastifyReply): void;
  /** The last probe's view (for logs and tests). */
  status(): ReplicaStatus;
}

export interface ReadChoice {
  db: Database;
  source: 'replica' | 'primary';
  /** Why the primary was chosen. */
  reason?: 'recent-write' | 'lag' | 'down';
}

export interface ReplicaStatus {
  healthy: boolean;
  /** Upper bound of the replica's staleness; null when never seen caught up. */
  lagMs: number | null;
}

export interface ReadRouterOptions {
  primary: { db: Database; pool: pg.Pool };
  replica: { db: Database; pool: pg.Pool };
  /** Replica staleness beyond which reads go to the primary. */
  maxLagMs: number;
  /** How long a client's reads stay on the primary after it changed something. */
  stickyMs: number;
  cookieSecure: boolean;
  /** How long a measurement is reused. Default 1000. */
  probeIntervalMs?: number;
  /** A probe slower than this counts as the replica being down. Default 1000. */
  probeTimeoutMs?: number;
  onReplicaError?: (error: unknown) => void;
}

export const readPrimaryCookie = 'carol_rp';

export function createReadRouter(options: ReadRouterOptions): ReadRouter {
  const probeIntervalMs = options.probeIntervalMs ?? 1000;
  const probeTimeoutMs = options.probeTimeoutMs ?? 1000;
  let healthy = false;
  let caughtUpAt: number | null = null;
  let probedAt = 0;
  let probing: Promise<void> | null = null;
  // Reported once per outage, not once per probe.
  let reportedDown = false;
  const reportDown = (error: unknown) => {
    if (reportedDown) return;
    reportedDown = true;
    options.onReplicaError?.(error);
  };

  async function measure(): Promise<void> {
    const sampledAt = Date.now();
    const primary = await options.primary.pool.query<{ lsn: string }>(
      'select pg_current_wal_lsn()::text as lsn',
    );
    const lsn = primary.rows[0]!.lsn;
    // A server not in recovery (DATABASE_READ_URL naming a primary) is read as current.
    const replica = await options.replica.pool.query<{ caught_up: boolean }>(
      `select not pg_is_in_recovery()
          or pg_wal_lsn_diff(coalesce(pg_last_wal_replay_lsn(), '0/0'), $1::pg_lsn) >= 0
          as caught_up`,
      [lsn],
    );
    if (replica.rows[0]!.caught_up) caughtUpAt = sampledAt;
  }

  function probe(): Promise<void> {
    probing ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          measure(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('replica probe timed out')), probeTimeoutMs);
          }),
        ]);
        healthy = true;
        reportedDown = false;
      } catch (error) {
        healthy = false;
        reportDown(error);
      } finally {
        clearTimeout(timer);
        probedAt = Date.now();
        probing = null;
      }
    })();
    return probing;
  }

  const lagMs = () => (caughtUpAt === null ? null : Date.now() - caughtUpAt);
  const primaryChoice = (reason: ReadChoice['reason']): ReadChoice => ({
    db: options.primary.db,
    source: 'primary',
    reason,
  });

  return {
    primary: options.primary.db,
    async choose(request) {
      const until = Number(request.cookies[readPrimaryCookie]);
      if (Number.isFinite(until) && until > Date.now()) return primaryChoice('recent-write');
      if (Date.now() - probedAt >= probeIntervalMs) await probe();
      if (!healthy) return primaryChoice('down');
      const lag = lagMs();
      if (lag === null || lag > options.maxLagMs) return primaryChoice('lag');
      return { db: options.replica.db, source: 'replica' };
    },
    replicaFailed(error) {
      healthy = false;
      probedAt = Date.now();
      reportDown(error);
    },
    markWrite(_request, reply) {
      const until = Date.now() + options.stickyMs;
      reply.setCookie(readPrimaryCookie, String(until), {
        httpOnly: true,
        secure: options.cookieSecure,
        sameSite: 'lax',
        path: '/',
        maxAge: Math.ceil(options.stickyMs / 1000),
      });
    },
    status: () => ({ healthy, lagMs: lagMs() }),
  };
}

/**
 * Every request that may change something (any method but GET/HEAD/OPTIONS on a matched route
 * not marked `reads: 'replica'`, console routes aside) keeps its client's reads on the primary
 * for a while. Registered on the root instance so raw routes (uploads) count too.
 */
export function registerReadYourWrites(app: FastifyInstance, router: ReadRouter): void {
  // Before the handler, so @fastify/cookie writes it with the answer (success or not).
  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS')
      return;
    const { config, url } = request.routeOptions;
    if (url === undefined || config.reads === 'replica' || config.access === 'console') return;
    router.markWrite(request, reply);
  });
}

/**
 * Opens the replica's pool next to an open primary and routes between them. The replica's pool
 * fails fast (a down replica must cost a request milliseconds, not the connect timeout).
 */
export async function openReadReplica(
  primary: PostgresHandle,
  options: { url: string; maxLagMs: number; stickyMs: number; cookieSecure: boolean } & Pick<
    ReadRouterOptions,
    'probeIntervalMs' | 'onReplicaError'
  >,
): Promise<{ router: ReadRouter; replica: PostgresHandle; close(): Promise<void> }> {
  const replica = await openDatabase({
    databaseUrl: options.url,
    connectionTimeoutMillis: 2000,
    onPoolError: (error) => options.onReplicaError?.(error),
  });
  if (replica.kind !== 'postgres') throw new Error('DATABASE_READ_URL must be a PostgreSQL URL');
  const router = createReadRouter({
    primary: { db: primary.db, pool: primary.client },
    replica: { db: replica.db, pool: replica.client },
    maxLagMs: options.maxLagMs,
    stickyMs: options.stickyMs,
    cookieSecure: options.cookieSecure,
    ...(options.probeIntervalMs !== undefined ? { probeIntervalMs: options.probeIntervalMs } : {}),
    ...(options.onReplicaError ? { onReplicaError: options.onReplicaError } : {}),
  });
  return { router, replica, close: () => replica.close() };
}

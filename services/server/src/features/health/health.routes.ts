import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/index.js';
import { sql } from 'drizzle-orm';

/** Liveness says the process answers; readiness says its dependencies do too. */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: Database; redis?: Redis | undefined; lifecycle?: { draining: boolean } | undefined },
): void {
  app.get('/healthz', { config: { rateLimit: false } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { rateLimit: false } }, async (_request, reply) => {
    // Shutting down: the balancer stops sending new requests while the running ones finish.
    if (deps.lifecycle?.draining) return reply.status(503).send({ status: 'draining', checks: {} });
    const checks: Record<string, 'ok' | 'fail'> = {};
    try {
      await deps.db.execute(sql`select 1`);
      checks.database = 'ok';
    } catch {
      checks.database = 'fail';
    }
    if (deps.redis) {
      try {
        await deps.redis.ping();
        checks.redis = 'ok';
      } catch {
        checks.redis = 'fail';
      }
    }
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'fail', checks });
  });
}

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { mlPlugin } from '../src/index.js';

/**
 * The ML plugin on a real one-worker pool with the models loaded, for the enclosing `describe`
 * (registers its own beforeAll/afterAll); `pool.app` is set once beforeAll has run.
 */
export function withPoolApp(): { app: FastifyInstance } {
  const pool = { app: undefined as unknown as FastifyInstance };
  beforeAll(async () => {
    pool.app = Fastify({ logger: false });
    await pool.app.register(mlPlugin, { poolSize: 1, preload: true });
  }, 120_000);
  afterAll(async () => {
    await pool.app?.close();
  });
  return pool;
}

import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/env.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * A real app (every plugin, hook and route) on a fresh, migrated database for one test file.
 * `runJobs: false` keeps its job worker stopped: the test runs the stored jobs itself, at the
 * times it chooses.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { runJobs?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    SEED_ON_START: 'false',
    DATA_DIR: '/nonexistent-test-data',
    RATE_LIMIT_PER_MINUTE: '10000',
    RATE_LIMIT_MEMBER_PER_MINUTE: '10000',
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger: false,
    ...(options.runJobs === false ? { runJobs: false } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Posts form-data exactly as the web client does: every field a string, plus server/country_code. */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string | number>,
  options: {
    headers?: InjectOptions['headers'];
    server?: 'kr' | 'jp';
    /** Client IP as the server sees it (per-IP rate limits). */
    remoteAddress?: string;
  } = {},
) {
  const form = new FormData();
  const server = options.server ?? 'kr';
  form.set('server', server);
  form.set('country_code', server);
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
  return app.inject({
    method: 'POST',
    url,
    payload: form,
    headers: options.headers ?? {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis, type RedisOptions } from 'ioredis';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../env.js';
import { createTestDatabase, type TestDatabase } from '../../../test/db.js';
import { postForm } from '../../../test/app.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('with Redis (TEST_REDIS_URL)', () => {
  let database: TestDatabase;
  const clients: Redis[] = [];
  const newClient = (url: string, options: RedisOptions = {}) => {
    const client = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, ...options });
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    clients.forEach((c) => c.disconnect());
    await database.close();
  });

  it('shares one rate-limit budget between two instances', async () => {
    // A unique namespace per run keeps parallel or repeated runs from sharing counters.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      RATE_LIMIT_PER_MINUTE: '4',
      DATA_DIR: `/nonexistent-${randomUUID()}`,
    });
    const sharedPrefix = `${randomUUID()}:`;
    const a = await buildApp({
      config,
      db: database.db,
      redis: newClient(redisUrl!, { keyPrefix: sharedPrefix }),
      logger: false,
    });
    const b = await buildApp({
      config,
      db: database.db,
      redis: newClient(redisUrl!, { keyPrefix: sharedPrefix }),
      logger: false,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? a : b;
      statuses.push((await postForm(app, '/api/carol/banner/getMainBanner', {})).statusCode);
    }
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    expect((await a.inject('/readyz')).json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'ok' },
    });
    await a.close();
    await b.close();
  });

  it('reports not ready when Redis does not answer', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      DATA_DIR: `/nonexistent-${randomUUID()}`,
    });
    const dead = newClient('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    const app = await buildApp({ config, db: database.db, redis: dead, logger: false });
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'fail', checks: { database: 'ok', redis: 'fail' } });
    await app.close();
  });
});

import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../env.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { postForm } from '../../test/app.js';
import { buildMember } from '../../test/factories.js';
import { hashPassword } from './password.js';

/**
 * Request limits (ADR 023): with the production limits, static files never count, the API
 * limit still holds, and the decision is the matched route's, not the URL's.
 *
 * A built web app's shape: index.html, hashed scripts and styles, 64 font files (a cold visit
 * in Japanese downloads that many), the favicon, and media images.
 */
const scripts = Array.from({ length: 28 }, (_, i) => `assets/chunk${i}-Ab12Cd${i}.js`);
const fonts = Array.from(
  { length: 64 },
  (_, i) => `assets/noto-sans-jp-${i}-400-normal-Xy${i}.woff2`,
);
const coldVisit = [
  '/',
  '/assets/index-Zz99Yy88.css',
  ...scripts.map((f) => `/${f}`),
  ...fonts.map((f) => `/${f}`),
  '/favicon.svg',
  ...Array.from({ length: 20 }, (_, i) => `/media/seed/shops/${i}.jpg`),
  // Deep links answered by the SPA fallback (index.html).
  '/find/h',
  '/find/saloninfo/52',
];
const coldVisits = 20;

const redisUrl = process.env.TEST_REDIS_URL;
const stores: Array<{ name: string; redis: boolean }> = [
  { name: 'in-process store', redis: false },
  ...(redisUrl ? [{ name: 'Redis store (TEST_REDIS_URL)', redis: true }] : []),
];

describe.each(stores)('rate limits with production settings, $name', ({ redis: useRedis }) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let config: Config;
  let redis: Redis | undefined;
  let dir: string;
  const password = 'Limits_pass1';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'carol-rl-'));
    const web = join(dir, 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    mkdirSync(join(dir, 'data', 'media', 'seed', 'shops'), { recursive: true });
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script>window.x=1</script></body></html>',
    );
    writeFileSync(join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(web, 'sw.js'), 'self;');
    writeFileSync(join(web, 'workbox-6b95745d.js'), 'self;');
    writeFileSync(join(web, 'manifest.webmanifest'), '{}');
    writeFileSync(join(web, 'assets', 'index-Zz99Yy88.css'), 'body{}');
    for (const f of scripts) writeFileSync(join(web, f), 'export {};');
    for (const f of fonts) writeFileSync(join(web, f), 'wOF2');
    for (let i = 0; i < 20; i++)
      writeFileSync(join(dir, 'data', 'media', 'seed', 'shops', `${i}.jpg`), 'j');

    database = await createTestDatabase();
    // No RATE_LIMIT_* here: the defaults a production server runs with.
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_ON_START: 'false',
      SERVE_WEB: 'true',
      WEB_DIST_DIR: web,
      DATA_DIR: join(dir, 'data'),
      COOKIE_SECURE: 'false',
      SERVICE_BASES: 'main,shop',
    });
    redis = useRedis
      ? new Redis(redisUrl!, { keyPrefix: `${randomUUID()}:`, maxRetriesPerRequest: 1 })
      : undefined;
    app = await buildApp({ config, db: database.db, ...(redis ? { redis } : {}), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    redis?.disconnect();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, remoteAddress, headers });
  /** The cheapest API call: refused by validation, after the limiter has counted it. */
  const apiCall = (remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/carol/banner/getMainBanner',
      payload: {},
      remoteAddress,
      headers,
    });
  const exhaustApi = async (remoteAddress: string, max: number, headers = {}) => {
    const statuses = new Set<number>();
    for (let i = 0; i < max; i++) statuses.add((await apiCall(remoteAddress, headers)).statusCode);
    expect(statuses.has(429)).toBe(false);
    expect((await apiCall(remoteAddress, headers)).statusCode).toBe(429);
  };

  it(`${coldVisits} cold visits from one address: no asset, font, image or page is ever refused`, async () => {
    const statuses = new Map<number, number>();
    for (let visit = 0; visit < coldVisits; visit++) {
      for (const url of coldVisit) {
        const res = await get(url, '203.0.113.7');
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: coldVisits * coldVisit.length });
  });

  it('caches hashed files for a year, revalidates the page and service worker, a day for other unhashed files', async () => {
    const at = '203.0.113.8';
    const immutable = 'public, max-age=31536000, immutable';
    expect((await get(`/${fonts[0]}`, at)).headers['cache-control']).toBe(immutable);
    expect((await get(`/${scripts[0]}`, at)).headers['cache-control']).toBe(immutable);
    expect((await get('/', at)).headers['cache-control']).toBe('no-cache');
    expect((await get('/find/h', at)).headers['cache-control']).toBe('no-cache');
    expect((await get('/favicon.svg', at)).headers['cache-control']).toBe('public, max-age=86400');
    // The service worker and the manifest: a new version is seen on the next check (ADR 029).
    for (const file of ['/sw.js', '/workbox-6b95745d.js', '/manifest.webmanifest']) {
      expect((await get(file, at)).headers['cache-control'], file).toBe('no-cache');
    }
    // A chunk of an older build is a 404, not the page (its import must fail, not parse HTML).
    const stale = await get('/assets/chunk-gone-Qq11.js', at);
    expect(stale.statusCode).toBe(404);
    expect(stale.headers['content-type']).toMatch(/json/);
  });

  it('still limits the API per address; once refused, the same address still loads the app', async () => {
    const at = '198.51.100.20';
    await exhaustApi(at, config.rateLimitPerMinute);
    for (const url of [
      '/',
      '/find/h',
      `/${fonts[5]}`,
      `/${scripts[3]}`,
      '/media/seed/shops/1.jpg',
    ]) {
      expect((await get(url, at)).statusCode, url).toBe(200);
    }
    // Another address behind its own budget.
    expect((await apiCall('198.51.100.21')).statusCode).toBe(400);
  });

  it('decides by the route the router matched, not by how the URL looks', async () => {
    const at = '198.51.100.30';
    await exhaustApi(at, config.rateLimitPerMinute);
    // Dot segments do not smuggle an API call past the limit, nor make a file look like an API call.
    const smuggled = await app.inject({
      method: 'POST',
      url: '/assets/../api/carol/banner/getMainBanner',
      payload: { server: 'kr', country_code: 'kr' },
      remoteAddress: at,
    });
    expect([404, 429]).toContain(smuggled.statusCode);
    expect((await get(`/api/../${fonts[1]}`, at)).statusCode).not.toBe(429);
    expect((await get(`/api/carol/../../${scripts[1]}`, at)).statusCode).not.toBe(429);
    // Unknown paths: the SPA fallback (a page) or a plain 404, never a 429.
    expect((await get('/no/such/screen', at)).statusCode).toBe(200);
    expect((await get('/api/carol/no/such/endpoint', at)).statusCode).toBe(404);
    // Health checks are outside the API limit.
    expect((await get('/healthz', at)).statusCode).toBe(200);
  });

  it('counts a signed-in member on their own budget, not their address', async () => {
    const at = '198.51.100.40';
    const member = await buildMember(database.db, { passwordHash: await hashPassword(password) });
    const login = await postForm(
      app,
      '/api/userapi/login/login',
      { email: member.email!, password },
      { remoteAddress: '198.51.100.41' },
    );
    expect(login.statusCode).toBe(200);
    const token = /carol_sid=([^;]+)/.exec(String(login.headers['set-cookie']))![1]!;
    const cookie = { cookie: `carol_sid=${token}` };

    // The address's anonymous budget spent (the neighbours at the salon's Wi-Fi)...
    await exhaustApi(at, config.rateLimitPerMinute);
    // ...the member behind it is still served, and a made-up session does not escape the address.
    expect((await apiCall(at, cookie)).statusCode).toBe(400);
    expect((await apiCall(at, { cookie: `carol_sid=${'x'.repeat(43)}` })).statusCode).toBe(429);

    // The member's own budget holds wherever they are.
    await exhaustApi('198.51.100.42', config.rateLimitMemberPerMinute - 1, cookie);
    expect((await apiCall('198.51.100.43', cookie)).statusCode).toBe(429);
  });
});

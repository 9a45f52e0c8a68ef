// Read replicas (ADR 047) on a real streaming replica: a PostgreSQL primary and a hot standby
// started from Debian's binaries (scripts/lib/pg-local.ts) on ports 5433/5434, whatever
// TEST_DATABASE_URL says (the shared server has no replica). Proof of which server answered:
// replay is paused on the replica and a salon renamed on the primary, so the name in the answer
// tells where it was read.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopDetail } from '@carol/contracts';
import {
  postgresBinDir,
  startPrimary,
  startReplica,
  type LocalPostgres,
  type LocalReplica,
} from '../../../../scripts/lib/pg-local.js';
import { buildApp } from '../app.js';
import { openDatabase, runMigrations, type DatabaseHandle } from '../db/index.js';
import { shops } from '../db/schema/index.js';
import { loadConfig } from '../env.js';
import { buildMember, buildSession, buildShop } from '../../test/factories.js';
import { postForm } from '../../test/app.js';
import { openReadReplica, readPrimaryCookie } from './read-routing.js';

const binaries = postgresBinDir();
if (!binaries) console.warn('read-routing: PostgreSQL server binaries not found, test skipped');

const maxLagMs = 2500;
const dirs = join(tmpdir(), `carol-replica-${randomBytes(4).toString('hex')}`);
let primary: LocalPostgres;
let replica: LocalReplica;
let handle: DatabaseHandle;
const opened: Array<{ app: FastifyInstance; close(): Promise<void> }> = [];
let app: FastifyInstance;
/** Probes once and keeps believing the replica up and current (the mid-request failure). */
let trusting: FastifyInstance;
let shopId: number;
let memberCookie: string;

async function buildRoutedApp(probeIntervalMs: number, lagBoundMs: number) {
  if (handle.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    SEED_ON_START: 'false',
    COOKIE_SECURE: 'false',
    DATA_DIR: join(dirs, 'data'),
    DATABASE_URL: primary.url,
    DATABASE_READ_URL: replica.url,
    RATE_LIMIT_PER_MINUTE: '10000',
    RATE_LIMIT_MEMBER_PER_MINUTE: '10000',
  });
  const reads = await openReadReplica(handle, {
    ...config.readReplica!,
    maxLagMs: lagBoundMs,
    stickyMs: 60_000,
    cookieSecure: config.cookieSecure,
    probeIntervalMs,
    onReplicaError: () => {},
  });
  const built = await buildApp({ config, db: handle.db, reads: reads.router, logger: false });
  await built.ready();
  opened.push({
    app: built,
    async close() {
      await built.close();
      await reads.close();
    },
  });
  return built;
}

const detailUrl = '/api/carol/shop/getShopDetail';
const nameSeenBy = async (target: FastifyInstance, cookie?: string) => {
  const res = await postForm(
    target,
    detailUrl,
    { shop_id: shopId },
    cookie ? { headers: { cookie } } : {},
  );
  expect(res.statusCode).toBe(200);
  return res.json<{ detail: ShopDetail }>().detail.name;
};
const rename = (name: string) => handle.db.update(shops).set({ name }).where(eq(shops.id, shopId));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!binaries)('read replica routing', () => {
  beforeAll(async () => {
    primary = await startPrimary({ port: 5433, dir: join(dirs, 'primary') });
    replica = await startReplica(primary, { port: 5434, dir: join(dirs, 'replica') });
    handle = await openDatabase({ databaseUrl: primary.url });
    await runMigrations(handle);
    shopId = (await buildShop(handle.db, { name: 'Salon One' })).id;
    const member = await buildMember(handle.db);
    memberCookie = `carol_sid=${await buildSession(handle.db, member.id)}`;
    await replica.waitForReplay();
    app = await buildRoutedApp(100, maxLagMs);
    trusting = await buildRoutedApp(600_000, 600_000);
  });

  afterAll(async () => {
    for (const o of opened) await o.close();
    await handle?.close();
    await replica?.stop();
    await primary?.stop();
    rmSync(dirs, { recursive: true, force: true });
  });

  it('serves public reads from the replica, a member who just wrote from the primary, and the primary once lag passes the bound', async () => {
    // Both apps have seen the replica caught up.
    expect(await nameSeenBy(app)).toBe('Salon One');
    expect(await nameSeenBy(trusting)).toBe('Salon One');

    await replica.pauseReplay();
    await rename('Salon Two');
    const writtenAt = Date.now();
    // The primary has it, the replica does not yet: a guest's salon page is the replica's.
    expect(await replica.query(`select name from shops where id = ${shopId}`)).toBe('Salon One');
    expect(await nameSeenBy(app)).toBe('Salon One');

    // A member changes something (a favourite): from then on their reads are the primary's,
    // the salon page included (it shows the new name and the heart they just set).
    const favourite = await postForm(
      app,
      '/api/carol/shop/setShopFavorite',
      { shop_id: shopId },
      { headers: { cookie: memberCookie } },
    );
    expect(favourite.statusCode).toBe(200);
    const marker = favourite.cookies.find((c) => c.name === readPrimaryCookie);
    expect(marker?.httpOnly).toBe(true);
    const asMember = `${memberCookie}; ${readPrimaryCookie}=${marker!.value}`;
    const seen = await postForm(
      app,
      detailUrl,
      { shop_id: shopId },
      { headers: { cookie: asMember } },
    );
    expect(seen.json<{ detail: ShopDetail }>().detail).toMatchObject({
      name: 'Salon Two',
      is_favorite: true,
    });
    // The same member without the marker would still read the replica (no heart there yet).
    const replicaView = await postForm(
      app,
      detailUrl,
      { shop_id: shopId },
      { headers: { cookie: memberCookie } },
    );
    expect(replicaView.json<{ detail: ShopDetail }>().detail).toMatchObject({
      name: 'Salon One',
      is_favorite: false,
    });
    // A public read sets no marker; an expired marker counts for nothing.
    const guest = await postForm(app, detailUrl, { shop_id: shopId });
    expect(guest.cookies.find((c) => c.name === readPrimaryCookie)).toBeUndefined();
    expect(await nameSeenBy(app, `${readPrimaryCookie}=${Date.now() - 1}`)).toBe('Salon One');
    expect(Date.now() - writtenAt).toBeLessThan(maxLagMs);

    // Past the lag bound, the guest reads the primary too.
    await sleep(Math.max(0, writtenAt + maxLagMs + 300 - Date.now()));
    expect(await nameSeenBy(app)).toBe('Salon Two');

    // Replay resumes: the replica catches up and serves again (proved by pausing once more).
    await replica.resumeReplay();
    await replica.waitForReplay();
    await sleep(150);
    expect(await nameSeenBy(app)).toBe('Salon Two');
    await replica.pauseReplay();
    await rename('Salon Three');
    expect(await nameSeenBy(app)).toBe('Salon Two');
    await replica.resumeReplay();
    await replica.waitForReplay();
  });

  it('routes on the matched route, not the URL spelling: a member route never reads the replica', async () => {
    await replica.pauseReplay();
    await rename('Salon Four');
    try {
      // The favourites list is a member read: always the primary (it shows the new name).
      for (const url of [
        '/api/carol/mypage/getShopFavoriteList',
        '/%61pi/carol/mypage/getShopFavoriteList',
      ]) {
        const res = await postForm(app, url, { page: 1 }, { headers: { cookie: memberCookie } });
        if (res.statusCode === 404) continue;
        expect(res.statusCode).toBe(200);
        expect(JSON.stringify(res.json())).toContain('Salon Four');
      }
      expect(await nameSeenBy(app)).toBe('Salon Three');
    } finally {
      await replica.resumeReplay();
      await replica.waitForReplay();
    }
  });

  it('falls back to the primary when the replica stops, mid-request included, never a 5xx', async () => {
    await rename('Salon Five');
    await replica.waitForReplay();
    await sleep(150);
    expect(await nameSeenBy(app)).toBe('Salon Five');
    expect(await nameSeenBy(trusting)).toBe('Salon Five');

    replica.kill();
    await sleep(200);
    await rename('Salon Six');
    // `app` probes and finds it down; `trusting` still believes it up, its query fails and the
    // read is repeated on the primary.
    for (const target of [app, trusting, app, trusting]) {
      expect(await nameSeenBy(target)).toBe('Salon Six');
    }
  });
});

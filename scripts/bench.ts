/**
 * `npm run bench`: throughput and latency of the first endpoints on a real listening server,
 * each as a ratio against a baseline measured in the same run (GET /healthz: the framework,
 * network and hook floor with no database work). Ratios, not absolute numbers, are what to
 * compare between runs and machines. Runs on in-memory PGlite by default, or on PostgreSQL
 * with BENCH_DATABASE_URL (a throwaway database is created and dropped there). With
 * BENCH_REDIS_URL, sessions and rate limits live in Redis as they do with REDIS_URL. With
 * BENCH_SHOPS=100000 the searches run on the seed generator's data set of that size. With
 * `-- --cluster`, the cluster mode (scripts/cluster/bench.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { buildApp } from '../services/server/src/app.js';
import { seedDemoData } from '../services/server/src/db/seed/seed.js';
import { loadConfig } from '../services/server/src/env.js';
import { sessionIdOf } from '../services/server/src/lib/session.js';
import { sessionStoreOf } from '../services/server/src/lib/session-store.js';
import { addDays, todayIn } from '@carol/contracts';
import { createTestDatabase } from '../services/server/test/db.js';
import {
  buildBanner,
  buildDesigner,
  buildHairColor,
  buildMember,
  buildMenu,
  buildSession,
  buildShop,
} from '../services/server/test/factories.js';

// `npm run bench -- --cluster`: throughput through HAProxy with 1, 2 and 3 instances.
if (process.argv.includes('--cluster')) {
  const { runClusterBench } = await import('./cluster/bench.js');
  await runClusterBench();
  process.exit(0);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

const database = await createTestDatabase();
const db = database.db;
for (let i = 1; i <= 6; i++) {
  await buildBanner(db, {
    position: i <= 4 ? 'main' : 'middle',
    server: 'kr',
    language: null,
    sort: i,
  });
}
for (let i = 0; i < 24; i++) await buildHairColor(db, { isHot: i < 12, popularity: 100 - i });
// Search rows. With BENCH_SHOPS (e.g. 100000) the real seed generator (`npm run db:seed --
// --shops N`) fills the bench database once per run: the curated demo salons plus generated
// ones over Korea and Japan, with menus, designers and style-book photos. Without it, a few
// hundred factory shops spread over about 20 km around Seoul, one menu each (a quick run).
const seededShops = process.env.BENCH_SHOPS ? Number(process.env.BENCH_SHOPS) : undefined;
if (seededShops !== undefined && (!Number.isInteger(seededShops) || seededShops < 1))
  throw new Error('BENCH_SHOPS must be a positive integer');
let seedNote = '300 factory shops';
if (seededShops !== undefined) {
  const mediaDir = mkdtempSync(join(tmpdir(), 'carol-bench-media-'));
  const summary = await seedDemoData(database.handle, {
    mediaDir,
    shops: seededShops,
    renderImages: false,
  });
  rmSync(mediaDir, { recursive: true, force: true });
  seedNote = `${summary.shops} seeded shops (${summary.designers} designers, ${summary.menus} menus; seeded in ${(summary.ms / 1000).toFixed(0)} s)`;
} else {
  const shopWords = ['헤어', '살롱', '라온', '보니토', '바버', '뷰티', '스튜디오', '컬러'];
  for (let i = 0; i < 300; i++) {
    const shop = await buildShop(db, {
      name: `${shopWords[i % shopWords.length]}${shopWords[(i * 7) % shopWords.length]} ${i}호점`,
      location: { x: 126.88 + ((i * 37) % 200) * 0.001, y: 37.48 + ((i * 53) % 160) * 0.001 },
      reviewCount: (i * 13) % 400,
    });
    await buildMenu(db, shop.id, { basePrice: 20_000 + (i % 10) * 5_000 });
  }
}
const member = await buildMember(db);
// Booking: a shop with 20 designers (10:00–19:00) and a 30-minute menu. Every
// add_booking request books the next free (day, time, designer) with a new idempotency key,
// so each one is a real insert through the exclusion constraint, never a clash.
const bookingShop = await buildShop(db, { name: '벤치 예약 헤어' });
const bookingDesigners: number[] = [];
for (let i = 0; i < 20; i++) bookingDesigners.push((await buildDesigner(db, bookingShop.id)).id);
const bookingMenu = await buildMenu(db, bookingShop.id, { durationMinutes: 30 });
const bookingFirstDay = addDays(todayIn('Asia/Seoul'), 1);
let bookingSequence = 0;
function nextBookingBody(): string {
  const n = bookingSequence++;
  const slot = Math.floor(n / bookingDesigners.length);
  const minutes = 600 + (slot % 18) * 30;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return new URLSearchParams({
    server: 'kr',
    country_code: 'kr',
    shop_id: String(bookingShop.id),
    designer_id: String(bookingDesigners[n % bookingDesigners.length]),
    date: addDays(bookingFirstDay, Math.floor(slot / 18) % 89),
    time,
    menu_ids: String(bookingMenu.id),
    booker_name: 'Bench',
    booker_phone: member.phone ?? '',
    agree_personal_info: 'true',
    agree_third_party: 'true',
    idempotency_key: `bench-${n}-${randomBytes(6).toString('hex')}`,
  }).toString();
}

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  SEED_ON_START: 'false',
  COOKIE_SECURE: 'false',
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_MEMBER_PER_MINUTE: '100000000',
  DATA_DIR: '/nonexistent-bench',
  // No row measures the ML base, whose plugin loads its models at start (slow on a busy machine).
  SERVICE_BASES: 'main,shop',
});
const redis = process.env.BENCH_REDIS_URL
  ? new Redis(process.env.BENCH_REDIS_URL, { keyPrefix: `bench-${Date.now()}:` })
  : undefined;
const app = await buildApp({ config, db, logger: false, ...(redis ? { redis } : {}) });
// After buildApp, so the session goes to the store the app uses (Redis when configured).
let token: string;
if (redis) {
  token = randomBytes(32).toString('base64url');
  await sessionStoreOf(db).create({
    id: sessionIdOf(token),
    memberId: member.id,
    expiresAt: new Date(Date.now() + 3_600_000),
    userAgent: null,
    ip: null,
  });
} else {
  token = await buildSession(db, member.id);
}
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no address');
const base = `http://127.0.0.1:${address.port}`;

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(
  name: string,
  path: string,
  options: Partial<autocannon.Options> = {},
): Promise<Row> {
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration: seconds,
    ...options,
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: bad,
  };
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const signedIn = { ...form, cookie: `carol_sid=${token}` };
/** A form POST, as the spec's clients send every call (`headers`: signedIn for member calls). */
const post = (name: string, path: string, body: string, headers: Record<string, string> = form) =>
  measure(name, path, { method: 'POST', headers, body });
console.log(
  `Carol bench: ${database.kind}${redis ? ' + Redis sessions' : ''}, ${seedNote}, ${connections} connections, ${seconds} s each, Node ${process.version}\n`,
);
const baseline = await measure('baseline GET /healthz', '/healthz');
const rows = [
  baseline,
  await post('POST getMainBanner', '/api/carol/banner/getMainBanner', 'server=kr&country_code=kr'),
  await post(
    'POST getHotHairColorList',
    '/api/carol/home/getHotHairColorList',
    'server=kr&country_code=kr&limit=12',
  ),
  await post(
    'POST user_check (session)',
    '/api/carol/account/user_check',
    `server=kr&country_code=kr&user_id=${member.id}`,
    signedIn,
  ),
  await post(
    'POST shop search (keyword)',
    '/api/carol/shop/getShopSearchInfo',
    `server=kr&country_code=kr&keyword=${encodeURIComponent('헤어샾')}&page_size=20`,
  ),
  await post(
    'POST place search (gazetteer)',
    '/api/carol/coord/getSearchList',
    `server=kr&country_code=kr&keyword=${encodeURIComponent('강남')}&limit=20`,
  ),
  await post(
    'POST shop search (distance)',
    '/api/carol/shop/getShopSearchInfo',
    'server=kr&country_code=kr&lat=37.5665&lng=126.978&sort=distance&page_size=20',
  ),
  await post(
    'POST map bounds (clusters)',
    '/api/carol/shop/getShopSearchInfoForMap',
    'server=kr&country_code=kr&sw_lat=37.40&sw_lng=126.80&ne_lat=37.70&ne_lng=127.20&zoom=11',
  ),
  await post(
    'POST map bounds (shops)',
    '/api/carol/shop/getShopSearchInfoForMap',
    'server=kr&country_code=kr&sw_lat=37.55&sw_lng=126.97&ne_lat=37.57&ne_lng=126.99&zoom=15',
  ),
  await post(
    'POST shop search (price filter)',
    '/api/carol/shop/getShopSearchInfo',
    'server=kr&country_code=kr&min_price=20000&max_price=30000&page_size=20',
  ),
  await post(
    'POST home nearby designers',
    '/api/carol/designer/getDesignerSearchInfo',
    'server=kr&country_code=kr&page_size=10',
  ),
  await post(
    'POST home hot styles',
    '/api/carol/home/getHotStyleList',
    'server=kr&country_code=kr&limit=10',
  ),
  await post(
    'POST get_booking_time',
    '/shop-api/carol/booking/get_booking_time',
    `server=kr&country_code=kr&shop_id=${bookingShop.id}&date=${bookingFirstDay}&menu_ids=${bookingMenu.id}`,
    signedIn,
  ),
  await measure('POST add_booking (new booking)', '/shop-api/carol/booking/add_booking', {
    requests: [
      {
        method: 'POST',
        headers: signedIn,
        setupRequest: (request) => ({ ...request, body: nextBookingBody() }),
      },
    ],
  }),
];

console.log('endpoint                        req/s    ratio   p50 ms  p99 ms  errors');
for (const r of rows) {
  console.log(
    `${r.name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)}  ${(r.rps / baseline.rps).toFixed(3).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.errors).padStart(6)}`,
  );
}
await app.close();
redis?.disconnect();
await database.close();
if (rows.some((r) => r.errors > 0)) {
  console.error('\n✖ some requests failed during the bench');
  process.exit(1);
}

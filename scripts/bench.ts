/**
 * `npm run bench`: throughput and latency of the first endpoints on a real listening server,
 * each as a ratio against a baseline measured in the same run (GET /healthz: the framework,
 * network and hook floor with no database work). Ratios, not absolute numbers, are what to
 * compare between runs and machines. Runs on in-memory PGlite by default, or on PostgreSQL
 * with BENCH_DATABASE_URL (a throwaway database is created and dropped there).
 */
import autocannon from 'autocannon';
import { buildApp } from '../services/server/src/app.js';
import { loadConfig } from '../services/server/src/env.js';
import { createTestDatabase } from '../services/server/test/db.js';
import {
  buildBanner,
  buildHairColor,
  buildMember,
  buildSession,
} from '../services/server/test/factories.js';

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
const member = await buildMember(db);
const token = await buildSession(db, member.id);

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  SEED_ON_START: 'false',
  COOKIE_SECURE: 'false',
  RATE_LIMIT_PER_MINUTE: '100000000',
  DATA_DIR: '/nonexistent-bench',
});
const app = await buildApp({ config, db, logger: false });
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
console.log(
  `Carol bench: ${database.kind}, ${connections} connections, ${seconds} s each, Node ${process.version}\n`,
);
const baseline = await measure('baseline GET /healthz', '/healthz');
const rows = [
  baseline,
  await measure('POST getMainBanner', '/api/carol/banner/getMainBanner', {
    method: 'POST',
    headers: form,
    body: 'server=kr&country_code=kr',
  }),
  await measure('POST getHotHairColorList', '/api/carol/home/getHotHairColorList', {
    method: 'POST',
    headers: form,
    body: 'server=kr&country_code=kr&limit=12',
  }),
  await measure('POST user_check (session)', '/api/carol/account/user_check', {
    method: 'POST',
    headers: { ...form, cookie: `carol_sid=${token}` },
    body: `server=kr&country_code=kr&user_id=${member.id}`,
  }),
];

console.log('endpoint                        req/s    ratio   p50 ms  p99 ms  errors');
for (const r of rows) {
  console.log(
    `${r.name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)}  ${(r.rps / baseline.rps).toFixed(3).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.errors).padStart(6)}`,
  );
}
await app.close();
await database.close();
if (rows.some((r) => r.errors > 0)) {
  console.error('\n✖ some requests failed during the bench');
  process.exit(1);
}

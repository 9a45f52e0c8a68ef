/**
 * `npm run bench -- --cluster`: the API's throughput through HAProxy with 1, 2 and 3 app
 * instances (the same stack as `npm run test:cluster`: PostgreSQL primary and streaming
 * replica, Redis, the S3 server, docs/deploy/haproxy.cfg), each as a ratio to one instance, on
 * a read-heavy mix (search, salon page, menus, home lists). Fewer instances are made by
 * disabling servers in HAProxy's runtime API, so all three runs share one stack and one data
 * set. The first instance runs with --cpu-prof; after the run its profile is summarised by
 * module and by function, to say where the time goes.
 *
 * On a 2-core machine the ratios stay small: three Node processes, PostgreSQL, Redis, HAProxy
 * and autocannon share two cores. The figures say how the work divides, not how far it scales.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { repoRoot } from '../lib.js';
import { startStack, type Stack } from './stack.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 24);

interface Profile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples: number[];
  timeDeltas: number[];
}

/** Where a sampled frame belongs: a package, a source folder, or the engine itself. */
function moduleOf(url: string): string {
  if (!url) return '(V8 and native: idle, GC, socket writes)';
  const path = url.replace(/^file:\/\//, '');
  const nm = path.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (path.startsWith('node:')) return path;
  if (path.startsWith(repoRoot)) {
    const parts = relative(repoRoot, path).split('/');
    return parts.slice(0, Math.min(parts.length - 1, 5)).join('/');
  }
  return path;
}

function summarise(profile: Profile) {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (us === 0) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const module = moduleOf(url);
    byModule.set(module, (byModule.get(module) ?? 0) + us);
    const where = url
      ? ` ${relative(repoRoot, url.replace(/^file:\/\//, ''))}:${lineNumber + 1}`
      : '';
    const name = `${functionName || '(anonymous)'}${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `    ${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
  return { modules: top(byModule, 12), functions: top(byFunction, 12) };
}

async function measure(stack: Stack, shopIds: number[]) {
  const form = (fields: Record<string, string>) =>
    new URLSearchParams({ server: 'kr', country_code: 'kr', ...fields }).toString();
  const requests = shopIds.slice(0, 20).flatMap((shopId, i) => [
    {
      method: 'POST' as const,
      path: '/api/carol/shop/getShopSearchInfo',
      body: form(
        i % 2 === 0
          ? { keyword: ['헤어', '살롱', '강남', '펌'][i % 4]!, page_size: '20' }
          : { lat: '37.5665', lng: '126.978', sort: 'distance', page_size: '20' },
      ),
    },
    {
      method: 'POST' as const,
      path: '/api/carol/shop/getShopDetail',
      body: form({ shop_id: String(shopId) }),
    },
    {
      method: 'POST' as const,
      path: '/api/carol/shop/getShopMenuList',
      body: form({ shop_id: String(shopId) }),
    },
  ]);
  const result = await autocannon({
    url: stack.siteUrl,
    connections,
    duration: seconds,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: stack.siteUrl,
      'sec-fetch-site': 'same-origin',
    },
    requests,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function runClusterBench(): Promise<void> {
  const profileDir = mkdtempSync(join(tmpdir(), 'carol-cluster-prof-'));
  let stack: Stack | undefined;
  try {
    console.log(
      `Carol cluster bench: ${connections} connections, ${seconds} s per run, through HAProxy`,
    );
    stack = await startStack({
      nodeArgsOf: (i) => (i === 0 ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      env: { RATE_LIMIT_PER_MINUTE: '10000000', LOG_LEVEL: 'warn' },
    });
    const rows = await stack.database.db.execute<{ id: number }>(
      sql`select id from shops where server = 'kr' order by id limit 20`,
    );
    const shopIds = rows.rows.map((r) => Number(r.id));
    // Warm every instance (JIT, pools, caches) before measuring.
    await measure(stack, shopIds);
    const results: Array<{ n: number } & Awaited<ReturnType<typeof measure>>> = [];
    for (const n of [1, 2, 3]) {
      for (let i = 1; i <= 3; i++) {
        await stack.haproxy(`${i <= n ? 'enable' : 'disable'} server app/app${i}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      results.push({ n, ...(await measure(stack, shopIds)) });
    }
    const one = results[0]!.rps;
    console.log('\n  instances   req/s   ratio   p50 ms   p99 ms   non-2xx   errors');
    for (const r of results) {
      console.log(
        `  ${String(r.n).padStart(9)} ${r.rps.toFixed(0).padStart(7)} ${(r.rps / one).toFixed(2).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.non2xx).padStart(9)} ${String(r.errors).padStart(8)}`,
      );
    }
  } finally {
    await stack?.stop();
  }
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (file) {
    const { modules, functions } = summarise(
      JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as Profile,
    );
    console.log('\n  app1 CPU profile (self time), by module:');
    console.log(modules.join('\n'));
    console.log('\n  by function:');
    console.log(functions.join('\n'));
  } else {
    console.log('\n  (no CPU profile was written: app1 did not exit gracefully)');
  }
  rmSync(profileDir, { recursive: true, force: true });
}

/**
 * A/B Lighthouse runs of two builds of the web on the same data, alternating page by page so
 * both meet the same machine load (ADR 032): `npx tsx scripts/lighthouse-ab.ts <distA> <distB>`.
 * Run `npm run lighthouse` once first with the same LH_DATA_DIR (it migrates and seeds the data
 * set); each build gets its own copy of it. Same Lighthouse settings as scripts/lighthouse.ts;
 * per page and build the median of AB_RUNS runs (3), in the order A B B A A B…; every report's
 * JSON under AB_OUT; AB_CPU overrides the ×4 CPU slowdown. Prints one table (with the load
 * average and Lighthouse's CPU benchmark index); does not check budgets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { repoRoot } from './lib.js';
import { launchChrome, median, pageFigures, waitReady, type Report } from './lighthouse-lib.js';

const [distA, distB] = process.argv.slice(2).map((p) => resolve(p));
if (!distA || !distB) throw new Error('usage: lighthouse-ab.ts <distA> <distB>');
const runs = Number(process.env.AB_RUNS ?? 3);
const basePort = Number(process.env.LH_PORT ?? 3180);
const dataDir = process.env.LH_DATA_DIR ?? join(repoRoot, 'data', 'lighthouse');
const outDir = process.env.AB_OUT ?? join(repoRoot, 'lighthouse', 'ab');
/** "page path language" triples, e.g. AB_PAGES='home / ko;salon /find/saloninfo/12 ko'. */
const pages = (process.env.AB_PAGES ?? 'home / ko;home / ja;login /login ko')
  .split(';')
  .map((p) => p.trim().split(/\s+/))
  .map(([name, path, language]) => ({ name: name!, path: path!, language: language! }));

mkdirSync(outDir, { recursive: true });
const servers: ChildProcess[] = [];
process.on('exit', () => {
  for (const s of servers) {
    try {
      if (s.pid) process.kill(-s.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
});
const builds = [
  { label: 'A', dist: distA, port: basePort + 1 },
  { label: 'B', dist: distB, port: basePort + 2 },
];
for (const build of builds) {
  const copy = `${dataDir}-${build.label}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(dataDir, copy, { recursive: true });
  servers.push(
    spawn('npx', ['tsx', 'services/server/src/main.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(build.port),
        HOST: '127.0.0.1',
        DATA_DIR: copy,
        WEB_DIST_DIR: build.dist,
        LOG_LEVEL: 'warn',
        COOKIE_SECURE: 'false',
        SERVICE_BASES: 'main,shop',
        MAP_TILE_URL: 'none',
        TEST_DATABASE_URL: '',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
    }),
  );
}
for (const build of builds) await waitReady(`http://127.0.0.1:${build.port}`);

type Row = Record<string, number>;
function figures(lhr: Report): Row {
  const f = pageFigures(lhr);
  return {
    perf: f.performance,
    fcp: f.fcpMs,
    lcp: f.lcpMs,
    tbt: f.tbtMs,
    cls: f.cls,
    js: f.scriptKiB,
    css: f.styleKiB,
    fonts: f.fontKiB,
    fontFiles: f.fontRequests,
    benchmark: f.benchmark,
  };
}

const results: Record<string, Row[]> = {};
const loads: number[] = [];
for (const language of ['ko', 'ja']) {
  const list = pages.filter((p) => p.language === language);
  if (list.length === 0) continue;
  const chrome = await launchChrome(language);
  try {
    for (const page of list) {
      for (let run = 0; run < runs; run++) {
        const order = run % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          const key = `${page.name} ${language} ${build.label}`;
          for (let attempt = 0; ; attempt++) {
            loads.push(loadavg()[0]!);
            const result = await lighthouse(
              `http://127.0.0.1:${build.port}${page.path}`,
              { port: chrome.port, output: 'json', logLevel: 'error' },
              {
                extends: 'lighthouse:default',
                settings: {
                  formFactor: 'mobile',
                  onlyCategories: ['performance'],
                  disableStorageReset: false,
                  // AB_CPU overrides the preset's ×4 CPU slowdown (e.g. 1: only the network is
                  // simulated, to see what the network alone costs on this machine).
                  // (Lighthouse merges it into the preset's throttling).
                  ...(process.env.AB_CPU
                    ? { throttling: { cpuSlowdownMultiplier: Number(process.env.AB_CPU) } }
                    : {}),
                },
              },
            );
            if (!result) throw new Error(`nothing for ${key}`);
            if (result.lhr.runtimeError && attempt < 2) continue;
            if (result.lhr.runtimeError) throw new Error(`${key}: ${result.lhr.runtimeError.code}`);
            writeFileSync(
              join(outDir, `${key.replace(/[^\w]+/g, '-')}-${run}.json`),
              String(result.report),
            );
            (results[key] ??= []).push(figures(result.lhr));
            console.log(key, run, JSON.stringify(figures(result.lhr)));
            break;
          }
        }
      }
    }
  } finally {
    chrome.kill();
  }
}

const fmt = (v: number, k: string) =>
  k === 'cls' ? v.toFixed(3) : k === 'fcp' || k === 'lcp' ? (v / 1000).toFixed(1) : Math.round(v);
console.log(
  `\nload average 1 min during the runs: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
);
console.log(
  '| page | build | perf | FCP s | LCP s | TBT ms | CLS | JS KiB | CSS KiB | fonts KiB (files) |',
);
for (const [key, rows] of Object.entries(results)) {
  const m = (k: string) => fmt(median(rows.map((r) => r[k]!)), k);
  const [name, language, label] = key.split(' ');
  console.log(
    `| ${name} ${language} | ${label} | ${m('perf')} | ${m('fcp')} | ${m('lcp')} | ${m('tbt')} | ${m('cls')} | ${m('js')} | ${m('css')} | ${m('fonts')} (${m('fontFiles')}) | ${m('benchmark')} |`,
  );
}
process.exit(0);

/**
 * `npm run lighthouse`: Lighthouse (12.2.3, the last that runs on Node 20) on a phone profile
 * (its mobile preset: Moto G Power screen, 4x CPU slowdown, simulated slow 4G) in Debian's
 * Chromium, against the real app: the built web served by the production server on a PGlite
 * data set seeded with the demo data. Every page in Korean and Japanese, the median
 * of LH_RUNS runs (default 3). Prints the table, writes lighthouse/summary.json (and each
 * median run's HTML report) under LH_OUT, and fails when a page is under its budget
 * (lighthouse-budgets.json: the targets, and for a figure not yet at target the floor
 * it must not fall under, with the reason).
 *
 * Not a unit test: timings depend on the machine. CI runs it after the test suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { openDatabase, runMigrations } from '../services/server/src/db/index.js';
import { busiestBookableShop } from '../e2e/fixtures/layout.js';
import { isDatabaseSeeded, seedDemoData } from '../services/server/src/db/seed/seed.js';
import { repoRoot, runOrExit } from './lib.js';
import {
  launchChrome,
  median,
  pageFigures,
  waitReady,
  type PageFigures,
} from './lighthouse-lib.js';

const port = Number(process.env.LH_PORT ?? 3170);
const runs = Number(process.env.LH_RUNS ?? 3);
const dataDir = process.env.LH_DATA_DIR ?? join(repoRoot, 'data', 'lighthouse');
const outDir = process.env.LH_OUT ?? join(repoRoot, 'lighthouse');
/** Only the pages whose key ("home ko") matches, e.g. LH_ONLY='login' (budgets still apply). */
const only = process.env.LH_ONLY ? new RegExp(process.env.LH_ONLY) : null;
const origin = `http://127.0.0.1:${port}`;

interface Budget {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Compressed bytes of the scripts, stylesheets and fonts the page loads before it is idle. */
  scriptKiB: number;
  styleKiB: number;
  fontKiB: number;
}
interface BudgetFile {
  target: Budget;
  /** Per page key ("home ko"): the floor enforced until the page reaches the target. */
  floors: Record<string, Partial<Budget> & { why: string }>;
}
const budgets = JSON.parse(
  readFileSync(join(repoRoot, 'lighthouse-budgets.json'), 'utf8'),
) as BudgetFile;

// 1. The data set: migrated and seeded once (kept between runs under LH_DATA_DIR).
mkdirSync(join(dataDir, 'media'), { recursive: true });
const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') });
await runMigrations(handle);
if (!(await isDatabaseSeeded(handle))) {
  console.log('Seeding the demo data for Lighthouse (first run)...');
  await seedDemoData(handle, { mediaDir: join(dataDir, 'media') });
}
// The heaviest salon page: the same salon the layout guard books on (most designers, longest
// name), picked by the e2e fixtures' own query.
async function busiestSalon(server: 'kr' | 'jp'): Promise<number> {
  const shop = await busiestBookableShop(handle.db, server);
  if (!shop) throw new Error(`no bookable ${server} salon in the seed`);
  return shop.id;
}
const salon = { ko: await busiestSalon('kr'), ja: await busiestSalon('jp') };
await handle.close();

// 2. The built app on the production server.
if (process.env.LH_SKIP_BUILD !== 'true')
  await runOrExit('npm', ['run', 'build', '-w', '@carol/web']);
const server: ChildProcess = spawn('npx', ['tsx', 'services/server/src/main.ts'], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    COOKIE_SECURE: 'false',
    // The pages measured make no ML call; its models would only take the cores at start.
    SERVICE_BASES: 'main,shop',
    // This machine has no internet: OpenStreetMap's tiles would fail into the console (a
    // best-practices audit) where a real phone loads them. The salon page's map keeps its grid.
    MAP_TILE_URL: 'none',
    TEST_DATABASE_URL: '',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
});
const stopServer = () => {
  if (server.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
};
process.on('exit', stopServer);
await waitReady(origin);

// 3. The pages, each in Korean and Japanese (the browser's language picks the app's language
// and market on a first visit, as for a real first-time visitor).
const pages = (language: 'ko' | 'ja') => [
  { name: 'home', path: '/' },
  { name: '/find/h', path: '/find/h' },
  { name: 'salon page', path: `/find/saloninfo/${salon[language]}` },
  { name: 'style book', path: '/stylebook' },
  { name: '/login', path: '/login' },
];

type Figures = PageFigures;
const figuresOf = pageFigures;

mkdirSync(outDir, { recursive: true });
const summary: Array<{ page: string; url: string; figures: Figures; failures: string[] }> = [];
for (const language of ['ko', 'ja'] as const) {
  const chrome = await launchChrome(language);
  try {
    for (const page of pages(language)) {
      const key = `${page.name} ${language}`;
      if (only && !only.test(key)) continue;
      const url = `${origin}${page.path}`;
      const results: Array<{ figures: Figures; html: string }> = [];
      for (let run = 0, retries = 0; run < runs; run++) {
        const result = await lighthouse(
          url,
          { port: chrome.port, output: 'html', logLevel: 'error' },
          {
            extends: 'lighthouse:default',
            settings: {
              formFactor: 'mobile',
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
              // The first visit of a new customer: nothing cached, no stored language.
              disableStorageReset: false,
            },
          },
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const lhr = result.lhr;
        if (lhr.runtimeError) {
          // Chromium now and then records no navigation start (NO_NAVSTART) on a busy machine:
          // that run measured nothing, so it is run again (twice at most), never counted.
          if (retries++ < 2) {
            console.warn(`${key}: ${lhr.runtimeError.code}, running again`);
            run--;
            continue;
          }
          throw new Error(`${key}: ${lhr.runtimeError.message}`);
        }
        const loadedCatalog = JSON.stringify(lhr.audits['network-requests']?.details ?? {});
        if (!new RegExp(`/assets/${language}-[\\w-]+\\.js`).test(loadedCatalog)) {
          throw new Error(`${key}: the page did not load the ${language} catalog`);
        }
        results.push({ figures: figuresOf(lhr), html: String(result.report) });
      }
      // The median run by performance score; each figure is its own median.
      const all = results.map((r) => r.figures);
      const figures = Object.fromEntries(
        Object.keys(all[0]!).map((k) => [k, median(all.map((f) => f[k as keyof Figures]))]),
      ) as unknown as Figures;
      const medianRun = [...results].sort((a, b) => a.figures.performance - b.figures.performance)[
        Math.floor(results.length / 2)
      ]!;
      writeFileSync(join(outDir, `${key.replace(/[^\w]+/g, '-')}.html`), medianRun.html);
      const failures = check(key, figures);
      summary.push({ page: key, url, figures, failures });
      console.log(row(key, figures, failures));
    }
  } finally {
    chrome.kill();
  }
}
stopServer();

function check(key: string, figures: Figures): string[] {
  const floor = { ...budgets.target, ...(budgets.floors[key] ?? {}) };
  const failures: string[] = [];
  for (const name of ['performance', 'accessibility', 'best-practices', 'seo'] as const) {
    if (figures[name] < floor[name]) failures.push(`${name} ${figures[name]} < ${floor[name]}`);
  }
  for (const name of ['lcpMs', 'tbtMs', 'cls', 'scriptKiB', 'styleKiB', 'fontKiB'] as const) {
    if (figures[name] > floor[name]) {
      failures.push(`${name} ${round(figures[name])} > ${floor[name]}`);
    }
  }
  return failures;
}

function round(value: number): number {
  return value < 1 ? Math.round(value * 1000) / 1000 : Math.round(value);
}

function row(key: string, f: Figures, failures: string[]): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    key.padEnd(16),
    `perf ${f.performance}`,
    `a11y ${f.accessibility}`,
    `bp ${f['best-practices']}`,
    `seo ${f.seo}`,
    `FCP ${s(f.fcpMs)}`,
    `LCP ${s(f.lcpMs)}`,
    `TBT ${Math.round(f.tbtMs)} ms`,
    `CLS ${f.cls.toFixed(3)}`,
    `JS ${Math.round(f.scriptKiB)} KiB`,
    `CSS ${Math.round(f.styleKiB)} KiB`,
    `fonts ${Math.round(f.fontKiB)} KiB/${f.fontRequests}`,
    failures.length ? `✖ ${failures.join(', ')}` : '✔',
  ].join(' | ');
}

writeFileSync(join(outDir, 'summary.json'), JSON.stringify(summary, null, 2));
console.log('\n| page | perf | a11y | best pr. | SEO | FCP | LCP | TBT | CLS | JS | CSS | fonts |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const { page, figures: f } of summary) {
  console.log(
    `| ${page} | ${f.performance} | ${f.accessibility} | ${f['best-practices']} | ${f.seo} | ${(f.fcpMs / 1000).toFixed(1)} s | ${(f.lcpMs / 1000).toFixed(1)} s | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} | ${Math.round(f.scriptKiB)} KiB | ${Math.round(f.styleKiB)} KiB | ${Math.round(f.fontKiB)} KiB (${f.fontRequests}) |`,
  );
}
const failed = summary.filter((s) => s.failures.length > 0);
if (failed.length > 0) {
  console.error(`\n✖ ${failed.length} page(s) under budget (lighthouse-budgets.json)`);
  process.exit(1);
}
console.log(`\n✔ every page within budget (${runs} run(s) each, medians)`);
process.exit(0);

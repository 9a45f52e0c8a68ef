/**
 * What `npm run lighthouse` (scripts/lighthouse.ts) and the A/B runs (scripts/lighthouse-ab.ts)
 * share: waiting for a server, the browser in a language, and the figures read from a report.
 */
import * as chromeLauncher from 'chrome-launcher';
import type lighthouse from 'lighthouse';

export type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Polls `origin`/readyz once a second, for five minutes at most. */
export async function waitReady(origin: string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (i > 300) throw new Error(`${origin} did not start in 5 minutes`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Headless Chromium whose language (and so the app's first-visit market) is `language`. */
export function launchChrome(language: string) {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      `--lang=${language}`,
      `--accept-lang=${language}`,
    ],
  });
}

export interface PageFigures {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Compressed bytes of the scripts, stylesheets and fonts the page loads before it is idle. */
  scriptKiB: number;
  styleKiB: number;
  fontKiB: number;
  fontRequests: number;
  /** Lighthouse's CPU benchmark index of the machine during the run. */
  benchmark: number;
}

export function pageFigures(lhr: Report): PageFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> })
      ?.items ?? [];
  const kib = (type: string) =>
    requests
      .filter((r) => r.resourceType === type)
      .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0) / 1024;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptKiB: kib('Script'),
    styleKiB: kib('Stylesheet'),
    fontKiB: kib('Font'),
    fontRequests: requests.filter((r) => r.resourceType === 'Font').length,
    benchmark: lhr.environment.benchmarkIndex,
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

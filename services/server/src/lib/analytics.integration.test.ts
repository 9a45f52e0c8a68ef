import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

/** The served SPA with and without a measurement id (ADR 030). */
const dataDir = mkdtempSync(join(tmpdir(), 'carol-analytics-test-'));
const webDir = join(dataDir, 'web');
let withId: TestApp;
let withoutId: TestApp;

function cspOf(headers: Record<string, unknown>): Record<string, string> {
  const csp = String(headers['content-security-policy']);
  return Object.fromEntries(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

beforeAll(async () => {
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><html lang="ko"><head><title>Carol</title></head><body><div id="root"></div></body></html>',
  );
  const env = { DATA_DIR: dataDir, SERVE_WEB: 'true', WEB_DIST_DIR: webDir };
  withoutId = await createTestApp(env);
  withId = await createTestApp({
    ...env,
    ANALYTICS_MEASUREMENT_ID: 'G-CAROL1234',
    ANALYTICS_CONNECT_ORIGINS: 'https://region1.google-analytics.com',
  });
});
afterAll(async () => {
  await withId?.close();
  await withoutId?.close();
});

describe('analytics tag configuration', () => {
  it('with an id, every SPA route carries the meta and the CSP allows exactly the tag hosts', async () => {
    for (const url of ['/', '/find/saloninfo/3', '/reservation/first?shop_id=3']) {
      const res = await withId.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(
        '<meta name="carol-analytics" content="G-CAROL1234" data-script-origin="https://www.googletagmanager.com" />\n</head>',
      );
      const csp = cspOf(res.headers);
      expect(csp['script-src']).toContain('https://www.googletagmanager.com');
      expect(csp['connect-src']).toContain('https://region1.google-analytics.com');
      expect(csp['img-src']).toContain('https://region1.google-analytics.com');
      expect(csp['connect-src']).not.toContain('https://www.google-analytics.com');
      expect(csp['connect-src']).not.toContain('googletagmanager');
    }
    const head = await withId.app.inject({ method: 'HEAD', url: '/mypage' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('without an id, the page has no meta and the CSP names no tag host', async () => {
    const res = await withoutId.app.inject('/find/saloninfo/3');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('carol-analytics');
    const header = String(res.headers['content-security-policy']);
    expect(header).not.toMatch(/googletagmanager|google-analytics/);
    expect(cspOf(res.headers)['script-src']).toBe("'self'");
  });

  it('never answers an API or asset miss with the page', async () => {
    const asset = await withId.app.inject('/assets/missing-abc.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('carol-analytics');
  });
});

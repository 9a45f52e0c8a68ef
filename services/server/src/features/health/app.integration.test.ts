import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'carol-app-test-'));
const webDir = join(dataDir, 'web');

beforeAll(async () => {
  mkdirSync(join(dataDir, 'media', 'seed'), { recursive: true });
  writeFileSync(join(dataDir, 'media', 'seed', 'swatch.webp'), 'media file');
  writeFileSync(join(dataDir, 'media', 'seed', 'swatch.txt'), 'not an image');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><title>Carol</title><div id="root"></div>',
  );
  writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ DATA_DIR: dataDir, SERVE_WEB: 'true', WEB_DIST_DIR: webDir });
});
afterAll(async () => t.close());

describe('health', () => {
  it('answers liveness and readiness with the database checked', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });
});

describe('app conventions', () => {
  it('echoes a valid request id and makes one up otherwise', async () => {
    const given = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(given.headers['x-request-id']).toBe('req-12345678');
    const bogus = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\n' } });
    expect(bogus.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with a localized NOT_FOUND envelope, never the SPA', async () => {
    const res = await postForm(
      t.app,
      '/api/carol/nothing/here',
      {},
      { headers: { 'accept-language': 'ja' } },
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      result: 'fail',
      success: false,
      resCode: 'NOT_FOUND',
      resMessage: 'お探しの情報が見つかりません。',
    });
  });

  it('serves the SPA for client routes, immutable assets and media files', async () => {
    const page = await t.app.inject('/find/saloninfo/12');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    // Images only under /media (ADR 031): other file types are not served.
    const media = await t.app.inject('/media/seed/swatch.webp');
    expect(media.body).toBe('media file');
    expect((await t.app.inject('/media/seed/swatch.txt')).statusCode).toBe(404);
    expect((await t.app.inject('/media/seed/missing.webp')).statusCode).toBe(404);
  });

  it('sets security headers on every answer', async () => {
    const res = await t.app.inject('/');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes OpenAPI generated from the contracts at /api/docs', async () => {
    const spec = await t.app.inject('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    const doc = spec.json<{ paths: Record<string, { post?: { requestBody?: unknown } }> }>();
    for (const path of [
      '/api/carol/banner/getMainBanner',
      '/api/carol/banner/getMiddleBanner',
      '/api/carol/home/getHotHairColorList',
      '/api/carol/account/user_check',
      '/api/carol/support/send_inquiry',
    ]) {
      expect(doc.paths[path]?.post?.requestBody, path).toBeDefined();
    }
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('refuses an unsupported content type and an oversized body with the envelope', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/carol/banner/getMainBanner',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ resCode: 'UNSUPPORTED_MEDIA_TYPE' });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/carol/banner/getMainBanner',
      payload: { server: 'kr', country_code: 'kr', pad: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ resCode: 'PAYLOAD_TOO_LARGE' });
  });

  it('mounts the ML service base', async () => {
    const res = await t.app.inject('/ml-api/status');
    expect(res.json()).toMatchObject({ ready: true });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBanner } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await buildBanner(db, {
    position: 'main',
    server: 'kr',
    language: null,
    title: '봄 컬러 특집',
    sort: 1,
  });
  await buildBanner(db, {
    position: 'main',
    server: 'kr',
    language: 'en',
    title: 'Spring colours',
    sort: 1,
  });
  await buildBanner(db, {
    position: 'main',
    server: 'kr',
    language: null,
    title: '첫 방문 할인',
    sort: 2,
  });
  await buildBanner(db, {
    position: 'main',
    server: 'kr',
    language: null,
    title: '비활성',
    sort: 3,
    isActive: false,
  });
  await buildBanner(db, {
    position: 'main',
    server: 'kr',
    language: null,
    title: '지난 이벤트',
    sort: 4,
    endsAt: new Date(Date.now() - 86_400_000),
  });
  await buildBanner(db, {
    position: 'main',
    server: 'jp',
    language: null,
    title: '春のカラー特集',
    sort: 1,
  });
  await buildBanner(db, {
    position: 'middle',
    server: 'kr',
    language: null,
    title: '스마트 살롱',
    sort: 1,
  });
});
afterAll(async () => t.close());

describe('POST /api/carol/banner/getMainBanner', () => {
  it('returns the active main banners of the server in order, with the main envelope', async () => {
    const res = await postForm(t.app, '/api/carol/banner/getMainBanner', {});
    expect(res.statusCode).toBe(200);
    const body = res.json<{ result: string; main_banners: Array<{ title: string }> }>();
    expect(body.result).toBe('success');
    expect(body.main_banners.map((b) => b.title)).toEqual(['봄 컬러 특집', '첫 방문 할인']);
  });

  it('prefers the banner written for the reader language at the same slot', async () => {
    const res = await postForm(
      t.app,
      '/api/carol/banner/getMainBanner',
      {},
      { headers: { 'accept-language': 'en-US,en;q=0.9' } },
    );
    expect(
      res.json<{ main_banners: Array<{ title: string }> }>().main_banners.map((b) => b.title),
    ).toEqual(['Spring colours', '첫 방문 할인']);
  });

  it('answers the jp server with Japanese banners only', async () => {
    const res = await postForm(t.app, '/api/carol/banner/getMainBanner', {}, { server: 'jp' });
    expect(
      res.json<{ main_banners: Array<{ title: string }> }>().main_banners.map((b) => b.title),
    ).toEqual(['春のカラー特集']);
  });

  it('accepts urlencoded and JSON bodies too', async () => {
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/api/carol/banner/getMiddleBanner',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'server=kr&country_code=kr',
    });
    expect(
      urlencoded
        .json<{ middle_banners: Array<{ title: string }> }>()
        .middle_banners.map((b) => b.title),
    ).toEqual(['스마트 살롱']);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/carol/banner/getMiddleBanner',
      payload: { server: 'kr', country_code: 'kr' },
    });
    expect(json.statusCode).toBe(200);
  });

  it('refuses a missing or unknown server with a localized INVALID_SERVER error', async () => {
    const form = new FormData();
    form.set('server', 'us');
    form.set('country_code', 'kr');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/carol/banner/getMainBanner',
      payload: form,
      headers: { 'accept-language': 'ja' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      result: string;
      success: boolean;
      resCode: string;
      resMessage: string;
      fields: Array<{ field: string }>;
    }>();
    expect(body).toMatchObject({
      result: 'fail',
      success: false,
      resCode: 'INVALID_SERVER',
      resMessage: 'サポートされていない国です。',
    });
    expect(body.fields.map((f) => f.field)).toContain('server');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/carol/banner/getMainBanner',
      payload: {},
    });
    expect(missing.json<{ resCode: string; resMessage: string }>()).toMatchObject({
      resCode: 'INVALID_SERVER',
      resMessage: '지원하지 않는 국가입니다.',
    });
  });
});

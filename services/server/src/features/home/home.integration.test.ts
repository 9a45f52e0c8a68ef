import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHairColor } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await buildHairColor(db, {
    nameKo: '애쉬브라운',
    nameEn: 'Ash brown',
    nameJa: 'アッシュブラウン',
    hex: '#6f5f55',
    tone: 'ash',
    popularity: 90,
    isHot: true,
  });
  await buildHairColor(db, {
    nameKo: '밀크티베이지',
    nameEn: 'Milk tea beige',
    nameJa: 'ミルクティーベージュ',
    hex: '#c8a98a',
    tone: 'blonde',
    popularity: 95,
    isHot: true,
  });
  await buildHairColor(db, {
    nameKo: '내추럴블랙',
    nameEn: 'Natural black',
    nameJa: 'ナチュラルブラック',
    hex: '#1d1a19',
    tone: 'natural',
    popularity: 99,
    isHot: false,
  });
});
afterAll(async () => t.close());

describe('POST /api/carol/home/getHotHairColorList', () => {
  it('lists hot colours, most popular first, named in the request language', async () => {
    const res = await postForm(t.app, '/api/carol/home/getHotHairColorList', {}, { server: 'jp' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      result: string;
      hair_color_list: Array<{ name: string; hex: string; is_hot: boolean }>;
    }>();
    expect(body.result).toBe('success');
    expect(body.hair_color_list.map((c) => c.name)).toEqual([
      'ミルクティーベージュ',
      'アッシュブラウン',
    ]);
    expect(body.hair_color_list.every((c) => c.is_hot)).toBe(true);
  });

  it('honours the limit and refuses an out-of-range one', async () => {
    const one = await postForm(
      t.app,
      '/api/carol/home/getHotHairColorList',
      { limit: 1 },
      { headers: { 'accept-language': 'ko' } },
    );
    expect(
      one.json<{ hair_color_list: Array<{ name: string }> }>().hair_color_list.map((c) => c.name),
    ).toEqual(['밀크티베이지']);
    const tooMany = await postForm(t.app, '/api/carol/home/getHotHairColorList', { limit: 500 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      resCode: 'VALIDATION_FAILED',
      fields: [{ field: 'limit' }],
    });
  });
});

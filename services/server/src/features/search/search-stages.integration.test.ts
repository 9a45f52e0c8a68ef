import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopSearchItem } from '@carol/contracts';
import { buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { FUZZY_WHEN_FEWER_THAN } from '../../lib/shop-filters.js';

// The two matching stages (docs/decisions/008, "Matching at scale"): typo matches are looked
// for only when a keyword has few exact matches, with a raised word-similarity threshold.

let t: TestApp;

async function search(keyword: string, pageSize = 100) {
  const res = await postForm(t.app, '/api/carol/shop/getShopSearchInfo', {
    keyword,
    page_size: pageSize,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ shop_list: ShopSearchItem[]; total: number }>();
}
const names = (page: { shop_list: ShopSearchItem[] }) => page.shop_list.map((s) => s.name);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await buildShop(db, { name: '헤어샵 라온' });
  // word_similarity(헤어샾, 헤어살롱) = 0.625: a match at pg_trgm's default 0.6, not at 0.65.
  await buildShop(db, { name: '헤어살롱 메종' });
  // Many exact matches for 모아 (more than FUZZY_WHEN_FEWER_THAN) and one near miss, 모하.
  for (let i = 0; i < FUZZY_WHEN_FEWER_THAN + 2; i++)
    await buildShop(db, { name: `모아헤어 ${i}호점`, nameEn: `Moa ${i}` });
  await buildShop(db, { name: '스튜디오 보니토', nameEn: 'Studio Bonito' });
  await buildShop(db, { name: '보니토헤어', nameEn: 'Bonito Hair' });
});
afterAll(async () => t.close());

describe('keyword stages', () => {
  it('finds a typo (헤어샾 → 헤어샵) but not a merely related name below the raised threshold', async () => {
    const page = await search('헤어샾');
    expect(names(page)).toEqual(['헤어샵 라온']);
    expect(page.total).toBe(1);
  });

  it('adds typo matches after the exact ones when a keyword has few exact matches', async () => {
    // "bonitoo": no exact match; "bonitohair" starts like it (0.75). "studiobonito" holds it
    // only mid-word, which trigram word similarity does not count as a word start (0.5).
    expect(names(await search('bonitoo'))).toEqual(['보니토헤어']);
    // "보니토" matches both exactly; the field prefix (보니토헤어) ranks first.
    expect(names(await search('보니토'))).toEqual(['보니토헤어', '스튜디오 보니토']);
  });

  it('skips the fuzzy stage when the keyword already has many exact matches', async () => {
    const page = await search('모아헤어');
    expect(page.total).toBe(FUZZY_WHEN_FEWER_THAN + 2);
    expect(page.shop_list.every((s) => s.name.startsWith('모아헤어'))).toBe(true);
  });

  it('pages the exact stage without duplicates, with the full total on every page', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await postForm(t.app, '/api/carol/shop/getShopSearchInfo', {
        keyword: '모아',
        page,
        page_size: 5,
      });
      const body = res.json<{ shop_list: ShopSearchItem[]; total: number; has_next: boolean }>();
      expect(body.total).toBe(FUZZY_WHEN_FEWER_THAN + 2);
      seen.push(...body.shop_list.map((s) => s.shop_id));
      expect(body.has_next).toBe(page < 3);
    }
    expect(new Set(seen).size).toBe(FUZZY_WHEN_FEWER_THAN + 2);
  });

  it('applies the same stages on the map', async () => {
    const res = await postForm(t.app, '/api/carol/shop/getShopSearchInfoForMap', {
      keyword: '헤어샾',
      sw_lat: 33,
      sw_lng: 124,
      ne_lat: 39,
      ne_lng: 132,
      zoom: 7,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ total: number }>().total).toBe(1);
  });
});

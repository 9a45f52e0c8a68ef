import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopSearchRequestSchema, type ShopSearchItem } from '@carol/contracts';
import { shopHolidays, shopImages } from '../../db/schema/index.js';
import { buildDesigner, buildMenu, buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { findShops } from './search.service.js';

let t: TestApp;
const ids: Record<string, number> = {};

const cityHall = { lat: 37.5665, lng: 126.978 };
const gangnamStation = { lat: 37.4979, lng: 127.0276 };

interface ShopPage {
  shop_list: ShopSearchItem[];
  total: number;
  page: number;
  has_next: boolean;
}

async function searchShops(fields: Record<string, string | number>, server: 'kr' | 'jp' = 'kr') {
  const res = await postForm(t.app, '/api/carol/shop/getShopSearchInfo', fields, { server });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ShopPage>();
}
const names = (page: ShopPage) => page.shop_list.map((s) => s.name);

function haversine(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const raon = await buildShop(db, {
    name: '헤어샵 라온',
    nameEn: 'Hair Shop Raon',
    location: { x: gangnamStation.lng, y: gangnamStation.lat },
    ratingAvg: 4.2,
    reviewCount: 10,
  });
  ids.raon = raon.id;
  await buildMenu(db, raon.id, { basePrice: 25_000, targetGender: 'w', category: 'perm' });
  await db.insert(shopImages).values([
    { shopId: raon.id, url: '/media/raon-2.jpg', sort: 2 },
    { shopId: raon.id, url: '/media/raon-1.jpg', sort: 1 },
  ]);
  const bonito = await buildShop(db, {
    name: '보니토헤어',
    nameEn: 'Bonito Hair',
    location: { x: 126.98, y: 37.567 },
    isSmartSalon: true,
    ratingAvg: 4.8,
    reviewCount: 3,
  });
  ids.bonito = bonito.id;
  await buildMenu(db, bonito.id, { basePrice: 50_000, targetGender: 'm', category: 'cut' });
  ids.barber = (
    await buildShop(db, {
      name: '바버샵 강',
      nameEn: 'Barber Kang',
      location: { x: 126.99, y: 37.57 },
    })
  ).id;
  ids.busan = (
    await buildShop(db, {
      name: '부산 헤어',
      nameEn: 'Busan Hair',
      regionCity: '부산광역시',
      regionDistrict: '해운대구',
      regionNeighbourhood: '우동',
      location: { x: 129.0756, y: 35.1796 },
    })
  ).id;
  ids.ginza = (
    await buildShop(db, {
      server: 'jp',
      name: 'ヘアサロン 銀座',
      nameEn: 'Hair Salon Ginza',
      location: { x: 139.7671, y: 35.6712 },
    })
  ).id;
  await buildDesigner(db, raon.id, { name: '박보니', nameEn: 'Park Boni', position: '원장' });
  await buildDesigner(db, bonito.id, { name: '김민수', nameEn: 'Kim Minsu' });
});
afterAll(async () => t.close());

describe('POST /api/carol/shop/getShopSearchInfo — keyword matching', () => {
  it('finds a shop by its initial consonants (초성)', async () => {
    expect(names(await searchShops({ keyword: 'ㅎㅇㅅ' }))).toContain('헤어샵 라온');
  });

  it('finds 헤어샵 from the typo 헤어샾 and from a half-typed syllable, not an unrelated 바버샵', async () => {
    const typo = names(await searchShops({ keyword: '헤어샾' }));
    expect(typo).toContain('헤어샵 라온');
    expect(typo).not.toContain('바버샵 강');
    expect(names(await searchShops({ keyword: '헤ㅇ' }))).toContain('헤어샵 라온');
  });

  it('folds half-width katakana and hiragana onto katakana', async () => {
    expect(names(await searchShops({ keyword: 'ﾍｱｻﾛﾝ' }, 'jp'))).toEqual(['ヘアサロン 銀座']);
    expect(names(await searchShops({ keyword: 'へあさろん' }, 'jp'))).toEqual(['ヘアサロン 銀座']);
  });

  it('finds a Korean-named shop by its romanized name, ranked first', async () => {
    const page = await searchShops({ keyword: 'bonito' });
    expect(page.shop_list[0]).toMatchObject({
      shop_id: ids.bonito,
      name: '보니토헤어',
      name_en: 'Bonito Hair',
      is_smart_salon: true,
      min_price: 50_000,
      currency: 'KRW',
    });
  });

  it('never returns shops of the other server', async () => {
    expect((await searchShops({ keyword: 'ヘアサロン' })).shop_list).toEqual([]);
    const all = await searchShops({ page_size: 100 });
    expect(all.shop_list.map((s) => s.shop_id)).not.toContain(ids.ginza);
    expect(all.shop_list.every((s) => s.currency === 'KRW')).toBe(true);
  });

  it('ranks a field prefix above a mere substring', async () => {
    const page = await searchShops({ keyword: '헤어' });
    // "헤어샵 라온" starts with 헤어; "보니토헤어" and "부산 헤어" only contain it.
    expect(page.shop_list[0]?.shop_id).toBe(ids.raon);
    expect(names(page)).toEqual(expect.arrayContaining(['보니토헤어', '헤어샵 라온']));
  });
});

describe('POST /api/carol/shop/getShopSearchInfo — distance and filters', () => {
  it('computes exact great-circle distances (Gangnam Station ↔ Seoul City Hall ≈ 8.9 km)', async () => {
    const page = await searchShops({ keyword: '라온', ...cityHall });
    const raon = page.shop_list.find((s) => s.shop_id === ids.raon);
    expect(raon?.distance_km).toBeGreaterThan(8.6);
    expect(raon?.distance_km).toBeLessThan(9.2);
    expect(raon?.distance_km).toBeCloseTo(haversine(cityHall, gangnamStation), 1);
    expect(raon?.thumbnail).toBe('/media/raon-1.jpg');
    expect(raon).toMatchObject({ lat: gangnamStation.lat, lng: gangnamStation.lng });
  });

  it('defaults to the server city centre when no coordinates are sent', async () => {
    const page = await searchShops({ keyword: 'bonito' });
    expect(page.shop_list[0]?.distance_km).toBeCloseTo(
      haversine(cityHall, { lat: 37.567, lng: 126.98 }),
      2,
    );
  });

  it('filter_distance excludes far shops; sort=distance orders by exact distance', async () => {
    const near = await searchShops({
      ...cityHall,
      filter_distance: 10,
      sort: 'distance',
      page_size: 100,
    });
    const nearIds = near.shop_list.map((s) => s.shop_id);
    expect(nearIds).toContain(ids.raon);
    expect(nearIds).not.toContain(ids.busan);
    expect(near.shop_list.every((s) => s.distance_km <= 10)).toBe(true);
    const tight = await searchShops({ ...cityHall, filter_distance: 8.5, page_size: 100 });
    expect(tight.shop_list.map((s) => s.shop_id)).not.toContain(ids.raon);

    const all = await searchShops({ ...cityHall, sort: 'distance', page_size: 100 });
    const d = all.shop_list.map((s) => s.distance_km);
    expect(d).toEqual([...d].sort((a, b) => a - b));
    expect(all.shop_list[0]?.shop_id).toBe(ids.bonito);
    expect(all.shop_list.at(-1)?.shop_id).toBe(ids.busan);
    expect(all.shop_list.at(-1)?.distance_km).toBeCloseTo(
      haversine(cityHall, { lat: 35.1796, lng: 129.0756 }),
      1,
    );
  });

  it('filters by smart salon, price of the cheapest menu, gender and treatment', async () => {
    expect(names(await searchShops({ flag_smart_salon: 1 }))).toEqual(['보니토헤어']);
    expect(names(await searchShops({ min_price: 30_000 }))).toEqual(['보니토헤어']);
    expect(names(await searchShops({ max_price: 30_000 }))).toEqual(['헤어샵 라온']);
    expect(names(await searchShops({ gender: 'm' }))).toEqual(['보니토헤어']);
    expect(names(await searchShops({ treatment: 'perm' }))).toEqual(['헤어샵 라온']);
  });

  it('sorts by rating and review count', async () => {
    expect((await searchShops({ sort: 'rating' })).shop_list[0]?.shop_id).toBe(ids.bonito);
    expect((await searchShops({ sort: 'review_count' })).shop_list[0]?.shop_id).toBe(ids.raon);
  });
});

describe('open_now', () => {
  it('is computed in each shop time zone and respects holidays', async () => {
    const db = t.database.db;
    const seoul = await buildShop(db, { nameEn: 'Clock Seoul', timeZone: 'Asia/Seoul' });
    const london = await buildShop(db, { nameEn: 'Clock London', timeZone: 'Europe/London' });
    const holiday = await buildShop(db, { nameEn: 'Clock Holiday', timeZone: 'Asia/Seoul' });
    await db.insert(shopHolidays).values({ shopId: holiday.id, date: '2026-11-23' });
    // Monday 2026-11-23 11:00 in Seoul = 02:00 in London; every shop is open 10:00–20:00.
    const now = new Date('2026-11-23T02:00:00Z');
    const input = ShopSearchRequestSchema.parse({ keyword: 'clock' });
    const open = ShopSearchRequestSchema.parse({ keyword: 'clock', open_now: '1' });
    const all = await findShops(db, 'kr', input, now);
    expect(Object.fromEntries(all.items.map((s) => [s.shop_id, s.is_open_now]))).toEqual({
      [seoul.id]: true,
      [london.id]: false,
      [holiday.id]: false,
    });
    expect((await findShops(db, 'kr', open, now)).items.map((s) => s.shop_id)).toEqual([seoul.id]);
    // 18:00 UTC: 03:00 Tuesday in Seoul (closed, holiday over), 18:00 Monday in London (open).
    const evening = await findShops(db, 'kr', open, new Date('2026-11-23T18:00:00Z'));
    expect(evening.items.map((s) => s.shop_id)).toEqual([london.id]);
  });

  it('is accepted over HTTP', async () => {
    const page = await searchShops({ open_now: 1, page_size: 100 });
    expect(page.shop_list.every((s) => s.is_open_now)).toBe(true);
  });
});

describe('paging', () => {
  it('pages without duplicates or gaps, for every sort', async () => {
    const db = t.database.db;
    for (let i = 0; i < 23; i++) await buildShop(db, { nameEn: `Paging Salon ${i}` });
    const everything = await searchShops({ page_size: 100 });
    expect(everything.total).toBe(everything.shop_list.length);
    for (const sort of ['distance', 'rating', 'registration', 'newest', 'oldest', 'review_count']) {
      const seen: number[] = [];
      let page = 1;
      for (;;) {
        const res = await searchShops({ sort, page, page_size: 7 });
        expect(res.total).toBe(everything.total);
        seen.push(...res.shop_list.map((s) => s.shop_id));
        if (!res.has_next) break;
        page++;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect([...seen].sort()).toEqual(everything.shop_list.map((s) => s.shop_id).sort());
    }
    const past = await searchShops({ page: 99, page_size: 7 });
    expect(past).toMatchObject({ shop_list: [], total: everything.total, has_next: false });
  });
});

describe('validation', () => {
  it('refuses sort=foo, lat=200 and page=0 with localized field errors', async () => {
    const res = await postForm(
      t.app,
      '/api/carol/shop/getShopSearchInfo',
      { sort: 'foo', lat: 200, lng: 127, page: 0 },
      { headers: { 'accept-language': 'ja' } },
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{
      resCode: string;
      fields: Array<{ field: string; resMessage: string }>;
    }>();
    expect(body.resCode).toBe('VALIDATION_FAILED');
    expect(body.fields.map((f) => f.field).sort()).toEqual(['lat', 'page', 'sort']);
    expect(body.fields[0]?.resMessage).toBe('入力された情報が正しくありません。');
  });

  it('refuses a filter_distance outside 0.5–50 km', async () => {
    const res = await postForm(t.app, '/api/carol/shop/getShopSearchInfo', { filter_distance: 80 });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/carol/designer/getDesignerSearchInfo', () => {
  it('matches designer names like shop names and reports the shop and distance', async () => {
    const res = await postForm(t.app, '/api/carol/designer/getDesignerSearchInfo', {
      keyword: '보니',
      ...cityHall,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ designer_list: Array<Record<string, unknown>>; total: number }>();
    expect(body.designer_list).toHaveLength(1);
    expect(body.designer_list[0]).toMatchObject({
      name: '박보니',
      position: '원장',
      shop_id: ids.raon,
      shop_name: '헤어샵 라온',
    });
    expect(body.designer_list[0]?.distance_km).toBeCloseTo(haversine(cityHall, gangnamStation), 1);

    const chosung = await postForm(t.app, '/api/carol/designer/getDesignerSearchInfo', {
      keyword: 'ㄱㅁㅅ',
    });
    expect(
      chosung.json<{ designer_list: Array<{ name: string }> }>().designer_list.map((d) => d.name),
    ).toEqual(['김민수']);
    const jp = await postForm(
      t.app,
      '/api/carol/designer/getDesignerSearchInfo',
      { keyword: '보니' },
      { server: 'jp' },
    );
    expect(jp.json<{ designer_list: unknown[] }>().designer_list).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapLimits, type MapCluster, type MapShop } from '@carol/contracts';
import { shopImages } from '../../db/schema/index.js';
import { buildMenu, buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
const ids = {} as Record<'raon' | 'bonito' | 'barber' | 'busan' | 'ginza' | 'daejeonSmart', number>;

interface MapAnswer {
  mode: 'shops' | 'clusters';
  total: number;
  shop_list: MapShop[];
  cluster_list: MapCluster[];
}

/** Central Seoul: City Hall to Gangnam. */
const seoul = { sw_lat: 37.45, sw_lng: 126.9, ne_lat: 37.62, ne_lng: 127.1, zoom: 12 };
const busan = { sw_lat: 35.1, sw_lng: 129.0, ne_lat: 35.25, ne_lng: 129.15, zoom: 12 };
/** A block of Daejeon filled with many shops (clustering). */
const daejeon = { sw_lat: 36.3, sw_lng: 127.3, ne_lat: 36.4, ne_lng: 127.45, zoom: 12 };
const crowd = mapLimits.maxShops + 40;

async function mapSearch(fields: Record<string, string | number>, server: 'kr' | 'jp' = 'kr') {
  const res = await postForm(t.app, '/api/carol/shop/getShopSearchInfoForMap', fields, { server });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MapAnswer>();
}
const byId = (x: number, y: number) => x - y;
const idsOf = (a: MapAnswer) => a.shop_list.map((s) => s.shop_id).sort(byId);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const raon = await buildShop(db, {
    name: '헤어샵 라온',
    nameEn: 'Hair Shop Raon',
    location: { x: 127.0276, y: 37.4979 },
    ratingAvg: 4.2,
    reviewCount: 10,
  });
  ids.raon = raon.id;
  await buildMenu(db, raon.id, { basePrice: 25_000, targetGender: 'w', category: 'perm' });
  await db.insert(shopImages).values({ shopId: raon.id, url: '/media/raon-1.jpg', sort: 1 });
  const bonito = await buildShop(db, {
    name: '보니토헤어',
    location: { x: 126.98, y: 37.567 },
    isSmartSalon: true,
    ratingAvg: 4.8,
    reviewCount: 3,
  });
  ids.bonito = bonito.id;
  await buildMenu(db, bonito.id, { basePrice: 50_000, targetGender: 'm', category: 'cut' });
  ids.barber = (await buildShop(db, { name: '바버샵 강', location: { x: 126.99, y: 37.57 } })).id;
  ids.busan = (
    await buildShop(db, { name: '부산 헤어', location: { x: 129.0756, y: 35.1796 } })
  ).id;
  ids.ginza = (
    await buildShop(db, {
      server: 'jp',
      name: '銀座ヘアサロン',
      location: { x: 139.7671, y: 35.6717 },
    })
  ).id;
  // 240 shops on a 20 × 12 lattice inside the Daejeon block, one of them a smart salon.
  for (let i = 0; i < crowd; i++) {
    const shop = await buildShop(db, {
      name: i === 0 ? '대전 스마트헤어' : `대전 살롱 ${i}`,
      isSmartSalon: i === 0,
      location: { x: 127.305 + (i % 20) * 0.007, y: 36.305 + Math.floor(i / 20) * 0.0075 },
    });
    if (i === 0) ids.daejeonSmart = shop.id;
  }
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('getShopSearchInfoForMap: shops inside the bounds', () => {
  it('returns the shops inside the bounds as markers, and none outside', async () => {
    const answer = await mapSearch(seoul);
    expect(answer.mode).toBe('shops');
    expect(answer.cluster_list).toEqual([]);
    expect(idsOf(answer)).toEqual([ids.raon, ids.bonito, ids.barber].sort(byId));
    expect(answer.total).toBe(3);

    const inBusan = await mapSearch(busan);
    expect(idsOf(inBusan)).toEqual([ids.busan]);
  });

  it('carries what a marker and its card need', async () => {
    const answer = await mapSearch(seoul);
    const raon = answer.shop_list.find((s) => s.shop_id === ids.raon);
    expect(raon).toMatchObject({
      name: '헤어샵 라온',
      lat: 37.4979,
      lng: 127.0276,
      rating_avg: 4.2,
      review_count: 10,
      min_price: 25_000,
      currency: 'KRW',
      is_smart_salon: false,
      thumbnail: '/media/raon-1.jpg',
    });
    expect(answer.shop_list.find((s) => s.shop_id === ids.barber)?.min_price).toBeNull();
  });

  it('keeps each server to its own shops', async () => {
    const tokyo = { sw_lat: 35.6, sw_lng: 139.6, ne_lat: 35.75, ne_lng: 139.85, zoom: 12 };
    expect(idsOf(await mapSearch(tokyo, 'jp'))).toEqual([ids.ginza]);
    expect(idsOf(await mapSearch(tokyo, 'kr'))).toEqual([]);
    expect((await mapSearch(seoul, 'jp')).total).toBe(0);
  });

  it('returns an empty answer for an area without shops', async () => {
    const sea = { sw_lat: 34.0, sw_lng: 125.0, ne_lat: 34.1, ne_lng: 125.1, zoom: 12 };
    expect(await mapSearch(sea)).toEqual({
      result: 'success',
      mode: 'shops',
      total: 0,
      shop_list: [],
      cluster_list: [],
    });
  });
});

describe('getShopSearchInfoForMap: the list filters apply', () => {
  it('smart salon flag', async () => {
    expect(idsOf(await mapSearch({ ...seoul, flag_smart_salon: 1 }))).toEqual([ids.bonito]);
  });

  it('price range on the cheapest menu', async () => {
    expect(idsOf(await mapSearch({ ...seoul, max_price: 30_000 }))).toEqual([ids.raon]);
    expect(idsOf(await mapSearch({ ...seoul, min_price: 30_000 }))).toEqual([ids.bonito]);
  });

  it('gender and treatment', async () => {
    expect(idsOf(await mapSearch({ ...seoul, gender: 'm' }))).toEqual([ids.bonito]);
    expect(idsOf(await mapSearch({ ...seoul, treatment: 'perm' }))).toEqual([ids.raon]);
  });

  it('distance from the origin', async () => {
    const nearCityHall = { ...seoul, lat: 37.5665, lng: 126.978, filter_distance: 2 };
    expect(idsOf(await mapSearch(nearCityHall))).toEqual([ids.bonito, ids.barber].sort(byId));
  });

  it('keyword and bounds together (초성 too)', async () => {
    expect(idsOf(await mapSearch({ ...seoul, keyword: '라온' }))).toEqual([ids.raon]);
    expect(idsOf(await mapSearch({ ...seoul, keyword: 'ㅂㄴㅌ' }))).toEqual([ids.bonito]);
    // The keyword matches, but the shop is outside the bounds.
    expect(idsOf(await mapSearch({ ...busan, keyword: '라온' }))).toEqual([]);
  });

  it('sorts the markers like the list (rating)', async () => {
    const answer = await mapSearch({ ...seoul, sort: 'rating' });
    expect(answer.shop_list.map((s) => s.shop_id)).toEqual([ids.bonito, ids.raon, ids.barber]);
  });
});

describe('getShopSearchInfoForMap: clusters', () => {
  it(`switches to clusters above ${mapLimits.maxShops} shops, counts summing to the total`, async () => {
    const answer = await mapSearch(daejeon);
    expect(answer.mode).toBe('clusters');
    expect(answer.total).toBe(crowd);
    expect(answer.cluster_list.reduce((sum, c) => sum + c.count, 0) + answer.shop_list.length).toBe(
      crowd,
    );
    expect(answer.cluster_list.length).toBeGreaterThan(1);
    for (const c of answer.cluster_list) {
      expect(c.count).toBeGreaterThan(0);
      // The bubble is inside its cell and the cell inside the request bounds.
      expect(c.sw_lat).toBeLessThanOrEqual(c.lat);
      expect(c.lat).toBeLessThanOrEqual(c.ne_lat);
      expect(c.sw_lng).toBeLessThanOrEqual(c.lng);
      expect(c.lng).toBeLessThanOrEqual(c.ne_lng);
      expect(c.sw_lat).toBeGreaterThanOrEqual(daejeon.sw_lat);
      expect(c.ne_lng).toBeLessThanOrEqual(daejeon.ne_lng);
    }
  });

  it('makes fewer, bigger clusters when zoomed out', async () => {
    const near = await mapSearch({ ...daejeon, zoom: 13 });
    const far = await mapSearch({ ...daejeon, zoom: 10 });
    expect(far.cluster_list.length).toBeLessThan(near.cluster_list.length);
    expect(far.cluster_list.reduce((sum, c) => sum + c.count, 0)).toBe(crowd);
  });

  it(`sends the shops of cells holding at most ${mapLimits.cellShops}, with their prices`, async () => {
    // At zoom 13 a cell is about 0.0124° of longitude: the lattice's 0.007° columns put one or
    // two shops in some cells and three or more in others.
    const answer = await mapSearch({ ...daejeon, zoom: 13 });
    expect(answer.mode).toBe('clusters');
    expect(answer.shop_list.length).toBeGreaterThan(0);
    expect(answer.cluster_list.length).toBeGreaterThan(0);
    for (const c of answer.cluster_list) expect(c.count).toBeGreaterThan(mapLimits.cellShops);
    expect(answer.total).toBe(crowd);
    expect(answer.cluster_list.reduce((sum, c) => sum + c.count, 0) + answer.shop_list.length).toBe(
      crowd,
    );
    // No shop is counted twice: none lies inside a crowded cell.
    for (const shop of answer.shop_list) {
      expect(shop.name).toMatch(/^대전 /);
      expect(shop.currency).toBe('KRW');
      const inCell = answer.cluster_list.some(
        (c) =>
          c.sw_lat < shop.lat && shop.lat < c.ne_lat && c.sw_lng < shop.lng && shop.lng < c.ne_lng,
      );
      expect(inCell, shop.name).toBe(false);
    }
    expect(new Set(answer.shop_list.map((s) => s.shop_id)).size).toBe(answer.shop_list.length);
    // The same filters apply to them: the smart salon alone when only smart salons are asked.
    const smart = await mapSearch({ ...daejeon, zoom: 13, flag_smart_salon: 1 });
    expect(idsOf(smart)).toEqual([ids.daejeonSmart]);
  });

  it(`never lays more than ${mapLimits.maxCellsPerSide} cells across a request`, async () => {
    // A whole region at a street's zoom: the cells grow with the bounds instead of one per shop.
    const region = { sw_lat: 30.35, sw_lng: 121.37, ne_lat: 42.35, ne_lng: 133.37, zoom: 20 };
    const answer = await mapSearch(region);
    expect(answer.mode).toBe('clusters');
    // Seoul's 3, Busan's 1 and Daejeon's crowd, in a handful of 0.19° cells.
    expect(answer.total).toBe(crowd + 4);
    expect(answer.cluster_list.length).toBeLessThanOrEqual(4);
    expect(answer.shop_list.length).toBeLessThanOrEqual(mapLimits.cellShops * 4);
    for (const c of answer.cluster_list) {
      expect(c.ne_lng - c.sw_lng).toBeLessThanOrEqual(12 / mapLimits.maxCellsPerSide + 1e-9);
    }
  });

  it('returns shops again once the filters or a smaller area leave few enough', async () => {
    const smart = await mapSearch({ ...daejeon, flag_smart_salon: 1 });
    expect(smart.mode).toBe('shops');
    expect(idsOf(smart)).toEqual([ids.daejeonSmart]);

    const keyword = await mapSearch({ ...daejeon, keyword: '스마트' });
    expect(idsOf(keyword)).toEqual([ids.daejeonSmart]);

    const corner = { sw_lat: 36.3, sw_lng: 127.3, ne_lat: 36.33, ne_lng: 127.34, zoom: 15 };
    const small = await mapSearch(corner);
    expect(small.mode).toBe('shops');
    expect(small.total).toBeGreaterThan(0);
    expect(small.total).toBeLessThanOrEqual(mapLimits.maxShops);
  });

  it(`clusters even a few dozen shops below zoom ${mapLimits.markerMinZoom}, but not a handful`, async () => {
    const corner = { sw_lat: 36.3, sw_lng: 127.3, ne_lat: 36.33, ne_lng: 127.34 };
    const near = await mapSearch({ ...corner, zoom: mapLimits.markerMinZoom });
    expect(near.mode).toBe('shops');
    expect(near.total).toBeGreaterThan(mapLimits.fewShops);
    const far = await mapSearch({ ...corner, zoom: mapLimits.markerMinZoom - 2 });
    expect(far.mode).toBe('clusters');
    expect(far.total).toBe(near.total);

    const seoulFar = await mapSearch({ ...seoul, zoom: 8 });
    expect(seoulFar.mode).toBe('shops');
    expect(seoulFar.total).toBe(3);
  });
});

describe('getShopSearchInfoForMap: bad bounds', () => {
  async function refused(fields: Record<string, string | number>, language = 'ko') {
    const res = await postForm(t.app, '/api/carol/shop/getShopSearchInfoForMap', fields, {
      headers: { 'accept-language': language },
    });
    expect(res.statusCode, res.body).toBe(400);
    return res.json<{
      resCode: string;
      resMessage: string;
      fields?: Array<{ field: string; resMessage: string }>;
    }>();
  }

  it('refuses south-west north of north-east, with a localized message', async () => {
    const body = await refused({ ...seoul, sw_lat: 37.7, ne_lat: 37.5 });
    expect(body.resCode).toBe('VALIDATION_FAILED');
    expect(body.resMessage).toBe('입력하신 정보가 올바르지 않습니다.');
    expect(body.fields?.map((f) => f.field)).toEqual(['ne_lat']);

    const ja = await refused({ ...seoul, sw_lng: 127.2, ne_lng: 127.1 }, 'ja');
    expect(ja.resMessage).toBe('入力された情報が正しくありません。');
    expect(ja.fields?.map((f) => f.field)).toEqual(['ne_lng']);
  });

  it('refuses coordinates out of range', async () => {
    const body = await refused({ ...seoul, ne_lat: 95 }, 'en');
    expect(body.resCode).toBe('VALIDATION_FAILED');
    expect(body.resMessage).toBe('The entered information is not correct.');
    expect(body.fields?.map((f) => f.field)).toEqual(['ne_lat']);
    expect((await refused({ ...seoul, sw_lng: -181 })).resCode).toBe('VALIDATION_FAILED');
    expect((await refused({ ...seoul, sw_lat: 'north' })).resCode).toBe('VALIDATION_FAILED');
  });

  it('refuses an absurdly large area', async () => {
    const wide = { sw_lat: 20, sw_lng: 110, ne_lat: 50, ne_lng: 150, zoom: 5 };
    const body = await refused(wide);
    expect(body.resCode).toBe('VALIDATION_FAILED');
    expect(body.fields?.map((f) => f.field).sort()).toEqual(['ne_lat', 'ne_lng']);
    const tall = { ...seoul, ne_lat: seoul.sw_lat + mapLimits.maxSpanLat + 0.5 };
    expect((await refused(tall)).fields?.map((f) => f.field)).toEqual(['ne_lat']);
  });

  it('refuses a missing or impossible zoom and missing bounds', async () => {
    const { zoom: _zoom, ...noZoom } = seoul;
    expect((await refused(noZoom)).fields?.map((f) => f.field)).toEqual(['zoom']);
    expect((await refused({ ...seoul, zoom: 25 })).resCode).toBe('VALIDATION_FAILED');
    expect((await refused({ ...seoul, zoom: 12.5 })).resCode).toBe('VALIDATION_FAILED');
    expect((await refused({ zoom: 12 })).fields?.map((f) => f.field).sort()).toEqual([
      'ne_lat',
      'ne_lng',
      'sw_lat',
      'sw_lng',
    ]);
  });

  it('refuses the list filters’ own bad values (filter_distance, sort)', async () => {
    expect((await refused({ ...seoul, filter_distance: 80 })).resCode).toBe('VALIDATION_FAILED');
    expect((await refused({ ...seoul, sort: 'foo' })).resCode).toBe('VALIDATION_FAILED');
  });
});

describe('get_map_config', () => {
  it('gives the tile template, attribution and the server’s default centre', async () => {
    const kr = await postForm(t.app, '/api/carol/common/get_map_config', {});
    expect(kr.statusCode).toBe(200);
    expect(kr.json()).toMatchObject({
      result: 'success',
      tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      max_zoom: 19,
      default_lat: 37.5665,
      default_lng: 126.978,
    });
    const jp = await postForm(t.app, '/api/carol/common/get_map_config', {}, { server: 'jp' });
    expect(jp.json()).toMatchObject({ default_lat: 35.6812, default_lng: 139.7671 });
  });

  it('lets the tile host load in the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(res.headers['content-security-policy'])).toMatch(
      /img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org/,
    );
  });

  it('follows MAP_TILE_URL (none switches tiles off; {s} hosts become a wildcard)', async () => {
    const off = await createTestApp({ MAP_TILE_URL: 'none' });
    const subdomains = await createTestApp({
      MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
    });
    try {
      const res = await postForm(off.app, '/api/carol/common/get_map_config', {});
      expect(res.json()).toMatchObject({ tile_url: '' });
      const csp = await subdomains.app.inject({ method: 'GET', url: '/healthz' });
      expect(String(csp.headers['content-security-policy'])).toContain(
        'https://*.tiles.example.com',
      );
    } finally {
      await off.close();
      await subdomains.close();
    }
  });
});

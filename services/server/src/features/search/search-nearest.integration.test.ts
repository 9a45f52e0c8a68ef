import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesignerSearchItem, ShopSearchItem } from '@carol/contracts';
import { buildDesigner, buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

// The nearest-first path (no keyword) ranks only inside a KNN-bounded circle; it must give
// exactly the order of a full sort by great-circle distance, page after page, ties by id.

let t: TestApp;
const shops: Array<{ id: number; lat: number; lng: number; designers: number[] }> = [];

function haversine(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(bLat - aLat) / 2) ** 2 +
    Math.cos(r(aLat)) * Math.cos(r(bLat)) * Math.sin(r(bLng - aLng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

beforeAll(async () => {
  t = await createTestApp();
  let seed = 7;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 45; i++) {
    // Spread over ~60 km around Seoul, a few sharing one spot (ties), one far north-east
    // where degrees of longitude are short.
    const lat = i % 9 === 0 ? 37.55 : i === 44 ? 38.6 : 37.3 + rand() * 0.5;
    const lng = i % 9 === 0 ? 127.0 : i === 44 ? 128.6 : 126.7 + rand() * 0.7;
    const shop = await buildShop(t.database.db, { location: { x: lng, y: lat } });
    const designers: number[] = [];
    for (let d = 0; d < i % 3; d++)
      designers.push((await buildDesigner(t.database.db, shop.id)).id);
    shops.push({ id: shop.id, lat, lng, designers });
  }
});
afterAll(async () => t.close());

const origins = [
  { lat: 37.5665, lng: 126.978 },
  { lat: 37.55, lng: 127.0 },
  { lat: 38.7, lng: 128.7 },
  { lat: 36.0, lng: 126.0 },
];

describe('nearest-first search without a keyword', () => {
  it('pages shops in exact great-circle order with the full total', async () => {
    for (const at of origins) {
      const expected = [...shops]
        .map((s) => ({ id: s.id, km: haversine(at.lat, at.lng, s.lat, s.lng) }))
        .sort((a, b) => a.km - b.km || a.id - b.id)
        .map((s) => s.id);
      const got: number[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = await postForm(t.app, '/api/carol/shop/getShopSearchInfo', {
          lat: at.lat,
          lng: at.lng,
          sort: 'distance',
          page,
          page_size: 10,
        });
        const body = res.json<{ shop_list: ShopSearchItem[]; total: number }>();
        expect(body.total).toBe(shops.length);
        got.push(...body.shop_list.map((s) => s.shop_id));
      }
      expect(got).toEqual(expected);
    }
  });

  it('pages designers nearest first, then by id, with the full total', async () => {
    const all = shops.flatMap((s) => s.designers.map((id) => ({ id, s })));
    for (const at of origins) {
      const expected = all
        .map((d) => ({ id: d.id, km: haversine(at.lat, at.lng, d.s.lat, d.s.lng) }))
        .sort((a, b) => a.km - b.km || a.id - b.id)
        .map((d) => d.id);
      const got: number[] = [];
      for (let page = 1; page <= 6; page++) {
        const res = await postForm(t.app, '/api/carol/designer/getDesignerSearchInfo', {
          lat: at.lat,
          lng: at.lng,
          page,
          page_size: 8,
        });
        const body = res.json<{ designer_list: DesignerSearchItem[]; total: number }>();
        expect(body.total).toBe(all.length);
        got.push(...body.designer_list.map((d) => d.designer_id));
      }
      expect(got).toEqual(expected);
    }
  });
});

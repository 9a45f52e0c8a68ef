import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopDetail, ShopMenuItem } from '@carol/contracts';
import { notices, shopBusinessHours, shopHolidays, shopImages } from '../../db/schema/index.js';
import { buildDesigner, buildMenu, buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { addDays, localDate } from './shops.repo.js';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const raon = await buildShop(db, {
    name: '헤어샵 라온',
    nameEn: 'Hair Shop Raon',
    phone: '02-123-4567',
    introduction: '강남역 앞 헤어샵',
    ratingAvg: 4.5,
    reviewCount: 12,
  });
  ids.raon = raon.id;
  await db.insert(shopImages).values([
    { shopId: raon.id, url: '/media/b.jpg', sort: 2 },
    { shopId: raon.id, url: '/media/a.jpg', sort: 1 },
  ]);
  // The factory opens every day 10:00–20:00; make Sunday the weekly day off.
  await db
    .update(shopBusinessHours)
    .set({ isDayOff: true, opensAt: null, closesAt: null })
    .where(and(eq(shopBusinessHours.shopId, raon.id), eq(shopBusinessHours.weekday, 7)));
  const today = localDate('Asia/Seoul', new Date());
  await db.insert(shopHolidays).values([
    { shopId: raon.id, date: addDays(today, 3), reason: '추석' },
    { shopId: raon.id, date: addDays(today, -3), reason: 'past' },
    { shopId: raon.id, date: addDays(today, 120), reason: 'far' },
  ]);
  await db.insert(notices).values([
    {
      shopId: raon.id,
      type: 'coupon',
      title: '첫 방문 10%',
      publishedAt: new Date(Date.now() - 1e6),
    },
    { shopId: raon.id, type: 'news', title: 'draft', publishedAt: null },
    // Only for linked members; an expired coupon; a coupon still valid.
    {
      shopId: raon.id,
      type: 'news',
      title: 'linked only',
      audience: 'linked',
      publishedAt: new Date(Date.now() - 2e6),
    },
    {
      shopId: raon.id,
      type: 'coupon',
      title: 'expired coupon',
      publishedAt: new Date(Date.now() - 3e6),
      validFrom: new Date(Date.now() - 9e6),
      validUntil: new Date(Date.now() - 1e3),
    },
    {
      shopId: raon.id,
      type: 'coupon',
      title: 'valid coupon',
      publishedAt: new Date(Date.now() - 4e6),
      validUntil: new Date(Date.now() + 9e6),
    },
  ]);
  await buildDesigner(db, raon.id, { name: '박보니', position: '원장' });
  await buildDesigner(db, raon.id, { name: '퇴사자', isActive: false });
  await buildMenu(db, raon.id, { name: '여성 컷', category: 'cut', basePrice: 25_000, sort: 1 });
  await buildMenu(db, raon.id, { name: '펌', category: 'perm', basePrice: 80_000, sort: 2 });
  await buildMenu(db, raon.id, { name: '옛 메뉴', isActive: false });
  const ginza = await buildShop(db, { server: 'jp', name: 'ヘアサロン 銀座' });
  ids.ginza = ginza.id;
  await buildMenu(db, ginza.id, { name: 'カット', basePrice: 5_500, currency: 'JPY' });
});
afterAll(async () => t.close());

describe('POST /api/carol/shop/getShopDetail', () => {
  it('returns the shop with images, hours, upcoming holidays, published notices and active designers', async () => {
    const res = await postForm(t.app, '/api/carol/shop/getShopDetail', { shop_id: ids.raon! });
    expect(res.statusCode, res.body).toBe(200);
    const { detail } = res.json<{ detail: ShopDetail }>();
    expect(detail).toMatchObject({
      id: ids.raon,
      name: '헤어샵 라온',
      name_en: 'Hair Shop Raon',
      phone: '02-123-4567',
      currency: 'KRW',
      time_zone: 'Asia/Seoul',
      rating_avg: 4.5,
      review_count: 12,
      images: ['/media/a.jpg', '/media/b.jpg'],
    });
    expect(detail.business_hours).toHaveLength(7);
    expect(detail.business_hours[0]).toEqual({
      weekday: 1,
      opens_at: '10:00',
      closes_at: '20:00',
      is_day_off: false,
    });
    expect(detail.business_hours[6]).toEqual({
      weekday: 7,
      opens_at: null,
      closes_at: null,
      is_day_off: true,
    });
    expect(detail.holidays.map((h) => h.reason)).toEqual(['추석']);
    expect(detail.notices.map((n) => [n.type, n.title])).toEqual([
      ['coupon', '첫 방문 10%'],
      ['coupon', 'valid coupon'],
    ]);
    expect(detail.designers.map((d) => d.name)).toEqual(['박보니']);
  });

  it('answers NOT_FOUND for an unknown shop and for a shop of the other server', async () => {
    const unknown = await postForm(t.app, '/api/carol/shop/getShopDetail', { shop_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ resCode: 'NOT_FOUND', success: false });
    const wrong = await postForm(t.app, '/api/carol/shop/getShopDetail', { shop_id: ids.ginza! });
    expect(wrong.statusCode).toBe(404);
    const right = await postForm(
      t.app,
      '/api/carol/shop/getShopDetail',
      { shop_id: ids.ginza! },
      { server: 'jp' },
    );
    expect(right.statusCode).toBe(200);
  });

  it('refuses a missing or non-numeric shop_id', async () => {
    const missing = await postForm(t.app, '/api/carol/shop/getShopDetail', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    const bad = await postForm(t.app, '/api/carol/shop/getShopDetail', { shop_id: 'abc' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/carol/shop/getShopMenuList', () => {
  it('lists active menus in order with prices in the shop currency', async () => {
    const res = await postForm(t.app, '/api/carol/shop/getShopMenuList', { shop_id: ids.raon! });
    expect(res.statusCode, res.body).toBe(200);
    const { menu_list } = res.json<{ menu_list: ShopMenuItem[] }>();
    expect(menu_list.map((m) => [m.name, m.category, m.base_price, m.currency])).toEqual([
      ['여성 컷', 'cut', 25_000, 'KRW'],
      ['펌', 'perm', 80_000, 'KRW'],
    ]);
    const jp = await postForm(
      t.app,
      '/api/carol/shop/getShopMenuList',
      { shop_id: ids.ginza! },
      { server: 'jp' },
    );
    expect(jp.json<{ menu_list: ShopMenuItem[] }>().menu_list[0]).toMatchObject({
      base_price: 5_500,
      currency: 'JPY',
    });
  });

  it('answers NOT_FOUND for an unknown shop or the other server, 400 on a bad id', async () => {
    for (const [id, server] of [
      [999_999, 'kr'],
      [ids.ginza!, 'kr'],
    ] as const) {
      const res = await postForm(
        t.app,
        '/api/carol/shop/getShopMenuList',
        { shop_id: id },
        { server },
      );
      expect(res.statusCode).toBe(404);
    }
    const bad = await postForm(t.app, '/api/carol/shop/getShopMenuList', { shop_id: 0 });
    expect(bad.statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotStyle, ShopSearchItem, DesignerSearchItem } from '@carol/contracts';
import { catalogueStyles, cataloguePhotos, catalogueTypes } from '../../db/schema/index.js';
import { buildDesigner, buildMenu, buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
let shortBob: { typeId: number; styleId: number; substyleId: number };
let photoIds: { hotTop: number; hotSub: number; hotMan: number; notHot: number };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [womanType] = await db
    .insert(catalogueTypes)
    .values({
      gender: 'w',
      length: 'bob',
      code: 'bob-cut',
      nameKo: '단발 커트',
      nameEn: 'Bob cut',
      nameJa: 'ボブカット',
    })
    .returning();
  const [manType] = await db
    .insert(catalogueTypes)
    .values({
      gender: 'm',
      length: 'male',
      code: 'male-cut',
      nameKo: '남자 커트',
      nameEn: "Men's cut",
      nameJa: 'メンズカット',
    })
    .returning();
  const [style] = await db
    .insert(catalogueStyles)
    .values({
      typeId: womanType!.id,
      code: 'tassel',
      nameKo: '태슬컷',
      nameEn: 'Tassel cut',
      nameJa: 'タッセルカット',
    })
    .returning();
  const [substyle] = await db
    .insert(catalogueStyles)
    .values({
      typeId: womanType!.id,
      parentStyleId: style!.id,
      code: 'tassel-c-curl',
      nameKo: 'C컬',
      nameEn: 'C-curl',
      nameJa: 'Cカール',
    })
    .returning();
  const [manStyle] = await db
    .insert(catalogueStyles)
    .values({
      typeId: manType!.id,
      code: 'dandy',
      nameKo: '댄디컷',
      nameEn: 'Dandy cut',
      nameJa: 'ダンディカット',
    })
    .returning();
  shortBob = { typeId: womanType!.id, styleId: style!.id, substyleId: substyle!.id };
  const photo = (styleId: number, gender: 'w' | 'm', likeCount: number, isHot: boolean) => ({
    server: 'kr' as const,
    styleId,
    gender,
    length: gender === 'm' ? ('male' as const) : ('bob' as const),
    title: `photo ${likeCount}`,
    imageUrl: `/media/seed/photo-${likeCount}.webp`,
    thumbUrl: `/media/seed/photo-${likeCount}-thumb.webp`,
    likeCount,
    isHot,
  });
  const rows = await db
    .insert(cataloguePhotos)
    .values([
      photo(style!.id, 'w', 900, true),
      photo(substyle!.id, 'w', 500, true),
      photo(manStyle!.id, 'm', 700, true),
      photo(style!.id, 'w', 9_999, false),
    ])
    .returning({ id: cataloguePhotos.id });
  photoIds = {
    hotTop: rows[0]!.id,
    hotSub: rows[1]!.id,
    hotMan: rows[2]!.id,
    notHot: rows[3]!.id,
  };

  // Nearby: two shops near Seoul City Hall, one far away in Busan, one near Tokyo Station.
  const cityHall = await buildShop(db, {
    name: '시청앞 헤어',
    location: { x: 126.979, y: 37.5668 },
  });
  const gangnam = await buildShop(db, { name: '강남 헤어', location: { x: 127.0276, y: 37.4979 } });
  const busan = await buildShop(db, { name: '해운대 헤어', location: { x: 129.16, y: 35.16 } });
  const tokyo = await buildShop(db, { server: 'jp', location: { x: 139.767, y: 35.6813 } });
  await buildMenu(db, cityHall.id, { basePrice: 25_000 });
  await buildMenu(db, cityHall.id, { basePrice: 18_000 });
  await buildMenu(db, gangnam.id, { basePrice: 40_000 });
  await buildMenu(db, tokyo.id, { basePrice: 4_400, currency: 'JPY' });
  await buildDesigner(db, cityHall.id, { name: '시청 디자이너' });
  await buildDesigner(db, busan.id, { name: '해운대 디자이너' });
  await buildDesigner(db, tokyo.id, { name: '東京 デザイナー' });
});
afterAll(async () => t.close());

const hotStyles = (fields: Record<string, string | number>, language = 'ko') =>
  postForm(t.app, '/api/carol/home/getHotStyleList', fields, {
    headers: { 'accept-language': language },
  });

describe('POST /api/carol/home/getHotStyleList', () => {
  it('lists hot photos only, most liked first, with their style-book path and localized style name', async () => {
    const res = await hotStyles({}, 'ja');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ result: string; style_list: HotStyle[] }>();
    expect(body.result).toBe('success');
    expect(body.style_list.map((s) => s.photo_id)).toEqual([
      photoIds.hotTop,
      photoIds.hotMan,
      photoIds.hotSub,
    ]);
    expect(body.style_list[0]).toMatchObject({
      gender: 'w',
      length: 'bob',
      type_id: shortBob.typeId,
      style_id: shortBob.styleId,
      substyle_id: null,
      style_name: 'タッセルカット',
      thumb_url: '/media/seed/photo-900-thumb.webp',
      like_count: 900,
    });
    // A substyle photo: the path's {style} is its parent, {substyle} the photo's own style.
    expect(body.style_list[2]).toMatchObject({
      style_id: shortBob.styleId,
      substyle_id: shortBob.substyleId,
      style_name: 'タッセルカット · Cカール',
    });
  });

  it('filters by gender and honours the limit', async () => {
    const men = (await hotStyles({ gender: 'm' })).json<{ style_list: HotStyle[] }>();
    expect(men.style_list.map((s) => [s.photo_id, s.style_name])).toEqual([
      [photoIds.hotMan, '댄디컷'],
    ]);
    const one = (await hotStyles({ limit: 1 }, 'en')).json<{ style_list: HotStyle[] }>();
    expect(one.style_list.map((s) => s.style_name)).toEqual(['Tassel cut']);
  });

  it('refuses an unknown gender and an out-of-range limit', async () => {
    const bad: Array<Record<string, string | number>> = [
      { gender: 'x' },
      { limit: 0 },
      { limit: 31 },
      { limit: 'many' },
    ];
    for (const fields of bad) {
      const res = await hotStyles(fields);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    }
  });
});

describe('home nearby sections (search endpoints, nearest first)', () => {
  const shops = (fields: Record<string, string | number>, server: 'kr' | 'jp' = 'kr') =>
    postForm(
      t.app,
      '/api/carol/shop/getShopSearchInfo',
      { sort: 'distance', page_size: 10, ...fields },
      { server },
    );

  it("measures from the server's default city without coordinates (Seoul City Hall, Tokyo Station)", async () => {
    const kr = (await shops({})).json<{ shop_list: ShopSearchItem[] }>().shop_list;
    expect(kr.map((s) => s.name)).toEqual(['시청앞 헤어', '강남 헤어', '해운대 헤어']);
    expect(kr[0]!.distance_km).toBeLessThan(0.1);
    expect(kr[0]!.min_price).toBe(18_000);
    expect(kr[2]!.min_price).toBeNull();
    const jp = (await shops({}, 'jp')).json<{ shop_list: ShopSearchItem[] }>().shop_list;
    expect(jp).toHaveLength(1);
    expect(jp[0]).toMatchObject({ min_price: 4_400, currency: 'JPY' });
    expect(jp[0]!.distance_km).toBeLessThan(0.1);
  });

  it("measures from the visitor's location when it is sent", async () => {
    const kr = (await shops({ lat: 35.16, lng: 129.16 })).json<{ shop_list: ShopSearchItem[] }>();
    expect(kr.shop_list.map((s) => s.name)).toEqual(['해운대 헤어', '강남 헤어', '시청앞 헤어']);
    expect(kr.shop_list[0]!.distance_km).toBe(0);
  });

  it('lists designers nearest first from the default city or the sent location', async () => {
    const designers = (fields: Record<string, string | number>) =>
      postForm(t.app, '/api/carol/designer/getDesignerSearchInfo', { page_size: 10, ...fields });
    const fromCityHall = (await designers({})).json<{ designer_list: DesignerSearchItem[] }>();
    expect(fromCityHall.designer_list.map((d) => d.name)).toEqual([
      '시청 디자이너',
      '해운대 디자이너',
    ]);
    const fromBusan = (await designers({ lat: 35.16, lng: 129.16 })).json<{
      designer_list: DesignerSearchItem[];
    }>();
    expect(fromBusan.designer_list.map((d) => d.name)).toEqual([
      '해운대 디자이너',
      '시청 디자이너',
    ]);
  });

  it('refuses coordinates out of range', async () => {
    const res = await shops({ lat: 91, lng: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
  });
});

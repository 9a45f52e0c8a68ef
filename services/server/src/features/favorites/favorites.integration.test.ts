import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type {
  DesignerDetail,
  FavoriteCatalogueItem,
  FavoriteDesignerItem,
  FavoriteShopItem,
  ShopDetail,
} from '@carol/contracts';
import {
  catalogueStyles,
  catalogueTypes,
  cataloguePhotos,
  designers,
  favoriteStyles,
  shopImages,
} from '../../db/schema/index.js';
import { buildDesigner, buildMember, buildSession, buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
const cookieName = 'carol_sid';
const ids: Record<string, number> = {};
let aliceCookie = '';
let bobCookie = '';

const as = (cookie: string) => ({ headers: { cookie: `${cookieName}=${cookie}` } });

beforeAll(async () => {
  t = await createTestApp({ COOKIE_SECURE: 'false' });
  const db = t.database.db;
  const alice = await buildMember(db, { familyName: '김', givenName: '하늘' });
  const bob = await buildMember(db, { familyName: '이', givenName: '바다' });
  ids.alice = alice.id;
  ids.bob = bob.id;
  aliceCookie = await buildSession(db, alice.id);
  bobCookie = await buildSession(db, bob.id);
  const raon = await buildShop(db, { name: '헤어샵 라온', ratingAvg: 4.5, reviewCount: 3 });
  const mir = await buildShop(db, { name: '미르 헤어' });
  const ginza = await buildShop(db, { server: 'jp', name: 'ヘアサロン 銀座' });
  ids.raon = raon.id;
  ids.mir = mir.id;
  ids.ginza = ginza.id;
  await db.insert(shopImages).values([
    { shopId: raon.id, url: '/media/raon-2.webp', sort: 2 },
    { shopId: raon.id, url: '/media/raon-1.webp', sort: 1 },
  ]);
  const boni = await buildDesigner(db, raon.id, { name: '박보니', position: '원장' });
  const left = await buildDesigner(db, raon.id, { name: '퇴사자', isActive: false });
  const yuki = await buildDesigner(db, ginza.id, { name: 'ゆき' });
  ids.boni = boni.id;
  ids.left = left.id;
  ids.yuki = yuki.id;
  const [type] = await db
    .insert(catalogueTypes)
    .values({
      gender: 'w',
      length: 'short',
      code: 'short',
      nameKo: '숏',
      nameEn: 'Short',
      nameJa: 'ショート',
    })
    .returning();
  const [style] = await db
    .insert(catalogueStyles)
    .values({
      typeId: type!.id,
      code: 'pixie',
      nameKo: '픽시',
      nameEn: 'Pixie',
      nameJa: 'ピクシー',
    })
    .returning();
  const photos = await db
    .insert(cataloguePhotos)
    .values([
      {
        server: 'kr' as const,
        styleId: style!.id,
        shopId: raon.id,
        designerId: boni.id,
        gender: 'w',
        length: 'short',
        title: '픽시 컷',
        imageUrl: '/media/p1.webp',
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
      {
        server: 'kr' as const,
        styleId: style!.id,
        shopId: raon.id,
        designerId: boni.id,
        gender: 'w',
        length: 'short',
        title: '숏 보브',
        imageUrl: '/media/p2.webp',
        thumbUrl: '/media/p2-thumb.webp',
        createdAt: new Date('2026-02-01T00:00:00Z'),
      },
      {
        server: 'kr' as const,
        styleId: style!.id,
        shopId: null,
        designerId: null,
        gender: 'w',
        length: 'short',
        title: '에디토리얼',
        imageUrl: '/media/p3.webp',
      },
    ])
    .returning();
  ids.photo1 = photos[0]!.id;
  ids.photo2 = photos[1]!.id;
  ids.photo3 = photos[2]!.id;
});
afterAll(async () => t.close());

describe('setShopFavorite / deleteShopFavorite', () => {
  it('refuses a guest with UNAUTHORIZED', async () => {
    for (const path of ['setShopFavorite', 'deleteShopFavorite']) {
      const res = await postForm(t.app, `/api/carol/shop/${path}`, { shop_id: ids.raon! });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ resCode: 'UNAUTHORIZED' });
    }
  });

  it('sets a favourite twice without error and shows it on the salon page', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await postForm(
        t.app,
        '/api/carol/shop/setShopFavorite',
        { shop_id: ids.raon! },
        as(aliceCookie),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ result: 'success', shop_id: ids.raon, is_favorite: true });
    }
    const detail = await postForm(
      t.app,
      '/api/carol/shop/getShopDetail',
      { shop_id: ids.raon! },
      as(aliceCookie),
    );
    expect(detail.json<{ detail: ShopDetail }>().detail.is_favorite).toBe(true);
    const asBob = await postForm(
      t.app,
      '/api/carol/shop/getShopDetail',
      { shop_id: ids.raon! },
      as(bobCookie),
    );
    expect(asBob.json<{ detail: ShopDetail }>().detail.is_favorite).toBe(false);
    const asGuest = await postForm(t.app, '/api/carol/shop/getShopDetail', { shop_id: ids.raon! });
    expect(asGuest.json<{ detail: ShopDetail }>().detail.is_favorite).toBeUndefined();
  });

  it('ten simultaneous twins of each idempotent add all succeed and store one row', async () => {
    const db = t.database.db;
    const member = await buildMember(db);
    const cookie = await buildSession(db, member.id);
    const adds: Array<[string, Record<string, number>]> = [
      ['/api/carol/shop/setShopFavorite', { shop_id: ids.mir! }],
      ['/api/carol/designer/setDesignerFavorite', { designer_id: ids.boni! }],
      ['/api/carol/mypage/add_hair_book', { photo_id: ids.photo1! }],
    ];
    for (const [url, fields] of adds) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => postForm(t.app, url, fields, as(cookie))),
      );
      expect(
        answers.map((a) => a.statusCode),
        url,
      ).toEqual(Array<number>(10).fill(200));
    }
    const rows = await db.execute<{ shops: number; designers: number; styles: number }>(sql`
      select (select count(*)::int from favorite_shops where member_id = ${member.id}) as shops,
             (select count(*)::int from favorite_designers where member_id = ${member.id}) as designers,
             (select count(*)::int from favorite_styles where member_id = ${member.id}) as styles`);
    expect(rows.rows[0]).toEqual({ shops: 1, designers: 1, styles: 1 });
  });

  it('answers NOT_FOUND for an unknown shop and for a shop of the other server', async () => {
    const unknown = await postForm(
      t.app,
      '/api/carol/shop/setShopFavorite',
      { shop_id: 999_999 },
      as(aliceCookie),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ resCode: 'NOT_FOUND' });
    const otherServer = await postForm(
      t.app,
      '/api/carol/shop/setShopFavorite',
      { shop_id: ids.ginza! },
      as(aliceCookie),
    );
    expect(otherServer.statusCode).toBe(404);
    const del = await postForm(
      t.app,
      '/api/carol/shop/deleteShopFavorite',
      { shop_id: 999_999 },
      as(aliceCookie),
    );
    expect(del.statusCode).toBe(404);
  });

  it('rejects a shop_id that is not a positive integer', async () => {
    const res = await postForm(
      t.app,
      '/api/carol/shop/setShopFavorite',
      { shop_id: 'abc' },
      as(aliceCookie),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
  });

  it('deletes idempotently, and Bob deleting never touches Alice’s favourite', async () => {
    await postForm(
      t.app,
      '/api/carol/shop/setShopFavorite',
      { shop_id: ids.mir! },
      as(aliceCookie),
    );
    const bobDelete = await postForm(
      t.app,
      '/api/carol/shop/deleteShopFavorite',
      { shop_id: ids.mir! },
      as(bobCookie),
    );
    expect(bobDelete.json()).toEqual({ result: 'success', shop_id: ids.mir, is_favorite: false });
    const list = await postForm(
      t.app,
      '/api/carol/mypage/getShopFavoriteList',
      {},
      as(aliceCookie),
    );
    expect(
      list.json<{ shop_list: FavoriteShopItem[] }>().shop_list.map((s) => s.shop_id),
    ).toContain(ids.mir);
    for (let i = 0; i < 2; i++) {
      const res = await postForm(
        t.app,
        '/api/carol/shop/deleteShopFavorite',
        { shop_id: ids.mir! },
        as(aliceCookie),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ result: 'success', shop_id: ids.mir, is_favorite: false });
    }
    const after = await postForm(
      t.app,
      '/api/carol/mypage/getShopFavoriteList',
      {},
      as(aliceCookie),
    );
    expect(
      after.json<{ shop_list: FavoriteShopItem[] }>().shop_list.map((s) => s.shop_id),
    ).not.toContain(ids.mir);
  });
});

describe('getShopFavoriteList', () => {
  it('lists only the caller’s shops of the request server, newest first, with card data and paging', async () => {
    const member = await buildMember(t.database.db);
    const cookie = await buildSession(t.database.db, member.id);
    await postForm(t.app, '/api/carol/shop/setShopFavorite', { shop_id: ids.raon! }, as(cookie));
    await postForm(t.app, '/api/carol/shop/setShopFavorite', { shop_id: ids.mir! }, as(cookie));
    await postForm(
      t.app,
      '/api/carol/shop/setShopFavorite',
      { shop_id: ids.ginza! },
      { ...as(cookie), server: 'jp' },
    );
    const first = await postForm(
      t.app,
      '/api/carol/mypage/getShopFavoriteList',
      { page: 1, page_size: 1 },
      as(cookie),
    );
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json<{ shop_list: FavoriteShopItem[]; total: number; has_next: boolean }>();
    expect(body.total).toBe(2);
    expect(body.has_next).toBe(true);
    expect(body.shop_list.map((s) => s.shop_id)).toEqual([ids.mir]);
    const second = await postForm(
      t.app,
      '/api/carol/mypage/getShopFavoriteList',
      { page: 2, page_size: 1 },
      as(cookie),
    );
    const item = second.json<{ shop_list: FavoriteShopItem[]; has_next: boolean }>();
    expect(item.has_next).toBe(false);
    expect(item.shop_list[0]).toMatchObject({
      shop_id: ids.raon,
      name: '헤어샵 라온',
      rating_avg: 4.5,
      review_count: 3,
      currency: 'KRW',
      thumbnail: '/media/raon-1.webp',
    });
    const jp = await postForm(
      t.app,
      '/api/carol/mypage/getShopFavoriteList',
      {},
      { ...as(cookie), server: 'jp' },
    );
    expect(jp.json<{ shop_list: FavoriteShopItem[] }>().shop_list.map((s) => s.name)).toEqual([
      'ヘアサロン 銀座',
    ]);
  });

  it('never shows another member’s favourites', async () => {
    const res = await postForm(t.app, '/api/carol/mypage/getShopFavoriteList', {}, as(bobCookie));
    expect(res.json()).toMatchObject({ shop_list: [], total: 0, has_next: false });
  });

  it('refuses a guest and a forged cookie', async () => {
    const guest = await postForm(t.app, '/api/carol/mypage/getShopFavoriteList', {});
    expect(guest.statusCode).toBe(401);
    const forged = await postForm(
      t.app,
      '/api/carol/mypage/getShopFavoriteList',
      {},
      as('x'.repeat(43)),
    );
    expect(forged.statusCode).toBe(401);
  });

  it('rejects a page size over 100', async () => {
    const res = await postForm(
      t.app,
      '/api/carol/mypage/getShopFavoriteList',
      { page_size: 101 },
      as(aliceCookie),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
  });
});

describe('designer favourites', () => {
  it('refuses a guest', async () => {
    for (const path of ['setDesignerFavorite', 'deleteDesignerFavorite']) {
      const res = await postForm(t.app, `/api/carol/designer/${path}`, { designer_id: ids.boni! });
      expect(res.statusCode).toBe(401);
    }
    const list = await postForm(t.app, '/api/carol/mypage/getDesignerFavoriteList', {});
    expect(list.statusCode).toBe(401);
  });

  it('sets twice, lists for the owner only, and deletes', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await postForm(
        t.app,
        '/api/carol/designer/setDesignerFavorite',
        { designer_id: ids.boni! },
        as(aliceCookie),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ result: 'success', designer_id: ids.boni, is_favorite: true });
    }
    const list = await postForm(
      t.app,
      '/api/carol/mypage/getDesignerFavoriteList',
      {},
      as(aliceCookie),
    );
    const items = list.json<{ designer_list: FavoriteDesignerItem[]; total: number }>();
    expect(items.total).toBe(1);
    expect(items.designer_list[0]).toMatchObject({
      designer_id: ids.boni,
      name: '박보니',
      position: '원장',
      shop_id: ids.raon,
      shop_name: '헤어샵 라온',
      is_active: true,
    });
    const bob = await postForm(
      t.app,
      '/api/carol/mypage/getDesignerFavoriteList',
      {},
      as(bobCookie),
    );
    expect(bob.json()).toMatchObject({ designer_list: [], total: 0 });
    const del = await postForm(
      t.app,
      '/api/carol/designer/deleteDesignerFavorite',
      { designer_id: ids.boni! },
      as(aliceCookie),
    );
    expect(del.json()).toEqual({ result: 'success', designer_id: ids.boni, is_favorite: false });
    const after = await postForm(
      t.app,
      '/api/carol/mypage/getDesignerFavoriteList',
      {},
      as(aliceCookie),
    );
    expect(after.json()).toMatchObject({ designer_list: [], total: 0 });
  });

  it('answers NOT_FOUND for an unknown designer, another server’s designer, and adding one who left', async () => {
    for (const designerId of [999_999, ids.yuki!, ids.left!]) {
      const res = await postForm(
        t.app,
        '/api/carol/designer/setDesignerFavorite',
        { designer_id: designerId },
        as(aliceCookie),
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ resCode: 'NOT_FOUND' });
    }
    const del = await postForm(
      t.app,
      '/api/carol/designer/deleteDesignerFavorite',
      { designer_id: 999_999 },
      as(aliceCookie),
    );
    expect(del.statusCode).toBe(404);
  });

  it('keeps a designer who left in the list (marked inactive) so the member can remove them', async () => {
    const member = await buildMember(t.database.db);
    const cookie = await buildSession(t.database.db, member.id);
    const mover = await buildDesigner(t.database.db, ids.raon!, { name: '이직예정' });
    await postForm(
      t.app,
      '/api/carol/designer/setDesignerFavorite',
      { designer_id: mover.id },
      as(cookie),
    );
    await t.database.db
      .update(designers)
      .set({ isActive: false })
      .where(eq(designers.id, mover.id));
    const list = await postForm(t.app, '/api/carol/mypage/getDesignerFavoriteList', {}, as(cookie));
    expect(list.json<{ designer_list: FavoriteDesignerItem[] }>().designer_list[0]).toMatchObject({
      designer_id: mover.id,
      is_active: false,
    });
    const del = await postForm(
      t.app,
      '/api/carol/designer/deleteDesignerFavorite',
      { designer_id: mover.id },
      as(cookie),
    );
    expect(del.statusCode).toBe(200);
  });
});

describe('getCatalogueFavoriteList', () => {
  it('lists the caller’s saved styles newest first, never another member’s', async () => {
    const db = t.database.db;
    await db.insert(favoriteStyles).values([
      { memberId: ids.alice!, photoId: ids.photo1!, createdAt: new Date('2026-03-01T00:00:00Z') },
      { memberId: ids.alice!, photoId: ids.photo3!, createdAt: new Date('2026-03-02T00:00:00Z') },
      { memberId: ids.bob!, photoId: ids.photo2!, createdAt: new Date('2026-03-03T00:00:00Z') },
    ]);
    const res = await postForm(
      t.app,
      '/api/carol/mypage/getCatalogueFavoriteList',
      {},
      as(aliceCookie),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ catalogue_list: FavoriteCatalogueItem[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.catalogue_list.map((p) => p.photo_id)).toEqual([ids.photo3, ids.photo1]);
    expect(body.catalogue_list[1]).toMatchObject({
      title: '픽시 컷',
      shop_name: '헤어샵 라온',
      gender: 'w',
      length: 'short',
    });
    expect(body.catalogue_list[0]).toMatchObject({ shop_id: null, shop_name: null });
    const bob = await postForm(
      t.app,
      '/api/carol/mypage/getCatalogueFavoriteList',
      {},
      as(bobCookie),
    );
    expect(
      bob.json<{ catalogue_list: FavoriteCatalogueItem[] }>().catalogue_list.map((p) => p.photo_id),
    ).toEqual([ids.photo2]);
  });

  it('refuses a guest', async () => {
    const res = await postForm(t.app, '/api/carol/mypage/getCatalogueFavoriteList', {});
    expect(res.statusCode).toBe(401);
  });
});

describe('getDesignerDetail', () => {
  it('returns profile, shop and portfolio newest first; is_favorite only for the member who set it', async () => {
    await postForm(
      t.app,
      '/api/carol/designer/setDesignerFavorite',
      { designer_id: ids.boni! },
      as(aliceCookie),
    );
    const res = await postForm(
      t.app,
      '/api/carol/designer/getDesignerDetail',
      { designer_id: ids.boni! },
      as(aliceCookie),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { detail } = res.json<{ detail: DesignerDetail }>();
    expect(detail).toMatchObject({
      id: ids.boni,
      name: '박보니',
      position: '원장',
      career_years: 5,
      is_favorite: true,
      shop: {
        id: ids.raon,
        name: '헤어샵 라온',
        thumbnail: '/media/raon-1.webp',
        is_booking_open: true,
      },
    });
    expect(detail.portfolio.map((p) => p.photo_id)).toEqual([ids.photo2, ids.photo1]);
    expect(detail.portfolio[0]).toMatchObject({ thumb_url: '/media/p2-thumb.webp' });
    const asBob = await postForm(
      t.app,
      '/api/carol/designer/getDesignerDetail',
      { designer_id: ids.boni! },
      as(bobCookie),
    );
    expect(asBob.json<{ detail: DesignerDetail }>().detail.is_favorite).toBe(false);
    const guest = await postForm(t.app, '/api/carol/designer/getDesignerDetail', {
      designer_id: ids.boni!,
    });
    expect(guest.json<{ detail: DesignerDetail }>().detail.is_favorite).toBe(false);
  });

  it('answers NOT_FOUND for an unknown designer, one who left, and one of the other server', async () => {
    for (const designerId of [999_999, ids.left!, ids.yuki!]) {
      const res = await postForm(t.app, '/api/carol/designer/getDesignerDetail', {
        designer_id: designerId,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ resCode: 'NOT_FOUND' });
    }
    const jp = await postForm(
      t.app,
      '/api/carol/designer/getDesignerDetail',
      { designer_id: ids.yuki! },
      { server: 'jp' },
    );
    expect(jp.statusCode).toBe(200);
  });

  it('rejects a missing designer_id', async () => {
    const res = await postForm(t.app, '/api/carol/designer/getDesignerDetail', {});
    expect(res.statusCode).toBe(400);
  });
});

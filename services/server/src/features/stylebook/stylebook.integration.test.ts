import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CataloguePhoto,
  CatalogueStyle,
  CatalogueType,
  PhotoDetail,
  ShareStyle,
  StylebookShopItem,
} from '@carol/contracts';
import { cataloguePhotos, catalogueStyles, catalogueTypes } from '../../db/schema/index.js';
import {
  buildDesigner,
  buildMember,
  buildMenu,
  buildSession,
  buildShop,
} from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
const ids: Record<string, number> = {};
const cookieName = 'carol_sid';
const asMember = (token: string) => ({ headers: { cookie: `${cookieName}=${token}` } });

interface PhotoPage {
  catalogue_list: CataloguePhoto[];
  total: number;
  page: number;
  has_next: boolean;
}

beforeAll(async () => {
  t = await createTestApp({ COOKIE_SECURE: 'false' });
  const db = t.database.db;
  const [shortCut, shortPerm, maleCut] = await db
    .insert(catalogueTypes)
    .values([
      {
        gender: 'w',
        length: 'short',
        code: 'short-cut',
        nameKo: '숏 컷',
        nameEn: 'Short cut',
        nameJa: 'ショートカット',
        sort: 0,
      },
      {
        gender: 'w',
        length: 'short',
        code: 'short-perm',
        nameKo: '숏 펌',
        nameEn: 'Short perm',
        nameJa: 'ショートパーマ',
        sort: 1,
      },
      {
        gender: 'm',
        length: 'male',
        code: 'male-cut',
        nameKo: '남자 컷',
        nameEn: "Men's cut",
        nameJa: 'メンズカット',
        sort: 2,
      },
    ])
    .returning();
  ids.shortCut = shortCut!.id;
  ids.shortPerm = shortPerm!.id;
  ids.maleCut = maleCut!.id;
  const [layered, pixie, permStyle, dandy] = await db
    .insert(catalogueStyles)
    .values([
      {
        typeId: ids.shortCut,
        code: 'layered',
        nameKo: '레이어드',
        nameEn: 'Layered',
        nameJa: 'レイヤー',
        sort: 0,
      },
      {
        typeId: ids.shortCut,
        code: 'pixie',
        nameKo: '픽시',
        nameEn: 'Pixie',
        nameJa: 'ピクシー',
        sort: 1,
      },
      {
        typeId: ids.shortPerm,
        code: 'wave',
        nameKo: '웨이브',
        nameEn: 'Wave',
        nameJa: 'ウェーブ',
        sort: 0,
      },
      {
        typeId: ids.maleCut,
        code: 'dandy',
        nameKo: '댄디',
        nameEn: 'Dandy',
        nameJa: 'ダンディ',
        sort: 0,
      },
    ])
    .returning();
  ids.layered = layered!.id;
  ids.pixie = pixie!.id;
  ids.wave = permStyle!.id;
  ids.dandy = dandy!.id;
  const [hush, wolf] = await db
    .insert(catalogueStyles)
    .values([
      {
        typeId: ids.shortCut,
        parentStyleId: ids.layered,
        code: 'hush',
        nameKo: '허쉬',
        nameEn: 'Hush',
        nameJa: 'ハッシュ',
        sort: 0,
      },
      {
        typeId: ids.shortCut,
        parentStyleId: ids.layered,
        code: 'wolf',
        nameKo: '울프',
        nameEn: 'Wolf',
        nameJa: 'ウルフ',
        sort: 1,
      },
    ])
    .returning();
  ids.hush = hush!.id;
  ids.wolf = wolf!.id;

  const near = await buildShop(db, { name: '가까운 살롱', ratingAvg: 3.5, reviewCount: 4 });
  const far = await buildShop(db, {
    name: '먼 살롱',
    ratingAvg: 4.9,
    reviewCount: 30,
    location: { x: 129.0756, y: 35.1796 },
  });
  const plain = await buildShop(db, { name: '사진 없는 살롱' });
  const tokyo = await buildShop(db, { server: 'jp', name: '銀座サロン' });
  ids.near = near.id;
  ids.far = far.id;
  ids.plain = plain.id;
  ids.tokyo = tokyo.id;
  await buildMenu(db, near.id, { basePrice: 20_000 });
  const designer = await buildDesigner(db, near.id, { name: '박보니' });
  ids.designer = designer.id;

  const photo = (
    styleId: number,
    gender: 'w' | 'm',
    length: 'short' | 'male',
    title: string,
    likeCount: number,
    shopId: number | null = null,
    designerId: number | null = null,
    server: 'kr' | 'jp' = 'kr',
  ) => ({
    server,
    styleId,
    gender,
    length,
    title,
    description: `${title} 설명`,
    imageUrl: `/media/${title}.webp`,
    thumbUrl: `/media/${title}-thumb.webp`,
    likeCount,
    shopId,
    designerId,
  });
  const photos = await db
    .insert(cataloguePhotos)
    .values([
      photo(ids.hush, 'w', 'short', 'hush-1', 50, near.id, designer.id),
      photo(ids.hush, 'w', 'short', 'hush-2', 40, far.id),
      photo(ids.wolf, 'w', 'short', 'wolf-1', 30, near.id),
      photo(ids.pixie, 'w', 'short', 'pixie-1', 20, tokyo.id, null, 'jp'),
      photo(ids.wave, 'w', 'short', 'wave-1', 10),
      photo(ids.dandy, 'm', 'male', 'dandy-1', 5, near.id),
    ])
    .returning();
  for (const p of photos) ids[p.title] = p.id;
});
afterAll(async () => t.close());

const styleUrl = '/api/carol/catalogue/getStyle';

describe('POST /api/carol/catalogue/getType', () => {
  it("lists a gender's types in order with kind, length, photo counts and names in the request language", async () => {
    const res = await postForm(t.app, '/api/carol/catalogue/getType', { gender: 'w' });
    expect(res.statusCode, res.body).toBe(200);
    const { type_list } = res.json<{ type_list: CatalogueType[] }>();
    expect(type_list).toEqual([
      {
        type_id: ids.shortCut,
        gender: 'w',
        length: 'short',
        kind: 'cut',
        code: 'short-cut',
        name: '숏 컷',
        // pixie-1 is a jp photo: counted under jp only
        photo_count: 3,
      },
      {
        type_id: ids.shortPerm,
        gender: 'w',
        length: 'short',
        kind: 'perm',
        code: 'short-perm',
        name: '숏 펌',
        photo_count: 1,
      },
    ]);
    const ja = await postForm(
      t.app,
      '/api/carol/catalogue/getType',
      { gender: 'm' },
      { headers: { 'accept-language': 'ja' }, server: 'jp' },
    );
    expect(ja.json<{ type_list: CatalogueType[] }>().type_list.map((x) => x.name)).toEqual([
      'メンズカット',
    ]);
  });

  it('refuses an unknown gender', async () => {
    const res = await postForm(t.app, '/api/carol/catalogue/getType', { gender: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
  });
});

describe('POST /api/carol/catalogue/getStyle', () => {
  it('the default path /w/-1/0/0 shows every women’s photo of the market, most liked first, and no style list', async () => {
    const res = await postForm(t.app, styleUrl, {
      gender: 'w',
      type_id: -1,
      style_id: 0,
      substyle_id: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PhotoPage & { style_list: CatalogueStyle[] }>();
    expect(body.style_list).toEqual([]);
    expect(body.catalogue_list.map((p) => p.title)).toEqual([
      'hush-1',
      'hush-2',
      'wolf-1',
      'wave-1',
    ]);
    expect(body).toMatchObject({ total: 4, page: 1, has_next: false });
    const jp = await postForm(t.app, styleUrl, { gender: 'w' }, { server: 'jp' });
    expect(jp.json<PhotoPage>().catalogue_list.map((p) => p.title)).toEqual(['pixie-1']);
    expect(body.catalogue_list[0]).toEqual({
      photo_id: ids['hush-1'],
      gender: 'w',
      length: 'short',
      type_id: ids.shortCut,
      style_id: ids.layered,
      substyle_id: ids.hush,
      style_name: '레이어드 · 허쉬',
      title: 'hush-1',
      description: 'hush-1 설명',
      image_url: '/media/hush-1.webp',
      thumb_url: '/media/hush-1-thumb.webp',
      like_count: 50,
      in_hair_book: false,
    });
  });

  it('a type lists its styles with substyles and counts; style and substyle narrow the photos', async () => {
    const byType = await postForm(t.app, styleUrl, { gender: 'w', type_id: ids.shortCut! });
    const body = byType.json<PhotoPage & { style_list: CatalogueStyle[] }>();
    expect(body.style_list).toEqual([
      {
        style_id: ids.layered,
        type_id: ids.shortCut,
        code: 'layered',
        name: '레이어드',
        photo_count: 3,
        substyles: [
          { style_id: ids.hush, code: 'hush', name: '허쉬', photo_count: 2 },
          { style_id: ids.wolf, code: 'wolf', name: '울프', photo_count: 1 },
        ],
      },
      {
        style_id: ids.pixie,
        type_id: ids.shortCut,
        code: 'pixie',
        name: '픽시',
        photo_count: 0,
        substyles: [],
      },
    ]);
    expect(body.total).toBe(3);

    const byStyle = await postForm(t.app, styleUrl, {
      gender: 'w',
      type_id: ids.shortCut!,
      style_id: ids.layered!,
      substyle_id: 0,
    });
    expect(byStyle.json<PhotoPage>().catalogue_list.map((p) => p.title)).toEqual([
      'hush-1',
      'hush-2',
      'wolf-1',
    ]);
    const bySub = await postForm(
      t.app,
      styleUrl,
      { gender: 'w', type_id: ids.shortCut!, style_id: ids.layered!, substyle_id: ids.wolf! },
      { headers: { 'accept-language': 'en' } },
    );
    const sub = bySub.json<PhotoPage>();
    expect(sub.catalogue_list.map((p) => [p.title, p.style_name])).toEqual([
      ['wolf-1', 'Layered · Wolf'],
    ]);
  });

  it('pages through the photos', async () => {
    const first = await postForm(t.app, styleUrl, { gender: 'w', page: 1, page_size: 2 });
    expect(first.json<PhotoPage>()).toMatchObject({ total: 4, page: 1, has_next: true });
    const second = await postForm(t.app, styleUrl, { gender: 'w', page: 2, page_size: 2 });
    const last = second.json<PhotoPage>();
    expect(last.catalogue_list.map((p) => p.title)).toEqual(['wolf-1', 'wave-1']);
    expect(last).toMatchObject({ total: 4, page: 2, has_next: false });
    const past = await postForm(t.app, styleUrl, { gender: 'w', page: 9, page_size: 2 });
    expect(past.json<PhotoPage>()).toMatchObject({ catalogue_list: [], total: 4, has_next: false });
  });

  it('answers NOT_FOUND for ids that are not there or not under the segment before them', async () => {
    for (const fields of <Record<string, string | number>[]>[
      { gender: 'w', type_id: 999_999 },
      { gender: 'w', type_id: ids.maleCut! }, // a men's type under women
      { gender: 'w', type_id: ids.shortPerm!, style_id: ids.layered! }, // style of another type
      { gender: 'w', type_id: ids.shortCut!, style_id: ids.hush! }, // a substyle as style
      { gender: 'w', type_id: ids.shortCut!, style_id: ids.pixie!, substyle_id: ids.hush! },
    ]) {
      const res = await postForm(t.app, styleUrl, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(404);
      expect(res.json()).toMatchObject({ resCode: 'NOT_FOUND' });
    }
  });

  it('answers VALIDATION_FAILED for malformed paths', async () => {
    for (const fields of [
      { gender: 'w', type_id: 0 },
      { gender: 'w', type_id: -2 },
      { gender: 'w', type_id: 'abc' },
      { gender: 'w', style_id: -1 },
      { gender: 'w', type_id: -1, style_id: ids.layered! }, // a style without its type
      { gender: 'w', type_id: ids.shortCut!, style_id: 0, substyle_id: ids.hush! },
      { gender: 'w', page: 0 },
      { gender: 'w', page_size: 101 },
      { type_id: -1 },
    ]) {
      const res = await postForm(
        t.app,
        styleUrl,
        fields as unknown as Record<string, string | number>,
      );
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    }
  });
});

describe('POST /api/carol/catalogue/getPhotoDetail and getShareStyle', () => {
  it('returns the photo with its style, credit on this server and the count of salons doing it', async () => {
    const res = await postForm(t.app, '/api/carol/catalogue/getPhotoDetail', {
      photo_id: ids['hush-1']!,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { detail } = res.json<{ detail: PhotoDetail }>();
    expect(detail).toMatchObject({
      photo_id: ids['hush-1'],
      type_name: '숏 컷',
      style_only_name: '레이어드',
      substyle_name: '허쉬',
      shop: { shop_id: ids.near, name: '가까운 살롱' },
      designer: { designer_id: ids.designer, name: '박보니' },
      // near and far are credited with layered photos on kr
      shop_count: 2,
      in_hair_book: false,
    });
  });

  it('answers NOT_FOUND for a photo of the other market, and shows it with its credit under its own', async () => {
    const res = await postForm(t.app, '/api/carol/catalogue/getPhotoDetail', {
      photo_id: ids['pixie-1']!,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ resCode: 'NOT_FOUND' });
    const share = await postForm(t.app, '/api/carol/catalogue/getShareStyle', {
      photo_id: ids['pixie-1']!,
    });
    expect(share.statusCode).toBe(404);
    const jp = await postForm(
      t.app,
      '/api/carol/catalogue/getPhotoDetail',
      { photo_id: ids['pixie-1']! },
      { server: 'jp' },
    );
    expect(jp.json<{ detail: PhotoDetail }>().detail).toMatchObject({
      shop: { shop_id: ids.tokyo },
      shop_count: 1,
    });
  });

  it('builds the public share payload with absolute links to the photo’s style-book path', async () => {
    const res = await postForm(t.app, '/api/carol/catalogue/getShareStyle', {
      photo_id: ids['wolf-1']!,
    });
    expect(res.statusCode, res.body).toBe(200);
    const base = t.config.appBaseUrl;
    expect(res.json<{ share: ShareStyle }>().share).toEqual({
      title: '레이어드 · 울프',
      description: 'wolf-1 설명',
      image_url: `${base}/media/wolf-1.webp`,
      url: `${base}/stylebook/style/w/${ids.shortCut}/${ids.layered}/${ids.wolf}?photo=${ids['wolf-1']}`,
    });
  });

  it('answers NOT_FOUND for an unknown photo and VALIDATION_FAILED for a bad id', async () => {
    for (const url of [
      '/api/carol/catalogue/getPhotoDetail',
      '/api/carol/catalogue/getShareStyle',
    ]) {
      const missing = await postForm(t.app, url, { photo_id: 999_999 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ resCode: 'NOT_FOUND' });
      for (const bad of ['0', '-3', 'x']) {
        const res = await postForm(t.app, url, { photo_id: bad });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
      }
    }
  });
});

describe('POST /api/userapi/photo/genderHairListByShop', () => {
  const url = '/api/userapi/photo/genderHairListByShop';

  it("lists a salon's photos of a gender with the types it has", async () => {
    const res = await postForm(t.app, url, { shop_id: ids.near!, gender: 'w' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PhotoPage & { type_list: CatalogueType[] }>();
    expect(body.catalogue_list.map((p) => p.title)).toEqual(['hush-1', 'wolf-1']);
    expect(body.type_list.map((x) => [x.type_id, x.photo_count])).toEqual([[ids.shortCut, 2]]);
    const men = await postForm(t.app, url, { shop_id: ids.near!, gender: 'm' });
    expect(men.json<PhotoPage>().catalogue_list.map((p) => p.title)).toEqual(['dandy-1']);
    const sub = await postForm(t.app, url, {
      shop_id: ids.near!,
      gender: 'w',
      type_id: ids.shortCut!,
      style_id: ids.layered!,
      substyle_id: ids.wolf!,
    });
    expect(sub.json<PhotoPage>().catalogue_list.map((p) => p.title)).toEqual(['wolf-1']);
    // The counts per gender ignore the path, so the page can tell "nothing here" from
    // "nothing of this style" or "only the other gender".
    expect(sub.json()).toMatchObject({ total: 1, gender_counts: { w: 2, m: 1 } });
  });

  it('is empty for a salon without photos, NOT_FOUND for an unknown or other-server salon', async () => {
    const empty = await postForm(t.app, url, { shop_id: ids.plain!, gender: 'w' });
    expect(empty.json()).toMatchObject({
      catalogue_list: [],
      type_list: [],
      total: 0,
      gender_counts: { w: 0, m: 0 },
    });
    for (const shopId of [999_999, ids.tokyo!]) {
      const res = await postForm(t.app, url, { shop_id: shopId, gender: 'w' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ resCode: 'NOT_FOUND' });
    }
    const bad = await postForm(t.app, url, { shop_id: 'abc', gender: 'w' });
    expect(bad.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    const wrongType = await postForm(t.app, url, {
      shop_id: ids.near!,
      gender: 'm',
      type_id: ids.shortCut!,
    });
    expect(wrongType.json()).toMatchObject({ resCode: 'NOT_FOUND' });
  });
});

describe('POST /api/carol/shop/getShopListByStyleBook', () => {
  const url = '/api/carol/shop/getShopListByStyleBook';
  const layered = () => ({ gender: 'w', type_id: ids.shortCut!, style_id: ids.layered! });

  it('lists the salons of this server credited with the style, nearest first from lat/lng', async () => {
    const res = await postForm(t.app, url, { ...layered(), lat: 37.4979, lng: 127.0276 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ shop_list: StylebookShopItem[]; total: number }>();
    expect(body.total).toBe(2);
    expect(body.shop_list.map((s) => [s.shop_id, s.photo_count])).toEqual([
      [ids.near, 2],
      [ids.far, 1],
    ]);
    expect(body.shop_list[0]).toMatchObject({
      name: '가까운 살롱',
      min_price: 20_000,
      currency: 'KRW',
      rating_avg: 3.5,
    });
    expect(body.shop_list[0]!.distance_km).toBeLessThan(body.shop_list[1]!.distance_km);
  });

  it('sorts by rating without coordinates, and pages', async () => {
    const rated = await postForm(t.app, url, layered());
    expect(
      rated.json<{ shop_list: StylebookShopItem[] }>().shop_list.map((s) => s.shop_id),
    ).toEqual([ids.far, ids.near]);
    const page2 = await postForm(t.app, url, { ...layered(), page: 2, page_size: 1 });
    expect(page2.json()).toMatchObject({ total: 2, page: 2, has_next: false });
    expect(
      page2.json<{ shop_list: StylebookShopItem[] }>().shop_list.map((s) => s.shop_id),
    ).toEqual([ids.near]);
    const past = await postForm(t.app, url, { ...layered(), page: 5, page_size: 1 });
    expect(past.json()).toMatchObject({ shop_list: [], total: 2, has_next: false });
  });

  it('keeps to the request server and fails on bad or unknown paths', async () => {
    const jp = await postForm(t.app, url, { gender: 'w' }, { server: 'jp' });
    expect(jp.json<{ shop_list: StylebookShopItem[] }>().shop_list.map((s) => s.shop_id)).toEqual([
      ids.tokyo,
    ]);
    const unknown = await postForm(t.app, url, { gender: 'w', type_id: 999_999 });
    expect(unknown.json()).toMatchObject({ resCode: 'NOT_FOUND' });
    for (const bad of [
      { gender: 'w', sort: 'price' },
      { gender: 'w', lat: 200, lng: 0 },
    ]) {
      const res = await postForm(t.app, url, bad as unknown as Record<string, string | number>);
      expect(res.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    }
  });
});

describe('hair book: add_hair_book / sub_hair_book', () => {
  const add = '/api/carol/mypage/add_hair_book';
  const sub = '/api/carol/mypage/sub_hair_book';

  it('adds and removes for the signed-in member, idempotently, and shows it on the photo', async () => {
    const member = await buildMember(t.database.db);
    const token = await buildSession(t.database.db, member.id);
    const photoId = ids['wave-1']!;
    for (let i = 0; i < 2; i++) {
      const res = await postForm(t.app, add, { photo_id: photoId }, asMember(token));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        result: 'success',
        photo_id: photoId,
        in_hair_book: true,
      });
    }
    const detail = await postForm(
      t.app,
      '/api/carol/catalogue/getPhotoDetail',
      { photo_id: photoId },
      asMember(token),
    );
    expect(detail.json<{ detail: PhotoDetail }>().detail.in_hair_book).toBe(true);
    const list = await postForm(t.app, styleUrl, { gender: 'w' }, asMember(token));
    const flags = list.json<PhotoPage>().catalogue_list.filter((p) => p.in_hair_book);
    expect(flags.map((p) => p.photo_id)).toEqual([photoId]);

    for (let i = 0; i < 2; i++) {
      const res = await postForm(t.app, sub, { photo_id: photoId }, asMember(token));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ in_hair_book: false });
    }
    const after = await postForm(
      t.app,
      '/api/carol/catalogue/getPhotoDetail',
      { photo_id: photoId },
      asMember(token),
    );
    expect(after.json<{ detail: PhotoDetail }>().detail.in_hair_book).toBe(false);
  });

  it("never shows member A's hair book to member B, and B's removal leaves A's entry", async () => {
    const alice = await buildMember(t.database.db);
    const bob = await buildMember(t.database.db);
    const aliceToken = await buildSession(t.database.db, alice.id);
    const bobToken = await buildSession(t.database.db, bob.id);
    const photoId = ids['hush-2']!;
    await postForm(t.app, add, { photo_id: photoId }, asMember(aliceToken));
    const asBob = await postForm(
      t.app,
      '/api/carol/catalogue/getPhotoDetail',
      { photo_id: photoId },
      asMember(bobToken),
    );
    expect(asBob.json<{ detail: PhotoDetail }>().detail.in_hair_book).toBe(false);
    const asGuest = await postForm(t.app, '/api/carol/catalogue/getPhotoDetail', {
      photo_id: photoId,
    });
    expect(asGuest.json<{ detail: PhotoDetail }>().detail.in_hair_book).toBe(false);
    // A member id in the body is ignored: ownership comes from the session only.
    await postForm(t.app, sub, { photo_id: photoId, member_id: alice.id }, asMember(bobToken));
    const asAlice = await postForm(
      t.app,
      '/api/carol/catalogue/getPhotoDetail',
      { photo_id: photoId },
      asMember(aliceToken),
    );
    expect(asAlice.json<{ detail: PhotoDetail }>().detail.in_hair_book).toBe(true);
  });

  it('refuses guests, unknown photos and bad ids', async () => {
    for (const url of [add, sub]) {
      const guest = await postForm(t.app, url, { photo_id: ids['hush-1']! });
      expect(guest.statusCode).toBe(401);
      expect(guest.json()).toMatchObject({ resCode: 'UNAUTHORIZED' });
      const member = await buildMember(t.database.db);
      const token = await buildSession(t.database.db, member.id);
      const missing = await postForm(t.app, url, { photo_id: 999_999 }, asMember(token));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ resCode: 'NOT_FOUND' });
      const bad = await postForm(t.app, url, { photo_id: 'x' }, asMember(token));
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    }
  });
});

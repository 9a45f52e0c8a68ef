import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MypageSummary } from '@carol/contracts';
import {
  catalogueStyles,
  catalogueTypes,
  cataloguePhotos,
  favoriteDesigners,
  favoriteStyles,
  media,
  shopImages,
} from '../../db/schema/index.js';
import {
  buildBooking,
  buildDesigner,
  buildMember,
  buildSession,
  buildShop,
  hours,
} from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
const cookieName = 'carol_sid';
const URL = '/api/carol/mypage/get_mypage_summary';
const ids: Record<string, number> = {};
const cookies: Record<'hana' | 'taro' | 'empty', string> = { hana: '', taro: '', empty: '' };

const as = (cookie: string) => ({ headers: { cookie: `${cookieName}=${cookie}` } });
const summary = async (
  cookie: string,
  server: 'kr' | 'jp' = 'kr',
  fields: Record<string, string | number> = {},
) => {
  const res = await postForm(t.app, URL, fields, { ...as(cookie), server });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<MypageSummary & { result: string }>();
  expect(body.result).toBe('success');
  return { body, headers: res.headers };
};

/** A fixed instant well in the future of the seed's dates: 2031-05-20 10:00 in Seoul and Tokyo. */
const seoulAt = (isoLocal: string) => new Date(`${isoLocal}+09:00`);

beforeAll(async () => {
  t = await createTestApp({ COOKIE_SECURE: 'false' });
  const db = t.database.db;
  const hana = await buildMember(db, {
    familyName: '長谷川',
    givenName: '明日香',
    language: 'ja',
    server: 'jp',
  });
  const taro = await buildMember(db, { familyName: '김', givenName: '바다' });
  const empty = await buildMember(db, { familyName: '이', givenName: '하늘' });
  ids.hana = hana.id;
  ids.taro = taro.id;
  cookies.hana = await buildSession(db, hana.id);
  cookies.taro = await buildSession(db, taro.id);
  cookies.empty = await buildSession(db, empty.id);

  const ginza = await buildShop(db, {
    server: 'jp',
    name: 'ヘアサロン 銀座本店',
    isBookingOpen: true,
  });
  const seoul = await buildShop(db, { name: '헤어샵 라온', isBookingOpen: true });
  ids.ginza = ginza.id;
  ids.seoul = seoul.id;
  await db.insert(shopImages).values([
    { shopId: ginza.id, url: '/media/ginza-2.webp', sort: 2 },
    { shopId: ginza.id, url: '/media/ginza-1.webp', sort: 1 },
  ]);
  const aya = await buildDesigner(db, ginza.id, { name: '佐藤 彩' });
  const boni = await buildDesigner(db, seoul.id, { name: '박보니' });
  const left = await buildDesigner(db, seoul.id, { name: '퇴사자', isActive: false });
  ids.aya = aya.id;
  ids.boni = boni.id;

  // Hana's reservations: the next one is in Tokyo; others are over, cancelled or later.
  const next = await buildBooking(db, {
    memberId: hana.id,
    shopId: ginza.id,
    designerId: aya.id,
    // 2031-05-20 13:30 in Tokyo, 04:30 UTC: the date must not slip to UTC's.
    startsAt: new Date('2031-05-20T04:30:00Z'),
    items: [
      { name: 'カット', price: 5_500, minutes: 60 },
      { name: 'カラー', price: 8_800, minutes: 90 },
    ],
    currency: 'JPY',
  });
  ids.next = next.id;
  await buildBooking(db, {
    memberId: hana.id,
    shopId: seoul.id,
    designerId: boni.id,
    startsAt: seoulAt('2031-06-02T11:00:00'),
  });
  // Cancelled before the next one: never "next", never counted.
  await buildBooking(db, {
    memberId: hana.id,
    shopId: ginza.id,
    designerId: aya.id,
    startsAt: new Date('2031-05-19T01:00:00Z'),
    status: 'cancelled',
  });
  // Reserved but already over (the shop has not marked the visit yet): history, not "next".
  await buildBooking(db, {
    memberId: hana.id,
    shopId: ginza.id,
    designerId: aya.id,
    startsAt: new Date(Date.now() - hours(30)),
  });
  await buildBooking(db, {
    memberId: hana.id,
    shopId: seoul.id,
    designerId: boni.id,
    startsAt: new Date(Date.now() - hours(24 * 40)),
    status: 'visited',
  });

  // Taro's own reservation, sooner than any of Hana's: it must never show for her.
  const taroNext = await buildBooking(db, {
    memberId: taro.id,
    shopId: seoul.id,
    designerId: boni.id,
    startsAt: new Date(Date.now() + hours(3)),
  });
  ids.taroNext = taroNext.id;

  // Favourites: designers and shops in both markets (counted per request server), styles.
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
    .values(
      // Two photos of the jp market, one of kr: a style favourite counts under its market only.
      [1, 2, 3].map((n) => ({
        server: n < 3 ? ('jp' as const) : ('kr' as const),
        styleId: style!.id,
        shopId: n < 3 ? ginza.id : seoul.id,
        gender: 'w' as const,
        length: 'short' as const,
        title: n < 3 ? `ショート ${n}` : `숏 ${n}`,
        imageUrl: `/media/p${n}.webp`,
      })),
    )
    .returning();
  await db.insert(favoriteStyles).values([
    { memberId: hana.id, photoId: photos[0]!.id },
    { memberId: hana.id, photoId: photos[1]!.id },
    { memberId: taro.id, photoId: photos[2]!.id },
  ]);
  const favour = async (
    cookie: string,
    server: 'kr' | 'jp',
    path: string,
    field: string,
    id: number,
  ) => {
    const res = await postForm(
      t.app,
      `/api/carol/${path}`,
      { [field]: id },
      { ...as(cookie), server },
    );
    expect(res.statusCode, res.body).toBe(200);
  };
  await favour(cookies.hana, 'jp', 'shop/setShopFavorite', 'shop_id', ginza.id);
  await favour(cookies.hana, 'kr', 'shop/setShopFavorite', 'shop_id', seoul.id);
  await favour(cookies.hana, 'jp', 'designer/setDesignerFavorite', 'designer_id', aya.id);
  await favour(cookies.hana, 'kr', 'designer/setDesignerFavorite', 'designer_id', boni.id);
  await favour(cookies.taro, 'kr', 'shop/setShopFavorite', 'shop_id', seoul.id);
  await favour(cookies.taro, 'kr', 'designer/setDesignerFavorite', 'designer_id', boni.id);
  // Favoured before the designer left: still counted, as the list still shows the card.
  await db.insert(favoriteDesigners).values({ memberId: hana.id, designerId: left.id });

  // Gallery: three live photos, one deleted, one styling-history photo (not the gallery's).
  await db.insert(media).values([
    { memberId: hana.id, source: 'gallery', url: '/media/g1.webp' },
    { memberId: hana.id, source: 'simulation', url: '/media/g2.webp' },
    { memberId: hana.id, source: 'gallery', url: '/media/g3.webp' },
    { memberId: hana.id, source: 'gallery', url: '/media/g4.webp', deletedAt: new Date() },
    { memberId: hana.id, source: 'styling_history', url: '/media/s1.webp' },
    { memberId: taro.id, source: 'gallery', url: '/media/t1.webp' },
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('get_mypage_summary', () => {
  it("answers the member's name, next reservation in the salon's time zone, and counts", async () => {
    const { body, headers } = await summary(cookies.hana, 'jp');
    expect(headers['cache-control']).toBe('no-store');
    expect(body.member).toEqual({ family_name: '長谷川', given_name: '明日香' });
    expect(body.next_booking).toEqual({
      booking_id: ids.next,
      booking_number: expect.any(String) as string,
      shop_id: ids.ginza,
      shop_name: 'ヘアサロン 銀座本店',
      shop_thumbnail: '/media/ginza-1.webp',
      designer_id: ids.aya,
      designer_name: '佐藤 彩',
      starts_at: '2031-05-20T04:30:00.000Z',
      ends_at: '2031-05-20T07:00:00.000Z',
      date: '2031-05-20',
      time: '13:30',
      time_zone: 'Asia/Tokyo',
      menu_names: ['カット', 'カラー'],
    });
    // The Tokyo and the Seoul reservation ahead; not the cancelled, over or visited ones.
    expect(body.upcoming_count).toBe(2);
    expect(body.counts).toEqual({
      favorite_styles: 2,
      favorite_designers: 1,
      favorite_shops: 1,
      gallery_photos: 3,
    });
  });

  it('counts favourite designers and shops of the request server, as their lists do', async () => {
    for (const server of ['kr', 'jp'] as const) {
      const { body } = await summary(cookies.hana, server);
      const totalOf = async (path: string) => {
        const res = await postForm(t.app, path, {}, { ...as(cookies.hana), server });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ total: number }>().total;
      };
      expect(body.counts).toEqual({
        favorite_styles: await totalOf('/api/carol/mypage/getCatalogueFavoriteList'),
        favorite_designers: await totalOf('/api/carol/mypage/getDesignerFavoriteList'),
        favorite_shops: await totalOf('/api/carol/mypage/getShopFavoriteList'),
        gallery_photos: await totalOf('/shop-api/carol/mygallery/get_my_gallery_list'),
      });
    }
    expect((await summary(cookies.hana, 'kr')).body.counts).toMatchObject({
      favorite_designers: 2,
      favorite_shops: 1,
    });
  });

  it("never shows another member's reservation, name or counts", async () => {
    const hana = (await summary(cookies.hana, 'kr')).body;
    expect(hana.next_booking?.booking_id).toBe(ids.next);
    expect(hana.next_booking?.booking_id).not.toBe(ids.taroNext);

    const taro = (await summary(cookies.taro, 'kr')).body;
    expect(taro.member).toEqual({ family_name: '김', given_name: '바다' });
    expect(taro.next_booking).toMatchObject({ booking_id: ids.taroNext, shop_id: ids.seoul });
    expect(taro.upcoming_count).toBe(1);
    expect(taro.counts).toEqual({
      favorite_styles: 1,
      favorite_designers: 1,
      favorite_shops: 1,
      gallery_photos: 1,
    });
  });

  it('ignores a member id smuggled into the request: the session decides whose page it is', async () => {
    const { body } = await summary(cookies.taro, 'jp', {
      user_id: ids.hana!,
      member_id: ids.hana!,
    });
    expect(body.member.family_name).toBe('김');
    expect(body.next_booking?.booking_id).toBe(ids.taroNext);
  });

  it('answers an empty page for a member with nothing booked or saved yet', async () => {
    const { body } = await summary(cookies.empty);
    expect(body).toMatchObject({
      member: { family_name: '이', given_name: '하늘' },
      next_booking: null,
      upcoming_count: 0,
      counts: { favorite_styles: 0, favorite_designers: 0, favorite_shops: 0, gallery_photos: 0 },
    });
  });

  it('counts a reservation under way as the next one until it ends', async () => {
    const db = t.database.db;
    const member = await buildMember(db);
    const cookie = await buildSession(db, member.id);
    const now = await buildBooking(db, {
      memberId: member.id,
      shopId: ids.seoul!,
      designerId: ids.boni!,
      startsAt: new Date(Date.now() - hours(0.5)),
      minutes: 90,
    });
    await buildBooking(db, {
      memberId: member.id,
      shopId: ids.seoul!,
      designerId: ids.boni!,
      startsAt: new Date(Date.now() + hours(48)),
    });
    const { body } = await summary(cookie);
    expect(body.next_booking?.booking_id).toBe(now.id);
    expect(body.next_booking?.shop_thumbnail).toBeNull();
    expect(body.upcoming_count).toBe(2);
  });

  it('refuses a signed-out caller with the localized members-only error', async () => {
    const res = await postForm(t.app, URL, {});
    expect(res.statusCode).toBe(401);
    const body = res.json<{ resCode: string; resMessage: string }>();
    expect(body.resCode).toBe('UNAUTHORIZED');
    expect(body.resMessage.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain('長谷川');
  });

  it('refuses an expired or unknown session the same way', async () => {
    const res = await postForm(t.app, URL, {}, as('not-a-real-session-token'));
    expect(res.statusCode).toBe(401);
    expect(res.json<{ resCode: string }>().resCode).toBe('UNAUTHORIZED');
  });

  it('answers a localized validation error, not a 5xx, for an unknown market', async () => {
    const form = new FormData();
    form.set('server', 'us');
    form.set('country_code', 'us');
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: form,
      headers: { cookie: `${cookieName}=${cookies.hana}`, 'accept-language': 'ja' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ resCode: string; resMessage: string }>();
    expect(body.resCode).toBe('INVALID_SERVER');
    expect(body.resMessage).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  });
});

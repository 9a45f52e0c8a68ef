import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  favoriteShops,
  memberDiagnosisStates,
  memberMediaStates,
  members,
  notices,
  scalpDiagnoses,
  scalpImages,
  shopCustomers,
  shopLinks,
  visitMedia,
  visitRecords,
} from '../../db/schema/index.js';
import {
  buildBooking,
  buildConsoleKey,
  buildDesigner,
  buildMember,
  buildSession,
  buildShop,
} from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

// The member's side on a real app and database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL). Salon records are written straight into the tables, as the console API
// would leave them.

let t: TestApp;
let mediaDir: string;
const API = '/api/carol';
const cookieOf = (token: string) => ({ cookie: `carol_sid=${token}` });

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'rec-member-media-'));
  t = await createTestApp({ COOKIE_SECURE: 'false', MEDIA_DIR: mediaDir });
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const db = () => t.database.db;

/** Each member calls from an address of its own (the link sheet's limit counts per address). */
const addressOf = (token: string | null) =>
  token === null
    ? '127.0.0.1'
    : `10.${token.charCodeAt(0)}.${token.charCodeAt(1)}.${token.charCodeAt(2)}`;

function call(path: string, token: string | null, fields: Record<string, string | number> = {}) {
  return postForm(t.app, `${API}${path}`, fields, {
    headers: token === null ? {} : cookieOf(token),
    remoteAddress: addressOf(token),
  });
}

async function ok<T = Record<string, unknown>>(
  path: string,
  token: string,
  fields: Record<string, string | number> = {},
): Promise<T> {
  const res = await call(path, token, fields);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json<T>();
}

async function refused(
  path: string,
  token: string | null,
  fields: Record<string, string | number>,
  code: string,
  status?: number,
) {
  const res = await call(path, token, fields);
  expect(res.json(), path).toMatchObject({ success: false, resCode: code });
  if (status !== undefined) expect(res.statusCode).toBe(status);
  else expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  return res;
}

let phoneSeq = 0;
/** A fresh member with a distinct, verified canonical phone (unless overridden), and a session. */
async function member(overrides: Parameters<typeof buildMember>[1] = {}) {
  phoneSeq++;
  const m = await buildMember(db(), {
    phone: `010-77${String(phoneSeq).padStart(2, '0')}-${String(1000 + phoneSeq).slice(-4)}`,
    ...overrides,
  });
  return { id: m.id, phone: m.phone!, token: await buildSession(db(), m.id) };
}

async function customer(shopId: number, phone: string) {
  const [row] = await db().insert(shopCustomers).values({ shopId, phone }).returning();
  return row!;
}

let fileSeq = 0;
async function visit(
  shopId: number,
  customerId: number,
  visitedAt: string,
  mediaCount: number,
  extra: { designerId?: number; memo?: string } = {},
) {
  const [v] = await db()
    .insert(visitRecords)
    .values({
      shopId,
      customerId,
      visitedAt: new Date(visitedAt),
      designerId: extra.designerId ?? null,
      treatments: ['Cut', 'Colour'],
      shopMemo: extra.memo ?? 'Trimmed the ends',
    })
    .returning();
  const media = [];
  for (let i = 0; i < mediaCount; i++) {
    fileSeq++;
    const name = `${process.pid}${String(fileSeq).padStart(6, '0')}${'a'.repeat(20)}`;
    const [m] = await db()
      .insert(visitMedia)
      .values({
        visitId: v!.id,
        shopId,
        kind: i === 1 ? 'video' : 'photo',
        label: i === 0 ? 'before' : null,
        url: `/media/records/2026-11/${name}.${i === 1 ? 'mp4' : 'webp'}`,
        thumbUrl: `/media/records/2026-11/${name}_t.webp`,
        mimeType: i === 1 ? 'video/mp4' : 'image/webp',
        width: 1080,
        height: 1440,
        durationMs: i === 1 ? 8000 : null,
        bytes: 1000,
        position: i,
      })
      .returning();
    media.push(m!);
  }
  return { visit: v!, media };
}

async function link(token: string, shopId: number) {
  return ok<{ shop_id: number; visit_count: number; linked_at: string }>(
    '/account/user_link_add',
    token,
    { shop_id: shopId },
  );
}

interface PhotoList {
  my_photo_list: Array<{
    visit_id: number;
    shop_id: number;
    date: string;
    time: string;
    treatments: string[];
    shop_memo: string | null;
    media: Array<{ media_id: number; is_hidden: boolean; personal_memo: string | null }>;
  }>;
  total: number;
  has_next: boolean;
}
const photos = (token: string, fields: Record<string, string | number> = {}) =>
  ok<PhotoList>('/mypage/getMyPhotoList', token, fields);
const mediaIdsOf = (list: PhotoList) =>
  list.my_photo_list.flatMap((v) => v.media.map((m) => m.media_id));

describe('data linking by salon id', () => {
  it('links under the verified phone, brings in existing visits, and answers the sheet', async () => {
    const shop = await buildShop(db());
    const me = await member();
    const c = await customer(shop.id, me.phone);
    await visit(shop.id, c.id, '2026-10-01T03:00:00Z', 1);
    await visit(shop.id, c.id, '2026-10-20T03:00:00Z', 0);

    const info = await ok<Record<string, unknown>>('/account/get_link_info', me.token, {
      shop_id: shop.id,
    });
    expect(info).toMatchObject({
      shop_id: shop.id,
      shop_name: shop.name,
      is_linked: false,
      phone_verified: true,
      phone_masked: me.phone.replace(/^(\d{3})-\d{4}-/, '$1-****-'),
      expires_in: null,
    });

    const linked = await link(me.token, shop.id);
    expect(linked).toMatchObject({ shop_id: shop.id, shop_name: shop.name, visit_count: 2 });
    expect(linked.linked_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await ok('/account/get_link_info', me.token, { shop_id: shop.id })).toMatchObject({
      is_linked: true,
    });
    expect((await photos(me.token)).total).toBe(2);

    await refused('/account/user_link_add', me.token, { shop_id: shop.id }, 'LINK_ALREADY', 409);
  });

  it('refuses an unverified phone, a missing or double target, and a salon of another market or unknown', async () => {
    const shop = await buildShop(db());
    const jp = await buildShop(db(), { server: 'jp' });
    const unverified = await member({ phoneVerifiedAt: null });
    const info = await ok('/account/get_link_info', unverified.token, { shop_id: shop.id });
    expect(info).toMatchObject({ phone_verified: false });
    await refused(
      '/account/user_link_add',
      unverified.token,
      { shop_id: shop.id },
      'PHONE_NOT_VERIFIED',
      403,
    );
    const noPhone = await member({ phone: null, phoneVerifiedAt: null });
    await refused(
      '/account/user_link_add',
      noPhone.token,
      { shop_id: shop.id },
      'PHONE_NOT_VERIFIED',
    );
    expect(await db().select().from(shopLinks).where(eq(shopLinks.shopId, shop.id))).toHaveLength(
      0,
    );

    const me = await member();
    await refused('/account/user_link_add', me.token, {}, 'VALIDATION_FAILED', 400);
    await refused('/account/get_link_info', me.token, {}, 'VALIDATION_FAILED', 400);
    await refused(
      '/account/user_link_add',
      me.token,
      { shop_id: shop.id, code: 'ABCDEFGHJKMNPQRSTVWXYZ012345' },
      'VALIDATION_FAILED',
    );
    await refused('/account/user_link_add', me.token, { shop_id: jp.id }, 'NOT_FOUND', 404);
    await refused('/account/get_link_info', me.token, { shop_id: 99_999_999 }, 'NOT_FOUND', 404);
    await refused('/account/user_link_add', null, { shop_id: shop.id }, 'UNAUTHORIZED', 401);
  });

  it('refuses a phone linked to another member at the salon (a number that changed hands)', async () => {
    const shop = await buildShop(db());
    const first = await member();
    await link(first.token, shop.id);
    const phone = first.phone;
    await db().update(members).set({ phone: '010-9999-0001' }).where(eq(members.id, first.id));
    const second = await member({ phone });
    await refused(
      '/account/user_link_add',
      second.token,
      { shop_id: shop.id },
      'LINK_DUPLICATE',
      409,
    );
  });

  it('under concurrency, one of five parallel links by the same member wins; the rest are LINK_ALREADY', async () => {
    const shop = await buildShop(db());
    const me = await member();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('/account/user_link_add', me.token, { shop_id: shop.id }),
      ),
    );
    const codes = answers.map((r) =>
      r.statusCode === 200 ? 'OK' : r.json<{ resCode: string }>().resCode,
    );
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'LINK_ALREADY')).toHaveLength(4);
    expect(await db().select().from(shopLinks).where(eq(shopLinks.shopId, shop.id))).toHaveLength(
      1,
    );
  });

  it('under concurrency, one of five members with the same number wins; the rest are LINK_DUPLICATE', async () => {
    // Two active members cannot hold one verified number (members' unique index), so the five
    // hold five spellings of it: the link stores the canonical form, which the salon index keys.
    const shop = await buildShop(db());
    const spellings = [
      '010-5151-0001',
      '01051510001',
      '010 5151 0001',
      '0105151-0001',
      '010-51510001',
    ];
    const racers = await Promise.all(spellings.map((phone) => member({ phone })));
    const answers = await Promise.all(
      racers.map((r) => call('/account/user_link_add', r.token, { shop_id: shop.id })),
    );
    const codes = answers.map((r) =>
      r.statusCode === 200 ? 'OK' : r.json<{ resCode: string }>().resCode,
    );
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'LINK_DUPLICATE')).toHaveLength(4);
    const rows = await db().select().from(shopLinks).where(eq(shopLinks.shopId, shop.id));
    expect(rows.map((r) => r.phone)).toEqual(['010-5151-0001']);
  });
});

describe('data linking by a mirror QR code', () => {
  async function openCode(key: string, purpose: 'login' | 'link') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/shop-api/console/qr/open_session',
      headers: { authorization: `Bearer ${key}` },
      payload: { server: 'kr', country_code: 'kr', purpose },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ code: string; qr_url: string }>().code;
  }

  async function openSession(key: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/shop-api/console/qr/open_session',
      headers: { authorization: `Bearer ${key}` },
      payload: { server: 'kr', country_code: 'kr', purpose: 'link' },
    });
    return res.json<{ code: string; qr_session_id: number }>();
  }

  async function sessionStatus(key: string, id: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/shop-api/console/qr/get_session_status',
      headers: { authorization: `Bearer ${key}` },
      payload: { server: 'kr', country_code: 'kr', qr_session_id: id },
    });
    return { statusCode: res.statusCode, body: res.json<Record<string, unknown>>() };
  }

  it("the mirror sees its own link code confirmed, with the member's name and never a session", async () => {
    const shop = await buildShop(db());
    const key = await buildConsoleKey(db(), shop.id);
    const me = await member();
    const opened = await openSession(key);
    expect((await sessionStatus(key, opened.qr_session_id)).body).toMatchObject({
      status: 'pending',
    });
    await ok('/account/user_link_add', me.token, { code: opened.code });
    const [row] = await db().select().from(members).where(eq(members.id, me.id));
    const after = await sessionStatus(key, opened.qr_session_id);
    expect(after.body).toMatchObject({
      status: 'confirmed',
      linked_member: { family_name: row!.familyName, given_name: row!.givenName },
    });
    expect(after.body).not.toHaveProperty('session_token');
    // Another shop's key does not see it.
    const otherShop = await buildShop(db());
    const otherKey = await buildConsoleKey(db(), otherShop.id);
    expect((await sessionStatus(otherKey, opened.qr_session_id)).statusCode).toBe(404);
  });

  it('links once by a link code (single use), refuses a login code, and confirm_login refuses a link code', async () => {
    const shop = await buildShop(db());
    const key = await buildConsoleKey(db(), shop.id);
    const me = await member();
    const c = await customer(shop.id, me.phone);
    await visit(shop.id, c.id, '2026-09-09T05:00:00Z', 1);

    const code = await openCode(key, 'link');
    // The mirror's QR URL works as well as the bare code.
    const info = await ok('/account/get_link_info', me.token, {
      code: `https://carol.example/mypage/qrcodescanner?code=${code}`,
    });
    expect(info).toMatchObject({ shop_id: shop.id, is_linked: false });
    expect((info as { expires_in: number }).expires_in).toBeGreaterThan(0);

    await refused('/qr/confirm_login', me.token, { code }, 'QR_INVALID');
    const linked = await ok('/account/user_link_add', me.token, { code });
    expect(linked).toMatchObject({ shop_id: shop.id, visit_count: 1 });

    const other = await member();
    await refused('/account/user_link_add', other.token, { code }, 'QR_INVALID');
    await refused('/account/get_link_info', other.token, { code }, 'QR_INVALID');

    const login = await openCode(key, 'login');
    await refused('/account/get_link_info', other.token, { code: login }, 'QR_INVALID');
    await refused('/account/user_link_add', other.token, { code: login }, 'QR_INVALID');
    await refused('/account/user_link_add', other.token, { code: 'not-a-code' }, 'QR_INVALID');
    expect(
      await db().select().from(shopLinks).where(eq(shopLinks.memberId, other.id)),
    ).toHaveLength(0);
    // The login code is still good for a login.
    expect((await call('/qr/confirm_login', other.token, { code: login })).statusCode).toBe(200);
  });

  it('a link code is single use: of five members racing for it, exactly one links', async () => {
    const shop = await buildShop(db());
    const key = await buildConsoleKey(db(), shop.id);
    const code = await openCode(key, 'link');
    const racers = await Promise.all(Array.from({ length: 5 }, () => member()));
    const answers = await Promise.all(
      racers.map((r) => call('/account/user_link_add', r.token, { code })),
    );
    const codes = answers.map((r) =>
      r.statusCode === 200 ? 'OK' : r.json<{ resCode: string }>().resCode,
    );
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    expect(codes.filter((c) => c === 'QR_INVALID')).toHaveLength(4);
    expect(await db().select().from(shopLinks).where(eq(shopLinks.shopId, shop.id))).toHaveLength(
      1,
    );
  });

  it('refuses a link code of a salon of another market', async () => {
    const jp = await buildShop(db(), { server: 'jp' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/shop-api/console/qr/open_session',
      headers: { authorization: `Bearer ${await buildConsoleKey(db(), jp.id)}` },
      payload: { server: 'jp', country_code: 'jp', purpose: 'link' },
    });
    const { code } = res.json<{ code: string }>();
    const me = await member();
    await refused('/account/get_link_info', me.token, { code }, 'QR_INVALID');
    await refused('/account/user_link_add', me.token, { code }, 'QR_INVALID');
  });

  it('a refused link leaves the link code unconsumed', async () => {
    const shop = await buildShop(db());
    const key = await buildConsoleKey(db(), shop.id);
    const me = await member();
    await link(me.token, shop.id);
    const code = await openCode(key, 'link');
    await refused('/account/user_link_add', me.token, { code }, 'LINK_ALREADY');
    const other = await member();
    expect(await ok('/account/user_link_add', other.token, { code })).toMatchObject({
      shop_id: shop.id,
    });
  });
});

describe('styling history', () => {
  const ctx = {} as {
    shop: Awaited<ReturnType<typeof buildShop>>;
    other: Awaited<ReturnType<typeof buildShop>>;
    me: Awaited<ReturnType<typeof member>>;
    stranger: Awaited<ReturnType<typeof member>>;
    visits: Array<Awaited<ReturnType<typeof visit>>>;
    strangerMedia: number;
  };

  beforeAll(async () => {
    ctx.shop = await buildShop(db());
    ctx.other = await buildShop(db());
    const designer = await buildDesigner(db(), ctx.shop.id, { name: 'Jiwoo' });
    ctx.me = await member();
    ctx.stranger = await member();
    const c = await customer(ctx.shop.id, ctx.me.phone);
    ctx.visits = [
      // 15:30 UTC on 1 March is 00:30 on 2 March in Seoul.
      await visit(ctx.shop.id, c.id, '2026-03-01T15:30:00Z', 3, { designerId: designer.id }),
      await visit(ctx.shop.id, c.id, '2026-04-10T02:00:00Z', 0),
      await visit(ctx.shop.id, c.id, '2026-05-20T02:00:00Z', 2),
    ];
    // The same phone at a salon the member is not linked with: never shown.
    const unlinked = await customer(ctx.other.id, ctx.me.phone);
    await visit(ctx.other.id, unlinked.id, '2026-06-01T02:00:00Z', 1);
    const s = await customer(ctx.shop.id, ctx.stranger.phone);
    ctx.strangerMedia = (await visit(ctx.shop.id, s.id, '2026-05-01T02:00:00Z', 1)).media[0]!.id;
    await link(ctx.me.token, ctx.shop.id);
    await link(ctx.stranger.token, ctx.shop.id);
  });

  it('lists linked visits newest first with their media, a visit without media included, paged', async () => {
    const list = await photos(ctx.me.token);
    expect(list.total).toBe(3);
    expect(list.my_photo_list.map((v) => v.visit_id)).toEqual(
      [...ctx.visits].reverse().map((v) => v.visit.id),
    );
    const oldest = list.my_photo_list[2]!;
    expect(oldest).toMatchObject({
      shop_id: ctx.shop.id,
      date: '2026-03-02',
      time: '00:30',
      designer_name: 'Jiwoo',
      treatments: ['Cut', 'Colour'],
      shop_memo: 'Trimmed the ends',
    });
    expect(oldest.media.map((m) => m.media_id)).toEqual(ctx.visits[0]!.media.map((m) => m.id));
    expect(oldest.media[1]).toMatchObject({
      kind: 'video',
      duration_ms: 8000,
      is_hidden: false,
      personal_memo: null,
    });
    expect(list.my_photo_list[1]!.media).toEqual([]);

    const page1 = await photos(ctx.me.token, { page_size: 2 });
    expect(page1).toMatchObject({ total: 3, has_next: true });
    const page2 = await photos(ctx.me.token, { page_size: 2, page: 2 });
    expect(page2).toMatchObject({ total: 3, has_next: false });
    expect(page2.my_photo_list).toHaveLength(1);
  });

  it("never shows an unlinked salon's records or another member's, and refuses an unlinked shop_id", async () => {
    const ids = mediaIdsOf(await photos(ctx.me.token));
    expect(ids).not.toContain(ctx.strangerMedia);
    expect((await photos(ctx.stranger.token)).total).toBe(1);
    await refused(
      '/mypage/getMyPhotoList',
      ctx.me.token,
      { shop_id: ctx.other.id },
      'NOT_FOUND',
      404,
    );
    expect((await photos(ctx.me.token, { shop_id: ctx.shop.id })).total).toBe(3);
    const nobody = await member();
    expect((await photos(nobody.token)).total).toBe(0);
    await refused('/mypage/getMyPhotoList', null, {}, 'UNAUTHORIZED', 401);
  });

  it("filters by the salon's local dates, both or neither", async () => {
    const march = await photos(ctx.me.token, { from: '2026-03-02', to: '2026-03-31' });
    expect(march.my_photo_list.map((v) => v.visit_id)).toEqual([ctx.visits[0]!.visit.id]);
    const first = await photos(ctx.me.token, { from: '2026-03-01', to: '2026-03-01' });
    expect(first.total).toBe(0);
    await refused(
      '/mypage/getMyPhotoList',
      ctx.me.token,
      { from: '2026-03-01' },
      'DATE_RANGE_INCOMPLETE',
      400,
    );
    await refused(
      '/mypage/getMyPhotoList',
      ctx.me.token,
      { to: '2026-03-01' },
      'DATE_RANGE_INCOMPLETE',
      400,
    );
    await refused(
      '/mypage/getMyPhotoList',
      ctx.me.token,
      { from: '2026-03-10', to: '2026-03-01' },
      'DATE_RANGE_INVALID',
      400,
    );
    await refused(
      '/mypage/getMyPhotoList',
      ctx.me.token,
      { from: '2026-02-30', to: '2026-03-01' },
      'VALIDATION_FAILED',
    );
  });

  it('answers a 4xx, never a 5xx, at the edges of the calendar', async () => {
    for (const [from, to] of [
      ['0000-01-01', '0000-01-02'],
      ['0000-12-31', '0001-01-01'],
    ] as const) {
      await refused(
        '/mypage/getMyPhotoList',
        ctx.me.token,
        { from, to },
        'DATE_RANGE_INVALID',
        400,
      );
      await refused(
        '/mypage/getDateVisitList',
        ctx.me.token,
        { from, to },
        'DATE_RANGE_INVALID',
        400,
      );
    }
    expect(await photos(ctx.me.token, { from: '0001-01-01', to: '9999-12-31' })).toMatchObject({
      total: 3,
    });
    expect(
      await ok('/mypage/getDateVisitList', ctx.me.token, { from: '9999-10-01', to: '9999-12-31' }),
    ).toMatchObject({ dates: [] });
  });

  it('marks the days with visits for the date picker (max 93 days)', async () => {
    expect(
      await ok('/mypage/getDateVisitList', ctx.me.token, { from: '2026-03-01', to: '2026-05-31' }),
    ).toEqual(expect.objectContaining({ dates: ['2026-03-02', '2026-04-10', '2026-05-20'] }));
    expect(
      await ok('/mypage/getDateVisitList', ctx.me.token, {
        from: '2026-04-01',
        to: '2026-04-30',
        shop_id: ctx.shop.id,
      }),
    ).toMatchObject({ dates: ['2026-04-10'] });
    await refused(
      '/mypage/getDateVisitList',
      ctx.me.token,
      { from: '2026-01-01', to: '2026-04-30' },
      'DATE_RANGE_INVALID',
    );
    await refused(
      '/mypage/getDateVisitList',
      ctx.me.token,
      { from: '2026-04-30', to: '2026-04-01' },
      'DATE_RANGE_INVALID',
    );
    await refused(
      '/mypage/getDateVisitList',
      ctx.me.token,
      { from: '2026-04-01' },
      'VALIDATION_FAILED',
    );
    await refused(
      '/mypage/getDateVisitList',
      ctx.me.token,
      { from: '2026-04-01', to: '2026-04-30', shop_id: ctx.other.id },
      'NOT_FOUND',
    );
  });

  it('hides and restores (all or nothing), with a hidden view', async () => {
    const [a, b, c] = ctx.visits[0]!.media.map((m) => m.id);
    const lone = ctx.visits[2]!.media.map((m) => m.id);
    // Someone else's id, or an unknown one, refuses the whole call.
    await refused(
      '/mypage/set_history_hidden',
      ctx.me.token,
      { media_ids: `${a},${ctx.strangerMedia}`, hidden: 1 },
      'NOT_FOUND',
      404,
    );
    await refused(
      '/mypage/set_history_hidden',
      ctx.me.token,
      { media_ids: `${a},99999999`, hidden: 1 },
      'NOT_FOUND',
      404,
    );
    expect(
      await db().select().from(memberMediaStates).where(eq(memberMediaStates.memberId, ctx.me.id)),
    ).toHaveLength(0);

    expect(
      await ok('/mypage/set_history_hidden', ctx.me.token, { media_ids: `${a},${b}`, hidden: 1 }),
    ).toMatchObject({
      media_ids: [a, b],
      hidden: true,
    });
    await ok('/mypage/set_history_hidden', ctx.me.token, {
      media_ids: lone.join(','),
      hidden: 'true',
    });
    const visible = await photos(ctx.me.token);
    expect(mediaIdsOf(visible)).toEqual([c]);
    // The visit whose every item is hidden leaves the visible view; the one without media stays.
    expect(visible.my_photo_list.map((v) => v.visit_id)).toEqual([
      ctx.visits[1]!.visit.id,
      ctx.visits[0]!.visit.id,
    ]);
    const hidden = await photos(ctx.me.token, { view: 'hidden' });
    expect(hidden.total).toBe(2);
    expect(mediaIdsOf(hidden).sort()).toEqual([a, b, ...lone].sort());
    expect(hidden.my_photo_list.every((v) => v.media.every((m) => m.is_hidden))).toBe(true);
    // The stranger's view of the same salon does not move.
    expect((await photos(ctx.stranger.token)).total).toBe(1);

    await ok('/mypage/set_history_hidden', ctx.me.token, {
      media_ids: `${a},${b},${lone.join(',')}`,
      hidden: 0,
    });
    expect((await photos(ctx.me.token, { view: 'hidden' })).total).toBe(0);
    expect(mediaIdsOf(await photos(ctx.me.token))).toHaveLength(5);
    await refused(
      '/mypage/set_history_hidden',
      ctx.me.token,
      { media_ids: '', hidden: 1 },
      'VALIDATION_FAILED',
    );
  });

  it('writes and clears the personal memo', async () => {
    const id = ctx.visits[2]!.media[0]!.id;
    expect(
      await ok('/mypage/set_caption', ctx.me.token, { media_id: id, caption: '  Loved it  ' }),
    ).toMatchObject({
      media_id: id,
      personal_memo: 'Loved it',
    });
    const memoOf = async () =>
      (await photos(ctx.me.token)).my_photo_list
        .flatMap((v) => v.media)
        .find((m) => m.media_id === id)?.personal_memo;
    expect(await memoOf()).toBe('Loved it');
    expect(
      await ok('/mypage/set_caption', ctx.me.token, { media_id: id, caption: '' }),
    ).toMatchObject({ personal_memo: null });
    expect(await memoOf()).toBeNull();
    await refused(
      '/mypage/set_caption',
      ctx.me.token,
      { media_id: ctx.strangerMedia, caption: 'x' },
      'NOT_FOUND',
      404,
    );
    await refused(
      '/mypage/set_caption',
      ctx.me.token,
      { media_id: id, caption: 'x'.repeat(501) },
      'VALIDATION_FAILED',
      400,
    );
  });

  it('deletes from the member pages for good, all or nothing; the salon keeps its record', async () => {
    const [a, b] = ctx.visits[2]!.media.map((m) => m.id);
    await refused(
      '/mypage/delete_history',
      ctx.me.token,
      { media_ids: `${a},${ctx.strangerMedia}` },
      'NOT_FOUND',
      404,
    );
    expect(mediaIdsOf(await photos(ctx.me.token))).toContain(a);
    await ok('/mypage/set_history_hidden', ctx.me.token, { media_ids: String(b), hidden: 1 });
    expect(
      await ok('/mypage/delete_history', ctx.me.token, { media_ids: `${a},${b},${a}` }),
    ).toMatchObject({
      deleted_ids: [a, b],
    });
    expect(mediaIdsOf(await photos(ctx.me.token))).not.toContain(a);
    expect(mediaIdsOf(await photos(ctx.me.token, { view: 'hidden' }))).not.toContain(b);
    await refused('/mypage/delete_history', ctx.me.token, { media_ids: String(a) }, 'NOT_FOUND');
    await refused(
      '/mypage/set_history_hidden',
      ctx.me.token,
      { media_ids: String(a), hidden: 0 },
      'NOT_FOUND',
    );
    await refused('/mypage/set_caption', ctx.me.token, { media_id: a!, caption: 'x' }, 'NOT_FOUND');
    expect(await db().select().from(visitMedia).where(eq(visitMedia.id, a!))).toHaveLength(1);
  });
});

describe('salons, notices and visited shops', () => {
  it('lists linked salons with counts and the notices a linked member sees, latest visit first', async () => {
    const visited = await buildShop(db());
    const fresh = await buildShop(db());
    const me = await member();
    const c = await customer(visited.id, me.phone);
    const v = await visit(visited.id, c.id, '2026-07-07T16:00:00Z', 3);
    await link(me.token, fresh.id);
    await link(me.token, visited.id);
    await ok('/mypage/set_history_hidden', me.token, {
      media_ids: String(v.media[0]!.id),
      hidden: 1,
    });
    const day = 86_400_000;
    const now = Date.now();
    const [news, linkedOnly, coupon] = await db()
      .insert(notices)
      .values([
        {
          shopId: visited.id,
          type: 'news',
          title: 'Open late',
          publishedAt: new Date(now - 3 * day),
        },
        {
          shopId: visited.id,
          type: 'details',
          title: 'For you',
          audience: 'linked',
          publishedAt: new Date(now - 2 * day),
        },
        {
          shopId: visited.id,
          type: 'coupon',
          title: '10% off',
          publishedAt: new Date(now - day),
          validUntil: new Date(now + day),
        },
        {
          shopId: visited.id,
          type: 'coupon',
          title: 'Expired',
          publishedAt: new Date(now - day),
          validUntil: new Date(now - 1000),
        },
        { shopId: visited.id, type: 'update', title: 'Draft', publishedAt: null },
        { shopId: visited.id, type: 'update', title: 'Later', publishedAt: new Date(now + day) },
      ])
      .returning();

    const list = await ok<{ shop_visit_list: Array<Record<string, unknown>> }>(
      '/mypage/getShopVisitList',
      me.token,
    );
    expect(list.shop_visit_list.map((s) => s.shop_id)).toEqual([visited.id, fresh.id]);
    expect(list.shop_visit_list[0]).toMatchObject({
      last_visit_at: '2026-07-07T16:00:00.000Z',
      last_visit_date: '2026-07-08',
      visit_count: 1,
      media_count: 2,
      time_zone: 'Asia/Seoul',
    });
    expect(
      (list.shop_visit_list[0]!.notices as Array<{ notice_id: number }>).map((n) => n.notice_id),
    ).toEqual([coupon!.id, linkedOnly!.id, news!.id]);
    expect(list.shop_visit_list[1]).toMatchObject({
      last_visit_at: null,
      visit_count: 0,
      media_count: 0,
      notices: [],
    });
    const one = await ok<{ shop_visit_list: unknown[] }>('/mypage/getShopVisitList', me.token, {
      shop_id: fresh.id,
    });
    expect(one.shop_visit_list).toHaveLength(1);
    const stranger = await buildShop(db());
    await refused('/mypage/getShopVisitList', me.token, { shop_id: stranger.id }, 'NOT_FOUND', 404);
  });

  it('counts completed reservations and recorded visits, once per salon-local day', async () => {
    const booked = await buildShop(db(), { isBookingOpen: false });
    const recorded = await buildShop(db());
    const jp = await buildShop(db(), { server: 'jp' });
    const designer = await buildDesigner(db(), booked.id);
    const jpDesigner = await buildDesigner(db(), jp.id);
    const me = await member();
    // A completed reservation on 3 Aug (Seoul) and a recorded visit the same day: one visit.
    await buildBooking(db(), {
      memberId: me.id,
      shopId: booked.id,
      designerId: designer.id,
      startsAt: new Date('2026-08-03T01:00:00Z'),
      status: 'visited',
    });
    await buildBooking(db(), {
      memberId: me.id,
      shopId: booked.id,
      designerId: designer.id,
      startsAt: new Date('2026-08-20T01:00:00Z'),
      status: 'cancelled',
    });
    await buildBooking(db(), {
      memberId: me.id,
      shopId: booked.id,
      designerId: designer.id,
      startsAt: new Date('2026-09-20T01:00:00Z'),
      status: 'reserved',
    });
    await buildBooking(db(), {
      memberId: me.id,
      shopId: jp.id,
      designerId: jpDesigner.id,
      startsAt: new Date('2026-08-20T01:00:00Z'),
      status: 'visited',
    });
    const c = await customer(booked.id, me.phone);
    await visit(booked.id, c.id, '2026-08-03T05:00:00Z', 0);
    await visit(booked.id, c.id, '2026-08-10T05:00:00Z', 0);
    const c2 = await customer(recorded.id, me.phone);
    await visit(recorded.id, c2.id, '2026-08-15T05:00:00Z', 0);
    await link(me.token, booked.id);
    await link(me.token, recorded.id);
    await db().insert(favoriteShops).values({ memberId: me.id, shopId: recorded.id });
    // Not linked: its records are not the member's visits.
    const other = await buildShop(db());
    const c3 = await customer(other.id, me.phone);
    await visit(other.id, c3.id, '2026-08-30T05:00:00Z', 0);

    const list = await ok<{ visit_shop_list: Array<Record<string, unknown>>; total: number }>(
      '/mypage/get_visit_shop_list',
      me.token,
    );
    expect(list.total).toBe(2);
    expect(list.visit_shop_list).toEqual([
      expect.objectContaining({
        shop_id: recorded.id,
        visit_count: 1,
        is_favorite: true,
        is_linked: true,
        bookable: true,
        last_visit_date: '2026-08-15',
      }),
      expect.objectContaining({
        shop_id: booked.id,
        visit_count: 2,
        is_favorite: false,
        is_linked: true,
        bookable: false,
        last_visit_date: '2026-08-10',
        rating_avg: 0,
        review_count: 0,
      }),
    ]);
    const jpList = await postForm(
      t.app,
      `${API}/mypage/get_visit_shop_list`,
      {},
      { headers: cookieOf(me.token), server: 'jp' },
    );
    expect(jpList.json()).toMatchObject({
      total: 1,
      visit_shop_list: [{ shop_id: jp.id, is_linked: false }],
    });
    const paged = await ok<{ visit_shop_list: unknown[]; has_next: boolean }>(
      '/mypage/get_visit_shop_list',
      me.token,
      { page_size: 1 },
    );
    expect(paged).toMatchObject({ has_next: true });
    expect(paged.visit_shop_list).toHaveLength(1);
    await refused('/mypage/get_visit_shop_list', null, {}, 'UNAUTHORIZED', 401);
  });
});

describe('scalp diagnoses', () => {
  it('lists linked salons’ diagnoses newest first with images, and deletes one for the member only', async () => {
    const shop = await buildShop(db());
    const me = await member();
    const stranger = await member();
    const c = await customer(shop.id, me.phone);
    const measures = [
      { key: 'density', value: 120, unit: 'hairs/cm²', normal_min: 100, normal_max: 160 },
    ];
    const [older, newer] = await db()
      .insert(scalpDiagnoses)
      .values([
        {
          shopId: shop.id,
          customerId: c.id,
          diagnosedAt: new Date('2026-01-10T03:00:00Z'),
          measures,
          memo: 'Dry',
        },
        {
          shopId: shop.id,
          customerId: c.id,
          diagnosedAt: new Date('2026-02-10T03:00:00Z'),
          measures,
        },
      ])
      .returning();
    await db()
      .insert(scalpImages)
      .values({
        diagnosisId: older!.id,
        shopId: shop.id,
        area: 'crown',
        url: `/media/scalp/2026-11/${process.pid}${'b'.repeat(24)}.webp`,
        thumbUrl: `/media/scalp/2026-11/${process.pid}${'b'.repeat(24)}_t.webp`,
        width: 640,
        height: 480,
      });
    const s = await customer(shop.id, stranger.phone);
    const [theirs] = await db()
      .insert(scalpDiagnoses)
      .values({
        shopId: shop.id,
        customerId: s.id,
        diagnosedAt: new Date('2026-02-11T03:00:00Z'),
        measures,
      })
      .returning();

    type List = { diagnosis_contents: Array<Record<string, unknown>>; total: number };
    expect((await ok<List>('/scalp/get_diagnosis_contents', me.token)).total).toBe(0);
    await link(me.token, shop.id);
    await link(stranger.token, shop.id);
    const list = await ok<List>('/scalp/get_diagnosis_contents', me.token);
    expect(list.total).toBe(2);
    expect(list.diagnosis_contents.map((d) => d.diagnosis_id)).toEqual([newer!.id, older!.id]);
    expect(list.diagnosis_contents[1]).toMatchObject({
      shop_id: shop.id,
      date: '2026-01-10',
      measures,
      memo: 'Dry',
      images: [{ area: 'crown', width: 640 }],
    });
    const elsewhere = await buildShop(db());
    await refused(
      '/scalp/get_diagnosis_contents',
      me.token,
      { shop_id: elsewhere.id },
      'NOT_FOUND',
      404,
    );

    await refused(
      '/scalp/delete_diagnosis_content',
      me.token,
      { diagnosis_id: theirs!.id },
      'NOT_FOUND',
      404,
    );
    await refused(
      '/scalp/delete_diagnosis_content',
      me.token,
      { diagnosis_id: 99_999_999 },
      'NOT_FOUND',
      404,
    );
    expect(
      await ok('/scalp/delete_diagnosis_content', me.token, { diagnosis_id: older!.id }),
    ).toMatchObject({
      diagnosis_id: older!.id,
    });
    await refused(
      '/scalp/delete_diagnosis_content',
      me.token,
      { diagnosis_id: older!.id },
      'NOT_FOUND',
    );
    expect(
      (await ok<List>('/scalp/get_diagnosis_contents', me.token)).diagnosis_contents.map(
        (d) => d.diagnosis_id,
      ),
    ).toEqual([newer!.id]);
    expect((await ok<List>('/scalp/get_diagnosis_contents', stranger.token)).total).toBe(1);
  });
});

describe('unlink', () => {
  it("removes the link, the member's memos and hide marks in one go; the records and private files disappear for the member; deletions stay", async () => {
    const shop = await buildShop(db());
    const me = await member();
    const c = await customer(shop.id, me.phone);
    const v = await visit(shop.id, c.id, '2026-10-10T03:00:00Z', 2);
    const [d, d2] = await db()
      .insert(scalpDiagnoses)
      .values([
        { shopId: shop.id, customerId: c.id, diagnosedAt: new Date('2026-10-10T03:00:00Z') },
        { shopId: shop.id, customerId: c.id, diagnosedAt: new Date('2026-10-11T03:00:00Z') },
      ])
      .returning();
    await link(me.token, shop.id);

    const file = v.media[0]!.url.replace(/^\/media\//, '');
    await mkdir(dirname(join(mediaDir, file)), { recursive: true });
    await writeFile(
      join(mediaDir, file),
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a88' } })
        .webp()
        .toBuffer(),
    );
    const scalpUrl = `/media/scalp/2026-11/${process.pid}${'c'.repeat(24)}.webp`;
    await db()
      .insert(scalpImages)
      .values({
        diagnosisId: d2!.id,
        shopId: shop.id,
        url: scalpUrl,
        thumbUrl: scalpUrl.replace('.webp', '_t.webp'),
        width: 40,
        height: 30,
      });
    const picture = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#a88' },
    })
      .webp()
      .toBuffer();
    await mkdir(join(mediaDir, 'scalp', '2026-11'), { recursive: true });
    await writeFile(join(mediaDir, scalpUrl.replace(/^\/media\//, '')), picture);
    const getAs = async (url: string, token: string) =>
      (await t.app.inject({ method: 'GET', url, headers: cookieOf(token) })).statusCode;
    const outsider = await member();
    expect(await getAs(v.media[0]!.url, me.token)).toBe(200);
    expect(await getAs(scalpUrl, me.token)).toBe(200);
    expect(await getAs(v.media[0]!.url, outsider.token)).toBe(404);
    expect(await getAs(scalpUrl, outsider.token)).toBe(404);

    await ok('/mypage/set_caption', me.token, { media_id: v.media[0]!.id, caption: 'mine' });
    await ok('/mypage/set_history_hidden', me.token, {
      media_ids: String(v.media[1]!.id),
      hidden: 1,
    });
    await ok('/scalp/delete_diagnosis_content', me.token, { diagnosis_id: d!.id });

    expect(await ok('/account/user_link_cancel', me.token, { shop_id: shop.id })).toEqual(
      expect.objectContaining({ shop_id: shop.id }),
    );
    expect(
      await db()
        .select()
        .from(shopLinks)
        .where(and(eq(shopLinks.memberId, me.id), eq(shopLinks.shopId, shop.id))),
    ).toHaveLength(0);
    // The memo and the hide mark go; the deletion stays (no content, only the member's choice).
    expect(
      await db().select().from(memberMediaStates).where(eq(memberMediaStates.memberId, me.id)),
    ).toHaveLength(0);
    expect(
      await db()
        .select({ diagnosisId: memberDiagnosisStates.diagnosisId })
        .from(memberDiagnosisStates)
        .where(eq(memberDiagnosisStates.memberId, me.id)),
    ).toEqual([{ diagnosisId: d!.id }]);
    expect((await photos(me.token)).total).toBe(0);
    expect((await photos(me.token, { view: 'hidden' })).total).toBe(0);
    expect((await ok<{ total: number }>('/scalp/get_diagnosis_contents', me.token)).total).toBe(0);
    expect(
      (await ok<{ shop_visit_list: unknown[] }>('/mypage/getShopVisitList', me.token))
        .shop_visit_list,
    ).toEqual([]);
    await refused(
      '/mypage/set_caption',
      me.token,
      { media_id: v.media[0]!.id, caption: 'x' },
      'NOT_FOUND',
    );
    expect(await getAs(v.media[0]!.url, me.token)).toBe(404);
    expect(await getAs(scalpUrl, me.token)).toBe(404);
    // The salon keeps its records.
    expect(
      await db().select().from(visitMedia).where(eq(visitMedia.visitId, v.visit.id)),
    ).toHaveLength(2);

    await refused('/account/user_link_cancel', me.token, { shop_id: shop.id }, 'NOT_FOUND', 404);

    // Linking again brings the records back without the old memo and hide mark; what the
    // member deleted stays deleted.
    await link(me.token, shop.id);
    const again = await photos(me.token);
    expect(again.my_photo_list[0]!.media.map((m) => m.personal_memo)).toEqual([null, null]);
    expect(again.my_photo_list[0]!.media).toHaveLength(2);
    const diagnoses = await ok<{ total: number; diagnosis_contents: { diagnosis_id: number }[] }>(
      '/scalp/get_diagnosis_contents',
      me.token,
    );
    expect(diagnoses.diagnosis_contents.map((x) => x.diagnosis_id)).toEqual([d2!.id]);
  });
});

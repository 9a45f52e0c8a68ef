import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { formatQrCode, qrLimits } from '@carol/contracts';
import { qrSessions, sessions, shopConsoleKeys } from '../../db/schema/index.js';
import { sessionIdOf } from '../../lib/session.js';
import { buildConsoleKey, buildMember, buildSession, buildShop } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

let t: TestApp;
const cookieName = 'carol_sid';
const OPEN = '/shop-api/console/qr/open_session';
const POLL = '/shop-api/console/qr/get_session_status';
const INFO = '/api/carol/qr/get_code_info';
const CONFIRM = '/api/carol/qr/confirm_login';

beforeAll(async () => {
  t = await createTestApp({ COOKIE_SECURE: 'false', APP_BASE_URL: 'https://carol.example' });
});
afterAll(async () => t.close());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const asMember = (token: string) => ({ cookie: `${cookieName}=${token}` });

/** The mirror calls the console API with JSON, as a device would. */
function consoleCall(url: string, key: string | null, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: key === null ? {} : bearer(key),
    payload: { server: 'kr', country_code: 'kr', ...body },
  });
}

async function shopWithKey() {
  const shop = await buildShop(t.database.db);
  const key = await buildConsoleKey(t.database.db, shop.id);
  return { shop, key };
}

async function memberWithSession(overrides: Parameters<typeof buildMember>[1] = {}) {
  const member = await buildMember(t.database.db, overrides);
  const token = await buildSession(t.database.db, member.id);
  return { member, token };
}

async function open(key: string) {
  const res = await consoleCall(OPEN, key);
  expect(res.statusCode).toBe(200);
  return res.json<{ qr_session_id: number; code: string; qr_url: string; expires_in: number }>();
}

describe('console authentication (Authorization: Bearer <console key>)', () => {
  it('refuses a call without a key', async () => {
    const res = await consoleCall(OPEN, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, resCode: 'UNAUTHORIZED' });
  });

  it('refuses a wrong key and a malformed header', async () => {
    await shopWithKey();
    const wrong = await consoleCall(OPEN, 'x'.repeat(43));
    expect(wrong.statusCode).toBe(401);
    const basic = await t.app.inject({
      method: 'POST',
      url: OPEN,
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
      payload: { server: 'kr', country_code: 'kr' },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('refuses a revoked key', async () => {
    const shop = await buildShop(t.database.db);
    const key = await buildConsoleKey(t.database.db, shop.id, { revokedAt: new Date() });
    const res = await consoleCall(OPEN, key);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ resCode: 'UNAUTHORIZED' });
  });

  it("does not accept a member's session in place of a console key", async () => {
    const { token } = await memberWithSession();
    const asCookie = await t.app.inject({
      method: 'POST',
      url: OPEN,
      headers: asMember(token),
      payload: { server: 'kr', country_code: 'kr' },
    });
    expect(asCookie.statusCode).toBe(401);
    const asBearer = await consoleCall(OPEN, token);
    expect(asBearer.statusCode).toBe(401);
  });

  it('accepts an active key from a non-browser client (no Origin), and needs no Origin', async () => {
    const { key } = await shopWithKey();
    const res = await t.app.inject({
      method: 'POST',
      url: OPEN,
      headers: { ...bearer(key), origin: 'https://mirror.vendor.example' },
      payload: { server: 'kr', country_code: 'kr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });
  });
});

describe('open a QR session', () => {
  it('returns a one-time code of 140 random bits, its URL and a lifetime of at most 120 s; stores only a hash', async () => {
    const { shop, key } = await shopWithKey();
    const body = await open(key);
    expect(body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{28}$/);
    expect(body.qr_url).toBe(`https://carol.example/mypage/qrcodescanner?code=${body.code}`);
    expect(body.expires_in).toBeLessThanOrEqual(120);
    expect(body.expires_in).toBe(qrLimits.codeTtlSeconds);
    const [row] = await t.database.db
      .select()
      .from(qrSessions)
      .where(eq(qrSessions.id, body.qr_session_id));
    expect(row?.shopId).toBe(shop.id);
    expect(row?.tokenHash).not.toContain(body.code);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000;
    expect(lifetime).toBeLessThanOrEqual(120);
    expect(lifetime).toBeGreaterThan(110);
    const second = await open(key);
    expect(second.code).not.toBe(body.code);
  });

  it('limits how many sessions one shop opens (per shop, in the database)', async () => {
    const { shop, key } = await shopWithKey();
    await t.database.db.insert(qrSessions).values(
      Array.from({ length: 60 }, (_, i) => ({
        shopId: shop.id,
        tokenHash: `flood-${shop.id}-${i}`,
        purpose: 'login' as const,
        expiresAt: new Date(Date.now() + 60_000),
      })),
    );
    const res = await consoleCall(OPEN, key);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ resCode: 'RATE_LIMITED' });
  });
});

describe('QR login from open to the mirror session', () => {
  it('open → look up → confirm → the first poll hands out a session once; it works for member calls', async () => {
    const { shop, key } = await shopWithKey();
    const { member, token } = await memberWithSession({ familyName: '김', givenName: '하늘' });
    const opened = await open(key);

    const pending = await consoleCall(POLL, key, { qr_session_id: opened.qr_session_id });
    expect(pending.json()).toMatchObject({ success: true, status: 'pending' });
    expect(pending.json()).not.toHaveProperty('session_token');
    expect(pending.headers['cache-control']).toBe('no-store');

    // The phone: the QR's whole URL is accepted, and so is the grouped code typed by hand.
    const info = await postForm(t.app, INFO, { code: opened.qr_url }, { headers: asMember(token) });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      result: 'success',
      shop_id: shop.id,
      shop_name: shop.name,
    });
    expect(info.json<{ expires_in: number }>().expires_in).toBeGreaterThan(100);

    const confirm = await postForm(
      t.app,
      CONFIRM,
      { code: formatQrCode(opened.code).toLowerCase() },
      { headers: asMember(token) },
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ result: 'success', shop_id: shop.id, shop_name: shop.name });

    const first = await consoleCall(POLL, key, { qr_session_id: opened.qr_session_id });
    const firstBody = first.json<{ status: string; session_token?: string }>();
    expect(firstBody).toMatchObject({
      success: true,
      status: 'confirmed',
      session_expires_in: qrLimits.mirrorSessionSeconds,
    });
    const mirrorToken = firstBody.session_token!;
    expect(mirrorToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mirrorToken).not.toBe(token);
    // No cookie for the mirror: it keeps the token itself.
    expect(first.headers['set-cookie']).toBeUndefined();

    const second = await consoleCall(POLL, key, { qr_session_id: opened.qr_session_id });
    expect(second.json()).toMatchObject({ success: true, status: 'claimed' });
    expect(second.json()).not.toHaveProperty('session_token');

    // The mirror session is a member session (Bearer), short-lived, stored only hashed.
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/carol/account/get_user_info',
      headers: { authorization: `Bearer ${mirrorToken}` },
      payload: { server: 'kr', country_code: 'kr' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { family_name: '김', given_name: '하늘' } });
    const [stored] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(mirrorToken)));
    expect(stored?.memberId).toBe(member.id);
    const ttl = (stored!.expiresAt.getTime() - Date.now()) / 1000;
    expect(ttl).toBeLessThanOrEqual(qrLimits.mirrorSessionSeconds + 5);
    expect(ttl).toBeGreaterThan(qrLimits.mirrorSessionSeconds - 60);

    // The phone's own session is untouched; the mirror can log its session out.
    const phone = await postForm(
      t.app,
      '/api/carol/account/get_user_info',
      {},
      { headers: asMember(token) },
    );
    expect(phone.statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/carol/account/logout',
      headers: { authorization: `Bearer ${mirrorToken}` },
      payload: { server: 'kr', country_code: 'kr' },
    });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/carol/account/get_user_info',
      headers: { authorization: `Bearer ${mirrorToken}` },
      payload: { server: 'kr', country_code: 'kr' },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a reused code: confirming twice, and looking it up after confirmation', async () => {
    const { key } = await shopWithKey();
    const { token } = await memberWithSession();
    const opened = await open(key);
    const ok = await postForm(t.app, CONFIRM, { code: opened.code }, { headers: asMember(token) });
    expect(ok.statusCode).toBe(200);
    const again = await postForm(
      t.app,
      CONFIRM,
      { code: opened.code },
      { headers: asMember(token) },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ result: 'fail', resCode: 'QR_INVALID' });
    const info = await postForm(t.app, INFO, { code: opened.code }, { headers: asMember(token) });
    expect(info.json()).toMatchObject({ resCode: 'QR_INVALID' });
  });

  it('lets exactly one of two members racing to confirm win, and the mirror gets the winner', async () => {
    const { key } = await shopWithKey();
    const a = await memberWithSession();
    const b = await memberWithSession();
    const opened = await open(key);
    const results = await Promise.all([
      postForm(t.app, CONFIRM, { code: opened.code }, { headers: asMember(a.token) }),
      postForm(t.app, CONFIRM, { code: opened.code }, { headers: asMember(b.token) }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    const loser = results.find((r) => r.statusCode === 400)!;
    expect(loser.json()).toMatchObject({ resCode: 'QR_INVALID' });
    const winner = results[0]?.statusCode === 200 ? a.member : b.member;
    const [row] = await t.database.db
      .select()
      .from(qrSessions)
      .where(eq(qrSessions.id, opened.qr_session_id));
    expect(row?.memberId).toBe(winner.id);
    const poll = await consoleCall(POLL, key, { qr_session_id: opened.qr_session_id });
    const mirrorToken = poll.json<{ session_token: string }>().session_token;
    const [stored] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(mirrorToken)));
    expect(stored?.memberId).toBe(winner.id);
  });

  it('hands out the session once even to two polls at the same moment', async () => {
    const { key } = await shopWithKey();
    const { token } = await memberWithSession();
    const opened = await open(key);
    await postForm(t.app, CONFIRM, { code: opened.code }, { headers: asMember(token) });
    const polls = await Promise.all([
      consoleCall(POLL, key, { qr_session_id: opened.qr_session_id }),
      consoleCall(POLL, key, { qr_session_id: opened.qr_session_id }),
    ]);
    const withToken = polls.filter((p) => p.json<{ session_token?: string }>().session_token);
    expect(withToken).toHaveLength(1);
  });
});

describe('QR login failure paths', () => {
  it('answers QR_INVALID for an expired code (look-up and confirm) and the mirror sees expired', async () => {
    const { key } = await shopWithKey();
    const { token } = await memberWithSession();
    const opened = await open(key);
    await t.database.db
      .update(qrSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(qrSessions.id, opened.qr_session_id));
    const info = await postForm(t.app, INFO, { code: opened.code }, { headers: asMember(token) });
    expect(info.statusCode).toBe(400);
    expect(info.json()).toMatchObject({ resCode: 'QR_INVALID' });
    const confirm = await postForm(
      t.app,
      CONFIRM,
      { code: opened.code },
      { headers: asMember(token), server: 'jp' },
    );
    expect(confirm.json()).toMatchObject({
      resCode: 'QR_INVALID',
      resMessage: '無効または期限切れのQRコードです。ミラーで新しいQRコードを表示してください。',
    });
    const poll = await consoleCall(POLL, key, { qr_session_id: opened.qr_session_id });
    expect(poll.json()).toMatchObject({ status: 'expired', expires_in: 0 });
  });

  it('gives no session for a confirmation collected after the grace period', async () => {
    const { key } = await shopWithKey();
    const { token } = await memberWithSession();
    const opened = await open(key);
    await postForm(t.app, CONFIRM, { code: opened.code }, { headers: asMember(token) });
    await t.database.db
      .update(qrSessions)
      .set({ expiresAt: sql`now() - interval '5 minutes'` })
      .where(eq(qrSessions.id, opened.qr_session_id));
    const poll = await consoleCall(POLL, key, { qr_session_id: opened.qr_session_id });
    expect(poll.json()).toMatchObject({ status: 'expired' });
    expect(poll.json()).not.toHaveProperty('session_token');
  });

  it('answers QR_INVALID for unknown and malformed codes', async () => {
    const { token } = await memberWithSession();
    for (const code of [
      '0'.repeat(28),
      'not a code',
      'https://evil.example/?code=abc',
      'Ü'.repeat(28),
    ]) {
      const res = await postForm(t.app, INFO, { code }, { headers: asMember(token) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resCode: 'QR_INVALID' });
    }
    const empty = await postForm(t.app, CONFIRM, { code: '' }, { headers: asMember(token) });
    expect(empty.json()).toMatchObject({ resCode: 'QR_INVALID' });
    const huge = await postForm(
      t.app,
      CONFIRM,
      { code: 'A'.repeat(5000) },
      { headers: asMember(token) },
    );
    expect(huge.json()).toMatchObject({ resCode: 'QR_INVALID' });
  });

  it('refuses a member whose phone is not verified (spec 5), and one with no phone', async () => {
    const { key } = await shopWithKey();
    const opened = await open(key);
    const unverified = await memberWithSession({ phoneVerifiedAt: null });
    const noPhone = await memberWithSession({ phone: null, phoneVerifiedAt: null });
    for (const { token } of [unverified, noPhone]) {
      for (const url of [INFO, CONFIRM]) {
        const res = await postForm(
          t.app,
          url,
          { code: opened.code },
          { headers: { ...asMember(token), 'accept-language': 'en' } },
        );
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          resCode: 'PHONE_NOT_VERIFIED',
          resMessage: 'Please verify your phone number first.',
        });
      }
    }
    const poll = await consoleCall(POLL, key, { qr_session_id: opened.qr_session_id });
    expect(poll.json()).toMatchObject({ status: 'pending' });
  });

  it('refuses anonymous callers on the member API', async () => {
    const { key } = await shopWithKey();
    const opened = await open(key);
    for (const url of [INFO, CONFIRM]) {
      const res = await postForm(t.app, url, { code: opened.code });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ resCode: 'UNAUTHORIZED' });
    }
    // A console key is not a member session either.
    const res = await postForm(t.app, CONFIRM, { code: opened.code }, { headers: bearer(key) });
    expect(res.statusCode).toBe(401);
  });

  it("never lets shop B poll shop A's session (NOT_FOUND, like an unknown id)", async () => {
    const a = await shopWithKey();
    const b = await shopWithKey();
    const { token } = await memberWithSession();
    const opened = await open(a.key);
    await postForm(t.app, CONFIRM, { code: opened.code }, { headers: asMember(token) });
    const asB = await consoleCall(POLL, b.key, { qr_session_id: opened.qr_session_id });
    expect(asB.statusCode).toBe(404);
    expect(asB.json()).toMatchObject({ success: false, resCode: 'NOT_FOUND' });
    expect(asB.body).not.toContain('session_token');
    const unknown = await consoleCall(POLL, b.key, { qr_session_id: 999_999_999 });
    expect(unknown.statusCode).toBe(404);
    // A's mirror still collects its session afterwards.
    const asA = await consoleCall(POLL, a.key, { qr_session_id: opened.qr_session_id });
    expect(asA.json()).toMatchObject({ status: 'confirmed' });
  });

  it('stops a revoked key from polling a session it opened', async () => {
    const { shop, key } = await shopWithKey();
    const opened = await open(key);
    await t.database.db
      .update(shopConsoleKeys)
      .set({ revokedAt: new Date() })
      .where(eq(shopConsoleKeys.shopId, shop.id));
    const res = await consoleCall(POLL, key, { qr_session_id: opened.qr_session_id });
    expect(res.statusCode).toBe(401);
  });

  it('validates the poll input', async () => {
    const { key } = await shopWithKey();
    const res = await consoleCall(POLL, key, { qr_session_id: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resCode: 'VALIDATION_FAILED' });
  });

  it('counts code checks per member in the database and stops at the limit', async () => {
    const { token } = await memberWithSession();
    let last = 0;
    for (let i = 0; i < 30; i++) {
      const res = await postForm(
        t.app,
        INFO,
        { code: '1'.repeat(28) },
        { headers: asMember(token), remoteAddress: `10.9.${i}.1` },
      );
      last = res.statusCode;
      expect(res.statusCode).toBe(400);
    }
    const blocked = await postForm(
      t.app,
      INFO,
      { code: '1'.repeat(28) },
      { headers: asMember(token), remoteAddress: '10.9.99.1' },
    );
    expect(last).toBe(400);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ resCode: 'RATE_LIMITED' });
  });

  it('limits code checks per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const { token } = await memberWithSession();
      const res = await postForm(
        t.app,
        CONFIRM,
        { code: '2'.repeat(28) },
        { headers: asMember(token), remoteAddress: '10.8.0.7' },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

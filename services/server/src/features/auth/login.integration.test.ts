import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginThrottles, members, sessions } from '../../db/schema/index.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { hashPassword } from '../../lib/password.js';
import { loginThrottleKey } from './auth.service.js';

let t: TestApp;
const password = 'Carol_2024!';
let passwordHash: string;

beforeAll(async () => {
  // Secure cookies, as in production: the __Host- prefix and the Secure attribute.
  t = await createTestApp({ COOKIE_SECURE: 'true' });
  passwordHash = await hashPassword(password);
});
afterAll(async () => t.close());

let ip = 0;
const login = (email: string, pw: string, headers: Record<string, string> = {}) =>
  postForm(
    t.app,
    '/api/userapi/login/login',
    { email, password: pw },
    { headers: { 'accept-language': 'ko', ...headers }, remoteAddress: `10.1.0.${++ip}` },
  );

describe('POST /api/userapi/login/login', () => {
  it('signs in with a new __Host- session cookie (HttpOnly, Secure, Lax, Path=/, 1 day)', async () => {
    const member = await buildMember(t.database.db, { passwordHash, server: 'jp', language: 'ja' });
    const res = await login(member.email!, password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: 'success',
      user_id: member.id,
      email: member.email,
      family_name: member.familyName,
      given_name: member.givenName,
      language: 'ja',
      server: 'jp',
    });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^__Host-carol_sid=[A-Za-z0-9_-]{43};/);
    for (const attr of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/', 'Max-Age=86400']) {
      expect(header).toContain(attr);
    }
    expect(header).not.toMatch(/Domain=/i);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = res.cookies[0]!.value;
    const check = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: member.id },
      { headers: { cookie: `__Host-carol_sid=${token}` } },
    );
    expect(check.json()).toEqual({ result: 'success', user_exists: true });
    // The table holds the hash, never the token.
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.memberId, member.id));
    expect(rows.map((r) => r.id)).not.toContain(token);
  });

  it('rotates: a cookie sent with the login is never reused and its session is deleted', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const old = await buildSession(t.database.db, member.id);
    const res = await login(member.email!, password, { cookie: `__Host-carol_sid=${old}` });
    expect(res.statusCode).toBe(200);
    expect(res.cookies[0]!.value).not.toBe(old);
    const oldCheck = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: member.id },
      { headers: { cookie: `__Host-carol_sid=${old}` } },
    );
    expect(oldCheck.json()).toEqual({ result: 'success', user_exists: false });
  });

  it('answers the same for an unknown e-mail, a wrong password, a password-less or withdrawn member', async () => {
    const known = await buildMember(t.database.db, { passwordHash });
    const noPassword = await buildMember(t.database.db);
    const withdrawn = await buildMember(t.database.db, { passwordHash });
    await t.database.db
      .update(members)
      .set({ status: 'withdrawn', withdrawnAt: new Date() })
      .where(eq(members.id, withdrawn.id));
    const answers = await Promise.all([
      login('nobody@example.test', password),
      login(known.email!, 'Wrong_2024!'),
      login(noPassword.email!, password),
      login(withdrawn.email!, password),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        result: 'fail',
        resCode: 'WRONG_CREDENTIALS',
        resMessage: '이메일 또는 비밀번호가 올바르지 않습니다.',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('verifies a dummy hash for unknown e-mails, so timing does not tell them apart', async () => {
    const known = await buildMember(t.database.db, { passwordHash });
    const time = async (email: string) => {
      const start = performance.now();
      await login(email, 'Wrong_2024!');
      return performance.now() - start;
    };
    await time('warmup@example.test');
    const unknown = Math.min(await time('ghost1@example.test'), await time('ghost2@example.test'));
    const wrong = Math.min(await time(known.email!), await time(known.email!));
    // Both pay one argon2id verify; without the dummy the unknown path would be ~0 ms.
    expect(unknown).toBeGreaterThan(wrong * 0.3);
  });

  it('locks an account after 10 attempts in 15 minutes, even with the right password, from any IP', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    for (let i = 0; i < 10; i++) {
      expect((await login(member.email!, `Wrong_${i}abc`)).json()).toMatchObject({
        resCode: 'WRONG_CREDENTIALS',
      });
    }
    const locked = await login(member.email!, password);
    expect(locked.statusCode).toBe(429);
    // Its own code and message (the login screen offers the password reset), and when to retry.
    expect(locked.json()).toMatchObject({
      resCode: 'LOGIN_THROTTLED',
      resMessage:
        '로그인 시도가 너무 많습니다. 잠시 후 다시 시도하거나 비밀번호를 재설정해 주세요.',
    });
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.headers['set-cookie']).toBeUndefined();
    const inEnglish = await login(member.email!, password, { 'accept-language': 'en' });
    expect(inEnglish.json()).toMatchObject({
      resCode: 'LOGIN_THROTTLED',
      resMessage: 'Too many sign-in attempts. Please try again later or reset your password.',
    });
    const inJapanese = await login(member.email!, password, { 'accept-language': 'ja' });
    expect(inJapanese.json<{ resMessage: string }>().resMessage).toBe(
      'ログインの試行回数が多すぎます。しばらくしてからもう一度お試しいただくか、パスワードを再設定してください。',
    );

    // Unknown addresses are throttled the same way (the limit reveals nothing).
    for (let i = 0; i < 10; i++) await login('ghost-limit@example.test', password);
    expect((await login('ghost-limit@example.test', password)).json()).toMatchObject({
      resCode: 'LOGIN_THROTTLED',
    });

    // Once the window is over, the right password works again and clears the counter.
    await t.database.db
      .update(loginThrottles)
      .set({ windowStartedAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(loginThrottles.key, loginThrottleKey(member.email!)));
    expect((await login(member.email!, password)).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, loginThrottleKey(member.email!)));
    expect(rows).toHaveLength(0);
  });

  it('limits sign-in attempts per client IP (30 per 15 minutes)', async () => {
    const from = { remoteAddress: '10.2.2.2' };
    for (let i = 0; i < 30; i++) {
      const res = await postForm(
        t.app,
        '/api/userapi/login/login',
        { email: `spray${i}@example.test`, password },
        from,
      );
      expect(res.statusCode).toBe(401);
    }
    const res = await postForm(
      t.app,
      '/api/userapi/login/login',
      { email: 'spray-last@example.test', password },
      from,
    );
    expect(res.statusCode).toBe(429);
  });

  it('refuses a cross-site login form (login CSRF)', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const res = await login(member.email!, password, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ resCode: 'ORIGIN_REJECTED' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /api/carol/account/logout', () => {
  it('needs a session and ends only the current one', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const a = (await login(member.email!, password)).cookies[0]!.value;
    const b = (await login(member.email!, password)).cookies[0]!.value;
    const out = await postForm(
      t.app,
      '/api/carol/account/logout',
      {},
      { headers: { cookie: `__Host-carol_sid=${a}` } },
    );
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-carol_sid=;.*Secure/);
    const check = (token: string) =>
      postForm(
        t.app,
        '/api/carol/account/user_check',
        { user_id: member.id },
        { headers: { cookie: `__Host-carol_sid=${token}` } },
      ).then((r) => r.json<{ user_exists: boolean }>().user_exists);
    expect(await check(a)).toBe(false);
    expect(await check(b)).toBe(true);
    const anonymous = await postForm(t.app, '/api/carol/account/logout', {});
    expect(anonymous.statusCode).toBe(401);
  });
});

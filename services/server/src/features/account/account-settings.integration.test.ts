import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginThrottles, memberIdentities, members, sessions } from '../../db/schema/index.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { requiredConsents } from '../../../test/consents.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { hashPassword } from '../../lib/password.js';
import { loginThrottleKey } from '../auth/auth.service.js';
import { maskPhone } from './account.service.js';

let t: TestApp;
const cookieName = 'carol_sid';
const password = 'Carol_2024!';
const newPassword = 'Newpass-99';
let passwordHash: string;

beforeAll(async () => {
  t = await createTestApp({ COOKIE_SECURE: 'false' });
  passwordHash = await hashPassword(password);
});
afterAll(async () => t.close());

// Each call from its own client IP so the per-IP limit stays out of the way (tested below).
let ip = 0;
const call = (
  path: string,
  fields: Record<string, string | number>,
  token: string | null,
  headers: Record<string, string> = {},
) =>
  postForm(t.app, `/api/carol/account/${path}`, fields, {
    headers: {
      'accept-language': 'en',
      ...(token ? { cookie: `${cookieName}=${token}` } : {}),
      ...headers,
    },
    remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
  });

const userCheck = (memberId: number, token: string) =>
  call('user_check', { user_id: memberId }, token);

const login = (email: string, pw: string) =>
  postForm(
    t.app,
    '/api/userapi/login/login',
    { email, password: pw },
    { headers: { 'accept-language': 'en' }, remoteAddress: `10.8.0.${++ip % 250}` },
  );

async function memberRow(id: number) {
  const [row] = await t.database.db.select().from(members).where(eq(members.id, id));
  return row!;
}

function clearsCookie(res: { headers: Record<string, unknown> }) {
  const header = String(res.headers['set-cookie']);
  expect(header).toMatch(new RegExp(`^${cookieName}=;`));
  expect(header).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
}

const withdrawal = (extra: Record<string, string | number> = {}) => ({
  reason: 'rarely_used',
  agree: 'true',
  phrase: 'delete my account',
  ...extra,
});

describe('access', () => {
  it.each([
    ['get_user_info', {}],
    ['change_name', { family_name: 'Lee', given_name: 'Jun' }],
    ['change_password', { current_password: password, new_password: newPassword }],
    ['create_password', { new_password: newPassword }],
    ['delete', withdrawal({ password })],
  ])('%s refuses an anonymous or forged caller with UNAUTHORIZED', async (path, fields) => {
    const anonymous = await call(path, fields, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ result: 'fail', resCode: 'UNAUTHORIZED' });
    const forged = await call(path, fields, 'x'.repeat(43));
    expect(forged.statusCode).toBe(401);
  });

  it.each([
    ['change_name', { family_name: 'Lee', given_name: 'Jun' }],
    ['change_password', { current_password: password, new_password: newPassword }],
    ['create_password', { new_password: newPassword }],
    ['delete', withdrawal({ password })],
  ])('%s refuses a cross-site request even with a valid cookie', async (path, fields) => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    const res = await call(path, fields, token, {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ resCode: 'ORIGIN_REJECTED' });
    expect(await memberRow(member.id)).toEqual(member);
    expect((await userCheck(member.id, token)).json()).toMatchObject({ user_exists: true });
  });
});

describe('POST /api/carol/account/get_user_info', () => {
  it("answers the caller's settings with the phone masked and no secrets", async () => {
    const member = await buildMember(t.database.db, {
      passwordHash,
      phone: '010-1234-5678',
      language: 'ja',
      server: 'jp',
    });
    const token = await buildSession(t.database.db, member.id);
    const res = await call('get_user_info', {}, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      result: 'success',
      user: {
        email: member.email,
        family_name: member.familyName,
        given_name: member.givenName,
        phone: '010-****-5678',
        phone_verified: true,
        has_password: true,
        language: 'ja',
        server: 'jp',
        joined_via: 'app',
        identities: [],
      },
    });
    expect(res.body).not.toContain('argon2');
  });

  it('reports has_password false for a smart-mirror member', async () => {
    const member = await buildMember(t.database.db, { joinedVia: 'smart_mirror', email: null });
    const token = await buildSession(t.database.db, member.id);
    const res = await call('get_user_info', {}, token);
    expect(res.json()).toMatchObject({
      user: { email: '', has_password: false, joined_via: 'smart_mirror' },
    });
  });

  it('masks Japanese numbers too and empty phones stay empty', () => {
    expect(maskPhone('090-1234-5678')).toBe('090-****-5678');
    expect(maskPhone('01012345678')).toBe('010****5678');
    expect(maskPhone(null)).toBe('');
  });
});

describe('POST /api/carol/account/change_name', () => {
  it('changes the name of the caller', async () => {
    const member = await buildMember(t.database.db);
    const token = await buildSession(t.database.db, member.id);
    const res = await call('change_name', { family_name: ' Lee ', given_name: 'Jun' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success', family_name: 'Lee', given_name: 'Jun' });
    expect(await memberRow(member.id)).toMatchObject({ familyName: 'Lee', givenName: 'Jun' });
  });

  it('answers NAME_REQUIRED for a blank name', async () => {
    const member = await buildMember(t.database.db);
    const token = await buildSession(t.database.db, member.id);
    const res = await call('change_name', { family_name: '  ', given_name: 'Jun' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      resCode: 'NAME_REQUIRED',
      resMessage: 'Please enter your name.',
      fields: [{ field: 'family_name' }],
    });
    expect(await memberRow(member.id)).toEqual(member);
  });
});

describe('POST /api/carol/account/change_password', () => {
  it('changes the password, ends every session (current included) and clears the cookie', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    const other = await buildSession(t.database.db, member.id);
    const res = await call(
      'change_password',
      { current_password: password, new_password: newPassword },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success' });
    clearsCookie(res);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.memberId, member.id)),
    ).toEqual([]);
    expect((await userCheck(member.id, token)).json()).toMatchObject({ user_exists: false });
    expect((await userCheck(member.id, other)).json()).toMatchObject({ user_exists: false });
    expect((await login(member.email!, password)).statusCode).toBe(401);
    const relogin = await login(member.email!, newPassword);
    expect(relogin.statusCode).toBe(200);
    expect(relogin.json()).toMatchObject({ user_id: member.id });
  });

  it('refuses a wrong current password with WRONG_CREDENTIALS and changes nothing', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    const res = await call(
      'change_password',
      { current_password: 'Wrong_999', new_password: newPassword },
      token,
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      resCode: 'WRONG_CREDENTIALS',
      fields: [{ field: 'current_password' }],
    });
    expect(await memberRow(member.id)).toEqual(member);
    expect((await userCheck(member.id, token)).json()).toMatchObject({ user_exists: true });
  });

  it('applies the password rule of spec 5 to the new password', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    const res = await call(
      'change_password',
      { current_password: password, new_password: 'short' },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      resCode: 'PASSWORD_FORMAT',
      fields: [{ field: 'new_password' }],
    });
    expect(await memberRow(member.id)).toEqual(member);
  });

  it('is throttled per account together with the login, even for the right password', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    for (let i = 0; i < 10; i++) {
      const res = await call(
        'change_password',
        { current_password: `Wrong_${i}x`, new_password: newPassword },
        token,
      );
      expect(res.json()).toMatchObject({ resCode: 'WRONG_CREDENTIALS' });
    }
    const throttled = await call(
      'change_password',
      { current_password: password, new_password: newPassword },
      token,
    );
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ resCode: 'RATE_LIMITED' });
    // The sign-in's own refusal: it points to the password reset.
    expect((await login(member.email!, password)).json()).toMatchObject({
      resCode: 'LOGIN_THROTTLED',
    });
    expect(await memberRow(member.id)).toEqual(member);
    await t.database.db
      .delete(loginThrottles)
      .where(eq(loginThrottles.key, loginThrottleKey(member.email!)));
  });

  it('is limited per IP', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await postForm(
        t.app,
        '/api/carol/account/change_password',
        { current_password: 'Wrong_1x', new_password: newPassword },
        { headers: { cookie: `${cookieName}=${token}` }, remoteAddress: '10.7.7.7' },
      );
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('POST /api/carol/account/create_password', () => {
  it('sets a first password for a member without one; sessions end; login works', async () => {
    const member = await buildMember(t.database.db, { joinedVia: 'smart_mirror' });
    const token = await buildSession(t.database.db, member.id);
    const res = await call('create_password', { new_password: newPassword }, token);
    expect(res.statusCode).toBe(200);
    clearsCookie(res);
    expect((await userCheck(member.id, token)).json()).toMatchObject({ user_exists: false });
    expect((await login(member.email!, newPassword)).statusCode).toBe(200);
  });

  it('refuses a member who already has a password (use change_password)', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    const res = await call('create_password', { new_password: newPassword }, token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ resCode: 'FORBIDDEN' });
    expect(await memberRow(member.id)).toEqual(member);
    expect((await userCheck(member.id, token)).json()).toMatchObject({ user_exists: true });
  });

  it('asks for a fresh sign-in when the session is older than 10 minutes (re-authentication)', async () => {
    const member = await buildMember(t.database.db, { joinedVia: 'smart_mirror' });
    const token = await buildSession(t.database.db, member.id);
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(sessions.memberId, member.id));
    const res = await call('create_password', { new_password: newPassword }, token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ resCode: 'REAUTH_REQUIRED' });
    expect(await memberRow(member.id)).toEqual(member);
    expect((await userCheck(member.id, token)).json()).toMatchObject({ user_exists: true });
  });
});

describe('POST /api/carol/account/delete', () => {
  it('withdraws: personal data blanked, identities and sessions gone, cookie cleared', async () => {
    const member = await buildMember(t.database.db, { passwordHash, phone: '010-5555-1212' });
    await t.database.db.insert(memberIdentities).values({
      memberId: member.id,
      issuer: 'https://accounts.example',
      subject: `sub-${member.id}`,
      provider: 'google',
      email: member.email,
    });
    const token = await buildSession(t.database.db, member.id);
    const res = await call('delete', withdrawal({ reason: 'privacy_concern', password }), token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success' });
    clearsCookie(res);
    const row = await memberRow(member.id);
    expect(row).toMatchObject({
      status: 'withdrawn',
      withdrawReason: 'privacy_concern',
      email: null,
      phone: null,
      phoneVerifiedAt: null,
      passwordHash: null,
      familyName: '',
      givenName: '',
    });
    expect(row.withdrawnAt).toBeInstanceOf(Date);
    expect(
      await t.database.db
        .select()
        .from(memberIdentities)
        .where(eq(memberIdentities.memberId, member.id)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.memberId, member.id)),
    ).toEqual([]);
    expect((await userCheck(member.id, token)).json()).toMatchObject({ user_exists: false });
    expect((await login(member.email!, password)).json()).toMatchObject({
      resCode: 'WRONG_CREDENTIALS',
    });
    // The address is free again: a new registration creates a new (pending) member.
    const again = await postForm(
      t.app,
      '/api/userapi/registration/register',
      {
        email: member.email!,
        password,
        family_name: 'Kim',
        given_name: 'Minji',
        ...requiredConsents,
      },
      { remoteAddress: '10.6.0.1' },
    );
    expect(again.statusCode).toBe(200);
    const [fresh] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.email, member.email!));
    expect(fresh).toMatchObject({ status: 'pending' });
    expect(fresh!.id).not.toBe(member.id);
    // And the phone can belong to another verified member.
    const reuse = await buildMember(t.database.db, { phone: '010-5555-1212' });
    expect(reuse.phone).toBe('010-5555-1212');
  });

  it.each([
    ['ko', '탈퇴합니다'],
    ['ja', '退会します'],
  ])('accepts the %s phrase for a member without a password', async (language, phrase) => {
    const member = await buildMember(t.database.db, { joinedVia: 'smart_mirror' });
    const token = await buildSession(t.database.db, member.id);
    const res = await call('delete', withdrawal({ phrase }), token, {
      'accept-language': language,
    });
    expect(res.statusCode).toBe(200);
    expect((await memberRow(member.id)).status).toBe('withdrawn');
  });

  it.each([
    ['a phrase mismatch', withdrawal({ phrase: 'delete my accoun', password }), 'phrase'],
    ['another language phrase', withdrawal({ phrase: '탈퇴합니다', password }), 'phrase'],
    ['agreement false', withdrawal({ agree: 'false', password }), 'agree'],
    ['a missing reason', { agree: 'true', phrase: 'delete my account', password }, 'reason'],
    ['an unknown reason', withdrawal({ reason: 'bored', password }), 'reason'],
    ['a missing password', withdrawal(), 'password'],
    ['a wrong password', withdrawal({ password: 'Wrong_999' }), 'password'],
  ])('refuses %s with ACCOUNT_DELETION_FAILED and keeps the account', async (_, fields, field) => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    const res = await call('delete', fields, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      result: 'fail',
      resCode: 'ACCOUNT_DELETION_FAILED',
      fields: [{ field }],
    });
    expect(await memberRow(member.id)).toEqual(member);
    expect((await userCheck(member.id, token)).json()).toMatchObject({ user_exists: true });
  });

  it('throttles password guesses per account', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    for (let i = 0; i < 10; i++) {
      await call('delete', withdrawal({ password: `Wrong_${i}x` }), token);
    }
    const res = await call('delete', withdrawal({ password }), token);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ resCode: 'RATE_LIMITED' });
    expect((await memberRow(member.id)).status).toBe('active');
  });
});

describe('member A can never touch member B', () => {
  it("leaves B's row and sessions unchanged whatever A puts in the body", async () => {
    const alice = await buildMember(t.database.db, { passwordHash });
    const bob = await buildMember(t.database.db, { passwordHash, phone: '010-2222-3333' });
    const bobToken = await buildSession(t.database.db, bob.id);
    const hostile = {
      user_id: bob.id,
      member_id: bob.id,
      id: bob.id,
      email: bob.email!,
    };
    const aliceToken = await buildSession(t.database.db, alice.id);

    const info = await call('get_user_info', hostile, aliceToken);
    expect(info.json()).toMatchObject({ user: { email: alice.email } });
    expect(info.body).not.toContain(bob.email!);

    await call('change_name', { ...hostile, family_name: 'Hacked', given_name: 'X' }, aliceToken);
    // A's password is accepted as "current" for A only; B keeps B's.
    const changed = await call(
      'change_password',
      { ...hostile, current_password: password, new_password: newPassword },
      aliceToken,
    );
    expect(changed.statusCode).toBe(200);
    const aliceToken2 = await buildSession(t.database.db, alice.id);
    await call('create_password', { ...hostile, new_password: 'Other_123' }, aliceToken2);
    const deleted = await call(
      'delete',
      withdrawal({ ...hostile, user_id: String(bob.id), password: newPassword }),
      aliceToken2,
    );
    expect(deleted.statusCode).toBe(200);

    expect(await memberRow(bob.id)).toEqual(bob);
    expect((await userCheck(bob.id, bobToken)).json()).toMatchObject({ user_exists: true });
    expect((await login(bob.email!, password)).statusCode).toBe(200);
    expect((await memberRow(alice.id)).status).toBe('withdrawn');
  });
});

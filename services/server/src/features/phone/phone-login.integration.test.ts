import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { members, oneTimeCodes, sessions } from '../../db/schema/index.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { smsOutbox, smsQueueSettled } from '../../../test/sms-outbox.js';

/** The fields these tests read from an answer. */
interface Answer {
  resCode: string;
  resMessage: string;
  user_id: number;
  user: { phone: string };
  data: { message: string };
}

let t: TestApp;
let outboxDir: string;
const cookieName = 'carol_sid';
const mirror2023 = {
  joinedVia: 'smart_mirror' as const,
  createdAt: new Date('2023-06-01T03:00:00Z'),
};

beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'carol-sms-'));
  t = await createTestApp({
    COOKIE_SECURE: 'false',
    SMS_OUTBOX_DIR: outboxDir,
    CODE_HASH_SECRET: 'test-secret-test-secret-test-secret-42',
  });
});
afterAll(async () => {
  await t.close();
  await rm(outboxDir, { recursive: true, force: true });
});

// Every call from its own client IP so the per-IP limit stays out of the way (tested below).
let ip = 0;
const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;
const post = (
  path: string,
  fields: Record<string, string | number>,
  options: {
    server?: 'kr' | 'jp';
    cookie?: string;
    headers?: Record<string, string>;
    ip?: string;
  } = {},
) =>
  postForm(t.app, `/api/userapi/${path}`, fields, {
    server: options.server ?? 'kr',
    headers: {
      'accept-language': 'en',
      ...(options.cookie ? { cookie: `${cookieName}=${options.cookie}` } : {}),
      ...options.headers,
    },
    remoteAddress: options.ip ?? nextIp(),
  });
const send = (tel: string, server: 'kr' | 'jp' = 'kr') =>
  post('login/send_sms_for_simple_login', { tel }, { server });
const login = (tel: string, code: string, server: 'kr' | 'jp' = 'kr', cookie?: string) =>
  post('login/simple_login', { tel, code }, { server, ...(cookie ? { cookie } : {}) });
const activate = (tel: string, code: string, server: 'kr' | 'jp' = 'kr') =>
  post('registration/activate_with_tel', { tel, code }, { server });

let phoneSeq = 0;
/** A fresh, unique kr mobile number per test. */
const newPhone = () => `010-7${String(++phoneSeq).padStart(3, '0')}-${String(1000 + phoneSeq)}`;

const outbox = () => smsOutbox(outboxDir);

/** Sends a code and reads it from the dev outbox, as a member reads their phone. */
async function sendAndRead(phone: string, server: 'kr' | 'jp' = 'kr'): Promise<string> {
  await smsQueueSettled(t.database.db);
  const before = outbox().to(phone).length;
  const res = await send(phone, server);
  expect(res.statusCode, res.body).toBe(200);
  await outbox().waitFor(phone, before + 1);
  return outbox().codeFor(phone);
}

/** Lets the next send for the number pass the 60 s cool-down. */
async function ageCodes(phone: string, seconds = 61) {
  await t.database.db
    .update(oneTimeCodes)
    .set({ createdAt: sql`${oneTimeCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(oneTimeCodes.target, phone));
}

async function memberRow(id: number) {
  const [row] = await t.database.db.select().from(members).where(eq(members.id, id));
  return row!;
}

describe('send_sms_for_simple_login', () => {
  it('texts a 6-digit code to an eligible member and answers the countdown values', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone, language: 'ko' });
    const res = await send(phone.replace(/-/g, ''));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: 'success',
      send_result: 'sent',
      expires_in: 180,
      resend_after: 60,
    });
    const message = await outbox().waitFor(phone);
    expect(message.text).toMatch(/^\[캐롤\] 로그인 인증번호 \[\d{6}\]/);
    expect(message.text).toContain('3분');
    // Stored as an HMAC, never the code itself.
    const [row] = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.target, phone), eq(oneTimeCodes.purpose, 'sms_login')));
    const code = message.text.match(/\d{6}/)![0];
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
  });

  it('answers exactly the same for ineligible and unknown numbers, without texting a code', async () => {
    const viaApp = newPhone();
    await buildMember(t.database.db, { phone: viaApp, joinedVia: 'app' });
    const joined2024 = newPhone();
    await buildMember(t.database.db, {
      phone: joined2024,
      joinedVia: 'smart_mirror',
      createdAt: new Date('2024-01-01T00:00:00+09:00'),
    });
    const unknown = newPhone();

    const answers = await Promise.all([send(viaApp), send(joined2024), send(unknown)]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        result: 'success',
        send_result: 'sent',
        expires_in: 180,
        resend_after: 60,
      });
    }
    // A member's own phone learns why no code came (no code in it); an unknown number gets nothing.
    for (const phone of [viaApp, joined2024]) {
      const explained = await outbox().waitFor(phone);
      expect(explained.text).not.toMatch(/\d{6}/);
      expect(explained.text).toContain('/login');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outbox().to(unknown)).toHaveLength(0);
    // No code can be guessed into a session for them either.
    for (const phone of [viaApp, joined2024, unknown]) {
      const res = await login(phone, '123456');
      expect(res.json<Answer>().resCode).toBe('CODE_INVALID');
    }
  });

  it('refuses a resend within 60 s for any number, then replaces the old code', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone });
    const first = await sendAndRead(phone);
    const again = await send(phone);
    expect(again.statusCode).toBe(429);
    // How long to wait, from the server's own clock: the screen counts it down.
    const wait = again.json<{ retry_after: number }>().retry_after;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(again.headers['retry-after']).toBe(String(wait));
    expect(again.json()).toMatchObject({
      resCode: 'RESEND_TOO_SOON',
      resMessage: `You can ask for one code a minute. Please ask again in ${wait} seconds.`,
    });
    // The same for a number nobody has (no enumeration through the cool-down).
    const unknown = newPhone();
    await send(unknown);
    expect((await send(unknown)).json<Answer>().resCode).toBe('RESEND_TOO_SOON');

    await ageCodes(phone);
    const before = outbox().to(phone).length;
    expect((await send(phone)).statusCode).toBe(200);
    await outbox().waitFor(phone, before + 1);
    const second = outbox().codeFor(phone);
    if (second !== first)
      expect((await login(phone, first)).json<Answer>().resCode).toBe('CODE_INVALID');
    expect((await login(phone, second)).statusCode).toBe(200);
  });

  it('caps codes per number at 5 an hour', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone });
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).statusCode).toBe(200);
      await ageCodes(phone);
    }
    const res = await send(phone);
    expect(res.statusCode).toBe(429);
    expect(res.json<Answer>().resCode).toBe('RATE_LIMITED');
  });

  it('limits sends per client IP', async () => {
    const fixedIp = '10.66.0.1';
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        await post('login/send_sms_for_simple_login', { tel: newPhone() }, { ip: fixedIp }),
      );
    }
    expect(answers.slice(0, 10).every((r) => r.statusCode === 200)).toBe(true);
    expect(answers[10]!.statusCode).toBe(429);
    expect(answers[10]!.json<Answer>().resCode).toBe('RATE_LIMITED');
  });

  it('checks the format of the market the request is for (spec 5 messages)', async () => {
    const letters = await send('010-abcd-5678');
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toMatchObject({
      resCode: 'PHONE_DIGITS_ONLY',
      resMessage: 'You can enter only numbers for mobile phone numbers.',
      fields: [{ field: 'tel' }],
    });
    const kr = await send('090-1234-5678', 'kr');
    expect(kr.json()).toMatchObject({
      resCode: 'PHONE_FORMAT',
      resMessage: 'Please enter the format 01X-XXXX-XXXX.',
    });
    const jp = await send('010-1234-5678', 'jp');
    expect(jp.json()).toMatchObject({
      resCode: 'PHONE_FORMAT',
      resMessage: 'Please enter the format 0X0-XXXX-XXXX.',
    });
    const ko = await postForm(
      t.app,
      '/api/userapi/login/send_sms_for_simple_login',
      { tel: '02-123-4567' },
      { headers: { 'accept-language': 'ko' }, remoteAddress: nextIp() },
    );
    expect(ko.json<Answer>().resMessage).toBe('01X-XXXX-XXXX 형식으로 입력해 주세요.');
    const short = await send('010-1234-567');
    expect(short.json<Answer>().resCode).toBe('PHONE_FORMAT');
  });

  it('refuses cross-site requests (Origin check)', async () => {
    const res = await post(
      'login/send_sms_for_simple_login',
      { tel: newPhone() },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<Answer>().resCode).toBe('ORIGIN_REJECTED');
  });
});

describe('simple_login', () => {
  it('signs a verified member in with a new session that replaces the old one', async () => {
    const phone = newPhone();
    const member = await buildMember(t.database.db, {
      ...mirror2023,
      phone,
      email: null,
      familyName: '이',
      givenName: '서연',
    });
    const old = await buildSession(t.database.db, member.id);
    const code = await sendAndRead(phone);
    const res = await login(phone, code, 'kr', old);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: 'success',
      user_id: member.id,
      email: '',
      family_name: '이',
      given_name: '서연',
      language: 'ko',
      server: 'kr',
    });
    const cookie = res.cookies.find((c) => c.name === cookieName)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value).not.toBe(old);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.memberId, member.id));
    expect(rows).toHaveLength(1);
    // The new cookie is a working session.
    const info = await postForm(
      t.app,
      '/api/carol/account/get_user_info',
      {},
      {
        headers: { cookie: `${cookieName}=${cookie.value}` },
      },
    );
    expect(info.json<Answer>().user.phone).toMatch(/^010-\*{4}-\d{4}$/);
  });

  it('works for a Japanese number on the jp server, typed with full-width digits', async () => {
    const phone = '090-7777-0101';
    const member = await buildMember(t.database.db, {
      ...mirror2023,
      phone,
      server: 'jp',
      language: 'ja',
    });
    const res = await send('０９０７７７７０１０１', 'jp');
    expect(res.statusCode).toBe(200);
    const message = await outbox().waitFor(phone);
    expect(message.text).toMatch(/^【Carol】ログイン認証番号は \d{6} です/);
    const signedIn = await login('09077770101', outbox().codeFor(phone), 'jp');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<Answer>().user_id).toBe(member.id);
  });

  it('refuses a wrong code, and a used code a second time', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone });
    const code = await sendAndRead(phone);
    const wrong = await login(phone, code === '000000' ? '000001' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      resCode: 'CODE_INVALID',
      resMessage: 'The verification code is not correct.',
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await login(phone, code)).statusCode).toBe(200);
    const reused = await login(phone, code);
    expect(reused.json<Answer>().resCode).toBe('CODE_INVALID');
    expect(reused.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a malformed code before looking anything up', async () => {
    const res = await login(newPhone(), '12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json<Answer>().resCode).toBe('CODE_INVALID');
  });

  it('refuses an expired code', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone });
    const code = await sendAndRead(phone);
    await t.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.target, phone));
    const res = await login(phone, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      resCode: 'CODE_EXPIRED',
      resMessage: 'The verification code has expired. Please request a new one.',
    });
  });

  it('kills the code after 5 wrong tries, even for the right code afterwards', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone });
    const code = await sendAndRead(phone);
    const wrong = code === '999999' ? '999998' : '999999';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await login(phone, wrong)).json<Answer>().resCode);
    expect(codes).toEqual([
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_TOO_MANY_ATTEMPTS',
    ]);
    const right = await login(phone, code);
    expect(right.statusCode).toBe(429);
    expect(right.json<Answer>().resCode).toBe('CODE_TOO_MANY_ATTEMPTS');
  });

  it('counts parallel guesses atomically: never more than 5 are compared', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone });
    const code = await sendAndRead(phone);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((g) => login(phone, g)));
    expect(answers.every((r) => r.statusCode !== 200)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.target, phone), eq(oneTimeCodes.purpose, 'sms_login')));
    expect(row!.attempts).toBe(5);
    expect((await login(phone, code)).json<Answer>().resCode).toBe('CODE_TOO_MANY_ATTEMPTS');
  });

  it('does not sign in a member who withdrew after the code was sent', async () => {
    const phone = newPhone();
    const member = await buildMember(t.database.db, { ...mirror2023, phone });
    const code = await sendAndRead(phone);
    await t.database.db
      .update(members)
      .set({ status: 'withdrawn', withdrawnAt: new Date() })
      .where(eq(members.id, member.id));
    expect((await login(phone, code)).json<Answer>().resCode).toBe('CODE_INVALID');
  });

  it('refuses cross-site requests (Origin check)', async () => {
    const res = await post(
      'login/simple_login',
      { tel: newPhone(), code: '123456' },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<Answer>().resCode).toBe('ORIGIN_REJECTED');
  });
});

describe('activate_with_tel (first phone sign-in of a smart-mirror member)', () => {
  it('verifies the phone and signs in; simple_login first says PHONE_NOT_VERIFIED', async () => {
    const phone = newPhone();
    const member = await buildMember(t.database.db, {
      ...mirror2023,
      phone,
      phoneVerifiedAt: null,
      email: null,
    });
    const code = await sendAndRead(phone);
    const first = await login(phone, code);
    expect(first.statusCode).toBe(403);
    expect(first.json<Answer>().resCode).toBe('PHONE_NOT_VERIFIED');
    expect(first.headers['set-cookie']).toBeUndefined();

    const res = await activate(phone, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: 'success', user_id: member.id });
    expect(res.cookies.find((c) => c.name === cookieName)).toBeDefined();
    expect((await memberRow(member.id)).phoneVerifiedAt).not.toBeNull();
    // Used once only.
    expect((await activate(phone, code)).json<Answer>().resCode).toBe('CODE_INVALID');
    // A correct check that only answered PHONE_NOT_VERIFIED did not use a wrong-try.
    const [row] = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.target, phone));
    expect(row!.attempts).toBe(1);
  });

  it('refuses a wrong code and leaves the phone unverified', async () => {
    const phone = newPhone();
    const member = await buildMember(t.database.db, {
      ...mirror2023,
      phone,
      phoneVerifiedAt: null,
    });
    const code = await sendAndRead(phone);
    const res = await activate(phone, code === '111111' ? '111112' : '111111');
    expect(res.json<Answer>().resCode).toBe('CODE_INVALID');
    expect((await memberRow(member.id)).phoneVerifiedAt).toBeNull();
  });

  it('answers PHONE_IN_USE when another member verified the number meanwhile', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone, phoneVerifiedAt: null });
    const code = await sendAndRead(phone);
    // Another member verifies the same number (e.g. on the settings screen) before activation.
    const other = await buildMember(t.database.db, { phone: null, phoneVerifiedAt: null });
    await t.database.db
      .update(members)
      .set({ phone, phoneVerifiedAt: new Date() })
      .where(eq(members.id, other.id));
    const res = await activate(phone, code);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      resCode: 'PHONE_IN_USE',
      resMessage: 'This phone number is already in use. Please contact the customer center.',
    });
  });

  it('sends nothing when several unverified members share the number', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone, phoneVerifiedAt: null });
    await buildMember(t.database.db, { ...mirror2023, phone, phoneVerifiedAt: null });
    expect((await send(phone)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outbox().to(phone)).toHaveLength(0);
  });
});

describe('phone sign-in creates no member (only existing smart-mirror members)', () => {
  it('leaves the members table as it was for a number nobody holds, whatever the code', async () => {
    const count = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(members))[0]!.n;
    const before = await count();
    const stranger = newPhone();
    expect((await send(stranger)).statusCode).toBe(200);
    for (const code of ['000000', '123456']) {
      expect((await login(stranger, code)).json<Answer>().resCode).toBe('CODE_INVALID');
      expect((await activate(stranger, code)).json<Answer>().resCode).toBe('CODE_INVALID');
    }
    expect(await count()).toBe(before);
    const [row] = await t.database.db.select().from(members).where(eq(members.phone, stranger));
    expect(row).toBeUndefined();
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { members, oneTimeCodes, sessions } from '../../db/schema/index.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { smsOutbox, smsQueueSettled } from '../../../test/sms-outbox.js';
import { hashPassword } from '../../lib/password.js';

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
let passwordHash: string;
const cookieName = 'carol_sid';
const password = 'Carol_2024!';

beforeAll(async () => {
  outboxDir = await mkdtemp(join(tmpdir(), 'carol-sms-'));
  t = await createTestApp({
    COOKIE_SECURE: 'false',
    SMS_OUTBOX_DIR: outboxDir,
    CODE_HASH_SECRET: 'test-secret-test-secret-test-secret-42',
  });
  passwordHash = await hashPassword(password);
});
afterAll(async () => {
  await t.close();
  await rm(outboxDir, { recursive: true, force: true });
});

let ip = 0;
const post = (
  path: 'send_verification_code' | 'check_verification_code',
  fields: Record<string, string | number>,
  token: string | null,
  options: { server?: 'kr' | 'jp'; headers?: Record<string, string>; language?: string } = {},
) =>
  postForm(t.app, `/shop-api/carol/mypage/${path}`, fields, {
    server: options.server ?? 'kr',
    headers: {
      'accept-language': options.language ?? 'en',
      ...(token ? { cookie: `${cookieName}=${token}` } : {}),
      ...options.headers,
    },
    remoteAddress: `10.5.${Math.floor(++ip / 250)}.${ip % 250}`,
  });

let phoneSeq = 0;
const newPhone = () => `010-6${String(++phoneSeq).padStart(3, '0')}-${String(2000 + phoneSeq)}`;
const outbox = () => smsOutbox(outboxDir);

/** Lets the next send pass the 60 s cool-down. */
async function ageCodes() {
  await t.database.db
    .update(oneTimeCodes)
    .set({ createdAt: sql`${oneTimeCodes.createdAt} - interval '61 seconds'` })
    .where(eq(oneTimeCodes.purpose, 'phone_verify'));
}

async function memberRow(id: number) {
  const [row] = await t.database.db.select().from(members).where(eq(members.id, id));
  return row!;
}

/** A member with a password and a live session. */
async function signedIn(overrides: Parameters<typeof buildMember>[1] = {}) {
  const member = await buildMember(t.database.db, { passwordHash, ...overrides });
  return { member, token: await buildSession(t.database.db, member.id) };
}

async function sendAndRead(phone: string, token: string, fields: Record<string, string> = {}) {
  await smsQueueSettled(t.database.db);
  const before = outbox().to(phone).length;
  const res = await post('send_verification_code', { tel: phone, password, ...fields }, token);
  expect(res.statusCode, res.body).toBe(200);
  await outbox().waitFor(phone, before + 1);
  return outbox().codeFor(phone);
}

describe('send_verification_code / check_verification_code (shop base)', () => {
  it('changes the phone after re-authentication and answers data.result and data.message', async () => {
    const { member, token } = await signedIn();
    const phone = newPhone();
    const sent = await post('send_verification_code', { tel: phone, password }, token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      success: true,
      data: {
        result: 'success',
        message: 'We sent a code. Please enter it within 3 minutes.',
        expires_in: 180,
        resend_after: 60,
      },
    });
    const message = await outbox().waitFor(phone);
    expect(message.text).toMatch(/^\[Carol\] Your phone verification code is \d{6}\./);

    const res = await post(
      'check_verification_code',
      { tel: phone, code: outbox().codeFor(phone) },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        result: 'success',
        message: 'Your mobile number is verified.',
        phone: `010-****-${phone.slice(-4)}`,
      },
    });
    const row = await memberRow(member.id);
    expect(row.phone).toBe(phone);
    expect(row.phoneVerifiedAt).not.toBeNull();
  });

  it('creates a phone for a member without one (Japanese number on jp, message in Japanese)', async () => {
    const { member, token } = await signedIn({ phone: null, phoneVerifiedAt: null, server: 'jp' });
    const sent = await post('send_verification_code', { tel: '08012345678', password }, token, {
      server: 'jp',
      language: 'ja',
    });
    expect(sent.json<Answer>().data.message).toBe(
      '認証番号を送信しました。3分以内に入力してください。',
    );
    await outbox().waitFor('080-1234-5678');
    const res = await post(
      'check_verification_code',
      { tel: '080-1234-5678', code: outbox().codeFor('080-1234-5678') },
      token,
      { server: 'jp', language: 'ja' },
    );
    expect(res.json<Answer>().data.message).toBe('携帯電話番号を認証しました。');
    expect((await memberRow(member.id)).phone).toBe('080-1234-5678');
  });

  it('needs the password of a member who has one', async () => {
    const { member, token } = await signedIn();
    const before = member.phone;
    const missing = await post('send_verification_code', { tel: newPhone() }, token);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      resCode: 'WRONG_CREDENTIALS',
      fields: [{ field: 'password' }],
    });
    const wrong = await post(
      'send_verification_code',
      { tel: newPhone(), password: 'Wrong_pass1' },
      token,
    );
    expect(wrong.json<Answer>().resCode).toBe('WRONG_CREDENTIALS');
    expect((await memberRow(member.id)).phone).toBe(before);
  });

  it('needs a recent sign-in from a member without a password (REAUTH_REQUIRED)', async () => {
    const member = await buildMember(t.database.db, { passwordHash: null });
    const token = await buildSession(t.database.db, member.id);
    const phone = newPhone();
    await t.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(sessions.memberId, member.id));
    const stale = await post('send_verification_code', { tel: phone }, token);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({
      resCode: 'REAUTH_REQUIRED',
      resMessage: 'For your security, please log in again before making this change.',
    });
    const fresh = await buildSession(t.database.db, member.id);
    expect((await post('send_verification_code', { tel: phone }, fresh)).statusCode).toBe(200);
  });

  it('refuses a number another member verified (PHONE_IN_USE), at sending', async () => {
    const owner = await buildMember(t.database.db);
    const { token } = await signedIn();
    const res = await post('send_verification_code', { tel: owner.phone!, password }, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      resCode: 'PHONE_IN_USE',
      resMessage: 'This phone number is already in use. Please contact the customer center.',
    });
  });

  it('refuses it at checking when another member verified it meanwhile', async () => {
    const { member, token } = await signedIn();
    const phone = newPhone();
    const code = await sendAndRead(phone, token);
    await buildMember(t.database.db, { phone });
    const res = await post('check_verification_code', { tel: phone, code }, token);
    expect(res.statusCode).toBe(409);
    expect(res.json<Answer>().resCode).toBe('PHONE_IN_USE');
    expect((await memberRow(member.id)).phone).not.toBe(phone);
  });

  it('refuses a wrong, reused, expired or exhausted code', async () => {
    const { token } = await signedIn();
    const phone = newPhone();
    let code = await sendAndRead(phone, token);
    const wrong = (c: string) => (c === '000000' ? '000001' : '000000');

    expect(
      (
        await post('check_verification_code', { tel: phone, code: wrong(code) }, token)
      ).json<Answer>().resCode,
    ).toBe('CODE_INVALID');
    expect((await post('check_verification_code', { tel: phone, code }, token)).statusCode).toBe(
      200,
    );
    expect(
      (await post('check_verification_code', { tel: phone, code }, token)).json<Answer>().resCode,
    ).toBe('CODE_INVALID');

    const next = newPhone();
    await ageCodes();
    code = await sendAndRead(next, token);
    await t.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.target, next));
    expect(
      (await post('check_verification_code', { tel: next, code }, token)).json<Answer>().resCode,
    ).toBe('CODE_EXPIRED');

    // A new code for another number needs the member's cool-down to pass.
    const third = newPhone();
    const tooSoon = await post('send_verification_code', { tel: third, password }, token);
    expect(tooSoon.json<Answer>().resCode).toBe('RESEND_TOO_SOON');
    expect(tooSoon.json<{ retry_after: number }>().retry_after).toBeGreaterThan(0);
    await ageCodes();
    code = await sendAndRead(third, token);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        (
          await post('check_verification_code', { tel: third, code: wrong(code) }, token)
        ).json<Answer>().resCode,
      );
    }
    expect(answers.at(-1)).toBe('CODE_TOO_MANY_ATTEMPTS');
    expect(
      (await post('check_verification_code', { tel: third, code }, token)).json<Answer>().resCode,
    ).toBe('CODE_TOO_MANY_ATTEMPTS');
  });

  it("never lets member A use member B's code or change B's phone", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const phone = newPhone();
    const bCode = await sendAndRead(phone, b.token);
    // A presents B's code for the same number: no code of A's matches.
    const stolen = await post('check_verification_code', { tel: phone, code: bCode }, a.token);
    expect(stolen.json<Answer>().resCode).toBe('CODE_INVALID');
    expect((await memberRow(a.member.id)).phone).toBe(a.member.phone);
    expect((await memberRow(b.member.id)).phone).toBe(b.member.phone);
    // A request field naming a member is ignored: only the session's member changes.
    const aPhone = newPhone();
    const aCode = await sendAndRead(aPhone, a.token, { user_id: String(b.member.id) });
    await post(
      'check_verification_code',
      { tel: aPhone, code: aCode, user_id: b.member.id },
      a.token,
    );
    expect((await memberRow(a.member.id)).phone).toBe(aPhone);
    expect((await memberRow(b.member.id)).phone).toBe(b.member.phone);
    // B's own code still works for B.
    expect(
      (await post('check_verification_code', { tel: phone, code: bCode }, b.token)).statusCode,
    ).toBe(200);
  });

  it('needs a session', async () => {
    const res = await post('send_verification_code', { tel: newPhone() }, null);
    expect(res.statusCode).toBe(401);
    expect(res.json<Answer>().resCode).toBe('UNAUTHORIZED');
    const check = await post('check_verification_code', { tel: newPhone(), code: '123456' }, null);
    expect(check.json<Answer>().resCode).toBe('UNAUTHORIZED');
  });

  it('checks the market format and refuses cross-site requests', async () => {
    const { token } = await signedIn();
    const jpOnKr = await post('send_verification_code', { tel: '090-1234-5678', password }, token);
    expect(jpOnKr.json()).toMatchObject({
      resCode: 'PHONE_FORMAT',
      resMessage: 'Please enter the format 01X-XXXX-XXXX.',
    });
    const letters = await post('send_verification_code', { tel: '010 12ab', password }, token);
    expect(letters.json<Answer>().resCode).toBe('PHONE_DIGITS_ONLY');
    const evil = await post('send_verification_code', { tel: newPhone(), password }, token, {
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.statusCode).toBe(403);
    expect(evil.json<Answer>().resCode).toBe('ORIGIN_REJECTED');
  });
});

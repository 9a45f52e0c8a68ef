import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { oneTimeCodes, trustedDevices } from '../../db/schema/index.js';
import { buildMember } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { smsOutbox, smsQueueSettled } from '../../../test/sms-outbox.js';

// Finding 6 (phone side): a stranger who knows a number must not be able to lock its
// owner out of phone sign-in by burning codes (5 wrong guesses) and filling the per-number cap.
// A phone sign-in trusts the browser (device cookie, as the password sign-in does); codes that
// browser requests are bound to it.

interface Answer {
  resCode: string;
}

let t: TestApp;
let outboxDir: string;
const dev = 'carol_dev'; // COOKIE_SECURE=false: no __Host- prefix
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

// Every call from its own client IP unless told (the per-IP limit stays out of the way).
let ip = 0;
const nextIp = () => `10.8.${Math.floor(++ip / 250)}.${ip % 250}`;

interface Client {
  device?: string;
  ip?: string;
}
const post = (path: string, fields: Record<string, string>, client: Client = {}) =>
  postForm(t.app, `/api/userapi/${path}`, fields, {
    server: 'kr',
    headers: {
      'accept-language': 'en',
      ...(client.device ? { cookie: `${dev}=${client.device}` } : {}),
    },
    remoteAddress: client.ip ?? nextIp(),
  });
const send = (tel: string, client?: Client) =>
  post('login/send_sms_for_simple_login', { tel }, client);
const login = (tel: string, code: string, client?: Client) =>
  post('login/simple_login', { tel, code }, client);

let phoneSeq = 0;
const newPhone = () => `010-8${String(++phoneSeq).padStart(3, '0')}-${String(2000 + phoneSeq)}`;
const outbox = () => smsOutbox(outboxDir);

async function sendAndRead(phone: string, client?: Client): Promise<string> {
  await smsQueueSettled(t.database.db);
  const before = outbox().to(phone).length;
  const res = await send(phone, client);
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

const wrongFor = (code: string) => (code === '999999' ? '999998' : '999999');

/** Signs the owner in by phone from `client` and returns the device cookie it got. */
async function signInByPhone(phone: string, client: Client): Promise<string> {
  const code = await sendAndRead(phone, client);
  const res = await login(phone, code, client);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === dev);
  expect(cookie).toBeDefined();
  return cookie!.value;
}

/** What an attacker does with one code: asks for it (texted to the owner) and burns it. */
async function burnOneCode(phone: string): Promise<void> {
  const sent = await send(phone);
  expect(sent.statusCode, sent.body).toBe(200);
  const codes = [];
  for (let i = 0; i < 5; i++) codes.push((await login(phone, '000000')).json<Answer>().resCode);
  expect(codes.at(-1)).toBe('CODE_TOO_MANY_ATTEMPTS');
}

describe('phone sign-in trusts the browser', () => {
  it('sets the device cookie (HttpOnly, SameSite=Strict, 90 days) and remembers it', async () => {
    const phone = newPhone();
    const member = await buildMember(t.database.db, { ...mirror2023, phone });
    const code = await sendAndRead(phone);
    const res = await login(phone, code);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === dev)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.maxAge).toBe(90 * 24 * 60 * 60);
    const rows = await t.database.db
      .select({ kind: trustedDevices.kind })
      .from(trustedDevices)
      .where(eq(trustedDevices.memberId, member.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['address', 'cookie']);
  });
});

describe('a stranger cannot lock the owner out of phone sign-in', () => {
  it('the owner’s trusted browser still gets and uses codes while an attacker burns codes and fills the per-number cap', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone });
    const browser = await signInByPhone(phone, { ip: '10.9.0.1' });
    await ageCodes(phone, 3601); // the owner signed in by phone over an hour ago

    // The owner asks for a code from the trusted browser (on another network: the cookie counts).
    const owner = { device: browser, ip: '10.9.0.2' };
    const ownCode = await sendAndRead(phone, owner);

    // The attacker asks for codes and burns each one, every 60 s, until the hourly cap.
    for (let i = 0; i < 5; i++) {
      await ageCodes(phone);
      await burnOneCode(phone);
    }
    await ageCodes(phone);
    const capped = await send(phone);
    expect(capped.statusCode).toBe(429);
    expect(capped.json<Answer>().resCode).toBe('RATE_LIMITED');
    // Guessing the owner's code from elsewhere reaches only the attacker's dead code.
    const guess = await login(phone, ownCode);
    expect(guess.json<Answer>().resCode).toBe('CODE_TOO_MANY_ATTEMPTS');

    // The owner's code was neither revoked by the new sends nor burnt by the guesses.
    const first = await login(phone, ownCode, owner);
    expect(first.statusCode, first.body).toBe(200);

    // And the owner's browser still gets a new code and signs in, the per-number cap full.
    const again = await sendAndRead(phone, owner);
    const second = await login(phone, again, owner);
    expect(second.statusCode, second.body).toBe(200);
    // Strangers stay capped.
    expect((await send(phone)).json<Answer>().resCode).toBe('RATE_LIMITED');
  });

  it('binds codes asked for from an address the owner signed in from (no cookie)', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone });
    const home = { ip: '10.9.1.1' };
    await signInByPhone(phone, home);
    await ageCodes(phone);
    const code = await sendAndRead(phone, home);
    for (let i = 0; i < 5; i++) await login(phone, wrongFor(code));
    await ageCodes(phone);
    expect((await send(phone)).statusCode).toBe(200);
    const res = await login(phone, code, home);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('gives the trusted browser its own hourly cap', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone });
    const owner = { device: await signInByPhone(phone, { ip: '10.9.2.1' }), ip: '10.9.2.2' };
    for (let i = 0; i < 5; i++) {
      await ageCodes(phone);
      expect((await send(phone, owner)).statusCode).toBe(200);
    }
    await ageCodes(phone);
    expect((await send(phone, owner)).json<Answer>().resCode).toBe('RATE_LIMITED');
  });

  it('still caps a distributed guess against a code asked for by an untrusted client', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone });
    // The attacker's own browser is trusted, but for the attacker's account only.
    const attackerPhone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone: attackerPhone });
    const attacker = await signInByPhone(attackerPhone, {});

    const code = await sendAndRead(phone);
    const wrong = wrongFor(code);
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const client = i % 2 === 0 ? { device: attacker } : {};
      codes.push((await login(phone, wrong, client)).json<Answer>().resCode);
    }
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
    // Untrusted clients keep the per-number cap of 5 codes an hour.
    for (let i = 0; i < 4; i++) {
      await ageCodes(phone);
      expect((await send(phone, { device: attacker })).statusCode).toBe(200);
    }
    await ageCodes(phone);
    expect((await send(phone)).json<Answer>().resCode).toBe('RATE_LIMITED');
  });

  it('answers the same for a trusted browser, a stranger and an unknown number', async () => {
    const phone = newPhone();
    await buildMember(t.database.db, { ...mirror2023, phone });
    const device = await signInByPhone(phone, {});
    await ageCodes(phone);
    const answers = await Promise.all([send(phone, { device }), send(newPhone(), { device })]);
    await ageCodes(phone);
    answers.push(await send(phone));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        result: 'success',
        send_result: 'sent',
        expires_in: 180,
        resend_after: 60,
      });
    }
  });
});

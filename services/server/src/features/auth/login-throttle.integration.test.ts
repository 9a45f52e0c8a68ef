import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { trustedDevices } from '../../db/schema/index.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { linkIn, startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { hashPassword } from '../../lib/password.js';

// A distributed guess must not lock the owner out, and must
// still be refused at the same rate as before (10 untrusted attempts per account per 15 min).

let t: TestApp;
let smtp: TestSmtp;
const password = 'Carol_2024!';
let passwordHash: string;
const sid = '__Host-carol_sid';
const dev = '__Host-carol_dev';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    COOKIE_SECURE: 'true',
    SMTP_URL: smtp.url,
    APP_BASE_URL: 'https://carol.example',
  });
  passwordHash = await hashPassword(password);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

// Every attacker request comes from an address of its own (the per-IP limit of the route is
// not what is tested here); the owner's addresses are named.
let n = 0;
const freshAddress = () => `10.26.${Math.floor(++n / 250)}.${(n % 250) + 1}`;

interface Attempt {
  email: string;
  password: string;
  from?: string;
  device?: string;
}
const login = ({ email, password: pw, from, device }: Attempt) =>
  postForm(
    t.app,
    '/api/userapi/login/login',
    { email, password: pw },
    {
      headers: device ? { cookie: `${dev}=${device}` } : {},
      remoteAddress: from ?? freshAddress(),
    },
  );
const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>) =>
  res.cookies.find((c) => c.name === dev)?.value;

/** `count` wrong passwords, each from a new address, no device cookie: the answers' codes. */
async function distributedGuess(email: string, count: number): Promise<string[]> {
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await login({ email, password: `Wrong_${i}_guess` });
    codes.push(res.json<{ resCode: string }>().resCode);
  }
  return codes;
}

const tenWrongThenLimited = [...Array<string>(10).fill('WRONG_CREDENTIALS'), 'LOGIN_THROTTLED'];

describe('sign-in throttle: a distributed guess does not lock the owner out', () => {
  it('sets a trusted-device cookie on sign-in: HttpOnly, Secure, SameSite=Strict, 90 days, stored hashed', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const res = await login({ email: member.email!, password, from: '10.99.0.1' });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === dev);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: 90 * 24 * 60 * 60,
    });
    expect(cookie?.domain).toBeUndefined();
    // The session cookie stays the first one (clients and tests read cookies[0]).
    expect(res.cookies[0]!.name).toBe(sid);
    const rows = await t.database.db
      .select()
      .from(trustedDevices)
      .where(eq(trustedDevices.memberId, member.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['address', 'cookie']);
    expect(rows.map((r) => r.tokenHash)).not.toContain(cookie!.value);
    expect(rows.map((r) => r.tokenHash).join()).not.toContain('10.99.0.1');

    // The same browser signing in again keeps its token.
    const again = await login({ email: member.email!, password, device: cookie!.value });
    expect(deviceCookieOf(again)).toBe(cookie!.value);
    // A token the server never issued is replaced, never trusted.
    const planted = 'A'.repeat(43);
    const replaced = await login({ email: member.email!, password, device: planted });
    expect(deviceCookieOf(replaced)).not.toBe(planted);
  });

  it('(a) 11 wrong passwords from 11 addresses: the owner with the device cookie still signs in', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const device = deviceCookieOf(await login({ email: member.email!, password }))!;

    expect(await distributedGuess(member.email!, 11)).toEqual(tenWrongThenLimited);

    // From a new address too (the owner's phone on another network): the cookie is what counts.
    const owner = await login({ email: member.email!, password, device });
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies[0]!.name).toBe(sid);
    // A trusted sign-in does not give the attacker a new budget.
    expect(await distributedGuess(member.email!, 1)).toEqual(['LOGIN_THROTTLED']);
  });

  it('(b) the owner without the cookie: from an address they signed in from, in; from a new one, refused until a reset link', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const home = '10.77.0.1';
    expect((await login({ email: member.email!, password, from: home })).statusCode).toBe(200);

    expect(await distributedGuess(member.email!, 11)).toEqual(tenWrongThenLimited);

    // A new browser at home (no cookie): the known address has its own counter.
    const atHome = await login({ email: member.email!, password, from: home });
    expect(atHome.statusCode).toBe(200);

    // A new browser on a new address is one more untrusted client: refused for the rest of the
    // window (the decided behaviour; the answer says to wait, the screen offers the reset).
    const travelling = '10.78.0.1';
    const refused = await login({ email: member.email!, password, from: travelling });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ resCode: 'LOGIN_THROTTLED' });
    expect(refused.headers['set-cookie']).toBeUndefined();

    // The reset link proves the mailbox: the address that completes it becomes trusted, so the
    // owner gets in from there even while the guessing goes on.
    const requested = await postForm(
      t.app,
      '/api/userapi/reset_password',
      { email: member.email! },
      { remoteAddress: travelling },
    );
    expect(requested.statusCode).toBe(200);
    const token = linkIn(await smtp.nextMailTo(member.email!), '/login/findpasswordafteremail/')
      .pathname.split('/')
      .pop()!;
    const newPassword = 'New_pass26!';
    const reset = await postForm(
      t.app,
      '/api/carol/account/call_reset_password',
      { token, password: newPassword },
      { remoteAddress: travelling },
    );
    expect(reset.statusCode).toBe(200);
    expect(await distributedGuess(member.email!, 11)).toEqual(tenWrongThenLimited);
    const afterReset = await login({
      email: member.email!,
      password: newPassword,
      from: travelling,
    });
    expect(afterReset.statusCode).toBe(200);
    // The reset revoked what was trusted before: home is an untrusted address again.
    expect(
      (await login({ email: member.email!, password: newPassword, from: home })).statusCode,
    ).toBe(429);
  });

  it('(c) a distributed guess without a device cookie is refused at the same rate as before', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    expect(await distributedGuess(member.email!, 11)).toEqual(tenWrongThenLimited);
    // The right password from yet another address is refused as well (no oracle).
    const right = await login({ email: member.email!, password });
    expect(right.statusCode).toBe(429);
    // Unknown e-mails are throttled the same way (the limit reveals nothing).
    expect(await distributedGuess('ghost-26@example.test', 11)).toEqual(tenWrongThenLimited);
    // Another member's device cookie does not make this account's guesses trusted.
    const other = await buildMember(t.database.db, { passwordHash });
    const otherDevice = deviceCookieOf(await login({ email: other.email!, password }))!;
    expect((await login({ email: member.email!, password, device: otherDevice })).statusCode).toBe(
      429,
    );
  });

  it('one address guessing one account is refused after 10 (per account and address)', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const from = '10.79.0.1';
    // The address once signed in as the member (e.g. a shared computer): trusted address, still
    // 10 per window.
    expect((await login({ email: member.email!, password, from })).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect(
        (await login({ email: member.email!, password: `Wrong_${i}_x`, from })).json(),
      ).toMatchObject({ resCode: 'WRONG_CREDENTIALS' });
    }
    expect((await login({ email: member.email!, password, from })).statusCode).toBe(429);
  });

  it('a trusted browser has a counter of its own: 10 wrong passwords lock that browser only', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const device = deviceCookieOf(await login({ email: member.email!, password }))!;
    for (let i = 0; i < 10; i++) {
      expect(
        (await login({ email: member.email!, password: `Wrong_${i}_y`, device })).json(),
      ).toMatchObject({ resCode: 'WRONG_CREDENTIALS' });
    }
    expect((await login({ email: member.email!, password, device })).statusCode).toBe(429);
    // The account-wide budget of untrusted clients was not touched by the trusted browser.
    expect((await login({ email: member.email!, password })).statusCode).toBe(200);
  });

  it('a password change revokes every trusted browser and address (a reset too: see (b))', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const home = '10.80.0.1';
    const device = deviceCookieOf(await login({ email: member.email!, password, from: home }))!;
    const session = await buildSession(t.database.db, member.id);
    const newPassword = 'Changed_26!';
    const changed = await postForm(
      t.app,
      '/api/carol/account/change_password',
      { current_password: password, new_password: newPassword },
      { headers: { cookie: `${sid}=${session}` } },
    );
    expect(changed.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(trustedDevices)
        .where(eq(trustedDevices.memberId, member.id)),
    ).toHaveLength(0);
    // The re-authentication with the current password counted once on the account-wide counter
    // too (a stolen session gets no second budget), and a success there does not clear it.
    expect(await distributedGuess(member.email!, 10)).toEqual(tenWrongThenLimited.slice(1));
    // The old cookie and the old address are untrusted clients now.
    expect(
      (await login({ email: member.email!, password: newPassword, device, from: home })).statusCode,
    ).toBe(429);
  });

  it('a withdrawal revokes them too', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    await login({ email: member.email!, password });
    const session = await buildSession(t.database.db, member.id);
    const gone = await postForm(
      t.app,
      '/api/carol/account/delete',
      { reason: 'rarely_used', agree: 'true', phrase: 'delete my account', password },
      { headers: { cookie: `${sid}=${session}`, 'accept-language': 'en' } },
    );
    expect(gone.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(trustedDevices)
        .where(eq(trustedDevices.memberId, member.id)),
    ).toHaveLength(0);
  });

  it('a signed-in owner can still change the password while the sign-in is under attack', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const session = await buildSession(t.database.db, member.id);
    expect(await distributedGuess(member.email!, 11)).toEqual(tenWrongThenLimited);
    const changed = await postForm(
      t.app,
      '/api/carol/account/change_password',
      { current_password: password, new_password: 'Changed_26!' },
      { headers: { cookie: `${sid}=${session}` } },
    );
    expect(changed.statusCode).toBe(200);
  });
});

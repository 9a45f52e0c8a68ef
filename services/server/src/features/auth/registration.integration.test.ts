import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consentVersions } from '@carol/contracts';
import { memberConsents, members, oneTimeCodes, sessions } from '../../db/schema/index.js';
import { buildMember } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { requiredConsents } from '../../../test/consents.js';
import { linkIn, startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { hashPassword } from '../../lib/password.js';

let t: TestApp;
let smtp: TestSmtp;
const cookieName = 'carol_sid';
const password = 'Carol-2024';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    COOKIE_SECURE: 'false',
    SMTP_URL: smtp.url,
    APP_BASE_URL: 'http://carol.test',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

// Each registration comes from its own address so the per-IP limit stays out of the way
// (it has its own test below).
let ip = 0;
const register = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  postForm(
    t.app,
    '/api/userapi/registration/register',
    { family_name: 'Kim', given_name: 'Minji', password, ...requiredConsents, ...fields },
    { headers: { 'accept-language': 'en', ...headers }, remoteAddress: `10.0.0.${++ip}` },
  );

const tokenOf = (url: URL) => url.pathname.split('/').pop() ?? '';

function sessionCookie(res: { cookies: Array<{ name: string; value: string }> }) {
  const cookie = res.cookies.find((c) => c.name === cookieName);
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

describe('registration by e-mail, end to end', () => {
  it('register → mail → get_email_in_token → activate → signed in → logout → login', async () => {
    const email = 'New.User@Example.test';
    const res = await register({ email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success', email: 'new.user@example.test' });

    const [pending] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.email, 'new.user@example.test'));
    expect(pending?.status).toBe('pending');
    expect(pending?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const mail = await smtp.nextMailTo('new.user@example.test');
    expect(mail.subject).toBe('[Carol] Please confirm your registration');
    expect(mail.text).toContain('Kim Minji');
    const link = linkIn(mail, '/login/registeruserafteremail/');
    expect(link.origin).toBe('http://carol.test');
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const codes = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.memberId, pending!.id));
    expect(codes.map((c) => c.codeHash)).not.toContain(token);

    // A pending member cannot sign in yet.
    const early = await postForm(t.app, '/api/userapi/login/login', {
      email: 'new.user@example.test',
      password,
    });
    expect(early.json()).toMatchObject({ resCode: 'WRONG_CREDENTIALS' });

    const shown = await postForm(t.app, '/api/userapi/registration/get_email_in_token', { token });
    expect(shown.json()).toEqual({ result: 'success', email: 'new.user@example.test' });

    const activated = await postForm(t.app, '/api/userapi/registration/activate', { token });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({
      result: 'success',
      user_id: pending!.id,
      email: 'new.user@example.test',
      family_name: 'Kim',
      given_name: 'Minji',
      language: 'en',
      server: 'kr',
    });
    const cookie = sessionCookie(activated);
    expect(activated.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(activated.headers['set-cookie']).toMatch(/SameSite=Lax/);
    expect(activated.headers['set-cookie']).toMatch(/Max-Age=86400/);
    expect(activated.headers['set-cookie']).toMatch(/Path=\//);

    const check = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: pending!.id },
      { headers: { cookie: `${cookieName}=${cookie.value}` } },
    );
    expect(check.json()).toEqual({ result: 'success', user_exists: true });

    const out = await postForm(
      t.app,
      '/api/carol/account/logout',
      {},
      { headers: { cookie: `${cookieName}=${cookie.value}` } },
    );
    expect(out.json()).toEqual({ result: 'success' });
    expect(out.headers['set-cookie']).toMatch(/carol_sid=;/);
    const afterLogout = await postForm(
      t.app,
      '/api/carol/account/user_check',
      { user_id: pending!.id },
      { headers: { cookie: `${cookieName}=${cookie.value}` } },
    );
    expect(afterLogout.json()).toEqual({ result: 'success', user_exists: false });
    const logoutAgain = await postForm(
      t.app,
      '/api/carol/account/logout',
      {},
      { headers: { cookie: `${cookieName}=${cookie.value}` } },
    );
    expect(logoutAgain.json()).toMatchObject({ resCode: 'UNAUTHORIZED' });

    const login = await postForm(t.app, '/api/userapi/login/login', {
      email: 'NEW.user@example.test',
      password,
    });
    expect(login.json()).toMatchObject({ result: 'success', user_id: pending!.id });
    const wrong = await postForm(
      t.app,
      '/api/userapi/login/login',
      { email: 'new.user@example.test', password: 'Carol-2025' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      resCode: 'WRONG_CREDENTIALS',
      resMessage: 'The e-mail or password is not correct.',
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a reused link', async () => {
    await register({ email: 'reuse@example.test' });
    const token = tokenOf(
      linkIn(await smtp.nextMailTo('reuse@example.test'), '/login/registeruserafteremail/'),
    );
    expect(
      (await postForm(t.app, '/api/userapi/registration/activate', { token })).statusCode,
    ).toBe(200);
    const again = await postForm(
      t.app,
      '/api/userapi/registration/activate',
      { token },
      { headers: { 'accept-language': 'en' } },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      resCode: 'LINK_INVALID',
      resMessage: 'This link has expired or has already been used. Please start again.',
    });
    expect(
      (await postForm(t.app, '/api/userapi/registration/get_email_in_token', { token })).json(),
    ).toMatchObject({ resCode: 'LINK_INVALID' });
  });

  it('refuses an expired link', async () => {
    await register({ email: 'late@example.test' });
    const token = tokenOf(
      linkIn(await smtp.nextMailTo('late@example.test'), '/login/registeruserafteremail/'),
    );
    await t.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.target, 'late@example.test'));
    for (const path of ['get_email_in_token', 'activate']) {
      const res = await postForm(t.app, `/api/userapi/registration/${path}`, { token });
      expect(res.json()).toMatchObject({ resCode: 'LINK_INVALID' });
    }
  });

  it('refuses unknown and malformed tokens alike', async () => {
    for (const token of ['A'.repeat(43), 'short', "x' or 1=1 --".padEnd(43, 'x')]) {
      const res = await postForm(t.app, '/api/userapi/registration/activate', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ resCode: 'LINK_INVALID' });
    }
  });

  it('stops a link after too many uses', async () => {
    await register({ email: 'peek@example.test' });
    const token = tokenOf(
      linkIn(await smtp.nextMailTo('peek@example.test'), '/login/registeruserafteremail/'),
    );
    for (let i = 0; i < 10; i++) {
      const res = await postForm(t.app, '/api/userapi/registration/get_email_in_token', { token });
      expect(res.statusCode).toBe(200);
    }
    const res = await postForm(t.app, '/api/userapi/registration/get_email_in_token', { token });
    expect(res.json()).toMatchObject({ resCode: 'LINK_INVALID' });
  });

  it('a second registration replaces the pending one and its link', async () => {
    await register({ email: 'twice@example.test', given_name: 'First' });
    const first = tokenOf(
      linkIn(await smtp.nextMailTo('twice@example.test'), '/login/registeruserafteremail/'),
    );
    await register({ email: 'twice@example.test', given_name: 'Second' });
    const second = tokenOf(
      linkIn(await smtp.nextMailTo('twice@example.test'), '/login/registeruserafteremail/'),
    );
    expect(
      (await postForm(t.app, '/api/userapi/registration/activate', { token: first })).json(),
    ).toMatchObject({ resCode: 'LINK_INVALID' });
    expect(
      (await postForm(t.app, '/api/userapi/registration/activate', { token: second })).json(),
    ).toMatchObject({ result: 'success', given_name: 'Second' });
  });

  it('never reveals an already-registered address: same answer, a different mail', async () => {
    const existing = await buildMember(t.database.db, {
      email: 'taken@example.test',
      passwordHash: await hashPassword('Other-1234'),
      language: 'ja',
    });
    const res = await register({ email: 'taken@example.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success', email: 'taken@example.test' });
    const mail = await smtp.nextMailTo('taken@example.test');
    expect(mail.subject).toBe('【Carol】このメールアドレスはすでに登録されています');
    expect(mail.text).not.toMatch(/registeruserafteremail/);
    expect(mail.text).toContain('http://carol.test/login/findpassword');
    const [row] = await t.database.db.select().from(members).where(eq(members.id, existing.id));
    // Nothing about the existing account changed.
    expect(row?.passwordHash).toBe(existing.passwordHash);
    expect(row?.givenName).toBe(existing.givenName);
    expect(row?.status).toBe('active');
  });

  it('refuses a password outside the spec format with PASSWORD_FORMAT', async () => {
    for (const bad of [
      'Short-1', // 7 characters
      'Toolong-12345', // 13 characters
      'carol-2024', // no uppercase
      'CAROL-2024', // no lowercase
      'Carol-abcd', // no digit
      'Carol2024x', // no special character
      'Carol@2024', // a special character outside - _ !
      'Carol 2024!', // space
    ]) {
      const res = await register({ email: 'format@example.test', password: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ resCode: 'PASSWORD_FORMAT' });
    }
    for (const good of ['Carol_2024', 'aB3!aB3!', 'Abcdefgh-123']) {
      const res = await register({
        email: `ok${good.length}${good[0]}@example.test`,
        password: good,
      });
      expect(res.statusCode, good).toBe(200);
    }
  });

  it('refuses a missing or blank name with NAME_REQUIRED', async () => {
    const blank = await register({ email: 'noname@example.test', given_name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      resCode: 'NAME_REQUIRED',
      resMessage: 'Please enter your name.',
    });
    const missing = await postForm(
      t.app,
      '/api/userapi/registration/register',
      { email: 'noname@example.test', password, given_name: 'Minji' },
      { remoteAddress: '10.0.1.1' },
    );
    expect(missing.statusCode).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.email, 'noname@example.test'));
    expect(row).toBeUndefined();
  });

  it('refuses cross-site requests before anything happens', async () => {
    const res = await register(
      { email: 'csrf@example.test' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ resCode: 'ORIGIN_REJECTED' });
    const [row] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.email, 'csrf@example.test'));
    expect(row).toBeUndefined();
  });

  it('activation replaces a session cookie the request carried (no fixation)', async () => {
    const other = await buildMember(t.database.db);
    const { buildSession } = await import('../../../test/factories.js');
    const old = await buildSession(t.database.db, other.id);
    await register({ email: 'fixate@example.test' });
    const token = tokenOf(
      linkIn(await smtp.nextMailTo('fixate@example.test'), '/login/registeruserafteremail/'),
    );
    const res = await postForm(
      t.app,
      '/api/userapi/registration/activate',
      { token },
      { headers: { cookie: `${cookieName}=${old}` } },
    );
    expect(sessionCookie(res).value).not.toBe(old);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.memberId, other.id));
    expect(left).toHaveLength(0);
  });

  it('limits registrations per client IP', async () => {
    const from = { remoteAddress: '10.9.9.9' };
    for (let i = 0; i < 10; i++) {
      const res = await postForm(
        t.app,
        '/api/userapi/registration/register',
        {
          email: `burst${i}@example.test`,
          password,
          family_name: 'K',
          given_name: 'M',
          ...requiredConsents,
        },
        from,
      );
      expect(res.statusCode).toBe(200);
    }
    const res = await postForm(
      t.app,
      '/api/userapi/registration/register',
      {
        email: 'burst10@example.test',
        password,
        family_name: 'K',
        given_name: 'M',
        ...requiredConsents,
      },
      from,
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ resCode: 'RATE_LIMITED' });
  });
});

describe('sign-up consents (ADR 025)', () => {
  const consentsOf = (memberId: number) =>
    t.database.db.select().from(memberConsents).where(eq(memberConsents.memberId, memberId));
  const memberWith = async (email: string) =>
    (await t.database.db.select().from(members).where(eq(members.email, email)))[0];

  it('refuses a Korean sign-up without the required items, one message per item', async () => {
    const res = await postForm(
      t.app,
      '/api/userapi/registration/register',
      {
        email: 'no-consent@example.test',
        password,
        family_name: 'Kim',
        given_name: 'Minji',
        agree_terms: 'true',
        agree_marketing: 'true',
      },
      { headers: { 'accept-language': 'en' }, remoteAddress: '10.2.0.1' },
    );
    expect(res.statusCode).toBe(400);
    const { request_id: requestId, ...answer } = res.json<{ request_id: string }>();
    expect(requestId).toMatch(/\S/);
    expect(answer).toEqual({
      result: 'fail',
      success: false,
      resCode: 'SIGNUP_CONSENT_REQUIRED',
      resMessage: 'Please agree to every required item.',
      fields: [
        {
          field: 'agree_privacy',
          resMessage: 'Please agree to the collection and use of personal information.',
        },
        { field: 'agree_age', resMessage: 'You must be 14 or older to sign up.' },
      ],
    });
    // Nothing was created (so no link can be mailed).
    expect(await memberWith('no-consent@example.test')).toBeUndefined();
  });

  it('refuses unchecked values ("false", empty) and answers in Japanese under jp', async () => {
    const res = await postForm(
      t.app,
      '/api/userapi/registration/register',
      {
        email: 'jp-consent@example.test',
        password,
        family_name: '山田',
        given_name: '花子',
        agree_terms: 'false',
        agree_privacy: '',
      },
      { headers: { 'accept-language': 'ja' }, server: 'jp', remoteAddress: '10.2.0.2' },
    );
    expect(res.statusCode).toBe(400);
    // Japan asks for no age item.
    expect(res.json()).toMatchObject({
      resCode: 'SIGNUP_CONSENT_REQUIRED',
      resMessage: '必須項目すべてに同意してください。',
      fields: [
        { field: 'agree_terms', resMessage: '利用規約に同意してください。' },
        { field: 'agree_privacy', resMessage: '個人情報の取り扱いに同意してください。' },
      ],
    });
    expect(await memberWith('jp-consent@example.test')).toBeUndefined();
  });

  it("answers an already-registered address the same way: consents first, whoever's address it is", async () => {
    await buildMember(t.database.db, { email: 'taken-consent@example.test' });
    const res = await postForm(
      t.app,
      '/api/userapi/registration/register',
      { email: 'taken-consent@example.test', password, family_name: 'K', given_name: 'M' },
      { remoteAddress: '10.2.0.3' },
    );
    expect(res.json()).toMatchObject({ resCode: 'SIGNUP_CONSENT_REQUIRED' });
  });

  it("records the market's items with their versions, the marketing choice and the time", async () => {
    const before = Date.now();
    const res = await postForm(
      t.app,
      '/api/userapi/registration/register',
      {
        email: 'agreed@example.test',
        password,
        family_name: '山田',
        given_name: '花子',
        agree_terms: 'on',
        agree_privacy: 'true',
        agree_marketing: 'true',
      },
      { server: 'jp', remoteAddress: '10.2.0.4' },
    );
    expect(res.statusCode).toBe(200);
    const member = await memberWith('agreed@example.test');
    expect(member?.status).toBe('pending');
    const rows = await consentsOf(member!.id);
    expect(rows.map((r) => [r.item, r.agreed, r.version, r.source]).sort()).toEqual([
      ['marketing', true, consentVersions.marketing, 'sign_up'],
      ['privacy', true, consentVersions.privacy, 'sign_up'],
      ['terms', true, consentVersions.terms, 'sign_up'],
    ]);
    for (const row of rows) {
      expect(row.recordedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(row.recordedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    await smtp.nextMailTo('agreed@example.test');
  });

  it('records a Korean sign-up with the age item, and the latest form of a pending address wins', async () => {
    await register({ email: 'again-consent@example.test', agree_marketing: 'true' });
    await smtp.nextMailTo('again-consent@example.test');
    await register({ email: 'again-consent@example.test' });
    const token = tokenOf(
      linkIn(await smtp.nextMailTo('again-consent@example.test'), '/login/registeruserafteremail/'),
    );
    const member = await memberWith('again-consent@example.test');
    const rows = await consentsOf(member!.id);
    expect(rows.filter((r) => r.item === 'age').map((r) => r.agreed)).toEqual([true, true]);
    expect(rows).toHaveLength(8);

    const activated = await postForm(t.app, '/api/userapi/registration/activate', { token });
    const cookie = sessionCookie(activated);
    const listed = await postForm(
      t.app,
      '/api/carol/account/get_consents',
      {},
      { headers: { cookie: `${cookieName}=${cookie.value}` } },
    );
    expect(listed.json()).toEqual({
      result: 'success',
      consents: [
        expect.objectContaining({ item: 'terms', agreed: true }),
        expect.objectContaining({ item: 'privacy', agreed: true }),
        expect.objectContaining({ item: 'age', agreed: true }),
        // The second form left marketing unchecked.
        expect.objectContaining({ item: 'marketing', agreed: false }),
      ],
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members, oneTimeCodes, sessions } from '../../db/schema/index.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { linkIn, startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { hashPassword } from '../../lib/password.js';

let t: TestApp;
let smtp: TestSmtp;
const cookieName = 'carol_sid';
const password = 'Pass_word1';
let passwordHash: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    COOKIE_SECURE: 'false',
    SMTP_URL: smtp.url,
    APP_BASE_URL: 'https://carol.example',
  });
  passwordHash = await hashPassword(password);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ip = 0;
const call = (
  path: string,
  fields: Record<string, string | number>,
  token?: string,
  language = 'ko',
) =>
  postForm(t.app, `/api/carol/account/${path}`, fields, {
    headers: {
      ...(token ? { cookie: `${cookieName}=${token}` } : {}),
      'accept-language': language,
    },
    remoteAddress: `10.7.0.${++ip}`,
  });
const tokenOf = (url: URL) => url.pathname.split('/').pop() ?? '';
const changeLink = async (to: string) =>
  linkIn(await smtp.nextMailTo(to), '/mypage/setting/changeemailsendafter/');
let n = 0;
const freshAddress = () => `new-${++n}-${Date.now()}@example.test`;

describe('e-mail change through a link mailed to the new address', () => {
  it('request → mail to the new address (+ notice to the old) → confirm → login with the new one', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    const other = await buildSession(t.database.db, member.id);
    const target = freshAddress();

    const res = await call(
      'change_mail_address',
      { new_email: target.toUpperCase(), password },
      token,
    );
    expect(res.json()).toEqual({ result: 'success', email: target });

    const link = await changeLink(target);
    expect(link.origin).toBe('https://carol.example');
    expect(link.pathname).toMatch(
      /^\/mypage\/setting\/changeemailsendafter\/kr\/[A-Za-z0-9_-]{43}$/,
    );
    const notice = await smtp.nextMailTo(member.email!);
    expect(notice.subject).toBe('[캐롤] 이메일 주소 변경이 요청되었습니다');
    expect(notice.text).toContain(target);

    // Nothing changes before the link is used; the code is stored hashed.
    const [code] = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.memberId, member.id));
    expect(code).toMatchObject({ purpose: 'email_change', target });
    expect(code!.codeHash).not.toBe(tokenOf(link));
    const [before] = await t.database.db.select().from(members).where(eq(members.id, member.id));
    expect(before!.email).toBe(member.email);

    const done = await call('confirm_mail_address', { token: tokenOf(link) }, token);
    expect(done.json()).toEqual({ result: 'success', email: target });
    const [after] = await t.database.db.select().from(members).where(eq(members.id, member.id));
    expect(after!.email).toBe(target);
    // The old address hears about it; the member's other sessions end, this one stays.
    expect((await smtp.nextMailTo(member.email!)).subject).toBe(
      '[캐롤] 이메일 주소가 변경되었습니다',
    );
    const left = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.memberId, member.id));
    expect(left).toHaveLength(1);
    const check = (tok: string) =>
      call('user_check', { user_id: member.id }, tok).then((r) =>
        r.json<{ user_exists: boolean }>(),
      );
    expect((await check(token)).user_exists).toBe(true);
    expect((await check(other)).user_exists).toBe(false);

    const login = (email: string) =>
      postForm(
        t.app,
        '/api/userapi/login/login',
        { email, password },
        { remoteAddress: `10.7.1.${++ip}` },
      );
    expect((await login(target)).json()).toMatchObject({ result: 'success', user_id: member.id });
    expect((await login(member.email!)).json()).toMatchObject({ resCode: 'WRONG_CREDENTIALS' });

    // Single use.
    expect(
      (await call('confirm_mail_address', { token: tokenOf(link) }, token)).json(),
    ).toMatchObject({
      resCode: 'LINK_INVALID',
    });
  });

  it('needs the current password (re-authentication) from a member who has one', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    const missing = await call('change_mail_address', { new_email: freshAddress() }, token, 'en');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      resCode: 'WRONG_CREDENTIALS',
      fields: [{ field: 'password', resMessage: 'The e-mail or password is not correct.' }],
    });
    const wrong = await call(
      'change_mail_address',
      { new_email: freshAddress(), password: 'Wrong_pass1' },
      token,
    );
    expect(wrong.json()).toMatchObject({ resCode: 'WRONG_CREDENTIALS' });
  });

  it('asks a member without a password to sign in again when the session is older than 10 minutes', async () => {
    const member = await buildMember(t.database.db, {
      passwordHash: null,
      joinedVia: 'smart_mirror',
    });
    const token = await buildSession(t.database.db, member.id);
    const fresh = await call('change_mail_address', { new_email: freshAddress() }, token);
    expect(fresh.json()).toMatchObject({ result: 'success' });
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(sessions.memberId, member.id));
    const stale = await call('change_mail_address', { new_email: freshAddress() }, token, 'ja');
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({
      resCode: 'REAUTH_REQUIRED',
      resMessage: 'セキュリティのため、もう一度ログインしてから変更してください。',
    });
  });

  it('does not reveal that the new address is taken: same answer, a notice without a link', async () => {
    const owner = await buildMember(t.database.db, { passwordHash });
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    const res = await call('change_mail_address', { new_email: owner.email!, password }, token);
    expect(res.json()).toEqual({ result: 'success', email: owner.email });
    const mail = await smtp.nextMailTo(owner.email!);
    expect(mail.subject).toBe('[캐롤] 이미 사용 중인 이메일 주소입니다');
    expect(mail.text).not.toContain('/changeemailsendafter/');
    // The resend finds no live change.
    expect((await call('request_mail', {}, token)).json()).toMatchObject({
      resCode: 'LINK_INVALID',
    });
  });

  it('refuses the current address, a bad address, and callers without a session', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    expect(
      (await call('change_mail_address', { new_email: member.email!, password }, token)).json(),
    ).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    expect(
      (await call('change_mail_address', { new_email: 'not-an-address', password }, token)).json(),
    ).toMatchObject({ resCode: 'VALIDATION_FAILED' });
    const anonymous = await call('change_mail_address', { new_email: freshAddress(), password });
    expect(anonymous.statusCode).toBe(401);
    expect((await call('confirm_mail_address', { token: 'x'.repeat(43) })).statusCode).toBe(401);
  });

  it("member B's session can never complete member A's change; A's link still works after", async () => {
    const a = await buildMember(t.database.db, { passwordHash });
    const b = await buildMember(t.database.db, { passwordHash });
    const tokenA = await buildSession(t.database.db, a.id);
    const tokenB = await buildSession(t.database.db, b.id);
    const target = freshAddress();
    await call('change_mail_address', { new_email: target, password }, tokenA);
    const link = await changeLink(target);
    const stolen = await call('confirm_mail_address', { token: tokenOf(link) }, tokenB);
    expect(stolen.json()).toMatchObject({ resCode: 'LINK_INVALID' });
    const [bAfter] = await t.database.db.select().from(members).where(eq(members.id, b.id));
    expect(bAfter!.email).toBe(b.email);
    expect((await call('confirm_mail_address', { token: tokenOf(link) }, tokenA)).json()).toEqual({
      result: 'success',
      email: target,
    });
  });

  it('resend replaces the link; an expired link fails; a taken-meanwhile address fails cleanly', async () => {
    const member = await buildMember(t.database.db, { passwordHash });
    const token = await buildSession(t.database.db, member.id);
    const target = freshAddress();
    await call('change_mail_address', { new_email: target, password }, token);
    const first = tokenOf(await changeLink(target));
    expect((await call('request_mail', {}, token)).json()).toEqual({
      result: 'success',
      email: target,
    });
    const second = tokenOf(await changeLink(target));
    expect((await call('confirm_mail_address', { token: first }, token)).json()).toMatchObject({
      resCode: 'LINK_INVALID',
    });

    // Someone registers the address before the member opens the link.
    await buildMember(t.database.db, { email: target });
    const taken = await call('confirm_mail_address', { token: second }, token, 'en');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ resCode: 'EMAIL_IN_USE' });
    const [after] = await t.database.db.select().from(members).where(eq(members.id, member.id));
    expect(after!.email).toBe(member.email);

    const again = freshAddress();
    await call('change_mail_address', { new_email: again, password }, token);
    const third = tokenOf(await changeLink(again));
    await t.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.memberId, member.id));
    expect((await call('confirm_mail_address', { token: third }, token)).json()).toMatchObject({
      resCode: 'LINK_INVALID',
    });
  });
});

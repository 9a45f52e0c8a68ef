import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { members, oneTimeCodes, sessions } from '../../db/schema/index.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import { linkIn, startTestSmtp, type TestSmtp } from '../../../test/smtp.js';
import { createLocalQueue } from '../../jobs/local-queue.js';
import type { MailMessage } from '../../lib/mail.js';
import { queuedOutgoing, type Outgoing } from '../../lib/outgoing.js';
import { sealKeyOf } from '../../lib/sealed-message.js';
import { hashPassword } from '../../lib/password.js';
import { requestPasswordReset, type AuthContext } from './auth.service.js';

let t: TestApp;
let smtp: TestSmtp;
const cookieName = 'carol_sid';
const oldPassword = 'Old_pass1';
const newPassword = 'New-pass2';
let oldHash: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    COOKIE_SECURE: 'false',
    SMTP_URL: smtp.url,
    APP_BASE_URL: 'https://carol.example',
  });
  oldHash = await hashPassword(oldPassword);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let ip = 0;
const from = () => ({ remoteAddress: `10.3.0.${++ip}` });
const requestReset = (email: string, language = 'ko') =>
  postForm(
    t.app,
    '/api/userapi/reset_password',
    { email },
    { headers: { 'accept-language': language }, ...from() },
  );
const reset = (token: string, password: string) =>
  postForm(t.app, '/api/carol/account/call_reset_password', { token, password }, from());
const login = (email: string, password: string) =>
  postForm(t.app, '/api/userapi/login/login', { email, password }, from());
const tokenOf = (url: URL) => url.pathname.split('/').pop() ?? '';

describe('password reset by e-mail, end to end', () => {
  it('request → mail → reset → every old session ends → login with the new password', async () => {
    const member = await buildMember(t.database.db, { passwordHash: oldHash });
    const sessionA = await buildSession(t.database.db, member.id);
    const sessionB = await buildSession(t.database.db, member.id);

    const res = await requestReset(member.email!.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success', email: member.email });

    const mail = await smtp.nextMailTo(member.email!);
    expect(mail.subject).toBe('[캐롤] 비밀번호 재설정 안내');
    const link = linkIn(mail, '/login/findpasswordafteremail/');
    expect(link.origin).toBe('https://carol.example');
    const token = tokenOf(link);
    const [code] = await t.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.memberId, member.id));
    // 30 minutes, stored hashed.
    expect(code!.codeHash).not.toBe(token);
    const ttl = code!.expiresAt.getTime() - code!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(29 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(30 * 60 * 1000 + 5000);

    const done = await reset(token, newPassword);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ result: 'success' });
    expect(done.headers['set-cookie']).toBeUndefined();

    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.memberId, member.id)),
    ).toHaveLength(0);
    for (const old of [sessionA, sessionB]) {
      const check = await postForm(
        t.app,
        '/api/carol/account/user_check',
        { user_id: member.id },
        { headers: { cookie: `${cookieName}=${old}` } },
      );
      expect(check.json()).toEqual({ result: 'success', user_exists: false });
    }
    expect((await login(member.email!, oldPassword)).json()).toMatchObject({
      resCode: 'WRONG_CREDENTIALS',
    });
    expect((await login(member.email!, newPassword)).json()).toMatchObject({
      result: 'success',
      user_id: member.id,
    });

    // Single use.
    expect((await reset(token, 'Third-pass3')).json()).toMatchObject({ resCode: 'LINK_INVALID' });
  });

  it('answers the same for an unknown address and sends it nothing', async () => {
    const member = await buildMember(t.database.db, { passwordHash: oldHash });
    const unknown = await requestReset('nobody-here@example.test', 'en');
    const known = await requestReset(member.email!, 'en');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(unknown.json<object>())).toEqual(Object.keys(known.json<object>()));
    expect(unknown.json()).toEqual({ result: 'success', email: 'nobody-here@example.test' });
    await smtp.nextMailTo(member.email!);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.some((m) => m.to.includes('nobody-here@example.test'))).toBe(false);
  });

  // A known address was answered a few ms later than an unknown one (a count, an update and an
  // insert more). Both now do the same work — a stranger's request stores a blank job, sealed
  // like a mail (ADR 049); timing stays out of the assertions.
  it('does the same database work for a known and an unknown address', async () => {
    const member = await buildMember(t.database.db, { passwordHash: oldHash });
    const unknownEmail = 'nobody-7c@example.test';
    const queued: (MailMessage | null)[] = [];
    const real = queuedOutgoing(createLocalQueue(t.database.db), sealKeyOf(undefined));
    const outgoing: Outgoing = {
      mail: async (tx, message) => {
        queued.push(message);
        await real.mail(tx, message);
      },
      sms: real.sms,
    };
    const record = <T extends object>(target: T, calls: string[]): T =>
      new Proxy(target, {
        get(inner, prop, receiver) {
          const value: unknown = Reflect.get(inner, prop, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            calls.push(String(prop));
            if (prop === 'transaction') {
              const run = args[0] as (tx: object) => Promise<unknown>;
              return (value as (run: (tx: object) => Promise<unknown>) => unknown).call(
                inner,
                (tx: object) => run(record(tx, calls)),
              );
            }
            return (value as (...a: unknown[]) => unknown).apply(inner, args);
          };
        },
      });
    const work = async (email: string) => {
      const calls: string[] = [];
      const db = record(t.database.db, calls);
      const ctx: AuthContext = {
        db,
        outgoing,
        appBaseUrl: 'https://carol.example',
      };
      await requestPasswordReset(ctx, email, 'ko');
      return calls;
    };
    const known = await work(member.email!);
    const unknown = await work(unknownEmail);
    expect(unknown).toEqual(known);
    expect(known).toEqual(['select', 'select', 'transaction', 'update', 'insert', 'insert']);

    // One stored code each, hashed alike; the stranger's is unusable (expired, no member).
    const rowsOf = (target: string) =>
      t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.target, target));
    const [knownRow] = await rowsOf(member.email!);
    const unknownRows = await rowsOf(unknownEmail);
    expect(unknownRows).toHaveLength(1);
    for (const row of [knownRow!, unknownRows[0]!]) {
      expect(row.purpose).toBe('password_reset');
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(knownRow!.memberId).toBe(member.id);
    expect(unknownRows[0]!.memberId).toBeNull();
    expect(unknownRows[0]!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    // A job each (the last insert above); only the known address's holds a mail.
    expect(queued.map((m) => m?.to ?? null)).toEqual([member.email, null]);
  });

  it('answers a known address without waiting for the mail transport', async () => {
    const member = await buildMember(t.database.db, { passwordHash: oldHash });
    // The request only stores the job (in a queue whose worker never runs here).
    const jobs = createLocalQueue(t.database.db);
    const enqueued: string[] = [];
    const ctx: AuthContext = {
      db: t.database.db,
      outgoing: queuedOutgoing(
        {
          ...jobs,
          enqueue: async (tx, task, payload, options) => {
            enqueued.push(task);
            return jobs.enqueue(tx, task, payload, options);
          },
        },
        sealKeyOf(undefined),
      ),
      appBaseUrl: 'https://carol.example',
    };
    const answered = await Promise.race([
      requestPasswordReset(ctx, member.email!, 'ko').then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('waited on the mailer'), 10_000)),
    ]);
    expect(answered).toBe('answered');
    expect(enqueued).toEqual(['code-message']);
  });

  it('sends nothing to a pending (unconfirmed) or withdrawn address', async () => {
    const pending = await buildMember(t.database.db, { passwordHash: oldHash, status: 'pending' });
    const gone = await buildMember(t.database.db, {
      passwordHash: oldHash,
      status: 'withdrawn',
      withdrawnAt: new Date(),
    });
    for (const m of [pending, gone]) {
      expect((await requestReset(m.email!)).json()).toEqual({ result: 'success', email: m.email });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      smtp.mails.some((m) => m.to.includes(pending.email!) || m.to.includes(gone.email!)),
    ).toBe(false);
  });

  it('refuses an expired link and a link replaced by a newer one', async () => {
    const member = await buildMember(t.database.db, { passwordHash: oldHash });
    await requestReset(member.email!);
    const first = tokenOf(
      linkIn(await smtp.nextMailTo(member.email!), '/login/findpasswordafteremail/'),
    );
    await requestReset(member.email!);
    const second = tokenOf(
      linkIn(await smtp.nextMailTo(member.email!), '/login/findpasswordafteremail/'),
    );
    expect((await reset(first, newPassword)).json()).toMatchObject({ resCode: 'LINK_INVALID' });
    await t.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.memberId, member.id));
    expect((await reset(second, newPassword)).json()).toMatchObject({ resCode: 'LINK_INVALID' });
    const [row] = await t.database.db.select().from(members).where(eq(members.id, member.id));
    expect(row?.passwordHash).toBe(oldHash);
  });

  it('keeps the link usable when the new password has the wrong format', async () => {
    const member = await buildMember(t.database.db, { passwordHash: oldHash });
    await requestReset(member.email!);
    const token = tokenOf(
      linkIn(await smtp.nextMailTo(member.email!), '/login/findpasswordafteremail/'),
    );
    const bad = await reset(token, 'weak');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ resCode: 'PASSWORD_FORMAT' });
    expect((await reset(token, newPassword)).statusCode).toBe(200);
  });

  it('a registration link cannot reset a password and vice versa', async () => {
    const member = await buildMember(t.database.db, { passwordHash: oldHash });
    await requestReset(member.email!);
    const token = tokenOf(
      linkIn(await smtp.nextMailTo(member.email!), '/login/findpasswordafteremail/'),
    );
    const asActivation = await postForm(
      t.app,
      '/api/userapi/registration/activate',
      { token },
      from(),
    );
    expect(asActivation.json()).toMatchObject({ resCode: 'LINK_INVALID' });
    expect((await reset(token, newPassword)).statusCode).toBe(200);
  });

  it('stops mailing one address after 5 requests an hour, with the same answer', async () => {
    const member = await buildMember(t.database.db, { passwordHash: oldHash });
    for (let i = 0; i < 7; i++) {
      expect((await requestReset(member.email!)).json()).toEqual({
        result: 'success',
        email: member.email,
      });
    }
    for (let i = 0; i < 5; i++) await smtp.nextMailTo(member.email!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter((m) => m.to.includes(member.email!))).toHaveLength(5);
  });

  it('refuses cross-site requests', async () => {
    const member = await buildMember(t.database.db, { passwordHash: oldHash });
    const res = await postForm(
      t.app,
      '/api/userapi/reset_password',
      { email: member.email! },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ resCode: 'ORIGIN_REJECTED' });
  });
});

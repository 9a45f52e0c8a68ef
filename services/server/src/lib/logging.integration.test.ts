import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../env.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { buildMember } from '../../test/factories.js';
import { requiredConsents } from '../../test/consents.js';
import { postForm } from '../../test/app.js';
import { smsOutbox } from '../../test/sms-outbox.js';
import { hashPassword } from './password.js';

// The error-level line of a failed query carried every bound parameter
// (the argon2 hash, e-mail, phone). This reads what the server's real logger writes while it is
// attacked with secrets, and looks for each secret in it.

let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
const lines: string[] = [];
const logText = () => lines.join('');

const password = 'Secret_pw9!';
const wrongPassword = 'Wrong_pw77!';
const jsonPassword = 'Jsonleak_1!';
const victimEmail = 'boom.victim@example.test';
const memberEmail = 'signin.secret@example.test';
const jsonEmail = 'json.leak@example.test';
const mirrorPhone = '010-7345-6789';
let passwordHash: string;

let ip = 0;
const from = () => ({
  headers: { 'accept-language': 'en' },
  remoteAddress: `10.26.9.${++ip % 250}`,
});

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'carol-log-'));
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'trace',
    SERVE_WEB: 'false',
    SEED_ON_START: 'false',
    DATA_DIR: dataDir,
    COOKIE_SECURE: 'false',
    RATE_LIMIT_PER_MINUTE: '10000',
    RATE_LIMIT_MEMBER_PER_MINUTE: '10000',
  });
  app = await buildApp({
    config,
    db: database.db,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
  passwordHash = await hashPassword(password);
  // A database failure on a query whose parameters hold an e-mail, a password hash and names.
  await database.db.execute(sql`
    create function test_refuse_member() returns trigger language plpgsql as $$
    begin raise exception 'forced failure for the log test'; end $$`);
  await database.db.execute(sql`
    create trigger test_refuse_member before insert on members for each row
    when (new.email like 'boom.%') execute function test_refuse_member()`);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function newestMailTo(address: string): Promise<{ text: string }> {
  const dir = join(dataDir, 'outbox');
  for (let tries = 0; tries < 150; tries++) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) =>
      f.endsWith('.json'),
    );
    for (const file of files.sort().reverse()) {
      const mail = JSON.parse(await readFile(join(dir, file), 'utf8')) as {
        to: string;
        text: string;
      };
      if (mail.to === address) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${address}`);
}

describe('the server log', () => {
  const secrets: Record<string, string> = {
    password,
    'wrong password': wrongPassword,
    'password in malformed JSON': jsonPassword,
    'argon2 hash prefix': '$argon2id$',
    'e-mail of the failed sign-up': victimEmail,
    'e-mail of the sign-in': memberEmail,
    'e-mail in malformed JSON': jsonEmail,
    phone: mirrorPhone,
    'phone digits': mirrorPhone.replace(/-/g, ''),
  };

  it('carries no parameters, passwords, hashes, codes, tokens, cookies, e-mail or phone', async () => {
    // (1) A query that fails with the hash, the e-mail and the names as its parameters.
    const failed = await postForm(
      app,
      '/api/userapi/registration/register',
      {
        email: victimEmail,
        password,
        family_name: 'Victim',
        given_name: 'Boom',
        ...requiredConsents,
      },
      from(),
    );
    expect(failed.statusCode).toBe(500);

    // (2) Password sign-in: wrong, then right (its session cookie is used and looked for).
    await buildMember(database.db, { email: memberEmail, passwordHash });
    const wrong = await postForm(
      app,
      '/api/userapi/login/login',
      { email: memberEmail, password: wrongPassword },
      from(),
    );
    expect(wrong.statusCode).toBe(401);
    const signedIn = await postForm(
      app,
      '/api/userapi/login/login',
      { email: memberEmail, password },
      from(),
    );
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === 'carol_sid');
    expect(cookie?.value).toBeTruthy();
    secrets['session cookie'] = cookie!.value;
    const withCookie = await app.inject({
      method: 'POST',
      url: '/api/carol/account/get_user_info',
      payload: { server: 'kr', country_code: 'kr' },
      headers: { cookie: `carol_sid=${cookie!.value}`, authorization: `Bearer ${cookie!.value}` },
    });
    expect(withCookie.statusCode).toBe(200);
    const formWithCookie = await postForm(
      app,
      '/api/carol/account/get_user_info',
      {},
      {
        headers: { cookie: `carol_sid=${cookie!.value}` },
      },
    );
    expect(formWithCookie.statusCode).toBe(200);
    // A body that is not JSON: the parser's message quotes the start of it.
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/userapi/login/login',
      payload: `x{"email":"${jsonEmail}","password":"${jsonPassword}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);

    // (3) A code by SMS and a link by e-mail, then the link's token in a URL, as a browser opens it.
    await buildMember(database.db, {
      phone: mirrorPhone,
      joinedVia: 'smart_mirror',
      createdAt: new Date('2023-06-01T03:00:00Z'),
    });
    const sent = await postForm(
      app,
      '/api/userapi/login/send_sms_for_simple_login',
      { tel: mirrorPhone },
      from(),
    );
    expect(sent.statusCode).toBe(200);
    await smsOutbox(join(dataDir, 'outbox')).waitFor(mirrorPhone);
    secrets['SMS code'] = smsOutbox(join(dataDir, 'outbox')).codeFor(mirrorPhone);

    const reset = await postForm(
      app,
      '/api/userapi/reset_password',
      { email: memberEmail },
      from(),
    );
    expect(reset.statusCode).toBe(200);
    const token = (await newestMailTo(memberEmail)).text.match(
      /findpasswordafteremail\/([\w-]{43})/,
    )?.[1];
    expect(token).toBeTruthy();
    secrets['reset token'] = token!;
    await app.inject({ method: 'GET', url: `/login/findpasswordafteremail/${token}` });
    await app.inject({ method: 'GET', url: `/media/x.png?token=${token}&email=${memberEmail}` });

    // The log saw all of it (or the test would prove nothing).
    const text = logText();
    expect(text).toContain('"msg":"request failed"');
    expect(text).toContain('forced failure for the log test');
    expect(text).toContain('"msg":"incoming request"');
    expect(text).toContain('sms written to the dev outbox');
    expect(text).toContain('mail written to the dev outbox');
    expect(text).toContain('findpasswordafteremail');

    const leaks = Object.entries(secrets)
      .filter(([, secret]) => text.includes(secret))
      .map(([name]) => name);
    expect(leaks).toEqual([]);
    // Client addresses (10.26.9.x) appear only as their network.
    expect(text).toContain('10.26.9.0/24');
    expect(text).not.toMatch(/10\.26\.9\.(?!0\/24)\d/);
  });

  it('keeps what an operator needs: the failing SQL, its SQLSTATE and the stack', () => {
    const failure = lines
      .map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> })
      .find((entry) => entry.msg === 'request failed');
    expect(String(failure?.err?.message)).toContain('Failed query: insert into "members"');
    const cause = failure?.err?.cause as Record<string, unknown> | undefined;
    expect(cause).toMatchObject({ code: 'P0001', message: 'forced failure for the log test' });
    expect(String(failure?.err?.stack)).toMatch(/\n\s+at /);
    expect(JSON.stringify(failure)).not.toContain('params');
  });
});

import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { consentVersions } from '@carol/contracts';
import {
  memberConsents,
  memberIdentities,
  members,
  pendingSignUps,
} from '../../db/schema/index.js';
import { requiredConsents } from '../../../test/consents.js';
import { buildMember, buildSession } from '../../../test/factories.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';

// Failure paths: tokens signed here, with the JWKS served by a real local HTTP server acting
// as the issuer (discovery document + jwks_uri), so the server's jose verification runs for real.

let issuerServer: Server;
let issuer: string;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
const kid = 'test-key-1';
let t: TestApp;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
  issuerServer = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
    } else if (req.url === '/jwks') {
      res.end(JSON.stringify({ keys: [publicJwk] }));
    } else {
      res.writeHead(404).end('{}');
    }
  });
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
  t = await createTestApp({ OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'carol-web' });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => issuerServer.close(resolve));
});

const newNonce = () => randomBytes(32).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
let subjectSeq = 0;
const newSubject = () => `google-oauth2|${Date.now()}${++subjectSeq}`;

async function sign(
  claims: JWTPayload,
  options: { key?: CryptoKey; alg?: string; kid?: string } = {},
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? kid, typ: 'JWT' })
    .sign(options.key ?? signingKey);
}

function claims(nonce: string, overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: issuer,
    aud: 'carol-web',
    sub: newSubject(),
    nonce,
    iat: now(),
    exp: now() + 300,
    email: `user${++subjectSeq}@gmail.test`,
    email_verified: true,
    given_name: 'Mina',
    family_name: 'Choi',
    ...overrides,
  };
}

let ip = 0;
const login = (fields: Record<string, string>) =>
  postForm(t.app, '/api/userapi/oidc/login', fields, { remoteAddress: `10.9.0.${++ip % 250}` });

const signUp = (fields: Record<string, string>, server: 'kr' | 'jp' = 'kr') =>
  postForm(t.app, '/api/userapi/oidc/sign_up', fields, {
    remoteAddress: `10.9.1.${++ip % 250}`,
    headers: { 'accept-language': server === 'kr' ? 'ko' : 'ja' },
    server,
  });

/** The first sign-in's token (the login answered `sign_up`). */
function signUpTokenOf(res: { json: <T>() => T }): string {
  const answer = res.json<{ status: string; sign_up?: { sign_up_token: string } }>();
  expect(answer.status).toBe('sign_up');
  return answer.sign_up!.sign_up_token;
}

/** A first sign-in all the way: the id token, then the required consents. */
async function signUpWith(idToken: string, nonce: string) {
  const first = await login({ id_token: idToken, nonce });
  expect(first.statusCode).toBe(200);
  return signUp({ sign_up_token: signUpTokenOf(first), ...requiredConsents });
}

async function expectInvalid(idToken: string, nonce: string) {
  const res = await login({ id_token: idToken, nonce });
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ result: 'fail', resCode: 'ID_TOKEN_INVALID' });
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('id token checks (spec 5)', () => {
  it('accepts a well-formed token and keys the member by issuer + subject', async () => {
    const nonce = newNonce();
    const body = claims(nonce);
    const res = await signUpWith(await sign(body), nonce);
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(memberIdentities)
      .where(eq(memberIdentities.subject, body.sub!));
    expect(rows).toEqual([
      expect.objectContaining({
        issuer,
        provider: 'google',
        memberId: res.json<{ user_id: number }>().user_id,
      }),
    ]);
  });

  it('refuses a nonce different from the browser one', async () => {
    await expectInvalid(await sign(claims(newNonce())), newNonce());
  });

  it('refuses a token without nonce', async () => {
    const nonce = newNonce();
    const body = claims(nonce);
    delete body.nonce;
    await expectInvalid(await sign(body), nonce);
  });

  it('refuses a replayed nonce (the same token twice, or a new token with a used nonce)', async () => {
    const nonce = newNonce();
    const token = await sign(claims(nonce));
    expect((await login({ id_token: token, nonce })).statusCode).toBe(200);
    await expectInvalid(token, nonce);
    await expectInvalid(await sign(claims(nonce)), nonce);
  });

  it('lets exactly one of two parallel uses of the same token through', async () => {
    const nonce = newNonce();
    const token = await sign(claims(nonce));
    const answers = await Promise.all([
      login({ id_token: token, nonce }),
      login({ id_token: token, nonce }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a wrong audience', async () => {
    const nonce = newNonce();
    await expectInvalid(await sign(claims(nonce, { aud: 'someone-else' })), nonce);
  });

  it('refuses several audiences when azp is not our client', async () => {
    const nonce = newNonce();
    await expectInvalid(
      await sign(claims(nonce, { aud: ['carol-web', 'other'], azp: 'other' })),
      nonce,
    );
  });

  it('refuses a wrong issuer', async () => {
    const nonce = newNonce();
    await expectInvalid(await sign(claims(nonce, { iss: 'https://evil.example' })), nonce);
  });

  it('refuses a token expired beyond the 60 s leeway', async () => {
    const nonce = newNonce();
    await expectInvalid(
      await sign(claims(nonce, { iat: now() - 300, exp: now() - 61 - 5 })),
      nonce,
    );
  });

  it('accepts a token expired within the 60 s leeway', async () => {
    const nonce = newNonce();
    const res = await login({
      id_token: await sign(claims(nonce, { iat: now() - 120, exp: now() - 30 })),
      nonce,
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a token issued in the future beyond the leeway', async () => {
    const nonce = newNonce();
    await expectInvalid(await sign(claims(nonce, { iat: now() + 600, exp: now() + 900 })), nonce);
  });

  it('refuses a signature by another key (same kid)', async () => {
    const nonce = newNonce();
    await expectInvalid(await sign(claims(nonce), { key: otherKey }), nonce);
  });

  it('refuses HS256 and alg none', async () => {
    const nonce = newNonce();
    const hs = await new SignJWT(claims(nonce))
      .setProtectedHeader({ alg: 'HS256', kid })
      .sign(new TextEncoder().encode('a-shared-secret-of-sufficient-length!'));
    await expectInvalid(hs, nonce);
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${part({ alg: 'none', typ: 'JWT' })}.${part(claims(nonce))}.`;
    await expectInvalid(none, nonce);
  });

  it('refuses a token without sub', async () => {
    const nonce = newNonce();
    const body = claims(nonce);
    delete body.sub;
    await expectInvalid(await sign(body), nonce);
  });

  it('refuses garbage and oversized input with a validation error', async () => {
    const res = await login({ id_token: 'not a token', nonce: newNonce() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ resCode: 'ID_TOKEN_INVALID' });
    const big = await login({ id_token: `${'a'.repeat(9000)}.b.c`, nonce: newNonce() });
    expect(big.statusCode).toBe(401);
    const shortNonce = await login({ id_token: await sign(claims('short')), nonce: 'short' });
    expect(shortNonce.statusCode).toBe(401);
  });
});

describe('members and e-mail addresses', () => {
  it('does not link silently to an active member with the same e-mail', async () => {
    const existing = await buildMember(t.database.db, { email: 'taken@gmail.test' });
    const nonce = newNonce();
    const res = await login({
      id_token: await sign(claims(nonce, { email: 'Taken@gmail.test' })),
      nonce,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ resCode: 'IDENTITY_EMAIL_IN_USE' });
    const linked = await t.database.db
      .select()
      .from(memberIdentities)
      .where(eq(memberIdentities.memberId, existing.id));
    expect(linked).toEqual([]);
  });

  it('keeps an unverified provider e-mail off the member row', async () => {
    const nonce = newNonce();
    const res = await signUpWith(
      await sign(claims(nonce, { email: 'unverified@gmail.test', email_verified: false })),
      nonce,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(members)
      .where(eq(members.id, res.json<{ user_id: number }>().user_id));
    expect(row).toMatchObject({ email: null, status: 'active', passwordHash: null });
  });
});

describe('the first sign-in waits for the consents (ADR 025)', () => {
  const countMembers = async (email: string) =>
    (await t.database.db.select().from(members).where(eq(members.email, email))).length;

  it('refuses a Korean sign-up without the three required items, field by field, in Korean', async () => {
    const nonce = newNonce();
    const body = claims(nonce, { email: 'consent-kr@gmail.test' });
    const token = signUpTokenOf(await login({ id_token: await sign(body), nonce }));
    const refused = await signUp({ sign_up_token: token, agree_marketing: 'true' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      result: 'fail',
      resCode: 'SIGNUP_CONSENT_REQUIRED',
      resMessage: '필수 약관에 모두 동의해 주세요.',
      fields: [
        { field: 'agree_terms', resMessage: '서비스 이용약관에 동의해 주세요.' },
        { field: 'agree_privacy', resMessage: '개인정보 수집 및 이용에 동의해 주세요.' },
        { field: 'agree_age', resMessage: '만 14세 이상만 가입할 수 있습니다.' },
      ],
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await countMembers('consent-kr@gmail.test')).toBe(0);
    const noAge = await signUp({ sign_up_token: token, agree_terms: 'true', agree_privacy: 'on' });
    expect(noAge.json()).toMatchObject({ fields: [{ field: 'agree_age' }] });
    expect(await countMembers('consent-kr@gmail.test')).toBe(0);

    const done = await signUp({ sign_up_token: token, ...requiredConsents });
    expect(done.statusCode).toBe(200);
    const memberId = done.json<{ user_id: number }>().user_id;
    const rows = await t.database.db
      .select()
      .from(memberConsents)
      .where(eq(memberConsents.memberId, memberId));
    expect(rows.map((r) => [r.item, r.agreed, r.version, r.source]).sort()).toEqual([
      ['age', true, consentVersions.age, 'sign_up'],
      ['marketing', false, consentVersions.marketing, 'sign_up'],
      ['privacy', true, consentVersions.privacy, 'sign_up'],
      ['terms', true, consentVersions.terms, 'sign_up'],
    ]);
    for (const row of rows) {
      expect(Math.abs(row.recordedAt.getTime() - Date.now())).toBeLessThan(60_000);
    }
  });

  it('refuses an unknown, malformed or expired sign-up token with SIGN_UP_EXPIRED', async () => {
    const unknown = await signUp({ sign_up_token: 'a'.repeat(43), ...requiredConsents });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ resCode: 'SIGN_UP_EXPIRED' });
    const malformed = await signUp({ sign_up_token: 'short', ...requiredConsents });
    expect(malformed.json()).toMatchObject({ resCode: 'SIGN_UP_EXPIRED' });

    const nonce = newNonce();
    const body = claims(nonce, { email: 'slow@gmail.test' });
    const token = signUpTokenOf(await login({ id_token: await sign(body), nonce }));
    await t.database.db
      .update(pendingSignUps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingSignUps.subject, body.sub!));
    const late = await signUp({ sign_up_token: token, ...requiredConsents });
    expect(late.json()).toMatchObject({
      resCode: 'SIGN_UP_EXPIRED',
      resMessage: '가입 시간이 지났습니다. 처음부터 다시 진행해 주세요.',
    });
    expect(await countMembers('slow@gmail.test')).toBe(0);
  });

  it('re-checks the e-mail at the end: an address registered meanwhile is not linked silently', async () => {
    const nonce = newNonce();
    const token = signUpTokenOf(
      await login({
        id_token: await sign(claims(nonce, { email: 'meanwhile@gmail.test' })),
        nonce,
      }),
    );
    const holder = await buildMember(t.database.db, { email: 'meanwhile@gmail.test' });
    const res = await signUp({ sign_up_token: token, ...requiredConsents });
    expect(res.json()).toMatchObject({ resCode: 'IDENTITY_EMAIL_IN_USE' });
    const linked = await t.database.db
      .select()
      .from(memberIdentities)
      .where(eq(memberIdentities.memberId, holder.id));
    expect(linked).toEqual([]);
  });

  it('creates one member when the same account finishes in two tabs', async () => {
    const sub = newSubject();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const nonce = newNonce();
      const body = claims(nonce, { sub, email: 'two-tabs@gmail.test' });
      tokens.push(signUpTokenOf(await login({ id_token: await sign(body), nonce })));
    }
    const first = await signUp({ sign_up_token: tokens[0]!, ...requiredConsents });
    const second = await signUp({ sign_up_token: tokens[1]!, ...requiredConsents });
    expect(second.json<{ user_id: number }>().user_id).toBe(
      first.json<{ user_id: number }>().user_id,
    );
    expect(await countMembers('two-tabs@gmail.test')).toBe(1);
  });
});

// --- connect / disconnect ----------------------------------------------------------------

const cookieOf = (token: string) => ({ cookie: `__Host-carol_sid=${token}` });

async function connect(sessionToken: string, sub: string) {
  const nonce = newNonce();
  return postForm(
    t.app,
    '/api/carol/account/connect',
    { id_token: await sign(claims(nonce, { sub })), nonce },
    { headers: cookieOf(sessionToken) },
  );
}

const disconnect = (sessionToken: string, identityId: number) =>
  postForm(
    t.app,
    '/api/carol/account/disconnect',
    { identity_id: identityId },
    { headers: cookieOf(sessionToken) },
  );

describe('POST /api/carol/account/connect and disconnect', () => {
  it('needs a session', async () => {
    const nonce = newNonce();
    const res = await postForm(t.app, '/api/carol/account/connect', {
      id_token: await sign(claims(nonce)),
      nonce,
    });
    expect(res.statusCode).toBe(401);
    expect(
      (await postForm(t.app, '/api/carol/account/disconnect', { identity_id: 1 })).statusCode,
    ).toBe(401);
  });

  it('links an account, is idempotent for the same member, refuses another member', async () => {
    const a = await buildMember(t.database.db);
    const b = await buildMember(t.database.db);
    const [sa, sb] = [
      await buildSession(t.database.db, a.id),
      await buildSession(t.database.db, b.id),
    ];
    const sub = newSubject();
    const linked = await connect(sa, sub);
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({
      result: 'success',
      identities: [{ provider: 'google', identity_id: expect.any(Number) as number }],
    });
    expect((await connect(sa, sub)).statusCode).toBe(200);
    const taken = await connect(sb, sub);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ resCode: 'IDENTITY_ALREADY_LINKED' });
  });

  it('refuses a bad token on connect', async () => {
    const a = await buildMember(t.database.db);
    const sa = await buildSession(t.database.db, a.id);
    const nonce = newNonce();
    const res = await postForm(
      t.app,
      '/api/carol/account/connect',
      { id_token: await sign(claims(nonce, { aud: 'other' })), nonce },
      { headers: cookieOf(sa) },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ resCode: 'ID_TOKEN_INVALID' });
  });

  it('refuses to unlink the last sign-in method, allows it when another one exists', async () => {
    const member = await buildMember(t.database.db, {
      email: null,
      phone: null,
      phoneVerifiedAt: null,
      passwordHash: null,
    });
    const session = await buildSession(t.database.db, member.id);
    const first = (await connect(session, newSubject())).json<{
      identities: Array<{ identity_id: number }>;
    }>().identities[0]!;
    const last = await disconnect(session, first.identity_id);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ resCode: 'LAST_SIGN_IN_METHOD' });

    const both = (await connect(session, newSubject())).json<{
      identities: Array<{ identity_id: number }>;
    }>().identities;
    expect(both).toHaveLength(2);
    const ok = await disconnect(session, first.identity_id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ identities: unknown[] }>().identities).toHaveLength(1);
    const remaining = ok.json<{ identities: Array<{ identity_id: number }> }>().identities[0]!;
    expect((await disconnect(session, remaining.identity_id)).statusCode).toBe(409);
  });

  it('lets a member with a password unlink their only identity', async () => {
    const member = await buildMember(t.database.db, { phoneVerifiedAt: null, passwordHash: 'x' });
    const session = await buildSession(t.database.db, member.id);
    const id = (await connect(session, newSubject())).json<{
      identities: Array<{ identity_id: number }>;
    }>().identities[0]!.identity_id;
    const res = await disconnect(session, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: 'success', identities: [] });
  });

  it("never lets member A unlink or see member B's identity", async () => {
    const a = await buildMember(t.database.db, { passwordHash: 'x' });
    const b = await buildMember(t.database.db, { passwordHash: 'x' });
    const [sa, sb] = [
      await buildSession(t.database.db, a.id),
      await buildSession(t.database.db, b.id),
    ];
    const bIdentity = (await connect(sb, newSubject())).json<{
      identities: Array<{ identity_id: number }>;
    }>().identities[0]!.identity_id;
    const res = await disconnect(sa, bIdentity);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resCode: 'EXTERNAL_LINK_FAILED' });
    const still = await t.database.db
      .select()
      .from(memberIdentities)
      .where(eq(memberIdentities.id, bIdentity));
    expect(still).toHaveLength(1);
    const infoA = await postForm(
      t.app,
      '/api/carol/account/get_user_info',
      {},
      { headers: cookieOf(sa) },
    );
    expect(infoA.json<{ user: { identities: unknown[] } }>().user.identities).toEqual([]);
  });

  it('refuses an unknown or malformed identity id', async () => {
    const a = await buildMember(t.database.db, { passwordHash: 'x' });
    const sa = await buildSession(t.database.db, a.id);
    expect((await disconnect(sa, 999_999)).statusCode).toBe(400);
    const bad = await postForm(
      t.app,
      '/api/carol/account/disconnect',
      { identity_id: 'abc' },
      { headers: cookieOf(sa) },
    );
    expect(bad.statusCode).toBe(400);
  });
});

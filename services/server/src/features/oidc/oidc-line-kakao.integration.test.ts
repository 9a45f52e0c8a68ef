import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT, type JWTPayload } from 'jose';
import { memberIdentities } from '../../db/schema/index.js';
import { loadConfig } from '../../env.js';
import { requiredConsents } from '../../../test/consents.js';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import {
  localKakaoUsers,
  localLineUsers,
  localOidcUsers,
  startLocalOidcProvider,
  type LocalOidcProvider,
} from '../../dev/local-oidc-provider.js';

// LINE and Kakao as issuers of their own beside the broker (Google / Apple): three local
// oidc-provider instances on loopback — LINE signing ES256 (JWKS), Kakao RS256, the broker
// RS256 — driven over real HTTP like a browser (code + PKCE), then /userapi/oidc/login.
// LINE's web-login tokens (HS256 with the channel secret) are signed here with that secret.

const redirectUri = 'http://127.0.0.1:3999/login/action';
const channelSecret = 'line-channel-secret-0123456789abcdef';
let line: LocalOidcProvider;
let lineHs: LocalOidcProvider;
let kakao: LocalOidcProvider;
let broker: LocalOidcProvider;
let t: TestApp;

beforeAll(async () => {
  [line, lineHs, kakao, broker] = await Promise.all([
    startLocalOidcProvider({
      port: 0,
      clientId: 'line-channel',
      redirectUris: [redirectUri],
      users: localLineUsers,
      algorithm: 'ES256',
      standsInFor: 'LINE',
    }),
    // LINE's web login: a confidential client whose id tokens are HS256 with the channel secret.
    startLocalOidcProvider({
      port: 0,
      clientId: 'line-channel-hs',
      clientSecret: channelSecret,
      redirectUris: [redirectUri],
      users: localLineUsers,
      algorithm: 'HS256',
      standsInFor: 'LINE',
    }),
    startLocalOidcProvider({
      port: 0,
      clientId: 'kakao-rest-key',
      redirectUris: [redirectUri],
      users: localKakaoUsers,
      algorithm: 'RS256',
      standsInFor: 'Kakao',
    }),
    startLocalOidcProvider({ port: 0, clientId: 'carol-web', redirectUris: [redirectUri] }),
  ]);
  t = await createTestApp({
    OIDC_ISSUER: broker.issuer,
    OIDC_CLIENT_ID: 'carol-web',
    OIDC_LINE_ISSUER: line.issuer,
    OIDC_LINE_CLIENT_ID: 'line-channel',
    OIDC_KAKAO_ISSUER: kakao.issuer,
    OIDC_KAKAO_CLIENT_ID: 'kakao-rest-key',
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([line, lineHs, kakao, broker].map((p) => p.close()));
});

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const newNonce = () => b64url(randomBytes(32));
const now = () => Math.floor(Date.now() / 1000);

/** Drives one provider like a browser: a cookie jar, manual redirects, the login form. */
async function authorize(idp: LocalOidcProvider, userSub: string, clientSecret?: string) {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const verifier = b64url(randomBytes(32));
  const state = b64url(randomBytes(16));
  const nonce = newNonce();
  const url = new URL(`${idp.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: idp.clientId,
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    state,
    nonce,
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();

  let res = await fetch(url, { redirect: 'manual' });
  remember(res);
  const interaction = new URL(res.headers.get('location')!, idp.issuer);
  res = await fetch(interaction, { headers: { cookie: cookie() } });
  remember(res);
  expect(await res.text()).toContain('Local test provider');
  res = await fetch(`${interaction.href}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user: userSub }).toString(),
  });
  remember(res);
  let location = new URL(res.headers.get('location')!, idp.issuer);
  for (let hop = 0; hop < 5 && !location.href.startsWith(redirectUri); hop++) {
    res = await fetch(location, { redirect: 'manual', headers: { cookie: cookie() } });
    remember(res);
    location = new URL(res.headers.get('location')!, idp.issuer);
  }
  expect(location.searchParams.get('state')).toBe(state);
  const token = await fetch(`${idp.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: location.searchParams.get('code')!,
      redirect_uri: redirectUri,
      client_id: idp.clientId,
      code_verifier: verifier,
      ...(clientSecret ? { client_secret: clientSecret } : {}),
    }).toString(),
  });
  expect(token.status).toBe(200);
  const { id_token } = (await token.json()) as { id_token: string };
  return { id_token, nonce };
}

const algOf = (jwt: string) =>
  (JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { alg: string }).alg;

function login(
  app: TestApp,
  fields: { id_token: string; nonce: string; provider?: string },
  server: 'kr' | 'jp' = 'kr',
) {
  return postForm(app.app, '/api/userapi/oidc/login', fields, { server });
}

/** A LINE web-login token: HS256 with the channel secret (LINE's own choice for web login). */
function lineWebToken(nonce: string, overrides: JWTPayload = {}, secret = channelSecret) {
  return new SignJWT({
    iss: line.issuer,
    sub: `U${randomBytes(16).toString('hex')}`,
    aud: 'line-channel',
    iat: now(),
    exp: now() + 3600,
    nonce,
    name: 'Haruka Tanaka',
    ...overrides,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

describe('LINE and Kakao beside the broker', () => {
  it('tells the web which buttons to show, in the market order, without secrets', async () => {
    const jp = await postForm(t.app, '/api/userapi/oidc/config', {}, { server: 'jp' });
    expect(jp.json()).toMatchObject({
      enabled: true,
      issuer: broker.issuer,
      providers: ['line', 'kakao', 'google', 'apple'],
      buttons: [
        { provider: 'line', issuer: line.issuer, client_id: 'line-channel', broker: false },
        { provider: 'kakao', issuer: kakao.issuer, client_id: 'kakao-rest-key', broker: false },
        { provider: 'google', issuer: broker.issuer, client_id: 'carol-web', broker: true },
        { provider: 'apple', issuer: broker.issuer, client_id: 'carol-web', broker: true },
      ],
    });
    const kr = await postForm(t.app, '/api/userapi/oidc/config', {}, { server: 'kr' });
    expect(kr.json<{ providers: string[] }>().providers).toEqual([
      'kakao',
      'line',
      'google',
      'apple',
    ]);
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
    );
    for (const issuer of [broker.issuer, line.issuer, kakao.issuer]) expect(csp).toContain(issuer);
  });

  it('signs in with LINE (ES256 from the JWKS): consents first, then the same member', async () => {
    const user = localLineUsers[0]!;
    const first = await authorize(line, user.sub);
    expect(algOf(first.id_token)).toBe('ES256');
    const res = await login(t, { ...first, provider: 'line' }, 'jp');
    expect(res.json()).toMatchObject({
      status: 'sign_up',
      sign_up: { provider: 'line', email: user.email, given_name: user.givenName },
    });
    const { sign_up_token } = res.json<{ sign_up: { sign_up_token: string } }>().sign_up;
    const done = await postForm(
      t.app,
      '/api/userapi/oidc/sign_up',
      { sign_up_token, ...requiredConsents },
      { server: 'jp' },
    );
    expect(done.statusCode).toBe(200);
    const { user_id } = done.json<{ user_id: number }>();
    const [identity] = await t.database.db
      .select()
      .from(memberIdentities)
      .where(eq(memberIdentities.memberId, user_id));
    expect(identity).toMatchObject({ issuer: line.issuer, subject: user.sub, provider: 'line' });

    const again = await authorize(line, user.sub);
    const second = await login(t, { ...again, provider: 'line' }, 'jp');
    expect(second.json()).toMatchObject({ status: 'signed_in', member: { user_id } });

    // The same token again: its nonce is used.
    const replay = await login(t, { ...again, provider: 'line' }, 'jp');
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ resCode: 'ID_TOKEN_INVALID' });
  });

  it('signs in with Kakao (RS256 from the JWKS found by discovery)', async () => {
    const user = localKakaoUsers[0]!;
    const first = await authorize(kakao, user.sub);
    expect(algOf(first.id_token)).toBe('RS256');
    const res = await login(t, { ...first, provider: 'kakao' });
    expect(res.json()).toMatchObject({
      status: 'sign_up',
      sign_up: { provider: 'kakao', email: user.email, family_name: user.familyName },
    });
    const { sign_up_token } = res.json<{ sign_up: { sign_up_token: string } }>().sign_up;
    const done = await postForm(t.app, '/api/userapi/oidc/sign_up', {
      sign_up_token,
      ...requiredConsents,
    });
    const { user_id } = done.json<{ user_id: number }>();
    const again = await authorize(kakao, user.sub);
    const second = await login(t, { ...again, provider: 'kakao' });
    expect(second.json()).toMatchObject({ status: 'signed_in', member: { user_id } });
    const info = await postForm(
      t.app,
      '/api/carol/account/get_user_info',
      {},
      { headers: { cookie: `${done.cookies[0]!.name}=${done.cookies[0]!.value}` } },
    );
    expect(info.json<{ user: { identities: unknown[] } }>().user.identities).toEqual([
      expect.objectContaining({ provider: 'kakao', email: user.email }),
    ]);
  });

  it("refuses one provider's token under another provider's configuration", async () => {
    const fromLine = await authorize(line, localLineUsers[0]!.sub);
    const fromKakao = await authorize(kakao, localKakaoUsers[0]!.sub);
    const fromBroker = await authorize(broker, localOidcUsers[0]!.sub);
    for (const [token, provider] of [
      [fromLine, 'kakao'],
      [fromLine, 'google'],
      [fromLine, undefined],
      [fromKakao, 'line'],
      [fromKakao, 'apple'],
      [fromBroker, 'line'],
      [fromBroker, 'kakao'],
    ] as const) {
      const res = await login(t, { ...token, ...(provider ? { provider } : {}) });
      expect(res.statusCode, `${provider ?? 'none'}`).toBe(401);
      expect(res.json()).toMatchObject({ resCode: 'ID_TOKEN_INVALID' });
    }
    // Refused tokens used no nonce: each still signs in under its own provider.
    expect((await login(t, { ...fromKakao, provider: 'kakao' })).json()).toMatchObject({
      status: 'signed_in',
    });
  });

  it('refuses a wrong algorithm: none, HS256 where only RS256/ES256 is allowed, HS256 keyed with a public key', async () => {
    const nonce = newNonce();
    const claims = { iss: kakao.issuer, sub: '42', aud: 'kakao-rest-key', nonce };
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...claims, iat: now(), exp: now() + 600 })).toString(
        'base64url',
      ),
      '',
    ].join('.');
    const jwks = await (await fetch(`${kakao.issuer}/jwks`)).text();
    const confused = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(jwks));
    // The LINE secret is not Kakao's: HS256 is not among Kakao's algorithms at all.
    const hsForKakao = await lineWebToken(nonce, { iss: kakao.issuer, aud: 'kakao-rest-key' });
    for (const idToken of [unsigned, confused, hsForKakao]) {
      const res = await login(t, { id_token: idToken, nonce, provider: 'kakao' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ resCode: 'ID_TOKEN_INVALID' });
    }
    // This app has no LINE channel secret: LINE's HS256 web-login tokens are refused too.
    const lineHsToken = await lineWebToken(nonce);
    const res = await login(t, { id_token: lineHsToken, nonce, provider: 'line' });
    expect(res.json()).toMatchObject({ resCode: 'ID_TOKEN_INVALID' });
  });
});

describe('LINE web login (HS256 with the channel secret)', () => {
  let hs: TestApp;
  beforeAll(async () => {
    hs = await createTestApp({
      OIDC_LINE_ISSUER: lineHs.issuer,
      OIDC_LINE_CLIENT_ID: 'line-channel-hs',
      OIDC_LINE_CLIENT_SECRET: channelSecret,
      OIDC_KAKAO_ISSUER: kakao.issuer,
      OIDC_KAKAO_CLIENT_ID: 'kakao-rest-key',
      OIDC_KAKAO_ENABLED: 'false',
    });
  });
  afterAll(async () => {
    await hs.close();
  });

  it('signs in with an HS256 token of the provider and never sends the secret', async () => {
    const first = await authorize(lineHs, localLineUsers[0]!.sub, channelSecret);
    expect(algOf(first.id_token)).toBe('HS256');
    const res = await login(hs, { ...first, provider: 'line' }, 'jp');
    expect(res.json()).toMatchObject({ status: 'sign_up', sign_up: { provider: 'line' } });
    const config = await postForm(hs.app, '/api/userapi/oidc/config', {}, { server: 'jp' });
    expect(config.json()).toMatchObject({ enabled: true, providers: ['line'] });
    expect(config.body).not.toContain(channelSecret);
  });

  it('checks expiry with 60 s leeway, the audience and azp, and refuses another secret', async () => {
    const base = { iss: lineHs.issuer, aud: 'line-channel-hs' };
    const cases: Array<[JWTPayload, string | undefined, boolean]> = [
      [{ ...base, exp: now() - 30, iat: now() - 120 }, undefined, true],
      [{ ...base, exp: now() - 90, iat: now() - 180 }, undefined, false],
      [{ ...base, nbf: now() + 30 }, undefined, true],
      [{ ...base, nbf: now() + 120 }, undefined, false],
      [{ ...base, iat: now() - 15 * 60, exp: now() + 600 }, undefined, false],
      [{ ...base, aud: 'another-channel' }, undefined, false],
      [{ ...base, aud: ['line-channel-hs', 'x'], azp: 'x' }, undefined, false],
      [{ ...base, aud: ['line-channel-hs', 'x'], azp: 'line-channel-hs' }, undefined, true],
      [{ ...base, iss: line.issuer }, undefined, false],
      [base, 'not-the-channel-secret-000000', false],
    ];
    for (const [overrides, secret, accepted] of cases) {
      const nonce = newNonce();
      const idToken = await lineWebToken(nonce, overrides, secret);
      const res = await login(hs, { id_token: idToken, nonce, provider: 'line' });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(accepted ? 200 : 401);
    }
  });

  it('refuses a switched-off provider (Kakao has a client id but OIDC_KAKAO_ENABLED=false)', async () => {
    const config = await postForm(hs.app, '/api/userapi/oidc/config', {}, { server: 'kr' });
    expect(config.json<{ providers: string[] }>().providers).toEqual(['line']);
    const token = await authorize(kakao, localKakaoUsers[0]!.sub);
    const res = await login(hs, { ...token, provider: 'kakao' });
    expect(res.statusCode).toBe(404);
    // Nor is it taken by the broker path (there is none here).
    expect((await login(hs, token)).statusCode).toBe(404);
  });
});

describe('provider configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data' };

  it('keeps the broker-only environment working (no LINE, no Kakao)', () => {
    const config = loadConfig({ ...base, OIDC_ISSUER: 'https://login.example.com' });
    expect(config.oidc).toMatchObject({
      issuer: 'https://login.example.com',
      providers: ['google', 'apple'],
      own: [],
      connectOrigins: ['https://login.example.com'],
    });
  });

  it("defaults to each provider's published issuer and algorithm", () => {
    const config = loadConfig({
      ...base,
      OIDC_LINE_CLIENT_ID: '1650000000',
      OIDC_KAKAO_CLIENT_ID: 'abc123',
    });
    expect(config.oidc.own).toEqual([
      expect.objectContaining({
        provider: 'line',
        issuer: 'https://access.line.me',
        algorithms: ['ES256'],
        clientSecret: undefined,
      }),
      expect.objectContaining({
        provider: 'kakao',
        issuer: 'https://kauth.kakao.com',
        algorithms: ['RS256'],
      }),
    ]);
    expect(config.oidc.connectOrigins).toEqual([
      'https://access.line.me',
      'https://api.line.me',
      'https://kauth.kakao.com',
    ]);
  });

  it('refuses HS256 without a secret, and none; a secret makes the exchange server-side', () => {
    expect(() =>
      loadConfig({ ...base, OIDC_LINE_CLIENT_ID: '1', OIDC_LINE_ALGORITHMS: 'HS256' }),
    ).toThrow(/OIDC_LINE_CLIENT_SECRET: required when HS256/);
    // A Kakao secret serves the token endpoint only (ADR 060): RS256 stays the only algorithm.
    const kakaoSecret = loadConfig({
      ...base,
      OIDC_KAKAO_CLIENT_ID: '1',
      OIDC_KAKAO_CLIENT_SECRET: 'x'.repeat(32),
    });
    expect(kakaoSecret.oidc.own[0]).toMatchObject({ algorithms: ['RS256'], exchange: 'server' });
    expect(() =>
      loadConfig({ ...base, OIDC_KAKAO_CLIENT_ID: '1', OIDC_KAKAO_ALGORITHMS: 'none' }),
    ).toThrow(/OIDC_KAKAO_ALGORITHMS/);
    const withSecret = loadConfig({
      ...base,
      OIDC_LINE_CLIENT_ID: '1',
      OIDC_LINE_CLIENT_SECRET: channelSecret,
    });
    expect(withSecret.oidc.own[0]).toMatchObject({
      algorithms: ['ES256', 'HS256'],
      exchange: 'server',
    });
    // The server calls LINE's token endpoint (api.line.me); the page no longer does.
    expect(withSecret.oidc.connectOrigins).toEqual(['https://access.line.me']);
  });
});

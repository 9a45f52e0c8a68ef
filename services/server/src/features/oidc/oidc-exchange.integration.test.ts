import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../env.js';
import { createTestDatabase, type TestDatabase } from '../../../test/db.js';
import { requiredConsents } from '../../../test/consents.js';
import { postForm } from '../../../test/app.js';
import {
  localKakaoUsers,
  localLineUsers,
  startLocalOidcProvider,
  type LocalOidcProvider,
} from '../../dev/local-oidc-provider.js';
import { checkTokenEndpoint } from './code-exchange.js';

// The server-side code exchange (ADR 060): local oidc-provider instances acting as LINE
// (confidential client, HS256 with the channel secret) and Kakao (confidential client, RS256),
// driven over real HTTP like a browser up to the redirect back with the code; then the code,
// state and PKCE verifier go to /userapi/oidc/exchange with the transaction cookie the web
// app stores, and the server adds the secret at the provider's token endpoint. Everything the
// server writes to its log and answers is searched for the secrets.

const appOrigin = 'http://127.0.0.1:3999';
const redirectUri = `${appOrigin}/login/action`;
const lineSecret = 'line-channel-secret-exchange-0123456789';
const kakaoSecret = 'kakao-client-secret-exchange-9876543210';

let line: LocalOidcProvider;
let kakao: LocalOidcProvider;
const logLines: string[] = [];
const answers: string[] = [];
const opened: Array<{ app: FastifyInstance; database: TestDatabase }> = [];

async function makeApp(env: Record<string, string>): Promise<FastifyInstance> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'trace',
    SERVE_WEB: 'false',
    SEED_ON_START: 'false',
    DATA_DIR: '/nonexistent-test-data',
    COOKIE_SECURE: 'false',
    RATE_LIMIT_PER_MINUTE: '10000',
    RATE_LIMIT_MEMBER_PER_MINUTE: '10000',
    ...env,
  });
  const app = await buildApp({
    config,
    db: database.db,
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  await app.ready();
  opened.push({ app, database });
  return app;
}

let app: FastifyInstance;

beforeAll(async () => {
  [line, kakao] = await Promise.all([
    startLocalOidcProvider({
      port: 0,
      clientId: 'line-channel',
      clientSecret: lineSecret,
      redirectUris: [redirectUri],
      users: localLineUsers,
      algorithm: 'HS256',
      standsInFor: 'LINE',
    }),
    startLocalOidcProvider({
      port: 0,
      clientId: 'kakao-rest-key',
      clientSecret: kakaoSecret,
      redirectUris: [redirectUri],
      users: localKakaoUsers,
      algorithm: 'RS256',
      standsInFor: 'Kakao',
    }),
  ]);
  app = await makeApp({
    OIDC_LINE_ISSUER: line.issuer,
    OIDC_LINE_CLIENT_ID: 'line-channel',
    OIDC_LINE_CLIENT_SECRET: lineSecret,
    OIDC_KAKAO_ISSUER: kakao.issuer,
    OIDC_KAKAO_CLIENT_ID: 'kakao-rest-key',
    OIDC_KAKAO_CLIENT_SECRET: kakaoSecret,
  });
});
afterAll(async () => {
  for (const { app: opened_, database } of opened) {
    await opened_.close();
    await database.close();
  }
  await Promise.all([line, kakao].map((p) => p.close()));
});

const b64url = (bytes: Buffer) => bytes.toString('base64url');

interface Callback {
  code: string;
  state: string;
  verifier: string;
  nonce: string;
}

/** Drives one provider like a browser up to the redirect back to /login/action. */
async function authorize(idp: LocalOidcProvider, userSub: string): Promise<Callback> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const verifier = b64url(randomBytes(32));
  // oidc-client-ts's state id: 32 hex digits.
  const state = randomBytes(16).toString('hex');
  const nonce = b64url(randomBytes(32));
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
  return { code: location.searchParams.get('code')!, state, verifier, nonce };
}

/** The transaction oidc-client-ts stores in the `carol_oidc_<state>` cookie (web oidc-client.ts). */
function transactionCookie(
  idp: LocalOidcProvider,
  cb: Callback,
  intent: 'login' | 'connect',
  provider: 'line' | 'kakao',
  overrides: Record<string, unknown> = {},
): string {
  const transaction = {
    id: cb.state,
    data: { intent, provider, target: '/', nonce: cb.nonce },
    created: Math.floor(Date.now() / 1000),
    request_type: 'si:r',
    code_verifier: cb.verifier,
    authority: idp.issuer,
    client_id: idp.clientId,
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    nonce: cb.nonce,
    ...overrides,
  };
  return `carol_oidc_${cb.state}=${encodeURIComponent(JSON.stringify(transaction))}`;
}

async function exchange(
  target: FastifyInstance,
  fields: {
    provider: 'line' | 'kakao';
    intent?: 'login' | 'connect';
    code: string;
    state: string;
    code_verifier: string;
  },
  options: { cookie?: string; server?: 'kr' | 'jp'; language?: string; origin?: string } = {},
): Promise<LightMyRequestResponse> {
  const res = await postForm(
    target,
    '/api/userapi/oidc/exchange',
    { intent: 'login', ...fields },
    {
      server: options.server ?? 'kr',
      headers: {
        host: '127.0.0.1:3999',
        origin: options.origin ?? appOrigin,
        'accept-language': options.language ?? 'ko',
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
    },
  );
  answers.push(JSON.stringify(res.headers), res.body);
  return res;
}

const fieldsOf = (cb: Callback, provider: 'line' | 'kakao') => ({
  provider,
  code: cb.code,
  state: cb.state,
  code_verifier: cb.verifier,
});

const sessionCookieOf = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'carol_sid' && c.value)!;

describe('oidc/exchange (the server exchanges LINE and Kakao codes with the secret)', () => {
  it('tells the web to use the server exchange, without the secrets', async () => {
    const res = await postForm(app, '/api/userapi/oidc/config', {}, { server: 'jp' });
    answers.push(res.body);
    expect(res.json()).toMatchObject({
      providers: ['line', 'kakao'],
      buttons: [
        { provider: 'line', client_id: 'line-channel', exchange: 'server' },
        { provider: 'kakao', client_id: 'kakao-rest-key', exchange: 'server' },
      ],
    });
  });

  it('signs up and then signs in with LINE (jp), the transaction cookie used up', async () => {
    const user = localLineUsers[0]!;
    const first = await authorize(line, user.sub);
    const res = await exchange(app, fieldsOf(first, 'line'), {
      server: 'jp',
      cookie: transactionCookie(line, first, 'login', 'line'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'sign_up',
      sign_up: { provider: 'line', email: user.email, given_name: user.givenName },
    });
    // The transaction is cleared with the answer.
    expect(res.cookies.find((c) => c.name === `carol_oidc_${first.state}`)).toMatchObject({
      value: '',
    });
    const { sign_up_token } = res.json<{ sign_up: { sign_up_token: string } }>().sign_up;
    const done = await postForm(
      app,
      '/api/userapi/oidc/sign_up',
      { sign_up_token, ...requiredConsents },
      { server: 'jp' },
    );
    expect(done.statusCode).toBe(200);
    const { user_id } = done.json<{ user_id: number }>();

    const again = await authorize(line, user.sub);
    const second = await exchange(app, fieldsOf(again, 'line'), {
      server: 'jp',
      cookie: transactionCookie(line, again, 'login', 'line'),
    });
    expect(second.json()).toMatchObject({ status: 'signed_in', member: { user_id } });
    expect(sessionCookieOf(second)).toBeDefined();

    // The same code again: the provider refuses a used code.
    const replay = await exchange(app, fieldsOf(again, 'line'), {
      server: 'jp',
      cookie: transactionCookie(line, again, 'login', 'line'),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ resCode: 'EXTERNAL_SIGN_IN_FAILED' });
  });

  it('signs in with Kakao (kr) and links LINE to that member', async () => {
    const user = localKakaoUsers[0]!;
    const first = await authorize(kakao, user.sub);
    const res = await exchange(app, fieldsOf(first, 'kakao'), {
      cookie: transactionCookie(kakao, first, 'login', 'kakao'),
    });
    expect(res.json()).toMatchObject({ status: 'sign_up', sign_up: { provider: 'kakao' } });
    const { sign_up_token } = res.json<{ sign_up: { sign_up_token: string } }>().sign_up;
    const done = await postForm(app, '/api/userapi/oidc/sign_up', {
      sign_up_token,
      ...requiredConsents,
    });
    const session = sessionCookieOf(done);

    // A new LINE account (the first LINE user belongs to the member of the test above).
    const link = await authorize(line, `new:line`);
    const cookie = `${session.name}=${session.value}; ${transactionCookie(line, link, 'connect', 'line')}`;
    const connected = await exchange(
      app,
      { ...fieldsOf(link, 'line'), intent: 'connect' },
      { cookie },
    );
    expect(connected.statusCode).toBe(200);
    const body = connected.json<{ status: string; identities: Array<{ provider: string }> }>();
    expect(body.status).toBe('connected');
    expect(body.identities.map((i) => i.provider).sort()).toEqual(['kakao', 'line']);

    // Linking without a session: refused before the code is spent.
    const anonymous = await authorize(line, 'new:line');
    const refused = await exchange(
      app,
      { ...fieldsOf(anonymous, 'line'), intent: 'connect' },
      { cookie: transactionCookie(line, anonymous, 'connect', 'line') },
    );
    expect(refused.statusCode).toBe(401);
  });

  it('refuses a state that names no stored transaction, in the asker’s language', async () => {
    const cb = await authorize(kakao, localKakaoUsers[0]!.sub);
    const other = randomBytes(16).toString('hex');
    // The cookie holds another sign-in's transaction; the callback's state is not it.
    const res = await exchange(
      app,
      { ...fieldsOf(cb, 'kakao'), state: other },
      { cookie: transactionCookie(kakao, cb, 'login', 'kakao'), language: 'ja' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      resCode: 'EXTERNAL_SIGN_IN_FAILED',
      resMessage: '外部アカウントでのログインに失敗しました。もう一度お試しください。',
    });
    // No transaction at all, another provider's, another intent, or a verifier that differs.
    for (const cookie of [
      undefined,
      transactionCookie(kakao, cb, 'login', 'line'),
      transactionCookie(kakao, cb, 'connect', 'kakao'),
      transactionCookie(kakao, cb, 'login', 'kakao', { authority: line.issuer }),
      transactionCookie(kakao, cb, 'login', 'kakao', { code_verifier: b64url(randomBytes(32)) }),
      transactionCookie(kakao, cb, 'login', 'kakao', { redirect_uri: 'https://evil.test/cb' }),
      transactionCookie(kakao, cb, 'login', 'kakao', {
        created: Math.floor(Date.now() / 1000) - 2 * 24 * 60 * 60,
      }),
    ]) {
      const refused = await exchange(app, fieldsOf(cb, 'kakao'), cookie ? { cookie } : {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ resCode: 'EXTERNAL_SIGN_IN_FAILED' });
    }
    // The code was never spent: the right transaction still signs in.
    const ok = await exchange(app, fieldsOf(cb, 'kakao'), {
      cookie: transactionCookie(kakao, cb, 'login', 'kakao'),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers a wrong verifier (the provider refuses it) with a localized failure', async () => {
    const cb = await authorize(kakao, localKakaoUsers[0]!.sub);
    const wrong = { ...cb, verifier: b64url(randomBytes(32)) };
    const res = await exchange(app, fieldsOf(wrong, 'kakao'), {
      cookie: transactionCookie(kakao, wrong, 'login', 'kakao'),
      language: 'ko',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      resCode: 'EXTERNAL_SIGN_IN_FAILED',
      resMessage: '외부 계정으로 로그인하지 못했습니다. 다시 시도해 주세요.',
    });
  });

  it('refuses a request from another site', async () => {
    const cb = await authorize(kakao, localKakaoUsers[0]!.sub);
    const res = await exchange(app, fieldsOf(cb, 'kakao'), {
      cookie: transactionCookie(kakao, cb, 'login', 'kakao'),
      origin: 'https://evil.test',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ resCode: 'ORIGIN_REJECTED' });
  });

  it('answers a provider that is down with a localized failure, not a 5xx', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const downIssuer = `http://127.0.0.1:${closedPort}`;
    const down = await makeApp({
      OIDC_KAKAO_ISSUER: downIssuer,
      OIDC_KAKAO_CLIENT_ID: 'kakao-rest-key',
      OIDC_KAKAO_CLIENT_SECRET: kakaoSecret,
    });
    const cb: Callback = {
      code: b64url(randomBytes(32)),
      state: randomBytes(16).toString('hex'),
      verifier: b64url(randomBytes(32)),
      nonce: b64url(randomBytes(32)),
    };
    const res = await exchange(down, fieldsOf(cb, 'kakao'), {
      cookie: transactionCookie({ ...kakao, issuer: downIssuer }, cb, 'login', 'kakao'),
      language: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      resCode: 'EXTERNAL_SIGN_IN_FAILED',
      resMessage: 'Signing in with the external account failed. Please try again.',
    });
  });

  it('answers NOT_FOUND for a provider switched off or exchanged by the browser', async () => {
    const off = await makeApp({
      OIDC_LINE_ENABLED: 'false',
      OIDC_LINE_ISSUER: line.issuer,
      OIDC_LINE_CLIENT_ID: 'line-channel',
      OIDC_LINE_CLIENT_SECRET: lineSecret,
      // Kakao without a secret: a public client, the browser exchanges its code.
      OIDC_KAKAO_ISSUER: kakao.issuer,
      OIDC_KAKAO_CLIENT_ID: 'kakao-rest-key',
    });
    const lineCb = await authorize(line, localLineUsers[0]!.sub);
    const lineRes = await exchange(off, fieldsOf(lineCb, 'line'), {
      server: 'jp',
      cookie: transactionCookie(line, lineCb, 'login', 'line'),
    });
    expect(lineRes.statusCode).toBe(404);
    expect(lineRes.json()).toMatchObject({ resCode: 'NOT_FOUND' });
    const kakaoCb = await authorize(kakao, localKakaoUsers[0]!.sub);
    const kakaoRes = await exchange(off, fieldsOf(kakaoCb, 'kakao'), {
      cookie: transactionCookie(kakao, kakaoCb, 'login', 'kakao'),
    });
    expect(kakaoRes.statusCode).toBe(404);
    const config = await postForm(off, '/api/userapi/oidc/config', {}, { server: 'kr' });
    expect(config.json()).toMatchObject({
      providers: ['kakao'],
      buttons: [{ provider: 'kakao', exchange: 'browser' }],
    });
  });

  it('never puts a secret into an answer or the log', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(10);
    for (const secret of [lineSecret, kakaoSecret]) {
      expect(logLines.join('')).not.toContain(secret);
      expect(answers.join('')).not.toContain(secret);
    }
  });
});

describe('token endpoint from discovery', () => {
  it("accepts only the issuer's origin (and LINE's API host for the real LINE)", () => {
    expect(checkTokenEndpoint('http://127.0.0.1:5000', 'http://127.0.0.1:5000/token').href).toBe(
      'http://127.0.0.1:5000/token',
    );
    expect(
      checkTokenEndpoint('https://access.line.me', 'https://api.line.me/oauth2/v2.1/token').host,
    ).toBe('api.line.me');
    expect(
      checkTokenEndpoint('https://kauth.kakao.com', 'https://kauth.kakao.com/oauth/token').host,
    ).toBe('kauth.kakao.com');
    for (const [issuer, endpoint] of [
      ['https://kauth.kakao.com', 'https://evil.test/token'],
      ['https://kauth.kakao.com', 'http://kauth.kakao.com/oauth/token'],
      ['https://kauth.kakao.com', 'https://api.line.me/oauth2/v2.1/token'],
      ['http://127.0.0.1:5000', 'http://127.0.0.1:5001/token'],
    ] as const) {
      expect(() => checkTokenEndpoint(issuer, endpoint)).toThrow();
    }
    expect(() => checkTokenEndpoint('https://kauth.kakao.com', undefined)).toThrow();
  });
});

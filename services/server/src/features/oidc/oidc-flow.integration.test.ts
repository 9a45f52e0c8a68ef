import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postForm, type TestApp } from '../../../test/app.js';
import {
  localOidcUsers,
  startLocalOidcProvider,
  type LocalOidcProvider,
} from '../../dev/local-oidc-provider.js';

// The whole authorization-code + PKCE flow over real HTTP against the local oidc-provider
// (what the browser does with oidc-client-ts), then the id token at /userapi/oidc/login.

const redirectUri = 'http://127.0.0.1:3999/login/action';
let idp: LocalOidcProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startLocalOidcProvider({
    port: 0,
    clientId: 'carol-web',
    redirectUris: [redirectUri],
  });
  t = await createTestApp({ OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'carol-web' });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** Drives the provider like a browser: a cookie jar, manual redirects, the login form. */
async function authorize(userSub: string, connection = 'google') {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const verifier = b64url(randomBytes(32));
  const state = b64url(randomBytes(16));
  const nonce = b64url(randomBytes(32));
  const url = new URL(`${idp.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: 'carol-web',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    state,
    nonce,
    code_challenge: b64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    connection,
  }).toString();

  let res = await fetch(url, { redirect: 'manual' });
  remember(res);
  const interaction = new URL(res.headers.get('location')!, idp.issuer);
  res = await fetch(interaction, { headers: { cookie: cookie() } });
  remember(res);
  const page = await res.text();
  expect(page).toContain('Local test provider');
  expect(page).toContain('Google test user');

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
  expect(location.href.startsWith(redirectUri)).toBe(true);
  expect(location.searchParams.get('state')).toBe(state);
  const code = location.searchParams.get('code')!;

  const token = await fetch(`${idp.issuer}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://127.0.0.1:3999',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'carol-web',
      code_verifier: verifier,
    }).toString(),
  });
  expect(token.status).toBe(200);
  // The browser calls the token endpoint cross-origin: CORS must allow the app's origin.
  expect(token.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3999');
  const body = (await token.json()) as { id_token: string };
  return { idToken: body.id_token, nonce };
}

const google = localOidcUsers[0]!;
const apple = localOidcUsers[2]!;

describe('local provider + /userapi/oidc/login', () => {
  it('publishes the runtime config the web reads', async () => {
    const res = await postForm(t.app, '/api/userapi/oidc/config', {});
    expect(res.json()).toEqual({
      result: 'success',
      enabled: true,
      issuer: idp.issuer,
      client_id: 'carol-web',
      audience: 'carol-web',
      providers: ['google', 'apple'],
    });
  });

  it('allows the token exchange in the CSP (connect-src has the issuer)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(res.headers['content-security-policy'])).toContain(
      `connect-src 'self' ${idp.issuer}`,
    );
  });

  it('creates a member on first sign-in, signs the same member in later, refuses a replay', async () => {
    const first = await authorize(google.sub);
    const res = await postForm(
      t.app,
      '/api/userapi/oidc/login',
      { id_token: first.idToken, nonce: first.nonce, provider: 'google' },
      { headers: { 'accept-language': 'ja' }, server: 'jp' },
    );
    expect(res.statusCode).toBe(200);
    const member = res.json<{ user_id: number }>();
    expect(member).toMatchObject({
      result: 'success',
      email: google.email,
      family_name: google.familyName,
      given_name: google.givenName,
      language: 'ja',
      server: 'jp',
    });
    const session = res.cookies.find(
      (c) => c.name === 'carol_sid' || c.name === '__Host-carol_sid',
    );
    expect(session?.httpOnly).toBe(true);

    const info = await postForm(
      t.app,
      '/api/carol/account/get_user_info',
      {},
      { headers: { cookie: `${session!.name}=${session!.value}` } },
    );
    expect(info.json<{ user: unknown }>().user).toMatchObject({
      email: google.email,
      has_password: false,
      identities: [{ provider: 'google', email: google.email }],
    });

    // The same id token again: its nonce is used.
    const replay = await postForm(t.app, '/api/userapi/oidc/login', {
      id_token: first.idToken,
      nonce: first.nonce,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ resCode: 'ID_TOKEN_INVALID' });

    const again = await authorize(google.sub);
    const second = await postForm(t.app, '/api/userapi/oidc/login', {
      id_token: again.idToken,
      nonce: again.nonce,
    });
    expect(second.json<{ user_id: number }>().user_id).toBe(member.user_id);
  });

  it('refuses a nonce other than the one in the token', async () => {
    const { idToken } = await authorize(apple.sub, 'apple');
    const res = await postForm(t.app, '/api/userapi/oidc/login', {
      id_token: idToken,
      nonce: b64url(randomBytes(32)),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ resCode: 'ID_TOKEN_INVALID' });
  });

  it('takes the provider from the subject, not from the button', async () => {
    const { idToken, nonce } = await authorize(apple.sub, 'apple');
    const res = await postForm(t.app, '/api/userapi/oidc/login', {
      id_token: idToken,
      nonce,
      provider: 'google',
    });
    const cookie = res.cookies[0]!;
    const info = await postForm(
      t.app,
      '/api/carol/account/get_user_info',
      {},
      { headers: { cookie: `${cookie.name}=${cookie.value}` } },
    );
    expect(info.json<{ user: { identities: unknown[] } }>().user.identities).toEqual([
      expect.objectContaining({ provider: 'apple', email: apple.email }),
    ]);
  });
});

describe('external sign-in switched off', () => {
  it('answers enabled=false and refuses tokens when OIDC_ISSUER is unset', async () => {
    const off = await createTestApp();
    try {
      const config = await postForm(off.app, '/api/userapi/oidc/config', {});
      expect(config.json()).toMatchObject({ enabled: false, issuer: '' });
      const res = await postForm(off.app, '/api/userapi/oidc/login', {
        id_token: 'aaaaaaaaaa.bbbbbbbbbbbb.cccc',
        nonce: b64url(randomBytes(32)),
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consentVersions } from '@carol/contracts';
import { members } from '../../db/schema/index.js';
import { requiredConsents } from '../../../test/consents.js';
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

const membersWithEmail = (email: string) =>
  t.database.db.select().from(members).where(eq(members.email, email));

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
      buttons: [
        {
          provider: 'google',
          issuer: idp.issuer,
          client_id: 'carol-web',
          audience: 'carol-web',
          broker: true,
          exchange: 'browser',
        },
        {
          provider: 'apple',
          issuer: idp.issuer,
          client_id: 'carol-web',
          audience: 'carol-web',
          broker: true,
          exchange: 'browser',
        },
      ],
    });
  });

  it('allows the token exchange in the CSP (connect-src has the issuer)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(res.headers['content-security-policy'])).toContain(
      `connect-src 'self' ${idp.issuer}`,
    );
  });

  it('asks for the consents before creating a member, then signs the same member in later', async () => {
    const first = await authorize(google.sub);
    const res = await postForm(
      t.app,
      '/api/userapi/oidc/login',
      { id_token: first.idToken, nonce: first.nonce, provider: 'google' },
      { headers: { 'accept-language': 'ja' }, server: 'jp' },
    );
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ status: string; sign_up: { sign_up_token: string } }>();
    expect(answer).toMatchObject({
      result: 'success',
      status: 'sign_up',
      sign_up: {
        provider: 'google',
        email: google.email,
        family_name: google.familyName,
        given_name: google.givenName,
        expires_in: 1800,
      },
    });
    expect(answer.sign_up.sign_up_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Nothing is created and nobody is signed in before the consents.
    expect(res.cookies).toEqual([]);
    expect(await membersWithEmail(google.email)).toEqual([]);

    // Japan asks for terms and privacy; the token stays usable after a refusal.
    const refused = await postForm(
      t.app,
      '/api/userapi/oidc/sign_up',
      { sign_up_token: answer.sign_up.sign_up_token, agree_terms: 'true' },
      { headers: { 'accept-language': 'ja' }, server: 'jp' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      resCode: 'SIGNUP_CONSENT_REQUIRED',
      fields: [{ field: 'agree_privacy', resMessage: '個人情報の取り扱いに同意してください。' }],
    });
    expect(await membersWithEmail(google.email)).toEqual([]);

    const done = await postForm(
      t.app,
      '/api/userapi/oidc/sign_up',
      {
        sign_up_token: answer.sign_up.sign_up_token,
        agree_terms: 'true',
        agree_privacy: 'true',
        agree_marketing: 'true',
      },
      { headers: { 'accept-language': 'ja' }, server: 'jp' },
    );
    expect(done.statusCode).toBe(200);
    const member = done.json<{ user_id: number }>();
    expect(member).toMatchObject({
      result: 'success',
      email: google.email,
      family_name: google.familyName,
      given_name: google.givenName,
      language: 'ja',
      server: 'jp',
    });
    const session = done.cookies.find(
      (c) => c.name === 'carol_sid' || c.name === '__Host-carol_sid',
    );
    expect(session?.httpOnly).toBe(true);
    const cookie = { cookie: `${session!.name}=${session!.value}` };

    const info = await postForm(t.app, '/api/carol/account/get_user_info', {}, { headers: cookie });
    expect(info.json<{ user: unknown }>().user).toMatchObject({
      email: google.email,
      has_password: false,
      identities: [{ provider: 'google', email: google.email }],
    });
    // Japan's items only (no age item), with the version and the time.
    const consents = await postForm(
      t.app,
      '/api/carol/account/get_consents',
      {},
      { headers: cookie },
    );
    expect(
      consents.json<{ consents: Array<{ item: string; agreed: boolean }> }>().consents,
    ).toEqual([
      expect.objectContaining({ item: 'terms', agreed: true, version: consentVersions.terms }),
      expect.objectContaining({ item: 'privacy', agreed: true, version: consentVersions.privacy }),
      expect.objectContaining({ item: 'marketing', agreed: true }),
    ]);

    // The sign-up token works once.
    const reused = await postForm(t.app, '/api/userapi/oidc/sign_up', {
      sign_up_token: answer.sign_up.sign_up_token,
      ...requiredConsents,
    });
    expect(reused.json()).toMatchObject({ resCode: 'SIGN_UP_EXPIRED' });

    // The same id token again: its nonce is used.
    const replay = await postForm(t.app, '/api/userapi/oidc/login', {
      id_token: first.idToken,
      nonce: first.nonce,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ resCode: 'ID_TOKEN_INVALID' });

    // Later sign-ins go straight in, without a consent step.
    const again = await authorize(google.sub);
    const second = await postForm(t.app, '/api/userapi/oidc/login', {
      id_token: again.idToken,
      nonce: again.nonce,
    });
    expect(second.json()).toMatchObject({
      status: 'signed_in',
      member: { user_id: member.user_id },
    });
    expect(second.cookies.some((c) => c.name === session!.name)).toBe(true);
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
    const { sign_up } = res.json<{ sign_up: { sign_up_token: string; provider: string } }>();
    expect(sign_up.provider).toBe('apple');
    const done = await postForm(t.app, '/api/userapi/oidc/sign_up', {
      sign_up_token: sign_up.sign_up_token,
      ...requiredConsents,
    });
    const cookie = done.cookies[0]!;
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

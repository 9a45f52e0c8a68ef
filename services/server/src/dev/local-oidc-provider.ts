/**
 * A LOCAL OpenID Connect provider (oidc-provider) standing in for Google and Apple in tests,
 * e2e and the demo (`npm run dev`, `npm start` without OIDC_ISSUER), and, as separate
 * instances, for LINE (ES256, or HS256 with the channel secret) and Kakao (RS256) in tests.
 * It is a real provider: authorization code + PKCE (S256) for one client, keys generated at
 * start, discovery, JWKS, id tokens carrying the nonce. Its login page lists fixed test users
 * and is clearly labelled as a test provider; consent is granted automatically.
 * Never used in production: OIDC_ISSUER set means the real provider is used instead.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import type { OidcContext } from 'oidc-provider';

export interface LocalOidcUser {
  /** The id token's `sub`: Auth0-style, so the provider shows in the prefix. */
  sub: string;
  provider: LocalProvider;
  label: string;
  email: string;
  familyName: string;
  givenName: string;
}

type LocalProvider = 'google' | 'apple' | 'line' | 'kakao';

/** The fixed test users (stable subjects, so repeated sign-ins find the same member). */
export const localOidcUsers: readonly LocalOidcUser[] = [
  {
    sub: 'google-oauth2|100000000000000000001',
    provider: 'google',
    label: 'Google test user',
    email: 'google.tester@carol.test',
    familyName: 'Han',
    givenName: 'Jiwoo',
  },
  {
    sub: 'google-oauth2|100000000000000000002',
    provider: 'google',
    label: 'Google test user 2',
    email: 'google.tester2@carol.test',
    familyName: 'Sato',
    givenName: 'Yui',
  },
  {
    sub: 'apple|000123.4f1d7c0a5e2b4c8e9a3d6b1f0e7c2a95.0417',
    provider: 'apple',
    label: 'Apple test user',
    email: 'apple.tester@privaterelay.carol.test',
    familyName: 'Park',
    givenName: 'Seoyeon',
  },
];

/** LINE's subjects are `U` + 32 hex digits. */
export const localLineUsers: readonly LocalOidcUser[] = [
  {
    sub: 'U4af4980629a0c3e6c2d8b1f0e7c2a95d',
    provider: 'line',
    label: 'LINE test user',
    email: 'line.tester@carol.test',
    familyName: 'Tanaka',
    givenName: 'Haruka',
  },
];

/** Kakao's subjects are the numeric member id. */
export const localKakaoUsers: readonly LocalOidcUser[] = [
  {
    sub: '3141592653',
    provider: 'kakao',
    label: 'Kakao test user',
    email: 'kakao.tester@carol.test',
    familyName: 'Kim',
    givenName: 'Minji',
  },
];

export interface LocalOidcOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  clientId: string;
  redirectUris: string[];
  /** Origins allowed to call the token endpoint (CORS); default: the redirect URIs' origins. */
  allowedOrigins?: string[];
  users?: readonly LocalOidcUser[];
  /** The id token signature: RS256 (default), ES256, or HS256 with `clientSecret`. */
  algorithm?: 'RS256' | 'ES256' | 'HS256';
  /** A confidential client (client_secret_post), e.g. LINE's channel secret; needed for HS256. */
  clientSecret?: string;
  /** Whom the login page says it stands in for; default "Google and Apple". */
  standsInFor?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  users: readonly LocalOidcUser[];
  close(): Promise<void>;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

/** The login page's "new account" buttons: each sign-in with one is an account never seen before. */
const newAccountPrefix = 'new:';

/** A fresh account of the provider (a new subject and address), for trying a first sign-up. */
const providerNames: Record<LocalProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  line: 'LINE',
  kakao: 'Kakao',
};

function newSubject(provider: LocalProvider, id: string): string {
  if (provider === 'apple') return `apple|new.${id}`;
  if (provider === 'line') return `U${id}${randomBytes(10).toString('hex')}`;
  if (provider === 'kakao') return String(Number.parseInt(id.slice(0, 10), 16));
  return `google-oauth2|new-${id}`;
}

function newAccount(provider: LocalProvider): LocalOidcUser {
  const id = randomBytes(6).toString('hex');
  return {
    sub: newSubject(provider, id),
    provider,
    label: `New ${providerNames[provider]} account`,
    email: `new-${id}@${provider === 'apple' ? 'privaterelay.' : ''}carol.test`,
    familyName: 'Choi',
    givenName: 'Dana',
  };
}

const isLocalProvider = (value: string): value is LocalProvider => value in providerNames;

function loginPage(
  uid: string,
  users: readonly LocalOidcUser[],
  connection: unknown,
  standsInFor: string,
): string {
  // The button the app used (connection=google|apple) puts that provider's users first.
  const sorted = [...users].sort(
    (a, b) => Number(b.provider === connection) - Number(a.provider === connection),
  );
  const buttons = sorted
    .map(
      (u) => `<button type="submit" name="user" value="${escapeHtml(u.sub)}" class="${u.provider}">
  <strong>${escapeHtml(u.label)}</strong><span>${escapeHtml(`${u.givenName} ${u.familyName} · ${u.email}`)}</span>
</button>`,
    )
    .join('\n');
  const fresh = [...new Set(users.map((u) => u.provider))]
    .map(
      (
        provider,
      ) => `<button type="submit" name="user" value="${newAccountPrefix}${provider}" class="new">
  <strong>New ${providerNames[provider]} account</strong><span>Dana Choi · a new address on every sign-in (first sign-up)</span>
</button>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local test identity provider</title>
<style>
  body{margin:0;font-family:system-ui,-apple-system,'Noto Sans KR','Noto Sans JP',sans-serif;background:#f4f4f6;color:#1d1d1f}
  main{max-width:420px;margin:0 auto;padding:28px 20px}
  .badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#8a4b00;background:#fff1db;border-radius:999px;padding:4px 10px}
  h1{font-size:22px;margin:14px 0 6px}
  p{margin:0 0 20px;color:#5c5c66;font-size:14px;line-height:1.5}
  form{display:flex;flex-direction:column;gap:10px}
  button{display:flex;flex-direction:column;align-items:flex-start;gap:2px;width:100%;padding:14px 16px;border-radius:12px;border:1px solid #d9d9e0;background:#fff;font:inherit;text-align:left;cursor:pointer}
  button.apple{background:#000;color:#fff;border-color:#000}
  button.new{border-style:dashed}
  button span{font-size:13px;opacity:.75}
  button.cancel{align-items:center;background:transparent;border:none;color:#5c5c66;margin-top:6px}
</style></head>
<body><main>
  <span class="badge">Local test provider</span>
  <h1>Sign in to continue to Carol</h1>
  <p>This is the local OpenID Connect provider for development and tests. It stands in for ${escapeHtml(standsInFor)}; choose a test user.</p>
  <form method="post" action="/interaction/${escapeHtml(uid)}/login">
${buttons}
${fresh}
    <button type="submit" name="cancel" value="1" class="cancel">Cancel</button>
  </form>
</main></body></html>`;
}

/**
 * oidc-provider prints notices meant for production deployments (in-memory adapter, Node.js
 * version) on import and construction; this test provider is in-memory on purpose.
 */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const { warn, info } = console;
  const filter =
    (original: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider ')) return;
      original(...args);
    };
  console.warn = filter(warn);
  console.info = filter(info);
  try {
    return await work();
  } finally {
    console.warn = warn;
    console.info = info;
  }
}

export async function startLocalOidcProvider(
  options: LocalOidcOptions,
): Promise<LocalOidcProvider> {
  const users = options.users ?? localOidcUsers;
  // Accounts made by the "new account" buttons, for the provider's lifetime.
  const created = new Map<string, LocalOidcUser>();
  const userOf = (sub: string) => users.find((u) => u.sub === sub) ?? created.get(sub);
  const host = options.host ?? '127.0.0.1';
  const allowedOrigins = new Set(
    options.allowedOrigins ?? options.redirectUris.map((uri) => new URL(uri).origin),
  );

  // The provider needs the bound port (its issuer); until it exists, requests get a 503.
  const route: { handle?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server = createServer((req, res) => {
    if (route.handle) route.handle(req, res);
    else res.writeHead(503, { 'retry-after': '1' }).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const algorithm = options.algorithm ?? 'RS256';
  if (algorithm === 'HS256' && !options.clientSecret) throw new Error('HS256 needs clientSecret');
  // HS256 signs with the client secret; the JWKS still holds an asymmetric key.
  const keyAlg = algorithm === 'ES256' ? 'ES256' : 'RS256';
  const { privateKey } = await generateKeyPair(keyAlg, { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString('hex'),
    alg: keyAlg,
    use: 'sig',
  };

  const { default: Provider } = await quietly(() => import('oidc-provider'));
  const provider = await quietly(
    async () =>
      new Provider(issuer, {
        clients: [
          {
            client_id: options.clientId,
            ...(options.clientSecret
              ? {
                  client_secret: options.clientSecret,
                  token_endpoint_auth_method: 'client_secret_post',
                }
              : { token_endpoint_auth_method: 'none' }),
            redirect_uris: options.redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
            id_token_signed_response_alg: algorithm,
          },
        ],
        jwks: { keys: [jwk] },
        cookies: { keys: [randomBytes(32).toString('base64url')] },
        ttl: {
          AuthorizationCode: 60,
          AccessToken: 600,
          IdToken: 600,
          Interaction: 600,
          Session: 24 * 60 * 60,
          Grant: 24 * 60 * 60,
        },
        scopes: ['openid', 'profile', 'email'],
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name', 'family_name', 'given_name'],
        },
        // Profile and e-mail go into the id token itself (the app reads only the id token).
        conformIdTokenClaims: false,
        extraParams: ['connection', 'audience'],
        features: { devInteractions: { enabled: false } },
        enabledJWA: { idTokenSigningAlgValues: [algorithm] },
        interactions: {
          url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
        },
        clientBasedCORS: (_ctx: unknown, origin: string) => allowedOrigins.has(origin),
        // Consent is granted automatically for the one client and the three scopes.
        loadExistingGrant: async (ctx: OidcContext) => {
          const clientId = ctx.oidc.client?.clientId;
          const accountId = ctx.oidc.session?.accountId;
          if (!clientId || !accountId) return undefined;
          const grantId =
            ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
          if (grantId) {
            const existing = await provider.Grant.find(grantId);
            if (existing) return existing;
          }
          const grant = new provider.Grant({ accountId, clientId });
          grant.addOIDCScope('openid profile email');
          await grant.save();
          return grant;
        },
        findAccount: (_ctx: unknown, id: string) => {
          const user = userOf(id);
          if (!user) return undefined;
          return {
            accountId: user.sub,
            claims: () =>
              Promise.resolve({
                sub: user.sub,
                email: user.email,
                email_verified: true,
                name: `${user.givenName} ${user.familyName}`,
                family_name: user.familyName,
                given_name: user.givenName,
              }),
          };
        },
      }),
  );
  const oidc = provider.callback();

  route.handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      oidc(req, res);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (details.uid !== match[1]) throw new Error('interaction mismatch');
        res.setHeader('cache-control', 'no-store');
        if (req.method === 'GET' && !match[2]) {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(
            loginPage(
              details.uid,
              users,
              details.params.connection,
              options.standsInFor ?? 'Google and Apple',
            ),
          );
          return;
        }
        if (req.method !== 'POST' || !match[2]) {
          res.writeHead(405).end();
          return;
        }
        const form = await readForm(req);
        if (form.get('cancel')) {
          await provider.interactionFinished(
            req,
            res,
            { error: 'access_denied', error_description: 'End-User cancelled the sign-in' },
            { mergeWithLastSubmission: false },
          );
          return;
        }
        const chosen = form.get('user') ?? '';
        const freshFor = chosen.slice(newAccountPrefix.length);
        let user = userOf(chosen);
        if (
          chosen.startsWith(newAccountPrefix) &&
          isLocalProvider(freshFor) &&
          users.some((u) => u.provider === freshFor)
        ) {
          user = newAccount(freshFor);
          created.set(user.sub, user);
        }
        if (!user) {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown test user');
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: user.sub } },
          { mergeWithLastSubmission: false },
        );
      } catch {
        if (!res.headersSent) {
          res.writeHead(400, { 'content-type': 'text/plain' });
          res.end('This sign-in request has expired. Go back to the app and try again.');
        }
      }
    })();
  };

  return {
    issuer,
    clientId: options.clientId,
    users,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

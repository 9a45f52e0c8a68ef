/**
 * Runs the local test identity provider on its own:
 *   npx tsx services/server/src/dev/local-oidc-provider.cli.ts
 * LOCAL_OIDC_PORT (3005), OIDC_CLIENT_ID (carol-web) and LOCAL_OIDC_REDIRECT_URIS (comma list,
 * default http://localhost:3000/login/action and http://127.0.0.1:3000/login/action).
 * LOCAL_OIDC_AS=line (ES256, LINE test users) or kakao (RS256, Kakao test users) makes it stand
 * in for that provider instead of Google/Apple; give it its own port and client id.
 * LOCAL_OIDC_CLIENT_SECRET makes the client confidential (client_secret_post, as LINE and Kakao
 * have it; the app then exchanges the code on the server, ADR 060); as LINE it then signs HS256
 * with that secret, like LINE's web login.
 * Standalone tool, like the other *.cli.ts files: reads its own arguments from the environment.
 */
import { localKakaoUsers, localLineUsers, startLocalOidcProvider } from './local-oidc-provider.js';

const port = Number(process.env.LOCAL_OIDC_PORT ?? 3005);
const clientId = process.env.OIDC_CLIENT_ID ?? 'carol-web';
const redirectUris = (
  process.env.LOCAL_OIDC_REDIRECT_URIS ??
  'http://localhost:3000/login/action,http://127.0.0.1:3000/login/action'
)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

const role = process.env.LOCAL_OIDC_AS;
const clientSecret = process.env.LOCAL_OIDC_CLIENT_SECRET;
const as =
  role === 'line'
    ? {
        users: localLineUsers,
        algorithm: clientSecret ? ('HS256' as const) : ('ES256' as const),
        standsInFor: 'LINE',
      }
    : role === 'kakao'
      ? { users: localKakaoUsers, algorithm: 'RS256' as const, standsInFor: 'Kakao' }
      : { standsInFor: 'Google and Apple' };

const provider = await startLocalOidcProvider({
  port,
  clientId,
  redirectUris,
  ...as,
  ...(clientSecret ? { clientSecret } : {}),
});
console.log(`Local test identity provider (${as.standsInFor} stand-in) at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

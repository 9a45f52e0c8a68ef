/**
 * Runs the local test identity provider on its own:
 *   npx tsx services/server/src/dev/local-oidc-provider.cli.ts
 * LOCAL_OIDC_PORT (3005), OIDC_CLIENT_ID (carol-web) and LOCAL_OIDC_REDIRECT_URIS (comma list,
 * default http://localhost:3000/login/action and http://127.0.0.1:3000/login/action).
 * Standalone tool, like the other *.cli.ts files: reads its own arguments from the environment.
 */
import { startLocalOidcProvider } from './local-oidc-provider.js';

const port = Number(process.env.LOCAL_OIDC_PORT ?? 3005);
const clientId = process.env.OIDC_CLIENT_ID ?? 'carol-web';
const redirectUris = (
  process.env.LOCAL_OIDC_REDIRECT_URIS ??
  'http://localhost:3000/login/action,http://127.0.0.1:3000/login/action'
)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

const provider = await startLocalOidcProvider({ port, clientId, redirectUris });
console.log(`Local test identity provider (Google/Apple stand-in) at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

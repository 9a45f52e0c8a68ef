/**
 * `npm start`: build the web app when its sources are newer than the build, then run the
 * server, which migrates and seeds the embedded database on first start.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime, repoRoot, runOrExit } from './lib.js';

const distIndex = join(repoRoot, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/i18n/src',
  'packages/contracts/src',
  'packages/color/src',
].map((p) => join(repoRoot, p));
const isStale = !existsSync(distIndex) || newestMtime(sources) > statSync(distIndex).mtimeMs;
if (isStale) {
  console.log('Building the web app...');
  await runOrExit('npm', ['run', 'build', '-w', '@carol/web']);
}
process.env.NODE_ENV ??= 'production';
// Demo identity provider: without OIDC_ISSUER, a local OpenID provider stands in for Google
// and Apple so "Continue with Google / Apple" works out of the box (see README).
if (!process.env.OIDC_ISSUER) {
  const { startLocalOidcProvider } =
    await import('../services/server/src/dev/local-oidc-provider.js');
  const appPort = process.env.PORT ?? '3000';
  const origins = [`http://localhost:${appPort}`, `http://127.0.0.1:${appPort}`];
  if (process.env.APP_BASE_URL) origins.push(process.env.APP_BASE_URL.replace(/\/+$/, ''));
  const idp = await startLocalOidcProvider({
    port: Number(process.env.LOCAL_OIDC_PORT ?? 3005),
    clientId: process.env.OIDC_CLIENT_ID ?? 'carol-web',
    redirectUris: origins.map((origin) => `${origin}/login/action`),
  });
  process.env.OIDC_ISSUER = idp.issuer;
  process.env.OIDC_CLIENT_ID = idp.clientId;
  console.log(`Demo identity provider (local Google/Apple stand-in) running at ${idp.issuer}`);
}
await import('../services/server/src/main.js');

/**
 * `npm run dev`: the API with reload on :3001 (tsx watch) and Vite with HMR on :3000, which
 * proxies /api, /shop-api, /ml-api and /media to the API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './lib.js';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const host = process.env.HOST ?? '127.0.0.1';
const children: ChildProcess[] = [];

function start(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = repoRoot,
) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    stopAll(code ?? 1);
  });
  children.push(child);
}

function stopAll(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

// Demo identity provider (local Google/Apple stand-in) unless a real OIDC_ISSUER is set.
const oidcEnv: Record<string, string> = {};
if (!process.env.OIDC_ISSUER) {
  const { startLocalOidcProvider } =
    await import('../services/server/src/dev/local-oidc-provider.js');
  const idp = await startLocalOidcProvider({
    port: Number(process.env.LOCAL_OIDC_PORT ?? 3005),
    clientId: process.env.OIDC_CLIENT_ID ?? 'carol-web',
    redirectUris: [
      `http://localhost:${port}/login/action`,
      `http://127.0.0.1:${port}/login/action`,
    ],
  });
  oidcEnv.OIDC_ISSUER = idp.issuer;
  oidcEnv.OIDC_CLIENT_ID = idp.clientId;
  console.log(`Demo identity provider (local Google/Apple stand-in) running at ${idp.issuer}`);
}

start('api', 'npx', ['tsx', 'watch', '--clear-screen=false', 'services/server/src/main.ts'], {
  PORT: apiPort,
  SERVE_WEB: 'false',
  NODE_ENV: 'development',
  ...oidcEnv,
  APP_ORIGINS: process.env.APP_ORIGINS ?? `http://localhost:${port},http://127.0.0.1:${port}`,
});
start(
  'web',
  'npx',
  ['vite', '--host', host, '--port', port, '--strictPort'],
  { API_PORT: apiPort, FORCE_COLOR: '1' },
  join(repoRoot, 'apps/web'),
);

import { defineConfig, devices } from '@playwright/test';
import {
  e2eEnv,
  e2eKakao,
  e2eLine,
  e2eMailApi,
  e2eOidcIssuer,
  e2eOidcPort,
  e2ePort,
} from './fixtures/env.js';

const baseURL = `http://127.0.0.1:${e2ePort}`;

export default defineConfig({
  testDir: './specs',
  // E2E_ARTIFACTS keeps runs side by side from deleting each other's results.
  outputDir: process.env.E2E_ARTIFACTS ?? './artifacts/test-results',
  // A journey's time limit, not a speed check: on the 2-core CI machine with two workers, the
  // software-WebGL colour journeys and the ML requests share the cores, and journeys that take
  // 12–25 s alone ran 33–37 s and timed out at 30 s (favourites, map, Google sign-in).
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    ...devices['Pixel 7'],
    baseURL,
    screenshot: 'only-on-failure',
    // Recording a trace costs every journey its DOM snapshots and screencast, passed or not: the
    // shell journeys took 1.6 min with 'retain-on-failure' and 1.2 without. A failure
    // is traced on its retry (CI retries once; locally, rerun with --trace on).
    trace: 'on-first-retry',
    // The app registers a service worker (ADR 029). Journeys run without it: a worker left from
    // an earlier page would answer navigations and files from its cache, past page.route() and
    // the server, and the journeys test the app, not caching. specs/pwa.spec.ts opts in.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'phone', use: { ...devices['Pixel 7'] } }],
  webServer: [
    {
      // The mailbox: SMTP for the server under test, HTTP for the specs (fixtures/mail-catcher.ts).
      command: 'npx tsx fixtures/mail-catcher.ts',
      url: `${e2eMailApi}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(e2ePort) },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npx tsx ../services/server/src/main.ts',
      url: `${baseURL}/readyz`,
      timeout: 300_000,
      reuseExistingServer: false,
      env: e2eEnv,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The local OpenID provider standing in for Google and Apple (OIDC_ISSUER in e2eEnv).
      command: 'npx tsx ../services/server/src/dev/local-oidc-provider.cli.ts',
      url: `${e2eOidcIssuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        LOCAL_OIDC_PORT: String(e2eOidcPort),
        OIDC_CLIENT_ID: 'carol-web',
        LOCAL_OIDC_REDIRECT_URIS: `${baseURL}/login/action`,
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // Local providers acting as LINE (HS256 with the channel secret, like LINE's web login)
    // and Kakao (RS256), both confidential clients: the server exchanges the code (ADR 060).
    ...[
      { as: 'line', idp: e2eLine },
      { as: 'kakao', idp: e2eKakao },
    ].map(({ as, idp }) => ({
      command: 'npx tsx ../services/server/src/dev/local-oidc-provider.cli.ts',
      url: `${idp.issuer}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        LOCAL_OIDC_PORT: String(idp.port),
        LOCAL_OIDC_AS: as,
        OIDC_CLIENT_ID: idp.clientId,
        LOCAL_OIDC_CLIENT_SECRET: idp.secret,
        LOCAL_OIDC_REDIRECT_URIS: `${baseURL}/login/action`,
      },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
  ],
});

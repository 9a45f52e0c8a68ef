import { defineConfig, devices } from '@playwright/test';
import { e2eEnv, e2ePort } from './fixtures/env.js';

const baseURL = `http://127.0.0.1:${e2ePort}`;

export default defineConfig({
  testDir: './specs',
  outputDir: './artifacts/test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    ...devices['Pixel 7'],
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'npx tsx ../services/server/src/main.ts',
    url: `${baseURL}/readyz`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: e2eEnv,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});

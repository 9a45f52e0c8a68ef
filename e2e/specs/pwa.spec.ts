import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/**
 * Installing and offline (ADR 029): the web app manifest and its icons, the service worker taking control,
 * opening offline from its precache, and the update prompt that reloads only on the tap.
 * The only spec with service workers allowed (the config blocks them for the journeys).
 */
test.use({ serviceWorkers: 'allow', locale: 'ko-KR', viewport: { width: 390, height: 844 } });

/** The worker file the server under test serves (WEB_DIST_DIR's default). */
const servedWorker = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist', 'sw.js');

const shotsDir = process.env.E2E_SHOTS ?? 'artifacts/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${shotsDir}/${name}.png` });

const homeTab = (page: Page) => page.getByRole('navigation').getByRole('link', { name: '홈' });

/** PNG width and height from the IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Opens the app, waits for its service worker, reloads: the page is then controlled. */
async function openControlled(page: Page) {
  await page.goto('/');
  await expect(homeTab(page)).toBeVisible({ timeout: 30_000 });
  // Precaching ~2.5 MB on a busy machine: the worker activates when it is done.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(homeTab(page)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL))
    .toMatch(/\/sw\.js$/);
}

test('the manifest is linked and parseable; its icons and the touch icon load', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.ok()).toBe(true);
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Carol',
    short_name: 'Carol',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#faf6f2',
  });
  const kinds = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
  expect(kinds).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));

  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const icons = [
    ...manifest.icons.map((i) => ({ src: i.src, size: Number(i.sizes.split('x')[0]) })),
    { src: touchIcon!, size: 180 },
  ];
  for (const icon of icons) {
    const file = await request.get(icon.src);
    expect(file.ok(), icon.src).toBe(true);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(pngSize(await file.body()), icon.src).toEqual([icon.size, icon.size]);
  }

  const worker = await request.get('/sw.js');
  expect(worker.ok()).toBe(true);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('the service worker installs and controls the page after a reload', async ({ page }) => {
  await openControlled(page);
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { scope: registration?.scope, active: registration?.active?.state };
  });
  expect(state).toEqual({ scope: new URL('/', page.url()).href, active: 'activated' });
});

test('opened offline: the shell from the precache and the offline notice with a retry', async ({
  page,
  context,
}) => {
  await openControlled(page);
  await context.setOffline(true);
  await page.goto('/find/h');
  await expect(homeTab(page)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  const notice = page.getByTestId('offline-banner');
  await expect(notice).toContainText('인터넷에 연결되어 있지 않아요');
  await expect(notice.getByRole('button', { name: '다시 시도' })).toBeVisible();
  await expect(page.locator('#boot-error')).toHaveCount(0);
  await shot(page, 'pwa-offline-ko');

  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
});

test('a new version: the prompt asks, and Reload brings it in', async ({ page }) => {
  await openControlled(page);
  // A "deployment": the server's sw.js gains a line that tells which version answers. (A
  // page.route() or context.route() for sw.js does not see the worker's own update check.)
  const original = readFileSync(servedWorker, 'utf8');
  writeFileSync(
    servedWorker,
    `${original}
// next version
self.addEventListener('message', (event) => {
  if (event.data === 'carol-version') event.source.postMessage('next');
});
`,
  );
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });

    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText('새 버전이 나왔어요', { timeout: 30_000 });
    await shot(page, 'pwa-update-prompt-ko');
    // Nothing reloads on its own: the page is the same one until the tap.
    await page.evaluate(() => ((window as { carolMark?: boolean }).carolMark = true));
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => (window as { carolMark?: boolean }).carolMark)).toBe(true);

    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: '새로고침' }).click(),
    ]);
  } finally {
    writeFileSync(servedWorker, original);
  }
  await expect(homeTab(page)).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as { carolMark?: boolean }).carolMark)).toBeUndefined();
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  const version = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data), {
          once: true,
        });
        navigator.serviceWorker.controller?.postMessage('carol-version');
        setTimeout(() => resolve('no answer'), 5000);
      }),
  );
  expect(version).toBe('next');
});

import { expect, test, type Page } from '@playwright/test';
import { writeStoredCommon } from '../fixtures/member.js';

/**
 * A failed bundle or chunk load shows a localized error screen with a retry,
 * never a blank page (ADR 023). Korean by default, else the saved language, else the browser's.
 */
const shotsDir = process.env.E2E_SHOTS ?? 'artifacts/screens';
const shot = (page: Page, name: string) => page.screenshot({ path: `${shotsDir}/${name}.png` });
const entryBundle = /\/assets\/index-[^/]+\.js$/;

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing wider than the screen, and the retry fully on it. */
async function expectUsable(page: Page, retry: ReturnType<Page['getByRole']>) {
  await expect(retry).toBeInViewport({ ratio: 1 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the app’s own script does not arrive', () => {
  test.use({ locale: 'ko-KR' });

  test('Korean: the error screen, then a working retry', async ({ page }) => {
    await page.route(entryBundle, (route) => route.abort());
    await page.goto('/');
    const screen = page.locator('#boot-error');
    await expect(screen.getByRole('heading', { name: '화면을 불러오지 못했어요' })).toBeVisible();
    const retry = screen.getByRole('button', { name: '다시 시도' });
    await expectUsable(page, retry);
    await shot(page, 'load-failure-entry-ko');

    await page.unroute(entryBundle);
    await retry.click();
    // The app itself now runs (its data may take longer on a busy machine).
    await expect(page.getByRole('navigation').getByRole('link', { name: '홈' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator('#boot-error')).toHaveCount(0);
  });

  test('a chunk the entry imports fails: the error screen too (no preload link reports it)', async ({
    page,
  }) => {
    // index.html no longer preloads the entry's imports (ADR 032): the module script itself
    // must report a dependency that does not arrive.
    const dependency = /\/assets\/common\.store-[^/]+\.js$/;
    await page.route(dependency, (route) => route.abort());
    await page.goto('/');
    const screen = page.locator('#boot-error');
    await expect(screen.getByRole('heading', { name: '화면을 불러오지 못했어요' })).toBeVisible();
    await page.unroute(dependency);
    await screen.getByRole('button', { name: '다시 시도' }).click();
    await expect(page.getByRole('navigation').getByRole('link', { name: '홈' })).toBeVisible({
      timeout: 30_000,
    });
  });

  test('the saved language wins over the browser’s: Japanese', async ({ page }) => {
    await writeStoredCommon(page, { language: 'ja', server: 'jp' });
    await page.route(entryBundle, (route) => route.abort());
    await page.goto('/');
    const screen = page.locator('#boot-error');
    await expect(screen).toHaveAttribute('lang', 'ja');
    await expect(screen.getByRole('heading', { name: '画面を読み込めませんでした' })).toBeVisible();
    const retry = screen.getByRole('button', { name: '再試行' });
    await expectUsable(page, retry);
    await shot(page, 'load-failure-entry-ja');

    await page.unroute(entryBundle);
    await retry.click();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'ホーム' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.locator('#boot-error')).toHaveCount(0);
  });
});

test.describe('an English browser with nothing saved', () => {
  test.use({ locale: 'en-US' });

  test('the error screen in English', async ({ page }) => {
    await page.route(entryBundle, (route) => route.abort());
    await page.goto('/find/h');
    await expect(
      page.locator('#boot-error').getByRole('heading', { name: 'Carol couldn’t load this screen' }),
    ).toBeVisible();
  });
});

test.describe('a screen’s own code does not arrive', () => {
  test.use({ locale: 'ko-KR' });

  test('tapping a tab whose chunk fails shows the error screen; retry opens the screen', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('[data-testid="hot-color"]').first()).toBeVisible();
    const chunk = /\/assets\/search-list-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort());
    await page.getByRole('navigation').getByRole('link', { name: '살롱찾기' }).click();
    await expect(page.getByRole('heading', { name: '화면을 불러오지 못했어요' })).toBeVisible();
    const retry = page.getByRole('button', { name: '다시 시도' });
    await expectUsable(page, retry);
    await shot(page, 'load-failure-chunk-ko');

    await page.unroute(chunk);
    await retry.click();
    await expect(page).toHaveURL(/\/find\/h/);
    await expect(
      page.getByRole('navigation').getByRole('link', { name: '살롱찾기' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: '화면을 불러오지 못했어요' })).toHaveCount(0);
  });

  test('Japanese: a deep link whose chunk fails', async ({ page }) => {
    await writeStoredCommon(page, { language: 'ja', server: 'jp' });
    const chunk = /\/assets\/search-list-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort());
    await page.goto('/find/h');
    await expect(page.getByRole('heading', { name: '画面を読み込めませんでした' })).toBeVisible();
    await expectUsable(page, page.getByRole('button', { name: '再試行' }));
    await shot(page, 'load-failure-chunk-ja');
  });
});

test.describe('the server refuses the first load (429) or fails (5xx)', () => {
  test.use({ locale: 'ko-KR' });
  const api = /\/(api|shop-api)\//;
  const refuse = (page: Page, status: number) =>
    page.route(api, (route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        headers: { 'retry-after': '30' },
        body: JSON.stringify({ resCode: 'RATE_LIMITED', resMessage: '요청이 너무 많아요.' }),
      }),
    );

  test('429: Home still shows, each section with a retry that works once the server answers', async ({
    page,
  }) => {
    await refuse(page, 429);
    await page.goto('/');
    await expect(page.getByRole('navigation').getByRole('link', { name: '홈' })).toBeVisible();
    const retries = page.getByRole('button', { name: '다시 시도' });
    await expect(retries.first()).toBeVisible();
    // The sections below the first screen ask only once the main banner has answered (ADR 032):
    // count the retries once every request has been refused, not while they still arrive.
    await page.waitForLoadState('networkidle');
    const before = await retries.count();

    await page.unroute(api);
    await retries.first().click();
    await expect(retries).toHaveCount(before - 1);
  });

  test('5xx: a deep link still shows its screen with a way to retry', async ({ page }) => {
    await refuse(page, 503);
    await page.goto('/find/h');
    await expect(
      page.getByRole('navigation').getByRole('link', { name: '살롱찾기' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /다시 시도|새로고침/ }).first()).toBeVisible();
  });
});

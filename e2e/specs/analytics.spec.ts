/**
 * Usage statistics (ADR 030) in a real browser against the real server: the server names the
 * tag in index.html and allows its origin in the CSP; the tag itself is Google's, which cannot
 * run here, so its origin (e2eAnalyticsOrigin) is answered with a fake tag that records what the
 * app pushes to the dataLayer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { E2eBookingWorld } from '../fixtures/booking.js';
import { e2eAnalyticsId, e2eAnalyticsOrigin, e2eDataDir } from '../fixtures/env.js';
import { signIn, signInMember } from '../fixtures/member.js';

test.describe.configure({ timeout: 120_000 });
test.use({ locale: 'ko-KR', viewport: { width: 390, height: 844 } });

/** Stands in for gtag.js: records every command, as arrays of plain JSON. */
const fakeTag = `(function () {
  var hits = (window.__tagHits = []);
  var layer = (window.dataLayer = window.dataLayer || []);
  function take(entry) { hits.push(JSON.parse(JSON.stringify(Array.prototype.slice.call(entry)))); }
  layer.forEach(take);
  var push = layer.push;
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) take(arguments[i]);
    return push.apply(layer, arguments);
  };
})();`;

/** Answers the tag origin with the fake tag; the returned list collects the requested URLs. */
async function fakeTheTag(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(`${e2eAnalyticsOrigin}/**`, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body: fakeTag });
  });
  return requested;
}

type Hit = [string, ...unknown[]];
const hitsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tagHits?: Hit[] }).__tagHits ?? []);
const pageViewsOf = async (page: Page) =>
  (await hitsOf(page))
    .filter((hit) => hit[0] === 'event' && hit[1] === 'page_view')
    .map((hit) => (hit[2] as { page_path: string }).page_path);
const eventsOf = async (page: Page) =>
  (await hitsOf(page))
    .filter((hit) => hit[0] === 'event' && hit[1] !== 'page_view')
    .map((hit) => ({ name: hit[1] as string, params: hit[2] as Record<string, unknown> }));

const world = () =>
  JSON.parse(readFileSync(join(e2eDataDir, 'booking.json'), 'utf8')) as E2eBookingWorld;

/** The booking spec's Korean member (verified phone), signed in with the Korean choices. */
async function signInBooker(context: BrowserContext, page: Page): Promise<void> {
  await signInMember(context, page, world().members.ko, 'ko');
}

/** A date `days` after today in Seoul (yyyy-mm-dd). */
function seoulDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

test('the server names the tag and its CSP allows exactly its origin', async ({ page }) => {
  const answer = await page.request.get('/find/map?from=e2e');
  expect(await answer.text()).toContain(
    `<meta name="carol-analytics" content="${e2eAnalyticsId}" data-script-origin="${e2eAnalyticsOrigin}" />`,
  );
  const csp = answer.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(new RegExp(`script-src [^;]*${e2eAnalyticsOrigin.replace(/\./g, '\\.')}`));
  expect(csp).toMatch(/connect-src [^;]*https:\/\/region1\.google-analytics\.com/);
});

test('page views on every route change carry the path only, and the booking funnel its steps', async ({
  page,
  context,
}) => {
  const { kr } = world();
  const requested = await fakeTheTag(page);
  await signInBooker(context, page);
  // Signing in loaded a page (and the tag) already; count from the visit on.
  await expect.poll(() => pageViewsOf(page)).toEqual(['/notFound']);
  requested.length = 0;

  // A full load: the tag is requested once, configured without its own page view.
  await page.goto(`/find/saloninfo/${kr.shopId}?utm_source=e2e&phone=01073004411`);
  await expect.poll(() => pageViewsOf(page)).toEqual([`/find/saloninfo/${kr.shopId}`]);
  expect(requested).toEqual([`${e2eAnalyticsOrigin}/gtag/js?id=${e2eAnalyticsId}`]);
  const config = (await hitsOf(page)).find((hit) => hit[0] === 'config');
  expect(config?.[1]).toBe(e2eAnalyticsId);
  expect(config?.[2]).toMatchObject({ send_page_view: false, allow_google_signals: false });

  // Client-side route changes: the booking flow.
  await page.getByRole('link', { name: '예약하기' }).click();
  await expect(page).toHaveURL(new RegExp(`/reservation/first\\?shop_id=${kr.shopId}`));
  await expect
    .poll(() => pageViewsOf(page))
    .toEqual([`/find/saloninfo/${kr.shopId}`, '/reservation/first']);

  const date = seoulDate(6);
  await expect(page.locator('button[data-date]').first()).toBeAttached();
  const day = page.locator(`button[data-date="${date}"]:not([aria-hidden])`);
  for (let i = 0; i < 4 && !(await day.isVisible()); i += 1) {
    await page.getByRole('button', { name: '다음 달' }).click();
  }
  await day.click();
  const slot = page.locator('button[data-time="17:00"]');
  await expect(slot).toBeEnabled();
  await slot.click();
  await page.getByRole('button', { name: '디자이너 · 시술 선택' }).click();
  await expect(page).toHaveURL(/\/reservation\/second$/);
  await page.getByRole('button', { name: new RegExp(kr.designers[1]!) }).click();
  await page.getByLabel(new RegExp(kr.menus[0]!.name)).check();
  await page.getByRole('button', { name: '다음', exact: true }).click();
  await expect(page).toHaveURL(/\/reservation\/check$/);
  await page.getByLabel('모두 동의합니다').check();
  await page.getByRole('button', { name: '예약하기' }).click();
  await expect(page.getByRole('heading', { name: '예약이 완료되었어요' })).toBeVisible();
  // The confirmation is /reservation/check?booking=…: the same path, so no second page view.
  await expect(page).toHaveURL(/\/reservation\/check\?booking=\d+$/);

  await expect
    .poll(() => pageViewsOf(page))
    .toEqual([
      `/find/saloninfo/${kr.shopId}`,
      '/reservation/first',
      '/reservation/second',
      '/reservation/check',
    ]);
  expect(await eventsOf(page)).toEqual([
    { name: 'booking_date_selected', params: { shop_id: kr.shopId } },
    { name: 'booking_time_selected', params: { shop_id: kr.shopId } },
    { name: 'booking_designer_selected', params: { shop_id: kr.shopId } },
    { name: 'booking_menu_selected', params: { shop_id: kr.shopId, menu_count: 1 } },
    {
      name: 'booking_reserved',
      params: { shop_id: kr.shopId, menu_count: 1, value: kr.menus[0]!.price, currency: 'KRW' },
    },
  ]);

  // Nothing personal and no query string anywhere in what the tag received.
  const everything = JSON.stringify(await hitsOf(page));
  for (const secret of ['박서연', '서연', '7300', '4411', 'utm_source', 'shop_id=', 'booking=']) {
    expect(everything).not.toContain(secret);
  }
  expect(requested).toHaveLength(1);
});

test('a member who opted out never requests the tag', async ({ page }) => {
  const requested = await fakeTheTag(page);
  await page.addInitScript(() => {
    localStorage.setItem(
      'carol-analytics',
      JSON.stringify({ state: { usageStatsEnabled: false }, version: 1 }),
    );
  });
  await page.goto('/');
  await expect(page.locator(`meta[name="carol-analytics"]`)).toHaveAttribute(
    'content',
    e2eAnalyticsId,
  );
  await page
    .getByRole('navigation', { name: '주요 메뉴' })
    .getByRole('link', { name: '스타일북' })
    .click();
  await expect(page).toHaveURL(/\/stylebook\//);
  // Give a late request its chance to show up.
  await page.waitForTimeout(1_000);
  expect(requested).toEqual([]);
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
  expect(await page.locator('script[src*="/gtag/js"]').count()).toBe(0);
});

test('turning statistics off in Settings stops the hits at once and keeps the tag away', async ({
  page,
  context,
}) => {
  const requested = await fakeTheTag(page);
  await signIn(context, page);
  await expect.poll(() => pageViewsOf(page)).toEqual(['/notFound']);
  requested.length = 0;
  await page.goto('/mypage');
  await expect.poll(() => pageViewsOf(page)).toEqual(['/mypage']);
  await page.goto('/mypage/setting');
  const toggle = page.getByRole('switch', { name: '익명 사용 통계 보내기' });
  await expect(toggle).toBeChecked();
  await expect.poll(() => pageViewsOf(page)).toEqual(['/mypage/setting']);
  expect(requested).toHaveLength(2);

  await toggle.uncheck();
  const disabled = await page.evaluate(
    (id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`],
    e2eAnalyticsId,
  );
  expect(disabled).toBe(true);
  const before = (await hitsOf(page)).length;
  await page.getByRole('link', { name: /이름 변경/ }).click();
  await expect(page).toHaveURL(/\/mypage\/setting\/changename$/);
  await page.waitForTimeout(500);
  expect((await hitsOf(page)).length).toBe(before);

  // The choice is kept: the next visit does not ask for the tag.
  await page.goto('/mypage/setting');
  await expect(toggle).not.toBeChecked();
  await page.waitForTimeout(1_000);
  expect(requested).toHaveLength(2);
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { formatDate } from '@carol/i18n';
import type { E2eMypageWorld } from '../fixtures/mypage.js';
import { e2eDataDir } from '../fixtures/env.js';
import { signInMember } from '../fixtures/member.js';

// My page is the member's own (name, next booking, counts, shortcuts), and
// the corporate footer closes Home and the legal pages only.

const shots = (name: string) => join('artifacts', 'screens', `mypage-${name}.png`);
const world = () =>
  JSON.parse(readFileSync(join(e2eDataDir, 'mypage.json'), 'utf8')) as E2eMypageWorld;
const widths = [360, 390, 430] as const;

async function signInAs(context: BrowserContext, page: Page, who: 'ja' | 'ko' | 'empty') {
  await signInMember(context, page, world()[who], who === 'ja' ? 'ja' : 'ko');
}

/** Nothing sideways, and the bottom navigation whole inside the viewport. */
async function expectFitsTheScreen(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const tabBar = page.getByRole('navigation', { name: /^(주요 메뉴|メインメニュー|Main menu)$/ });
  const box = (await tabBar.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

test.describe('my page', () => {
  test('greets a Japanese member by name and opens the next booking from it', async ({
    context,
    page,
  }) => {
    const { ja } = world();
    await signInAs(context, page, 'ja');
    await page.goto('/mypage');
    await expect(
      page.getByRole('heading', { level: 2, name: `${ja.family} ${ja.given}さん` }),
    ).toBeVisible();

    const card = page.locator(`a[data-booking-number="${ja.next.bookingNumber}"]`);
    await expect(card).toContainText(ja.next.shopName);
    await expect(card).toContainText(ja.next.designerName);
    for (const menu of ja.next.menuNames) await expect(card).toContainText(menu);
    // The date and time on the salon's clock, in Japanese, three days from today there.
    const start = new Date(ja.next.startsAt);
    await expect(card).toContainText(
      formatDate(start, 'ja', ja.next.timeZone, {
        month: 'short',
        day: 'numeric',
        weekday: 'short',
      }),
    );
    await expect(card).toContainText(
      formatDate(start, 'ja', ja.next.timeZone, { timeStyle: 'short' }),
    );
    await expect(card).toContainText('あと3日');
    await expect(page.getByRole('link', { name: '予定 2件' })).toBeVisible();

    const counts = page.getByRole('navigation', { name: 'わたしの記録' });
    await expect(counts.getByRole('link')).toHaveText([
      `${ja.counts.styles}スタイル`,
      `${ja.counts.designers}スタイリスト`,
      `${ja.counts.shops}サロン`,
      `${ja.counts.gallery}ギャラリー`,
    ]);
    // My page ends with its own content: no corporate footer, the customer centre instead.
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'カスタマーセンター' })).toBeVisible();

    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 });
      await expectFitsTheScreen(page);
      await page.screenshot({ path: shots(`ja-${width}`), fullPage: true });
    }
    await page.setViewportSize({ width: 390, height: 844 });

    await card.click();
    await expect(page).toHaveURL(
      new RegExp(`/mypage/reservationdetail\\?id=${ja.next.bookingId}$`),
    );
    await expect(page.getByText(ja.next.bookingNumber)).toBeVisible();
    await page.goBack();

    await counts.getByRole('link', { name: /サロン/ }).click();
    await expect(page).toHaveURL(/\/mypage\/myfavorite\/shops$/);
    await expect(page.getByText(ja.favouriteShopName)).toBeVisible();
  });

  test('shows a Korean member the booking of tomorrow, and reaches terms from the customer centre', async ({
    context,
    page,
  }) => {
    const { ko } = world();
    await signInAs(context, page, 'ko');
    await page.goto('/mypage');
    await expect(
      page.getByRole('heading', { level: 2, name: `${ko.family}${ko.given}님` }),
    ).toBeVisible();
    const card = page.locator(`a[data-booking-number="${ko.next.bookingNumber}"]`);
    await expect(card).toContainText(ko.next.shopName);
    await expect(card).toContainText('내일');
    await expect(card).toContainText(`${ko.next.designerName} 디자이너`);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 844 });
      await expectFitsTheScreen(page);
      await page.screenshot({ path: shots(`ko-${width}`), fullPage: true });
    }

    // What only the footer offered before is one tap away here.
    const centre = page.getByRole('region', { name: '고객센터' });
    await expect(centre.getByRole('link', { name: /1644-2750/ })).toBeVisible();
    await centre.getByRole('link', { name: '이용약관' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    // The legal pages keep the footer.
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('offers a member with nothing booked a way to find a salon', async ({ context, page }) => {
    const { empty } = world();
    await signInAs(context, page, 'empty');
    await page.goto('/mypage');
    await expect(
      page.getByRole('heading', { level: 2, name: `${empty.family}${empty.given}님` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: '예정된 예약이 없어요' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '나의 활동' }).getByRole('link')).toHaveText([
      '0찜한 스타일',
      '0찜한 디자이너',
      '0찜한 살롱',
      '0갤러리',
    ]);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectFitsTheScreen(page);
    await page.screenshot({ path: shots('empty-ko-360'), fullPage: true });
    await page.getByRole('link', { name: '살롱 찾기' }).click();
    await expect(page).toHaveURL(/\/find\/h$/);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
});

test.describe('the corporate footer', () => {
  test.use({ locale: 'ko-KR' });

  test('closes Home, and no other tab', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: '개인정보처리방침' }),
    ).toBeVisible();
    for (const path of ['/find/h', '/stylebook/style/w/-1/0/0', '/simulation']) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
  });
});

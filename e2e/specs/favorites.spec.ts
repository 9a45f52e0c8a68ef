import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eDataDir } from '../fixtures/env.js';
import { signIn, writeStoredCommon } from '../fixtures/member.js';

const shots = (name: string) => `artifacts/screens/${name}.png`;

interface Target {
  shopId: number;
  designerId: number;
}
const targets = () =>
  JSON.parse(readFileSync(join(e2eDataDir, 'fav.json'), 'utf8')) as { kr: Target; jp: Target };

/**
 * Removes the member's hearts on a target through the real API (idempotent), so a journey starts
 * from "not hearted" on its retry too: a first attempt that failed after hearting left the heart
 * on, and the retry's click took it off. Only the journey's own target: the journeys
 * run in parallel as one member. Needs a signed-in page on the app's origin.
 */
async function unheart(page: Page, server: 'kr' | 'jp', target: Partial<Target>) {
  const statuses = await page.evaluate(
    async ({ server, target }) => {
      const post = async (path: string, field: string, id: number) => {
        const form = new FormData();
        form.set(field, String(id));
        form.set('server', server);
        form.set('country_code', server);
        return (await fetch(`/api/carol/${path}`, { method: 'POST', body: form })).status;
      };
      const statuses: number[] = [];
      if (target.shopId !== undefined)
        statuses.push(await post('shop/deleteShopFavorite', 'shop_id', target.shopId));
      if (target.designerId !== undefined)
        statuses.push(
          await post('designer/deleteDesignerFavorite', 'designer_id', target.designerId),
        );
      return statuses;
    },
    { server, target },
  );
  expect(statuses.every((status) => status === 200)).toBe(true);
}

async function openSalon(page: Page, shopId: number) {
  await page.goto(`/find/saloninfo/${shopId}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

test.describe('favourites in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('a member hearts a salon, finds it in my favourites and un-hearts it there', async ({
    page,
    context,
  }) => {
    const { kr } = targets();
    await signIn(context, page);
    await unheart(page, 'kr', { shopId: kr.shopId });
    await openSalon(page, kr.shopId);
    const name =
      (await page.getByRole('main').getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';

    // Reviews summary on the home tab: average, count and distribution from real reviews.
    const reviews = page.getByRole('region', { name: '리뷰' });
    await expect(reviews.getByText('리뷰 5개')).toBeVisible();
    await expect(reviews.getByText('4.4', { exact: true })).toBeVisible();
    await expect(reviews.getByText('탈퇴한 회원')).toBeVisible();
    await expect(reviews.getByText('박**')).toBeVisible();

    const heart = page.getByRole('button', { name: '즐겨찾기', exact: true });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('즐겨찾기에 추가했어요')).toBeVisible();
    await page.waitForTimeout(2200); // let the toast hide before the screenshot
    await page.screenshot({ path: shots('salon-reviews-ko'), fullPage: true });

    // Reload: the heart comes back from the server, not from the cache.
    await page.reload();
    await expect(page.getByRole('button', { name: '즐겨찾기', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.goto('/mypage/myfavorite/shops');
    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '즐겨찾기' }).getByRole('link', { name: '살롱' }),
    ).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: shots('my-favorite-shops-ko') });
    await card.getByRole('button', { name: '즐겨찾기' }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '즐겨찾는 살롱이 없어요' })).toBeVisible();
    await page.screenshot({ path: shots('my-favorite-empty-ko') });
    await page.reload();
    await expect(page.getByRole('heading', { name: '즐겨찾는 살롱이 없어요' })).toBeVisible();
  });

  test('a member opens a designer from the salon and hearts them', async ({ page, context }) => {
    const { kr } = targets();
    await signIn(context, page);
    await unheart(page, 'kr', { designerId: kr.designerId });
    await openSalon(page, kr.shopId);
    await page.locator(`a[href="/find/designerinfo/${kr.designerId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/find/designerinfo/${kr.designerId}$`));
    const designerName =
      (await page.getByRole('main').getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
    await expect(page.getByRole('heading', { name: '포트폴리오' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '소속 살롱' })).toBeVisible();
    await expect(page.getByRole('region', { name: '리뷰' }).getByText('리뷰 5개')).toBeVisible();
    await expect(page.getByRole('link', { name: '이 디자이너에게 예약하기' })).toBeVisible();
    const heart = page.getByRole('button', { name: '즐겨찾기', exact: true });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.waitForTimeout(2200);
    await page.screenshot({ path: shots('designer-ko'), fullPage: true });

    await page.goto('/mypage/myfavorite/designers');
    await expect(page.getByRole('listitem').filter({ hasText: designerName })).toBeVisible();
    await page.screenshot({ path: shots('my-favorite-designers-ko') });
  });

  test('a guest tapping the heart gets the members-only prompt', async ({ page }) => {
    const { kr } = targets();
    await openSalon(page, kr.shopId);
    const heart = page.getByRole('button', { name: '즐겨찾기', exact: true });
    await heart.click();
    await expect(page.getByRole('dialog', { name: '아직 회원이 아니신가요?' })).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  test('the images gallery opens full screen and moves with the keyboard', async ({ page }) => {
    const { kr } = targets();
    await openSalon(page, kr.shopId);
    await page.getByRole('link', { name: /사진/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`/find/saloninfo/${kr.shopId}/images$`));
    await page.getByRole('button', { name: '1번째 사진 크게 보기' }).click();
    const viewer = page.getByRole('dialog', { name: '살롱 사진' });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText(/^1 \/ \d+$/)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(/^2 \/ \d+$/)).toBeVisible();
    await page.screenshot({ path: shots('salon-images-viewer-ko') });
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(page.getByRole('button', { name: '1번째 사진 크게 보기' })).toBeFocused();
    await page.screenshot({ path: shots('salon-images-ko') });
  });
});

test.describe('favourites in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('salon with reviews, designer page and my favourites in Japanese', async ({
    page,
    context,
  }) => {
    const { jp } = targets();
    await signIn(context, page);
    await writeStoredCommon(page, { language: 'ja', server: 'jp' });
    await unheart(page, 'jp', jp);
    await openSalon(page, jp.shopId);
    const reviews = page.getByRole('region', { name: '口コミ' });
    await expect(reviews.getByText('口コミ4件')).toBeVisible();
    await expect(reviews.getByText('退会した会員')).toBeVisible();
    await page.getByRole('button', { name: 'お気に入り', exact: true }).click();
    await expect(page.getByRole('button', { name: 'お気に入り', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.waitForTimeout(2200);
    await page.screenshot({ path: shots('salon-reviews-ja'), fullPage: true });

    await page.goto(`/find/designerinfo/${jp.designerId}`);
    await expect(page.getByRole('heading', { name: 'ポートフォリオ' })).toBeVisible();
    await page.getByRole('button', { name: 'お気に入り', exact: true }).click();
    await page.waitForTimeout(2200);
    await page.screenshot({ path: shots('designer-ja'), fullPage: true });

    await page.goto('/mypage/myfavorite/shops');
    await expect(
      page.getByRole('navigation', { name: 'お気に入り' }).getByRole('link', { name: 'サロン' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('listitem')).not.toHaveCount(0);
    await page.screenshot({ path: shots('my-favorite-shops-ja') });
    await page
      .getByRole('navigation', { name: 'お気に入り' })
      .getByRole('link', { name: 'スタイル', exact: true })
      .click();
    await expect(
      page.getByRole('heading', { name: '保存したスタイルはまだありません' }),
    ).toBeVisible();
    await page.screenshot({ path: shots('my-favorite-styles-ja') });
  });
});

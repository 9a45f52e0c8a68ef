import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../fixtures/member.js';

const shots = (name: string) => `artifacts/screens/${name}.png`;

/** The chips of one navigation row of the style book, by its accessible name. */
const row = (page: Page, name: string) => page.getByRole('navigation', { name, exact: true });

/** Waits until the first photo of the grid has really loaded (they are lazy). */
async function firstPhotoLoaded(page: Page) {
  const img = page.getByTestId('style-photo').first().locator('img');
  await expect
    .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
    .toBe(true);
}

test.describe('style book in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('browses by gender, length, kind and style, hearts a photo, shares, finds salons and the salon tab', async ({
    page,
    context,
  }) => {
    // One long journey through five screens: hit the 30 s default once on a loaded CI machine.
    test.slow();
    await signIn(context, page);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: '주요 메뉴' })
      .getByRole('link', { name: '스타일북' })
      .click();
    await expect(page).toHaveURL(/\/stylebook\/style\/w\/-1\/0\/0$/);
    const photos = page.getByTestId('style-photo');
    await expect(photos.first()).toBeVisible();
    await expect(page.getByText(/^사진 \d+장$/)).toBeVisible();
    await firstPhotoLoaded(page);
    await page.screenshot({ path: shots('stylebook-ko') });

    // Gender, then length and kind (the type), then a style and a substyle.
    await page.getByRole('link', { name: '남성' }).click();
    await expect(page).toHaveURL(/\/stylebook\/style\/m\/-1\/0\/0$/);
    await expect(photos.first()).toBeVisible();
    await row(page, '시술').getByRole('link', { name: '펌' }).click();
    await expect(page).toHaveURL(/\/stylebook\/style\/m\/\d+\/0\/0$/);
    await firstPhotoLoaded(page);
    await page.screenshot({ path: shots('stylebook-men-ko') });
    await page.getByRole('link', { name: '여성' }).click();
    await row(page, '기장').getByRole('link', { name: '숏' }).click();
    await expect(page).toHaveURL(/\/stylebook\/style\/w\/1\/0\/0$/);
    await row(page, '시술').getByRole('link', { name: '펌' }).click();
    await expect(page).toHaveURL(/\/stylebook\/style\/w\/2\/0\/0$/);
    await row(page, '시술').getByRole('link', { name: '컷' }).click();
    await expect(page).toHaveURL(/\/stylebook\/style\/w\/1\/0\/0$/);
    const styleChips = row(page, '스타일').getByRole('link');
    await styleChips.nth(1).click();
    await expect(page).toHaveURL(/\/stylebook\/style\/w\/1\/\d+\/0$/);
    const subRow = row(page, '세부 스타일');
    if (await subRow.isVisible()) {
      await subRow.getByRole('link').nth(1).click();
      await expect(page).toHaveURL(/\/stylebook\/style\/w\/1\/\d+\/\d+$/);
    }
    await expect(photos.first()).toBeVisible();
    await firstPhotoLoaded(page);
    await page.screenshot({ path: shots('stylebook-style-ko') });

    // Open a photo: the sheet, the heart (a member), share.
    await photos.first().click();
    await expect(page).toHaveURL(/photo=\d+/);
    const sheet = page.getByTestId('photo-sheet');
    await expect(sheet).toBeVisible();
    const heart = page.getByTestId('photo-heart');
    // Earlier runs on the same database may have kept it: take it out first, then heart it.
    if ((await heart.getAttribute('aria-pressed')) === 'true') {
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByRole('status').getByText('헤어북에서 뺐어요')).toBeVisible();
    }
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').getByText('헤어북에 담았어요')).toBeVisible();
    await page.screenshot({ path: shots('stylebook-photo-ko') });
    await page.reload();
    await expect(page.getByTestId('photo-heart')).toHaveAttribute('aria-pressed', 'true');

    const hasShare = await page.evaluate(() => typeof navigator.share === 'function');
    await page.getByTestId('photo-share').click();
    if (!hasShare) {
      const noShare = page
        .getByRole('status')
        .getByText('이 기기에서는 공유 기능을 지원하지 않습니다.');
      await expect(noShare).toBeVisible();
      await expect(noShare).toBeHidden(); // the toast hides after 2 s (spec 4)
    }

    // Salons that do this style, then a salon's own style tab.
    await page.getByTestId('photo-shops').click();
    await expect(page).toHaveURL(/\/stylebook\/shop\?gender=w&type=1&style=\d+&substyle=0/);
    const list = page.getByTestId('stylebook-shop-list');
    await expect(list.getByRole('link').first()).toBeVisible();
    await expect(list.getByText(/^사진 \d+장$/).first()).toBeVisible();
    await page.screenshot({ path: shots('stylebook-shops-ko') });
    await page.getByRole('button', { name: '평점 순' }).click();
    await expect(page).toHaveURL(/sort=rating/);

    await list.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/find\/saloninfo\/\d+$/);
    await page.locator('a[href$="/stylebook/w/-1/0/0"]').first().click();
    await expect(page).toHaveURL(/\/find\/saloninfo\/\d+\/stylebook\/w\/-1\/0\/0$/);
    await expect(photos.first()).toBeVisible();
    await firstPhotoLoaded(page);
    await page.screenshot({ path: shots('stylebook-salon-ko') });
    await photos.first().click();
    await expect(page.getByTestId('photo-sheet')).toBeVisible();
  });

  test('a guest who taps the heart gets the members-only prompt', async ({ page }) => {
    await page.goto('/stylebook');
    await expect(page).toHaveURL(/\/stylebook\/style\/w\/-1\/0\/0$/);
    await page.getByRole('button', { name: '헤어북에 담기' }).first().click();
    await expect(page.getByText('아직 회원이 아니신가요?')).toBeVisible();
  });

  test('a broken path shows "not found" with a way back', async ({ page }) => {
    await page.goto('/stylebook/style/w/999999/0/0');
    await expect(page.getByRole('heading', { name: '찾는 스타일이 없어요' })).toBeVisible();
    await page.getByRole('link', { name: '스타일북 처음으로' }).click();
    await expect(page).toHaveURL(/\/stylebook\/style\/w\/-1\/0\/0$/);
  });
});

test.describe('style book in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('shows the style book and a photo in Japanese', async ({ page }) => {
    await page.goto('/stylebook');
    await expect(page.getByRole('link', { name: 'レディース' })).toBeVisible();
    await row(page, '長さ').getByRole('link', { name: 'ボブ' }).click();
    await expect(page.getByTestId('style-photo').first()).toBeVisible();
    await firstPhotoLoaded(page);
    await page.screenshot({ path: shots('stylebook-ja') });
    await page.getByTestId('style-photo').first().click();
    await expect(page.getByRole('heading', { name: 'スタイル詳細' })).toBeVisible();
    await page.screenshot({ path: shots('stylebook-photo-ja') });
  });
});

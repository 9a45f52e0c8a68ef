import { expect, test } from '@playwright/test';

const shots = (name: string) => `artifacts/screens/${name}.png`;

test.describe('find in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('searches by 초성, remembers the keyword, opens a salon and sees won prices', async ({
    page,
  }) => {
    await page.goto('/find/h');
    await expect(page.getByRole('tab', { name: '살롱' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('a[href^="/find/saloninfo/"]').first()).toBeVisible();
    await page.screenshot({ path: shots('find-list-ko') });

    const search = page.getByRole('searchbox', { name: '살롱 또는 디자이너 검색' });
    await search.fill('ㅎㅇ');
    await search.press('Enter');
    await expect(page).toHaveURL(/q=%E3%85%8E%E3%85%87/);
    const first = page.locator('a[href^="/find/saloninfo/"]').first();
    await expect(first).toContainText('헤어');
    await expect(page.getByRole('button', { name: 'ㅎㅇ', exact: true })).toBeVisible();
    await page.screenshot({ path: shots('find-search-ko') });

    // Filters live in the URL: applying one and reloading keeps it.
    await page.getByRole('button', { name: '필터' }).click();
    await page.getByRole('button', { name: '지금 영업 중' }).click();
    await page.screenshot({ path: shots('find-filter-ko') });
    await page.getByRole('button', { name: '적용하기' }).click();
    await expect(page).toHaveURL(/open=1/);
    await page.reload();
    await expect(page).toHaveURL(/open=1/);
    await page.goBack();
    await expect(page).not.toHaveURL(/open=1/);

    const name = (await first.getByTestId('shop-name').textContent())?.trim() ?? '';
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { name: '영업시간' })).toBeVisible();
    const book = page.getByRole('link', { name: '예약하기' });
    await expect(book).toHaveAttribute('href', /\/reservation\/first\?shop_id=\d+/);
    await page.screenshot({ path: shots('find-salon-ko') });
    await page.screenshot({ path: shots('find-salon-ko-full'), fullPage: true });

    await page.getByRole('link', { name: '메뉴' }).click();
    await expect(page.getByText(/^[\d,]+원$/).first()).toBeVisible();
    await page.screenshot({ path: shots('find-menu-ko') });
  });
});

test.describe('designers in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('filters and sorts designers with the salon filters', async ({ page }) => {
    await page.goto('/find/h');
    await page.getByRole('tab', { name: '디자이너' }).click();
    await expect(page).toHaveURL(/tab=designers/);
    await expect(page.locator('a[href^="/find/designerinfo/"]').first()).toBeVisible();

    // The sort and the filter sheet act on the designer search too (ADR 008).
    const sorted = page.waitForRequest(
      (r) => r.url().includes('/getDesignerSearchInfo') && (r.postData() ?? '').includes('rating'),
    );
    await page.getByRole('combobox', { name: '정렬' }).selectOption('rating');
    await sorted;
    const filtered = page.waitForRequest(
      (r) =>
        r.url().includes('/getDesignerSearchInfo') &&
        (r.postData() ?? '').includes('flag_smart_salon'),
    );
    await page.getByRole('button', { name: '필터' }).click();
    await page.getByRole('button', { name: '스마트 살롱만' }).click();
    await page.getByRole('button', { name: '적용하기' }).click();
    await filtered;
    const firstDesigner = page.locator('a[href^="/find/designerinfo/"]').first();
    await expect(firstDesigner).toBeVisible();
    await page.screenshot({ path: shots('find-designers-filter-ko') });
    await firstDesigner.click();
    await expect(page).toHaveURL(/\/find\/designerinfo\/\d+/);
  });
});

test.describe('find in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('lists Tokyo salons and shows menu prices in yen', async ({ page }) => {
    await page.goto('/find/h');
    await expect(page.getByRole('tab', { name: 'サロン' })).toBeVisible();
    const first = page.locator('a[href^="/find/saloninfo/"]').first();
    await expect(first).toBeVisible();
    await page.screenshot({ path: shots('find-list-ja') });
    await first.click();
    await expect(page.getByRole('heading', { name: '営業時間' })).toBeVisible();
    await page.screenshot({ path: shots('find-salon-ja') });
    await page.getByRole('link', { name: 'メニュー' }).click();
    await expect(page.getByText(/^[\d,]+円$/).first()).toBeVisible();
    await page.screenshot({ path: shots('find-menu-ja') });
  });
});

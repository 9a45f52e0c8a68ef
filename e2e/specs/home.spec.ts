import { expect, test, type Page } from '@playwright/test';

const shots = (name: string) => `artifacts/screens/${name}.png`;

/** Scrolls through the page so every lazy image loads before a full-page screenshot. */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    for (const row of document.querySelectorAll('ul')) row.scrollLeft = 0;
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() =>
    [...document.images].every((img) => img.loading === 'lazy' || img.complete),
  );
}

test.describe('home in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('shows nearby salons and designers from Seoul City Hall, then from the granted location', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    const shops = page.getByRole('region', { name: '내 주변 살롱' });
    await expect(shops.getByTestId('nearby-origin')).toContainText('서울시청 기준');
    const firstShop = shops.getByTestId('nearby-shop').first();
    await expect(firstShop).toHaveAttribute('href', /^\/find\/saloninfo\/\d+$/);
    await expect(firstShop).toContainText(/[\d,]+원~|가격 문의/);
    const seoulName = await firstShop.getByTestId('nearby-shop-name').textContent();
    const seoulKm = Number.parseFloat(
      (await firstShop.getByTestId('nearby-shop-distance').textContent()) ?? '',
    );
    expect(seoulKm).toBeLessThan(3);

    const designers = page.getByRole('region', { name: '내 주변 디자이너' });
    await expect(designers.getByTestId('nearby-designer').first()).toHaveAttribute(
      'href',
      /^\/find\/designerinfo\/\d+$/,
    );
    const styles = page.getByRole('region', { name: '지금 인기 있는 스타일' });
    await expect(styles.getByTestId('hot-style').first()).toHaveAttribute(
      'href',
      /^\/stylebook\/style\/[wm]\/\d+\/\d+\/\d+\?photo=\d+$/,
    );
    await expect(shops.getByRole('link', { name: '살롱 전체 보기' })).toHaveAttribute(
      'href',
      '/find/h',
    );
    await loadLazyImages(page);
    await page.screenshot({ path: shots('home-ko-full'), fullPage: true });
    await page.screenshot({ path: shots('home-ko') });

    // The visitor is in Haeundae, Busan, and has allowed the location: distances from there.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 35.1631, longitude: 129.1636 });
    await page.reload();
    await expect(shops.getByTestId('nearby-origin')).toContainText('내 위치 기준');
    await expect(firstShop.getByTestId('nearby-shop-name')).not.toHaveText(seoulName ?? '');
    const busanKm = Number.parseFloat(
      (await firstShop.getByTestId('nearby-shop-distance').textContent()) ?? '',
    );
    expect(busanKm).toBeLessThan(5);
    const designerKm = await designers
      .getByTestId('nearby-designer-distance')
      .first()
      .textContent();
    expect(Number.parseFloat(designerKm ?? '')).toBeLessThan(5);
    await shops.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots('home-ko-my-location') });

    // See all opens the Find list, nearest first.
    await shops.getByRole('link', { name: '살롱 전체 보기' }).click();
    await expect(page).toHaveURL(/\/find\/h$/);
    await expect(page.locator('a[href^="/find/saloninfo/"]').first()).toBeVisible();
  });
});

test.describe('home in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('shows salons near Tokyo Station with yen prices, designers and hot styles', async ({
    page,
  }) => {
    await page.goto('/');
    const shops = page.getByRole('region', { name: '近くのサロン' });
    await expect(shops.getByTestId('nearby-origin')).toContainText('東京駅から');
    const firstShop = shops.getByTestId('nearby-shop').first();
    await expect(firstShop).toContainText(/[\d,]+円〜|料金はお問い合わせ/);
    const km = Number.parseFloat(
      (await firstShop.getByTestId('nearby-shop-distance').textContent()) ?? '',
    );
    expect(km).toBeLessThan(3);
    await expect(
      page
        .getByRole('region', { name: '近くのスタイリスト' })
        .getByTestId('nearby-designer')
        .first(),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'いま人気のスタイル' }).getByTestId('hot-style').first(),
    ).toBeVisible();
    await loadLazyImages(page);
    await page.screenshot({ path: shots('home-ja-full'), fullPage: true });

    await firstShop.click();
    await expect(page).toHaveURL(/\/find\/saloninfo\/\d+$/);
    await expect(page.getByRole('heading', { name: '営業時間' })).toBeVisible();
  });
});

import { expect, test } from '@playwright/test';

const shots = (name: string) => `artifacts/screens/${name}.png`;

test.describe('location search in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('opens from the Find list, finds 강남 and measures the list from it', async ({ page }) => {
    await page.goto('/find/h');
    const chip = page.getByTestId('location-chip');
    await expect(chip).toContainText('서울시청');
    await chip.click();
    await expect(page).toHaveURL(/\/find\/location\/h$/);

    const search = page.getByRole('searchbox', { name: '지역, 동네, 역 이름 검색' });
    await expect(search).toBeFocused();
    await expect(page.getByRole('button', { name: /현재 위치로 찾기/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: '많이 찾는 지역' })).toBeVisible();
    await page.screenshot({ path: shots('location-start-ko') });

    await search.fill('강남');
    const gangnam = page.getByRole('button', { name: '서울 강남구 · 구' });
    await expect(gangnam).toBeVisible();
    await expect(page.getByRole('button', { name: '서울 강남구 강남역 · 역' })).toBeVisible();
    await page.screenshot({ path: shots('location-results-ko') });

    // 초성 works too.
    await search.fill('ㅎㄷ');
    await expect(page.getByRole('button', { name: '서울 마포구 홍대 · 지역' })).toBeVisible();

    await search.fill('강남');
    await gangnam.click();
    await expect(page).toHaveURL(/\/find\/h$/);
    await expect(page.getByTestId('location-chip')).toContainText('강남구');
    await expect(page.locator('a[href^="/find/saloninfo/"]').first()).toBeVisible();
    await page.screenshot({ path: shots('location-list-ko') });

    // Back on the location screen, the choice is shown and can be reset.
    await page.getByTestId('location-chip').click();
    await expect(page.getByTestId('chosen-location')).toHaveText('강남구');
    await page.getByRole('button', { name: '기본 위치로' }).click();
    await expect(page.getByTestId('location-chip')).toContainText('서울시청');
  });

  test('says so when nothing matches', async ({ page }) => {
    await page.goto('/find/location/h');
    await page.getByRole('searchbox', { name: '지역, 동네, 역 이름 검색' }).fill('xqzvw');
    await expect(
      page.getByRole('heading', { name: '‘xqzvw’에 해당하는 지역이 없어요' }),
    ).toBeVisible();
    await page.screenshot({ path: shots('location-empty-ko') });
  });
});

test.describe('current location', () => {
  test.use({
    locale: 'ko-KR',
    geolocation: { latitude: 37.4979, longitude: 127.0276 },
    permissions: ['geolocation'],
  });

  test('names the device position with the nearest neighbourhood', async ({ page }) => {
    await page.goto('/find/location/h');
    await page.getByRole('button', { name: /현재 위치로 찾기/ }).click();
    await expect(page).toHaveURL(/\/find\/h$/);
    await expect(page.getByTestId('location-chip')).toContainText('역삼동');
  });
});

test.describe('location search in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('finds 渋谷 from hiragana and romaji', async ({ page }) => {
    await page.goto('/find/h');
    await page.getByTestId('location-chip').click();
    const search = page.getByRole('searchbox', { name: 'エリア・街・駅名で検索' });
    await page.screenshot({ path: shots('location-start-ja') });

    await search.fill('shibuya');
    await expect(page.getByRole('button', { name: '東京都渋谷区 渋谷駅 · 駅' })).toBeVisible();

    await search.fill('しぶや');
    const ward = page.getByRole('button', { name: '東京都渋谷区 · 区' });
    await expect(ward).toBeVisible();
    await page.screenshot({ path: shots('location-results-ja') });
    await ward.click();
    await expect(page).toHaveURL(/\/find\/h$/);
    await expect(page.getByTestId('location-chip')).toContainText('渋谷区');
    await expect(page.locator('a[href^="/find/saloninfo/"]').first()).toBeVisible();
    await page.screenshot({ path: shots('location-list-ja') });
  });
});

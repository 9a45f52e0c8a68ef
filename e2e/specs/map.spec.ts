import { expect, test, type Page, type Response } from '@playwright/test';

const shots = (name: string) => `artifacts/screens/${name}.png`;
const pins = (page: Page) => page.getByTestId('map-marker');
const bubbles = (page: Page) => page.getByTestId('map-cluster');

/** The shop ids of a map answer: pins and the shops counted in bubbles alike. */
async function shopIdsOf(answer: Response): Promise<number[]> {
  const body = (await answer.json()) as { shop_list: Array<{ shop_id: number }> };
  return body.shop_list.map((s) => s.shop_id).sort((a, b) => a - b);
}

/**
 * A price pin a finger can tap (the element under its own centre). Where every salon is still
 * in a bubble (dense areas), the biggest bubble is tapped until pins show.
 */
async function tappablePin(page: Page) {
  for (let i = 0; i < 6; i++) {
    const id = await pins(page).evaluateAll((els) => {
      const map = document.querySelector('[data-testid="salon-map"]')!.getBoundingClientRect();
      const ok = els.find((el) => {
        const r = el.getBoundingClientRect();
        const inside =
          r.left >= map.left && r.right <= map.right && r.top >= map.top && r.bottom <= map.bottom;
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        return inside && hit !== null && (hit === el || el.contains(hit));
      });
      return ok?.getAttribute('data-shop-id') ?? null;
    });
    if (id !== null) return page.locator(`[data-testid="map-marker"][data-shop-id="${id}"]`);
    const searched = page.waitForResponse('**/carol/shop/getShopSearchInfoForMap');
    await bubbles(page).and(page.locator('[data-action="zoom"]')).first().click();
    await searched;
    await page.waitForTimeout(500);
  }
  throw new Error('no tappable price pin');
}

/** Drags the map like a finger would (Leaflet listens to pointer events). */
async function dragMap(page: Page, dx: number, dy: number) {
  const box = (await page.getByTestId('salon-map').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y + (dy * i) / 10);
  await page.mouse.up();
}

test.describe('map in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('list → map with the same search, re-search this area, clusters, a pin → card → salon, back to the list', async ({
    page,
  }) => {
    await page.goto('/find/h?sort=rating');
    await expect(page.locator('a[href^="/find/saloninfo/"]').first()).toBeVisible();
    await page.screenshot({ path: shots('map-toggle-in-list-ko') });
    const first = page.waitForResponse('**/carol/shop/getShopSearchInfoForMap');
    await page.getByRole('link', { name: '지도로 보기' }).click();
    await expect(page).toHaveURL(/\/find\/map\?sort=rating/);

    // Seoul's demo salons as price pins (won) and count bubbles, without any map tiles here.
    await expect(pins(page).or(bubbles(page)).first()).toBeVisible();
    await expect(page.getByTestId('map-status')).toHaveText(/이 지역 살롱 \d+곳/);
    const before = await shopIdsOf(await first);
    await page.screenshot({ path: shots('map-ko') });

    // Pan: "re-search this area" appears; pressing it searches the new bounds.
    await dragMap(page, -260, 320);
    const research = page.getByRole('button', { name: '이 지역 재검색' });
    await expect(research).toBeVisible();
    await page.screenshot({ path: shots('map-research-ko') });
    const answer = page.waitForResponse('**/carol/shop/getShopSearchInfoForMap');
    await research.click();
    expect((await answer).ok()).toBe(true);
    await expect(research).toBeHidden();
    expect(await shopIdsOf(await answer)).not.toEqual(before);

    // Zoom out: the city becomes cluster bubbles; tapping one zooms in and searches there.
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: '축소' }).click();
      await page.waitForTimeout(500);
    }
    await page.getByRole('button', { name: '이 지역 재검색' }).click();
    await expect(bubbles(page).first()).toBeVisible();
    await expect(page.getByTestId('map-status')).toContainText('확대하면 하나씩 보여요');
    await page.screenshot({ path: shots('map-clusters-ko') });
    const biggest = bubbles(page).first();
    const searched = page.waitForResponse('**/carol/shop/getShopSearchInfoForMap');
    await biggest.click();
    await searched;
    await expect(pins(page).or(bubbles(page)).first()).toBeVisible();

    // Back near the centre at pin level, tap a pin: the card row opens on that salon.
    await page.goto('/find/map?sort=rating&at=37.56650,126.97800,14');
    await expect(pins(page).or(bubbles(page)).first()).toBeVisible();
    const pin = await tappablePin(page);
    await expect(pin).toHaveText(/^[\d,]+원~$|^가격 문의$/);
    const id = await pin.getAttribute('data-shop-id');
    await pin.click();
    const card = page.locator('li[aria-current="true"]').getByTestId('map-card');
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('href', `/find/saloninfo/${id}`);
    await page.waitForTimeout(400);
    await page.screenshot({ path: shots('map-card-ko') });
    // That card by its link (swiping the row would make another card the current one).
    const chosen = page.locator(`[data-testid="map-card"][href="/find/saloninfo/${id}"]`);
    const name = (await chosen.locator('span').nth(1).textContent())?.trim() ?? '';
    await chosen.click();
    await expect(page).toHaveURL(new RegExp(`/find/saloninfo/${id}`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Back to the map, then to the list: the same search state (sort) comes along.
    await page.goBack();
    await expect(page).toHaveURL(/\/find\/map/);
    await page.getByRole('link', { name: '목록으로 보기' }).click();
    await expect(page).toHaveURL(/\/find\/h\?sort=rating$/);
    await expect(page.getByRole('combobox')).toHaveValue('rating');
  });

  test('filters from the map apply to both views, and a keyword shows as a chip', async ({
    page,
  }) => {
    await page.goto('/find/map?q=%ED%97%A4%EC%96%B4&at=37.56650,126.97800,13');
    await expect(page.getByText('헤어', { exact: true })).toBeVisible();
    await expect(pins(page).or(bubbles(page)).first()).toBeVisible();
    await page.getByRole('button', { name: '필터' }).click();
    await page.getByRole('button', { name: '스마트 살롱만' }).click();
    await page.getByRole('button', { name: '적용하기' }).click();
    await expect(page).toHaveURL(/smart=1/);
    await expect(page).toHaveURL(/at=37\.56650/);
    await expect(page.getByTestId('map-status')).toHaveText(
      /이 지역 살롱 \d+곳|조건에 맞는 살롱이 없어요/,
    );
    await page.getByRole('button', { name: '검색어 지우기' }).click();
    await expect(page).not.toHaveURL(/q=/);
    await page.getByRole('link', { name: '목록으로 보기' }).click();
    await expect(page).toHaveURL(/\/find\/h\?smart=1$/);
  });
});

test.describe('map in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('shows Tokyo salons with yen pins and opens a card', async ({ page }) => {
    await page.goto('/find/h');
    await page.getByRole('link', { name: '地図で見る' }).click();
    await expect(page).toHaveURL(/\/find\/map/);
    await expect(pins(page).or(bubbles(page)).first()).toBeVisible();
    await expect(page.getByTestId('map-status')).toHaveText(/このエリアのサロン\d+件/);
    await page.screenshot({ path: shots('map-ja') });
    const pin = await tappablePin(page);
    await expect(pin).toHaveText(/^[\d,]+円〜$|^料金はお問い合わせ$/);
    await pin.click();
    await expect(page.locator('li[aria-current="true"]').getByTestId('map-card')).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: shots('map-card-ja') });
  });
});

interface MapRequest {
  sw_lat: number;
  sw_lng: number;
  ne_lat: number;
  ne_lng: number;
  zoom: number;
}

/** The bounds the page asked for (multipart form data, as the spec's client sends it). */
function boundsOf(body: string | null): MapRequest {
  const field = (name: string) =>
    Number(new RegExp(`name="${name}"\\r?\\n\\r?\\n([^\\r\\n]*)`).exec(body ?? '')?.[1]);
  return {
    sw_lat: field('sw_lat'),
    sw_lng: field('sw_lng'),
    ne_lat: field('ne_lat'),
    ne_lng: field('ne_lng'),
    zoom: field('zoom'),
  };
}

test.describe('map: current location', () => {
  // Haeundae Beach, Busan: far from the Seoul default the map opens on.
  const haeundae = { latitude: 35.1587, longitude: 129.1604 };
  test.use({ locale: 'ko-KR', geolocation: haeundae, permissions: ['geolocation'] });

  test('the location button moves the map to the device position and searches there', async ({
    page,
  }) => {
    await page.goto('/find/map');
    await expect(page.getByTestId('map-status')).toHaveText(/이 지역 살롱|확대하면|조건에 맞는/);
    const searched = page.waitForRequest(
      (r) =>
        r.url().includes('/carol/shop/getShopSearchInfoForMap') &&
        boundsOf(r.postData()).sw_lat < 36,
    );
    await page.getByRole('button', { name: '현재 위치로 이동' }).click();
    const bounds = boundsOf((await searched).postData());
    expect(bounds.sw_lat).toBeLessThan(haeundae.latitude);
    expect(bounds.ne_lat).toBeGreaterThan(haeundae.latitude);
    expect(bounds.sw_lng).toBeLessThan(haeundae.longitude);
    expect(bounds.ne_lng).toBeGreaterThan(haeundae.longitude);
    expect(bounds.zoom).toBe(16);
    // The view is kept in the URL (reload and back return here), and no "denied" note shows.
    await expect(page).toHaveURL(/at=35\.158\d*(,|%2C)129\.160\d*(,|%2C)16/);
    await expect(page.getByText(/위치 권한이 없어/)).toBeHidden();
    await expect(page.getByTestId('map-status')).toHaveText(/이 지역 살롱 \d+곳|조건에 맞는/);
    await page.screenshot({ path: shots('map-current-location-ko') });
  });
});

test.describe('map: location refused', () => {
  test.use({ locale: 'ja-JP', permissions: [] });

  test('without permission the map says so and shows the default place', async ({ page }) => {
    await page.goto('/find/map?at=34.70250,135.49590,15');
    await expect(page.getByTestId('map-status')).toHaveText(/このエリア|拡大すると|条件に合う/);
    const searched = page.waitForRequest(
      (r) =>
        r.url().includes('/carol/shop/getShopSearchInfoForMap') &&
        boundsOf(r.postData()).ne_lat > 35.5,
    );
    await page.getByRole('button', { name: '現在地へ移動' }).click();
    await expect(
      page.getByText('位置情報が許可されていないため、東京駅周辺を表示しています。'),
    ).toBeVisible();
    // Tokyo Station, the jp default, instead of Osaka where the map was.
    const bounds = boundsOf((await searched).postData());
    expect(bounds.sw_lat).toBeLessThan(35.6812);
    expect(bounds.ne_lat).toBeGreaterThan(35.6812);
    await page.screenshot({ path: shots('map-location-refused-ja') });
  });
});

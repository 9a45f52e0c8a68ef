import { expect, test, type Page } from '@playwright/test';

// At every zoom, every price pin and count bubble on the map can be read and
// tapped. The checks are properties of what is on screen (no two markers overlap; each is the
// element under its own centre; a tap does what it says), so they hold for any seed density.

const shots = (name: string) => `artifacts/screens/${name}.png`;

interface OnScreen {
  testid: 'map-marker' | 'map-cluster';
  shopId: string | null;
  count: number;
  action: string | null;
  selected: boolean;
  zIndex: number;
  box: { left: number; top: number; right: number; bottom: number };
  /** Wholly inside the map and clear of its buttons, so a finger can reach it. */
  reachable: boolean;
  /** The element a tap at its centre lands on is the marker itself. */
  hitsItself: boolean;
}

/** Every pin and bubble that shows on the map, with what a tap at its centre would hit. */
function markersOnScreen(page: Page): Promise<OnScreen[]> {
  return page.evaluate(() => {
    const map = document.querySelector('[data-testid="salon-map"]')!;
    const area = map.getBoundingClientRect();
    const wrap = map.parentElement!;
    // Buttons float over the map (zoom, my location, re-search, the card row): a pin under one
    // is reached by moving the map, as on any map app.
    const controls = [
      ...wrap.querySelectorAll('button, a, [role="alert"], .leaflet-control, section'),
    ]
      .filter((el) => !el.closest('.leaflet-marker-pane'))
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0);
    const meets = (
      a: { left: number; top: number; right: number; bottom: number },
      b: { left: number; top: number; right: number; bottom: number },
    ) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return [
      ...map.querySelectorAll<HTMLElement>(
        '[data-testid="map-marker"], [data-testid="map-cluster"]',
      ),
    ]
      .map((el) => {
        const r = el.getBoundingClientRect();
        const box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        const inside =
          r.left >= area.left &&
          r.right <= area.right &&
          r.top >= area.top &&
          r.bottom <= area.bottom;
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        return {
          testid: el.dataset.testid as 'map-marker' | 'map-cluster',
          shopId: el.dataset.shopId ?? null,
          count: Number(el.dataset.count ?? 1),
          action: el.dataset.action ?? null,
          selected: el.dataset.selected === 'true',
          zIndex: Number((el.parentElement as HTMLElement).style.zIndex || 0),
          box,
          reachable: inside && !controls.some((c) => meets(c, box)),
          hitsItself: hit !== null && (hit === el || el.contains(hit)),
          onMap: meets(box, area),
        };
      })
      .filter((m) => m.onMap)
      .map(({ onMap: _onMap, ...m }) => m);
  });
}

const overlap = (a: OnScreen['box'], b: OnScreen['box']) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0;

/**
 * The property the issue asks for: no two markers on screen overlap, and each one a finger can
 * reach is the element under its own centre. Returns the markers for the taps that follow.
 */
async function expectReadable(page: Page, where: string): Promise<OnScreen[]> {
  const markers = await markersOnScreen(page);
  expect(markers.length, `${where}: markers on the map`).toBeGreaterThan(0);
  for (let i = 0; i < markers.length; i++) {
    for (let j = i + 1; j < markers.length; j++) {
      const [a, b] = [markers[i]!, markers[j]!];
      expect(
        overlap(a.box, b.box),
        `${where}: ${a.shopId ?? `bubble ${a.count}`} overlaps ${b.shopId ?? `bubble ${b.count}`}`,
      ).toBe(false);
    }
  }
  const reachable = markers.filter((m) => m.reachable);
  expect(reachable.length, `${where}: markers a finger can reach`).toBeGreaterThan(0);
  for (const m of reachable)
    expect(m.hitsItself, `${where}: ${m.shopId ?? `bubble ${m.count}`} is under its centre`).toBe(
      true,
    );
  return markers;
}

const zoomOf = (page: Page) =>
  Number(decodeURIComponent(new URL(page.url()).searchParams.get('at') ?? '').split(',')[2]);

/** Waits until the markers on screen are laid out for the map's current zoom and results. */
async function settled(page: Page) {
  await expect(page.getByTestId('map-status').filter({ hasText: /찾는 중|検索中/ })).toHaveCount(0);
  await expect
    .poll(async () => {
      const laidOut = await page
        .getByTestId('salon-map')
        .evaluate((el: HTMLElement) => el.dataset.markersZoom);
      const zoom = zoomOf(page);
      return laidOut !== undefined && (Number.isNaN(zoom) || laidOut === String(zoom));
    })
    .toBe(true);
  await page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'));
}

async function zoomBy(page: Page, steps: number, zoomIn: string, zoomOut: string) {
  for (let i = 0; i < Math.abs(steps); i++) {
    const before = zoomOf(page);
    await page.getByRole('button', { name: steps > 0 ? zoomIn : zoomOut, exact: true }).click();
    await expect.poll(() => zoomOf(page)).toBe(before + Math.sign(steps));
    await settled(page);
  }
}

/** The map's view from the URL (`at=lat,lng,zoom`). */
function viewOf(page: Page): { lat: number; lng: number; zoom: number } {
  const at = decodeURIComponent(new URL(page.url()).searchParams.get('at') ?? '');
  const [lat, lng, zoom] = at.split(',').map(Number) as [number, number, number];
  return { lat, lng, zoom };
}

/**
 * Opens the map again at the same zoom with `marker` in the middle (Web Mercator, 256 px tiles;
 * a drag would add Leaflet's inertia, which depends on the machine's speed).
 */
async function centreOn(page: Page, marker: OnScreen) {
  const box = (await page.getByTestId('salon-map').boundingBox())!;
  const dx = (marker.box.left + marker.box.right) / 2 - (box.x + box.width / 2);
  const dy = (marker.box.top + marker.box.bottom) / 2 - (box.y + box.height / 2);
  const { lat, lng, zoom } = viewOf(page);
  const size = 256 * 2 ** zoom;
  const y = ((1 - Math.asinh(Math.tan((lat * Math.PI) / 180)) / Math.PI) / 2) * size + dy;
  const nextLat = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
  const nextLng = lng + (dx / size) * 360;
  await page.goto(`/find/map?at=${nextLat.toFixed(5)},${nextLng.toFixed(5)},${zoom}`);
  await settled(page);
}

interface Market {
  market: string;
  locale: string;
  zoomIn: string;
  zoomOut: string;
  research: string;
  closeCard: string;
  /** Dense demo areas: [name, "lat,lng"]. */
  areas: Array<[string, string]>;
}

const markets: Market[] = [
  {
    market: 'ko',
    locale: 'ko-KR',
    zoomIn: '확대',
    zoomOut: '축소',
    research: '이 지역 재검색',
    closeCard: '닫기',
    areas: [
      ['gangnam', '37.49790,127.02760'],
      ['myeongdong', '37.56360,126.98260'],
    ],
  },
  {
    market: 'ja',
    locale: 'ja-JP',
    zoomIn: '拡大',
    zoomOut: '縮小',
    research: 'このエリアで再検索',
    closeCard: '閉じる',
    areas: [
      ['shibuya', '35.65800,139.70160'],
      ['shinjuku', '35.69090,139.70030'],
      ['umeda', '34.70250,135.49590'],
    ],
  },
];

for (const m of markets) {
  for (const width of [360, 390, 430]) {
    test.describe(`map pins in ${m.market} at ${width} px`, () => {
      test.use({ locale: m.locale, viewport: { width, height: 800 } });

      test('no pin or bubble covers another at the default view, in dense areas, zoomed in and out; taps do what they say', async ({
        page,
      }) => {
        // The default view (the market's city centre), cold.
        await page.goto('/find/map');
        await settled(page);
        let markers = await expectReadable(page, 'default view');
        await page.screenshot({ path: shots(`map-pins-default-${m.market}-${width}`) });

        for (const [name, at] of m.areas) {
          await page.goto(`/find/map?at=${at},15`);
          await settled(page);
          const here = await expectReadable(page, `${name} at 15`);
          // Without re-searching, the same results laid out again at each zoom, around the
          // biggest bubble (or a pin) brought to the middle.
          const biggest = [...here].sort((a, b) => b.count - a.count)[0]!;
          await centreOn(page, biggest);
          await zoomBy(page, 2, m.zoomIn, m.zoomOut);
          await expectReadable(page, `${name} at 17`);
          await zoomBy(page, -4, m.zoomIn, m.zoomOut);
          await expectReadable(page, `${name} at 13`);
          // Re-searched there: the server's cells and the shops of sparse cells, together.
          const answer = page.waitForResponse('**/carol/shop/getShopSearchInfoForMap');
          await page.getByRole('button', { name: m.research }).click();
          expect((await answer).ok()).toBe(true);
          await settled(page);
          await expectReadable(page, `${name} at 13, searched`);
          if (width === 390)
            await page.screenshot({ path: shots(`map-pins-${name}-13-${m.market}-${width}`) });
        }

        // A pin: its card opens, and the pin is raised and still under its own centre.
        await page.goto(`/find/map?at=${m.areas[0]![1]},16`);
        await settled(page);
        markers = await expectReadable(page, 'before tapping a pin');
        for (
          let i = 0;
          i < 4 && !markers.some((x) => x.testid === 'map-marker' && x.reachable);
          i++
        ) {
          // Every bubble here: into the biggest one.
          await centreOn(page, [...markers].sort((a, b) => b.count - a.count)[0]!);
          await zoomBy(page, 1, m.zoomIn, m.zoomOut);
          markers = await expectReadable(page, 'looking for a pin');
        }
        const pin = markers.find((x) => x.testid === 'map-marker' && x.reachable);
        if (!pin) throw new Error('no pin a finger can reach');
        await page.mouse.click(
          (pin.box.left + pin.box.right) / 2,
          (pin.box.top + pin.box.bottom) / 2,
        );
        const card = page.locator('li[aria-current="true"]').getByTestId('map-card');
        await expect(card).toHaveAttribute('href', `/find/saloninfo/${pin.shopId}`);
        await expect(
          page.locator(`[data-testid="map-marker"][data-shop-id="${pin.shopId}"]`),
        ).toHaveAttribute('data-selected', 'true');
        const afterPin = await markersOnScreen(page);
        const raised = afterPin.find((x) => x.selected)!;
        expect(raised.shopId).toBe(pin.shopId);
        expect(raised.hitsItself).toBe(true);
        expect(raised.zIndex).toBeGreaterThan(
          Math.max(...afterPin.filter((x) => !x.selected).map((x) => x.zIndex)),
        );
        if (width === 390) {
          await page.waitForTimeout(400);
          await page.screenshot({ path: shots(`map-pins-selected-${m.market}-${width}`) });
        }
        await page.getByRole('button', { name: m.closeCard, exact: true }).click();
        await expect(card).toBeHidden();

        // A bubble: the map zooms in towards its shops and searches there.
        await page.goto(`/find/map?at=${m.areas[0]![1]},13`);
        await settled(page);
        markers = await expectReadable(page, 'before tapping a bubble');
        const bubble = markers.find(
          (x) => x.testid === 'map-cluster' && x.action === 'zoom' && x.reachable,
        );
        expect(bubble, 'a bubble to tap at zoom 13').toBeDefined();
        const searched = page.waitForResponse('**/carol/shop/getShopSearchInfoForMap');
        await page.mouse.click(
          (bubble!.box.left + bubble!.box.right) / 2,
          (bubble!.box.top + bubble!.box.bottom) / 2,
        );
        expect((await searched).ok()).toBe(true);
        await expect.poll(() => zoomOf(page)).toBeGreaterThan(13);
        await settled(page);
        await expectReadable(page, 'after tapping a bubble');
      });
    });
  }
}

test.describe('map: a card chosen in the row while its shop sits in a bubble', () => {
  test.use({ locale: 'ko-KR', viewport: { width: 390, height: 800 } });

  test('raises that shop’s pin above the bubble, where a tap reaches it', async ({ page }) => {
    await page.goto('/find/map');
    await settled(page);
    const markers = await expectReadable(page, 'default view');
    const pin = markers.find((x) => x.testid === 'map-marker' && x.reachable)!;
    expect(
      markers.some((x) => x.testid === 'map-cluster'),
      'a bubble at the default view',
    ).toBe(true);
    await page.mouse.click((pin.box.left + pin.box.right) / 2, (pin.box.top + pin.box.bottom) / 2);
    await expect(page.locator('li[aria-current="true"]')).toBeVisible();
    // A card whose shop has no pin of its own (it is counted in a bubble).
    const drawn = new Set(markers.map((x) => x.shopId));
    const hidden = await page.getByTestId('map-card').evaluateAll(
      (cards, pinned) =>
        cards
          .map((c, i) => ({
            i,
            id: /\/find\/saloninfo\/(\d+)/.exec(c.getAttribute('href') ?? '')?.[1],
          }))
          .filter((c) => c.id !== undefined && !pinned.includes(c.id)),
      [...drawn].filter((id): id is string => id !== null),
    );
    expect(hidden.length).toBeGreaterThan(0);
    const target = hidden[0]!;
    // Swiped to with a sideways wheel over the row (a finger's swipe, as far as the row knows).
    await page.waitForTimeout(600);
    const swipe = await page
      .getByTestId('map-card')
      .nth(target.i)
      .evaluate((card) => {
        const item = card.closest('li')!;
        const row = item.parentElement!;
        const r = row.getBoundingClientRect();
        return {
          x: r.left + r.width / 2,
          y: r.top + r.height / 2,
          dx: item.offsetLeft - (row.clientWidth - item.offsetWidth) / 2 - row.scrollLeft,
        };
      });
    await page.mouse.move(swipe.x, swipe.y);
    await page.mouse.wheel(swipe.dx, 0);
    const chosen = page.locator(`[data-testid="map-marker"][data-shop-id="${target.id}"]`);
    await expect(chosen).toHaveAttribute('data-selected', 'true');
    await page.waitForTimeout(500);
    const now = await markersOnScreen(page);
    const raised = now.find((x) => x.shopId === target.id)!;
    expect(raised.hitsItself).toBe(true);
    expect(raised.zIndex).toBeGreaterThan(
      Math.max(...now.filter((x) => !x.selected).map((x) => x.zIndex)),
    );
    await page.screenshot({ path: shots('map-pins-raised-over-bubble-ko') });
  });
});

test.describe('map: salons in one building', () => {
  test.use({ locale: 'ja-JP', viewport: { width: 390, height: 800 } });

  test('a bubble no zoom can split opens the list of its salons, each a link to its page', async ({
    page,
  }) => {
    // The real answer for Shibuya, with three of its salons moved into one building in the
    // emptiest part of the view (the demo data jitters every salon's position; real streets
    // have several salons in one building).
    let moved: number[] = [];
    await page.route('**/carol/shop/getShopSearchInfoForMap', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        shop_list: Array<{ shop_id: number; lat: number; lng: number }>;
      };
      const field = (name: string) =>
        Number(
          new RegExp(`name="${name}"\\r?\\n\\r?\\n([^\\r\\n]*)`).exec(
            route.request().postData() ?? '',
          )?.[1],
        );
      const [south, west, north, east] = ['sw_lat', 'sw_lng', 'ne_lat', 'ne_lng'].map(field) as [
        number,
        number,
        number,
        number,
      ];
      const spot = body.shop_list.slice(0, 3);
      const others = body.shop_list.slice(3);
      if (spot.length === 3) {
        // Screen-ish units: 390 px across, 690 down.
        const px = (lat: number, lng: number) => ({
          x: ((lng - west) / (east - west)) * 390,
          y: ((north - lat) / (north - south)) * 690,
        });
        let best = { lat: 0, lng: 0, clear: -1 };
        for (let i = 0; i <= 8; i++) {
          for (let j = 0; j <= 8; j++) {
            const lat = north - (north - south) * (0.25 + (0.45 * i) / 8);
            const lng = west + (east - west) * (0.2 + (0.6 * j) / 8);
            const p = px(lat, lng);
            const clear = Math.min(
              Infinity,
              ...others.map((o) => {
                const q = px(o.lat, o.lng);
                return Math.hypot(p.x - q.x, p.y - q.y);
              }),
            );
            if (clear > best.clear) best = { lat, lng, clear };
          }
        }
        spot.forEach((s, k) => {
          s.lat = best.lat + k * 0.000005;
          s.lng = best.lng;
        });
        moved = spot.map((s) => s.shop_id);
      }
      await route.fulfill({ response, json: body });
    });
    await page.goto('/find/map?at=35.65800,139.70160,16');
    await settled(page);
    await expectReadable(page, 'Shibuya at 16');
    expect(moved).toHaveLength(3);
    const spot = page.locator('[data-testid="map-cluster"][data-action="list"]');
    await expect(spot).toHaveCount(1);
    await expect(spot).toHaveText('3');
    await expect(spot.locator('xpath=..')).toHaveAttribute('aria-label', /同じ場所のサロン3件/);
    await spot.click();
    const sheet = page.getByRole('dialog', { name: 'この場所のサロン3件' });
    await expect(sheet).toBeVisible();
    const links = sheet.getByTestId('map-spot-shop');
    await expect(links).toHaveCount(3);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.sort()).toEqual(moved.map((id) => `/find/saloninfo/${id}`).sort());
    // Even the closest zoom keeps them as one bubble, so the list is the way in.
    await page.screenshot({ path: shots('map-pins-spot-list-ja') });
    const name = (await links.first().locator('span span').first().textContent())?.trim() ?? '';
    await links.first().click();
    await expect(page).toHaveURL(/\/find\/saloninfo\/\d+/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });
});

test.describe('map: a crowded cell at the closest zoom', () => {
  test.use({ locale: 'ko-KR', viewport: { width: 390, height: 800 } });

  test('lists the salons of the cell, asked from the server, since zooming in is no longer possible', async ({
    page,
  }) => {
    // A real salon in Myeongdong, from a real answer.
    const first = page.waitForResponse('**/carol/shop/getShopSearchInfoForMap');
    await page.goto('/find/map?at=37.56360,126.98260,16');
    const body = (await (await first).json()) as {
      shop_list: Array<{ shop_id: number; lat: number; lng: number }>;
    };
    const salon = body.shop_list[0]!;
    // At the closest zoom (19) the server answers with cells only when more than 200 salons
    // share the view; here the answer is replaced by one such cell around that salon. The
    // list's own request (zoom 20, the cell's bounds) reaches the real server.
    const zoomField = (data: string | null) =>
      Number(/name="zoom"\r?\n\r?\n([^\r\n]*)/.exec(data ?? '')?.[1]);
    const cell = {
      sw_lat: salon.lat - 0.0003,
      sw_lng: salon.lng - 0.0003,
      ne_lat: salon.lat + 0.0003,
      ne_lng: salon.lng + 0.0003,
    };
    await page.route('**/carol/shop/getShopSearchInfoForMap', async (route) => {
      if (zoomField(route.request().postData()) !== 19) return route.continue();
      await route.fulfill({
        json: {
          result: 'success',
          mode: 'clusters',
          total: 240,
          shop_list: [],
          cluster_list: [{ lat: salon.lat, lng: salon.lng, count: 240, ...cell }],
        },
      });
    });
    await page.goto(`/find/map?at=${salon.lat.toFixed(5)},${salon.lng.toFixed(5)},19`);
    await settled(page);
    const bubble = page.locator('[data-testid="map-cluster"][data-action="list"]');
    await expect(bubble).toHaveText('240');
    const listed = page.waitForResponse(
      (r) =>
        r.url().includes('/carol/shop/getShopSearchInfoForMap') &&
        zoomField(r.request().postData()) === 20,
    );
    await bubble.click();
    expect((await listed).ok()).toBe(true);
    const sheet = page.getByRole('dialog', { name: /이 위치의 살롱 \d+곳/ });
    await expect(sheet).toBeVisible();
    const hrefs = await sheet
      .getByTestId('map-spot-shop')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toContain(`/find/saloninfo/${salon.shop_id}`);
  });
});

test.describe('map: the card of a tapped pin on a slow phone', () => {
  test.use({ locale: 'ja-JP', viewport: { width: 390, height: 800 } });

  test('stays chosen while the card row scrolls to it, even when the scroll stalls halfway', async ({
    page,
  }) => {
    // A slow phone: the row's smooth scroll to the tapped pin's card moves halfway, stalls for
    // 400 ms, then finishes (seen on the 2-core machine: a tapped pin opened a neighbour's card).
    await page.addInitScript(() => {
      const original = Element.prototype.scrollTo as (this: Element, o?: ScrollToOptions) => void;
      // Like a real smooth scroll, a new scroll of the element cancels the one under way.
      let pending: number | undefined;
      Element.prototype.scrollTo = function (this: Element, o?: ScrollToOptions | number) {
        window.clearTimeout(pending);
        if (typeof o === 'object' && this.tagName === 'UL' && o.behavior === 'smooth') {
          const to = o.left ?? this.scrollLeft;
          original.call(this, { left: this.scrollLeft + (to - this.scrollLeft) / 2 });
          pending = window.setTimeout(() => original.call(this, { left: to }), 400);
          return;
        }
        original.call(this, typeof o === 'object' ? o : undefined);
      };
    });
    const first = page.waitForResponse('**/carol/shop/getShopSearchInfoForMap');
    await page.goto('/find/map?at=35.65800,139.70160,15');
    const order = (
      (await (await first).json()) as { shop_list: Array<{ shop_id: number }> }
    ).shop_list.map((s) => String(s.shop_id));
    await settled(page);
    const markers = await expectReadable(page, 'Shibuya at 15');
    // The reachable pin whose card is furthest along the row.
    const pin = markers
      .filter((x) => x.testid === 'map-marker' && x.reachable)
      .sort((a, b) => order.indexOf(b.shopId!) - order.indexOf(a.shopId!))[0];
    if (!pin) throw new Error('no pin a finger can reach');
    expect(order.indexOf(pin.shopId!)).toBeGreaterThanOrEqual(2);
    // Every card that becomes the chosen one from the tap on, in order.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { chosenCards: string[] }).chosenCards = seen;
      new MutationObserver(() => {
        const href = document
          .querySelector('li[aria-current="true"] [data-testid="map-card"]')
          ?.getAttribute('href');
        if (href && seen.at(-1) !== href) seen.push(href);
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-current'],
      });
    });
    await page.mouse.click((pin.box.left + pin.box.right) / 2, (pin.box.top + pin.box.bottom) / 2);
    const current = page.locator('li[aria-current="true"]').getByTestId('map-card');
    await expect(current).toHaveAttribute('href', `/find/saloninfo/${pin.shopId}`);
    await page.waitForTimeout(1200);
    // Never another salon's card, not even for a moment (the map would pan to it).
    expect(
      await page.evaluate(() => (window as unknown as { chosenCards: string[] }).chosenCards),
    ).toEqual([`/find/saloninfo/${pin.shopId}`]);
    await expect(
      page.locator(`[data-testid="map-marker"][data-shop-id="${pin.shopId}"]`),
    ).toHaveAttribute('data-selected', 'true');
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { E2eBookingWorld } from '../fixtures/booking.js';
import { e2eDataDir, e2ePort } from '../fixtures/env.js';
import { signInMember } from '../fixtures/member.js';

/**
 * "Book this look" (ADR 059) against the real ML service: a colour tried on a test photo is
 * booked at the salon the try-on was opened from, shown on the check step, on the confirmation
 * and in the booking's detail, and handed to that salon's console (the photo with its key).
 * The photo is the project's evaluation set, read from /work/shared/testdata at test time.
 */
const faces =
  [
    process.env.FACE_TESTDATA_DIR,
    join(import.meta.dirname, '..', '..', '..', 'shared', 'testdata', 'faces'),
    '/work/shared/testdata/faces',
  ].find((dir) => dir !== undefined && existsSync(dir)) ?? '/work/shared/testdata/faces';
const portrait = join(faces, 'human-samples', 'person-tasia.jpg');

const shots = (name: string) => join('artifacts', 'screens', `booking-look-${name}.png`);
/** Model loading on a cold worker plus inference on a shared 2-core machine. */
const ml = { timeout: 90_000 };

test.describe.configure({ timeout: 240_000 });

const world = () =>
  JSON.parse(readFileSync(join(e2eDataDir, 'booking.json'), 'utf8')) as E2eBookingWorld;

/** A date `days` after today where the salon is (yyyy-mm-dd). */
function shopDate(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

async function pickDate(page: Page, date: string): Promise<void> {
  await expect(page.locator('button[data-date]').first()).toBeAttached();
  const day = page.locator(`button[data-date="${date}"]:not([aria-hidden])`);
  for (let i = 0; i < 4 && !(await day.isVisible()); i += 1) {
    await page.getByRole('button', { name: '다음 달' }).click();
  }
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
}

test.describe('book this look', () => {
  test.skip(!existsSync(portrait), 'the evaluation photos are not on this machine');
  test.use({ locale: 'ko-KR', viewport: { width: 390, height: 844 } });

  test('a colour tried on a photo is booked, shown on the check step, in the detail and to the salon', async ({
    page,
    context,
    playwright,
  }) => {
    const { kr, members, consoleKey } = world();
    await signInMember(context, page, members.ko, 'ko');

    // The try-on opened from the salon: choose the photo, apply a colour from the service.
    await page.goto(`/simulation?shop_id=${kr.shopId}`);
    await page.getByTestId('photo-input').setInputFiles(portrait);
    const found = page.getByTestId('face-found');
    const notice = page.getByTestId('photo-check');
    await expect(found.or(notice)).toBeVisible(ml);
    if (await notice.isVisible()) await page.getByTestId('photo-check-continue').click();
    await expect(found).toBeVisible();
    const swatch = page.getByTestId('palette-color').nth(2);
    await swatch.click();
    await expect(page.getByTestId('simulation-result')).toBeVisible(ml);
    const colourName = (await swatch.textContent())?.trim() ?? '';
    const colourHex = ((await swatch.getAttribute('data-hex')) ?? '').toLowerCase();
    expect(colourName).not.toBe('');
    const book = page.getByTestId('simulation-book');
    await expect(book).toHaveText('이 스타일로 예약');
    await expect(book).toBeEnabled();
    await page.screenshot({ path: shots('simulation') });
    await book.click();

    // Straight into that salon's booking flow, the look kept in the draft.
    await expect(page).toHaveURL(new RegExp(`/reservation/first\\?shop_id=${kr.shopId}`));
    await pickDate(page, shopDate('Asia/Seoul', 5));
    const slot = page.locator('button[data-time="15:00"]');
    await expect(slot).toBeEnabled();
    await slot.click();
    await page.getByRole('button', { name: '디자이너 · 시술 선택' }).click();
    await page.getByRole('button', { name: new RegExp(kr.designers[1]!) }).click();
    await page.getByLabel(new RegExp(kr.menus[1]!.name)).check();
    // A reload of the flow keeps the look.
    await page.reload();
    await page.getByRole('button', { name: '다음', exact: true }).click();

    // The check step: the photo, the colour's name and swatch.
    await expect(page).toHaveURL(/\/reservation\/check$/);
    const look = page.getByTestId('booking-look');
    await expect(look).toBeVisible();
    await expect(look.getByTestId('booking-look-name')).toHaveText(colourName);
    const swatchColour = await look
      .getByTestId('booking-look-swatch')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    const n = parseInt(colourHex.slice(1), 16);
    expect(swatchColour).toBe(`rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`);
    await expect
      .poll(() => look.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await page.screenshot({ path: shots('check'), fullPage: true });
    await page.getByLabel('모두 동의합니다').check();
    await page.getByRole('button', { name: '예약하기' }).click();

    // Confirmed, with the look; then the detail shows the booking's own copy.
    await expect(page.getByRole('heading', { name: '예약이 완료되었어요' })).toBeVisible();
    await expect(page.getByTestId('booking-look-name')).toHaveText(colourName);
    const number = (await page.getByTestId('booking-number').textContent())?.trim() ?? '';
    await page.getByRole('link', { name: '예약 내역 보기' }).click();
    await page.locator(`[data-booking-number="${number}"]`).click();
    await expect(page.getByTestId('booking-number')).toHaveText(number);
    const detailLook = page.getByTestId('booking-look');
    await expect(detailLook.getByTestId('booking-look-name')).toHaveText(colourName);
    const thumb = (await detailLook.locator('img').getAttribute('src')) ?? '';
    expect(thumb).toMatch(/^\/media\/looks\//);
    await expect
      .poll(() => detailLook.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await page.screenshot({ path: shots('detail'), fullPage: true });

    // The salon's console lists it with the look and may fetch the photo; anonymous may not.
    const list = await page.request.post('/shop-api/console/booking/get_booking_list', {
      headers: { authorization: `Bearer ${consoleKey}` },
      form: {
        server: 'kr',
        country_code: 'kr',
        from: shopDate('Asia/Seoul', 5),
        to: shopDate('Asia/Seoul', 5),
      },
    });
    const booked = (
      (await list.json()) as {
        booking_list: Array<{ booking_number: string; look: { name: string; url: string } | null }>;
      }
    ).booking_list.find((b) => b.booking_number === number);
    expect(booked?.look?.name).toBe(colourName);
    const photo = await page.request.get(booked!.look!.url, {
      headers: { authorization: `Bearer ${consoleKey}` },
    });
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/webp');
    const stranger = await playwright.request.newContext({
      baseURL: `http://127.0.0.1:${e2ePort}`,
    });
    expect((await stranger.get(booked!.look!.url)).status()).toBe(404);
    await stranger.dispose();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { E2eRecordsWorld } from '../fixtures/records.js';
import { e2eDataDir } from '../fixtures/env.js';
import { signIn } from '../fixtures/member.js';

// Styling history: the fixture member (김하늘, ko) is linked with one Korean salon that
// recorded visits with photos and a video (fixtures/records.ts). Real server, real files.

const world = () =>
  JSON.parse(readFileSync(join(e2eDataDir, 'records.json'), 'utf8')) as E2eRecordsWorld;

async function openSalonPhotos(page: Page) {
  const { linkedShop } = world();
  await page.goto('/mypage/myphotoindex');
  const card = page.getByTestId('history-shop').filter({ hasText: linkedShop.name });
  await expect(card).toBeVisible();
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/mypage/myphoto/${linkedShop.shopId}$`));
  await expect(page.getByTestId('history-visit').first()).toBeVisible();
}

/** Scrolls to the end so every page of visits is loaded. */
async function loadAll(page: Page) {
  for (let i = 0; i < 10; i++) {
    const more = page.getByRole('button', { name: '더 보기' });
    if (!(await more.isVisible())) break;
    await more.click();
  }
}

test.describe('styling history', () => {
  test('shows the linked salon with its notices and its visits by date', async ({
    context,
    page,
  }) => {
    await signIn(context, page);
    const { linkedShop } = world();
    await page.goto('/mypage/myphotoindex');
    const card = page.getByTestId('history-shop').filter({ hasText: linkedShop.name });
    await expect(card).toContainText(`방문 ${linkedShop.visits}회`);
    // Notices are labelled by type; a coupon carries its validity.
    const notices = card.getByTestId('history-notice');
    await expect(notices.first()).toBeVisible();
    await notices.filter({ hasText: '쿠폰' }).first().click();
    await expect(card.getByText(/^~ /).first()).toBeVisible();

    await card.getByRole('link').first().click();
    await loadAll(page);
    await expect(page.getByTestId('history-visit')).toHaveCount(linkedShop.visits);
    await expect(page.getByTestId('history-item')).toHaveCount(
      linkedShop.photos + linkedShop.videos,
    );
    // Newest first.
    const dates = await page
      .getByTestId('history-item')
      .evaluateAll((items) => items.map((i) => i.getAttribute('aria-label') ?? ''));
    expect(dates.length).toBeGreaterThan(0);
    // Private thumbnails come straight from /media/records/, never as a ?w= variant.
    const sources = await page
      .locator('[data-testid="history-item"] img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
    for (const src of sources) expect(src).toMatch(/^\/media\/records\/[^?]+$/);
  });

  test('plays the salon video inline in the viewer', async ({ context, page }) => {
    await signIn(context, page);
    await openSalonPhotos(page);
    await loadAll(page);
    await page.locator('[data-testid="history-item"][data-kind="video"]').first().click();
    const video = page.getByTestId('viewer-video');
    await expect(video).toBeVisible();
    await expect(video).toHaveAttribute('poster', /^\/media\/records\//);
    // The metadata arrives (the server answers the range request), then it plays.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(1);
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.2);
  });

  test('keeps a memo written in the viewer after a reload', async ({ context, page }) => {
    await signIn(context, page);
    await openSalonPhotos(page);
    const first = page.locator('[data-testid="history-item"][data-kind="photo"]').first();
    const mediaId = await first.getAttribute('data-media-id');
    await first.click();
    await page.getByTestId('viewer-edit-memo').click();
    const memo = `앞머리는 눈썹 위로\n다음엔 애쉬 브라운 ${Date.now() % 10_000}`;
    await page.getByTestId('viewer-memo-input').fill(memo);
    await page.getByTestId('viewer-save-memo').click();
    await expect(page.getByTestId('viewer-my-memo')).toHaveText(memo);

    await page.reload();
    await page.locator(`[data-testid="history-item"][data-media-id="${mediaId}"]`).click();
    await expect(page.getByTestId('viewer-my-memo')).toHaveText(memo);
    // Swipe and keys move on; the counter says where.
    await expect(page.getByTestId('viewer-counter')).toHaveText(/^1 \/ \d+$/);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('viewer-counter')).toHaveText(/^2 \/ \d+$/);
  });

  test('hides a photo and restores it from the hidden view', async ({ context, page }) => {
    await signIn(context, page);
    await openSalonPhotos(page);
    const target = page.locator('[data-testid="history-item"][data-kind="photo"]').nth(1);
    const mediaId = await target.getAttribute('data-media-id');
    const item = page.locator(`[data-testid="history-item"][data-media-id="${mediaId}"]`);
    await item.click();
    await page.getByTestId('viewer-toggle-hidden').click();
    await expect(page.getByText(/숨겼어요/)).toBeVisible();
    await page.getByRole('button', { name: '닫기' }).first().click();
    await expect(item).toHaveCount(0);

    await page.getByTestId('history-view-hidden').click();
    await expect(page).toHaveURL(/view=hidden/);
    await expect(item).toBeVisible();
    await page.getByTestId('history-select').click();
    await item.click();
    await page.getByTestId('history-hide-selected').click();
    await expect(item).toHaveCount(0);

    await page.getByRole('link', { name: '사진', exact: true }).click();
    await expect(item).toBeVisible();
  });

  test('needs both dates to filter by dates, then shows only those visits', async ({
    context,
    page,
  }) => {
    await signIn(context, page);
    await openSalonPhotos(page);
    await loadAll(page);
    const newest = await page.getByTestId('history-visit').count();
    expect(newest).toBeGreaterThan(1);
    await page.getByTestId('history-date-filter').click();
    const picker = page.getByTestId('history-date-picker');
    await expect(picker).toBeVisible();
    // The newest visit's day is marked in the calendar of the current month or an earlier one.
    const marked = picker.locator('button[data-marked]');
    for (let i = 0; i < 14 && (await marked.count()) === 0; i++) {
      await picker.getByRole('button', { name: '이전 달' }).click();
    }
    const day = await marked.last().getAttribute('data-date');
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await marked.last().click();
    await picker.getByTestId('picker-apply').click();
    await expect(picker.getByRole('alert')).toHaveText('시작일과 종료일을 모두 선택해 주세요.');
    await marked.last().click();
    await picker.getByTestId('picker-apply').click();
    await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));
    await expect(page.getByTestId('history-visit')).toHaveCount(1);
    await page.getByTestId('history-clear-dates').click();
    await expect(page).not.toHaveURL(/from=/);
    await expect(page.getByTestId('history-visit').first()).toBeVisible();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eDataDir, e2eMailApi, e2ePort } from '../fixtures/env.js';
import { signInMember } from '../fixtures/member.js';
import type { E2eWaitlistWorld } from '../fixtures/waitlist.js';

const shots = (name: string) => join('artifacts', 'screens', `waitlist-${name}.png`);
const world = () =>
  JSON.parse(readFileSync(join(e2eDataDir, 'waitlist.json'), 'utf8')) as E2eWaitlistWorld;

test.describe.configure({ timeout: 120_000 });

/** The link of the first waitlist notice mailed to `to` (polling the e2e mailbox). */
async function noticeLink(to: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${e2eMailApi}/mails?to=${encodeURIComponent(to)}`);
    const mails = (await response.json()) as Array<{ subject: string; text: string }>;
    const notice = mails.find((m) => m.subject.includes('빈자리 알림'));
    const link = notice && /https?:\/\/\S+\/reservation\/first\?\S+/.exec(notice.text);
    if (link) return link[0];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no waitlist notice to ${to}`);
}

test('a member waits for a full day, is told when the salon cancels, and finds the time free', async ({
  context,
  page,
  request,
}) => {
  const w = world();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInMember(context, page, w.waiter, 'ko');

  // The whole day is booked: the flow offers the waitlist.
  await page.goto(`/reservation/first?shop_id=${w.shopId}&date=${w.date}`);
  const offer = page.getByRole('region', { name: '빈자리 알림 받기' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: '시간대 지정' }).click();
  await offer.getByRole('combobox').first().selectOption('13:00');
  await offer.getByRole('combobox').nth(1).selectOption('16:00');
  await page.screenshot({ path: shots('offer'), fullPage: true });
  await offer.getByRole('button', { name: '빈자리 알림 신청' }).click();
  await expect(page.getByText(/신청했습니다/)).toBeVisible();

  // The member's list, above the bookings.
  await page.getByRole('link', { name: '빈자리 알림 보기' }).click();
  await expect(page).toHaveURL(/\/mypage\/reservation\/done$/);
  const entry = page.locator('[data-waitlist-entry]');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('13:00–16:00');
  await expect(entry).toContainText('대기 중');

  // The salon cancels the 14:00 booking: the notice is mailed with a link into the flow.
  const cancel = await request.post(
    `http://127.0.0.1:${e2ePort}/shop-api/console/booking/cancel_booking`,
    {
      headers: { authorization: `Bearer ${w.consoleKey}` },
      form: { booking_id: String(w.bookingAt14), server: 'kr', country_code: 'kr' },
    },
  );
  expect(cancel.status()).toBe(200);
  const link = new URL(await noticeLink(w.waiter.email));
  expect(link.searchParams.get('date')).toBe(w.date);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.locator('button[data-time="14:00"]')).toBeEnabled();
  await expect(page.locator('button[data-time="11:00"]')).toBeDisabled();
  await page.screenshot({ path: shots('freed'), fullPage: true });

  await page.goto('/mypage/reservation/done');
  await expect(page.locator('[data-waitlist-entry]')).toContainText('알림 보냄');
});

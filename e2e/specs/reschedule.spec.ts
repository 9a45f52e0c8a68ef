import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { E2eBookingWorld } from '../fixtures/booking.js';
import { e2eDataDir } from '../fixtures/env.js';
import { signInMember } from '../fixtures/member.js';

const shots = (name: string) => join('artifacts', 'screens', `reschedule-${name}.png`);

test.describe.configure({ timeout: 120_000 });

const world = () =>
  JSON.parse(readFileSync(join(e2eDataDir, 'booking.json'), 'utf8')) as E2eBookingWorld;

/** A date `days` after today where the salon is (yyyy-mm-dd). */
function shopDate(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Clicks a day in the calendar, turning months as needed. */
async function pickDate(page: Page, date: string): Promise<void> {
  await expect(page.locator('button[data-date]').first()).toBeAttached();
  const day = page.locator(`button[data-date="${date}"]:not([aria-hidden])`);
  for (let i = 0; i < 4 && !(await day.isVisible()); i += 1) {
    await page.getByRole('button', { name: '다음 달' }).click();
  }
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
}

/** A form-data POST from inside the page (same origin, the member's session cookie). */
async function postFromPage(page: Page, path: string, fields: Record<string, string>) {
  return page.evaluate(
    async ({ path, fields }) => {
      const form = new FormData();
      form.set('server', 'kr');
      form.set('country_code', 'kr');
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      const res = await fetch(`/shop-api${path}`, { method: 'POST', body: form });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { path, fields },
  );
}

test.use({ locale: 'ko-KR', viewport: { width: 390, height: 844 } });

test('a member moves a booking to another designer and time; same number, updated calendar event; the salon moves it again', async ({
  page,
  context,
}) => {
  const { kr, members, consoleKey } = world();
  await signInMember(context, page, members.ko, 'ko');
  await page.goto('/mypage');

  // A booking made through the API, as the booking flow makes it (booking.spec covers the flow).
  const first = shopDate('Asia/Seoul', 6);
  const staff = await postFromPage(page, '/carol/booking/get_booking_staff_and_menu', {
    shop_id: String(kr.shopId),
  });
  const designers = staff.body.booking_staff_list as Array<{ id: number; name: string }>;
  const menus = (staff.body.menu_list as Array<{ id: number; name: string }>).filter(
    (menu) => menu.name === kr.menus[0]!.name,
  );
  const made = await postFromPage(page, '/carol/booking/add_booking', {
    shop_id: String(kr.shopId),
    designer_id: String(designers[0]!.id),
    date: first,
    time: '11:00',
    menu_ids: String(menus[0]!.id),
    booker_name: '박서연',
    booker_phone: '010-7300-4411',
    agree_personal_info: 'true',
    agree_third_party: 'true',
    idempotency_key: `reschedule-e2e-${first}`,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const booking = made.body.booking as { booking_id: number; booking_number: string };

  // Detail → 예약 변경.
  await page.goto(`/mypage/reservationdetail?id=${booking.booking_id}`);
  await expect(page.getByTestId('booking-number')).toHaveText(booking.booking_number);
  await page.getByRole('link', { name: '예약 변경' }).click();
  await expect(page).toHaveURL(/\/mypage\/reservationchange\?id=\d+/);

  // Another designer, another day, a free time.
  const second = shopDate('Asia/Seoul', 7);
  await page.getByRole('button', { name: new RegExp(kr.designers[1]!) }).click();
  await pickDate(page, second);
  const slot = page.locator('button[data-time="16:00"]');
  await expect(slot).toBeEnabled();
  await slot.click();
  await page.screenshot({ path: shots('pick-ko'), fullPage: true });
  await page.getByRole('button', { name: '변경 내용 확인' }).click();

  // Check: old → new, the number kept.
  await expect(page.getByText('변경 전')).toBeVisible();
  await expect(page.getByText('변경 후')).toBeVisible();
  await expect(
    page.getByText(`예약번호는 ${booking.booking_number}(으)로 그대로입니다.`),
  ).toBeVisible();
  await page.screenshot({ path: shots('check-ko'), fullPage: true });
  await page.getByRole('button', { name: '이 시간으로 변경' }).click();

  // Back on the detail: same number, the new time and designer.
  await expect(page).toHaveURL(/\/mypage\/reservationdetail\?id=\d+/);
  await expect(page.getByTestId('booking-number')).toHaveText(booking.booking_number);
  await expect(page.getByText('16:00', { exact: true })).toBeVisible();
  await expect(page.getByText(kr.designers[1]!, { exact: true })).toBeVisible();
  await page.screenshot({ path: shots('detail-ko'), fullPage: true });

  // The calendar file: same UID, SEQUENCE 1.
  const ics = await page.request.get(
    `/shop-api/carol/booking/get_booking_ics?booking_id=${booking.booking_id}`,
  );
  const icsText = (await ics.text()).replace(/\r\n[ \t]/g, '');
  expect(icsText).toContain(`UID:booking-${booking.booking_number}@`);
  expect(icsText).toMatch(/^SEQUENCE:1\r?$/m);

  // The salon moves it once more through its console (no cut-off for the shop).
  const moved = await page.request.post('/shop-api/console/booking/move_booking', {
    headers: { Authorization: `Bearer ${consoleKey}` },
    multipart: {
      server: 'kr',
      country_code: 'kr',
      booking_id: String(booking.booking_id),
      designer_id: String(designers[1]!.id),
      date: second,
      time: '17:00',
    },
  });
  expect(moved.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('booking-number')).toHaveText(booking.booking_number);
  await expect(page.getByText('17:00', { exact: true })).toBeVisible();
  const again = await page.request.get(
    `/shop-api/carol/booking/get_booking_ics?booking_id=${booking.booking_id}`,
  );
  expect((await again.text()).replace(/\r\n[ \t]/g, '')).toMatch(/^SEQUENCE:2\r?$/m);
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { E2eBookingWorld } from '../fixtures/booking.js';
import { e2eDataDir, e2ePort } from '../fixtures/env.js';
import { signInMember } from '../fixtures/member.js';

const shotsDir = join('artifacts', 'screens');
const shots = (name: string) => join(shotsDir, `booking-${name}.png`);

// The whole flow is a dozen screens on a phone-sized browser sharing two CPU cores.
test.describe.configure({ timeout: 120_000 });

/** The dev SMS outbox the server under test writes (DATA_DIR/outbox/sms.jsonl). */
function smsTo(phone: string): Array<{ to: string; text: string }> {
  const file = join(e2eDataDir, 'outbox', 'sms.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((sms) => sms.to.replace(/\D/g, '').endsWith(phone.replace(/\D/g, '').slice(1)));
}

const world = () =>
  JSON.parse(readFileSync(join(e2eDataDir, 'booking.json'), 'utf8')) as E2eBookingWorld;

/** Signs a browser in as one of the booking spec's members, in a language and a server. */
async function signInAs(
  context: BrowserContext,
  page: Page,
  who: 'ko' | 'ja' | 'unverified',
): Promise<void> {
  await signInMember(context, page, world().members[who], who === 'ja' ? 'ja' : 'ko');
}

/** A date `days` after today where the salon is (yyyy-mm-dd). */
function shopDate(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Clicks a day in the reservation calendar, turning months as needed. */
async function pickDate(page: Page, date: string, nextMonth: string): Promise<void> {
  // The calendar shows once the salon's closed dates are in.
  await expect(page.locator('button[data-date]').first()).toBeAttached();
  const day = page.locator(`button[data-date="${date}"]:not([aria-hidden])`);
  for (let i = 0; i < 4 && !(await day.isVisible()); i += 1) {
    await page.getByRole('button', { name: nextMonth }).click();
  }
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
}

const ko = {
  book: '예약하기',
  nextMonth: '다음 달',
  toSecond: '디자이너 · 시술 선택',
  next: '다음',
  reserve: '예약하기',
  agreeAll: '모두 동의합니다',
  showFull: '전문 보기',
  privacyRetention: '보유 기간: 회원 탈퇴 또는 동의 철회 시까지',
  timeChange: '요청 사항에 시간 변경 요청이 들어 있어요',
  done: '예약이 완료되었어요',
  calendar: '캘린더에 추가',
  history: '예약 내역 보기',
  cancel: '예약 취소',
  cancelled: '예약을 취소했어요.',
  cancelTab: '취소 완료',
  clash: '해당 시간에는 예약할 수 없습니다.',
};

const ja = {
  book: '予約する',
  nextMonth: '次の月',
  toSecond: 'スタイリスト・メニューを選ぶ',
  next: '次へ',
  reserve: '予約する',
  agreeAll: 'すべてに同意する',
  done: 'ご予約が完了しました',
  history: '予約履歴を見る',
  cancel: '予約をキャンセル',
  cancelConfirm: 'キャンセルする',
  cancelled: '予約をキャンセルしました。',
};

test.describe('booking in Korean', () => {
  test.use({ locale: 'ko-KR', viewport: { width: 390, height: 844 } });

  test('a member books a salon end to end, finds it in the history and cancels it', async ({
    page,
    context,
  }) => {
    const { kr } = world();
    await signInAs(context, page, 'ko');
    await page.goto(`/find/saloninfo/${kr.shopId}`);
    await page.getByRole('link', { name: ko.book }).click();
    await expect(page).toHaveURL(new RegExp(`/reservation/first\\?shop_id=${kr.shopId}`));
    await expect(page.getByRole('heading', { name: kr.name })).toBeVisible();

    // Steps 1–2: a date two days ahead, then a free time.
    const date = shopDate('Asia/Seoul', 2);
    await pickDate(page, date, ko.nextMonth);
    const slot = page.locator('button[data-time="11:00"]');
    await expect(slot).toBeEnabled();
    await slot.click();
    await page.screenshot({ path: shots('first-ko'), fullPage: true });
    await page.getByRole('button', { name: ko.toSecond }).click();

    // Step 3: designer and treatments, with the total in won.
    await expect(page).toHaveURL(/\/reservation\/second$/);
    await page.getByRole('button', { name: new RegExp(kr.designers[0]!) }).click();
    await page.getByLabel(new RegExp(kr.menus[0]!.name)).check();
    await page.getByLabel(new RegExp(kr.menus[1]!.name)).check();
    await expect(page.getByTestId('reservation-total')).toHaveText('110,000원');
    await page.screenshot({ path: shots('second-ko'), fullPage: true });
    await page.getByRole('button', { name: ko.next, exact: true }).click();

    // Steps 4–6: summary, booker, request rule and the two consents.
    await expect(page).toHaveURL(/\/reservation\/check$/);
    await expect(page.getByTestId('check-time')).toHaveText('11:00');
    await expect(page.getByLabel('이름')).toHaveValue('박서연');
    await expect(page.getByText('010-7300-4411')).toBeVisible();
    const note = page.getByLabel('요청 사항 (선택)');
    await note.fill('3시로 바꿔 주실 수 있나요?');
    await expect(page.getByText(ko.timeChange)).toBeVisible();
    await note.fill('앞머리는 짧게 잘라 주세요');
    await expect(page.getByText(ko.timeChange)).toBeHidden();
    await page.getByRole('button', { name: ko.showFull }).first().click();
    await expect(page.getByText(ko.privacyRetention).first()).toBeVisible();
    // Reserving without the consents is refused on the spot.
    await page.getByRole('button', { name: ko.reserve }).click();
    await expect(page.getByText('필수 항목에 모두 동의해 주세요.')).toBeVisible();
    await page.getByLabel(ko.agreeAll).check();
    await page.screenshot({ path: shots('check-ko'), fullPage: true });
    await page.getByRole('button', { name: ko.reserve }).click();

    // Step 7: confirmed, with a calendar file and the way to the history.
    await expect(page.getByRole('heading', { name: ko.done })).toBeVisible();
    const number = (await page.getByTestId('booking-number').textContent())?.trim() ?? '';
    expect(number).not.toBe('');
    const ics = page.getByRole('link', { name: ko.calendar });
    await expect(ics).toHaveAttribute(
      'href',
      /\/shop-api\/carol\/booking\/get_booking_ics\?booking_id=\d+/,
    );
    const icsAnswer = await page.request.get((await ics.getAttribute('href')) ?? '');
    expect(icsAnswer.status()).toBe(200);
    expect(await icsAnswer.text()).toContain('BEGIN:VCALENDAR');
    await page.screenshot({ path: shots('done-ko'), fullPage: true });

    // The draft is over: going back to the flow starts afresh.
    await page.getByRole('link', { name: ko.history }).click();
    await expect(page).toHaveURL(/\/mypage\/reservation\/done$/);
    const card = page.locator(`[data-booking-number="${number}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(kr.name);
    await expect(card).toContainText('110,000원');
    await page.screenshot({ path: shots('history-ko'), fullPage: true });

    // Detail → cancel (asked first, irreversible).
    await card.click();
    await expect(page.getByTestId('booking-number')).toHaveText(number);
    await expect(page.getByText('앞머리는 짧게 잘라 주세요')).toBeVisible();
    await page.screenshot({ path: shots('detail-ko'), fullPage: true });
    await page.getByRole('button', { name: ko.cancel }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('취소한 예약은 되돌릴 수 없어요.');
    await dialog.getByRole('button', { name: ko.cancel }).click();
    await expect(page.getByText(ko.cancelled)).toBeVisible();
    await expect(page.getByText('고객 취소').first()).toBeVisible();
    await expect(page.getByRole('button', { name: ko.cancel })).toBeHidden();

    // It moved to the "cancel done" tab.
    await page.goto('/mypage/reservation/cancel');
    await expect(page.locator(`[data-booking-number="${number}"]`)).toContainText(ko.cancelTab);
    await page.goto('/mypage/reservation/done');
    await expect(page.locator(`[data-booking-number="${number}"]`)).toHaveCount(0);
  });

  test('a slot taken from a second browser meanwhile gives the clash message and a fresh choice', async ({
    browser,
    page,
    context,
  }) => {
    const { kr } = world();
    const date = shopDate('Asia/Seoul', 4);

    async function upToCheck(target: Page): Promise<void> {
      await target.goto(`/reservation/first?shop_id=${kr.shopId}`);
      await pickDate(target, date, ko.nextMonth);
      await target.locator('button[data-time="15:00"]').click();
      await target.getByRole('button', { name: ko.toSecond }).click();
      await target.getByRole('button', { name: new RegExp(kr.designers[1]!) }).click();
      await target.getByLabel(new RegExp(kr.menus[0]!.name)).check();
      await target.getByRole('button', { name: ko.next, exact: true }).click();
      await expect(target).toHaveURL(/\/reservation\/check$/);
      await target.getByLabel(ko.agreeAll).check();
    }

    await signInAs(context, page, 'ko');
    await upToCheck(page);

    // Someone else (another browser of the same member) books that very slot first.
    const other = await browser.newContext({
      locale: 'ko-KR',
      viewport: { width: 390, height: 844 },
    });
    const otherPage = await other.newPage();
    await signInAs(other, otherPage, 'ko');
    await upToCheck(otherPage);
    await otherPage.getByRole('button', { name: ko.reserve }).click();
    await expect(otherPage.getByRole('heading', { name: ko.done })).toBeVisible();
    await other.close();

    await page.getByRole('button', { name: ko.reserve }).click();
    await expect(page).toHaveURL(/\/reservation\/first\?clash=1$/);
    await expect(page.getByRole('alert').filter({ hasText: ko.clash })).toBeVisible();
    // The slot list is fresh: 15:00 is now unavailable for that designer.
    await expect(page.locator('button[data-time="15:00"]')).toBeDisabled();
    await page.screenshot({ path: shots('clash-ko'), fullPage: true });
  });

  test('an unverified phone blocks the booking until it is verified in place', async ({
    page,
    context,
  }) => {
    const { kr, members } = world();
    const { phone } = members.unverified;
    await signInAs(context, page, 'unverified');
    await page.goto(`/reservation/first?shop_id=${kr.shopId}`);
    await pickDate(page, shopDate('Asia/Seoul', 5), ko.nextMonth);
    await page.locator('button[data-time="16:00"]').click();
    await page.getByRole('button', { name: ko.toSecond }).click();
    await page.getByRole('button', { name: new RegExp(kr.designers[0]!) }).click();
    await page.getByLabel(new RegExp(kr.menus[0]!.name)).check();
    await page.getByRole('button', { name: ko.next, exact: true }).click();
    await page.getByLabel(ko.agreeAll).check();

    // Reserve is held back: the phone must be verified first, in a sheet on this screen.
    await expect(page.getByText('휴대폰 번호 인증이 필요해요').first()).toBeVisible();
    await page.getByRole('button', { name: ko.reserve }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByRole('heading', { name: '휴대폰 번호 인증' })).toBeVisible();
    await sheet.getByLabel('휴대폰 번호').fill(phone);
    const before = smsTo(phone).length;
    await sheet.getByRole('button', { name: '인증번호 받기' }).click();
    await expect.poll(() => smsTo(phone).length, { timeout: 10_000 }).toBeGreaterThan(before);
    const code = smsTo(phone).at(-1)?.text.match(/\d{6}/)?.[0] ?? '';
    await sheet.getByLabel('인증번호').fill(code);
    await page.screenshot({ path: shots('verify-ko'), fullPage: true });
    await sheet.getByRole('button', { name: '인증하고 등록하기' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByText('인증 완료')).toBeVisible();
    await expect(page).toHaveURL(/\/reservation\/check$/);

    await page.getByRole('button', { name: ko.reserve }).click();
    await expect(page.getByRole('heading', { name: ko.done })).toBeVisible();
  });

  test('the shop console marks a past visit done and the member reviews it', async ({
    page,
    context,
  }) => {
    const { consoleKey, pastBookingId, pastBookingNumber } = world();
    const form = new FormData();
    form.set('booking_id', String(pastBookingId));
    form.set('server', 'kr');
    form.set('country_code', 'kr');
    const answer = await fetch(
      `http://127.0.0.1:${e2ePort}/shop-api/console/booking/set_booking_visited`,
      { method: 'POST', headers: { Authorization: `Bearer ${consoleKey}` }, body: form },
    );
    const body = await answer.text();
    expect(answer.status, body).toBe(200);
    expect((JSON.parse(body) as { success: boolean }).success).toBe(true);

    await signInAs(context, page, 'ko');
    await page.goto('/mypage/reservation/visit');
    const card = page.locator(`[data-booking-number="${pastBookingNumber}"]`);
    await expect(card).toContainText('방문 완료');
    await card.click();
    await expect(page.getByText('이용 완료')).toBeVisible();
    await page.getByRole('button', { name: '리뷰 쓰기' }).click();
    await page.getByRole('button', { name: '5점' }).click();
    await page
      .getByLabel('리뷰', { exact: true })
      .fill('원장님 커트 실력이 정말 좋아요. 다음에도 올게요!');
    await page.screenshot({ path: shots('review-ko'), fullPage: true });
    await page.getByRole('button', { name: '리뷰 등록' }).click();
    await expect(page.getByText('리뷰를 등록했어요. 감사합니다!')).toBeVisible();
    await expect(page.getByRole('heading', { name: '작성한 리뷰' })).toBeVisible();
    await expect(page.getByText('원장님 커트 실력이 정말 좋아요. 다음에도 올게요!')).toBeVisible();
    await expect(page.getByRole('button', { name: '리뷰 등록' })).toHaveCount(0);
  });
});

test.describe('booking in Japanese', () => {
  test.use({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });

  test('a member books a Tokyo salon in yen, sees it in the history and cancels it', async ({
    page,
    context,
  }) => {
    const { jp } = world();
    await signInAs(context, page, 'ja');
    await page.goto(`/find/saloninfo/${jp.shopId}`);
    await page.getByRole('link', { name: ja.book }).click();
    await expect(page.getByRole('heading', { name: jp.name })).toBeVisible();

    const date = shopDate('Asia/Tokyo', 3);
    await pickDate(page, date, ja.nextMonth);
    await page.locator('button[data-time="13:30"]').click();
    await page.screenshot({ path: shots('first-ja'), fullPage: true });
    await page.getByRole('button', { name: ja.toSecond }).click();

    await page.getByRole('button', { name: new RegExp(jp.designers[0]!) }).click();
    await page.getByLabel(new RegExp(jp.menus[0]!.name)).check();
    await page.getByLabel(new RegExp(jp.menus[1]!.name)).check();
    await expect(page.getByTestId('reservation-total')).toHaveText('14,300円');
    await page.screenshot({ path: shots('second-ja'), fullPage: true });
    await page.getByRole('button', { name: ja.next, exact: true }).click();

    await expect(page.getByLabel('お名前')).toHaveValue(/山田/);
    await page.getByLabel('ご要望(任意)').fill('15時に変更できますか');
    await expect(page.getByText('ご要望に時間変更のお願いが含まれています')).toBeVisible();
    await page.getByLabel('ご要望(任意)').fill('');
    await page.getByLabel(ja.agreeAll).check();
    await page.screenshot({ path: shots('check-ja'), fullPage: true });
    await page.getByRole('button', { name: ja.reserve, exact: true }).click();

    await expect(page.getByRole('heading', { name: ja.done })).toBeVisible();
    const number = (await page.getByTestId('booking-number').textContent())?.trim() ?? '';
    await page.screenshot({ path: shots('done-ja'), fullPage: true });
    await page.getByRole('link', { name: ja.history }).click();
    const card = page.locator(`[data-booking-number="${number}"]`);
    await expect(card).toContainText('14,300円');
    await expect(card).toContainText('予約済み');
    await page.screenshot({ path: shots('history-ja'), fullPage: true });

    await card.click();
    await page.getByRole('button', { name: ja.cancel }).click();
    await page.getByRole('dialog').getByRole('button', { name: ja.cancelConfirm }).click();
    await expect(page.getByText(ja.cancelled)).toBeVisible();
    await page.screenshot({ path: shots('detail-cancelled-ja'), fullPage: true });
    await page.goto('/mypage/reservation/cancel');
    await expect(page.locator(`[data-booking-number="${number}"]`)).toContainText('キャンセル済み');
  });
});

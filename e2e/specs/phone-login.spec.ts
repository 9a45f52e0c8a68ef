import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eDataDir } from '../fixtures/env.js';
import { readStoredCommon } from '../fixtures/member.js';

const shots = (name: string) => `artifacts/screens/${name}.png`;

/** The dev SMS outbox the server under test writes (DATA_DIR/outbox/sms.jsonl). */
function smsTo(phone: string): Array<{ to: string; text: string }> {
  const file = join(e2eDataDir, 'outbox', 'sms.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((m) => m.to === phone);
}

/** Waits for the `count`-th SMS to `phone` and returns its 6-digit code. */
async function codeFromOutbox(phone: string, count: number): Promise<string> {
  await expect.poll(() => smsTo(phone).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  const code = smsTo(phone).at(-1)?.text.match(/\d{6}/)?.[0];
  expect(code).toBeDefined();
  return code!;
}

async function expectSignedInHome(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await readStoredCommon(page)).loginFlag).toBe(true);
}

test.describe('phone PIN login in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('a smart-mirror member logs in with the code from the SMS outbox', async ({ page }) => {
    const phone = '010-5555-0101';
    await page.goto('/login');
    await page.getByRole('link', { name: '휴대폰 번호로 로그인' }).click();
    await expect(page).toHaveURL(/\/login\/phonelogin$/);
    await expect(page.getByRole('heading', { name: '휴대폰 번호로 로그인' })).toBeVisible();

    const tel = page.getByLabel('휴대폰 번호');
    await tel.fill('010-5555-01a1');
    await expect(page.getByText('휴대폰 번호는 숫자만 입력할 수 있습니다.')).toBeVisible();
    await tel.fill('090-5555-0101');
    await expect(page.getByText('01X-XXXX-XXXX 형식으로 입력해 주세요.')).toBeVisible();
    await page.screenshot({ path: shots('phone-login-number-ko') });
    await tel.fill('01055550101');

    const before = smsTo(phone).length;
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await expect(page.getByText(`${phone}(으)로 인증번호를 보냈습니다.`)).toBeVisible();
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/0[23]:[0-5]\d/);
    // The resend button says how long it still waits.
    await expect(page.getByRole('button', { name: /^\d+초 후 다시 받기$/ })).toBeDisabled();
    const code = await codeFromOutbox(phone, before + 1);

    const box = page.getByLabel('인증번호');
    await expect(box).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(box).toHaveAttribute('inputmode', 'numeric');
    await box.fill(code === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page.getByText('인증번호가 올바르지 않습니다.')).toBeVisible();
    await box.fill(code);
    await page.screenshot({ path: shots('phone-login-code-ko') });
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expectSignedInHome(page);
  });

  test('the first phone login of an unverified member verifies the phone on the way', async ({
    page,
  }) => {
    const phone = '010-5555-0102';
    await page.goto('/login/phonelogin');
    await page.getByLabel('휴대폰 번호').fill(phone);
    const before = smsTo(phone).length;
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    const code = await codeFromOutbox(phone, before + 1);
    await page.getByLabel('인증번호').fill(code);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expectSignedInHome(page);
  });
});

test.describe('phone PIN login in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('a Japanese member logs in with a 090 number', async ({ page }) => {
    const phone = '090-5555-0101';
    await page.goto('/login/phonelogin');
    await expect(page.getByRole('heading', { name: '携帯電話番号でログイン' })).toBeVisible();
    const tel = page.getByLabel('携帯電話番号');
    await tel.fill('010-5555-0101');
    await expect(page.getByText('0X0-XXXX-XXXX の形式で入力してください。')).toBeVisible();
    await tel.fill(phone);
    const before = smsTo(phone).length;
    await page.getByRole('button', { name: '認証番号を受け取る' }).click();
    await expect(page.getByText(`${phone} に認証番号を送信しました。`)).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/0[23]:[0-5]\d/);
    const code = await codeFromOutbox(phone, before + 1);
    await page.getByLabel('認証番号').fill(code);
    // The countdown runs (and so does the resend cool-down).
    await expect(page.getByRole('timer')).toHaveText(/02:5\d/);
    await expect(page.getByRole('button', { name: /^5\d秒後に再送信$/ })).toBeDisabled();
    await page.screenshot({ path: shots('phone-login-code-ja') });
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await expectSignedInHome(page);
  });
});

test.describe('a new code asked for too early', () => {
  test.use({ locale: 'ko-KR' });

  test('counts down on the button instead of a "login failed" heading', async ({ page }) => {
    // A number of nobody's: the server answers it exactly like a member's (ADR 009).
    const tail = String(Date.now()).slice(-8);
    const phone = `010-${tail.slice(0, 4)}-${tail.slice(4)}`;
    await page.goto('/login/phonelogin');
    await page.getByLabel('휴대폰 번호').fill(phone);
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await expect(page.getByText(`${phone}(으)로 인증번호를 보냈습니다.`)).toBeVisible();
    const resend = page.getByRole('button', { name: /^\d+초 후 다시 받기$/ });
    await expect(resend).toBeDisabled();

    // Back to the number, and the same number again within the minute.
    await page.getByRole('button', { name: '번호 변경' }).click();
    await page.getByLabel('휴대폰 번호').fill(phone);
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1분에 한 번' })).toHaveText(
      '인증번호는 1분에 한 번 받을 수 있어요. 잠시 후 다시 받아 주세요.',
    );
    await expect(page.getByText('로그인하지 못했습니다')).toHaveCount(0);
    const wait = page.getByRole('button', { name: /^\d+초 후 받을 수 있어요$/ });
    await expect(wait).toBeDisabled();
    const secondsOf = async () => Number(/(\d+)초/.exec((await wait.textContent()) ?? '')?.[1]);
    const first = await secondsOf();
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60);
    // It counts down.
    await expect.poll(secondsOf, { timeout: 5_000 }).toBeLessThan(first);
    await page.screenshot({ path: shots('phone-login-too-soon-ko') });
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { e2eDataDir } from '../fixtures/env.js';
import { signIn } from '../fixtures/member.js';

const shots = (name: string) => `artifacts/screens/${name}.png`;

// Two browsers, a sign-in (argon2id), the mirror's polls and eight screenshots: about 30 s on the
// 2-core CI machine, right at the default limit (it timed out there once), so give it room.
test.describe.configure({ timeout: 90_000 });

/** The server writes the demo shop's console key here on start (services/server/src/main.ts). */
function consoleKey(): string {
  return readFileSync(join(e2eDataDir, 'demo-console-key.txt'), 'utf8').trim();
}

async function openMirror(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 412, height: 915 } });
  const mirror = await context.newPage();
  await mirror.goto('/mirror');
  return mirror;
}

for (const { locale, lang, text } of [
  {
    locale: 'ko-KR',
    lang: 'ko',
    text: {
      keyLabel: '콘솔 키',
      start: '시작하기',
      scan: '휴대폰으로 QR 코드를 스캔하세요',
      manual: '미러에 표시된 코드',
      check: '코드 확인',
      question: /미러에 로그인할까요\?/,
      countdown: /^[12]:\d\d 후 만료$/,
      format: '코드 형식이 올바르지 않아요. 미러에 표시된 28자리 코드를 확인해 주세요.',
      login: '로그인',
      done: '미러에 로그인되었어요',
      welcome: '김하늘님, 환영합니다',
      rejected: '콘솔 키가 올바르지 않거나 사용이 중지되었어요.',
      invalid: '유효하지 않거나 만료된 QR 코드입니다.',
    },
  },
  {
    locale: 'ja-JP',
    lang: 'ja',
    text: {
      keyLabel: 'コンソールキー',
      start: '開始する',
      scan: 'スマートフォンでQRコードを読み取ってください',
      manual: 'ミラーに表示されたコード',
      check: 'コードを確認',
      question: /ミラーにログインしますか？/,
      countdown: /^残り[12]:\d\d$/,
      format: 'コードの形式が正しくありません。ミラーに表示された28文字をご確認ください。',
      login: 'ログイン',
      done: 'ミラーにログインしました',
      welcome: '김 하늘様、ようこそ',
      rejected: 'コンソールキーが正しくないか、利用停止されています。',
      invalid: '無効または期限切れのQRコードです。',
    },
  },
]) {
  test.describe(`QR login between a mirror and a phone (${lang})`, () => {
    test.use({ locale });

    test('the phone confirms the code shown on the mirror, and the mirror greets the member', async ({
      browser,
      context,
      page,
    }) => {
      // The mirror: a separate browser (its own cookies and storage), console key once.
      const mirror = await openMirror(browser, locale);
      await mirror.getByLabel(text.keyLabel).fill('not-a-real-console-key-000000');
      await mirror.getByRole('button', { name: text.start }).click();
      await expect(mirror.getByText(text.rejected)).toBeVisible();
      await mirror.getByLabel(text.keyLabel).fill(consoleKey());
      await mirror.getByRole('button', { name: text.start }).click();
      await expect(mirror.getByRole('heading', { name: text.scan })).toBeVisible();
      const card = mirror.locator('[data-qr-code]');
      await expect(card.locator('img')).toBeVisible();
      const code = (await card.getAttribute('data-qr-code')) ?? '';
      expect(code).toMatch(/^[0-9A-Z]{28}$/);
      await expect(mirror.getByTestId('mirror-code')).toHaveText(
        code.match(/.{4}/g)?.join('-') ?? '',
      );
      await mirror.screenshot({ path: shots(`qr-mirror-${lang}`) });

      // The phone: signed in as the e2e member (phone verified), scanner with manual entry.
      await signIn(context, page);
      await page.goto('/mypage/qrcodescanner');
      const manual = page.getByLabel(text.manual);
      await expect(manual).toBeVisible();
      await manual.fill('ABCD-1234');
      await manual.blur();
      await expect(page.getByText(text.format)).toBeVisible();
      await manual.fill('');
      await page.screenshot({ path: shots(`qr-scanner-manual-${lang}`) });

      // A well-formed code that no mirror showed: the server's message in a banner.
      await manual.fill('0000-0000-0000-0000-0000-0000-0000');
      await page.getByRole('button', { name: text.check }).click();
      await expect(page.getByRole('alert')).toContainText(text.invalid);

      // The link inside the QR, as a phone's own camera app would open it.
      await page.goto(`/mypage/qrcodescanner?code=${code}`);
      await expect(page.getByRole('heading', { name: text.question })).toBeVisible();
      await expect(page.getByText(text.countdown)).toBeVisible();
      await page.screenshot({ path: shots(`qr-confirm-${lang}`) });
      await page.getByRole('button', { name: text.login, exact: true }).click();
      await expect(page.getByRole('heading', { name: text.done })).toBeVisible();
      await page.screenshot({ path: shots(`qr-done-${lang}`) });

      // The mirror's next poll collects its own session and greets the member with it.
      await expect(mirror.getByTestId('mirror-welcome')).toHaveText(text.welcome);
      await mirror.screenshot({ path: shots(`qr-mirror-welcome-${lang}`) });

      // The code was single use: opening the same link again is refused.
      await page.goto(`/mypage/qrcodescanner?code=${code}`);
      await expect(page.getByRole('alert')).toContainText(text.invalid);
      await mirror.context().close();
    });
  });
}

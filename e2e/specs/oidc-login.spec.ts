import { expect, test, type Page } from '@playwright/test';
import { readStoredCommon } from '../fixtures/member.js';

// "Continue with Google / Apple" through the local OpenID provider (oidc-provider) that the
// Playwright config starts next to the server: authorization code + PKCE, state and nonce.

const shots = (name: string) => `artifacts/screens/${name}.png`;

async function chooseTestUser(page: Page, label: RegExp) {
  await expect(page.getByText('Local test provider')).toBeVisible();
  await page.getByRole('button', { name: label }).click();
}

async function expectSignedIn(page: Page) {
  await expect.poll(async () => (await readStoredCommon(page)).loginFlag).toBe(true);
}

/**
 * A first sign-in creates nothing until the consents are given (ADR 025): the consent step,
 * then the sign-up-complete screen. The provider's "new account" button makes a fresh account
 * every time, so this runs the same on every run.
 */
async function signUpWithNewGoogleAccount(page: Page, texts: Record<string, string>) {
  await page.getByRole('button', { name: texts.google! }).click();
  await chooseTestUser(page, /^New Google account/);
  await expect(page).toHaveURL(/\/login\/agreement$/);
  await expect(page.getByRole('heading', { name: texts.heading! })).toBeVisible();
  await expect(page.getByText('Dana', { exact: false }).first()).toBeVisible();
  const email = (await page.getByText(/^new-[0-9a-f]+@carol\.test$/).textContent()) ?? '';
  expect(email).toMatch(/^new-[0-9a-f]+@carol\.test$/);
  return email;
}

test.describe('Google / Apple sign-in in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('a first Google sign-in asks for the consents, welcomes, links Apple; Apple then signs straight in', async ({
    page,
  }) => {
    await page.goto('/login');
    const google = page.getByRole('button', { name: 'Google로 계속하기' });
    await expect(google).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apple로 계속하기' })).toBeVisible();
    await page.screenshot({ path: shots('oidc-login-ko'), fullPage: true });

    const email = await signUpWithNewGoogleAccount(page, {
      google: 'Google로 계속하기',
      heading: '약관에 동의하고 가입을 마무리해 주세요',
    });
    // The code and state never stay in the address, and nobody is signed in yet.
    expect(page.url()).not.toContain('code=');
    expect((await readStoredCommon(page)).loginFlag).not.toBe(true);

    // The required items are refused one by one, then "agree to all" finishes the sign-up.
    await page.getByRole('button', { name: '동의하고 가입하기' }).click();
    await expect(page.getByText('서비스 이용약관에 동의해 주세요.')).toBeVisible();
    await expect(page.getByText('만 14세 이상만 가입할 수 있습니다.')).toBeVisible();
    await page.screenshot({ path: shots('oidc-agreement-ko'), fullPage: true });
    await page.getByRole('checkbox', { name: '전체 동의' }).check();
    await page.getByRole('button', { name: '동의하고 가입하기' }).click();
    await expect(page).toHaveURL(/\/login\/welcome$/);
    await expect(
      page.getByRole('heading', { name: 'Choi Dana님, 가입을 환영해요!' }),
    ).toBeVisible();
    await expectSignedIn(page);
    await page.screenshot({ path: shots('oidc-welcome-ko'), fullPage: true });

    await page.goto('/mypage/setting');
    const linked = page.getByRole('region', { name: '연결된 계정' });
    await expect(linked).toBeVisible();
    await expect(linked.getByText(email)).toBeVisible();
    await expect(linked.getByRole('button', { name: '해제' })).toHaveCount(1);

    // Link Apple from settings: the same redirect flow, finishing on /login/action. (A new
    // Apple account each run, so a run that stopped halfway leaves nothing linked for the next.)
    // The Apple row's button (LINE and Kakao have rows of their own).
    await linked
      .locator('div')
      .filter({ has: page.getByText('Apple', { exact: true }) })
      .filter({ has: page.getByRole('button') })
      .getByRole('button', { name: '연결' })
      .click();
    await chooseTestUser(page, /^New Apple account/);
    await expect(page).toHaveURL(/\/mypage\/setting$/);
    await expect(page.getByText('Apple 계정을 연결했어요.')).toBeVisible();
    await expect(linked.getByText(/^new-[0-9a-f]+@privaterelay\.carol\.test$/)).toBeVisible();
    await expect(linked.getByRole('button', { name: '해제' })).toHaveCount(2);
    await expect(page.getByText('Apple 계정을 연결했어요.')).toBeHidden();
    await linked.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: shots('oidc-setting-ko') });

    // A known account signs in without the consent step. (The provider still has the Apple
    // user's session from linking, so it answers at once, without its login page.)
    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Apple로 계속하기' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
    await expect(page).not.toHaveURL(/agreement/);

    // Unlink Apple again; Google stays.
    await page.goto('/mypage/setting');
    await linked.getByRole('button', { name: '해제' }).nth(1).click();
    await expect(linked.getByRole('button', { name: '해제' })).toHaveCount(1);
  });

  test('a forged callback (unknown state) goes home with "Invalid state"', async ({ page }) => {
    await page.goto('/login/action?code=abc&state=not-ours');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(/Invalid state/)).toBeVisible();
  });
});

test.describe('Google sign-in in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('a new member agrees in Japanese, is welcomed and finds the linked account', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Appleで続ける' })).toBeVisible();
    await page.screenshot({ path: shots('oidc-login-ja'), fullPage: true });
    const email = await signUpWithNewGoogleAccount(page, {
      google: 'Googleで続ける',
      heading: '規約に同意して登録を完了してください',
    });
    // Japan's items: terms and privacy required, the newsletter optional, no age item.
    await expect(page.getByRole('checkbox')).toHaveCount(4);
    await expect(page.getByText('14歳以上です')).toHaveCount(0);
    await page.getByRole('checkbox', { name: /利用規約に同意する/ }).check();
    await page.getByRole('checkbox', { name: /個人情報の取り扱いに同意する/ }).check();
    await page.screenshot({ path: shots('oidc-agreement-ja'), fullPage: true });
    await page.getByRole('button', { name: '同意して登録する' }).click();
    await expect(page).toHaveURL(/\/login\/welcome$/);
    await expect(
      page.getByRole('heading', { name: 'Choi Danaさん、ようこそCarolへ！' }),
    ).toBeVisible();
    await expect(
      page.getByText('お知らせメール・SMSの受信には同意していません。', { exact: false }),
    ).toBeVisible();
    await expectSignedIn(page);
    await page.screenshot({ path: shots('oidc-welcome-ja'), fullPage: true });

    await page.goto('/mypage/setting');
    const linked = page.getByRole('region', { name: '連携アカウント' });
    await expect(linked.getByText(email)).toBeVisible();
    // Apple, LINE and Kakao are not linked.
    await expect(linked.getByText('未連携')).toHaveCount(3);
    await linked.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: shots('oidc-setting-ja') });
  });
});

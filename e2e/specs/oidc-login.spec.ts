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

test.describe('Google / Apple sign-in in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('signs in with Google, sees it linked in settings, links Apple too', async ({ page }) => {
    await page.goto('/login');
    const google = page.getByRole('button', { name: 'Google로 계속하기' });
    await expect(google).toBeVisible();
    await expect(page.getByRole('button', { name: 'Apple로 계속하기' })).toBeVisible();
    await page.screenshot({ path: shots('oidc-login-ko'), fullPage: true });

    await google.click();
    await chooseTestUser(page, /^Google test user Jiwoo/);
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
    // The code and state never stay in the address.
    expect(page.url()).not.toContain('code=');

    await page.goto('/mypage/setting');
    const linked = page.getByRole('region', { name: '연결된 계정' });
    await expect(linked).toBeVisible();
    await expect(linked.getByText('google.tester@carol.test')).toBeVisible();
    await expect(linked.getByRole('button', { name: '해제' })).toHaveCount(1);

    // Link Apple from settings: the same redirect flow, finishing on /login/action.
    await linked.getByRole('button', { name: '연결' }).click();
    await chooseTestUser(page, /^Apple test user/);
    await expect(page).toHaveURL(/\/mypage\/setting$/);
    await expect(page.getByText('Apple 계정을 연결했어요.')).toBeVisible();
    await expect(linked.getByText('apple.tester@privaterelay.carol.test')).toBeVisible();
    await expect(linked.getByRole('button', { name: '해제' })).toHaveCount(2);
    await expect(page.getByText('Apple 계정을 연결했어요.')).toBeHidden();
    await linked.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: shots('oidc-setting-ko') });

    // Unlink Apple again; Google stays.
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

  test('a new member signs in with Google and finds the linked account', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Appleで続ける' })).toBeVisible();
    await page.screenshot({ path: shots('oidc-login-ja'), fullPage: true });
    await page.getByRole('button', { name: 'Googleで続ける' }).click();
    await chooseTestUser(page, /^Google test user 2/);
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);

    await page.goto('/mypage/setting');
    const linked = page.getByRole('region', { name: '連携アカウント' });
    await expect(linked.getByText('google.tester2@carol.test')).toBeVisible();
    await expect(linked.getByText('未連携')).toBeVisible();
    await linked.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: shots('oidc-setting-ja') });
  });
});

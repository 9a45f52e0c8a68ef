import { expect, test, type Page } from '@playwright/test';
import { e2eKakao, e2eLine } from '../fixtures/env.js';
import { readStoredCommon } from '../fixtures/member.js';

// "Continue with LINE" in Japan and "Continue with Kakao" in Korea, through the local
// providers the Playwright config starts acting as each (confidential clients): the real
// browser redirect, then the server-side code exchange with the client secret (ADR 060).
// The page posts the code, state and PKCE verifier to oidc/exchange and never calls the
// provider's token endpoint; no secret ever reaches the page.

const shots = (name: string) => `artifacts/screens/${name}.png`;

/** Records what the page sends: every request URL, and the bodies of oidc/exchange. */
function watchRequests(page: Page) {
  const urls: string[] = [];
  const exchanges: string[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
    if (request.url().endsWith('/userapi/oidc/exchange')) exchanges.push(request.postData() ?? '');
  });
  return { urls, exchanges };
}

/** The provider buttons (by accessible name), top to bottom as drawn. */
async function buttonOrder(page: Page, names: readonly string[]): Promise<string[]> {
  const placed = await Promise.all(
    names.map(async (name) => {
      const button = page.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      return { name, y: (await button.boundingBox())!.y };
    }),
  );
  return placed.sort((a, b) => a.y - b.y).map((p) => p.name);
}

function expectNoSecretOrTokenCall(seen: ReturnType<typeof watchRequests>) {
  expect(seen.exchanges).toHaveLength(1);
  const body = seen.exchanges[0]!;
  expect(body).toContain('code_verifier');
  for (const secret of [e2eLine.secret, e2eKakao.secret]) expect(body).not.toContain(secret);
  for (const issuer of [e2eLine.issuer, e2eKakao.issuer]) {
    expect(seen.urls.filter((url) => url.startsWith(`${issuer}/token`))).toEqual([]);
  }
}

test.describe('LINE sign-in in the Japanese market', () => {
  test.use({ locale: 'ja-JP' });

  test('LINE comes first; a new LINE account agrees and is signed in by the server exchange', async ({
    page,
  }) => {
    const seen = watchRequests(page);
    await page.goto('/login');
    const ja = ['LINEで続ける', 'Kakaoで続ける', 'Googleで続ける', 'Appleで続ける'];
    expect(await buttonOrder(page, [...ja].reverse())).toEqual(ja);
    // The page learns the exchange is the server's, and no secret.
    const config = await page.evaluate(async () => {
      const form = new FormData();
      form.set('server', 'jp');
      form.set('country_code', 'jp');
      const res = await fetch('/api/userapi/oidc/config', { method: 'POST', body: form });
      return res.text();
    });
    expect(config).toContain('"exchange":"server"');
    for (const secret of [e2eLine.secret, e2eKakao.secret]) expect(config).not.toContain(secret);
    await page.screenshot({ path: shots('oidc-line-login-ja'), fullPage: true });

    await page.getByRole('button', { name: 'LINEで続ける' }).click();
    await expect(page.getByText('Local test provider')).toBeVisible();
    await expect(page.getByText(/stands in for LINE/)).toBeVisible();
    await page.getByRole('button', { name: /^New LINE account/ }).click();

    await expect(page).toHaveURL(/\/login\/agreement$/);
    expect(page.url()).not.toContain('code=');
    await page.getByRole('checkbox', { name: /利用規約に同意する/ }).check();
    await page.getByRole('checkbox', { name: /個人情報の取り扱いに同意する/ }).check();
    await page.getByRole('button', { name: '同意して登録する' }).click();
    await expect(page).toHaveURL(/\/login\/welcome$/);
    await expect(
      page.getByRole('heading', { name: 'Choi Danaさん、ようこそCarolへ！' }),
    ).toBeVisible();
    await expect.poll(async () => (await readStoredCommon(page)).loginFlag).toBe(true);
    expectNoSecretOrTokenCall(seen);

    // The transaction cookie is gone once the server has answered.
    const cookies = await page.context().cookies();
    expect(cookies.filter((c) => c.name.startsWith('carol_oidc_'))).toEqual([]);
  });
});

test.describe('Kakao sign-in in the Korean market', () => {
  test.use({ locale: 'ko-KR' });

  test('Kakao comes first; a new Kakao account agrees and is signed in by the server exchange', async ({
    page,
  }) => {
    const seen = watchRequests(page);
    await page.goto('/login');
    const ko = ['카카오로 계속하기', 'LINE으로 계속하기', 'Google로 계속하기', 'Apple로 계속하기'];
    expect(await buttonOrder(page, [...ko].reverse())).toEqual(ko);
    await page.screenshot({ path: shots('oidc-kakao-login-ko'), fullPage: true });

    await page.getByRole('button', { name: '카카오로 계속하기' }).click();
    await expect(page.getByText('Local test provider')).toBeVisible();
    await expect(page.getByText(/stands in for Kakao/)).toBeVisible();
    await page.getByRole('button', { name: /^New Kakao account/ }).click();

    await expect(page).toHaveURL(/\/login\/agreement$/);
    await page.getByRole('checkbox', { name: '전체 동의' }).check();
    await page.getByRole('button', { name: '동의하고 가입하기' }).click();
    await expect(page).toHaveURL(/\/login\/welcome$/);
    await expect(
      page.getByRole('heading', { name: 'Choi Dana님, 가입을 환영해요!' }),
    ).toBeVisible();
    await expect.poll(async () => (await readStoredCommon(page)).loginFlag).toBe(true);
    expectNoSecretOrTokenCall(seen);
  });
});

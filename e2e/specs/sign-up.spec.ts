import { expect, test, type Page } from '@playwright/test';
import { linkFromMail, mailCount, writeStoredCommon } from '../fixtures/member.js';

// Sign-up asks for the market's consents (required items and optional
// marketing, "agree to all", each item readable), the server refuses without them, and the
// confirmed member lands on a sign-up-complete screen, not silently on Home.

const shots = (name: string) => `artifacts/screens/${name}.png`;
const password = 'Carol_e2e1';

async function fillForm(page: Page, email: string, labels: Record<string, string>) {
  // Exact: the marketing consent also names e-mail.
  await page.getByLabel(labels.email!, { exact: true }).fill(email);
  await page.getByLabel(labels.password!, { exact: true }).fill(password);
  await page.getByLabel(labels.family!, { exact: true }).fill(labels.familyValue!);
  await page.getByLabel(labels.given!, { exact: true }).fill(labels.givenValue!);
}

/** The page is no wider than the screen (nothing pushes it sideways). */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test.describe('e-mail sign-up in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('consents (refused, read, agreed) → confirmation mail → welcome by name → marketing later in settings', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = `e2e-signup-${Date.now()}@example.test`;
    await page.goto('/login/registeruser');
    await fillForm(page, email, {
      email: '이메일',
      password: '비밀번호',
      family: '성',
      given: '이름',
      familyValue: '박',
      givenValue: '서연',
    });
    const consents = page.getByRole('group', { name: '약관 동의' });
    await expect(consents.getByRole('checkbox')).toHaveCount(5);

    // Without the required items nothing is sent: one message per item.
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect(page.getByText('서비스 이용약관에 동의해 주세요.')).toBeVisible();
    await expect(page.getByText('개인정보 수집 및 이용에 동의해 주세요.')).toBeVisible();
    await expect(page.getByText('만 14세 이상만 가입할 수 있습니다.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\/registeruser$/);
    await consents.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots('sign-up-refused-ko') });

    // Each item opens to read; the sheet's button agrees to it.
    await consents.getByRole('button', { name: '서비스 이용약관 동의 내용 보기' }).click();
    const terms = page.getByRole('dialog', { name: '서비스 이용약관 동의' });
    await expect(terms.getByRole('heading', { name: '제1조 (목적)' })).toBeVisible();
    await page.screenshot({ path: shots('sign-up-terms-sheet-ko') });
    await terms.getByRole('button', { name: '동의하기' }).click();
    await expect(consents.getByRole('checkbox', { name: /서비스 이용약관 동의/ })).toBeChecked();
    await expect(page.getByText('서비스 이용약관에 동의해 주세요.')).toBeHidden();

    // Agree to all, then leave the optional marketing item out.
    await consents.getByRole('checkbox', { name: '전체 동의' }).check();
    await consents.getByRole('checkbox', { name: /마케팅 정보 수신 동의/ }).uncheck();
    await expect(consents.getByRole('checkbox', { name: '전체 동의' })).not.toBeChecked();
    await expect(consents.getByRole('checkbox', { name: /만 14세 이상입니다/ })).toBeChecked();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect(page).toHaveURL(/\/login\/registeruserbyemail\//);

    // The mailed link signs in and shows the sign-up-complete screen.
    await page.goto(await linkFromMail(email, '/login/registeruserafteremail/'));
    await expect(page).toHaveURL(/\/login\/welcome$/);
    await expect(page.getByRole('heading', { name: '박서연님, 가입을 환영해요!' })).toBeVisible();
    await expect(
      page.getByText('마케팅 정보 수신(이메일·SMS)에 동의하지 않으셨습니다.', { exact: false }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shots('sign-up-welcome-ko'), fullPage: true });
    await page.getByRole('link', { name: /내 주변 살롱 찾기/ }).click();
    await expect(page).toHaveURL(/\/find\/h/);

    // Marketing can be switched on later; the toast confirms it with the date.
    await page.goto('/mypage/setting');
    const marketing = page.getByRole('switch', { name: /혜택과 이벤트 소식 받기/ });
    await expect(marketing).not.toBeChecked();
    await expect(marketing).toBeEnabled();
    await marketing.check();
    await expect(page.getByText(/마케팅 정보 수신에 동의했습니다\. \(20\d\d년/)).toBeVisible();
    await expect(marketing).toBeChecked();
    await expect(page.getByText(/에 수신에 동의했습니다\.$/)).toBeVisible();
    await marketing.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shots('sign-up-setting-marketing-ko') });
  });
});

test.describe('e-mail sign-up in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test("Japan's items (no age item), the newsletter opted in, welcomed by name", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = `e2e-signup-ja-${Date.now()}@example.test`;
    await page.goto('/login/registeruser');
    await writeStoredCommon(page, { language: 'ja', server: 'jp' });
    await page.goto('/login/registeruser');
    await fillForm(page, email, {
      email: 'メールアドレス',
      password: 'パスワード',
      family: '姓',
      given: '名',
      familyValue: '山田',
      givenValue: '花子',
    });
    const consents = page.getByRole('group', { name: '規約への同意' });
    await expect(consents.getByRole('checkbox')).toHaveCount(4);
    await expect(consents.getByText('14歳以上です')).toHaveCount(0);
    // The whole password rule is readable under the field (it was a cut-off placeholder).
    await expect(
      page.getByText(
        '英大文字・英小文字・数字・記号（- _ !）をすべて含む8〜12文字で入力してください。',
      ),
    ).toBeVisible();
    await consents.getByRole('checkbox', { name: 'すべてに同意する' }).check();
    await expect(
      consents.getByRole('checkbox', { name: /おトクな情報をメール・SMSで受け取る/ }),
    ).toBeChecked();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shots('sign-up-form-ja'), fullPage: true });
    const before = await mailCount(email);
    await page.getByRole('button', { name: '登録する' }).click();
    await expect(page).toHaveURL(/\/login\/registeruserbyemail\//);

    await page.goto(await linkFromMail(email, '/login/registeruserafteremail/', before));
    await expect(page).toHaveURL(/\/login\/welcome$/);
    await expect(
      page.getByRole('heading', { name: '山田 花子さん、ようこそCarolへ！' }),
    ).toBeVisible();
    await expect(
      page.getByText(/20\d\d年\d+月\d+日にお知らせメール・SMSの受信に同意しました。/),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /ヘアカラーを試す/ })).toHaveAttribute(
      'href',
      '/simulation',
    );
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: shots('sign-up-welcome-ja'), fullPage: true });
  });
});

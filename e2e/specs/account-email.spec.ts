import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eDataDir } from '../fixtures/env.js';
import { linkFromMail, mailCount, writeStoredCommon } from '../fixtures/member.js';

/** The last 6-digit code the server under test texted to `phone` (its dev SMS outbox). */
function lastCodeTo(phone: string): string | undefined {
  const file = join(e2eDataDir, 'outbox', 'sms.jsonl');
  if (!existsSync(file)) return undefined;
  const texts = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((m) => m.to === phone);
  return texts.at(-1)?.text.match(/\d{6}/)?.[0];
}

const shots = (name: string) => `artifacts/screens/${name}.png`;
const password = 'Carol_e2e1';

async function logInWithEmail(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

test.describe('an e-mail member, from sign-up to withdrawal', () => {
  test.use({ locale: 'ko-KR' });

  test('registers by the mailed link, logs out and in, changes e-mail by link, withdraws', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = `e2e-${Date.now()}@example.test`;
    const newEmail = `e2e-new-${Date.now()}@example.test`;

    // Sign-up: the confirmation mail arrives at the real SMTP server.
    await page.goto('/login/registeruser');
    // Exact: the marketing consent "(이메일·SMS)" also names e-mail.
    await page.getByLabel('이메일', { exact: true }).fill(email);
    await page.getByLabel('비밀번호').fill(password);
    await page.getByLabel('성', { exact: true }).fill('박');
    await page.getByLabel('이름', { exact: true }).fill('서연');
    await page.getByRole('checkbox', { name: '전체 동의' }).check();
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect(page).toHaveURL(/\/login\/registeruserbyemail\//);
    await page.goto(await linkFromMail(email, '/login/registeruserafteremail/'));
    await expect(page).toHaveURL(/\/login\/welcome$/);

    // Log out from the settings screen, then log in again with the password.
    await page.goto('/mypage/setting');
    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/$/);
    await logInWithEmail(page, email);
    await expect(page).toHaveURL(/\/$/);

    // Add a mobile number: password first (re-authentication), then the SMS code.
    const phone = `010-7${String(Date.now()).slice(-3)}-${String(Date.now()).slice(-4)}`;
    await page.goto('/mypage/setting');
    await page.getByRole('link', { name: /휴대폰 번호 등록/ }).click();
    await page.getByLabel('휴대폰 번호').fill(phone.replace(/-/g, ''));
    await page.getByLabel('현재 비밀번호').fill(password);
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await expect(page.getByRole('timer')).toBeVisible();
    await expect.poll(() => lastCodeTo(phone), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await page.getByLabel('인증번호').fill(lastCodeTo(phone)!);
    await page.screenshot({ path: shots('create-tel-ko') });
    await page.getByRole('button', { name: '인증하고 등록하기' }).click();
    await expect(page).toHaveURL(/\/mypage\/setting$/);
    await expect(page.getByRole('link', { name: /휴대폰 번호 변경/ })).toBeVisible();

    // E-mail change: re-authenticate with the password, confirm through the link to the new address.
    await page.goto('/mypage/setting');
    await page.getByRole('link', { name: /이메일 변경/ }).click();
    await expect(page.getByLabel('현재 이메일')).toHaveValue(email);
    await page.getByLabel('새 이메일').fill(newEmail);
    await page.getByLabel('현재 비밀번호').fill(password);
    await page.screenshot({ path: shots('change-email-ko') });
    await page.getByRole('button', { name: '인증 메일 보내기' }).click();
    await expect(page).toHaveURL(/\/mypage\/setting\/changeemailsend$/);
    await expect(page.getByText(newEmail)).toBeVisible();
    await page.screenshot({ path: shots('change-email-sent-ko') });
    await page.goto(await linkFromMail(newEmail, '/mypage/setting/changeemailsendafter/'));
    await expect(page.getByText('이메일이 변경되었습니다')).toBeVisible();
    await page.screenshot({ path: shots('change-email-done-ko') });

    // Withdrawal: reason, agreement, phrase, password; then the account cannot log in.
    await page.goto('/mypage/setting/deleteAccount');
    await page.getByText('자주 사용하지 않아요').click();
    await page.getByLabel('위 내용을 확인했으며 탈퇴에 동의합니다.').check();
    await page.getByLabel(/확인을 위해/).fill('탈퇴합니다');
    await page.getByLabel('비밀번호').fill(password);
    await page.getByRole('button', { name: '탈퇴하기' }).click();
    await expect(page).toHaveURL(/\/$/);
    await logInWithEmail(page, newEmail);
    await expect(page.getByText('이메일 또는 비밀번호가 올바르지 않습니다.')).toBeVisible();
  });
});

test.describe('e-mail change screens in Japanese', () => {
  test.use({ locale: 'ja-JP' });

  test('shows the change-e-mail screen in Japanese', async ({ page }) => {
    const email = `e2e-ja-${Date.now()}@example.test`;
    await page.goto('/login/registeruser');
    await writeStoredCommon(page, { language: 'ja', server: 'jp' });
    await page.goto('/login/registeruser');
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード').fill(password);
    await page.getByLabel('姓', { exact: true }).fill('山田');
    await page.getByLabel('名', { exact: true }).fill('花子');
    await page.getByRole('checkbox', { name: 'すべてに同意する' }).check();
    const before = await mailCount(email);
    await page.getByRole('button', { name: /登録/ }).click();
    await page.goto(await linkFromMail(email, '/login/registeruserafteremail/', before));
    await expect(page).toHaveURL(/\/login\/welcome$/);
    await page.goto('/mypage/setting/changeemail');
    await expect(page.getByLabel('現在のメールアドレス')).toHaveValue(email);
    await expect(page.getByLabel('現在のパスワード')).toBeVisible();
    await page.screenshot({ path: shots('change-email-ja') });
  });
});

test.describe('a guest', () => {
  test.use({ locale: 'ko-KR' });

  test('tapping My page gets the members-only prompt (spec 6)', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: '마이페이지' }).click();
    await expect(page.getByText('아직 회원이 아니신가요?')).toBeVisible();
    await expect(page.getByText('회원가입 후 이용할 수 있습니다.')).toBeVisible();
    await page.screenshot({ path: shots('members-only-ko') });
    await page.getByRole('dialog').getByRole('link', { name: '회원가입' }).click();
    await expect(page).toHaveURL(/\/login\/registeruser$/);
  });
});

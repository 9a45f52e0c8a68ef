import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eDataDir } from '../fixtures/env.js';
import { signIn } from '../fixtures/member.js';

const shots = (name: string) => `artifacts/screens/${name}.png`;

// Two browsers, console calls, the mirror's polls and screenshots.
test.describe.configure({ timeout: 120_000 });

/** fixtures/records.ts: the member's number and the mirror's salon, where it has visits but no link. */
function records(): {
  phone: string;
  unlinkedShop: { shopId: number; name: string; visits: number };
} {
  return JSON.parse(readFileSync(join(e2eDataDir, 'records.json'), 'utf8')) as ReturnType<
    typeof records
  >;
}

/** The server writes the demo shop's console key here on start (services/server/src/main.ts). */
function consoleKey(): string {
  return readFileSync(join(e2eDataDir, 'demo-console-key.txt'), 'utf8').trim();
}

/** A console call as the salon's staff system makes it (Bearer console key, form fields). */
async function consoleCall(
  request: APIRequestContext,
  path: string,
  form: Record<string, string>,
): Promise<Record<string, unknown>> {
  const response = await request.post(`/shop-api${path}`, {
    headers: { Authorization: `Bearer ${consoleKey()}` },
    multipart: { server: 'kr', country_code: 'kr', ...form },
  });
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status(), JSON.stringify(body)).toBe(200);
  return body;
}

const measures = (density: number, sebum: number) =>
  JSON.stringify([
    { key: 'density', value: density, unit: 'hairs/cm²', normal_min: 120, normal_max: 180 },
    { key: 'sebum', value: sebum, unit: '%', normal_min: null, normal_max: 25 },
  ]);

test.use({ locale: 'ko-KR' });

test('a member links a salon by the mirror’s link QR, sees its visits and scalp chart, and unlinks', async ({
  browser,
  context,
  page,
  request,
}) => {
  // The phone: the e2e member (verified phone); the salon records visits for that number first.
  await signIn(context, page);
  const world = records();
  const phone = world.phone;
  await consoleCall(request, '/console/records/add_diagnosis', {
    phone,
    diagnosed_at: '2026-02-10T05:00:00.000Z',
    measures: measures(112, 21),
    memo: '정수리 밀도가 조금 낮아요.',
  });
  await consoleCall(request, '/console/records/add_diagnosis', {
    phone,
    diagnosed_at: '2026-06-10T05:00:00.000Z',
    measures: measures(131, 29),
  });

  // The mirror: its own browser, console key, then the link code.
  const mirrorContext = await browser.newContext({
    locale: 'ko-KR',
    viewport: { width: 412, height: 915 },
  });
  const mirror = await mirrorContext.newPage();
  await mirror.goto('/mirror');
  await mirror.getByLabel('콘솔 키').fill(consoleKey());
  await mirror.getByRole('button', { name: '시작하기' }).click();
  await expect(mirror.locator('[data-qr-purpose="login"]')).toBeVisible();
  await mirror.getByRole('button', { name: '데이터 연동' }).click();
  const card = mirror.locator('[data-qr-purpose="link"]');
  await expect(card.locator('img')).toBeVisible();
  await expect(
    mirror.getByRole('heading', { name: '휴대폰으로 스캔해 내 기록을 연동하세요' }),
  ).toBeVisible();
  const code = (await card.getAttribute('data-qr-code')) ?? '';
  expect(code).toMatch(/^[0-9A-Z]{28}$/);
  await mirror.screenshot({ path: shots('link-mirror-ko') });

  // The phone opens the link inside the QR: the link sheet, not the login confirmation.
  await page.goto(`/mypage/qrcodescanner?code=${code}`);
  const question = page.getByRole('heading', { name: /내 기록을 연동할까요\?$/ });
  await expect(question).toBeVisible();
  const shopName = ((await question.textContent()) ?? '').replace(
    /과\(와\) 내 기록을 연동할까요\?$/,
    '',
  );
  expect(shopName.length).toBeGreaterThan(0);
  await expect(page.getByText('두피 진단 결과')).toBeVisible();
  await expect(page.getByText(/^010-\*{4}-\d{4}$/)).toBeVisible();
  await page.screenshot({ path: shots('link-confirm-ko'), fullPage: true });
  await page.getByRole('button', { name: '연동하기' }).click();
  await expect(page.getByRole('heading', { name: '연동되었어요' })).toBeVisible();
  await expect(
    page.getByText(`${shopName}의 기록을 불러왔어요. 방문 기록 ${world.unlinkedShop.visits}건.`),
  ).toBeVisible();

  // The mirror notices the link and greets the member.
  await expect(mirror.getByTestId('mirror-linked')).toHaveText('김하늘님, 연동되었어요');
  await mirror.screenshot({ path: shots('link-mirror-linked-ko') });

  // The code was single use.
  await page.goto(`/mypage/qrcodescanner?code=${code}`);
  await expect(page.getByRole('alert')).toContainText('유효하지 않거나 만료된 QR 코드입니다.');

  // Visited salons: the salon with its linked badge.
  await page.goto('/mypage/visitshop');
  const shopCard = page.locator('li', { has: page.getByText(shopName, { exact: true }) });
  await expect(shopCard.getByText('연동됨')).toBeVisible();
  await expect(shopCard.getByText(`방문 ${world.unlinkedShop.visits}회`)).toBeVisible();
  await page.screenshot({ path: shots('link-visitshop-ko'), fullPage: true });

  // Scalp history: the already linked salon's diagnoses and the mirror salon's two in one chart.
  await page.goto('/mypage/historyscalp');
  const chart = page.getByTestId('scalp-chart');
  await expect(chart).toBeVisible();
  const points = await chart.locator('circle').count();
  expect(points).toBeGreaterThanOrEqual(2);
  await expect(chart).toHaveAttribute('role', 'img');
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`^\\S.* ${points}회 측정`));
  await page.getByRole('button', { name: '피지' }).click();
  await expect(page.getByRole('img', { name: /^피지 \d+회 측정/ })).toBeVisible();
  const mirrorDiagnoses = page.locator('[data-diagnosis-id]', { hasText: shopName });
  await expect(mirrorDiagnoses).toHaveCount(2);
  await page.screenshot({ path: shots('link-scalp-ko'), fullPage: true });
  // The newer of the two (June): sebum 29 % over its 25 % limit, density 131 within 120–180.
  await mirrorDiagnoses.first().click();
  await expect(page.locator('[data-measure="sebum"][data-status="high"]')).toBeVisible();
  await expect(page.locator('[data-measure="density"][data-status="normal"]')).toBeVisible();
  await page.screenshot({ path: shots('link-scalp-detail-ko'), fullPage: true });

  // Unlink from visited salons, after the confirmation: the salon's records are gone.
  await page.goto('/mypage/visitshop');
  await shopCard.getByRole('button', { name: '연동 해제' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`${shopName}과(와) 연동을 해제할까요?`)).toBeVisible();
  await dialog.getByRole('button', { name: '연동 해제' }).click();
  await expect(shopCard.getByText('연동됨')).toHaveCount(0);
  await page.goto('/mypage/historyscalp');
  await expect(page.getByTestId('scalp-chart')).toBeVisible();
  await expect(page.locator('[data-diagnosis-id]').first()).toBeVisible();
  await expect(page.locator('[data-diagnosis-id]', { hasText: shopName })).toHaveCount(0);
  await mirrorContext.close();
});

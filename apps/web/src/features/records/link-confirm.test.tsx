// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getLinkInfo, userLinkAdd, type ErrorCode, type LinkInfo } from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { LinkConfirm, type RenderPhoneVerification } from './link-confirm';
import { answerCalls, failure } from './test-server';

const info = (patch: Partial<LinkInfo> = {}): LinkInfo => ({
  shop_id: 52,
  shop_name: 'ヘアサロン 銀座本店',
  shop_address: '東京都中央区銀座4-1-1',
  shop_thumbnail: null,
  is_linked: false,
  phone_verified: true,
  phone_masked: '090-****-5678',
  expires_in: 110,
  ...patch,
});

const patiently = { timeout: 10_000 };

function renderSheet(
  renderPhoneVerification: RenderPhoneVerification = () => null,
  onCancel?: () => void,
) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <LinkConfirm
            target={{ code: 'ABCD' }}
            renderPhoneVerification={renderPhoneVerification}
            onCancel={onCancel}
            cancelLabel="もう一度読み取る"
          />
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(async () => {
  useCommonStore.setState({ language: 'ja', server: 'jp', loginID: 3, loginFlag: true });
  await i18n.changeLanguage('ja');
});

// Each test waits for real renders and answers; a loaded machine is slow, not wrong.
describe('LinkConfirm', { timeout: 30_000 }, () => {
  it('names the salon, what will be shared and the masked phone, then links', async () => {
    const calls = answerCalls({
      [getLinkInfo.path]: () => ({ body: info() }),
      [userLinkAdd.path]: () => ({
        body: {
          shop_id: 52,
          shop_name: 'ヘアサロン 銀座本店',
          linked_at: '2026-11-27T10:00:00Z',
          visit_count: 4,
        },
      }),
    });
    renderSheet();
    expect(
      await screen.findByRole(
        'heading',
        { name: 'ヘアサロン 銀座本店とマイ記録を連携しますか？' },
        patiently,
      ),
    ).toBeTruthy();
    for (const text of [
      'サロンが撮影したスタイル写真と動画',
      '来店記録とサロンのメモ',
      '頭皮診断の結果',
      'サロンのお知らせとクーポン',
      '090-****-5678',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: '連携する' }));
    expect(await screen.findByText('連携しました', {}, patiently)).toBeTruthy();
    expect(
      screen.getByText('ヘアサロン 銀座本店の記録を取り込みました。来店記録 4件。'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'スタイル履歴を見る' }).getAttribute('href')).toBe(
      '/mypage/myphoto/52',
    );
    const add = calls.find((c) => c.path.endsWith(userLinkAdd.path))!;
    expect(add.form.get('code')).toBe('ABCD');
  });

  it('blocks linking with an unverified phone until it is verified in place', async () => {
    let verified = false;
    const calls = answerCalls({
      [getLinkInfo.path]: () => ({ body: info({ phone_verified: verified }) }),
    });
    renderSheet(({ hasPhone, onDone }) => (
      <button
        type="button"
        onClick={() => {
          verified = true;
          onDone();
        }}
      >
        {hasPhone ? 'verify-existing' : 'add-new'}
      </button>
    ));
    expect(await screen.findByTestId('link-phone-block', {}, patiently)).toBeTruthy();
    expect(screen.getByText('電話番号の認証が必要です')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '連携する' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '今すぐ認証' }));
    // The booking's verification, handed in by the route, opens in place (the member has a number).
    fireEvent.click(await screen.findByRole('button', { name: 'verify-existing' }));
    expect(await screen.findByRole('button', { name: '連携する' }, patiently)).toBeTruthy();
    expect(screen.queryByTestId('link-phone-block')).toBeNull();
    expect(calls.filter((c) => c.path.endsWith(getLinkInfo.path))).toHaveLength(2);
    expect(calls.some((c) => c.path.endsWith(userLinkAdd.path))).toBe(false);
  });

  it('offers to add a number when the member has none', async () => {
    answerCalls({
      [getLinkInfo.path]: () => ({ body: info({ phone_verified: false, phone_masked: null }) }),
    });
    renderSheet(({ hasPhone }) => <p>{hasPhone ? 'verify-existing' : 'add-new'}</p>);
    fireEvent.click(await screen.findByRole('button', { name: '電話番号を登録' }, patiently));
    expect(await screen.findByText('add-new')).toBeTruthy();
  });

  it("shows the server's PHONE_NOT_VERIFIED refusal as the same block", async () => {
    answerCalls({
      [getLinkInfo.path]: () => ({ body: info() }),
      [userLinkAdd.path]: () =>
        failure(403, 'PHONE_NOT_VERIFIED', '電話番号の認証後にご利用いただけます。'),
    });
    renderSheet();
    fireEvent.click(await screen.findByRole('button', { name: '連携する' }, patiently));
    expect(await screen.findByTestId('link-phone-block', {}, patiently)).toBeTruthy();
  });

  it.each<[ErrorCode, string]>([
    ['LINK_DUPLICATE', 'この番号はすでにこの店舗と連携されています。'],
    ['LINK_FAILED', 'データ連携に失敗しました。'],
  ])("shows %s with the spec's message and lets the member scan again", async (code, message) => {
    let cancelled = 0;
    answerCalls({
      [getLinkInfo.path]: () => ({ body: info() }),
      [userLinkAdd.path]: () => failure(409, code, message),
    });
    renderSheet(undefined, () => cancelled++);
    fireEvent.click(await screen.findByRole('button', { name: '連携する' }, patiently));
    const alert = await screen.findByRole('alert', {}, patiently);
    expect(alert.textContent).toContain('データ連携に失敗しました');
    expect(alert.textContent).toContain(message);
    fireEvent.click(screen.getByRole('button', { name: 'もう一度読み取る' }));
    expect(cancelled).toBe(1);
  });

  it('says "already linked" for LINK_ALREADY and for a salon linked before', async () => {
    answerCalls({
      [getLinkInfo.path]: () => ({ body: info() }),
      [userLinkAdd.path]: () => failure(409, 'LINK_ALREADY', 'この店舗とはすでに連携済みです。'),
    });
    renderSheet();
    fireEvent.click(await screen.findByRole('button', { name: '連携する' }, patiently));
    expect(await screen.findByText('すでに連携済みのサロンです', {}, patiently)).toBeTruthy();
  });

  it('refuses an invalid or expired code without a link button', async () => {
    answerCalls({
      [getLinkInfo.path]: () =>
        failure(
          400,
          'QR_INVALID',
          '無効または期限切れのQRコードです。ミラーで新しいQRコードを表示してください。',
        ),
    });
    renderSheet(undefined, () => undefined);
    const alert = await screen.findByRole('alert', {}, patiently);
    expect(alert.textContent).toContain('無効または期限切れのQRコードです。');
    expect(screen.queryByRole('button', { name: '連携する' })).toBeNull();
    // A 4xx will not change by asking again: no retry, only scanning again.
    expect(screen.queryByRole('button', { name: '再試行' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'もう一度読み取る' })).toBeTruthy(),
    );
  });
});

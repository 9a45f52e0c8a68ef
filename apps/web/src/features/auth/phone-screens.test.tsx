// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUserInfo, sendSmsForSimpleLogin, sendVerificationCode } from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { buildUserInfo } from '../../testing/builders';
import { buildSuccess, errorResponse, jsonResponse } from '../../testing/responses';
import PhoneLoginScreen from '../../routes/login/phone-login';
import CreateTelScreen from '../../routes/mypage/create-tel';

// Asking for a new code within the 60 s cool-down is not a failure. The screen
// counts down (on the button, from the server's retry_after) instead of a "login failed" banner.

function renderAt(path: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const tooSoon = (seconds: number, language: 'ko' | 'ja' = 'ko') =>
  errorResponse(
    'RESEND_TOO_SOON',
    429,
    language === 'ko'
      ? `인증번호는 1분에 한 번 받을 수 있어요. ${seconds}초 후에 다시 요청해 주세요.`
      : `認証番号の送信は1分に1回までです。${seconds}秒後にもう一度お試しください。`,
    { retry_after: seconds },
  );
/**
 * The seconds a countdown label shows, near `wait`: a slow machine may lose a few, and the
 * screen's clock ticks four times a second, so it may still be a quarter second behind.
 */
function secondsIn(element: HTMLElement, pattern: RegExp, wait: number): number {
  const seconds = Number(pattern.exec(element.textContent ?? '')?.[1]);
  expect(seconds).toBeGreaterThan(wait - 20);
  expect(seconds).toBeLessThanOrEqual(wait + 1);
  return seconds;
}

const sent = (resendAfter = 60) =>
  jsonResponse(
    buildSuccess(sendSmsForSimpleLogin, {
      send_result: 'sent',
      expires_in: 180,
      resend_after: resendAfter,
    }),
  );

beforeEach(async () => {
  useCommonStore.setState({ language: 'ko', server: 'kr', loginID: null, loginFlag: false });
  await i18n.changeLanguage('ko');
});
afterEach(() => vi.unstubAllGlobals());

describe('/login/phonelogin', () => {
  it('shows the seconds left on the resend button while it waits', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sent()),
    );
    const user = userEvent.setup();
    renderAt('/login/phonelogin', <PhoneLoginScreen />);
    await user.type(screen.getByLabelText('휴대폰 번호'), '010-5555-0101');
    await user.click(screen.getByRole('button', { name: /인증번호 받기/ }));
    const resend = await screen.findByRole('button', { name: /^\d+초 후 다시 받기$/ });
    secondsIn(resend, /(\d+)초/, 60);
    expect((resend as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts down instead of "login failed" when the same number asks again too soon', async () => {
    const fetchMock = vi
      .fn<(url: string) => Promise<Response>>()
      .mockImplementationOnce(async () => sent())
      .mockImplementation(async () => tooSoon(42));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAt('/login/phonelogin', <PhoneLoginScreen />);
    await user.type(screen.getByLabelText('휴대폰 번호'), '010-5555-0101');
    await user.click(screen.getByRole('button', { name: /인증번호 받기/ }));
    await user.click(await screen.findByRole('button', { name: '번호 변경' }));
    await user.click(screen.getByRole('button', { name: /인증번호 받기/ }));

    expect((await screen.findByRole('status')).textContent).toBe(
      '인증번호는 1분에 한 번 받을 수 있어요. 잠시 후 다시 받아 주세요.',
    );
    const button = screen.getByRole('button', { name: /^\d+초 후 받을 수 있어요$/ });
    secondsIn(button, /(\d+)초/, 42);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('로그인하지 못했습니다')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      `/api${sendSmsForSimpleLogin.path}`,
      `/api${sendSmsForSimpleLogin.path}`,
    ]);
  });

  it('keeps the code box and waits longer when a resend is refused as too soon (Japanese)', async () => {
    useCommonStore.setState({ language: 'ja', server: 'jp' });
    await i18n.changeLanguage('ja');
    vi.stubGlobal(
      'fetch',
      vi
        .fn<() => Promise<Response>>()
        .mockImplementationOnce(async () => sent(0))
        .mockImplementation(async () => tooSoon(30, 'ja')),
    );
    const user = userEvent.setup();
    renderAt('/login/phonelogin', <PhoneLoginScreen />);
    await user.type(screen.getByLabelText('携帯電話番号'), '090-5555-0101');
    await user.click(screen.getByRole('button', { name: /認証番号を受け取る/ }));
    await user.type(await screen.findByLabelText('認証番号'), '123');
    await user.click(screen.getByRole('button', { name: '認証番号を再送信' }));

    const wait = await screen.findByRole('button', { name: /^\d+秒後に再送信$/ });
    secondsIn(wait, /(\d+)秒/, 30);
    expect((wait as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      '認証番号の送信は1分に1回までです。少し待ってからもう一度お試しください。',
    );
    expect(screen.getByLabelText<HTMLInputElement>('認証番号').value).toBe('123');
    expect(screen.queryByText('ログインできませんでした')).toBeNull();
  });
});

describe('/mypage/setting/createtel (shares the code step)', () => {
  it('counts down instead of a failure banner when a code is asked for too soon', async () => {
    useCommonStore.setState({ loginID: 42, loginFlag: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === `/api${getUserInfo.path}`) {
          return jsonResponse(
            buildUserInfo({ phone: '', phone_verified: false, has_password: false }),
          );
        }
        if (url === `/shop-api${sendVerificationCode.path}`) return tooSoon(25);
        return errorResponse('NOT_FOUND');
      }),
    );
    const user = userEvent.setup();
    renderAt('/mypage/setting/createtel', <CreateTelScreen />);
    await user.type(await screen.findByLabelText('휴대폰 번호'), '010-1234-5678');
    await user.click(screen.getByRole('button', { name: /인증번호 받기/ }));
    const button = await screen.findByRole('button', { name: /^\d+초 후 받을 수 있어요$/ });
    secondsIn(button, /(\d+)초/, 25);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      '인증번호는 1분에 한 번 받을 수 있어요. 잠시 후 다시 받아 주세요.',
    );
    expect(screen.queryByText('처리하지 못했습니다')).toBeNull();
  });
});

// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkVerificationCode,
  getUserInfo,
  sendSmsForSimpleLogin,
  sendVerificationCode,
} from '@carol/contracts';
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

  it('checks the number as it is typed, is quiet for an emptied box and sends nothing wrong', async () => {
    const fetchMock = vi.fn(async () => sent());
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAt('/login/phonelogin', <PhoneLoginScreen />);
    const box = screen.getByLabelText('휴대폰 번호');
    await user.type(box, '010-55a');
    expect(screen.getByText('휴대폰 번호는 숫자만 입력할 수 있습니다.')).toBeTruthy();
    await user.clear(box);
    expect(screen.queryByText('휴대폰 번호는 숫자만 입력할 수 있습니다.')).toBeNull();
    expect(screen.queryByText(/형식으로 입력해 주세요/)).toBeNull();
    await user.click(screen.getByRole('button', { name: /인증번호 받기/ }));
    expect(screen.getByText(/형식으로 입력해 주세요/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(box, '010-5555-0101');
    expect(screen.queryByText(/형식으로 입력해 주세요/)).toBeNull();
    await user.click(screen.getByRole('button', { name: /인증번호 받기/ }));
    expect(await screen.findByLabelText('인증번호')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tells an incomplete code once the box is left, not while the first digits go in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sent()),
    );
    const user = userEvent.setup();
    renderAt('/login/phonelogin', <PhoneLoginScreen />);
    await user.type(screen.getByLabelText('휴대폰 번호'), '010-5555-0101');
    await user.click(screen.getByRole('button', { name: /인증번호 받기/ }));
    const box = await screen.findByLabelText<HTMLInputElement>('인증번호');
    const message = '인증번호 6자리를 입력해 주세요.';

    // Leaving the empty box says nothing: nothing was typed yet.
    await user.tab();
    expect(screen.queryByText(message)).toBeNull();
    await user.type(box, '123');
    expect(screen.queryByText(message)).toBeNull();
    expect(box.getAttribute('aria-invalid')).toBeNull();

    // Left with three digits: now it says so, on the box.
    await user.tab();
    expect(screen.getByText(message)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');

    // From then on it is checked as it is typed: the sixth digit clears it, a deleted one brings it back.
    await user.type(box, '456');
    expect(screen.queryByText(message)).toBeNull();
    await user.type(box, '{Backspace}');
    expect(screen.getByText(message)).toBeTruthy();
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

  it('checks the code as it is typed once it was whole, without leaving the box (English)', async () => {
    useCommonStore.setState({ language: 'en', loginID: 42, loginFlag: true });
    await i18n.changeLanguage('en');
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === `/api${getUserInfo.path}`) {
        return jsonResponse(
          buildUserInfo({ phone: '', phone_verified: false, has_password: false }),
        );
      }
      if (url === `/shop-api${sendVerificationCode.path}`) {
        return jsonResponse(
          buildSuccess(sendVerificationCode, {
            data: { result: 'success', message: 'Sent.', expires_in: 180, resend_after: 60 },
          }),
        );
      }
      return errorResponse('NOT_FOUND');
    });
    vi.stubGlobal('fetch', fetchMock);
    const checks = () =>
      fetchMock.mock.calls
        .filter(([url]) => url === `/shop-api${checkVerificationCode.path}`)
        .map(([, init]) => (init?.body as FormData).get('code'));
    const user = userEvent.setup();
    renderAt('/mypage/setting/createtel', <CreateTelScreen />);
    await user.type(await screen.findByLabelText('Mobile number'), '010-1234-5678');
    await user.click(screen.getByRole('button', { name: /Send code/ }));
    const box = await screen.findByLabelText<HTMLInputElement>('Verification code');
    const message = 'Please enter the 6-digit code.';

    await user.type(box, '12345');
    expect(screen.queryByText(message)).toBeNull();
    await user.type(box, '6{Backspace}');
    expect(screen.getByText(message)).toBeTruthy();
    expect(box).toBe(document.activeElement);

    // Verify with five digits: the message stays and nothing is sent; with six, the code goes.
    await user.click(screen.getByRole('button', { name: 'Verify and save' }));
    expect(screen.getByText(message)).toBeTruthy();
    expect(checks()).toEqual([]);
    await user.type(box, '6');
    expect(screen.queryByText(message)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify and save' }));
    await waitFor(() => expect(checks()).toEqual(['123456']));
  });
});

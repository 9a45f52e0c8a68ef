// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getConsents,
  getUserInfo,
  oidcSignUp,
  setMarketingConsent,
  type ConsentRecord,
} from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { buildSignedIn, buildUserInfo } from '../../testing/builders';
import { buildSuccess, errorResponse, jsonResponse } from '../../testing/responses';
import SignUpAgreementScreen from './sign-up-agreement';
import WelcomeScreen from './welcome';
import { readPendingSignUp, savePendingSignUp } from '../../features/oidc/pending-sign-up';
import { MarketingConsentSetting } from '../../features/auth/marketing-consent-setting';

function renderAt(
  path: string,
  routes: Array<{ path: string; element: ReactNode }>,
  state?: unknown,
) {
  const router = createMemoryRouter(
    [...routes, { path: '/', element: <p>home</p> }, { path: '*', element: <p>elsewhere</p> }],
    { initialEntries: [{ pathname: path, state }] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const member = buildSignedIn({
  user_id: 7,
  email: 'new-1@carol.test',
  family_name: 'Choi',
  given_name: 'Dana',
});

const userInfo = (family: string, given: string) =>
  buildUserInfo({
    email: 'hanako@example.test',
    family_name: family,
    given_name: given,
    phone: '',
    phone_verified: false,
    language: 'ja',
    server: 'jp',
  });

const marketing = (agreed: boolean, at = '2026-03-05T01:00:00.000Z'): ConsentRecord => ({
  item: 'marketing',
  version: '2026-01-01',
  agreed,
  recorded_at: at,
});

beforeEach(async () => {
  sessionStorage.clear();
  useCommonStore.setState({ language: 'ko', server: 'kr', loginID: null, loginFlag: false });
  await i18n.changeLanguage('ko');
});
afterEach(() => vi.unstubAllGlobals());

describe('/login/agreement (first Google / Apple sign-in)', () => {
  const pending = {
    sign_up_token: 'T'.repeat(43),
    provider: 'google' as const,
    family_name: 'Choi',
    given_name: 'Dana',
    email: 'new-1@carol.test',
    expires_in: 1800,
  };

  it('shows the account, refuses without the required items, then signs up and welcomes', async () => {
    savePendingSignUp(pending, '/reservation/first');
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => jsonResponse(member));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    const router = renderAt('/login/agreement', [
      { path: '/login/agreement', element: <SignUpAgreementScreen /> },
      { path: '/login/welcome', element: <p>welcome</p> },
    ]);
    expect(screen.getByText('Choi Dana')).toBeTruthy();
    expect(screen.getByText('new-1@carol.test')).toBeTruthy();
    expect(screen.getByText(/Google 계정으로 캐롤에 처음 오셨어요/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '동의하고 가입하기' }));
    expect(screen.getByText('서비스 이용약관에 동의해 주세요.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: /전체 동의/ }));
    await user.click(screen.getByRole('button', { name: '동의하고 가입하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/welcome'));
    // The welcome screen can send the member back to where the sign-in began.
    expect(router.state.location.state).toEqual({ target: '/reservation/first' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api${oidcSignUp.path}`);
    const body = init.body as FormData;
    expect(body.get('sign_up_token')).toBe(pending.sign_up_token);
    expect(body.get('agree_age')).toBe('true');
    expect(useCommonStore.getState()).toMatchObject({ loginID: 7, loginFlag: true });
    expect(readPendingSignUp()).toBeNull();
  });

  it('says the sign-up expired when the server no longer knows the token', async () => {
    savePendingSignUp(pending, '/');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        errorResponse(
          'SIGN_UP_EXPIRED',
          400,
          '가입 시간이 지났습니다. 처음부터 다시 진행해 주세요.',
        ),
      ),
    );
    const user = userEvent.setup();
    renderAt('/login/agreement', [
      { path: '/login/agreement', element: <SignUpAgreementScreen /> },
    ]);
    await user.click(screen.getByRole('checkbox', { name: /전체 동의/ }));
    await user.click(screen.getByRole('button', { name: '동의하고 가입하기' }));
    await waitFor(() =>
      expect(screen.getByText('가입 시간이 지났습니다. 처음부터 다시 진행해 주세요.')).toBeTruthy(),
    );
    expect(screen.getByRole('link', { name: '로그인 화면으로' })).toBeTruthy();
    expect(useCommonStore.getState().loginFlag).toBe(false);
  });

  it('shows the expired state without a pending sign-up in this tab', () => {
    vi.stubGlobal('fetch', vi.fn());
    savePendingSignUp(pending, '/', Date.now() - 31 * 60 * 1000);
    renderAt('/login/agreement', [
      { path: '/login/agreement', element: <SignUpAgreementScreen /> },
    ]);
    expect(screen.getByText('가입 시간이 지났습니다. 처음부터 다시 진행해 주세요.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('/login/welcome', () => {
  function stub(user: ReturnType<typeof userInfo>, consents: ConsentRecord[]) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === `/api${getUserInfo.path}`) return jsonResponse(user);
        if (url === `/api${getConsents.path}`)
          return jsonResponse(buildSuccess(getConsents, { consents }));
        return errorResponse('NOT_FOUND', 404);
      }),
    );
  }

  it('welcomes the member by name in Japanese with where to start and the marketing choice', async () => {
    useCommonStore.setState({ language: 'ja', server: 'jp', loginID: 7, loginFlag: true });
    await i18n.changeLanguage('ja');
    stub(userInfo('山田', '花子'), [marketing(true)]);
    renderAt('/login/welcome', [{ path: '/login/welcome', element: <WelcomeScreen /> }]);
    expect(
      await screen.findByRole('heading', { name: '山田 花子さん、ようこそCarolへ！' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /近くのサロンを探す/ }).getAttribute('href')).toBe(
      '/find/h',
    );
    expect(screen.getByRole('link', { name: /ヘアカラーを試す/ }).getAttribute('href')).toBe(
      '/simulation',
    );
    expect(
      await screen.findByText(/2026年3月5日にお知らせメール・SMSの受信に同意しました。/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ホームへ' })).toBeTruthy();
  });

  it('offers the way back to where a first sign-in began', async () => {
    useCommonStore.setState({ loginID: 7, loginFlag: true });
    stub(userInfo('박', '서연'), [marketing(false)]);
    renderAt('/login/welcome', [{ path: '/login/welcome', element: <WelcomeScreen /> }], {
      target: '/find/saloninfo/52',
    });
    expect(await screen.findByRole('heading', { name: '박서연님, 가입을 환영해요!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '하던 곳으로 돌아가기' }).getAttribute('href')).toBe(
      '/find/saloninfo/52',
    );
    expect(
      await screen.findByText(/마케팅 정보 수신\(이메일·SMS\)에 동의하지 않으셨습니다/),
    ).toBeTruthy();
  });
});

describe('settings: marketing messages', () => {
  it('opts in with a switch and confirms it with the date', async () => {
    useCommonStore.setState({ loginID: 7, loginFlag: true });
    const sent: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === `/api${getConsents.path}`) {
          return jsonResponse(buildSuccess(getConsents, { consents: [marketing(false)] }));
        }
        if (url === `/api${setMarketingConsent.path}`) {
          sent.push(init.body as FormData);
          return jsonResponse(
            buildSuccess(setMarketingConsent, {
              consent: marketing(true, '2026-04-10T03:00:00.000Z'),
            }),
          );
        }
        return errorResponse('NOT_FOUND', 404);
      }),
    );
    const user = userEvent.setup();
    renderAt('/mypage/setting', [
      { path: '/mypage/setting', element: <MarketingConsentSetting /> },
    ]);
    const toggle = await screen.findByRole('switch', { name: /혜택과 이벤트 소식 받기/ });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('2026년 3월 5일부터 받지 않고 있습니다.')).toBeTruthy();
    await user.click(toggle);
    await waitFor(() =>
      expect(useCommonStore.getState().toastText).toBe(
        '마케팅 정보 수신에 동의했습니다. (2026년 4월 10일)',
      ),
    );
    expect(sent[0]?.get('agree')).toBe('true');
  });

  it('shows the tap at once, holds it while the answer is out, and springs back on a failure', async () => {
    useCommonStore.setState({ loginID: 7, loginFlag: true });
    let answer: (res: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === `/api${getConsents.path}`) {
          return jsonResponse(buildSuccess(getConsents, { consents: [marketing(false)] }));
        }
        if (url === `/api${setMarketingConsent.path}`) {
          return new Promise<Response>((resolve) => (answer = resolve));
        }
        return errorResponse('NOT_FOUND', 404);
      }),
    );
    const user = userEvent.setup();
    renderAt('/mypage/setting', [
      { path: '/mypage/setting', element: <MarketingConsentSetting /> },
    ]);
    const toggle = await screen.findByRole<HTMLInputElement>('switch', {
      name: /혜택과 이벤트 소식 받기/,
    });
    await waitFor(() => expect(toggle.disabled).toBe(false));
    await user.click(toggle);
    // Right after the tap, before any answer: on, and not tappable twice.
    expect(toggle.checked).toBe(true);
    await waitFor(() => expect(toggle.disabled).toBe(true));
    expect(toggle.checked).toBe(true);
    answer(errorResponse('INTERNAL', 500, '저장하지 못했어요'));
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
  });
});

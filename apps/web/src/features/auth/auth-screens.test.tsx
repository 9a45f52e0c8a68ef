// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateRegistration, loginByEmail, registerByEmail } from '@carol/contracts';
import { catalogs } from '@carol/i18n';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { buildSignedIn } from '../../testing/builders';
import { on, stubEndpoints } from '../../testing/fetch-stub';
import { buildSuccess, errorResponse } from '../../testing/responses';
import LoginScreen from '../../routes/login/login';
import RegisterUserScreen from '../../routes/login/register-user';
import RegisterUserAfterEmailScreen from '../../routes/login/register-user-after-email';

const member = buildSignedIn();

function renderAt(path: string, routes: Array<{ path: string; element: ReactNode }>) {
  const router = createMemoryRouter(
    [...routes, { path: '/', element: <p>home</p> }, { path: '*', element: <p>elsewhere</p> }],
    { initialEntries: [path] },
  );
  // External sign-in off: these screens are tested without the Google / Apple buttons.
  const queryClient = createQueryClient();
  queryClient.setQueryData(['oidc-config', 'kr'], {
    enabled: false,
    issuer: '',
    client_id: '',
    audience: '',
    providers: [],
  });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(async () => {
  useCommonStore.setState({ language: 'ko', server: 'kr', loginID: null, loginFlag: false });
  await i18n.changeLanguage('ko');
});

describe('/login', () => {
  it('signs in with e-mail and password, stores the login and goes home', async () => {
    const fetchMock = stubEndpoints([on(loginByEmail, member)]);
    const user = userEvent.setup();
    const router = renderAt('/login', [{ path: '/login', element: <LoginScreen /> }]);
    await user.type(screen.getByLabelText('이메일'), 'minji@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'Carol-2024');
    await user.click(screen.getByRole('button', { name: /로그인/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useCommonStore.getState()).toMatchObject({ loginID: 42, loginFlag: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api${loginByEmail.path}`);
    expect((init.body as FormData).get('password')).toBe('Carol-2024');
  });

  it('shows the server message on wrong credentials and stays logged out', async () => {
    stubEndpoints([
      on(
        loginByEmail,
        errorResponse('WRONG_CREDENTIALS', 401, '이메일 또는 비밀번호가 올바르지 않습니다.'),
      ),
    ]);
    const user = userEvent.setup();
    renderAt('/login', [{ path: '/login', element: <LoginScreen /> }]);
    await user.type(screen.getByLabelText('이메일'), 'minji@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'nope');
    await user.click(screen.getByRole('button', { name: /로그인/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('이메일 또는 비밀번호가'),
    );
    expect(useCommonStore.getState().loginID).toBeNull();
  });

  it('refused by the sign-in throttle: shows its message and a link to the password reset', async () => {
    stubEndpoints([
      on(loginByEmail, errorResponse('LOGIN_THROTTLED', 429, catalogs.ko.errors.LOGIN_THROTTLED)),
    ]);
    const user = userEvent.setup();
    const router = renderAt('/login', [
      { path: '/login', element: <LoginScreen /> },
      { path: '/login/findpassword', element: <p>find password</p> },
    ]);
    await user.type(screen.getByLabelText('이메일'), 'minji@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'Carol-2024');
    await user.click(screen.getByRole('button', { name: /로그인/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(catalogs.ko.errors.LOGIN_THROTTLED);
    expect(alert.textContent).toContain('비밀번호를 재설정해');
    const reset = within(alert).getByRole('link', { name: catalogs.ko.auth.login.resetPassword });
    await user.click(reset);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/findpassword'));
    expect(useCommonStore.getState().loginID).toBeNull();
  });

  it('shows no reset link for other failures', async () => {
    stubEndpoints([
      on(loginByEmail, errorResponse('RATE_LIMITED', 429, catalogs.ko.errors.RATE_LIMITED)),
    ]);
    const user = userEvent.setup();
    renderAt('/login', [{ path: '/login', element: <LoginScreen /> }]);
    await user.type(screen.getByLabelText('이메일'), 'minji@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'Carol-2024');
    await user.click(screen.getByRole('button', { name: /로그인/ }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});

describe('/login/registeruser', () => {
  it('validates as you type with the spec messages and sends nothing invalid', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAt('/login/registeruser', [
      { path: '/login/registeruser', element: <RegisterUserScreen /> },
    ]);
    await user.type(screen.getByLabelText('비밀번호'), 'carol');
    expect(screen.getByText(/비밀번호가 형식에 맞지 않습니다/)).toBeTruthy();
    await user.clear(screen.getByLabelText('비밀번호'));
    await user.type(screen.getByLabelText('비밀번호'), 'Carol-2024');
    expect(screen.queryByText(/비밀번호가 형식에 맞지 않습니다/)).toBeNull();
    await user.type(screen.getByLabelText('이메일'), 'minji@example.com');
    await user.click(screen.getByRole('button', { name: /가입하기/ }));
    expect(screen.getAllByText('이름을 입력해 주세요.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers and shows the check-your-mail screen', async () => {
    const fetchMock = stubEndpoints([
      on(registerByEmail, buildSuccess(registerByEmail, { email: 'minji@example.com' })),
    ]);
    const user = userEvent.setup();
    const router = renderAt('/login/registeruser', [
      { path: '/login/registeruser', element: <RegisterUserScreen /> },
    ]);
    await user.type(screen.getByLabelText('이메일'), 'minji@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'Carol-2024');
    await user.type(screen.getByLabelText('성'), 'Kim');
    await user.type(screen.getByLabelText('이름'), 'Minji');
    await user.click(screen.getByRole('checkbox', { name: /전체 동의/ }));
    await user.click(screen.getByRole('button', { name: /가입하기/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/login/registeruserbyemail/minji%40example.com'),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api${registerByEmail.path}`);
    const body = init.body as FormData;
    expect(
      ['agree_terms', 'agree_privacy', 'agree_age', 'agree_marketing'].map((f) => body.get(f)),
    ).toEqual(['true', 'true', 'true', 'true']);
  });

  it('refuses to send without the required consents, with one message per item', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderAt('/login/registeruser', [
      { path: '/login/registeruser', element: <RegisterUserScreen /> },
    ]);
    await user.type(screen.getByLabelText('이메일'), 'minji@example.com');
    await user.type(screen.getByLabelText('비밀번호'), 'Carol-2024');
    await user.type(screen.getByLabelText('성'), 'Kim');
    await user.type(screen.getByLabelText('이름'), 'Minji');
    await user.click(screen.getByRole('checkbox', { name: /마케팅 정보 수신/ }));
    await user.click(screen.getByRole('button', { name: /가입하기/ }));
    expect(screen.getByText('서비스 이용약관에 동의해 주세요.')).toBeTruthy();
    expect(screen.getByText('개인정보 수집 및 이용에 동의해 주세요.')).toBeTruthy();
    expect(screen.getByText('만 14세 이상만 가입할 수 있습니다.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    // The messages follow the boxes: checking one clears its own message only.
    await user.click(screen.getByRole('checkbox', { name: /만 14세 이상입니다/ }));
    expect(screen.queryByText('만 14세 이상만 가입할 수 있습니다.')).toBeNull();
    expect(screen.getByText('서비스 이용약관에 동의해 주세요.')).toBeTruthy();
  });

  it('"agree to all" checks every item, and unchecking one unchecks it', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderAt('/login/registeruser', [
      { path: '/login/registeruser', element: <RegisterUserScreen /> },
    ]);
    const all = screen.getByRole<HTMLInputElement>('checkbox', { name: /전체 동의/ });
    await user.click(all);
    for (const name of [/서비스 이용약관/, /개인정보 수집/, /만 14세/, /마케팅 정보 수신/]) {
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name }).checked).toBe(true);
    }
    await user.click(screen.getByRole('checkbox', { name: /마케팅 정보 수신/ }));
    expect(all.checked).toBe(false);
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: /서비스 이용약관/ }).checked,
    ).toBe(true);
  });

  it('opens an item to read and agrees to it from there', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderAt('/login/registeruser', [
      { path: '/login/registeruser', element: <RegisterUserScreen /> },
    ]);
    await user.click(screen.getByRole('button', { name: '서비스 이용약관 동의 내용 보기' }));
    const sheet = screen.getByRole('dialog', { name: '서비스 이용약관 동의' });
    expect(within(sheet).getByRole('heading', { name: '제1조 (목적)' })).toBeTruthy();
    await user.click(within(sheet).getByRole('button', { name: '동의하기' }));
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: /서비스 이용약관/ }).checked,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: '개인정보 수집 및 이용 동의 내용 보기' }));
    const notice = screen.getByRole('dialog', { name: '개인정보 수집 및 이용 동의' });
    expect(within(notice).getByText('수집·이용 목적')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: '개인정보처리방침 전체 보기' })).toBeTruthy();
  });

  it("shows Japan's items under jp: terms and privacy required, no age item", async () => {
    useCommonStore.setState({ language: 'ja', server: 'jp' });
    await i18n.changeLanguage('ja');
    vi.stubGlobal('fetch', vi.fn());
    const user = userEvent.setup();
    renderAt('/login/registeruser', [
      { path: '/login/registeruser', element: <RegisterUserScreen /> },
    ]);
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('name'))).toEqual([
      'agree_all',
      'agree_terms',
      'agree_privacy',
      'agree_marketing',
    ]);
    expect(screen.queryByText(/14歳以上/)).toBeNull();
    await user.click(screen.getByRole('button', { name: /登録する/ }));
    expect(screen.getByText('利用規約に同意してください。')).toBeTruthy();
    expect(screen.getByText('個人情報の取り扱いに同意してください。')).toBeTruthy();
  });

  it.each(['ko', 'en', 'ja'] as const)(
    'shows the whole password rule as text under the field in %s (not a cut-off placeholder)',
    async (language) => {
      useCommonStore.setState({ language, server: language === 'ja' ? 'jp' : 'kr' });
      await i18n.changeLanguage(language);
      vi.stubGlobal('fetch', vi.fn());
      renderAt('/login/registeruser', [
        { path: '/login/registeruser', element: <RegisterUserScreen /> },
      ]);
      const password = screen.getByLabelText(catalogs[language].auth.fields.password);
      const hint = screen.getByText(catalogs[language].auth.hints.newPassword);
      expect(password.getAttribute('aria-describedby')).toBe(hint.id);
      expect(password.getAttribute('placeholder')).toBeNull();
    },
  );
});

describe('/login/registeruserafteremail/:token', () => {
  it('activates once, signs in and shows the sign-up-complete screen', async () => {
    const fetchMock = stubEndpoints([on(activateRegistration, member)]);
    const token = 'A'.repeat(43);
    const router = renderAt(`/login/registeruserafteremail/${token}`, [
      { path: '/login/registeruserafteremail/:token', element: <RegisterUserAfterEmailScreen /> },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/welcome'));
    expect(useCommonStore.getState().loginID).toBe(42);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api${activateRegistration.path}`);
    expect((init.body as FormData).get('token')).toBe(token);
  });

  it('shows the server message for a used or expired link', async () => {
    stubEndpoints([
      on(
        activateRegistration,
        errorResponse(
          'LINK_INVALID',
          400,
          '링크가 만료되었거나 이미 사용되었습니다. 처음부터 다시 진행해 주세요.',
        ),
      ),
    ]);
    renderAt(`/login/registeruserafteremail/${'B'.repeat(43)}`, [
      { path: '/login/registeruserafteremail/:token', element: <RegisterUserAfterEmailScreen /> },
    ]);
    await waitFor(() => expect(screen.getByText(/링크가 만료되었거나/)).toBeTruthy());
    expect(useCommonStore.getState().loginID).toBeNull();
  });
});

// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeMailAddress, confirmMailAddress, getUserInfo } from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { MembersOnlySheet } from '../../components/members-only-sheet';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { requireMembership } from '../../lib/members-only';
import { useCommonStore } from '../../lib/stores/common.store';
import { buildUserInfo } from '../../testing/builders';
import { emptySuccessAt } from '../../testing/fetch-stub';
import { buildSuccess, errorResponse, jsonResponse } from '../../testing/responses';
import ChangeEmailScreen from '../../routes/mypage/change-email';
import ChangeEmailSendAfterScreen from '../../routes/mypage/change-email-send-after';

function renderAt(path: string, routes: Array<{ path: string; element: ReactNode }>) {
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], {
    initialEntries: [path],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function stubApi(answers: Record<string, () => Response>, hasPassword = true) {
  const calls: Array<{ url: string; body: FormData }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === `/api${getUserInfo.path}`) {
        return jsonResponse(
          buildUserInfo({ phone: '', phone_verified: false, has_password: hasPassword }),
        );
      }
      calls.push({ url, body: init.body as FormData });
      const answer = answers[url];
      return answer ? answer() : emptySuccessAt(url);
    }),
  );
  return calls;
}

beforeEach(async () => {
  useCommonStore.setState({ language: 'ko', server: 'kr', loginID: 42, loginFlag: true });
  await i18n.changeLanguage('ko');
});
afterEach(() => vi.unstubAllGlobals());

describe('/mypage/setting/changeemail', () => {
  const routes = [
    { path: '/mypage/setting/changeemail', element: <ChangeEmailScreen /> },
    { path: '/mypage/setting/changeemailsend', element: <p>sent</p> },
  ];

  it('validates as you type, refuses the current address, then sends address and password', async () => {
    const calls = stubApi({
      [`/api${changeMailAddress.path}`]: () =>
        jsonResponse(buildSuccess(changeMailAddress, { email: 'new@example.com' })),
    });
    const user = userEvent.setup();
    const router = renderAt('/mypage/setting/changeemail', routes);
    await user.click(await screen.findByRole('button', { name: '인증 메일 보내기' }));
    expect(screen.getByText('올바른 이메일 주소를 입력해 주세요.')).toBeTruthy();
    expect(screen.getByText('비밀번호를 입력해 주세요.')).toBeTruthy();
    await user.type(screen.getByLabelText('새 이메일'), 'MINJI@example.com');
    await user.type(screen.getByLabelText('현재 비밀번호'), 'Pass_word1');
    await user.click(screen.getByRole('button', { name: '인증 메일 보내기' }));
    expect(screen.getByText('현재 사용 중인 이메일 주소입니다.')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText('새 이메일'));
    await user.type(screen.getByLabelText('새 이메일'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: '인증 메일 보내기' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/mypage/setting/changeemailsend'),
    );
    expect(calls[0]!.body.get('new_email')).toBe('new@example.com');
    expect(calls[0]!.body.get('password')).toBe('Pass_word1');
  });

  it('asks a member without a password for no password, and offers a new sign-in on REAUTH_REQUIRED', async () => {
    const calls = stubApi(
      {
        [`/api${changeMailAddress.path}`]: () =>
          errorResponse('REAUTH_REQUIRED', 401, '보안을 위해 다시 로그인한 뒤 변경해 주세요.'),
      },
      false,
    );
    const user = userEvent.setup();
    renderAt('/mypage/setting/changeemail', routes);
    await user.type(await screen.findByLabelText('새 이메일'), 'new@example.com');
    expect(screen.queryByLabelText('현재 비밀번호')).toBeNull();
    await user.click(screen.getByRole('button', { name: '인증 메일 보내기' }));
    expect(await screen.findByText('보안을 위해 다시 로그인한 뒤 변경해 주세요.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '다시 로그인' })).toBeTruthy();
    expect(calls[0]!.body.has('password')).toBe(false);
  });
});

describe('/mypage/setting/changeemailsendafter/:country/:token', () => {
  it('confirms exactly once on arrival and shows the new address', async () => {
    const calls = stubApi({
      [`/api${confirmMailAddress.path}`]: () =>
        jsonResponse(buildSuccess(confirmMailAddress, { email: 'new@example.com' })),
    });
    const token = 'a'.repeat(43);
    renderAt(`/mypage/setting/changeemailsendafter/kr/${token}`, [
      {
        path: '/mypage/setting/changeemailsendafter/:country/:token',
        element: <ChangeEmailSendAfterScreen />,
      },
    ]);
    expect(await screen.findByText('이메일이 변경되었습니다')).toBeTruthy();
    expect(screen.getByText(/new@example\.com/)).toBeTruthy();
    const confirms = calls.filter((c) => c.url === `/api${confirmMailAddress.path}`);
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.body.get('token')).toBe(token);
  });
});

describe('members-only prompt (spec 6)', () => {
  it('lets a member through and shows a guest the two messages with log-in and sign-up', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider
          router={createMemoryRouter([{ path: '*', element: <MembersOnlySheet /> }])}
        />
      </AppProviders>,
    );
    expect(requireMembership()).toBe(true);
    act(() => {
      useCommonStore.setState({ loginID: null, loginFlag: false });
    });
    let allowed = true;
    act(() => {
      allowed = requireMembership();
    });
    expect(allowed).toBe(false);
    expect(await screen.findByText('아직 회원이 아니신가요?')).toBeTruthy();
    expect(screen.getByText('회원가입 후 이용할 수 있습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '로그인' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: '회원가입' }).getAttribute('href')).toBe(
      '/login/registeruser',
    );
  });
});

// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changePassword, deleteAccount, getUserInfo } from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { buildUserInfo } from '../../testing/builders';
import { emptySuccessAt, on, stubEndpoints } from '../../testing/fetch-stub';
import { errorResponse } from '../../testing/responses';
import ChangePasswordScreen from '../../routes/mypage/change-password';
import CreatePasswordScreen from '../../routes/mypage/create-password';
import DeleteAccountScreen from '../../routes/mypage/delete-account';
import { withdrawErrors } from './settings-validation';

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

/** Answers get_user_info; every other call is recorded and answered with `other`. */
function stubApi(
  hasPassword: boolean,
  // The calls under test answer with an empty success payload (logout, delete, change_*).
  other: (url: string) => Response = emptySuccessAt,
) {
  const calls: Array<{ url: string; body: FormData }> = [];
  stubEndpoints([on(getUserInfo, buildUserInfo({ has_password: hasPassword }))], {
    otherwise: (url, init) => {
      calls.push({ url, body: init.body as FormData });
      return other(url);
    },
  });
  return calls;
}

beforeEach(async () => {
  useCommonStore.setState({ language: 'ko', server: 'kr', loginID: 42, loginFlag: true });
  await i18n.changeLanguage('ko');
});
afterEach(() => vi.unstubAllGlobals());

const messages = {
  reasonRequired: 'reason',
  agreeRequired: 'agree',
  phraseMismatch: 'phrase',
  passwordRequired: 'password',
};

describe('withdrawErrors', () => {
  it('requires a listed reason, the agreement, the exact phrase of the language and the password', () => {
    expect(
      withdrawErrors({ reason: '', agree: false, phrase: '', password: '' }, 'ko', true, messages),
    ).toEqual({ reason: 'reason', agree: 'agree', phrase: 'phrase', password: 'password' });
    expect(
      withdrawErrors(
        { reason: 'other', agree: true, phrase: ' 탈퇴합니다 ', password: 'x' },
        'ko',
        true,
        messages,
      ),
    ).toEqual({ reason: null, agree: null, phrase: null, password: null });
    // Another language's phrase, or a near miss, is not the phrase.
    expect(
      withdrawErrors(
        { reason: 'other', agree: true, phrase: '탈퇴합니다', password: '' },
        'ja',
        false,
        messages,
      ).phrase,
    ).toBe('phrase');
    expect(
      withdrawErrors(
        { reason: 'other', agree: true, phrase: 'Delete my account', password: '' },
        'en',
        false,
        messages,
      ).phrase,
    ).toBe('phrase');
    // No password asked from a member who has none.
    expect(
      withdrawErrors(
        { reason: 'other', agree: true, phrase: '退会します', password: '' },
        'ja',
        false,
        messages,
      ),
    ).toEqual({ reason: null, agree: null, phrase: null, password: null });
  });
});

describe('/mypage/setting/deleteAccount', () => {
  const route = [{ path: '/mypage/setting/deleteAccount', element: <DeleteAccountScreen /> }];

  it('shows every missing piece and sends nothing', async () => {
    const calls = stubApi(true);
    const user = userEvent.setup();
    renderAt('/mypage/setting/deleteAccount', route);
    await user.click(await screen.findByRole('button', { name: '탈퇴하기' }));
    expect(screen.getByText('탈퇴 사유를 선택해 주세요.')).toBeTruthy();
    expect(screen.getByText('탈퇴에 동의해 주세요.')).toBeTruthy();
    expect(screen.getByText('"탈퇴합니다"를 정확히 입력해 주세요.')).toBeTruthy();
    expect(screen.getByText('비밀번호를 입력해 주세요.')).toBeTruthy();
    await user.type(screen.getByLabelText(/확인을 위해/), '탈퇴합니다.');
    expect(screen.getByText('"탈퇴합니다"를 정확히 입력해 주세요.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says nothing before the first tap on withdraw, then checks each change', async () => {
    const calls = stubApi(true);
    const user = userEvent.setup();
    renderAt('/mypage/setting/deleteAccount', route);
    const reasonMessage = '탈퇴 사유를 선택해 주세요.';
    const agreeMessage = '탈퇴에 동의해 주세요.';
    const phraseMessage = '"탈퇴합니다"를 정확히 입력해 주세요.';
    const passwordMessage = '비밀번호를 입력해 주세요.';
    const phrase = await screen.findByLabelText(/확인을 위해/);
    await user.type(phrase, '탈퇴');
    await user.type(screen.getByLabelText('비밀번호'), 'x');
    await user.clear(screen.getByLabelText('비밀번호'));
    await user.click(screen.getByLabelText('위 내용을 확인했으며 탈퇴에 동의합니다.'));
    await user.click(screen.getByLabelText('위 내용을 확인했으며 탈퇴에 동의합니다.'));
    for (const message of [reasonMessage, agreeMessage, phraseMessage, passwordMessage]) {
      expect(screen.queryByText(message)).toBeNull();
    }

    await user.click(screen.getByRole('button', { name: '탈퇴하기' }));
    for (const message of [reasonMessage, agreeMessage, phraseMessage, passwordMessage]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    await user.type(phrase, '합니다');
    expect(screen.queryByText(phraseMessage)).toBeNull();
    expect(screen.getByText(reasonMessage)).toBeTruthy();
    await user.click(screen.getByLabelText('기타'));
    expect(screen.queryByText(reasonMessage)).toBeNull();
    await user.click(screen.getByLabelText('위 내용을 확인했으며 탈퇴에 동의합니다.'));
    expect(screen.queryByText(agreeMessage)).toBeNull();
    await user.type(screen.getByLabelText('비밀번호'), 'C');
    expect(screen.queryByText(passwordMessage)).toBeNull();
    // From now on a slip is told at once.
    await user.clear(screen.getByLabelText('비밀번호'));
    expect(screen.getByText(passwordMessage)).toBeTruthy();
    await user.type(phrase, '.');
    expect(screen.getByText(phraseMessage)).toBeTruthy();
    await user.click(screen.getByLabelText('위 내용을 확인했으며 탈퇴에 동의합니다.'));
    expect(screen.getByText(agreeMessage)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('withdraws with a complete form, logs out and goes home', async () => {
    const calls = stubApi(true);
    const user = userEvent.setup();
    const router = renderAt('/mypage/setting/deleteAccount', route);
    await user.click(await screen.findByLabelText('개인정보가 걱정돼요'));
    await user.click(screen.getByLabelText('위 내용을 확인했으며 탈퇴에 동의합니다.'));
    await user.type(screen.getByLabelText(/확인을 위해/), '탈퇴합니다');
    await user.type(screen.getByLabelText('비밀번호'), 'Carol-2024');
    await user.click(screen.getByRole('button', { name: '탈퇴하기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`/api${deleteAccount.path}`);
    const body = calls[0]!.body;
    expect(body.get('reason')).toBe('privacy_concern');
    expect(body.get('agree')).toBe('true');
    expect(body.get('phrase')).toBe('탈퇴합니다');
    expect(body.get('password')).toBe('Carol-2024');
    expect(useCommonStore.getState()).toMatchObject({ loginID: null, loginFlag: false });
  });

  it('does not ask a member without a password for one', async () => {
    const calls = stubApi(false);
    const user = userEvent.setup();
    await i18n.changeLanguage('ja');
    useCommonStore.setState({ language: 'ja' });
    renderAt('/mypage/setting/deleteAccount', route);
    await user.click(await screen.findByLabelText('その他'));
    expect(screen.queryByLabelText('パスワード')).toBeNull();
    await user.click(screen.getByLabelText('上記の内容を確認し、退会に同意します。'));
    await user.type(screen.getByLabelText(/確認のため/), '退会します');
    await user.click(screen.getByRole('button', { name: '退会する' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body.get('password')).toBeNull();
  });

  it('shows the server refusal on the field and stays logged in', async () => {
    stubApi(true, () =>
      errorResponse('ACCOUNT_DELETION_FAILED', 400, '회원 탈퇴에 실패했습니다.', {
        fields: [{ field: 'password', resMessage: '이메일 또는 비밀번호가 올바르지 않습니다.' }],
      }),
    );
    const user = userEvent.setup();
    renderAt('/mypage/setting/deleteAccount', route);
    await user.click(await screen.findByLabelText('기타'));
    await user.click(screen.getByLabelText('위 내용을 확인했으며 탈퇴에 동의합니다.'));
    await user.type(screen.getByLabelText(/확인을 위해/), '탈퇴합니다');
    await user.type(screen.getByLabelText('비밀번호'), 'wrong');
    await user.click(screen.getByRole('button', { name: '탈퇴하기' }));
    expect(await screen.findByText('이메일 또는 비밀번호가 올바르지 않습니다.')).toBeTruthy();
    expect(useCommonStore.getState().loginID).toBe(42);
    // Typing another password takes the server's word away.
    await user.type(screen.getByLabelText('비밀번호'), '2');
    expect(screen.queryByText('이메일 또는 비밀번호가 올바르지 않습니다.')).toBeNull();
  });
});

describe('/mypage/setting/changepassword', () => {
  it('checks the rule and the confirmation, then logs out and explains why', async () => {
    const calls = stubApi(true);
    const user = userEvent.setup();
    const router = renderAt('/mypage/setting/changepassword', [
      { path: '/mypage/setting/changepassword', element: <ChangePasswordScreen /> },
      { path: '/mypage/setting/changepasswordafter', element: <p>after</p> },
    ]);
    await user.type(screen.getByLabelText('새 비밀번호'), 'carol');
    expect(screen.getByText(/비밀번호가 형식에 맞지 않습니다/)).toBeTruthy();
    await user.clear(screen.getByLabelText('새 비밀번호'));
    await user.type(screen.getByLabelText('새 비밀번호'), 'Newpass-99');
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'Newpass-98');
    expect(screen.getByText('비밀번호가 일치하지 않습니다.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(calls).toEqual([]);
    await user.clear(screen.getByLabelText('새 비밀번호 확인'));
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'Newpass-99');
    await user.type(screen.getByLabelText('현재 비밀번호'), 'Carol-2024');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/mypage/setting/changepasswordafter'),
    );
    expect(calls[0]!.url).toBe(`/api${changePassword.path}`);
    expect(calls[0]!.body.get('current_password')).toBe('Carol-2024');
    expect(calls[0]!.body.get('new_password')).toBe('Newpass-99');
    expect(useCommonStore.getState().loginID).toBeNull();
  });
});

describe('change vs create password', () => {
  const routes = [
    { path: '/mypage/setting/changepassword', element: <ChangePasswordScreen /> },
    { path: '/mypage/setting/createpassword', element: <CreatePasswordScreen /> },
  ];

  it('sends a member without a password from change to create', async () => {
    stubApi(false);
    const router = renderAt('/mypage/setting/changepassword', routes);
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/mypage/setting/createpassword'),
      { timeout: 5_000 },
    );
    expect(screen.queryByLabelText('현재 비밀번호')).toBeNull();
  });

  it('sends a member with a password from create to change', async () => {
    stubApi(true);
    const router = renderAt('/mypage/setting/createpassword', routes);
    await waitFor(
      () => expect(router.state.location.pathname).toBe('/mypage/setting/changepassword'),
      { timeout: 5_000 },
    );
    expect(await screen.findByLabelText('현재 비밀번호')).toBeTruthy();
  });
});

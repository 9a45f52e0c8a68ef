// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userCheck } from '@carol/contracts';
import { queryClient } from '../lib/api/query-client';
import { useCommonStore } from '../lib/stores/common.store';
import { useMypageStore } from '../lib/stores/mypage.store';
import { useReservationStore } from '../lib/stores/reservation.store';
import { buildUserCheck } from '../testing/builders';
import { on, stubEndpoints } from '../testing/fetch-stub';
import { settle, startRouterAt } from './test-router';

function answerUserCheck(userExists: boolean) {
  return stubEndpoints([on(userCheck, buildUserCheck({ user_exists: userExists }))], {
    otherwise: () => new Response('', { status: 404 }),
  });
}

function userCheckCalls(fetchMock: ReturnType<typeof answerUserCheck>) {
  return fetchMock.mock.calls.filter(([url]) => url.endsWith(userCheck.path));
}

beforeEach(() => {
  queryClient.clear();
  useCommonStore.setState({ language: 'ko', server: 'kr', loginID: null, loginFlag: false });
  useReservationStore.getState().reset();
  useMypageStore.getState().reset();
});

afterEach(() => {
  useCommonStore.getState().hideToast();
});

describe('auth guards', () => {
  it('sends a logged-out user from /mypage to the root and says why', async () => {
    const fetchMock = answerUserCheck(true);
    const router = await startRouterAt('/mypage');
    expect(router.state.location.pathname).toBe('/');
    expect(useCommonStore.getState().toastShow).toBe(true);
    expect(userCheckCalls(fetchMock)).toHaveLength(0);
  });

  it('sends a logged-out user from a nested my-page screen and from the reservation flow to the root', async () => {
    answerUserCheck(true);
    expect((await startRouterAt('/mypage/setting/changename')).state.location.pathname).toBe('/');
    expect((await startRouterAt('/reservation/first')).state.location.pathname).toBe('/');
  });

  it('sends a logged-in user from /login (and registration) to the root', async () => {
    answerUserCheck(true);
    useCommonStore.getState().setLogin(7);
    expect((await startRouterAt('/login')).state.location.pathname).toBe('/');
    expect((await startRouterAt('/login/registeruser')).state.location.pathname).toBe('/');
  });

  it('lets anyone open /login/action, which carries no auth flag', async () => {
    answerUserCheck(true);
    useCommonStore.getState().setLogin(7);
    expect((await startRouterAt('/login/action')).state.location.pathname).toBe('/login/action');
  });

  it('lets a logged-in member whose account exists into /mypage', async () => {
    const fetchMock = answerUserCheck(true);
    useCommonStore.getState().setLogin(7);
    const router = await startRouterAt('/mypage');
    expect(router.state.location.pathname).toBe('/mypage');
    expect(useCommonStore.getState().loginFlag).toBe(true);
    const [[url, init]] = userCheckCalls(fetchMock) as [[string, RequestInit]];
    expect(url).toBe('/api/carol/account/user_check');
    expect((init.body as FormData).get('user_id')).toBe('7');
  });

  it('logs out a member whose account no longer exists, before the navigation completes', async () => {
    answerUserCheck(false);
    useCommonStore.getState().setLogin(7);
    useReservationStore
      .getState()
      .patch({ shopID: 3, selectedDate: '2026-12-01', reservationPending: true });
    useMypageStore.getState().patch({ detailBookingID: 12 });

    const router = await startRouterAt('/mypage');

    expect(router.state.location.pathname).toBe('/');
    expect(useCommonStore.getState()).toMatchObject({ loginID: null, loginFlag: false });
    expect(useReservationStore.getState()).toMatchObject({
      shopID: null,
      selectedDate: null,
      reservationPending: false,
    });
    expect(useMypageStore.getState().detailBookingID).toBeNull();
  });

  it('asks user_check again before later navigations', async () => {
    const fetchMock = answerUserCheck(true);
    useCommonStore.getState().setLogin(7);
    const router = await startRouterAt('/');
    const before = userCheckCalls(fetchMock).length;
    expect(before).toBeGreaterThan(0);

    queryClient.clear(); // past the short window in which one answer covers a redirect chain
    answerUserCheck(false);
    await router.navigate('/company');
    await settle(router);
    expect(useCommonStore.getState().loginFlag).toBe(false);
    expect(router.state.location.pathname).toBe('/company');
  });

  it('keeps the session when user_check cannot be answered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    useCommonStore.getState().setLogin(7);
    const router = await startRouterAt('/mypage');
    expect(router.state.location.pathname).toBe('/mypage');
    expect(useCommonStore.getState().loginFlag).toBe(true);
  });
});

// @vitest-environment jsdom
import type { RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../lib/api/query-client';
import { useCommonStore } from '../lib/stores/common.store';
import { buildUserCheck } from '../testing/builders';
import { stubEndpoints } from '../testing/fetch-stub';
import { jsonResponse } from '../testing/responses';
import { createAppRoutes } from './routes';
import { startRouterAt } from './test-router';

beforeEach(() => {
  queryClient.clear();
  useCommonStore.setState({ loginID: null, loginFlag: false });
  // Every call answers as user_check does: the routing, not the screens' data, is under test.
  stubEndpoints([], { otherwise: () => jsonResponse(buildUserCheck()) });
});

describe('redirects', () => {
  it('sends /find to /find/h', async () => {
    expect((await startRouterAt('/find')).state.location.pathname).toBe('/find/h');
  });

  it('sends /stylebook to /stylebook/style/w/-1/0/0', async () => {
    expect((await startRouterAt('/stylebook')).state.location.pathname).toBe(
      '/stylebook/style/w/-1/0/0',
    );
  });

  it('sends unknown paths to /notFound', async () => {
    expect((await startRouterAt('/no/such/page')).state.location.pathname).toBe('/notFound');
    expect((await startRouterAt('/support')).state.location.pathname).toBe('/notFound');
  });

  it('sends /reservation to its first step for a member', async () => {
    useCommonStore.getState().setLogin(1);
    expect((await startRouterAt('/reservation')).state.location.pathname).toBe(
      '/reservation/first',
    );
  });
});

describe('route table', () => {
  const spec: Array<[string, string]> = [
    ['/login/registeruserbyemail/a%40b.com', 'registerUserByEmail'],
    ['/login/resetpassword/a%40b.com', 'resetPassword'],
    ['/find/saloninfo/12', 'salonInfo'],
    ['/find/saloninfo/12/stylebook/w/-1/0/0', 'salonStylebook'],
    ['/find/saloninfo/12/menu', 'salonMenu'],
    ['/find/saloninfo/12/notice', 'salonNotice'],
    ['/find/saloninfo/12/images', 'salonImages'],
    ['/find/designerinfo/5', 'designerInfo'],
    ['/find/location/h', 'findLocation'],
    ['/find/name/h', 'findName'],
    ['/find/map', 'findMap'],
    ['/stylebook/shop', 'stylebookShop'],
    ['/simulation', 'simulation'],
    ['/company', 'company'],
    ['/terms', 'terms'],
    ['/privacy', 'privacy'],
    ['/support/inquiry', 'inquiry'],
    ['/support/partnership', 'partnership'],
  ];

  it.each(spec)('opens %s as the %s screen', async (path, screen) => {
    const router = await startRouterAt(path);
    expect(router.state.location.pathname).toBe(path);
    const last = router.state.matches.at(-1)?.route.handle as { titleKey: string } | undefined;
    expect(last?.titleKey).toBe(`${screen}.title`);
  });

  it('opens every my-page screen for a member, including the date picker', async () => {
    useCommonStore.getState().setLogin(1);
    for (const path of [
      '/mypage/myphotoindex',
      '/mypage/visitshop',
      '/mypage/myfavorite/style',
      '/mypage/historyscalp',
      '/mypage/qrcodescanner',
      '/mypage/myphoto',
      '/mypage/myphoto/3',
      '/mypage/myphoto/3/datepicker',
      '/mypage/myphoto/datepicker',
      '/mypage/mygallery',
      '/mypage/setting/changeemailsendafter/jp/abc',
      '/mypage/setting/deleteAccount',
      '/mypage/reservation/cancel',
      '/mypage/reservationdetail',
      '/mypage/reservationchange',
    ]) {
      const router = await startRouterAt(path);
      expect(router.state.location.pathname).toBe(path);
      expect(router.state.errors).toBeNull();
    }
  });

  it('gives every route an auth rule and a title', () => {
    const missing: string[] = [];
    const walk = (routes: RouteObject[], parent: string) => {
      for (const route of routes) {
        const path = route.index ? `${parent} (index)` : `${parent}/${route.path ?? ''}`;
        const handle = route.handle as { auth?: string; titleKey?: string } | undefined;
        if (!handle?.auth || !handle.titleKey) missing.push(path);
        if (route.children) walk(route.children, path);
      }
    };
    walk(createAppRoutes(), '');
    expect(missing).toEqual([]);
  });
});

describe('sign-up routes', () => {
  it('opens the consent step of a first Google / Apple sign-in for a guest only', async () => {
    const guest = await startRouterAt('/login/agreement');
    expect(guest.state.location.pathname).toBe('/login/agreement');
    const last = guest.state.matches.at(-1)?.route.handle as { titleKey: string } | undefined;
    expect(last?.titleKey).toBe('signUpAgreement.title');
    useCommonStore.getState().setLogin(1);
    expect((await startRouterAt('/login/agreement')).state.location.pathname).toBe('/');
  });

  it('opens the sign-up-complete screen for a member, not for a guest', async () => {
    expect((await startRouterAt('/login/welcome')).state.location.pathname).toBe('/');
    useCommonStore.getState().setLogin(1);
    const member = await startRouterAt('/login/welcome');
    expect(member.state.location.pathname).toBe('/login/welcome');
    const last = member.state.matches.at(-1)?.route.handle as { titleKey: string } | undefined;
    expect(last?.titleKey).toBe('signUpWelcome.title');
  });
});

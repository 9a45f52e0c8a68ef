// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { userCheck } from '@carol/contracts';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { buildUserCheck } from '../../testing/builders';
import { on, stubEndpoints } from '../../testing/fetch-stub';
import { AppProviders } from '../providers';
import { createAppRoutes, routerFuture } from '../routes';

// Like Kakao Hairshop, Naver and Hot Pepper Beauty, the corporate footer
// (company facts, terms, privacy, inquiries, partnership) closes Home and the legal and support
// pages only; every other screen ends with its own content above the bottom navigation.

/** Every call but user_check fails: the layout, not the screens' data, is under test. */
function answerOnlyUserCheck() {
  stubEndpoints([on(userCheck, buildUserCheck())]);
}

async function openAt(path: string) {
  const router = createMemoryRouter(createAppRoutes(), {
    initialEntries: [path],
    future: routerFuture,
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await waitFor(
    () => {
      expect(router.state.initialized).toBe(true);
      expect(router.state.navigation.state).toBe('idle');
      expect(screen.getByRole('main')).toBeTruthy();
    },
    { timeout: 10_000 },
  );
  expect(router.state.location.pathname).toBe(path);
  return router;
}

const footerShown = () => screen.queryByRole('contentinfo') !== null;

beforeEach(async () => {
  answerOnlyUserCheck();
  useCommonStore.setState({ language: 'ko', server: 'kr', loginID: null, loginFlag: false });
  await i18n.changeLanguage('ko');
});

const withFooter = [
  '/',
  '/company',
  '/terms',
  '/privacy',
  '/support/inquiry',
  '/support/partnership',
];

describe('the corporate footer', () => {
  it('is asked for by Home and the legal and support routes only, in the whole route table', () => {
    const asking: string[] = [];
    const walk = (routes: RouteObject[], parent: string) => {
      for (const route of routes) {
        const path = route.index
          ? parent || '/'
          : `${parent === '/' ? '' : parent}/${route.path ?? ''}`.replace('//', '/');
        if ((route.handle as { hasFooter?: boolean } | undefined)?.hasFooter) asking.push(path);
        if (route.children) walk(route.children, path);
      }
    };
    walk(createAppRoutes(), '');
    expect(asking.sort()).toEqual([...withFooter].sort());
  });

  it.each(withFooter)('closes %s with company facts and the legal links', async (path) => {
    await openAt(path);
    const footer = screen.getByRole('contentinfo');
    const links = [...footer.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(
      expect.arrayContaining([
        '/company',
        '/terms',
        '/privacy',
        '/support/inquiry',
        '/support/partnership',
      ]),
    );
  });

  const withoutFooterSignedOut = [
    '/find/h',
    '/find/name/h',
    '/find/location/h',
    '/find/saloninfo/12',
    '/find/saloninfo/12/menu',
    '/find/designerinfo/5',
    '/stylebook/style/w/-1/0/0',
    '/stylebook/shop',
    '/login',
    '/login/registeruser',
    '/login/phonelogin',
    '/login/findpassword',
    '/notFound',
  ];

  it.each(withoutFooterSignedOut)('is not on %s', async (path) => {
    await openAt(path);
    expect(footerShown()).toBe(false);
  });

  const withoutFooterSignedIn = [
    '/mypage',
    '/mypage/setting',
    '/mypage/setting/changename',
    '/mypage/myfavorite/styles',
    '/mypage/mygallery',
    '/mypage/visitshop',
    '/mypage/myphotoindex',
    '/mypage/historyscalp',
    '/mypage/reservation/done',
    '/mypage/reservationdetail',
    '/reservation/first',
  ];

  it.each(withoutFooterSignedIn)('is not on %s for a member', async (path) => {
    useCommonStore.getState().setLogin(7);
    await openAt(path);
    expect(footerShown()).toBe(false);
  });
});

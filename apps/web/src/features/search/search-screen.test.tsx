// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getCoordSearchList, getShopSearchInfo } from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { useCoordinateStore } from '../../lib/stores/coordinate.store';
import { on, stubEndpoints } from '../../testing/fetch-stub';
import { buildSuccess } from '../../testing/responses';
import { SearchScreen } from './components/search-screen';
import { defaultFilters, filtersFromParams, filtersToParams, type SearchFilters } from './filters';

const shopPage = buildSuccess(getShopSearchInfo, {
  shop_list: [
    {
      shop_id: 7,
      name: '헤어샵 라온',
      name_en: 'Hair Shop Raon',
      address: '서울 강남구',
      region_city: '서울특별시',
      region_district: '강남구',
      region_neighbourhood: '역삼동',
      lat: 37.5,
      lng: 127.03,
      distance_km: 1.23,
      rating_avg: 4.5,
      review_count: 12,
      is_smart_salon: true,
      min_price: 25000,
      currency: 'KRW',
      thumbnail: null,
      is_open_now: true,
    },
  ],
  total: 1,
  page: 1,
  has_next: false,
});

const calls: Array<Record<string, string>> = [];

function renderFind(path = '/find/h') {
  calls.length = 0;
  stubEndpoints([on(getShopSearchInfo, shopPage)], {
    onRequest: ({ form }) =>
      calls.push(Object.fromEntries(form.entries()) as Record<string, string>),
  });
  const router = createMemoryRouter([{ path: '/find/:type', element: <SearchScreen /> }], {
    initialEntries: [path],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(async () => {
  localStorage.clear();
  useCommonStore.setState({ language: 'ko', server: 'kr' });
  useCoordinateStore.setState({
    recentKeyword: [],
    lat: null,
    lng: null,
    locationName: '',
    locationPlaceId: null,
    locationLanguage: null,
  });
  await i18n.changeLanguage('ko');
});

async function search(keyword: string) {
  const box = screen.getByRole('searchbox', { name: '살롱 또는 디자이너 검색' });
  fireEvent.change(box, { target: { value: keyword } });
  await act(async () => {
    fireEvent.submit(box.closest('form')!);
  });
}

describe('Find list — recent keywords', () => {
  it('keeps five, newest first, moves a repeat to the front, survives a remount and clears all', async () => {
    const router = renderFind();
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f', 'c']) await search(k);
    const chips = () =>
      screen.getByRole('region', { name: '최근 검색어' }).querySelectorAll('li button');
    expect([...chips()].map((b) => b.textContent)).toEqual(['c', 'f', 'e', 'd', 'b']);
    const stored = JSON.parse(localStorage.getItem('carol-coordinate') ?? '{}') as {
      state: { recentKeyword: string[] };
    };
    expect(stored.state.recentKeyword).toEqual(['c', 'f', 'e', 'd', 'b']);

    // Tapping a chip searches it again.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'e' })));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('e');
    expect(useCoordinateStore.getState().recentKeyword[0]).toBe('e');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '전체 삭제' })));
    expect(screen.queryByRole('region', { name: '최근 검색어' })).toBeNull();
    expect(useCoordinateStore.getState().recentKeyword).toEqual([]);
  });

  it('ignores a blank keyword', async () => {
    renderFind();
    await search('   ');
    expect(useCoordinateStore.getState().recentKeyword).toEqual([]);
  });
});

describe('Find list — filters in the URL', () => {
  it('round-trips every filter through the search params', () => {
    const f: SearchFilters = {
      keyword: 'ㅎㅇ',
      tab: 'shops',
      sort: 'rating',
      distance: 5,
      smart: true,
      openNow: true,
      minPrice: 10000,
      maxPrice: 50000,
      gender: 'w',
      treatment: 'perm',
    };
    expect(filtersFromParams(filtersToParams(f))).toEqual(f);
    expect(filtersToParams(defaultFilters).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams('sort=foo&distance=7&gender=x'))).toEqual({
      ...defaultFilters,
      distance: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      gender: undefined,
      treatment: undefined,
    });
  });

  it('reads filters from the URL into the request, and applying the sheet writes them back', async () => {
    const router = renderFind('/find/h?q=%EB%9D%BC%EC%98%A8&sort=rating&smart=1&distance=3');
    await waitFor(() => expect(screen.getByText('헤어샵 라온')).toBeTruthy());
    expect(calls[0]).toMatchObject({
      keyword: '라온',
      sort: 'rating',
      flag_smart_salon: '1',
      filter_distance: '3',
    });
    expect(screen.getByText('25,000원~')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /필터/ })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '지금 영업 중' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '적용하기' })));
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      q: '라온',
      sort: 'rating',
      smart: '1',
      distance: '3',
      open: '1',
    });
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ open_now: '1' }));
  });

  it('shows the empty state with a reset action', async () => {
    stubEndpoints([
      on(
        getShopSearchInfo,
        buildSuccess(getShopSearchInfo, { ...shopPage, shop_list: [], total: 0 }),
      ),
    ]);
    const router = createMemoryRouter([{ path: '/find/:type', element: <SearchScreen /> }], {
      initialEntries: ['/find/h?smart=1'],
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByText('조건에 맞는 살롱이 없어요')).toBeTruthy());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '필터 초기화' })));
    expect(router.state.location.search).toBe('');
  });
});

// The place chosen in Korean showed its Korean name under Japanese ("서울…" or
// nothing at all): the chip names the same gazetteer place in the language on screen.
describe('Find list — the location chip', () => {
  it('names a place chosen in Korean in Japanese once the language is Japanese', async () => {
    const keywords: string[] = [];
    stubEndpoints([
      on(getCoordSearchList, ({ form }) => {
        keywords.push(form.get('keyword') as string);
        return buildSuccess(getCoordSearchList, {
          list: [
            {
              id: 'kr-seoul-gangnam',
              country: 'kr',
              kind: 'gu',
              name: 'カンナム区',
              full_name: 'ソウル カンナム区',
              lat: 37.5172,
              lng: 127.0473,
            },
            {
              id: 'kr-seoul-gangnam-yeoksam',
              country: 'kr',
              kind: 'dong',
              name: 'ヨクサム洞',
              full_name: 'ソウル カンナム区 ヨクサム洞',
              lat: 37.4995,
              lng: 127.0365,
            },
          ],
        });
      }),
      on(getShopSearchInfo, shopPage),
    ]);
    useCoordinateStore.getState().setLocation({
      locationName: '역삼동',
      lat: 37.4995,
      lng: 127.0365,
      placeId: 'kr-seoul-gangnam-yeoksam',
      language: 'ko',
    });
    useCommonStore.setState({ language: 'ja', server: 'kr' });
    await i18n.changeLanguage('ja');
    const router = createMemoryRouter([{ path: '/find/:type', element: <SearchScreen /> }], {
      initialEntries: ['/find/h'],
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const chip = screen.getByTestId('location-chip');
    await waitFor(() => expect(chip.textContent).toContain('ヨクサム洞'));
    expect(chip.textContent).not.toContain('역삼동');
    expect(keywords).toEqual(['역삼동']);
  });

  it('shows the name as chosen while the language is the same', async () => {
    renderFind();
    useCoordinateStore.getState().setLocation({
      locationName: '역삼동',
      lat: 37.4995,
      lng: 127.0365,
      placeId: 'kr-seoul-gangnam-yeoksam',
      language: 'ko',
    });
    await waitFor(() => expect(screen.getByTestId('location-chip').textContent).toBe('역삼동'));
  });
});

// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getDesignerSearchInfo,
  getHotHairColorList,
  getHotStyleList,
  getMainBanner,
  getShopSearchInfo,
} from '@carol/contracts';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/api/query-client';
import { i18n } from '../lib/i18n/i18n';
import { useCommonStore } from '../lib/stores/common.store';
import { useCoordinateStore } from '../lib/stores/coordinate.store';
import { spreadOverShops } from '../features/home/api';
import { on, stubEndpoints, type EndpointStub } from '../testing/fetch-stub';
import { buildSuccess } from '../testing/responses';
import HomeScreen from './home';

function renderHome() {
  const router = createMemoryRouter([{ path: '/', element: <HomeScreen /> }]);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Request bodies by endpoint path, for the calls the home made. */
const sent: Record<string, Record<string, string>> = {};

/** Answers the given endpoints (the rest get a bodiless 502) and records what was sent. */
function answer(stubs: EndpointStub[]) {
  stubEndpoints(stubs, {
    onRequest: ({ url, init, form }) => {
      if (!(init.body instanceof FormData)) return;
      sent[url.slice(url.lastIndexOf('/'))] = Object.fromEntries(form.entries()) as Record<
        string,
        string
      >;
    },
  });
}

beforeEach(async () => {
  for (const key of Object.keys(sent)) delete sent[key];
  useCommonStore.setState({ language: 'ko', server: 'kr' });
  useCoordinateStore.setState({ lat: null, lng: null, locationName: '' });
  await i18n.changeLanguage('ko');
});

describe('Home', () => {
  it('falls back to the brand welcome when the banner call fails, and still shows every section', async () => {
    answer([]);
    renderHome();
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: /오늘, 나에게 어울리는/ })).toBeTruthy(),
    );
    for (const title of [
      '지금 인기 있는 스타일',
      '인기 헤어 컬러',
      '길이별 스타일',
      '내 주변 살롱',
      '내 주변 디자이너',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    await waitFor(() => expect(screen.getByText('인기 컬러를 불러오지 못했어요.')).toBeTruthy());
    for (const error of [
      '인기 스타일을 불러오지 못했어요.',
      '주변 살롱을 불러오지 못했어요.',
      '주변 디자이너를 불러오지 못했어요.',
    ])
      expect(await screen.findByText(error, {}, { timeout: 5_000 })).toBeTruthy();
    const lengths = within(screen.getByRole('region', { name: '길이별 스타일' })).getAllByRole(
      'link',
    );
    expect(lengths.map((a) => a.getAttribute('href'))).toEqual([
      '/stylebook/style/w/1/0/0',
      '/stylebook/style/w/4/0/0',
      '/stylebook/style/w/7/0/0',
      '/stylebook/style/w/10/0/0',
      '/stylebook/style/m/13/0/0',
    ]);
  });

  it('shows main banners with dots, and hot colours as named swatches', async () => {
    const banner = (id: number) => ({
      banner_id: id,
      title: `배너 ${id}`,
      subtitle: null,
      image_url: `/media/banners/${id}.jpg`,
      link_url: '/find/h',
      background_color: '#a3264f',
    });
    answer([
      on(
        getMainBanner,
        buildSuccess(getMainBanner, { main_banners: [banner(1), banner(2), banner(3)] }),
      ),
      on(
        getHotHairColorList,
        buildSuccess(getHotHairColorList, {
          hair_color_list: [
            {
              color_id: 9,
              name: '애쉬 브라운',
              hex: '#6b5a4e',
              tone: 'ash',
              is_hot: true,
              image_url: null,
            },
          ],
        }),
      ),
    ]);
    renderHome();
    await waitFor(() => expect(screen.getByText('배너 1')).toBeTruthy());
    expect(screen.getAllByRole('button', { name: /번째 배너 보기/ })).toHaveLength(3);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '애쉬 브라운 컬러 가상체험' })).toBeTruthy(),
    );
  });

  const nearbyRoutes = [
    on(
      getShopSearchInfo,
      buildSuccess(getShopSearchInfo, {
        shop_list: [
          {
            shop_id: 7,
            name: '헤어샵 라온',
            name_en: 'Hair Shop Raon',
            address: '서울 중구 세종대로 1',
            region_city: '서울특별시',
            region_district: '중구',
            region_neighbourhood: '태평로1가',
            lat: 37.567,
            lng: 126.979,
            distance_km: 0.04,
            rating_avg: 4.57,
            review_count: 128,
            is_smart_salon: true,
            min_price: 18000,
            currency: 'KRW',
            thumbnail: '/media/seed/salon-1.webp',
            is_open_now: true,
          },
        ],
        total: 1,
        page: 1,
        has_next: false,
      }),
    ),
    on(
      getDesignerSearchInfo,
      buildSuccess(getDesignerSearchInfo, {
        designer_list: [
          {
            designer_id: 31,
            name: '김하늘',
            position: '원장',
            profile_image_url: null,
            shop_id: 7,
            shop_name: '헤어샵 라온',
            distance_km: 0.04,
            rating_avg: 4.8,
            review_count: 40,
          },
        ],
        total: 1,
        page: 1,
        has_next: false,
      }),
    ),
    on(
      getHotStyleList,
      buildSuccess(getHotStyleList, {
        style_list: [
          {
            photo_id: 501,
            gender: 'w',
            length: 'bob',
            type_id: 4,
            style_id: 40,
            substyle_id: 41,
            style_name: '태슬컷 · C컬',
            title: '태슬컷',
            image_url: '/media/seed/style-501.webp',
            thumb_url: '/media/seed/style-501-thumb.webp',
            like_count: 900,
          },
        ],
      }),
    ),
  ];

  it("shows nearby salons, designers and hot styles from the server's default city, with their links", async () => {
    answer(nearbyRoutes);
    renderHome();
    const shops = await screen.findByRole('region', { name: '내 주변 살롱' });
    await waitFor(() => expect(within(shops).getByText('헤어샵 라온')).toBeTruthy(), {
      timeout: 5_000,
    });
    const card = within(shops).getByTestId('nearby-shop');
    expect(card.getAttribute('href')).toBe('/find/saloninfo/7');
    expect(within(card).getByText('18,000원~')).toBeTruthy();
    expect(within(card).getByText('0.0km')).toBeTruthy();
    expect(within(card).getByText('스마트 살롱')).toBeTruthy();
    expect(within(card).getByLabelText('별점 4.6, 리뷰 128개')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(within(shops).getByText('서울시청 기준')).toBeTruthy();
    expect(within(shops).getByRole('link', { name: '살롱 전체 보기' }).getAttribute('href')).toBe(
      '/find/h',
    );
    // No coordinates: the server measures from its default city; nearest first.
    expect(sent['/getShopSearchInfo']).toMatchObject({ sort: 'distance', server: 'kr' });
    expect(sent['/getShopSearchInfo']).not.toHaveProperty('lat');

    const designer = await screen.findByRole(
      'link',
      { name: '김하늘, 헤어샵 라온, 0.0km' },
      { timeout: 5_000 },
    );
    expect(designer.getAttribute('href')).toBe('/find/designerinfo/31');
    expect(sent['/getDesignerSearchInfo']).not.toHaveProperty('lat');

    const style = await screen.findByRole(
      'link',
      { name: '태슬컷 · C컬 스타일 보기' },
      { timeout: 5_000 },
    );
    expect(style.getAttribute('href')).toBe('/stylebook/style/w/4/40/41?photo=501');
  });

  it('measures from the stored location when there is one, and says so', async () => {
    useCoordinateStore.setState({ lat: 35.16, lng: 129.16, locationName: '' });
    answer(nearbyRoutes);
    renderHome();
    const shops = await screen.findByRole('region', { name: '내 주변 살롱' });
    await waitFor(() => expect(within(shops).getByText('내 위치 기준')).toBeTruthy());
    await waitFor(() =>
      expect(sent['/getShopSearchInfo']).toMatchObject({ lat: '35.16', lng: '129.16' }),
    );
    await waitFor(() =>
      expect(sent['/getDesignerSearchInfo']).toMatchObject({ lat: '35.16', lng: '129.16' }),
    );
    expect(within(shops).queryByRole('button', { name: '내 위치로 보기' })).toBeNull();
  });

  it('asks for the location only on a tap, and falls back to the default city when refused', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code: 1, message: 'denied' } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    answer(nearbyRoutes);
    renderHome();
    const shops = await screen.findByRole('region', { name: '내 주변 살롱' });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    fireEvent.click(within(shops).getByRole('button', { name: '내 위치로 보기' }));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(within(shops).getByText('위치를 쓸 수 없어 기본 위치로 보여 드려요')).toBeTruthy(),
    );
    vi.unstubAllGlobals();
  });

  it('says so when there is nothing nearby', async () => {
    answer([
      on(
        getShopSearchInfo,
        buildSuccess(getShopSearchInfo, { shop_list: [], total: 0, page: 1, has_next: false }),
      ),
      on(
        getDesignerSearchInfo,
        buildSuccess(getDesignerSearchInfo, {
          designer_list: [],
          total: 0,
          page: 1,
          has_next: false,
        }),
      ),
      on(getHotStyleList, buildSuccess(getHotStyleList, { style_list: [] })),
    ]);
    renderHome();
    for (const empty of [
      '가까운 곳에 등록된 살롱이 아직 없어요.',
      '가까운 곳에서 활동하는 디자이너가 아직 없어요.',
      '지금은 소개할 인기 스타일이 없어요.',
    ])
      expect(await screen.findByText(empty, {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('asks for the sections below the first screen only once the main banner has answered', async () => {
    let releaseBanner: () => void = () => undefined;
    const bannerHeld = new Promise<void>((resolve) => {
      releaseBanner = resolve;
    });
    const asked: string[] = [];
    stubEndpoints(
      [
        on(getMainBanner, async () => {
          await bannerHeld;
          return buildSuccess(getMainBanner, { main_banners: [] });
        }),
      ],
      { onRequest: ({ url }) => asked.push(url.slice(url.lastIndexOf('/'))) },
    );
    renderHome();
    // The first screen: the banner and the nearby salons, nothing else yet.
    await waitFor(() => expect(asked).toContain('/getShopSearchInfo'));
    expect(asked).toContain('/getMainBanner');
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const below of [
      '/getHotStyleList',
      '/getHotHairColorList',
      '/getMiddleBanner',
      '/getDesignerSearchInfo',
    ])
      expect(asked).not.toContain(below);
    expect(
      within(screen.getByRole('region', { name: '인기 헤어 컬러' })).getByLabelText(
        '불러오는 중입니다',
      ),
    ).toBeTruthy();

    releaseBanner();
    await waitFor(() =>
      expect(asked).toEqual(
        expect.arrayContaining([
          '/getHotStyleList',
          '/getHotHairColorList',
          '/getMiddleBanner',
          '/getDesignerSearchInfo',
        ]),
      ),
    );
  });

  it('spreads nearby designers over salons: at most two each, nearest first, ten in all', () => {
    const list = [1, 1, 1, 2, 3, 3, 3, ...Array.from({ length: 20 }, (_, i) => 10 + i)].map(
      (shop_id, i) => ({ designer_id: i, shop_id }),
    );
    const picked = spreadOverShops(list);
    expect(picked.map((d) => d.shop_id)).toEqual([1, 1, 2, 3, 3, 10, 11, 12, 13, 14]);
  });
});

// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../lib/api/query-client';
import { i18n } from '../lib/i18n/i18n';
import { useCommonStore } from '../lib/stores/common.store';
import HomeScreen from './home';

function renderHome() {
  const router = createMemoryRouter([{ path: '/', element: <HomeScreen /> }]);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

function answer(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const key = Object.keys(routes).find((path) => url.endsWith(path));
      if (!key) return new Response('', { status: 502 });
      return new Response(JSON.stringify(routes[key]), { status: 200 });
    }),
  );
}

beforeEach(async () => {
  useCommonStore.setState({ language: 'ko', server: 'kr' });
  await i18n.changeLanguage('ko');
});

describe('Home', () => {
  it('falls back to the brand welcome when the banner call fails, and still shows every section', async () => {
    answer({});
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
    answer({
      '/getMainBanner': { result: 'success', main_banners: [banner(1), banner(2), banner(3)] },
      '/getHotHairColorList': {
        result: 'success',
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
      },
    });
    renderHome();
    await waitFor(() => expect(screen.getByText('배너 1')).toBeTruthy());
    expect(screen.getAllByRole('button', { name: /번째 배너 보기/ })).toHaveLength(3);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: '애쉬 브라운 컬러 가상체험' })).toBeTruthy(),
    );
  });
});

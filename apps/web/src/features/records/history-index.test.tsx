// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getShopVisitList, type ShopVisit } from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { on, stubEndpoints } from '../../testing/fetch-stub';
import { buildSuccess } from '../../testing/responses';
import { HistoryIndex } from './history-index';

const salon: ShopVisit = {
  shop_id: 5,
  shop_name: 'ヘアサロン 表参道 ガーデンテラス店 プレミアムスパ＆トリートメントラウンジ',
  shop_thumbnail: '/media/shops/5.webp',
  time_zone: 'Asia/Tokyo',
  linked_at: '2026-01-01T00:00:00.000Z',
  last_visit_at: '2026-03-04T02:00:00.000Z',
  last_visit_date: '2026-03-04',
  visit_count: 6,
  media_count: 21,
  notices: [
    {
      notice_id: 1,
      type: 'coupon',
      title: '連携のお客様限定 トリートメント20%オフ',
      body: 'ご来店時にこの画面をご提示ください。',
      published_at: '2026-03-01T00:00:00.000Z',
      valid_from: null,
      valid_until: '2026-12-31T14:59:59.000Z',
    },
    {
      notice_id: 2,
      type: 'news',
      title: '年末年始の営業について',
      body: '12/31〜1/3はお休みです。',
      published_at: '2026-02-01T00:00:00.000Z',
      valid_from: null,
      valid_until: null,
    },
  ],
};

/** Answers the salon list; `fail` leaves it (and everything else) to the proxy's bodiless 502. */
function serve(list: ShopVisit[] | 'fail') {
  stubEndpoints(
    list === 'fail'
      ? []
      : [on(getShopVisitList, buildSuccess(getShopVisitList, { shop_visit_list: list }))],
  );
}

function renderIndex() {
  const router = createMemoryRouter([{ path: '/mypage/myphotoindex', element: <HistoryIndex /> }], {
    initialEntries: ['/mypage/myphotoindex'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const patiently = { timeout: 10_000 };

beforeEach(async () => {
  useCommonStore.setState({ language: 'ja', server: 'jp', loginID: 3, loginFlag: true });
  await i18n.changeLanguage('ja');
});

describe('styling history hub', () => {
  it('shows each linked salon with its last visit, counts and labelled notices', async () => {
    serve([salon]);
    renderIndex();
    const card = await screen.findByTestId('history-shop', {}, patiently);
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/mypage/myphoto/5');
    expect(within(card).getByText('前回来店 2026/03/04')).toBeTruthy();
    expect(within(card).getByText('来店 6回')).toBeTruthy();
    const notices = within(card).getAllByTestId('history-notice');
    expect(notices.map((n) => n.querySelector('span')?.textContent)).toEqual([
      'クーポン',
      'ニュース',
    ]);
    // The coupon's last day on the salon's calendar.
    expect(within(notices[0]!).getByText('〜12/31')).toBeTruthy();
    fireEvent.click(notices[1]!);
    expect(within(card).getByText('12/31〜1/3はお休みです。')).toBeTruthy();
    expect(screen.getByTestId('history-all').getAttribute('href')).toBe('/mypage/myphoto');
  });

  it('explains how to link a salon when none is linked', async () => {
    serve([]);
    renderIndex();
    expect(
      await screen.findByRole('heading', { name: '連携しているサロンはありません' }, {}),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'サロンを探す' }).getAttribute('href')).toBe('/find/h');
    expect(screen.getByRole('link', { name: 'QRコードで連携' }).getAttribute('href')).toBe(
      '/mypage/qrcodescanner',
    );
  });

  it('offers a retry when the salons cannot be loaded', async () => {
    serve('fail');
    renderIndex();
    expect(
      await screen.findByRole('heading', { name: 'スタイル履歴を読み込めませんでした' }, patiently),
    ).toBeTruthy();
    serve([salon]);
    fireEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(await screen.findByTestId('history-shop', {}, patiently)).toBeTruthy();
  });
});

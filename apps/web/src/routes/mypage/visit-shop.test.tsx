// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  getVisitShopList,
  setShopFavorite,
  userLinkCancel,
  type VisitShop,
} from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { answerCalls } from '../../features/records/test-server';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { useReservationStore } from '../../lib/stores/reservation.store';
import VisitShopScreen from './visit-shop';

const shop = (patch: Partial<VisitShop>): VisitShop => ({
  shop_id: 52,
  shop_name: 'ヘアサロン 銀座本店',
  shop_thumbnail: null,
  address: '東京都中央区銀座4-1-1',
  rating_avg: 4.62,
  review_count: 120,
  last_visit_at: '2024-10-01T03:00:00Z',
  last_visit_date: '2024-10-01',
  visit_count: 3,
  is_favorite: false,
  is_linked: true,
  bookable: true,
  ...patch,
});

const patiently = { timeout: 10_000 };

function renderScreen() {
  const router = createMemoryRouter(
    [
      { path: '/mypage/visitshop', element: <VisitShopScreen /> },
      { path: '/reservation/first', element: <p>step one</p> },
    ],
    { initialEntries: ['/mypage/visitshop'] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(async () => {
  useCommonStore.setState({ language: 'ja', server: 'jp', loginID: 3, loginFlag: true });
  await i18n.changeLanguage('ja');
  useReservationStore.getState().reset();
});

// Each test waits for real renders and answers; a loaded machine is slow, not wrong.
describe('Visited salons', { timeout: 30_000 }, () => {
  it('shows each salon with its last visit, count, rating and linked badge, and books again', async () => {
    answerCalls({
      [getVisitShopList.path]: () => ({
        body: {
          visit_shop_list: [
            shop({}),
            shop({ shop_id: 9, shop_name: '表参道', is_linked: false, bookable: false }),
          ],
          total: 2,
          page: 1,
          has_next: false,
        },
      }),
    });
    const router = renderScreen();
    const card = (await screen.findByText('ヘアサロン 銀座本店', {}, patiently)).closest('li')!;
    expect(within(card).getByText('最終来店 2024年10月1日')).toBeTruthy();
    expect(within(card).getByText('来店 3回')).toBeTruthy();
    expect(within(card).getByText('連携済み')).toBeTruthy();
    const other = screen.getByText('表参道').closest('li')!;
    expect(within(other).queryByText('連携済み')).toBeNull();
    expect(within(other).queryByRole('button', { name: 'もう一度予約' })).toBeNull();
    expect(within(other).getByText('ネット予約なし')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'もう一度予約' }));
    expect(await screen.findByText('step one')).toBeTruthy();
    expect(router.state.location.search).toBe('?shop_id=52');
    expect(useReservationStore.getState().shopID).toBe(52);
    expect(useReservationStore.getState().shopName).toBe('ヘアサロン 銀座本店');
  });

  it('toggles the heart with the favourites API at once', { timeout: 20_000 }, async () => {
    const calls = answerCalls({
      [getVisitShopList.path]: () => ({
        body: { visit_shop_list: [shop({})], total: 1, page: 1, has_next: false },
      }),
      [setShopFavorite.path]: () => ({ body: { shop_id: 52, is_favorite: true } }),
    });
    renderScreen();
    const heart = await screen.findByRole('button', { name: 'お気に入り' }, patiently);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'), patiently);
    await waitFor(() =>
      expect(calls.some((c) => c.path.endsWith(setShopFavorite.path))).toBe(true),
    );
    // Still on once the call has settled (a failure would have put it back).
    await waitFor(() =>
      expect(useCommonStore.getState().toastText).toBe('お気に入りに追加しました'),
    );
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(calls.find((c) => c.path.endsWith(setShopFavorite.path))?.form.get('shop_id')).toBe(
      '52',
    );
  });

  it(
    'unlinks a linked salon after the confirmation and reads the list again',
    { timeout: 20_000 },
    async () => {
      let linked = true;
      const calls = answerCalls({
        [getVisitShopList.path]: () => ({
          body: {
            visit_shop_list: [shop({ is_linked: linked })],
            total: 1,
            page: 1,
            has_next: false,
          },
        }),
        [userLinkCancel.path]: () => {
          linked = false;
          return { body: { shop_id: 52 } };
        },
      });
      renderScreen();
      fireEvent.click(await screen.findByRole('button', { name: '連携を解除' }, patiently));
      expect(await screen.findByText('ヘアサロン 銀座本店との連携を解除しますか？')).toBeTruthy();
      const dialog = screen.getByRole('dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: '連携を解除' }));
      // Read again: the salon's records (and its linked badge) are gone.
      await waitFor(() => expect(screen.queryByText('連携済み')).toBeNull(), patiently);
      expect(calls.find((c) => c.path.endsWith(userLinkCancel.path))?.form.get('shop_id')).toBe(
        '52',
      );
      expect(calls.filter((c) => c.path.endsWith(getVisitShopList.path)).length).toBeGreaterThan(1);
    },
  );

  it('explains that visits appear after a completed reservation or linking', async () => {
    answerCalls({
      [getVisitShopList.path]: () => ({
        body: { visit_shop_list: [], total: 0, page: 1, has_next: false },
      }),
    });
    renderScreen();
    expect(await screen.findByText('来店したサロンはまだありません', {}, patiently)).toBeTruthy();
    expect(screen.getByText(/予約した施術が完了するか、サロンとデータ連携すると/)).toBeTruthy();
  });
});

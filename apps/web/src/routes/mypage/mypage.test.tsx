// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { getMypageSummary, type MypageSummary } from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { on, stubEndpoints } from '../../testing/fetch-stub';
import { buildSuccess } from '../../testing/responses';
import MypageScreen from './mypage';

const nextBooking: NonNullable<MypageSummary['next_booking']> = {
  booking_id: 91,
  booking_number: 'C2031-0091',
  shop_id: 52,
  shop_name: 'ヘアサロン 銀座本店',
  shop_thumbnail: '/media/shops/52.webp',
  designer_id: 7,
  designer_name: '佐藤 彩',
  starts_at: '2031-05-20T04:30:00.000Z',
  ends_at: '2031-05-20T07:00:00.000Z',
  date: '2031-05-20',
  time: '13:30',
  time_zone: 'Asia/Tokyo',
  menu_names: ['カット', 'カラー'],
};

const summaryOf = (patch: Partial<MypageSummary> = {}): MypageSummary => ({
  member: { family_name: '長谷川', given_name: '明日香' },
  next_booking: nextBooking,
  upcoming_count: 2,
  counts: { favorite_styles: 12, favorite_designers: 3, favorite_shops: 5, gallery_photos: 1280 },
  ...patch,
});

/** Answers the summary (or fails it), and records every path the screen asked for. */
function answer(summary: MypageSummary | 'fail') {
  const asked: string[] = [];
  stubEndpoints(
    summary === 'fail' ? [] : [on(getMypageSummary, buildSuccess(getMypageSummary, summary))],
    { onRequest: ({ url }) => asked.push(new URL(url, 'http://localhost').pathname) },
  );
  return asked;
}

function renderMypage() {
  const router = createMemoryRouter([{ path: '/mypage', element: <MypageScreen /> }], {
    initialEntries: ['/mypage'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const hrefOf = (element: HTMLElement) => element.closest('a')?.getAttribute('href');
/** The first answer may take a while on a loaded machine; how long is not what is tested. */
const patiently = { timeout: 10_000 };

beforeEach(async () => {
  useCommonStore.setState({ language: 'ja', server: 'jp', loginID: 3, loginFlag: true });
  await i18n.changeLanguage('ja');
});

describe('My page', () => {
  it("greets the member by name and shows the next booking in the salon's time", async () => {
    const asked = answer(summaryOf());
    renderMypage();
    const greeting = await screen.findByRole(
      'heading',
      { level: 2, name: '長谷川 明日香さん' },
      patiently,
    );
    // A long name may wrap, but the honorific stays with its last letter.
    expect(greeting.querySelector('span')?.textContent).toBe('香さん');

    const card = screen.getByText('ヘアサロン 銀座本店').closest('a')!;
    expect(card.getAttribute('href')).toBe('/mypage/reservationdetail?id=91');
    // 04:30 UTC is 13:30 in Tokyo; the year shows (not this year).
    expect(within(card).getByText('2031年5月20日(火) 13:30')).toBeTruthy();
    expect(within(card).getByText('担当 佐藤 彩 · カット, カラー')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/shops/52.webp');
    expect(hrefOf(screen.getByText('予定 2件'))).toBe('/mypage/reservation/done');

    // One summary call: no favourites, gallery or booking list is fetched to count it.
    expect(asked).toEqual(['/api/carol/mypage/get_mypage_summary']);
  });

  it('shows each count as a way into its list', async () => {
    answer(summaryOf());
    renderMypage();
    const counts = within(await screen.findByRole('navigation', { name: 'わたしの記録' }));
    await waitFor(() => expect(counts.getByText('1,280')).toBeTruthy(), patiently);
    expect(counts.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      [
        ['12スタイル', '/mypage/myfavorite/styles'],
        ['3スタイリスト', '/mypage/myfavorite/designers'],
        ['5サロン', '/mypage/myfavorite/shops'],
        ['1,280ギャラリー', '/mypage/mygallery'],
      ],
    );
  });

  it('lays out every my-page screen as a shortcut, and the customer centre', async () => {
    answer(summaryOf());
    renderMypage();
    const shortcuts = within(await screen.findByRole('navigation', { name: 'ショートカット' }));
    expect(shortcuts.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/mypage/reservation/done',
      '/mypage/myfavorite/styles',
      '/mypage/mygallery',
      '/mypage/visitshop',
      '/mypage/myphotoindex',
      '/mypage/historyscalp',
      '/mypage/qrcodescanner',
      '/mypage/setting',
    ]);
    const centre = within(screen.getByRole('region', { name: 'カスタマーセンター' }));
    // The Japanese market's number.
    expect(centre.getByRole('link', { name: /03-4578-2750/ }).getAttribute('href')).toBe(
      'tel:0345782750',
    );
    expect(
      centre
        .getAllByRole('link')
        .slice(1)
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/support/inquiry', '/support/partnership', '/terms', '/privacy', '/company']);
  });

  it('offers to find a salon when nothing is booked', async () => {
    answer(summaryOf({ next_booking: null, upcoming_count: 0 }));
    renderMypage();
    expect(
      await screen.findByRole('heading', { name: '予定しているご予約はありません' }, patiently),
    ).toBeTruthy();
    expect(hrefOf(screen.getByText('サロンを探す'))).toBe('/find/h');
    expect(hrefOf(screen.getByText('予約履歴', { selector: 'a' }))).toBe(
      '/mypage/reservation/done',
    );
  });

  it('writes a Korean name the Korean way, with the Korean customer centre', async () => {
    useCommonStore.setState({ language: 'ko', server: 'kr' });
    await i18n.changeLanguage('ko');
    answer(summaryOf({ member: { family_name: '박', given_name: '서연' }, next_booking: null }));
    renderMypage();
    expect(
      await screen.findByRole('heading', { level: 2, name: '박서연님' }, patiently),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /1644-2750/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '예정된 예약이 없어요' })).toBeTruthy();
  });

  it('says the details could not be loaded, offers a retry, and keeps every shortcut', async () => {
    answer('fail');
    renderMypage();
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: '会員情報を読み込めませんでした。' },
        patiently,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: '再試行' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'ショートカット' })).getAllByRole('link'),
    ).toHaveLength(8);
  });
});

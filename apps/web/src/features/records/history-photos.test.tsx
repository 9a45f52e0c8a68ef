// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deleteHistory,
  getDateVisitList,
  getMyPhotoList,
  getShopVisitList,
  setCaption,
  setHistoryHidden,
  type HistoryMedia,
  type EndpointContract,
  type HistoryVisit,
} from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { on, stubEndpoints } from '../../testing/fetch-stub';
import { buildSuccess, errorResponse } from '../../testing/responses';
import { HistoryDatePicker } from './date-picker';
import { HistoryPhotos } from './history-photos';

const mediaOf = (id: number, patch: Partial<HistoryMedia> = {}): HistoryMedia => ({
  media_id: id,
  kind: 'photo',
  label: null,
  url: `/media/records/2026-03/${id}.webp`,
  thumb_url: `/media/records/2026-03/${id}-t.webp`,
  mime_type: 'image/webp',
  width: 1200,
  height: 1600,
  duration_ms: null,
  personal_memo: null,
  is_hidden: false,
  ...patch,
});

const visits: HistoryVisit[] = [
  {
    visit_id: 9,
    shop_id: 5,
    shop_name: 'ヘアサロン 表参道',
    visited_at: '2026-03-04T02:00:00.000Z',
    date: '2026-03-04',
    time: '11:00',
    time_zone: 'Asia/Tokyo',
    designer_id: 3,
    designer_name: '佐藤 彩',
    treatments: ['カット', 'カラー'],
    shop_memo: '次回は3か月後に',
    media: [
      mediaOf(101, { label: 'before' }),
      mediaOf(102, { label: 'after', personal_memo: '気に入った' }),
      mediaOf(103, {
        kind: 'video',
        url: '/media/records/2026-03/103.mp4',
        thumb_url: '/media/records/2026-03/103-p.webp',
        mime_type: 'video/mp4',
        duration_ms: 8_000,
      }),
    ],
  },
  {
    visit_id: 8,
    shop_id: 5,
    shop_name: 'ヘアサロン 表参道',
    visited_at: '2026-01-10T02:00:00.000Z',
    date: '2026-01-10',
    time: '11:00',
    time_zone: 'Asia/Tokyo',
    designer_id: null,
    designer_name: null,
    treatments: [],
    shop_memo: null,
    media: [mediaOf(90)],
  },
];

interface Call {
  path: string;
  fields: Record<string, string[]>;
}

/** Answers the history calls like the server would; `fail: [setHistoryHidden.path]` fails hiding. */
function serve(options: { fail?: string[] } = {}) {
  const calls: Call[] = [];
  let list = structuredClone(visits);
  const hidden: HistoryMedia[] = [];
  const failing = (contract: EndpointContract) => options.fail?.includes(contract.path) ?? false;
  const hideFailed = () => errorResponse('HIDE_FAILED', undefined, '非表示にできませんでした。');
  const idsOf = (form: FormData) => form.getAll('media_ids').map(Number);
  stubEndpoints(
    [
      on(getShopVisitList, buildSuccess(getShopVisitList, { shop_visit_list: [] })),
      on(getMyPhotoList, ({ form }) => {
        const shown =
          form.get('view') === 'hidden'
            ? hidden.length
              ? [{ ...list[0]!, media: hidden }]
              : []
            : list.filter((v) => v.media.length > 0);
        return buildSuccess(getMyPhotoList, {
          my_photo_list: shown,
          total: shown.length,
          page: 1,
          has_next: false,
        });
      }),
      on(getDateVisitList, buildSuccess(getDateVisitList, { dates: ['2026-03-04'] })),
      on(setHistoryHidden, ({ form }) => {
        if (failing(setHistoryHidden)) return hideFailed();
        const ids = idsOf(form);
        for (const v of list) {
          hidden.push(...v.media.filter((m) => ids.includes(m.media_id)));
          v.media = v.media.filter((m) => !ids.includes(m.media_id));
        }
        return buildSuccess(setHistoryHidden, { media_ids: ids, hidden: true });
      }),
      on(deleteHistory, ({ form }) => {
        const ids = idsOf(form);
        list = list.map((v) => ({
          ...v,
          media: v.media.filter((m) => !ids.includes(m.media_id)),
        }));
        return buildSuccess(deleteHistory, { deleted_ids: ids });
      }),
      on(setCaption, ({ form }) =>
        buildSuccess(setCaption, {
          media_id: Number(form.get('media_id')),
          personal_memo: form.get('caption') as string,
        }),
      ),
    ],
    {
      onRequest: ({ url, form }) => {
        const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
        const fields: Record<string, string[]> = {};
        for (const [k, v] of form.entries())
          (fields[k] ??= []).push(typeof v === 'string' ? v : v.name);
        calls.push({ path, fields });
      },
      otherwise: () => new Response('', { status: 404 }),
    },
  );
  return calls;
}

function renderPhotos(url = '/mypage/myphoto') {
  const router = createMemoryRouter(
    [
      {
        path: '/mypage/myphoto/:shop?',
        element: <HistoryPhotos />,
        children: [{ path: 'datepicker', element: <HistoryDatePicker /> }],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const patiently = { timeout: 10_000 };
const counter = () => screen.getByTestId('viewer-counter').textContent;

beforeEach(async () => {
  useCommonStore.setState({ language: 'ja', server: 'jp', loginID: 3, loginFlag: true });
  await i18n.changeLanguage('ja');
});

describe('styling history photos', () => {
  it('groups photos by visit, newest first, with the salon memo and the video length', async () => {
    serve();
    renderPhotos();
    const groups = await screen.findAllByTestId('history-visit', {}, patiently);
    expect(groups).toHaveLength(2);
    const first = within(groups[0]!);
    expect(first.getByRole('heading', { level: 2 }).textContent).toBe('2026年3月4日(水)');
    expect(first.getByText('担当 佐藤 彩 · カット, カラー')).toBeTruthy();
    expect(first.getByText('次回は3か月後に')).toBeTruthy();
    expect(first.getByText('0:08')).toBeTruthy();
    // Private thumbnails are asked for as they are, never as a ?w= variant.
    const sources = [...groups[0]!.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources.every((src) => src?.startsWith('/media/records/') && !src.includes('?'))).toBe(
      true,
    );
  });

  it('moves through the viewer with arrow keys, buttons and a swipe', async () => {
    serve();
    renderPhotos();
    fireEvent.click((await screen.findAllByTestId('history-item', {}, patiently))[0]!);
    const viewer = await screen.findByTestId('history-viewer');
    expect(counter()).toBe('1 / 4');
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(counter()).toBe('2 / 4');
    expect(within(viewer).getByTestId('viewer-my-memo').textContent).toBe('気に入った');
    fireEvent.click(within(viewer).getByRole('button', { name: '次へ' }));
    expect(counter()).toBe('3 / 4');
    // The video plays inline with its poster, loading only its metadata first.
    const video = within(viewer).getByTestId('viewer-video');
    expect(video.getAttribute('poster')).toBe('/media/records/2026-03/103-p.webp');
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(video.hasAttribute('playsinline')).toBe(true);
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(counter()).toBe('2 / 4');

    // A finger dragged from right to left turns to the next item, across visits too.
    const swipe = (from: number, to: number) => {
      const stage = screen.getByTestId('viewer-stage');
      fireEvent.pointerDown(stage, {
        pointerId: 1,
        clientX: from,
        clientY: 200,
        pointerType: 'touch',
      });
      fireEvent.pointerMove(stage, {
        pointerId: 1,
        clientX: (from + to) / 2,
        clientY: 204,
        pointerType: 'touch',
      });
      fireEvent.pointerUp(stage, { pointerId: 1, clientX: to, clientY: 206, pointerType: 'touch' });
    };
    swipe(320, 60);
    expect(counter()).toBe('3 / 4');
    swipe(320, 60);
    expect(counter()).toBe('4 / 4');
    swipe(320, 60); // the last: nowhere to go
    expect(counter()).toBe('4 / 4');
    swipe(40, 300);
    expect(counter()).toBe('3 / 4');
  });

  it('zooms a photo with a double tap and does not swipe while zoomed', async () => {
    serve();
    renderPhotos();
    fireEvent.click((await screen.findAllByTestId('history-item', {}, patiently))[0]!);
    const stage = await screen.findByTestId('viewer-stage');
    const tap = (x: number) => {
      fireEvent.pointerDown(stage, {
        pointerId: 1,
        clientX: x,
        clientY: 200,
        pointerType: 'touch',
      });
      fireEvent.pointerUp(stage, { pointerId: 1, clientX: x, clientY: 200, pointerType: 'touch' });
    };
    tap(180);
    tap(182);
    expect(screen.getByTestId('viewer-stage').getAttribute('data-zoom')).toBe('2.50');
    fireEvent.pointerDown(stage, {
      pointerId: 1,
      clientX: 320,
      clientY: 200,
      pointerType: 'touch',
    });
    fireEvent.pointerMove(stage, {
      pointerId: 1,
      clientX: 200,
      clientY: 200,
      pointerType: 'touch',
    });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 60, clientY: 200, pointerType: 'touch' });
    expect(counter()).toBe('1 / 4');
  });

  it('selects photos, hides them and finds them in the hidden view', async () => {
    const calls = serve();
    const router = renderPhotos();
    fireEvent.click(await screen.findByTestId('history-select', {}, patiently));
    const items = screen.getAllByTestId('history-item');
    fireEvent.click(items[0]!);
    fireEvent.click(items[3]!);
    expect(screen.getByText('2件選択')).toBeTruthy();
    fireEvent.click(screen.getByTestId('history-hide-selected'));
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(2), patiently);
    const hide = calls.find((c) => c.path === setHistoryHidden.path)!;
    expect(hide.fields.media_ids).toEqual(['101', '90']);
    expect(hide.fields.hidden).toEqual(['true']);
    expect(useCommonStore.getState().toastText).toContain('2件を非表示にしました');

    fireEvent.click(screen.getByTestId('history-view-hidden'));
    await waitFor(() => expect(router.state.location.search).toBe('?view=hidden'));
    expect(screen.getByRole('link', { name: '非表示' }).getAttribute('aria-current')).toBe('page');
    await waitFor(
      () =>
        expect(
          screen.getAllByTestId('history-item').map((i) => i.getAttribute('data-media-id')),
        ).toEqual(['101', '90']),
      patiently,
    );
    expect(
      calls.some((c) => c.path === getMyPhotoList.path && c.fields.view?.[0] === 'hidden'),
    ).toBe(true);
  });

  it('says "hide failed" when hiding fails, and keeps the photo', async () => {
    serve({ fail: [setHistoryHidden.path] });
    renderPhotos();
    fireEvent.click((await screen.findAllByTestId('history-item', {}, patiently))[1]!);
    fireEvent.click(await screen.findByTestId('viewer-toggle-hidden'));
    await waitFor(
      () => expect(useCommonStore.getState().toastText).toBe('非表示にできませんでした。'),
      patiently,
    );
    expect(counter()).toBe('2 / 4');
  });

  it('deletes only after the confirmation', async () => {
    const calls = serve();
    renderPhotos();
    fireEvent.click(await screen.findByTestId('history-select', {}, patiently));
    fireEvent.click(screen.getAllByTestId('history-item')[1]!);
    fireEvent.click(screen.getByTestId('history-delete-selected'));
    expect(screen.getByText(/この写真をスタイル履歴から削除しますか/)).toBeTruthy();
    expect(calls.some((c) => c.path === deleteHistory.path)).toBe(false);
    fireEvent.click(screen.getByTestId('history-confirm-delete'));
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(3), patiently);
    expect(calls.find((c) => c.path === deleteHistory.path)!.fields.media_ids).toEqual(['102']);
  });

  it('writes the member memo with set_caption', async () => {
    const calls = serve();
    renderPhotos();
    fireEvent.click((await screen.findAllByTestId('history-item', {}, patiently))[0]!);
    fireEvent.click(await screen.findByTestId('viewer-edit-memo'));
    fireEvent.change(screen.getByTestId('viewer-memo-input'), {
      target: { value: '前髪は短め\n次はもう少し明るく' },
    });
    fireEvent.click(screen.getByTestId('viewer-save-memo'));
    await waitFor(
      () =>
        expect(screen.getByTestId('viewer-my-memo').textContent).toBe(
          '前髪は短め\n次はもう少し明るく',
        ),
      patiently,
    );
    const call = calls.find((c) => c.path === setCaption.path)!;
    expect(call.fields).toMatchObject({
      media_id: ['101'],
      caption: ['前髪は短め\n次はもう少し明るく'],
    });
  });

  it('says there is no share support when the device cannot share', async () => {
    serve();
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    renderPhotos();
    fireEvent.click((await screen.findAllByTestId('history-item', {}, patiently))[0]!);
    fireEvent.click(await screen.findByRole('button', { name: '共有' }));
    await waitFor(
      () =>
        expect(useCommonStore.getState().toastText).toBe('この端末は共有機能に対応していません。'),
      patiently,
    );
  });

  it('needs both dates for a date-range search, then filters by them', async () => {
    const calls = serve();
    const router = renderPhotos('/mypage/myphoto/datepicker');
    const picker = await screen.findByTestId('history-date-picker', {}, patiently);
    // Go back to March 2026 from today's month.
    const prev = within(picker).getByRole('button', { name: '前の月' });
    while (!within(picker).queryByRole('heading', { name: '2026年3月' })) fireEvent.click(prev);
    await waitFor(() =>
      expect(picker.querySelector('[data-date="2026-03-04"]')?.hasAttribute('data-marked')).toBe(
        true,
      ),
    );
    fireEvent.click(picker.querySelector('[data-date="2026-03-02"]')!);
    fireEvent.click(within(picker).getByTestId('picker-apply'));
    expect(within(picker).getByRole('alert').textContent).toBe(
      '開始日と終了日の両方を選択してください。',
    );
    expect(router.state.location.pathname).toBe('/mypage/myphoto/datepicker');

    fireEvent.click(picker.querySelector('[data-date="2026-03-20"]')!);
    fireEvent.click(within(picker).getByTestId('picker-apply'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/myphoto'));
    expect(router.state.location.search).toBe('?from=2026-03-02&to=2026-03-20');
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === getMyPhotoList.path && c.fields.from?.[0] === '2026-03-02'),
      ).toBe(true),
    );
    const ranged = calls.find((c) => c.path === getMyPhotoList.path && c.fields.from)!;
    expect(ranged.fields.to).toEqual(['2026-03-20']);
    fireEvent.click(await screen.findByTestId('history-clear-dates'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

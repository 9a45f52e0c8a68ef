// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addBooking, getUserBookingDetail, getUserProfile } from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { useReservationStore } from '../../lib/stores/reservation.store';
import {
  buildAddedBooking,
  buildBookingDetailAnswer,
  buildBookingProfile,
} from '../../testing/builders';
import { on, stubEndpoints, type StubbedRequest } from '../../testing/fetch-stub';
import { errorResponse } from '../../testing/responses';
import BookingDetailScreen from '../mypage/booking-detail';
import BookingCheckScreen from './booking-check';

// "Book this look" (ADR 059): the look brought from the simulation on the check step, sent with
// add_booking, and shown again in the booking's detail.

const look = {
  kind: 'colour' as const,
  name: '애쉬 브라운',
  swatch: '#6b3e2e',
  url: '/media/looks/2030-03/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp',
  thumb_url: '/media/looks/2030-03/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa-t.webp',
};

function renderAt(path: string, routes: Array<{ path: string; element: ReactNode }>) {
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], {
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
  useCommonStore.setState({ language: 'ko', server: 'kr', loginID: 42, loginFlag: true });
  await i18n.changeLanguage('ko');
  useReservationStore.setState({
    shopID: 7,
    shopName: '살롱 캐롤',
    selectedDate: '2030-03-04',
    selectedTime: '14:00',
    selectedDesignerID: 3,
    selectedDesignerName: '이도윤',
    selectedMenuList: [
      { menuId: 11, name: '여성 커트', price: 30000, currency: 'KRW', durationMinutes: 60 },
    ],
    totalMenuPrice: 30000,
    reservationPending: true,
    look: {
      mediaId: 41,
      thumbUrl: '/media/gallery/2030-03/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb-t.webp',
      kind: 'colour',
      name: '애쉬 브라운',
      swatch: '#6b3e2e',
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useReservationStore.getState().reset();
});

describe('/reservation/check with a look from the simulation', () => {
  it('shows the photo, colour name and swatch, and sends the look with add_booking', async () => {
    const sent: FormData[] = [];
    stubEndpoints([
      on(getUserProfile, buildBookingProfile()),
      on(addBooking, (request: StubbedRequest) => {
        sent.push(request.form);
        return buildAddedBooking({ look });
      }),
      on(getUserBookingDetail, buildBookingDetailAnswer({ look })),
    ]);
    renderAt('/reservation/check', [
      { path: '/reservation/check', element: <BookingCheckScreen /> },
    ]);

    const row = await screen.findByTestId('booking-look');
    expect(within(row).getByText('원하는 스타일')).toBeTruthy();
    expect(within(row).getByTestId('booking-look-name').textContent).toBe('애쉬 브라운');
    const swatch = within(row).getByTestId('booking-look-swatch');
    expect(swatch.style.background).toMatch(/rgb\(107, 62, 46\)|#6b3e2e/);
    const photo = within(row).getByRole<HTMLImageElement>('img');
    expect(photo.getAttribute('src')).toBe(
      '/media/gallery/2030-03/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb-t.webp',
    );

    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('모두 동의합니다'));
    const reserve = screen.getByRole('button', { name: /예약하기/ });
    await waitFor(() => expect((reserve as HTMLButtonElement).disabled).toBe(false));
    await user.click(reserve);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.get('look_media_id')).toBe('41');
    expect(sent[0]!.get('look_kind')).toBe('colour');
    expect(sent[0]!.get('look_name')).toBe('애쉬 브라운');
    expect(sent[0]!.get('look_swatch')).toBe('#6b3e2e');
    // The booking is made: the draft, its look included, is over.
    await waitFor(() => expect(useReservationStore.getState().look).toBeNull());
  });

  it('books without the look once it is removed', async () => {
    const sent: FormData[] = [];
    stubEndpoints([
      on(getUserProfile, buildBookingProfile()),
      on(addBooking, (request: StubbedRequest) => {
        sent.push(request.form);
        return buildAddedBooking();
      }),
      on(getUserBookingDetail, buildBookingDetailAnswer()),
    ]);
    renderAt('/reservation/check', [
      { path: '/reservation/check', element: <BookingCheckScreen /> },
    ]);
    const user = userEvent.setup();
    const row = await screen.findByTestId('booking-look');
    await user.click(within(row).getByRole('button', { name: '빼기' }));
    expect(screen.queryByTestId('booking-look')).toBeNull();
    await user.click(await screen.findByLabelText('모두 동의합니다'));
    const reserve = screen.getByRole('button', { name: /예약하기/ });
    await waitFor(() => expect((reserve as HTMLButtonElement).disabled).toBe(false));
    await user.click(reserve);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.has('look_media_id')).toBe(false);
  });
});

describe('/reservation/check when the look’s photo was deleted meanwhile', () => {
  it('takes the look off and says so, keeping the rest of the draft for another try', async () => {
    stubEndpoints([
      on(getUserProfile, buildBookingProfile()),
      on(addBooking, () =>
        errorResponse('NOT_FOUND', 404, '', {
          fields: [{ field: 'look_media_id', resMessage: '찾을 수 없어요.' }],
        }),
      ),
    ]);
    const showToast = vi.fn();
    useCommonStore.setState({ showToast });
    renderAt('/reservation/check', [
      { path: '/reservation/check', element: <BookingCheckScreen /> },
    ]);
    const user = userEvent.setup();
    await screen.findByTestId('booking-look');
    await user.click(await screen.findByLabelText('모두 동의합니다'));
    const reserve = screen.getByRole('button', { name: /예약하기/ });
    await waitFor(() => expect((reserve as HTMLButtonElement).disabled).toBe(false));
    await user.click(reserve);
    await waitFor(() => expect(screen.queryByTestId('booking-look')).toBeNull());
    expect(showToast).toHaveBeenCalledWith(i18n.t('booking:look.gone'), {
      alternateColor: true,
    });
    expect(useReservationStore.getState()).toMatchObject({ shopID: 7, look: null });
  });
});

describe('/mypage/reservationdetail', () => {
  it('shows the look the booking was made with, from the booking’s own copy', async () => {
    stubEndpoints([on(getUserBookingDetail, buildBookingDetailAnswer({ look }))]);
    renderAt('/mypage/reservationdetail?id=91', [
      { path: '/mypage/reservationdetail', element: <BookingDetailScreen /> },
    ]);
    const row = await screen.findByTestId('booking-look');
    expect(within(row).getByTestId('booking-look-name').textContent).toBe('애쉬 브라운');
    expect(within(row).getByRole('img').getAttribute('src')).toBe(look.thumb_url);
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('shows no look row for a booking made without one', async () => {
    stubEndpoints([on(getUserBookingDetail, buildBookingDetailAnswer())]);
    renderAt('/mypage/reservationdetail?id=91', [
      { path: '/mypage/reservationdetail', element: <BookingDetailScreen /> },
    ]);
    expect(await screen.findByTestId('booking-number')).toBeTruthy();
    expect(screen.queryByTestId('booking-look')).toBeNull();
  });
});

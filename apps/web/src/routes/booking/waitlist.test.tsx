// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkHoliday,
  getBookingTime,
  getUserBookingList,
  getUserWaitlist,
  joinWaitlist,
  leaveWaitlist,
} from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { useReservationStore } from '../../lib/stores/reservation.store';
import { buildWaitlist, buildWaitlistEntry } from '../../testing/builders';
import { on, stubEndpoints, type StubbedRequest } from '../../testing/fetch-stub';
import { buildError, buildSuccess, jsonResponse } from '../../testing/responses';
import BookingHistoryScreen from '../mypage/booking-history';
import BookingFirstScreen from './booking-first';

const shop = {
  id: 7,
  name: '살롱 캐롤',
  time_zone: 'Asia/Seoul',
  currency: 'KRW' as const,
  slot_minutes: 30,
  is_booking_open: true,
  today: '2030-03-01',
  last_bookable_date: '2030-05-30',
};
const fullDay = ['10:00', '10:30', '11:00', '11:30', '12:00'].map((time) => ({
  time,
  available: false,
}));

const holidays = on(
  checkHoliday,
  buildSuccess(checkHoliday, { shop, day_off_weekdays: [], holiday_list: [] }),
);
const fullTimes = on(
  getBookingTime,
  buildSuccess(getBookingTime, {
    shop,
    date: '2030-03-04',
    duration_minutes: 60,
    booking_time_list: fullDay,
  }),
);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/reservation/first', element: <BookingFirstScreen /> },
      { path: '/mypage/reservation/:type', element: <BookingHistoryScreen /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
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
    selectedTime: null,
    selectedDesignerID: 3,
    selectedDesignerName: '이도윤',
    selectedMenuList: [
      { menuId: 11, name: '여성 커트', price: 30000, currency: 'KRW', durationMinutes: 60 },
    ],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a full day in the booking flow', () => {
  it('offers the waitlist for the designer and a window, and confirms', async () => {
    const sent: StubbedRequest[] = [];
    stubEndpoints([
      holidays,
      fullTimes,
      on(joinWaitlist, (request) => {
        sent.push(request);
        return buildSuccess(joinWaitlist, {
          entry: buildWaitlistEntry({ designer_id: 3, designer_name: '이도윤' }),
        });
      }),
    ]);
    renderAt('/reservation/first');
    const user = userEvent.setup();
    const offer = (await screen.findByRole('heading', { name: '빈자리 알림 받기' })).closest(
      'section',
    )!;
    expect(within(offer).getByRole('button', { name: '이도윤 디자이너만' })).toHaveProperty(
      'ariaPressed',
      'true',
    );
    await user.click(within(offer).getByRole('button', { name: '시간대 지정' }));
    const [from, to] = within(offer).getAllByRole('combobox');
    await user.selectOptions(from!, '11:00');
    await user.selectOptions(to!, '12:30');
    await user.click(within(offer).getByRole('button', { name: '빈자리 알림 신청' }));

    expect(await screen.findByText(/신청했습니다/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '빈자리 알림 보기' }).getAttribute('href')).toBe(
      '/mypage/reservation/done',
    );
    expect(Object.fromEntries(sent[0]!.form)).toMatchObject({
      shop_id: '7',
      date: '2030-03-04',
      designer_id: '3',
      time_from: '11:00',
      time_to: '12:30',
    });
  });

  it('shows the localized refusal when the member waits for too many dates', async () => {
    stubEndpoints([
      holidays,
      fullTimes,
      on(joinWaitlist, jsonResponse(buildError('WAITLIST_LIMIT'), 409)),
    ]);
    renderAt('/reservation/first');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '빈자리 알림 신청' }));
    expect((await screen.findByRole('alert')).textContent).toContain('최대 10건');
    expect(screen.queryByText(/신청했습니다/)).toBeNull();
  });

  it('does not offer the waitlist while a time is free', async () => {
    stubEndpoints([
      holidays,
      on(
        getBookingTime,
        buildSuccess(getBookingTime, {
          shop,
          date: '2030-03-04',
          duration_minutes: 60,
          booking_time_list: [...fullDay, { time: '12:30', available: true }],
        }),
      ),
    ]);
    renderAt('/reservation/first');
    await waitFor(() => expect(document.querySelector('[data-time="12:30"]')).not.toBeNull());
    expect(screen.queryByRole('heading', { name: '빈자리 알림 받기' })).toBeNull();
  });
});

describe('the waitlist beside the bookings', () => {
  it('lists the entries and leaves one', async () => {
    let entries = [
      buildWaitlistEntry({ entry_id: 1, time_from: '11:00', time_to: '13:00' }),
      buildWaitlistEntry({
        entry_id: 2,
        date: '2030-03-05',
        designer_id: 3,
        designer_name: '이도윤',
        status: 'notified',
      }),
    ];
    const left: string[] = [];
    stubEndpoints([
      on(getUserWaitlist, () => buildWaitlist({ waitlist: entries })),
      on(leaveWaitlist, (request) => {
        const id = request.form.get('entry_id') as string;
        left.push(id);
        entries = entries.filter((e) => String(e.entry_id) !== id);
        return buildSuccess(leaveWaitlist, { entry_id: Number(id) });
      }),
      on(
        getUserBookingList,
        buildSuccess(getUserBookingList, { booking_list: [], total: 0, page: 1, has_next: false }),
      ),
    ]);
    renderAt('/mypage/reservation/done');
    const user = userEvent.setup();
    expect(await screen.findByText('2 / 10건')).toBeTruthy();
    const notified = document.querySelector('[data-waitlist-entry="2"]') as HTMLElement;
    expect(within(notified).getByText('알림 보냄')).toBeTruthy();
    expect(within(notified).getByRole('link', { name: '예약하기' }).getAttribute('href')).toBe(
      '/reservation/first?shop_id=7&date=2030-03-05&designer_id=3',
    );
    const first = document.querySelector('[data-waitlist-entry="1"]') as HTMLElement;
    expect(within(first).getByText(/11:00–13:00/)).toBeTruthy();
    await user.click(within(first).getByRole('button', { name: '알림 취소' }));
    await waitFor(() => expect(document.querySelector('[data-waitlist-entry="1"]')).toBeNull());
    expect(left).toEqual(['1']);
    expect(screen.getByText('1 / 10건')).toBeTruthy();
  });
});

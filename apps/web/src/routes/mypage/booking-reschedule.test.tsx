// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  changeUserBooking,
  checkHoliday,
  getBookingStaffAndMenu,
  getBookingTime,
  getUserBookingDetail,
} from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { on, stubEndpoints, type StubbedRequest } from '../../testing/fetch-stub';
import {
  buildBookingDetail,
  buildBookingShop,
  buildBookingStaff,
  buildBookingTimes,
} from '../../testing/builders';
import { buildSuccess, errorResponse } from '../../testing/responses';
import BookingRescheduleScreen from './booking-reschedule';
import BookingDetailScreen from './booking-detail';

const patiently = { timeout: 10_000 };

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/mypage/reservationchange', element: <BookingRescheduleScreen /> },
      { path: '/mypage/reservationdetail', element: <BookingDetailScreen /> },
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

/** The salon's answers around a booking: two designers, 15:00 and 16:00 free on the 5th. */
function salonStubs(change: (request: StubbedRequest) => Response | Promise<Response> | object) {
  let detail = buildBookingDetail();
  const moves: FormData[] = [];
  const timeRequests: FormData[] = [];
  const fetchMock = stubEndpoints([
    on(getUserBookingDetail, () => buildSuccess(getUserBookingDetail, { detail })),
    on(
      checkHoliday,
      buildSuccess(checkHoliday, {
        shop: buildBookingShop(),
        day_off_weekdays: [],
        holiday_list: [],
      }),
    ),
    on(
      getBookingStaffAndMenu,
      buildSuccess(getBookingStaffAndMenu, {
        shop: buildBookingShop(),
        booking_staff_list: [
          buildBookingStaff(),
          buildBookingStaff({ id: 4, name: '이도윤', position: '실장' }),
        ],
        menu_list: [],
      }),
    ),
    on(getBookingTime, (request) => {
      timeRequests.push(request.form);
      return buildBookingTimes(request.form.get('date') as string, ['15:00', '16:00']);
    }),
    on(changeUserBooking, async (request) => {
      moves.push(request.form);
      const answer = await change(request);
      if (answer instanceof Response) return answer;
      detail = buildBookingDetail({
        designer_id: 4,
        designer_name: '이도윤',
        date: '2030-12-05',
        time: '15:00',
        rescheduled_at: '2030-11-28T03:00:00.000Z',
      });
      return buildSuccess(changeUserBooking, { detail, moved: true });
    }),
  ]);
  return { fetchMock, moves, timeRequests };
}

beforeEach(async () => {
  useCommonStore.setState({ language: 'ko', server: 'kr', loginID: 42, loginFlag: true });
  await i18n.changeLanguage('ko');
});
afterEach(() => vi.unstubAllGlobals());

async function pickNewTime(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /이도윤/ }, patiently));
  await user.click(document.querySelector<HTMLButtonElement>('button[data-date="2030-12-05"]')!);
  await waitFor(
    () => expect(document.querySelector('button[data-time="15:00"]:not(:disabled)')).toBeTruthy(),
    patiently,
  );
  await user.click(document.querySelector<HTMLButtonElement>('button[data-time="15:00"]')!);
  await user.click(screen.getByRole('button', { name: '변경 내용 확인' }));
}

describe('/mypage/reservationchange', { timeout: 30_000 }, () => {
  it('picks a designer, date and time, shows old → new, and lands on the detail with the same number', async () => {
    const { moves, timeRequests } = salonStubs(() => ({}));
    const user = userEvent.setup();
    const router = renderAt('/mypage/reservationchange?id=501');
    await pickNewTime(user);
    // The times are read for this move: its own current time is not counted as taken.
    expect(timeRequests.length).toBeGreaterThan(0);
    expect(timeRequests.every((form) => form.get('booking_id') === '501')).toBe(true);

    expect(screen.getByText('변경 전')).toBeTruthy();
    expect(screen.getByText('변경 후')).toBeTruthy();
    expect(screen.getByText('예약번호는 301204-ABCDEF(으)로 그대로입니다.')).toBeTruthy();
    expect(moves).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '이 시간으로 변경' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/mypage/reservationdetail'));
    expect(moves[0]?.get('booking_id')).toBe('501');
    expect(moves[0]?.get('designer_id')).toBe('4');
    expect(moves[0]?.get('date')).toBe('2030-12-05');
    expect(moves[0]?.get('time')).toBe('15:00');
    expect((await screen.findByTestId('booking-number', {}, patiently)).textContent).toBe(
      '301204-ABCDEF',
    );
    expect(screen.getByText('15:00')).toBeTruthy();
    expect(screen.getByText('이도윤')).toBeTruthy();
  });

  it('says the time was taken meanwhile, keeps the booking and asks for another time', async () => {
    salonStubs(() => errorResponse('RESERVATION_UNAVAILABLE'));
    const user = userEvent.setup();
    const router = renderAt('/mypage/reservationchange?id=501');
    await pickNewTime(user);
    await user.click(screen.getByRole('button', { name: '이 시간으로 변경' }));
    expect(
      await screen.findByText(
        '방금 다른 분이 그 시간을 예약했습니다. 기존 예약은 그대로이니 다른 시간을 선택해 주세요.',
        {},
        patiently,
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mypage/reservationchange');
    // Back on the picking step with no time chosen: Next waits for a new one.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '변경 내용 확인' }).disabled).toBe(
      true,
    );
  });

  it('says when it is past the salon’s cut-off', async () => {
    salonStubs(() => errorResponse('RESCHEDULE_PAST_CUTOFF'));
    const user = userEvent.setup();
    renderAt('/mypage/reservationchange?id=501');
    await pickNewTime(user);
    await user.click(screen.getByRole('button', { name: '이 시간으로 변경' }));
    expect(
      await screen.findByText(
        '예약 시작이 가까워 변경할 수 없습니다. 기존 예약은 그대로이며, 매장에 문의해 주세요.',
        {},
        patiently,
      ),
    ).toBeTruthy();
  });

  it('offers 예약 변경 on the detail only while the booking can be moved', async () => {
    stubEndpoints([
      on(
        getUserBookingDetail,
        buildSuccess(getUserBookingDetail, { detail: buildBookingDetail() }),
      ),
    ]);
    renderAt('/mypage/reservationdetail?id=501');
    const link = await screen.findByRole('link', { name: '예약 변경' }, patiently);
    expect(link.getAttribute('href')).toBe('/mypage/reservationchange?id=501');
  });

  it('explains the cut-off on the detail instead of the button once it has passed', async () => {
    stubEndpoints([
      on(
        getUserBookingDetail,
        buildSuccess(getUserBookingDetail, {
          detail: buildBookingDetail({ can_reschedule: false }),
        }),
      ),
    ]);
    renderAt('/mypage/reservationdetail?id=501');
    expect(
      await screen.findByText(
        '예약 시작 60분 전부터는 변경할 수 없습니다. 매장에 문의해 주세요.',
        {},
        patiently,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: '예약 변경' })).toBeNull();
  });
});

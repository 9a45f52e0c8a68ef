// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUserProfile } from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { useReservationStore } from '../../lib/stores/reservation.store';
import { on, stubEndpoints } from '../../testing/fetch-stub';
import { buildSuccess, errorResponse, jsonResponse } from '../../testing/responses';
import BookingCheckScreen from './booking-check';

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
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('/reservation/check before the member profile is in', () => {
  it('waits with Reserve instead of asking for a name that fills in a moment later', async () => {
    let answerProfile: (res: Response) => void = () => undefined;
    stubEndpoints(
      [on(getUserProfile, () => new Promise<Response>((resolve) => (answerProfile = resolve)))],
      { otherwise: () => errorResponse('NOT_FOUND') },
    );
    const router = createMemoryRouter(
      [
        { path: '/reservation/check', element: <BookingCheckScreen /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: ['/reservation/check'] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('모두 동의합니다'));
    const reserve = screen.getByRole('button', { name: /예약하기/ });
    expect((reserve as HTMLButtonElement).disabled).toBe(true);
    await user.click(reserve);
    expect(screen.queryByText('이름을 입력해 주세요.')).toBeNull();

    answerProfile(
      jsonResponse(
        buildSuccess(getUserProfile, {
          user: {
            family_name: '박',
            given_name: '서연',
            name: '박서연',
            phone: '010-7300-4411',
            phone_verified: true,
            email: null,
          },
        }),
      ),
    );
    await waitFor(() => expect((reserve as HTMLButtonElement).disabled).toBe(false));
    const nameInput = document.querySelector<HTMLInputElement>('input[name="booker_name"]');
    expect(nameInput?.value).toBe('박서연');
    expect(screen.queryByText('이름을 입력해 주세요.')).toBeNull();
  });
});

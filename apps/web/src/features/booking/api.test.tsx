import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { addBooking, type Booking } from '@carol/contracts';
import { createQueryClient } from '../../lib/api/query-client';
import { useCommonStore } from '../../lib/stores/common.store';
import { useReservationStore } from '../../lib/stores/reservation.store';
import { on, stubEndpoints } from '../../testing/fetch-stub';
import { buildSuccess, errorResponse, type SuccessBodyOf } from '../../testing/responses';
import { useAddBooking, type AddBookingInput } from './api';

const input: AddBookingInput = {
  shop_id: 7,
  designer_id: 3,
  date: '2030-03-04',
  time: '14:00',
  menu_ids: [11],
  booker_name: '김하늘',
  booker_phone: '010-1234-5678',
  payment_method: 'on_site',
  agree_personal_info: true,
  agree_third_party: true,
};

const booking: Booking = {
  booking_id: 91,
  booking_number: 'C2603-0091',
  status: 'reserved',
  shop_id: 7,
  shop_name: 'Salon',
  time_zone: 'Asia/Seoul',
  designer_id: 3,
  designer_name: 'Minji',
  date: '2030-03-04',
  time: '14:00',
  end_time: '15:00',
  starts_at: '2030-03-04T05:00:00.000Z',
  ends_at: '2030-03-04T06:00:00.000Z',
  items: [{ menu_id: 11, name: 'Cut', price: 30000, duration_minutes: 60 }],
  total_price: 30000,
  currency: 'KRW',
  booker_name: '김하늘',
  booker_phone: '010-1234-5678',
  request_note: null,
  payment_method: 'on_site',
  created_at: '2030-03-01T00:00:00.000Z',
  look: null,
};

type Answer = () => SuccessBodyOf<typeof addBooking> | Response | Promise<Response>;

/** Answers add_booking with `answers` in turn (the last one repeats); returns every call's idempotency_key, in order. */
function stubFetch(answers: Answer[]) {
  const keys: string[] = [];
  let call = 0;
  stubEndpoints(
    [
      on(addBooking, () => {
        const answer = answers[Math.min(call, answers.length - 1)]!;
        call += 1;
        return answer();
      }),
    ],
    { onRequest: ({ form }) => keys.push(form.get('idempotency_key') as string) },
  );
  return keys;
}

function wrapper({ children }: { children: ReactNode }) {
  const client = createQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  useCommonStore.setState({ language: 'ko', server: 'kr' });
  useReservationStore.getState().reset();
});

afterEach(() => {
  window.sessionStorage.clear();
});

describe('add_booking idempotency key', () => {
  it('resends the same key when the first try gets no answer, and ends the attempt on success', async () => {
    const keys = stubFetch([
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => buildSuccess(addBooking, { booking, replayed: true }),
    ]);
    const { result } = renderHook(() => useAddBooking(), { wrapper });
    act(() => result.current.mutate(input));
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 5000 });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(useReservationStore.getState().idempotencyKey).toBeNull();
  });

  it('keeps the key for a tap on Reserve after a failure, and drops it after a clash', async () => {
    const keys = stubFetch([
      () => errorResponse('REQUEST_FAILED', 500, 'x'),
      () => errorResponse('RESERVATION_UNAVAILABLE', 409, 'taken'),
      () => buildSuccess(addBooking, { booking, replayed: false }),
    ]);
    const { result } = renderHook(() => useAddBooking(), { wrapper });
    act(() => result.current.mutate(input));
    await waitFor(() => expect(result.current.isError).toBe(true));
    // The same attempt, tapped again (a server error may still have booked): same key.
    act(() => result.current.mutate(input));
    await waitFor(() => expect(result.current.error?.message).toBe('taken'));
    expect(keys[1]).toBe(keys[0]);
    expect(useReservationStore.getState().idempotencyKey).toBeNull();
    // After the clash the member picks again: a new attempt, a new key.
    act(() => result.current.mutate({ ...input, time: '15:00' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(keys[2]).not.toBe(keys[0]);
  });
});

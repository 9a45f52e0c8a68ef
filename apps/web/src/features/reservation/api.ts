import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  keepPreviousData,
} from '@tanstack/react-query';
import {
  addBooking,
  addReview,
  bookingIcsPath,
  cancelUserBooking,
  checkHoliday,
  deleteUserBooking,
  getBookingStaffAndMenu,
  getBookingTime,
  getUserBookingDetail,
  getUserBookingList,
  getUserProfile,
  setUserBookingStatus,
  type BookingHistoryTab,
  type RequestOf,
  type ResponseOf,
} from '@carol/contracts';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { baseUrls } from '../../lib/api/config';
import { memberKeys } from '../../lib/api/query-client';
import { useCommonStore } from '../../lib/stores/common.store';
import { useReservationStore } from '../../lib/stores/reservation.store';

export const HISTORY_PAGE_SIZE = 10;

/**
 * Under 'member': dropped with the rest of the member's data at logout (lib/session.ts).
 * Availability is short-lived (staleTime below): another member may take a slot any moment.
 */
export const reservationKeys = {
  all: [...memberKeys.all, 'reservation'] as const,
  availability: [...memberKeys.all, 'reservation', 'availability'] as const,
  holidays: (shopId: number, designerId: number | null) =>
    [...reservationKeys.availability, 'holidays', shopId, designerId] as const,
  times: (shopId: number, date: string, designerId: number | null, menuIds: readonly number[]) =>
    [...reservationKeys.availability, 'times', shopId, date, designerId, menuIds] as const,
  staffAndMenu: (shopId: number, date: string | null, time: string | null, menuIds: number[]) =>
    [...reservationKeys.availability, 'staff', shopId, date, time, menuIds] as const,
  profile: [...memberKeys.all, 'reservation', 'profile'] as const,
  history: [...memberKeys.all, 'reservation', 'history'] as const,
  historyList: (type: BookingHistoryTab) =>
    [...memberKeys.all, 'reservation', 'history', 'list', type] as const,
  detail: (bookingId: number) =>
    [...memberKeys.all, 'reservation', 'history', 'detail', bookingId] as const,
};

const AVAILABILITY_STALE_MS = 15_000;

export function isShopClosedError(error: unknown): boolean {
  return isApiError(error) && error.resCode === 'SHOP_NOT_TAKING_RESERVATIONS';
}

export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && error.resCode === 'NOT_FOUND';
}

/** Closed dates (shop holidays and weekly days off) from today to the last bookable date. */
export function useHolidays(shopId: number | null, designerId: number | null = null) {
  return useQuery({
    queryKey: reservationKeys.holidays(shopId ?? 0, designerId),
    enabled: shopId !== null,
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      callEndpoint(
        checkHoliday,
        { shop_id: shopId ?? 0, ...(designerId !== null ? { designer_id: designerId } : {}) },
        { signal },
      ),
  });
}

/** The day's times; exact for a designer and treatments once they are chosen (spec 5). */
export function useBookingTimes(
  shopId: number | null,
  date: string | null,
  designerId: number | null,
  menuIds: readonly number[],
) {
  return useQuery({
    queryKey: reservationKeys.times(shopId ?? 0, date ?? '', designerId, menuIds),
    enabled: shopId !== null && date !== null,
    staleTime: AVAILABILITY_STALE_MS,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callEndpoint(
        getBookingTime,
        {
          shop_id: shopId ?? 0,
          date: date ?? '',
          ...(designerId !== null ? { designer_id: designerId } : {}),
          ...(menuIds.length > 0 ? { menu_ids: [...menuIds] } : {}),
        },
        { signal },
      ),
  });
}

export function useStaffAndMenu(
  shopId: number | null,
  date: string | null,
  time: string | null,
  menuIds: number[],
) {
  return useQuery({
    queryKey: reservationKeys.staffAndMenu(shopId ?? 0, date, time, menuIds),
    enabled: shopId !== null,
    staleTime: AVAILABILITY_STALE_MS,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callEndpoint(
        getBookingStaffAndMenu,
        {
          shop_id: shopId ?? 0,
          ...(date && time ? { date, time } : {}),
          ...(menuIds.length > 0 ? { menu_ids: menuIds } : {}),
        },
        { signal },
      ),
  });
}

export function useBookingProfile() {
  return useQuery({
    queryKey: reservationKeys.profile,
    staleTime: 10_000,
    queryFn: ({ signal }) => callEndpoint(getUserProfile, {}, { signal }),
    select: (answer) => answer.user,
  });
}

export type AddBookingInput = Omit<RequestOf<typeof addBooking>, 'idempotency_key'>;
export type BookingResult = ResponseOf<typeof addBooking>['booking'];

function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Answers that settle the attempt: the same key can never book anything else after them. */
const settlingCodes = new Set(['RESERVATION_UNAVAILABLE', 'SHOP_NOT_TAKING_RESERVATIONS']);

/**
 * add_booking with an idempotency key made once per submission attempt: a retry after a
 * network failure, a timeout, a double tap or even a reload (the key is kept with the draft)
 * sends the SAME key, so the server answers with the booking it already made instead of making
 * a second one. A clash (the slot went to someone else) ends the attempt: the next submission,
 * for a new time, gets a new key.
 */
export function useAddBooking() {
  const queryClient = useQueryClient();
  const attemptKey = () => {
    const store = useReservationStore.getState();
    if (store.idempotencyKey) return store.idempotencyKey;
    const key = newIdempotencyKey();
    store.patch({ idempotencyKey: key });
    return key;
  };
  const endAttempt = () => useReservationStore.getState().patch({ idempotencyKey: null });
  return useMutation({
    mutationFn: (input: AddBookingInput) =>
      callEndpoint(addBooking, { ...input, idempotency_key: attemptKey() }),
    // Safe to resend only because the key makes it idempotent.
    retry: (count, error) =>
      count < 2 &&
      isApiError(error) &&
      (error.resCode === 'NETWORK_ERROR' || error.resCode === 'TIMEOUT_EXCEEDED'),
    onSuccess: endAttempt,
    onError: (error) => {
      if (isApiError(error) && settlingCodes.has(error.resCode)) endAttempt();
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reservationKeys.availability }),
        queryClient.invalidateQueries({ queryKey: reservationKeys.history }),
      ]),
  });
}

/** Route values of /mypage/reservation/{type} (spec's tab names) onto the API's tabs. */
export const historyTabOf: Record<string, BookingHistoryTab> = {
  done: 'reserved',
  reserved: 'reserved',
  cancel: 'cancelled',
  cancelled: 'cancelled',
  visit: 'visited',
  visited: 'visited',
};
export const historyRouteTabs = ['done', 'cancel', 'visit'] as const;
export type HistoryRouteTab = (typeof historyRouteTabs)[number];

export function useBookingHistory(type: BookingHistoryTab) {
  const server = useCommonStore((s) => s.server);
  return useInfiniteQuery({
    queryKey: [...reservationKeys.historyList(type), server],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getUserBookingList,
        { type, page: pageParam, page_size: HISTORY_PAGE_SIZE },
        { signal },
      ),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
  });
}

export type BookingDetailData = ResponseOf<typeof getUserBookingDetail>['detail'];

export function useBookingDetail(bookingId: number | null) {
  return useQuery({
    queryKey: reservationKeys.detail(bookingId ?? 0),
    enabled: bookingId !== null,
    queryFn: ({ signal }) =>
      callEndpoint(getUserBookingDetail, { booking_id: bookingId ?? 0 }, { signal }),
    select: (answer) => answer.detail,
    retry: (count, error) => count < 1 && !isNotFoundError(error),
  });
}

/** Cancel / mark visited: the answer is the new detail; the lists are refetched. */
export function useBookingAction(bookingId: number, action: 'cancel' | 'visited') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      action === 'cancel'
        ? callEndpoint(cancelUserBooking, { booking_id: bookingId })
        : callEndpoint(setUserBookingStatus, { booking_id: bookingId, status: 'visited' }),
    onSuccess: (answer) => {
      queryClient.setQueryData(reservationKeys.detail(bookingId), answer);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reservationKeys.history }),
        queryClient.invalidateQueries({ queryKey: reservationKeys.availability }),
      ]),
  });
}

export function useDeleteBooking(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(deleteUserBooking, { booking_id: bookingId }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: reservationKeys.detail(bookingId) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationKeys.history }),
  });
}

export function useAddReview(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; body: string; photos: File[] }) =>
      callEndpoint(addReview, { booking_id: bookingId, ...input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reservationKeys.history }),
        // The salon's rating and review list change with it.
        queryClient.invalidateQueries({ queryKey: ['reviews'] }),
      ]),
  });
}

/** The .ics download: a plain GET link with the session cookie. */
export function bookingIcsUrl(bookingId: number): string {
  return `${baseUrls.shop}${bookingIcsPath}?booking_id=${bookingId}`;
}

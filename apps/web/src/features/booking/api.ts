import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  keepPreviousData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  addBooking,
  addReview,
  bookingIcsPath,
  cancelUserBooking,
  changeUserBooking,
  checkHoliday,
  deleteUserBooking,
  getBookingStaffAndMenu,
  getBookingTime,
  getUserBookingDetail,
  getUserBookingList,
  getUserProfile,
  getUserWaitlist,
  joinWaitlist,
  leaveWaitlist,
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
export const bookingKeys = {
  all: [...memberKeys.all, 'reservation'] as const,
  availability: [...memberKeys.all, 'reservation', 'availability'] as const,
  holidays: (shopId: number, designerId: number | null) =>
    [...bookingKeys.availability, 'holidays', shopId, designerId] as const,
  times: (
    shopId: number,
    date: string,
    designerId: number | null,
    menuIds: readonly number[],
    movingBookingId: number | null = null,
  ) =>
    [
      ...bookingKeys.availability,
      'times',
      shopId,
      date,
      designerId,
      menuIds,
      ...(movingBookingId === null ? [] : [{ moving: movingBookingId }]),
    ] as const,
  staffAndMenu: (shopId: number, date: string | null, time: string | null, menuIds: number[]) =>
    [...bookingKeys.availability, 'staff', shopId, date, time, menuIds] as const,
  profile: [...memberKeys.all, 'reservation', 'profile'] as const,
  history: [...memberKeys.all, 'reservation', 'history'] as const,
  historyList: (type: BookingHistoryTab) =>
    [...memberKeys.all, 'reservation', 'history', 'list', type] as const,
  detail: (bookingId: number) =>
    [...memberKeys.all, 'reservation', 'history', 'detail', bookingId] as const,
  waitlist: [...memberKeys.all, 'reservation', 'waitlist'] as const,
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
    queryKey: bookingKeys.holidays(shopId ?? 0, designerId),
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

/**
 * The day's times; exact for a designer and treatments once they are chosen (spec 5). With
 * `movingBookingId` (reschedule, ADR 057) that booking's own time does not count as taken.
 */
export function useBookingTimes(
  shopId: number | null,
  date: string | null,
  designerId: number | null,
  menuIds: readonly number[],
  movingBookingId: number | null = null,
) {
  return useQuery({
    queryKey: bookingKeys.times(shopId ?? 0, date ?? '', designerId, menuIds, movingBookingId),
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
          ...(movingBookingId !== null ? { booking_id: movingBookingId } : {}),
        },
        { signal },
      ),
  });
}

/**
 * The chosen time checked again for the chosen designer and treatments, read fresh (staleTime 0)
 * through the screen's query client so the cache holds the answer too.
 */
export function fetchFreshBookingTimes(
  queryClient: QueryClient,
  shopId: number,
  date: string,
  designerId: number | null,
  menuIds: number[],
) {
  return queryClient.fetchQuery({
    queryKey: bookingKeys.times(shopId, date, designerId, menuIds),
    queryFn: ({ signal }) =>
      callEndpoint(
        getBookingTime,
        { shop_id: shopId, date, designer_id: designerId ?? 0, menu_ids: menuIds },
        { signal },
      ),
    staleTime: 0,
  });
}

export function useStaffAndMenu(
  shopId: number | null,
  date: string | null,
  time: string | null,
  menuIds: number[],
) {
  return useQuery({
    queryKey: bookingKeys.staffAndMenu(shopId ?? 0, date, time, menuIds),
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
    queryKey: bookingKeys.profile,
    staleTime: 10_000,
    queryFn: ({ signal }) => callEndpoint(getUserProfile, {}, { signal }),
    select: (answer) => answer.user,
  });
}

export type AddBookingInput = Omit<RequestOf<typeof addBooking>, 'idempotency_key'>;

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
        queryClient.invalidateQueries({ queryKey: bookingKeys.availability }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.history }),
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
    queryKey: [...bookingKeys.historyList(type), server],
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
    queryKey: bookingKeys.detail(bookingId ?? 0),
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
      queryClient.setQueryData(bookingKeys.detail(bookingId), answer);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.history }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.availability }),
      ]),
  });
}

/**
 * Moves the booking to another time (same id and number). On success the detail shows the new
 * time; either way the times are read again (a taken slot must not stay offered).
 */
export function useRescheduleBooking(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: { designer_id: number; date: string; time: string }) =>
      callEndpoint(changeUserBooking, { booking_id: bookingId, ...target }),
    onSuccess: (answer) => {
      queryClient.setQueryData(bookingKeys.detail(bookingId), { detail: answer.detail });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.history }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.availability }),
      ]),
  });
}

export function isRescheduleRefusal(error: unknown): 'taken' | 'pastCutoff' | 'notAllowed' | null {
  if (!isApiError(error)) return null;
  if (error.resCode === 'RESERVATION_UNAVAILABLE') return 'taken';
  if (error.resCode === 'RESCHEDULE_PAST_CUTOFF') return 'pastCutoff';
  if (error.resCode.startsWith('BOOKING_ALREADY')) return 'notAllowed';
  return null;
}

export function useDeleteBooking(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(deleteUserBooking, { booking_id: bookingId }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: bookingKeys.detail(bookingId) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.history }),
  });
}

export function useAddReview(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; body: string; photos: File[] }) =>
      callEndpoint(addReview, { booking_id: bookingId, ...input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.history }),
        // The salon's rating and review list change with it.
        queryClient.invalidateQueries({ queryKey: ['reviews'] }),
      ]),
  });
}

/** The .ics download: a plain GET link with the session cookie. */
export function bookingIcsUrl(bookingId: number): string {
  return `${baseUrls.shop}${bookingIcsPath}?booking_id=${bookingId}`;
}

// --- the waitlist (ADR 058) ---------------------------------------------------------------------

export type WaitlistEntry = ResponseOf<typeof getUserWaitlist>['waitlist'][number];

/** The member's waitlist entries whose date has not passed. */
export function useWaitlist() {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: [...bookingKeys.waitlist, server],
    queryFn: ({ signal }) => callEndpoint(getUserWaitlist, {}, { signal }),
  });
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof joinWaitlist>) => callEndpoint(joinWaitlist, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.waitlist }),
  });
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => callEndpoint(leaveWaitlist, { entry_id: entryId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.waitlist }),
  });
}

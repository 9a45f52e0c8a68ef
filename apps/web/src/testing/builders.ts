import {
  activateRegistration,
  addBooking,
  getBookingTime,
  getUserBookingDetail,
  getUserInfo,
  getUserProfile,
  getUserWaitlist,
  userCheck,
  type BookingDetail,
  type BookingShop,
  type BookingStaff,
  type ResponseOf,
} from '@carol/contracts';
import { buildSuccess, responseBuilder } from './responses';

/**
 * Named builders for the answers many tests need. Each starts from a complete, valid payload;
 * pass only the fields the test is about. Endpoints one test needs use `buildSuccess` inline.
 */

/** A signed-in member, as every sign-in answers (login, activation, phone PIN). */
export const buildSignedIn = responseBuilder(activateRegistration, {
  user_id: 42,
  email: 'minji@example.com',
  family_name: 'Kim',
  given_name: 'Minji',
  language: 'ko',
  server: 'kr',
});

/** user_check's answer: the session's member still exists. */
export const buildUserCheck = responseBuilder(userCheck, { user_exists: true });

type UserInfo = ResponseOf<typeof getUserInfo>['user'];

/** get_user_info's answer for a member who signed up by e-mail and verified a phone. */
export function buildUserInfo(user: Partial<UserInfo> = {}) {
  return buildSuccess(getUserInfo, {
    user: {
      email: 'minji@example.com',
      family_name: 'Kim',
      given_name: 'Minji',
      phone: '010-****-5678',
      phone_verified: true,
      has_password: true,
      language: 'ko',
      server: 'kr',
      joined_via: 'app',
      identities: [],
      ...user,
    },
  });
}

type WaitlistEntry = ResponseOf<typeof getUserWaitlist>['waitlist'][number];

/** One waitlist entry as get_user_waitlist lists it: waiting for any designer, all day. */
export function buildWaitlistEntry(entry: Partial<WaitlistEntry> = {}): WaitlistEntry {
  return {
    entry_id: 1,
    shop_id: 7,
    shop_name: '살롱 캐롤',
    date: '2030-03-04',
    designer_id: null,
    designer_name: null,
    time_from: null,
    time_to: null,
    status: 'waiting',
    created_at: '2030-03-01T01:00:00.000Z',
    notified_at: null,
    ...entry,
  };
}

/** get_user_waitlist's answer. */
export const buildWaitlist = responseBuilder(getUserWaitlist, { waitlist: [], limit: 10 });
/** get_user_profile's answer: the booker name and a verified phone. */
export const buildBookingProfile = responseBuilder(getUserProfile, {
  user: {
    family_name: '박',
    given_name: '서연',
    name: '박서연',
    phone: '010-7300-4411',
    phone_verified: true,
    email: null,
  },
});

type BookingData = ResponseOf<typeof addBooking>['booking'];

const booking: BookingData = {
  booking_id: 91,
  booking_number: 'C3003-0091',
  status: 'reserved',
  shop_id: 7,
  shop_name: '살롱 캐롤',
  time_zone: 'Asia/Seoul',
  designer_id: 3,
  designer_name: '이도윤',
  date: '2030-03-04',
  time: '14:00',
  end_time: '15:00',
  starts_at: '2030-03-04T05:00:00.000Z',
  ends_at: '2030-03-04T06:00:00.000Z',
  items: [{ menu_id: 11, name: '여성 커트', price: 30000, duration_minutes: 60 }],
  total_price: 30000,
  currency: 'KRW',
  booker_name: '박서연',
  booker_phone: '010-7300-4411',
  request_note: null,
  payment_method: 'on_site',
  created_at: '2030-03-01T00:00:00.000Z',
  look: null,
};

/** add_booking's answer: a new booking (no look unless given). */
export function buildAddedBooking(overrides: Partial<BookingData> = {}) {
  return buildSuccess(addBooking, { booking: { ...booking, ...overrides }, replayed: false });
}

type BookingDetailData = ResponseOf<typeof getUserBookingDetail>['detail'];

/** get_user_booking_detail's answer: the add_booking booking above, reserved and not started. */
export function buildBookingDetailAnswer(overrides: Partial<BookingDetailData> = {}) {
  const { items, end_time: _end, request_note, created_at, look, ...rest } = booking;
  return buildSuccess(getUserBookingDetail, {
    detail: {
      ...rest,
      menu_names: items.map((i) => i.name),
      cancelled_by: null,
      cancel_origin: null,
      reviewable: false,
      reviewed: false,
      shop_address: '서울 강남구 테헤란로 1',
      shop_phone: '02-555-0100',
      duration_minutes: 60,
      menu_items: items,
      request_note,
      created_at,
      cancelled_at: null,
      visited_at: null,
      can_cancel: true,
      can_mark_visited: false,
      can_delete: false,
      can_reschedule: true,
      reschedule_until: '2030-03-04T04:00:00.000Z',
      rescheduled_at: null,
      review: null,
      look,
      ...overrides,
    },
  });
}

/** A member's reserved booking a week ahead in Seoul that can still be cancelled and moved. */
export function buildBookingDetail(detail: Partial<BookingDetail> = {}): BookingDetail {
  return {
    booking_id: 501,
    booking_number: '301204-ABCDEF',
    status: 'reserved',
    shop_id: 7,
    shop_name: '헤어샵 라온',
    designer_id: 3,
    designer_name: '박보니',
    starts_at: '2030-12-04T02:00:00.000Z',
    ends_at: '2030-12-04T03:00:00.000Z',
    date: '2030-12-04',
    time: '11:00',
    time_zone: 'Asia/Seoul',
    menu_names: ['여성 커트'],
    total_price: 30000,
    currency: 'KRW',
    cancelled_by: null,
    cancel_origin: null,
    reviewable: false,
    reviewed: false,
    shop_address: '서울특별시 강남구 테헤란로 1',
    shop_phone: '02-123-4567',
    duration_minutes: 60,
    menu_items: [{ menu_id: 11, name: '여성 커트', price: 30000, duration_minutes: 60 }],
    booker_name: '김하늘',
    booker_phone: '010-1234-5678',
    request_note: null,
    payment_method: 'on_site',
    created_at: '2030-11-20T01:00:00.000Z',
    cancelled_at: null,
    visited_at: null,
    can_cancel: true,
    can_mark_visited: false,
    can_delete: false,
    can_reschedule: true,
    reschedule_until: '2030-12-04T01:00:00.000Z',
    rescheduled_at: null,
    review: null,
    look: null,
    ...detail,
  };
}

/** The booking facts of a Seoul salon whose "today" is well before the default booking. */
export function buildBookingShop(shop: Partial<BookingShop> = {}): BookingShop {
  return {
    id: 7,
    name: '헤어샵 라온',
    time_zone: 'Asia/Seoul',
    currency: 'KRW',
    slot_minutes: 30,
    is_booking_open: true,
    today: '2030-11-28',
    last_bookable_date: '2031-02-26',
    ...shop,
  };
}

/** A designer as the booking flow lists them. */
export function buildBookingStaff(staff: Partial<BookingStaff> = {}): BookingStaff {
  return {
    id: 3,
    name: '박보니',
    position: '원장',
    profile_image_url: null,
    rating_avg: 4.8,
    review_count: 12,
    available: null,
    ...staff,
  };
}

/** get_booking_time's answer for one day: `free` times available, the rest of 10:00–18:00 not. */
export function buildBookingTimes(date: string, free: readonly string[]) {
  const times: string[] = [];
  for (let m = 600; m < 1080; m += 30) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${m % 60 === 0 ? '00' : '30'}`);
  }
  return buildSuccess(getBookingTime, {
    shop: buildBookingShop(),
    date,
    duration_minutes: 60,
    booking_time_list: times.map((time) => ({ time, available: free.includes(time) })),
  });
}

/**
 * Every route of the web app (apps/web/src/app/routes.tsx) as the layout guard visits it
 * (layout-guard.spec.ts): the concrete URLs, who visits (signed out, signed in), the screen's
 * primary action and the steps of multi-step screens. Plain data: apps/web's
 * layout-guard-routes.test.ts fails when a route of the route table is missing here.
 */
import type { Catalog } from '@carol/i18n';
import type { E2eLayoutMarket } from '../fixtures/layout.js';

export type GuardLanguage = 'ko' | 'ja' | 'en';

/** What a visit knows: the language, the market and the seed's picks in that market. */
export interface GuardContext {
  language: GuardLanguage;
  server: 'kr' | 'jp';
  market: E2eLayoutMarket;
  /** A reservation of the signed-in member (signed-in visits only). */
  bookingId: number;
  /** The salon the records member is linked with (fixtures/records.ts; `member: 'records'`). */
  recordsShopId: number;
  catalog: Catalog;
}

/** The screen's primary action: a button or link by its visible name, or a CSS selector. */
export type GuardPrimary =
  { role: 'button' | 'link'; name: (c: Catalog) => string } | { selector: string };

/** Multi-step screens: what a person does before the screen is judged (layout-guard.spec.ts). */
export type GuardStep =
  /** Step 1 of booking: a date and a free time chosen. */
  | 'pickDateAndTime'
  /** Steps 1 and 2 done: on step 2 (designer and treatments). */
  | 'toBookingSecond'
  /** Steps 1–2 done with a designer and a treatment: on the check step. */
  | 'toBookingCheck'
  /** A long keyword typed into the search field and searched. */
  | 'typeKeyword';

export interface GuardVisit {
  /** A name for reports and test titles. */
  label: string;
  url: (c: GuardContext) => string;
  step?: GuardStep;
  primary?: GuardPrimary;
}

export interface GuardRoute {
  /** The full pattern as the route table spells it. */
  pattern: string;
  /** Signed out, signed in, or both (routes of `auth: 'any'`). */
  who: ReadonlyArray<'out' | 'in'>;
  /** A redirect-only route: nothing of its own to lay out (the target is guarded). */
  redirect?: true;
  /**
   * Signed in as the records fixture's member (member.json: linked with a salon that has visits,
   * photos, a video and notices of every type) instead of the my-page fixture's members.
   */
  member?: 'records';
  visits: GuardVisit[];
}

const both = ['out', 'in'] as const;
const signedIn = ['in'] as const;
const signedOut = ['out'] as const;

const submit: GuardPrimary = { selector: 'main form button[type="submit"]' };
const historyDates: GuardPrimary = { selector: '[data-testid="history-date-filter"]' };
const searchButton: GuardPrimary = { role: 'button', name: (c) => c.search.search.submit };

/** A long keyword in each script: the chip of recent keywords must not widen the page. */
export const guardKeyword: Record<GuardLanguage, string> = {
  ko: '강남역 헤어살롱 디자이너 레이어드컷 예약',
  ja: '表参道 ヘアサロン スタイリスト レイヤーカット 予約',
  en: 'Omotesando hair salon stylist layered cut booking',
};

const one = (label: string, url: string, primary?: GuardPrimary): GuardVisit[] => [
  { label, url: () => url, ...(primary ? { primary } : {}) },
];

export const guardRoutes: GuardRoute[] = [
  { pattern: '/', who: both, visits: one('home', '/') },

  // Login and registration (public-only: a member is sent away from them).
  { pattern: '/login', who: signedOut, visits: one('login', '/login', submit) },
  {
    pattern: '/login/registeruser',
    who: signedOut,
    visits: one('register', '/login/registeruser', submit),
  },
  {
    pattern: '/login/registeruserbyemail/:email',
    who: signedOut,
    visits: one('register mail sent', '/login/registeruserbyemail/hanako.teshigawara%40example.jp'),
  },
  {
    pattern: '/login/registeruserafteremail/:token',
    who: signedOut,
    visits: one('register activate', '/login/registeruserafteremail/not-a-real-token'),
  },
  {
    pattern: '/login/phonelogin',
    who: signedOut,
    visits: one('phone login', '/login/phonelogin', submit),
  },
  {
    pattern: '/login/findpassword',
    who: signedOut,
    visits: one('find password', '/login/findpassword', submit),
  },
  {
    pattern: '/login/resetpassword/:email',
    who: signedOut,
    visits: one('reset mail sent', '/login/resetpassword/hanako.teshigawara%40example.jp'),
  },
  {
    pattern: '/login/findpasswordafteremail/:token',
    who: signedOut,
    visits: one('new password', '/login/findpasswordafteremail/not-a-real-token'),
  },
  {
    pattern: '/login/findpasswordafter',
    who: signedOut,
    visits: one('password reset done', '/login/findpasswordafter'),
  },
  { pattern: '/login/action', who: both, visits: one('login action', '/login/action') },
  { pattern: '/login/agreement', who: signedOut, visits: one('agreement', '/login/agreement') },
  { pattern: '/login/welcome', who: signedIn, visits: one('welcome', '/login/welcome') },

  // Style book
  { pattern: '/stylebook', who: both, redirect: true, visits: [] },
  {
    pattern: '/stylebook/style/:gender/:type/:style/:substyle',
    who: both,
    visits: [
      { label: 'style book', url: () => '/stylebook/style/w/-1/0/0' },
      {
        // The photo sheet open on the photo with the longest credit line.
        label: 'style photo sheet',
        url: (c) => `/stylebook/style/w/-1/0/0?photo=${c.market.longestCreditPhotoId}`,
        primary: {
          selector:
            '[data-testid="photo-sheet"] a[data-testid="photo-shops"], [data-testid="photo-sheet"] [data-testid="photo-heart"]',
        },
      },
    ],
  },
  { pattern: '/stylebook/shop', who: both, visits: one('style book salons', '/stylebook/shop') },
  { pattern: '/simulation', who: both, visits: one('simulation', '/simulation') },
  { pattern: '/notFound', who: both, visits: one('not found', '/notFound') },

  // Salon finder
  { pattern: '/find', who: both, redirect: true, visits: [] },
  {
    pattern: '/find/:type',
    who: both,
    visits: [
      { label: 'find', url: () => '/find/h', primary: searchButton },
      {
        label: 'find with a keyword',
        url: () => '/find/h',
        step: 'typeKeyword',
        primary: searchButton,
      },
    ],
  },
  {
    pattern: '/find/saloninfo/:salonid',
    who: both,
    visits: [
      {
        label: 'salon (most designers)',
        url: (c) => `/find/saloninfo/${c.market.busiestShopId}`,
        primary: { role: 'link', name: (c) => c.shops.book },
      },
      {
        label: 'salon (longest name)',
        url: (c) => `/find/saloninfo/${c.market.longestNameShopId}`,
      },
    ],
  },
  {
    pattern: '/find/saloninfo/:salonid/stylebook/:gender/:type/:style/:substyle',
    who: both,
    visits: [
      {
        label: 'salon style book',
        url: (c) => `/find/saloninfo/${c.market.busiestShopId}/stylebook/w/-1/0/0`,
      },
    ],
  },
  {
    pattern: '/find/saloninfo/:salonid/menu',
    who: both,
    visits: [{ label: 'salon menu', url: (c) => `/find/saloninfo/${c.market.busiestShopId}/menu` }],
  },
  {
    pattern: '/find/saloninfo/:salonid/notice',
    who: both,
    visits: [
      { label: 'salon notice', url: (c) => `/find/saloninfo/${c.market.busiestShopId}/notice` },
    ],
  },
  {
    pattern: '/find/saloninfo/:salonid/images',
    who: both,
    visits: [
      { label: 'salon images', url: (c) => `/find/saloninfo/${c.market.busiestShopId}/images` },
    ],
  },
  {
    pattern: '/find/designerinfo/:designerid',
    who: both,
    visits: [
      {
        label: 'designer (longest name)',
        url: (c) => `/find/designerinfo/${c.market.longestDesignerId}`,
      },
    ],
  },
  {
    pattern: '/find/location/:type',
    who: both,
    visits: one('location', '/find/location/h'),
  },
  {
    pattern: '/find/name/:type',
    who: both,
    visits: [
      { label: 'find by name', url: () => '/find/name/h', primary: searchButton },
      {
        label: 'find by name with a keyword',
        url: () => '/find/name/h',
        step: 'typeKeyword',
        primary: searchButton,
      },
    ],
  },
  { pattern: '/find/map', who: both, visits: one('map', '/find/map') },

  // My page (members only)
  { pattern: '/mypage', who: signedIn, visits: one('my page', '/mypage') },
  {
    pattern: '/mypage/myphotoindex',
    who: signedIn,
    member: 'records',
    visits: one('my photos', '/mypage/myphotoindex', { selector: '[data-testid="history-all"]' }),
  },
  {
    pattern: '/mypage/visitshop',
    who: signedIn,
    visits: one('visited salons', '/mypage/visitshop'),
  },
  {
    pattern: '/mypage/myfavorite/:type',
    who: signedIn,
    visits: ['style', 'designer', 'shop'].map((type) => ({
      label: `favourites (${type})`,
      url: () => `/mypage/myfavorite/${type}`,
    })),
  },
  {
    pattern: '/mypage/historyscalp',
    who: signedIn,
    visits: one('scalp history', '/mypage/historyscalp'),
  },
  {
    pattern: '/mypage/qrcodescanner',
    who: signedIn,
    visits: one('QR scanner', '/mypage/qrcodescanner'),
  },
  {
    pattern: '/mypage/myphoto/:shop?',
    who: signedIn,
    member: 'records',
    visits: [
      { label: 'my photo', url: () => '/mypage/myphoto', primary: historyDates },
      {
        label: 'my photo (salon)',
        url: (c) => `/mypage/myphoto/${c.recordsShopId}`,
        primary: historyDates,
      },
      { label: 'my photo (hidden)', url: () => '/mypage/myphoto?view=hidden' },
    ],
  },
  {
    pattern: '/mypage/myphoto/:shop?/datepicker',
    who: signedIn,
    member: 'records',
    visits: [
      {
        label: 'my photo date',
        url: (c) => `/mypage/myphoto/${c.recordsShopId}/datepicker`,
        primary: { selector: '[data-testid="picker-apply"]' },
      },
    ],
  },
  { pattern: '/mypage/mygallery', who: signedIn, visits: one('gallery', '/mypage/mygallery') },
  { pattern: '/mypage/setting', who: signedIn, visits: one('settings', '/mypage/setting') },
  {
    pattern: '/mypage/setting/changename',
    who: signedIn,
    visits: one('change name', '/mypage/setting/changename', submit),
  },
  {
    pattern: '/mypage/setting/changeemail',
    who: signedIn,
    visits: one('change e-mail', '/mypage/setting/changeemail', submit),
  },
  {
    pattern: '/mypage/setting/changeemailsend',
    who: signedIn,
    visits: one('e-mail sent', '/mypage/setting/changeemailsend'),
  },
  {
    pattern: '/mypage/setting/changeemailsendafter/:country/:token',
    who: signedIn,
    visits: [
      {
        label: 'e-mail confirm',
        url: (c) => `/mypage/setting/changeemailsendafter/${c.server}/not-a-real-token`,
      },
    ],
  },
  {
    pattern: '/mypage/setting/createpassword',
    who: signedIn,
    visits: one('create password', '/mypage/setting/createpassword'),
  },
  {
    pattern: '/mypage/setting/changepassword',
    who: signedIn,
    visits: one('change password', '/mypage/setting/changepassword'),
  },
  {
    pattern: '/mypage/setting/changepasswordafter',
    who: both,
    visits: one('password changed', '/mypage/setting/changepasswordafter'),
  },
  {
    pattern: '/mypage/setting/createtel',
    who: signedIn,
    visits: one('add phone', '/mypage/setting/createtel'),
  },
  {
    pattern: '/mypage/setting/changetel',
    who: signedIn,
    visits: one('change phone', '/mypage/setting/changetel'),
  },
  {
    pattern: '/mypage/setting/deleteAccount',
    who: signedIn,
    visits: one('delete account', '/mypage/setting/deleteAccount'),
  },
  {
    pattern: '/mypage/reservation/:type',
    who: signedIn,
    visits: ['done', 'visit', 'cancel'].map((type) => ({
      label: `reservations (${type})`,
      url: () => `/mypage/reservation/${type}`,
    })),
  },
  {
    pattern: '/mypage/reservationdetail',
    who: signedIn,
    visits: [
      { label: 'reservation detail', url: (c) => `/mypage/reservationdetail?id=${c.bookingId}` },
    ],
  },
  {
    pattern: '/mypage/reservationchange',
    who: signedIn,
    visits: [
      {
        label: 'reservation change (reschedule)',
        url: (c) => `/mypage/reservationchange?id=${c.bookingId}`,
      },
    ],
  },

  // Booking (members only): each step with what a person chose before it.
  { pattern: '/reservation', who: signedIn, redirect: true, visits: [] },
  {
    pattern: '/reservation/first',
    who: signedIn,
    visits: [
      {
        label: 'booking step 1 (date and time)',
        url: (c) => `/reservation/first?shop_id=${c.market.busiestShopId}`,
        step: 'pickDateAndTime',
        primary: { role: 'button', name: (c) => c.booking.first.nextLabel },
      },
    ],
  },
  {
    pattern: '/reservation/second',
    who: signedIn,
    visits: [
      {
        label: 'booking step 2 (designer and treatments)',
        url: (c) => `/reservation/first?shop_id=${c.market.busiestShopId}`,
        step: 'toBookingSecond',
        primary: { role: 'button', name: (c) => c.booking.second.save },
      },
    ],
  },
  {
    pattern: '/reservation/check',
    who: signedIn,
    visits: [
      {
        label: 'booking check',
        url: (c) => `/reservation/first?shop_id=${c.market.busiestShopId}`,
        step: 'toBookingCheck',
        primary: { role: 'button', name: (c) => c.booking.check.reserve },
      },
    ],
  },

  // Legal and support pages
  { pattern: '/company', who: both, visits: one('company', '/company') },
  { pattern: '/terms', who: both, visits: one('terms', '/terms') },
  { pattern: '/privacy', who: both, visits: one('privacy', '/privacy') },
  {
    pattern: '/support/inquiry',
    who: both,
    visits: one('inquiry', '/support/inquiry', submit),
  },
  {
    pattern: '/support/partnership',
    who: both,
    visits: one('partnership', '/support/partnership'),
  },
  { pattern: '*', who: both, redirect: true, visits: [] },

  // A booking reminder's one-tap link (a forged one here: the refusal screen is laid out).
  { pattern: '/r/:token', who: both, visits: one('reminder link', '/r/not-a.valid-link') },

  // The smart-mirror kiosk: a console key, not a member session.
  { pattern: '/mirror', who: signedOut, visits: one('mirror', '/mirror') },
];

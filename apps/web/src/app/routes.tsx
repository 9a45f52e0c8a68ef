import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import HomeScreen from '../routes/home';
import NotFoundScreen from '../routes/not-found';
import { createSessionMiddleware } from './guards';
import { RootLayout } from './layout/root-layout';
import { RouteErrorScreen } from './layout/route-error';
import { Splash } from './layout/splash';
import { defineHandle as h } from './route-handle';

/** Code-split screen: the module's default export becomes the route component. */
function screen(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

/** Every route of spec section 2, in one place. `handle` carries the auth rule and the title. */
export function createAppRoutes(): RouteObject[] {
  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <Splash />,
      middleware: [createSessionMiddleware(() => routes)],
      handle: h('any', 'home'),
      children: [
        {
          index: true,
          element: <HomeScreen />,
          handle: h('any', 'home', { isTabRoot: true, hasHomeBackground: true, hasFooter: true }),
        },

        // Login and registration: public-only, except the login action screen (no auth flag).
        {
          path: 'login',
          handle: h('public-only', 'login'),
          children: [
            {
              index: true,
              handle: h('public-only', 'login'),
              ...screen(() => import('../routes/login/login')),
            },
            {
              path: 'registeruser',
              handle: h('public-only', 'registerUser'),
              ...screen(() => import('../routes/login/register-user')),
            },
            {
              path: 'registeruserbyemail/:email',
              handle: h('public-only', 'registerUserByEmail'),
              ...screen(() => import('../routes/login/register-user-by-email')),
            },
            {
              path: 'registeruserafteremail/:token',
              handle: h('public-only', 'registerUserAfterEmail'),
              ...screen(() => import('../routes/login/register-user-after-email')),
            },
            {
              path: 'phonelogin',
              handle: h('public-only', 'phoneLogin'),
              ...screen(() => import('../routes/login/phone-login')),
            },
            {
              path: 'findpassword',
              handle: h('public-only', 'findPassword'),
              ...screen(() => import('../routes/login/find-password')),
            },
            {
              path: 'resetpassword/:email',
              handle: h('public-only', 'resetPassword'),
              ...screen(() => import('../routes/login/reset-password')),
            },
            {
              path: 'findpasswordafteremail/:token',
              handle: h('public-only', 'findPasswordAfterEmail'),
              ...screen(() => import('../routes/login/find-password-after-email')),
            },
            {
              path: 'findpasswordafter',
              handle: h('public-only', 'findPasswordAfter'),
              ...screen(() => import('../routes/login/find-password-after')),
            },
            {
              path: 'action',
              handle: h('any', 'loginAction'),
              ...screen(() => import('../routes/login/login-action')),
            },
            // Sign-up (ADR 025): the consent step of a first Google / Apple sign-in,
            // and the sign-up-complete screen a new member lands on.
            {
              path: 'agreement',
              handle: h('public-only', 'signUpAgreement'),
              ...screen(() => import('../routes/login/sign-up-agreement')),
            },
            {
              path: 'welcome',
              handle: h('required', 'signUpWelcome'),
              ...screen(() => import('../routes/login/welcome')),
            },
          ],
        },

        // Style book
        {
          path: 'stylebook',
          handle: h('any', 'stylebookStyle'),
          children: [
            {
              index: true,
              handle: h('any', 'stylebookStyle'),
              element: null,
              loader: () => redirect(paths.stylebookDefault),
            },
            {
              path: 'style/:gender/:type/:style/:substyle',
              handle: h('any', 'stylebookStyle', { isTabRoot: true }),
              ...screen(() => import('../routes/stylebook/stylebook-style')),
            },
            {
              path: 'shop',
              handle: h('any', 'stylebookShop'),
              ...screen(() => import('../routes/stylebook/stylebook-shop')),
            },
          ],
        },
        {
          path: 'simulation',
          handle: h('any', 'simulation', { isTabRoot: true }),
          ...screen(() => import('../routes/simulation')),
        },
        { path: 'notFound', handle: h('any', 'notFound'), element: <NotFoundScreen /> },

        // Salon finder
        {
          path: 'find',
          handle: h('any', 'findList'),
          children: [
            {
              index: true,
              handle: h('any', 'findList'),
              element: null,
              loader: () => redirect(paths.findList()),
            },
            {
              path: ':type',
              handle: h('any', 'findList', { isTabRoot: true }),
              ...screen(() => import('../routes/search/search-list')),
            },
            {
              path: 'saloninfo/:salonid',
              handle: h('any', 'salonInfo'),
              ...screen(() => import('../routes/shops/salon-info')),
              children: [
                {
                  index: true,
                  handle: h('any', 'salonInfo'),
                  ...screen(() => import('../routes/shops/salon-home')),
                },
                {
                  path: 'stylebook/:gender/:type/:style/:substyle',
                  handle: h('any', 'salonStylebook'),
                  ...screen(() => import('../routes/shops/salon-stylebook')),
                },
                {
                  path: 'menu',
                  handle: h('any', 'salonMenu'),
                  ...screen(() => import('../routes/shops/salon-menu')),
                },
                {
                  path: 'notice',
                  handle: h('any', 'salonNotice'),
                  ...screen(() => import('../routes/shops/salon-notice')),
                },
              ],
            },
            {
              path: 'saloninfo/:salonid/images',
              handle: h('any', 'salonImages'),
              ...screen(() => import('../routes/shops/salon-images')),
            },
            {
              path: 'designerinfo/:designerid',
              handle: h('any', 'designerInfo'),
              ...screen(() => import('../routes/designers/designer-info')),
            },
            {
              path: 'location/:type',
              handle: h('any', 'findLocation'),
              ...screen(() => import('../routes/search/search-location')),
            },
            {
              path: 'name/:type',
              handle: h('any', 'findName'),
              ...screen(() => import('../routes/search/search-name')),
            },
            {
              path: 'map',
              handle: h('any', 'findMap'),
              ...screen(() => import('../routes/search/search-map')),
            },
          ],
        },

        // My page: login required
        {
          path: 'mypage',
          handle: h('required', 'mypage'),
          children: [
            {
              index: true,
              handle: h('required', 'mypage', { isTabRoot: true }),
              ...screen(() => import('../routes/mypage/mypage')),
            },
            {
              path: 'myphotoindex',
              handle: h('required', 'myPhotoIndex'),
              ...screen(() => import('../routes/mypage/my-photo-index')),
            },
            {
              path: 'visitshop',
              handle: h('required', 'visitShop'),
              ...screen(() => import('../routes/mypage/visit-shop')),
            },
            {
              path: 'myfavorite/:type',
              handle: h('required', 'myFavorite'),
              ...screen(() => import('../routes/mypage/my-favorite')),
            },
            {
              path: 'historyscalp',
              handle: h('required', 'historyScalp'),
              ...screen(() => import('../routes/mypage/history-scalp')),
            },
            {
              path: 'qrcodescanner',
              handle: h('required', 'qrScanner'),
              ...screen(() => import('../routes/mypage/qr-scanner')),
            },
            {
              path: 'myphoto/:shop?',
              handle: h('required', 'myPhoto'),
              ...screen(() => import('../routes/mypage/my-photo')),
              children: [
                {
                  path: 'datepicker',
                  handle: h('required', 'myPhotoDatepicker'),
                  ...screen(() => import('../routes/mypage/my-photo-datepicker')),
                },
              ],
            },
            {
              path: 'mygallery',
              handle: h('required', 'myGallery'),
              ...screen(() => import('../routes/mypage/my-gallery')),
            },
            {
              path: 'setting',
              handle: h('required', 'setting'),
              children: [
                {
                  index: true,
                  handle: h('required', 'setting'),
                  ...screen(() => import('../routes/mypage/setting')),
                },
                {
                  path: 'changename',
                  handle: h('required', 'changeName'),
                  ...screen(() => import('../routes/mypage/change-name')),
                },
                {
                  path: 'changeemail',
                  handle: h('required', 'changeEmail'),
                  ...screen(() => import('../routes/mypage/change-email')),
                },
                {
                  path: 'changeemailsend',
                  handle: h('required', 'changeEmailSend'),
                  ...screen(() => import('../routes/mypage/change-email-send')),
                },
                {
                  path: 'changeemailsendafter/:country/:token',
                  handle: h('required', 'changeEmailSendAfter'),
                  ...screen(() => import('../routes/mypage/change-email-send-after')),
                },
                {
                  path: 'createpassword',
                  handle: h('required', 'createPassword'),
                  ...screen(() => import('../routes/mypage/create-password')),
                },
                {
                  path: 'changepassword',
                  handle: h('required', 'changePassword'),
                  ...screen(() => import('../routes/mypage/change-password')),
                },
                {
                  path: 'changepasswordafter',
                  // Shown right after every session ended (spec 4: log in again), so logged out.
                  handle: h('any', 'changePasswordAfter'),
                  ...screen(() => import('../routes/mypage/change-password-after')),
                },
                {
                  path: 'createtel',
                  handle: h('required', 'createTel'),
                  ...screen(() => import('../routes/mypage/create-tel')),
                },
                {
                  path: 'changetel',
                  handle: h('required', 'changeTel'),
                  ...screen(() => import('../routes/mypage/change-tel')),
                },
                {
                  path: 'deleteAccount',
                  handle: h('required', 'deleteAccount'),
                  ...screen(() => import('../routes/mypage/delete-account')),
                },
              ],
            },
            {
              path: 'reservation/:type',
              handle: h('required', 'reservationHistory'),
              ...screen(() => import('../routes/mypage/booking-history')),
            },
            {
              path: 'reservationdetail',
              handle: h('required', 'reservationDetail'),
              ...screen(() => import('../routes/mypage/booking-detail')),
            },
            {
              path: 'reservationchange',
              handle: h('required', 'reservationChange', { hidesTabBar: true }),
              ...screen(() => import('../routes/mypage/booking-reschedule')),
            },
          ],
        },

        // Reservation flow: login required, no tab bar
        {
          path: 'reservation',
          handle: h('required', 'reservationFirst', { hidesTabBar: true }),
          children: [
            {
              index: true,
              handle: h('required', 'reservationFirst', { hidesTabBar: true }),
              element: null,
              loader: () => redirect(paths.reservationFirst),
            },
            {
              path: 'first',
              handle: h('required', 'reservationFirst', { hidesTabBar: true }),
              ...screen(() => import('../routes/booking/booking-first')),
            },
            {
              path: 'second',
              handle: h('required', 'reservationSecond', { hidesTabBar: true }),
              ...screen(() => import('../routes/booking/booking-second')),
            },
            {
              path: 'check',
              handle: h('required', 'reservationCheck', { hidesTabBar: true }),
              ...screen(() => import('../routes/booking/booking-check')),
            },
          ],
        },

        // Legal and support pages: the footer's destinations, the only screens (with Home) that
        // keep the footer.
        {
          path: 'company',
          handle: h('any', 'company', { hasFooter: true }),
          ...screen(() => import('../routes/support/company')),
        },
        {
          path: 'terms',
          handle: h('any', 'terms', { hasFooter: true }),
          ...screen(() => import('../routes/support/terms')),
        },
        {
          path: 'privacy',
          handle: h('any', 'privacy', { hasFooter: true }),
          ...screen(() => import('../routes/support/privacy')),
        },
        {
          path: 'support/inquiry',
          handle: h('any', 'inquiry', { hasFooter: true }),
          ...screen(() => import('../routes/support/inquiry')),
        },
        {
          path: 'support/partnership',
          handle: h('any', 'partnership', { hasFooter: true }),
          ...screen(() => import('../routes/support/partnership')),
        },

        // A booking reminder's one-tap link (ADR 050): the signed link is the permission.
        {
          path: 'r/:token',
          handle: h('any', 'reminderLink'),
          ...screen(() => import('../routes/reminder-link')),
        },

        {
          path: '*',
          handle: h('any', 'notFound'),
          element: null,
          loader: () => redirect(paths.notFound),
        },
      ],
    },

    // The smart-mirror kiosk (demos and browser tests): outside the member app's layout and
    // session guard; it authenticates with a shop console key, not a member session.
    {
      path: '/mirror',
      handle: h('any', 'mirror'),
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <Splash />,
      ...screen(() => import('../routes/mirror/mirror')),
    },
  ];
  return routes;
}

/** Middleware (the user_check guard) is the v8 behaviour; opt in explicitly. */
export const routerFuture = { v8_middleware: true } as const;

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes(), { future: routerFuture });
}

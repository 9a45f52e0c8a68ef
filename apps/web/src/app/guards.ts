import { matchRoutes, redirect, type MiddlewareFunction, type RouteObject } from 'react-router';
import { errorMessage } from '../lib/i18n/i18n';
import { escapeHtml } from '../lib/html';
import { paths } from '../lib/paths';
import { checkMemberBeforeNavigation } from '../lib/session';
import { selectIsLoggedIn, useCommonStore } from '../lib/stores/common.store';
import { deepestHandle, type RouteAuth } from './route-handle';

/** The auth rule of a path: the deepest matched route that declares one decides. */
export function authForPath(routes: RouteObject[], pathname: string): RouteAuth {
  const matches = matchRoutes(routes, pathname) ?? [];
  return deepestHandle(matches)?.auth ?? 'any';
}

/**
 * Root middleware, so it runs before every navigation (and the first load):
 * 1. while logged in, user_check; a member who no longer exists is logged out (spec section 2);
 * 2. auth-required routes send a logged-out user to the root; public-only routes send a
 *    logged-in user to the root.
 */
export function createSessionMiddleware(getRoutes: () => RouteObject[]): MiddlewareFunction {
  return async ({ request }) => {
    await checkMemberBeforeNavigation();
    const { pathname } = new URL(request.url);
    const auth = authForPath(getRoutes(), pathname);
    const common = useCommonStore.getState();
    const isLoggedIn = selectIsLoggedIn(common);
    if (auth === 'required' && !isLoggedIn) {
      common.showToast(escapeHtml(errorMessage('MEMBERS_ONLY', common.language)));
      // A redirect returned from client middleware ends the navigation there, like a thrown one.
      return redirect(paths.home);
    }
    if (auth === 'public-only' && isLoggedIn) {
      return redirect(paths.home);
    }
    return undefined;
  };
}

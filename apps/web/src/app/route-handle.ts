import type { Catalog } from '@carol/i18n/client';

type Screens = Catalog['screens'];

/** Screens with a title in the `screens` namespace. */
export type ScreenKey = {
  [K in keyof Screens]: Screens[K] extends { title: string } ? K : never;
}[keyof Screens];
export type ScreenTitleKey = `${ScreenKey}.title`;

/** Spec section 2: auth-required, public-only (login and registration) or open to everyone. */
export type RouteAuth = 'required' | 'public-only' | 'any';

export interface RouteHandle {
  auth: RouteAuth;
  /** Key in the `screens` namespace. */
  titleKey: ScreenTitleKey;
  /** One of the five bottom-navigation destinations: no back button. */
  isTabRoot?: boolean;
  /** Spec section 1: the full-height home background. */
  hasHomeBackground?: boolean;
  /** Step-by-step flows keep the screen for their own actions. */
  hidesTabBar?: boolean;
  /**
   * The corporate footer (company facts, terms, privacy, inquiries, partnership) closes Home and
   * the legal and support pages only; other screens end with their content (ADR 027).
   */
  hasFooter?: boolean;
}

export function defineHandle(
  auth: RouteAuth,
  screen: ScreenKey,
  extra: Omit<Partial<RouteHandle>, 'auth' | 'titleKey'> = {},
): RouteHandle {
  return { auth, titleKey: `${screen}.title`, ...extra };
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'auth' in value && 'titleKey' in value;
}

/** The handle of the deepest matched route that declares one. */
export function deepestHandle(
  matches: ReadonlyArray<{ handle?: unknown; route?: { handle?: unknown } }>,
): RouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    const handle = match?.handle ?? match?.route?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}

import {
  InMemoryWebStorage,
  UserManager,
  WebStorageStateStore,
  type StateStore,
} from 'oidc-client-ts';
import { oidcLimits, type getOidcConfig, type ResponseOf } from '@carol/contracts';
import { allCookies, getCookie, removeCookie, setCookie } from '../../lib/cookies';
import { isRetriable } from './identity-errors';

export type OidcConfig = ResponseOf<typeof getOidcConfig>;
export type OidcButton = OidcConfig['providers'][number];

/** What travels in the OAuth `state` (stored with the transaction, never sent to our API). */
export interface SignInState {
  intent: 'login' | 'connect';
  provider: OidcButton;
  /** Where to go afterwards (same-origin path). */
  target: string;
  /** The nonce this browser generated; the server checks the id token carries it, once. */
  nonce: string;
}

const cookiePrefix = 'carol_oidc_';
const cookieOptions = { expires: oidcLimits.cookieDays } as const;

/**
 * oidc-client-ts transactions (state, code verifier, nonce) in cookies with the spec's 1-day
 * expiry and path / (spec 9), instead of localStorage.
 */
export class CookieStateStore implements StateStore {
  set(key: string, value: string): Promise<void> {
    setCookie(cookiePrefix + key, value, cookieOptions);
    return Promise.resolve();
  }
  get(key: string): Promise<string | null> {
    return Promise.resolve(getCookie(cookiePrefix + key));
  }
  remove(key: string): Promise<string | null> {
    const value = getCookie(cookiePrefix + key);
    removeCookie(cookiePrefix + key);
    return Promise.resolve(value);
  }
  getAllKeys(): Promise<string[]> {
    return Promise.resolve(
      Object.keys(allCookies())
        .filter((name) => name.startsWith(cookiePrefix))
        .map((name) => name.slice(cookiePrefix.length)),
    );
  }
}

export const callbackPath = '/login/action';

export function createUserManager(config: OidcConfig): UserManager {
  return new UserManager({
    authority: config.issuer,
    client_id: config.client_id,
    redirect_uri: `${window.location.origin}${callbackPath}`,
    response_type: 'code',
    scope: oidcLimits.scope,
    extraQueryParams: { audience: config.audience },
    stateStore: new CookieStateStore(),
    // The app keeps its own session (HttpOnly cookie); the provider's tokens are not kept.
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    loadUserInfo: false,
    monitorSession: false,
    automaticSilentRenew: false,
    requestTimeoutInSeconds: oidcLimits.tokenRequestTimeoutMs / 1000,
    silentRequestTimeoutInSeconds: oidcLimits.silentLoginLockMs / 1000,
    accessTokenExpiringNotificationTimeInSeconds: oidcLimits.expiryMarginSeconds,
    staleStateAgeInSeconds: oidcLimits.cookieDays * 24 * 60 * 60,
    popupWindowFeatures: { closePopupWindowAfterInSeconds: oidcLimits.popupTimeoutMs / 1000 },
  });
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Only same-origin paths: never `//host` or an absolute URL. */
export function safeTarget(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return fallback;
  }
  return target;
}

/** Sends the browser to the provider (authorization code + PKCE, state and nonce). */
export async function startExternalSignIn(
  config: OidcConfig,
  state: Omit<SignInState, 'nonce'>,
): Promise<void> {
  const nonce = randomNonce();
  await createUserManager(config).signinRedirect({
    nonce,
    state: { ...state, target: safeTarget(state.target), nonce } satisfies SignInState,
    extraQueryParams: { audience: config.audience, connection: state.provider },
    // Linking asks the provider to sign in afresh, so another account can be chosen.
    ...(state.intent === 'connect' ? { prompt: 'login' } : {}),
  });
}

function isSignInState(value: unknown): value is SignInState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.intent === 'login' || v.intent === 'connect') &&
    (v.provider === 'google' || v.provider === 'apple') &&
    typeof v.target === 'string' &&
    typeof v.nonce === 'string'
  );
}

/** Spec 2: the callback is processed when the query holds a code or an error plus a state. */
export function isCallbackUrl(url: URL): boolean {
  return (
    (url.searchParams.has('code') || url.searchParams.has('error')) && url.searchParams.has('state')
  );
}

/**
 * Completes the redirect: checks the state against the stored transaction, exchanges the code
 * (10 s per request, up to 3 retries on timeouts and network errors: the transaction is put
 * back before each retry) and returns the id token with the state it was started with.
 */
export async function finishExternalSignIn(
  config: OidcConfig,
  url: string,
): Promise<{ state: SignInState; idToken: string }> {
  const manager = createUserManager(config);
  const stateId = new URL(url).searchParams.get('state') ?? '';
  const store = new CookieStateStore();
  const transaction = stateId ? await store.get(stateId) : null;
  for (let attempt = 0; ; attempt++) {
    try {
      const user = await manager.signinRedirectCallback(url);
      if (!isSignInState(user.state) || !user.id_token) {
        throw new Error('No matching state found in storage');
      }
      await manager.removeUser();
      return { state: user.state, idToken: user.id_token };
    } catch (error) {
      if (attempt >= oidcLimits.tokenRequestRetries || !transaction || !isRetriable(error)) {
        throw error;
      }
      await store.set(stateId, transaction);
    }
  }
}

import {
  ErrorResponse,
  InMemoryWebStorage,
  UserManager,
  WebStorageStateStore,
  type StateStore,
} from 'oidc-client-ts';
import {
  oidcButtonValues,
  oidcLimits,
  type getOidcConfig,
  type OidcButtonConfig,
  type ResponseOf,
} from '@carol/contracts';
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

/** The issuer and client of one button: LINE and Kakao their own, Google and Apple the broker's. */
export function buttonConfig(config: OidcConfig, provider: OidcButton): OidcButtonConfig {
  return (
    config.buttons.find((b) => b.provider === provider) ?? {
      provider,
      issuer: config.issuer,
      client_id: config.client_id,
      audience: config.audience,
      broker: true,
      exchange: 'browser',
    }
  );
}

export function createUserManager(config: OidcButtonConfig): UserManager {
  return new UserManager({
    authority: config.issuer,
    client_id: config.client_id,
    redirect_uri: `${window.location.origin}${callbackPath}`,
    response_type: 'code',
    scope: oidcLimits.scope,
    extraQueryParams: config.broker ? { audience: config.audience } : {},
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
  const button = buttonConfig(config, state.provider);
  await createUserManager(button).signinRedirect({
    nonce,
    state: { ...state, target: safeTarget(state.target), nonce } satisfies SignInState,
    // The broker is told which button was used; LINE and Kakao are the provider themselves.
    extraQueryParams: button.broker
      ? { audience: button.audience, connection: state.provider }
      : {},
    // Linking asks the provider to sign in afresh, so another account can be chosen.
    ...(state.intent === 'connect' ? { prompt: 'login' } : {}),
  });
}

function isSignInState(value: unknown): value is SignInState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.intent === 'login' || v.intent === 'connect') &&
    oidcButtonValues.some((provider) => provider === v.provider) &&
    typeof v.target === 'string' &&
    typeof v.nonce === 'string'
  );
}

function providerOfTransaction(transaction: string | null): OidcButton {
  try {
    const data = (JSON.parse(transaction ?? '{}') as { data?: unknown }).data;
    if (isSignInState(data)) return data.provider;
  } catch {
    // Not JSON: the callback below fails with the usual "no matching state" error.
  }
  return 'google';
}

/** Spec 2: the callback is processed when the query holds a code or an error plus a state. */
export function isCallbackUrl(url: URL): boolean {
  return (
    (url.searchParams.has('code') || url.searchParams.has('error')) && url.searchParams.has('state')
  );
}

/** What the callback yields: an id token (browser exchange) or the code for oidc/exchange. */
export type FinishedSignIn =
  | { state: SignInState; idToken: string }
  | {
      state: SignInState & { provider: 'line' | 'kakao' };
      exchange: { state: string; code: string; codeVerifier: string };
    };

/**
 * A provider the server exchanges the code for (ADR 060): the state must name a stored
 * transaction of that button; the code and the transaction's PKCE verifier go to oidc/exchange,
 * which checks them against the same transaction (its cookie) before adding the secret. The
 * transaction is removed once the server has answered (processCallback's `finally`).
 */
async function serverExchangeOf(
  url: URL,
  stateId: string,
  transaction: string | null,
): Promise<FinishedSignIn> {
  let stored: { id?: unknown; data?: unknown; code_verifier?: unknown } = {};
  try {
    stored = JSON.parse(transaction ?? '{}') as typeof stored;
  } catch {
    // Refused below like any missing transaction.
  }
  const error = url.searchParams.get('error');
  if (error) {
    await new CookieStateStore().remove(stateId);
    throw new ErrorResponse({
      error,
      error_description: url.searchParams.get('error_description'),
    });
  }
  const code = url.searchParams.get('code');
  const { data } = stored;
  if (
    stored.id !== stateId ||
    !isSignInState(data) ||
    (data.provider !== 'line' && data.provider !== 'kakao') ||
    typeof stored.code_verifier !== 'string' ||
    !code
  ) {
    throw new Error('No matching state found in storage');
  }
  return {
    state: { ...data, provider: data.provider },
    exchange: { state: stateId, code, codeVerifier: stored.code_verifier },
  };
}

/** Forgets a sign-in transaction (after the server exchanged its code, or refused it). */
export async function forgetTransaction(stateId: string): Promise<void> {
  await new CookieStateStore().remove(stateId);
}

/**
 * Completes the redirect: checks the state against the stored transaction. Providers the server
 * exchanges for (LINE, Kakao with a secret) hand back the code; the others exchange it here
 * (10 s per request, up to 3 retries on timeouts and network errors: the transaction is put
 * back before each retry) and return the id token with the state it was started with.
 */
export async function finishExternalSignIn(
  config: OidcConfig,
  url: string,
): Promise<FinishedSignIn> {
  const stateId = new URL(url).searchParams.get('state') ?? '';
  const store = new CookieStateStore();
  const transaction = stateId ? await store.get(stateId) : null;
  // The stored transaction says which button started it, hence which issuer answers.
  const button = buttonConfig(config, providerOfTransaction(transaction));
  if (button.exchange === 'server') return serverExchangeOf(new URL(url), stateId, transaction);
  const manager = createUserManager(button);
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

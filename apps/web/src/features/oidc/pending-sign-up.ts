import { identityProviderValues, type OidcSignUp } from '@carol/contracts';
import { safeTarget } from './oidc-client';

/**
 * A first Google / Apple / LINE / Kakao sign-in waiting for the consents (ADR 025): the one-time token and
 * what the consent screen shows, kept for this tab only (sessionStorage), so a reload or a
 * look at the terms does not lose it. The server refuses the token after 30 minutes anyway.
 */
export interface PendingSignUp {
  token: string;
  provider: OidcSignUp['provider'];
  familyName: string;
  givenName: string;
  email: string;
  /** ms since epoch, from the server's `expires_in`. */
  expiresAt: number;
  /** Where the sign-in was started from (same-origin path). */
  target: string;
}

const key = 'carol-oidc-sign-up';

export function savePendingSignUp(signUp: OidcSignUp, target: string, now = Date.now()): void {
  const pending: PendingSignUp = {
    token: signUp.sign_up_token,
    provider: signUp.provider,
    familyName: signUp.family_name,
    givenName: signUp.given_name,
    email: signUp.email,
    expiresAt: now + signUp.expires_in * 1000,
    target: safeTarget(target),
  };
  sessionStorage.setItem(key, JSON.stringify(pending));
}

function isPendingSignUp(value: unknown): value is PendingSignUp {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    identityProviderValues.some((provider) => provider === v.provider) &&
    typeof v.familyName === 'string' &&
    typeof v.givenName === 'string' &&
    typeof v.email === 'string' &&
    typeof v.expiresAt === 'number' &&
    typeof v.target === 'string'
  );
}

/** The tab's pending sign-up, or null when there is none or it has expired. */
export function readPendingSignUp(now = Date.now()): PendingSignUp | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return isPendingSignUp(value) && value.expiresAt > now ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingSignUp(): void {
  sessionStorage.removeItem(key);
}

import { createHash, timingSafeEqual } from 'node:crypto';
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
} from 'jose';
import { oidcLimits } from '@carol/contracts';
import { AppError } from '../../lib/errors.js';

/** How long one call to the identity provider (discovery, JWKS) may take. */
const fetchTimeoutMs = 5_000;
/** Discovery is re-read after this long; the JWKS set refreshes itself on an unknown `kid`. */
const discoveryTtlMs = 60 * 60 * 1000;
/** Id tokens are used right after the code exchange; an older one is refused even if unexpired. */
const maxTokenAge = '10 minutes';

export interface VerifiedIdToken {
  issuer: string;
  subject: string;
  /** Lower-cased, only when present. */
  email: string | null;
  emailVerified: boolean;
  familyName: string;
  givenName: string;
  /** Token expiry, to keep the used-nonce record at least that long. */
  expiresAt: Date;
}

export interface IdTokenVerifier {
  verify(idToken: string, expectedNonce: string): Promise<VerifiedIdToken>;
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time string equality (hashes first, so lengths do not leak either). */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

function text(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

function claimsOf(payload: JWTPayload): Omit<VerifiedIdToken, 'issuer' | 'subject' | 'expiresAt'> {
  const rawEmail = text(payload.email, 254).toLowerCase();
  const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(rawEmail) ? rawEmail : null;
  // Apple sends "true"/"false" strings; Google and most providers booleans.
  const verified = payload.email_verified === true || payload.email_verified === 'true';
  let familyName = text(payload.family_name, 50);
  let givenName = text(payload.given_name, 50);
  if (!familyName && !givenName) givenName = text(payload.name, 50);
  if (!familyName && !givenName && email) givenName = email.split('@')[0]?.slice(0, 50) ?? '';
  familyName = familyName.slice(0, 50);
  return { email, emailVerified: verified && email !== null, familyName, givenName };
}

/** Signature algorithms an issuer can be configured with; `none` is never one. */
export type IdTokenAlgorithm = 'RS256' | 'ES256' | 'HS256';

/**
 * Verifies id tokens of one issuer with jose (spec 5, identity token checks): only the
 * issuer's configured algorithms (default RS256), `iss`, `aud` (and `azp` when it is present
 * or there are several audiences), `sub`, `nonce` equal to the one the browser generated,
 * `exp` / `iat` / `nbf` with 60 s leeway, at most 10 minutes old.
 *
 * Asymmetric signatures (RS256, ES256) are checked against the issuer's JWKS (from its
 * discovery document, cached, fetched with a timeout) and HS256 only against the configured
 * shared secret (LINE's channel secret): the two paths never share a key, so a token cannot
 * pass as HS256 with a public key as the secret, nor as RS/ES256 with the secret.
 */
export function createIdTokenVerifier(options: {
  issuer: string;
  audience: string;
  clientId: string;
  algorithms?: readonly IdTokenAlgorithm[];
  /** Required when `algorithms` has HS256; ignored otherwise. */
  clientSecret?: string | undefined;
}): IdTokenVerifier {
  const allowed = options.algorithms ?? ['RS256'];
  const asymmetric = allowed.filter((alg) => alg !== 'HS256');
  const secret =
    allowed.includes('HS256') && options.clientSecret
      ? new TextEncoder().encode(options.clientSecret)
      : undefined;
  let jwks: { keys: ReturnType<typeof createRemoteJWKSet>; loadedAt: number } | undefined;
  let loading: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  async function discover(): Promise<ReturnType<typeof createRemoteJWKSet>> {
    const url = `${options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url, {
      signal: AbortSignal.timeout(fetchTimeoutMs),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (document.issuer !== options.issuer) throw new Error('discovery issuer mismatch');
    if (typeof document.jwks_uri !== 'string') throw new Error('discovery without jwks_uri');
    const jwksUri = new URL(document.jwks_uri);
    const issuerUrl = new URL(options.issuer);
    if (jwksUri.protocol !== 'https:' && jwksUri.origin !== issuerUrl.origin) {
      throw new Error('jwks_uri must be https or on the issuer origin');
    }
    return createRemoteJWKSet(jwksUri, {
      timeoutDuration: fetchTimeoutMs,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60 * 1000,
    });
  }

  async function keySet(): Promise<ReturnType<typeof createRemoteJWKSet>> {
    if (jwks && Date.now() - jwks.loadedAt < discoveryTtlMs) return jwks.keys;
    loading ??= discover()
      .then((keys) => {
        jwks = { keys, loadedAt: Date.now() };
        return keys;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  return {
    async verify(idToken, expectedNonce) {
      let alg: unknown;
      try {
        alg = decodeProtectedHeader(idToken).alg;
      } catch (cause) {
        throw new AppError('ID_TOKEN_INVALID', { cause });
      }
      const checks = {
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: oidcLimits.leewaySeconds,
        maxTokenAge,
        requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce'],
      };
      const symmetric = alg === 'HS256';
      if (symmetric ? !secret : !asymmetric.some((allowedAlg) => allowedAlg === alg)) {
        throw new AppError('ID_TOKEN_INVALID');
      }
      let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
      if (!symmetric) {
        try {
          keys = await keySet();
        } catch (cause) {
          throw new AppError('SERVICE_UNAVAILABLE', { cause });
        }
      }
      let payload: JWTPayload;
      try {
        ({ payload } =
          symmetric && secret
            ? await jwtVerify(idToken, secret, { ...checks, algorithms: ['HS256'] })
            : await jwtVerify(idToken, keys!, { ...checks, algorithms: asymmetric }));
      } catch (cause) {
        // The provider's key server failing is not the token's fault.
        if (cause instanceof joseErrors.JWKSTimeout) {
          throw new AppError('SERVICE_UNAVAILABLE', { cause });
        }
        throw new AppError('ID_TOKEN_INVALID', { cause });
      }
      const subject = payload.sub;
      if (typeof subject !== 'string' || subject.length === 0 || subject.length > 255) {
        throw new AppError('ID_TOKEN_INVALID');
      }
      const severalAudiences = Array.isArray(payload.aud) && payload.aud.length > 1;
      if ((severalAudiences || payload.azp !== undefined) && payload.azp !== options.clientId) {
        throw new AppError('ID_TOKEN_INVALID');
      }
      if (typeof payload.nonce !== 'string' || !sameSecret(payload.nonce, expectedNonce)) {
        throw new AppError('ID_TOKEN_INVALID');
      }
      return {
        issuer: options.issuer,
        subject,
        expiresAt: new Date(((payload.exp ?? 0) + oidcLimits.leewaySeconds) * 1000),
        ...claimsOf(payload),
      };
    },
  };
}

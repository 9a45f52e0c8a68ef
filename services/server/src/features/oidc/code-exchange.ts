import { oidcLimits } from '@carol/contracts';
import { AppError } from '../../lib/errors.js';

/** Discovery is re-read after this long (only a successful answer is kept). */
const discoveryTtlMs = 60 * 60 * 1000;
/** How long reading the discovery document may take. */
const discoveryTimeoutMs = 5_000;

/**
 * Token endpoints allowed on another origin than their issuer's, per issuer origin: the real
 * LINE publishes its issuer on access.line.me and its token endpoint on api.line.me. Any other
 * token endpoint must be on the issuer's own origin.
 */
const tokenOriginsBeside: Record<string, readonly string[]> = {
  'https://access.line.me': ['https://api.line.me'],
};

export interface CodeExchanger {
  /** The provider's id token for the code, or EXTERNAL_SIGN_IN_FAILED (never a 5xx). */
  exchange(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<string>;
}

/** A failure whose message names what went wrong and never carries the request body. */
function failed(reason: string, cause?: unknown): AppError {
  return new AppError('EXTERNAL_SIGN_IN_FAILED', {
    cause: new Error(`code exchange: ${reason}`, cause === undefined ? {} : { cause }),
  });
}

/** The token endpoint from discovery, only on the issuer's origin (or its listed API host). */
export function checkTokenEndpoint(issuer: string, endpoint: unknown): URL {
  if (typeof endpoint !== 'string') throw new Error('discovery without token_endpoint');
  const url = new URL(endpoint);
  const issuerOrigin = new URL(issuer).origin;
  const allowed = [issuerOrigin, ...(tokenOriginsBeside[issuerOrigin] ?? [])];
  if (!allowed.includes(url.origin)) throw new Error('token_endpoint off the issuer origin');
  if (url.protocol !== 'https:' && url.origin !== issuerOrigin) {
    throw new Error('token_endpoint must be https');
  }
  return url;
}

/**
 * The server side of the authorization code flow for a confidential client (LINE, Kakao;
 * docs/decisions/060-server-side-code-exchange.md): the browser's code and PKCE verifier plus
 * the client secret, posted (client_secret_post) to the token endpoint the issuer's discovery
 * names. One attempt, 10 s: a code is single-use, so a retry after a timeout could only fail.
 * The secret goes into the request body and nowhere else: not into errors, not into logs.
 */
export function createCodeExchanger(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
}): CodeExchanger {
  let cached: { endpoint: URL; loadedAt: number } | undefined;

  async function tokenEndpoint(): Promise<URL> {
    if (cached && Date.now() - cached.loadedAt < discoveryTtlMs) return cached.endpoint;
    const url = `${options.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url, {
      signal: AbortSignal.timeout(discoveryTimeoutMs),
      headers: { accept: 'application/json' },
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    const document = (await response.json()) as { issuer?: unknown; token_endpoint?: unknown };
    if (document.issuer !== options.issuer) throw new Error('discovery issuer mismatch');
    const endpoint = checkTokenEndpoint(options.issuer, document.token_endpoint);
    cached = { endpoint, loadedAt: Date.now() };
    return endpoint;
  }

  return {
    async exchange({ code, codeVerifier, redirectUri }) {
      let endpoint: URL;
      try {
        endpoint = await tokenEndpoint();
      } catch (cause) {
        throw failed('discovery failed', cause);
      }
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          signal: AbortSignal.timeout(oidcLimits.tokenRequestTimeoutMs),
          redirect: 'error',
          headers: {
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: options.clientId,
            client_secret: options.clientSecret,
            code_verifier: codeVerifier,
          }).toString(),
        });
      } catch (cause) {
        // Only the error's name: fetch errors do not carry the body, and this keeps it so.
        throw failed(
          `token endpoint unreachable (${cause instanceof Error ? cause.name : 'error'})`,
        );
      }
      let answer: { id_token?: unknown; error?: unknown } = {};
      try {
        answer = (await response.json()) as typeof answer;
      } catch {
        // Not JSON: reported below by status.
      }
      if (!response.ok) {
        // The provider's error code (e.g. invalid_grant for a wrong verifier) is safe to keep.
        const code = typeof answer.error === 'string' ? answer.error.slice(0, 64) : 'no error code';
        throw failed(`token endpoint answered ${response.status} (${code})`);
      }
      if (typeof answer.id_token !== 'string' || answer.id_token.length > 8192) {
        throw failed('token response without an id token');
      }
      return answer.id_token;
    },
  };
}

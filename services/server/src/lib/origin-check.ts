import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from other sites (CSRF), using what browsers send on every
 * POST: Sec-Fetch-Site and Origin. Requests with neither come from non-browser clients, which
 * cannot ride on a victim's cookies, so they pass. It looks at the method and headers only,
 * never at the path: the caller exempts console routes (key, not cookie) by the route the
 * router matched (app.ts), so no spelling of a path can skip it.
 */
export function createOriginCheck(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  return function checkOrigin(request: FastifyRequest): void {
    if (safeMethods.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    if (typeof origin === 'string' && origin !== 'null') {
      if (allowed.has(origin) || origin === selfOrigin(request)) return;
      throw new AppError('ORIGIN_REJECTED');
    }
    if (origin === 'null') throw new AppError('ORIGIN_REJECTED');
    if (site === undefined || site === 'same-origin' || site === 'none') return;
    throw new AppError('ORIGIN_REJECTED');
  };
}

function selfOrigin(request: FastifyRequest): string | undefined {
  const host = request.headers.host;
  return host ? `${request.protocol}://${host}` : undefined;
}

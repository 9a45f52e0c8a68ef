import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../env.js';
import { sessionCookieName, sessionIdOf } from './session.js';

/** Who is signing in, for the session row; the old session (if any) is replaced, never reused. */
export interface ClientInfo {
  /** Session id (hash) of the cookie the request carried, if any. */
  previousSessionId: string | null;
  userAgent: string | null;
  ip: string | null;
}

/**
 * The one place that reads and writes the session cookie: every sign-in method (e-mail, phone
 * PIN, OpenID Connect, QR) goes through `setSession`, logout and withdrawal through `clear`.
 */
export function createSessionCookies(config: Pick<Config, 'cookieSecure'>, ttlMs: number) {
  const name = sessionCookieName(config.cookieSecure);
  const options = {
    httpOnly: true,
    secure: config.cookieSecure,
    sameSite: 'lax' as const,
    path: '/',
  };
  return {
    name,
    clientOf(request: FastifyRequest): ClientInfo {
      const token = request.cookies[name];
      const ua = request.headers['user-agent'];
      return {
        previousSessionId: token ? sessionIdOf(token) : null,
        userAgent: typeof ua === 'string' ? ua : null,
        ip: request.ip,
      };
    },
    set(reply: FastifyReply, token: string): void {
      reply.setCookie(name, token, { ...options, maxAge: ttlMs / 1000 });
      reply.header('cache-control', 'no-store');
    },
    clear(reply: FastifyReply): void {
      reply.clearCookie(name, options);
    },
  };
}

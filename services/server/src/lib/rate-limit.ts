import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError } from './errors.js';
import type { SessionMember } from './session.js';

/**
 * The API's request limits (ADR 023). Registered inside the API scope only, so the plugin's
 * hook is attached to the API routes the router matched: static files, fonts, public images,
 * `/media/` and the SPA fallback are never counted, whatever their URL looks like.
 *
 * - A request with a valid member session (cookie or bearer token) counts against that
 *   member: people behind one address (salon Wi-Fi, office, carrier NAT) never starve each other.
 * - Any other request counts against its client address, with a cap sized for many people
 *   browsing behind one address.
 * - Routes with their own `config.rateLimit` (sign-in, sign-up, codes, bookings, forms) keep
 *   their stricter limits, keyed the same way (an anonymous sign-in attempt: its address).
 */
export interface ApiRateLimitOptions {
  anonymousPerMinute: number;
  memberPerMinute: number;
  redis?: Redis;
  loadMember(request: FastifyRequest): Promise<SessionMember | null>;
}

const memberKeyPrefix = 'member:';

/**
 * For a route's own limit that guards a guessable code, where a member key would let one person
 * with many accounts multiply the tries: count against the address whoever is signed in.
 */
export const byAddress = (request: FastifyRequest): string => `ip:${normalizeIP(request.ip)}`;

export async function registerApiRateLimit(
  api: FastifyInstance,
  options: ApiRateLimitOptions,
): Promise<void> {
  await api.register(rateLimit, {
    timeWindow: '1 minute',
    max: (_request, key) =>
      key.startsWith(memberKeyPrefix) ? options.memberPerMinute : options.anonymousPerMinute,
    keyGenerator: async (request) => {
      const member = await options.loadMember(request).catch(() => null);
      return member ? `${memberKeyPrefix}${member.memberId}` : byAddress(request);
    },
    ...(options.redis ? { redis: options.redis, nameSpace: 'carol-rl:' } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
}

/**
 * One session lookup per request: the limiter's key and the endpoint's member come from the
 * same answer (the limiter runs first, in onRequest).
 */
export function memoizePerRequest<T = SessionMember | null>(
  load: (request: FastifyRequest) => Promise<T>,
): (request: FastifyRequest) => Promise<T> {
  const answers = new WeakMap<FastifyRequest, Promise<T>>();
  return (request) => {
    let answer = answers.get(request);
    if (!answer) {
      answer = load(request);
      answers.set(request, answer);
    }
    return answer;
  };
}

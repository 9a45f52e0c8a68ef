import type { FastifyInstance } from 'fastify';
import { confirmQrLogin, getQrCodeInfo, getQrSessionStatus, openQrSession } from '@carol/contracts';
import { AppError } from '../../lib/errors.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { byAddress } from '../../lib/rate-limit.js';
import * as qr from './qr.service.js';

// Limits (rate-limit plugin) on top of the per-shop and per-member counters in the database
// (qr.service.ts). A mirror polls every 1.5 s and opens a code every 120 s. A member's code
// lookups and confirmations count per address, not per member: many accounts on one address
// must not multiply the guesses (ADR 023).
const limits = {
  open: { max: 60, timeWindow: '10 minutes' },
  poll: { max: 300, timeWindow: '1 minute' },
  lookup: { max: 30, timeWindow: '15 minutes', keyGenerator: byAddress },
  confirm: { max: 30, timeWindow: '15 minutes', keyGenerator: byAddress },
};

function shopOf(shop: { shopId: number } | null): number {
  if (!shop) throw new AppError('UNAUTHORIZED');
  return shop.shopId;
}

/** Console API (shop base): the smart mirror, authenticated by its shop's console key. */
export function registerQrConsoleRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const ctx: qr.QrContext = { db: deps.db, appBaseUrl: deps.config.appBaseUrl };

  registerEndpoint(
    app,
    deps.endpoints,
    openQrSession,
    async ({ shop, input, reply }) => {
      reply.header('cache-control', 'no-store');
      return qr.openSession(ctx, shopOf(shop), input.purpose);
    },
    { rateLimit: limits.open },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    getQrSessionStatus,
    async ({ shop, input, request, reply }) => {
      reply.header('cache-control', 'no-store');
      const ua = request.headers['user-agent'];
      return qr.pollSession(ctx, shopOf(shop), input.qr_session_id, {
        previousSessionId: null,
        userAgent: typeof ua === 'string' ? `smart-mirror; ${ua}` : 'smart-mirror',
        ip: request.ip,
      });
    },
    { rateLimit: limits.poll },
  );
}

/** Member API (main base): the phone that scanned the code. */
export function registerQrMemberRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const ctx: qr.QrContext = { db: deps.db, appBaseUrl: deps.config.appBaseUrl };

  registerEndpoint(
    app,
    deps.endpoints,
    getQrCodeInfo,
    async (call) => qr.codeInfo(ctx, call.requireMember().memberId, call.input.code),
    { rateLimit: limits.lookup },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    confirmQrLogin,
    async (call) => qr.confirmLogin(ctx, call.requireMember().memberId, call.input.code),
    { rateLimit: limits.confirm },
  );
}

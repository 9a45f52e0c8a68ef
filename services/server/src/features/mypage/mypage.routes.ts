import type { FastifyInstance } from 'fastify';
import { getMypageSummary } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { mypageSummaryOf } from './mypage.service.js';

export function registerMypageRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getMypageSummary, async ({ input, reply, ...ctx }) => {
    // The member's own data: never kept by a shared cache or the browser's back-forward cache.
    reply.header('cache-control', 'no-store');
    return mypageSummaryOf(deps.db, ctx.requireMember().memberId, input.server);
  });
}

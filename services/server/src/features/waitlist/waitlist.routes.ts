import type { FastifyInstance } from 'fastify';
import { getUserWaitlist, joinWaitlist, leaveWaitlist } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { joinWaitlistFor, leaveWaitlistFor, waitlistOf } from './waitlist.service.js';

/** The member's waitlist (shop base, like the rest of the booking calls; ADR 058). */
export function registerWaitlistRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;
  registerEndpoint(app, deps.endpoints, joinWaitlist, async ({ input, ...ctx }) =>
    joinWaitlistFor(db, ctx.requireMember().memberId, input.server, input),
  );
  registerEndpoint(app, deps.endpoints, getUserWaitlist, async (ctx) =>
    waitlistOf(db, ctx.requireMember().memberId),
  );
  registerEndpoint(app, deps.endpoints, leaveWaitlist, async ({ input, ...ctx }) =>
    leaveWaitlistFor(db, ctx.requireMember().memberId, input.entry_id),
  );
}

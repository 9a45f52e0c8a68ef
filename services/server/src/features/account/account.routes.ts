import type { FastifyInstance } from 'fastify';
import { userCheck } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';

export function registerAccountRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  // The session loader only returns active members with a live session, so "the caller is
  // user_id" is exactly "user_id still exists"; other ids are never confirmed (no enumeration).
  registerEndpoint(app, deps.endpoints, userCheck, ({ input, member }) =>
    Promise.resolve({ user_exists: member !== null && member.memberId === input.user_id }),
  );
}

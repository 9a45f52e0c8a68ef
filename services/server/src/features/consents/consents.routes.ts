import type { FastifyInstance } from 'fastify';
import { getConsents, setMarketingConsent } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import * as consents from './consents.service.js';

const limits = { change: { max: 30, timeWindow: '15 minutes' } };

/** The signed-in member's own consents only: no request field names a member. */
export function registerConsentRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getConsents, async (call) => ({
    consents: await consents.listConsents(deps.db, call.requireMember().memberId),
  }));

  registerEndpoint(
    app,
    deps.endpoints,
    setMarketingConsent,
    async (call) => ({
      consent: await consents.setMarketingConsent(
        deps.db,
        call.requireMember().memberId,
        call.input.agree,
      ),
    }),
    { rateLimit: limits.change },
  );
}

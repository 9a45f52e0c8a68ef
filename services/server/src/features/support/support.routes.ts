import type { FastifyInstance } from 'fastify';
import { sendInquiry } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { createInquiry } from './support.service.js';

export function registerSupportRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(
    app,
    deps.endpoints,
    sendInquiry,
    async ({ input, language }) => ({
      inquiry_id: await createInquiry(deps.db, input, { language, server: input.server }),
    }),
    // A public form that writes rows: keep spam bursts out.
    { rateLimit: { max: 5, timeWindow: '10 minutes' } },
  );
}

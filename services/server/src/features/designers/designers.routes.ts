import type { FastifyInstance } from 'fastify';
import { getDesignerDetail } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { designerDetailOf } from './designers.service.js';

/** The designer page: profile, shop card and portfolio. */
export function registerDesignerRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;
  // A public read: a replica may serve it (ADR 047).
  registerEndpoint(
    app,
    deps.endpoints,
    getDesignerDetail,
    async ({ input, member, readDb }) => ({
      detail: await designerDetailOf(
        readDb ?? db,
        input.server,
        input.designer_id,
        member?.memberId ?? null,
      ),
    }),
    { reads: 'replica' },
  );
}

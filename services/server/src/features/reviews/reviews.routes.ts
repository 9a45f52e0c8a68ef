import type { FastifyInstance } from 'fastify';
import { getReviewList } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { reviewListOf } from './reviews.service.js';

export function registerReviewRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getReviewList, async ({ input, language }) =>
    reviewListOf(deps.db, input.server, language, {
      shopId: input.shop_id,
      designerId: input.designer_id,
      page: input.page,
      pageSize: input.page_size,
    }),
  );
}

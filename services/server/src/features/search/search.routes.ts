import type { FastifyInstance } from 'fastify';
import { getDesignerSearchInfo, getShopSearchInfo } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { findDesigners, findShops } from './search.service.js';

export function registerSearchRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  // Public reads: a replica may serve them (ADR 047).
  registerEndpoint(
    app,
    deps.endpoints,
    getShopSearchInfo,
    async ({ input, readDb }) => {
      const page = await findShops(readDb ?? deps.db, input.server, input);
      return { shop_list: page.items, total: page.total, page: page.page, has_next: page.has_next };
    },
    { reads: 'replica' },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    getDesignerSearchInfo,
    async ({ input, readDb }) => {
      const page = await findDesigners(readDb ?? deps.db, input.server, input);
      return {
        designer_list: page.items,
        total: page.total,
        page: page.page,
        has_next: page.has_next,
      };
    },
    { reads: 'replica' },
  );
}

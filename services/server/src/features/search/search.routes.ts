import type { FastifyInstance } from 'fastify';
import { getDesignerSearchInfo, getShopSearchInfo } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { findDesigners, findShops } from './search.service.js';

export function registerSearchRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getShopSearchInfo, async ({ input }) => {
    const page = await findShops(deps.db, input.server, input);
    return { shop_list: page.items, total: page.total, page: page.page, has_next: page.has_next };
  });
  registerEndpoint(app, deps.endpoints, getDesignerSearchInfo, async ({ input }) => {
    const page = await findDesigners(deps.db, input.server, input);
    return {
      designer_list: page.items,
      total: page.total,
      page: page.page,
      has_next: page.has_next,
    };
  });
}

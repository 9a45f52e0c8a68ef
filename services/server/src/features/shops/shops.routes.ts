import type { FastifyInstance } from 'fastify';
import { getShopDetail, getShopMenuList } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { getShopDetailOf, getShopMenusOf } from './shops.service.js';

export function registerShopRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getShopDetail, async ({ input }) => ({
    detail: await getShopDetailOf(deps.db, input.server, input.shop_id),
  }));
  registerEndpoint(app, deps.endpoints, getShopMenuList, async ({ input }) => ({
    menu_list: await getShopMenusOf(deps.db, input.server, input.shop_id),
  }));
}

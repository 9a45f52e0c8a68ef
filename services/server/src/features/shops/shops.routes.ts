import type { FastifyInstance } from 'fastify';
import { getShopDetail, getShopMenuList } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { getShopDetailOf, getShopMenusOf } from './shops.service.js';
import { isShopFavorite } from '../favorites/favorites.service.js';

export function registerShopRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getShopDetail, async ({ input, member }) => {
    const detail = await getShopDetailOf(deps.db, input.server, input.shop_id);
    // Only a signed-in member gets is_favorite; a guest's answer stays cacheable and anonymous.
    if (!member) return { detail };
    return {
      detail: { ...detail, is_favorite: await isShopFavorite(deps.db, member.memberId, detail.id) },
    };
  });
  registerEndpoint(app, deps.endpoints, getShopMenuList, async ({ input }) => ({
    menu_list: await getShopMenusOf(deps.db, input.server, input.shop_id),
  }));
}

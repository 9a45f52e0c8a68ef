import type { FastifyInstance } from 'fastify';
import { getShopDetail, getShopMenuList } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { getShopDetailOf, getShopMenusOf } from './shops.service.js';
import { isShopFavorite } from '../favorites/favorites.service.js';

export function registerShopRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  // Public reads: a replica may serve them; a member who just changed a favourite reads from
  // the primary for a while (ADR 047).
  registerEndpoint(
    app,
    deps.endpoints,
    getShopDetail,
    async ({ input, member, readDb }) => {
      const db = readDb ?? deps.db;
      const detail = await getShopDetailOf(db, input.server, input.shop_id);
      // Only a signed-in member gets is_favorite; a guest's answer stays cacheable and anonymous.
      if (!member) return { detail };
      return {
        detail: { ...detail, is_favorite: await isShopFavorite(db, member.memberId, detail.id) },
      };
    },
    { reads: 'replica' },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    getShopMenuList,
    async ({ input, readDb }) => ({
      menu_list: await getShopMenusOf(readDb ?? deps.db, input.server, input.shop_id),
    }),
    { reads: 'replica' },
  );
}

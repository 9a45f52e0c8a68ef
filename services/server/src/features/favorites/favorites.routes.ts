import type { FastifyInstance } from 'fastify';
import {
  deleteDesignerFavorite,
  deleteShopFavorite,
  getCatalogueFavoriteList,
  getDesignerFavoriteList,
  getShopFavoriteList,
  setDesignerFavorite,
  setShopFavorite,
} from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import {
  deleteDesignerFavoriteFor,
  deleteShopFavoriteFor,
  favoriteDesignersOf,
  favoriteShopsOf,
  favoriteStylesOf,
  setDesignerFavoriteFor,
  setShopFavoriteFor,
} from './favorites.service.js';

/** Hearts are tapped quickly; this is generous for people and still stops a script. */
const toggleLimit = { max: 60, timeWindow: '1 minute' };

export function registerFavoriteRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;

  registerEndpoint(
    app,
    deps.endpoints,
    setShopFavorite,
    async ({ input, ...ctx }) =>
      setShopFavoriteFor(db, ctx.requireMember().memberId, input.server, input.shop_id),
    { rateLimit: toggleLimit },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    deleteShopFavorite,
    async ({ input, ...ctx }) =>
      deleteShopFavoriteFor(db, ctx.requireMember().memberId, input.server, input.shop_id),
    { rateLimit: toggleLimit },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    setDesignerFavorite,
    async ({ input, ...ctx }) =>
      setDesignerFavoriteFor(db, ctx.requireMember().memberId, input.server, input.designer_id),
    { rateLimit: toggleLimit },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    deleteDesignerFavorite,
    async ({ input, ...ctx }) =>
      deleteDesignerFavoriteFor(db, ctx.requireMember().memberId, input.server, input.designer_id),
    { rateLimit: toggleLimit },
  );

  registerEndpoint(app, deps.endpoints, getShopFavoriteList, async ({ input, ...ctx }) => {
    const { items, ...paging } = await favoriteShopsOf(
      db,
      ctx.requireMember().memberId,
      input.server,
      {
        page: input.page,
        pageSize: input.page_size,
      },
    );
    return { shop_list: items, ...paging };
  });
  registerEndpoint(app, deps.endpoints, getDesignerFavoriteList, async ({ input, ...ctx }) => {
    const { items, ...paging } = await favoriteDesignersOf(
      db,
      ctx.requireMember().memberId,
      input.server,
      { page: input.page, pageSize: input.page_size },
    );
    return { designer_list: items, ...paging };
  });
  registerEndpoint(app, deps.endpoints, getCatalogueFavoriteList, async ({ input, ...ctx }) => {
    const { items, ...paging } = await favoriteStylesOf(
      db,
      ctx.requireMember().memberId,
      input.server,
      {
        page: input.page,
        pageSize: input.page_size,
      },
    );
    return { catalogue_list: items, ...paging };
  });
}

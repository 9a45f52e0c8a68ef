import type { FastifyInstance } from 'fastify';
import {
  addHairBook,
  getCatalogueStyle,
  getCatalogueType,
  getGenderHairListByShop,
  getPhotoDetail,
  getShareStyle,
  getShopListByStyleBook,
  subHairBook,
} from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import * as stylebook from './stylebook.service.js';

// Per-IP limit on the hair-book writes (the global per-IP limit covers the reads); the rows
// are keyed by (member, photo), so repeating a write changes nothing.
const limits = { hairBook: { max: 120, timeWindow: '1 minute' } };

export function registerStylebookRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;
  // The style book's reads are public: a replica may serve them; a member who just changed
  // their hair book reads from the primary for a while (ADR 047).
  const replica = { reads: 'replica' } as const;
  registerEndpoint(
    app,
    deps.endpoints,
    getCatalogueType,
    async ({ input, language, readDb }) => ({
      type_list: await stylebook.getTypes(readDb ?? db, input.server, input.gender, language),
    }),
    replica,
  );

  registerEndpoint(
    app,
    deps.endpoints,
    getCatalogueStyle,
    async ({ input, language, member, readDb }) => {
      const { style_list, photos } = await stylebook.getStyles(
        readDb ?? db,
        input.server,
        input,
        language,
        member?.memberId ?? null,
      );
      return {
        style_list,
        catalogue_list: photos.items,
        total: photos.total,
        page: photos.page,
        has_next: photos.has_next,
      };
    },
    replica,
  );

  registerEndpoint(
    app,
    deps.endpoints,
    getShareStyle,
    async ({ input, language, readDb }) => ({
      share: await stylebook.getShareStyleOf(
        readDb ?? db,
        input.server,
        deps.config.appBaseUrl,
        input.photo_id,
        language,
      ),
    }),
    replica,
  );

  registerEndpoint(
    app,
    deps.endpoints,
    getPhotoDetail,
    async ({ input, language, member, readDb }) => ({
      detail: await stylebook.getPhotoDetailOf(
        readDb ?? db,
        input.server,
        input.photo_id,
        language,
        member?.memberId ?? null,
      ),
    }),
    replica,
  );

  registerEndpoint(
    app,
    deps.endpoints,
    getGenderHairListByShop,
    async ({ input, language, member, readDb }) => {
      const { type_list, gender_counts, photos } = await stylebook.getShopPhotos(
        readDb ?? db,
        input.server,
        input,
        language,
        member?.memberId ?? null,
      );
      return {
        type_list,
        gender_counts,
        catalogue_list: photos.items,
        total: photos.total,
        page: photos.page,
        has_next: photos.has_next,
      };
    },
    replica,
  );

  registerEndpoint(
    app,
    deps.endpoints,
    getShopListByStyleBook,
    async ({ input, readDb }) => {
      const page = await stylebook.getShopsByStyle(readDb ?? db, input.server, input);
      return { shop_list: page.items, total: page.total, page: page.page, has_next: page.has_next };
    },
    replica,
  );

  registerEndpoint(
    app,
    deps.endpoints,
    addHairBook,
    async (ctx) =>
      stylebook.setInHairBook(
        db,
        ctx.input.server,
        ctx.requireMember().memberId,
        ctx.input.photo_id,
        true,
      ),
    { rateLimit: limits.hairBook },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    subHairBook,
    async (ctx) =>
      stylebook.setInHairBook(
        db,
        ctx.input.server,
        ctx.requireMember().memberId,
        ctx.input.photo_id,
        false,
      ),
    { rateLimit: limits.hairBook },
  );
}

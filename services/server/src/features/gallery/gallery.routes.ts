import type { FastifyInstance } from 'fastify';
import { deletesFromMyGallery, getMyGalleryList, saveToMyGallery } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { deleteFromGalleryFor, galleryOf, saveToGalleryFor } from './gallery.service.js';

/** Each save decodes and re-encodes an image: generous for a person, a wall for a script. */
const saveLimit = { max: 20, timeWindow: '1 minute' };
const deleteLimit = { max: 30, timeWindow: '1 minute' };

export function registerGalleryRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;
  const galleryDeps = { db, storage: deps.storage };

  registerEndpoint(
    app,
    deps.endpoints,
    saveToMyGallery,
    async ({ input, ...ctx }) =>
      saveToGalleryFor(galleryDeps, ctx.requireMember().memberId, {
        photo: input.photo,
        source: input.source,
        personalMemo: input.personal_memo,
      }),
    { rateLimit: saveLimit },
  );
  registerEndpoint(app, deps.endpoints, getMyGalleryList, async ({ input, ...ctx }) =>
    galleryOf(db, ctx.requireMember().memberId, { page: input.page, pageSize: input.page_size }),
  );
  registerEndpoint(
    app,
    deps.endpoints,
    deletesFromMyGallery,
    async ({ input, ...ctx }) =>
      deleteFromGalleryFor(galleryDeps, ctx.requireMember().memberId, input.media_ids),
    { rateLimit: deleteLimit },
  );
}

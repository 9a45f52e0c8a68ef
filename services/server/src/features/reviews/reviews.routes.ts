import type { FastifyInstance } from 'fastify';
import { addReview, getReviewList } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { addReviewFor, reviewListOf } from './reviews.service.js';

/** Photo decoding is the most expensive thing a member can ask for. */
const reviewLimit = { max: 10, timeWindow: '1 minute' };

export function registerReviewRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  // A salon's or designer's reviews, a public read: a replica may serve it (ADR 047).
  registerEndpoint(
    app,
    deps.endpoints,
    getReviewList,
    async ({ input, language, readDb }) =>
      reviewListOf(readDb ?? deps.db, input.server, language, {
        shopId: input.shop_id,
        designerId: input.designer_id,
        page: input.page,
        pageSize: input.page_size,
      }),
    { reads: 'replica' },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    addReview,
    async ({ input, ...ctx }) =>
      addReviewFor({ db: deps.db, storage: deps.storage }, ctx.requireMember().memberId, {
        bookingId: input.booking_id,
        rating: input.rating,
        body: input.body,
        photos: input.photos,
      }),
    { rateLimit: reviewLimit },
  );
}

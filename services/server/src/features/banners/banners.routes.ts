import type { FastifyInstance } from 'fastify';
import { getMainBanner, getMiddleBanner } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { listBanners } from './banners.service.js';

export function registerBannerRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  // Public reads: a replica may serve them (ADR 047).
  registerEndpoint(
    app,
    deps.endpoints,
    getMainBanner,
    async ({ input, language, readDb }) => ({
      main_banners: await listBanners(readDb ?? deps.db, 'main', input.server, language),
    }),
    { reads: 'replica' },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    getMiddleBanner,
    async ({ input, language, readDb }) => ({
      middle_banners: await listBanners(readDb ?? deps.db, 'middle', input.server, language),
    }),
    { reads: 'replica' },
  );
}

import type { FastifyInstance } from 'fastify';
import { getMainBanner, getMiddleBanner } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { listBanners } from './banners.service.js';

export function registerBannerRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getMainBanner, async ({ input, language }) => ({
    main_banners: await listBanners(deps.db, 'main', input.server, language),
  }));
  registerEndpoint(app, deps.endpoints, getMiddleBanner, async ({ input, language }) => ({
    middle_banners: await listBanners(deps.db, 'middle', input.server, language),
  }));
}

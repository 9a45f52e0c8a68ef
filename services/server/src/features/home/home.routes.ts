import type { FastifyInstance } from 'fastify';
import { getHotHairColorList, getHotStyleList } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { listHotHairColors, listHotStyles } from './home.service.js';

export function registerHomeRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getHotHairColorList, async ({ input, language }) => ({
    hair_color_list: await listHotHairColors(deps.db, language, input.limit),
  }));
  registerEndpoint(app, deps.endpoints, getHotStyleList, async ({ input, language }) => ({
    style_list: await listHotStyles(deps.db, input.server, language, input.gender, input.limit),
  }));
}

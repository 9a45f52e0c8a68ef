import type { FastifyInstance } from 'fastify';
import { getHotHairColorList } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { listHotHairColors } from './home.service.js';

export function registerHomeRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getHotHairColorList, async ({ input, language }) => ({
    hair_color_list: await listHotHairColors(deps.db, language, input.limit),
  }));
}

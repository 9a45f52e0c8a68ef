import type { FastifyInstance } from 'fastify';
import { getHotHairColorList, getHotStyleList } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { listHotHairColors, listHotStyles } from './home.service.js';

export function registerHomeRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  // Public reads: a replica may serve them (ADR 047).
  registerEndpoint(
    app,
    deps.endpoints,
    getHotHairColorList,
    async ({ input, language, readDb }) => ({
      hair_color_list: await listHotHairColors(readDb ?? deps.db, language, input.limit),
    }),
    { reads: 'replica' },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    getHotStyleList,
    async ({ input, language, readDb }) => ({
      style_list: await listHotStyles(
        readDb ?? deps.db,
        input.server,
        language,
        input.gender,
        input.limit,
      ),
    }),
    { reads: 'replica' },
  );
}

import type { FastifyInstance } from 'fastify';
import { getMapConfig, getShopSearchInfoForMap } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { mapConfigOf, searchMap } from './map.service.js';

export function registerMapRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(
    app,
    deps.endpoints,
    getShopSearchInfoForMap,
    ({ input, readDb }) => searchMap(readDb ?? deps.db, input.server, input),
    { reads: 'replica' },
  );
  registerEndpoint(app, deps.endpoints, getMapConfig, ({ input, reply }) => {
    reply.header('cache-control', 'no-cache');
    return Promise.resolve(mapConfigOf(deps.config.map, input.server));
  });
}

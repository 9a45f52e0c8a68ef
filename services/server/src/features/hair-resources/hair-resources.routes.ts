import type { FastifyInstance } from 'fastify';
import { getListHairResources, getRandomHairResource } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { listHairResources, pickRandomHairResource } from './hair-resources.service.js';

/** The random resource for the home page: served by the shop base (spec section 7). */
export function registerRandomHairResourceRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getRandomHairResource, async ({ input, language }) => ({
    hair_resource: await pickRandomHairResource(deps.db, language, {
      kind: input.kind,
      gender: input.gender,
    }),
  }));
}

/** The simulation's list of hairstyles and colours: served by the main base. */
export function registerHairResourceListRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getListHairResources, async ({ input, language }) => ({
    list: await listHairResources(deps.db, language, input),
  }));
}

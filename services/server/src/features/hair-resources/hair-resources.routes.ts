import type { FastifyInstance } from 'fastify';
import { getRandomHairResource } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { pickRandomHairResource } from './hair-resources.service.js';

export function registerHairResourceRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  registerEndpoint(app, deps.endpoints, getRandomHairResource, async ({ input }) => ({
    hair_resource: await pickRandomHairResource(deps.db, {
      kind: input.kind,
      gender: input.gender,
    }),
  }));
}

import type { FastifyInstance } from 'fastify';
import { getAddressByCoord, getCoordByAddress, getCoordSearchList } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import { AppError } from '../../lib/errors.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import type { Geocoder, Place } from './geocoder.js';
import { defaultGeocoder } from './coord.service.js';

// No per-route limits: these are cheap in-memory reads behind a debounced type-ahead, and many
// phones share one carrier-NAT address in Korea and Japan; the global per-IP limit applies.

const present = (p: Place) => ({
  id: p.id,
  country: p.country,
  kind: p.kind,
  name: p.name,
  full_name: p.fullName,
  lat: p.lat,
  lng: p.lng,
});

export function registerCoordRoutes(
  app: FastifyInstance,
  deps: FeatureDeps,
  geocoder: Geocoder = defaultGeocoder(),
): void {
  registerEndpoint(app, deps.endpoints, getCoordSearchList, async ({ input, language }) => {
    const places = await geocoder.search(input.keyword, {
      country: input.server,
      language,
      limit: input.limit,
    });
    return { list: places.map(present) };
  });

  registerEndpoint(app, deps.endpoints, getCoordByAddress, async ({ input, language }) => {
    const place = await geocoder.coordByAddress(input.address, {
      country: input.server,
      language,
    });
    if (!place) throw new AppError('NOT_FOUND');
    return present(place);
  });

  registerEndpoint(app, deps.endpoints, getAddressByCoord, async ({ input, language }) => {
    const found = await geocoder.addressByCoord(input.lat, input.lng, {
      country: input.server,
      language,
    });
    if (!found) throw new AppError('NOT_FOUND');
    return { address: found.address, place: present(found.place) };
  });
}

import type { Geocoder } from './geocoder.js';
import { OfflineGeocoder } from './offline-geocoder.js';

export type { Geocoder } from './geocoder.js';

let shared: Geocoder | null = null;

/**
 * The geocoder the API uses: the offline gazetteer, indexed once per process (the first call
 * builds it; registerCoordRoutes makes that call at start-up). An online geocoder would be
 * chosen here from the config (docs/decisions/012-offline-gazetteer.md).
 */
export function defaultGeocoder(): Geocoder {
  shared ??= new OfflineGeocoder();
  return shared;
}

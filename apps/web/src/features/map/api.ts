import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getShopSearchInfoForMap,
  mapLimits,
  type MapBounds,
  type MapShop,
  type RequestOf,
  type SearchSort,
} from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';
import type { MapArea } from './geo';

/** The Find list's search state, as the map uses it (same URL parameters). */
export interface MapFilters {
  keyword: string;
  sort: SearchSort;
  distance?: number | undefined;
  smart: boolean;
  openNow: boolean;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  gender?: 'w' | 'm' | undefined;
  treatment?: 'cut' | 'perm' | 'color' | 'clinic' | 'styling' | 'scalp' | 'other' | undefined;
}

export interface Origin {
  lat: number;
  lng: number;
}

const flag = (on: boolean) => (on ? (1 as const) : undefined);

/** The request for `area` with the list's filters (the distance measured from `origin`). */
export function mapSearchRequest(
  f: MapFilters,
  area: MapArea,
  origin: Origin | null,
): RequestOf<typeof getShopSearchInfoForMap> {
  return {
    ...area,
    keyword: f.keyword || undefined,
    sort: f.sort,
    // The distance filter is measured from the same origin as the list.
    lat: f.distance === undefined ? undefined : origin?.lat,
    lng: f.distance === undefined ? undefined : origin?.lng,
    filter_distance: f.distance,
    flag_smart_salon: flag(f.smart),
    open_now: flag(f.openNow),
    min_price: f.minPrice,
    max_price: f.maxPrice,
    gender: f.gender,
    treatment: f.treatment,
  };
}

export function useMapSearch(f: MapFilters, area: MapArea | null, origin: Origin | null) {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: ['map', 'shops', server, f, area, f.distance === undefined ? null : origin],
    enabled: area !== null,
    // Markers stay while the next area loads, so the map never flashes empty.
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callEndpoint(getShopSearchInfoForMap, mapSearchRequest(f, area!, origin), { signal }),
  });
}

/**
 * The shops of one spot (a bubble the closest zoom cannot split), for its list: the same
 * search over that spot's bounds at the closest zoom, where the server answers with shops.
 */
export function fetchSpotShops(
  f: MapFilters,
  bounds: MapBounds,
  origin: Origin | null,
): Promise<MapShop[]> {
  const area: MapArea = { ...bounds, zoom: mapLimits.maxZoom };
  return callEndpoint(getShopSearchInfoForMap, mapSearchRequest(f, area, origin)).then(
    (answer) => answer.shop_list,
  );
}

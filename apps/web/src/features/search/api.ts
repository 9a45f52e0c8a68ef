import { useInfiniteQuery } from '@tanstack/react-query';
import { getDesignerSearchInfo, getShopSearchInfo, type Server } from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';
import type { SearchFilters } from './filters';

export const PAGE_SIZE = 20;

export interface SearchOrigin {
  lat: number;
  lng: number;
}

export const searchKeys = {
  shops: (server: Server, f: SearchFilters, at: SearchOrigin | null) =>
    ['find', 'shops', server, f, at] as const,
  designers: (server: Server, f: SearchFilters, at: SearchOrigin | null) =>
    ['find', 'designers', server, f, at] as const,
};

const flag = (on: boolean) => (on ? (1 as const) : undefined);

/** The request of both searches: designers take the shop search's fields (ADR 008). */
function searchRequest(f: SearchFilters, at: SearchOrigin | null, page: number) {
  return {
    keyword: f.keyword || undefined,
    lat: at?.lat,
    lng: at?.lng,
    page,
    page_size: PAGE_SIZE,
    sort: f.sort,
    filter_distance: f.distance,
    flag_smart_salon: flag(f.smart),
    open_now: flag(f.openNow),
    min_price: f.minPrice,
    max_price: f.maxPrice,
    gender: f.gender,
    treatment: f.treatment,
  };
}

export function useShopSearch(f: SearchFilters, at: SearchOrigin | null, enabled: boolean) {
  const server = useCommonStore((s) => s.server);
  return useInfiniteQuery({
    queryKey: searchKeys.shops(server, f, at),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(getShopSearchInfo, searchRequest(f, at, pageParam), { signal }),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
  });
}

export function useDesignerSearch(f: SearchFilters, at: SearchOrigin | null, enabled: boolean) {
  const server = useCommonStore((s) => s.server);
  return useInfiniteQuery({
    queryKey: searchKeys.designers(server, f, at),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(getDesignerSearchInfo, searchRequest(f, at, pageParam), { signal }),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
  });
}

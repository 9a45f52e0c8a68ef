import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  getDesignerSearchInfo,
  getShopDetail,
  getShopMenuList,
  getShopSearchInfo,
  type Server,
} from '@carol/contracts';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';
import type { FindFilters } from './filters';

export const PAGE_SIZE = 20;

export interface SearchOrigin {
  lat: number;
  lng: number;
}

export const findKeys = {
  shops: (server: Server, f: FindFilters, at: SearchOrigin | null) =>
    ['find', 'shops', server, f, at] as const,
  designers: (server: Server, f: FindFilters, at: SearchOrigin | null) =>
    ['find', 'designers', server, f, at] as const,
  detail: (server: Server, shopId: number) => ['shop', 'detail', server, shopId] as const,
  menus: (server: Server, shopId: number) => ['shop', 'menus', server, shopId] as const,
};

const flag = (on: boolean) => (on ? (1 as const) : undefined);

/** The request of both searches: designers take the shop search's fields (ADR 008). */
function searchRequest(f: FindFilters, at: SearchOrigin | null, page: number) {
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

export function useShopSearch(f: FindFilters, at: SearchOrigin | null, enabled: boolean) {
  const server = useCommonStore((s) => s.server);
  return useInfiniteQuery({
    queryKey: findKeys.shops(server, f, at),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(getShopSearchInfo, searchRequest(f, at, pageParam), { signal }),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
  });
}

export function useDesignerSearch(f: FindFilters, at: SearchOrigin | null, enabled: boolean) {
  const server = useCommonStore((s) => s.server);
  return useInfiniteQuery({
    queryKey: findKeys.designers(server, f, at),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(getDesignerSearchInfo, searchRequest(f, at, pageParam), { signal }),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
  });
}

export function useShopDetail(shopId: number) {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: findKeys.detail(server, shopId),
    enabled: Number.isInteger(shopId) && shopId > 0,
    queryFn: ({ signal }) => callEndpoint(getShopDetail, { shop_id: shopId }, { signal }),
    select: (data) => data.detail,
    retry: (count, error) => count < 2 && !isNotFound(error),
  });
}

export function useShopMenus(shopId: number) {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: findKeys.menus(server, shopId),
    enabled: Number.isInteger(shopId) && shopId > 0,
    queryFn: ({ signal }) => callEndpoint(getShopMenuList, { shop_id: shopId }, { signal }),
    select: (data) => data.menu_list,
    retry: (count, error) => count < 2 && !isNotFound(error),
  });
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.resCode === 'NOT_FOUND';
}

import { useQuery } from '@tanstack/react-query';
import { getShopDetail, getShopMenuList, type Server } from '@carol/contracts';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';

export const shopKeys = {
  detail: (server: Server, shopId: number) => ['shop', 'detail', server, shopId] as const,
  menus: (server: Server, shopId: number) => ['shop', 'menus', server, shopId] as const,
};

export function useShopDetail(shopId: number) {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: shopKeys.detail(server, shopId),
    enabled: Number.isInteger(shopId) && shopId > 0,
    queryFn: ({ signal }) => callEndpoint(getShopDetail, { shop_id: shopId }, { signal }),
    select: (data) => data.detail,
    retry: (count, error) => count < 2 && !isNotFound(error),
  });
}

export function useShopMenus(shopId: number) {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: shopKeys.menus(server, shopId),
    enabled: Number.isInteger(shopId) && shopId > 0,
    queryFn: ({ signal }) => callEndpoint(getShopMenuList, { shop_id: shopId }, { signal }),
    select: (data) => data.menu_list,
    retry: (count, error) => count < 2 && !isNotFound(error),
  });
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.resCode === 'NOT_FOUND';
}

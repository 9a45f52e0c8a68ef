import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  deleteDesignerFavorite,
  deleteShopFavorite,
  getCatalogueFavoriteList,
  getDesignerFavoriteList,
  getShopFavoriteList,
  setDesignerFavorite,
  setShopFavorite,
  type ResponseOf,
} from '@carol/contracts';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { memberKeys } from '../../lib/api/query-client';
import { requireMembership } from '../../lib/members-only';
import { useCommonStore } from '../../lib/stores/common.store';

export const FAVORITES_PAGE_SIZE = 20;

export type FavoriteKind = 'shop' | 'designer';
export const favoriteListTypes = ['shops', 'designers', 'styles'] as const;
export type FavoriteListType = (typeof favoriteListTypes)[number];

/** Under 'member': removed with the rest of the member's data at logout (lib/session.ts). */
export const favoriteKeys = {
  all: [...memberKeys.all, 'favorites'] as const,
  list: (type: FavoriteListType, server: string) =>
    [...memberKeys.all, 'favorites', type, server] as const,
};

/**
 * A cache entry that shows the heart, and how to write the new state into it. Several can be
 * patched at once (e.g. a detail page and the favourites list).
 */
export interface FavoritePatch<T = unknown> {
  queryKey: QueryKey;
  update: (old: T, isFavorite: boolean) => T;
}

/**
 * Favourite / unfavourite a shop or designer. The cache is patched at once (optimistic); a
 * failed call restores it and shows a toast. Guests get the members-only prompt instead.
 */
export function useFavoriteToggle(kind: FavoriteKind, id: number, patches: FavoritePatch[]) {
  const queryClient = useQueryClient();
  const showToast = useCommonStore((s) => s.showToast);
  const { t } = useTranslation('favorites');
  const mutation = useMutation({
    mutationFn: async (isFavorite: boolean): Promise<boolean> => {
      if (kind === 'shop') {
        await callEndpoint(isFavorite ? setShopFavorite : deleteShopFavorite, { shop_id: id });
      } else {
        await callEndpoint(isFavorite ? setDesignerFavorite : deleteDesignerFavorite, {
          designer_id: id,
        });
      }
      return isFavorite;
    },
    onMutate: async (isFavorite: boolean) => {
      await Promise.all(patches.map((p) => queryClient.cancelQueries({ queryKey: p.queryKey })));
      const previous = patches.map((p) => [p.queryKey, queryClient.getQueryData(p.queryKey)]);
      for (const p of patches) {
        queryClient.setQueryData(p.queryKey, (old: unknown) =>
          old === undefined ? old : p.update(old, isFavorite),
        );
      }
      return { previous };
    },
    onError: (error, _isFavorite, context) => {
      for (const [key, data] of context?.previous ?? []) {
        queryClient.setQueryData(key as QueryKey, data);
      }
      showToast(
        isApiError(error) && error.resCode === 'UNAUTHORIZED' ? error.resMessage : t('failed'),
        { alternateColor: true },
      );
    },
    onSuccess: (_data, isFavorite) => {
      showToast(isFavorite ? t('added') : t('removed'));
    },
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: [...favoriteKeys.all, kind === 'shop' ? 'shops' : 'designers'],
      }),
  });
  const { mutate } = mutation;
  const toggle = (next: boolean): void => {
    if (!requireMembership()) return;
    mutate(next);
  };
  return { toggle, isPending: mutation.isPending };
}

const listContracts = {
  shops: getShopFavoriteList,
  designers: getDesignerFavoriteList,
  styles: getCatalogueFavoriteList,
} as const;

export type FavoriteListPage<T extends FavoriteListType> = ResponseOf<(typeof listContracts)[T]>;

export function useFavoriteList<T extends FavoriteListType>(type: T) {
  const server = useCommonStore((s) => s.server);
  return useInfiniteQuery({
    queryKey: favoriteKeys.list(type, server),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      // The three contracts share the request shape; TypeScript can't see that through T.
      callEndpoint(
        listContracts[type] as typeof getShopFavoriteList,
        { page: pageParam, page_size: FAVORITES_PAGE_SIZE },
        { signal },
      ) as unknown as Promise<FavoriteListPage<T>>,
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
  });
}

/** Removes (or keeps) one item in every loaded page of a favourites list. */
export function patchListItem<P extends { total: number }>(
  listField: keyof P,
  idField: string,
  id: number,
) {
  return (old: unknown, isFavorite: boolean) => {
    if (isFavorite) return old;
    const data = old as InfiniteData<P>;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const items = page[listField] as unknown as Array<Record<string, unknown>>;
        const kept = items.filter((item) => item[idField] !== id);
        return { ...page, [listField]: kept, total: page.total - (items.length - kept.length) };
      }),
    };
  };
}

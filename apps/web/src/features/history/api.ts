import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  deleteHistory,
  getDateVisitList,
  getMyPhotoList,
  getShopVisitList,
  setCaption,
  setHistoryHidden,
  type ResponseOf,
} from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { memberKeys } from '../../lib/api/query-client';
import { useCommonStore } from '../../lib/stores/common.store';
import type { DateRange } from './date-range';

export const PHOTO_PAGE_SIZE = 10;

export type HistoryView = 'visible' | 'hidden';

export interface PhotoListFilter {
  shopId: number | null;
  range: DateRange | null;
  view: HistoryView;
}

/** Under 'member': dropped with the rest of the member's data at logout (lib/session.ts). */
export const historyKeys = {
  all: [...memberKeys.all, 'history'] as const,
  shops: (server: string) => [...memberKeys.all, 'history', 'shops', server] as const,
  photos: (server: string, filter: PhotoListFilter) =>
    [
      ...memberKeys.all,
      'history',
      'photos',
      server,
      filter.shopId,
      filter.range?.from ?? null,
      filter.range?.to ?? null,
      filter.view,
    ] as const,
  dates: (server: string, from: string, to: string, shopId: number | null) =>
    [...memberKeys.all, 'history', 'dates', server, from, to, shopId] as const,
};

export type PhotoPage = ResponseOf<typeof getMyPhotoList>;

/** The linked salons with their last visit, counts and notices (the hub). */
export function useShopVisitList() {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: historyKeys.shops(server),
    queryFn: ({ signal }) => callEndpoint(getShopVisitList, {}, { signal }),
    select: (data) => data.shop_visit_list,
    // Salons add visits and notices while the member is elsewhere.
    staleTime: 0,
  });
}

/** Visits with their photos and videos, newest first, a page at a time. */
export function useMyPhotoList(filter: PhotoListFilter) {
  const server = useCommonStore((s) => s.server);
  return useInfiniteQuery({
    queryKey: historyKeys.photos(server, filter),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getMyPhotoList,
        {
          ...(filter.shopId ? { shop_id: filter.shopId } : {}),
          ...(filter.range ? { from: filter.range.from, to: filter.range.to } : {}),
          view: filter.view,
          page: pageParam,
          page_size: PHOTO_PAGE_SIZE,
        },
        { signal },
      ),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
  });
}

/** The days with visits between `from` and `to` (one calendar page), for the picker's marks. */
export function useDateVisitList(from: string, to: string, shopId: number | null) {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: historyKeys.dates(server, from, to, shopId),
    queryFn: ({ signal }) =>
      callEndpoint(
        getDateVisitList,
        { from, to, ...(shopId ? { shop_id: shopId } : {}) },
        { signal },
      ),
    select: (data) => new Set(data.dates),
  });
}

type PhotoPages = InfiniteData<PhotoPage>;

/** Removes media from every loaded page at once (a visit left without media goes too). */
function dropMedia(old: PhotoPages | undefined, ids: ReadonlySet<number>): PhotoPages | undefined {
  if (!old) return old;
  return {
    ...old,
    pages: old.pages.map((page) => ({
      ...page,
      my_photo_list: page.my_photo_list
        .map((visit) => ({ ...visit, media: visit.media.filter((m) => !ids.has(m.media_id)) }))
        .filter((visit) => visit.media.length > 0),
    })),
  };
}

function useDropFromLists() {
  const queryClient = useQueryClient();
  return (ids: readonly number[]) => {
    const gone = new Set(ids);
    queryClient.setQueriesData<PhotoPages>({ queryKey: [...historyKeys.all, 'photos'] }, (old) =>
      dropMedia(old, gone),
    );
  };
}

/** Hides media (kept in the "hidden" view) or restores them; failures are HIDE_FAILED. */
export function useSetHidden() {
  const queryClient = useQueryClient();
  const drop = useDropFromLists();
  return useMutation({
    mutationFn: (input: { ids: number[]; hidden: boolean }) =>
      callEndpoint(setHistoryHidden, { media_ids: input.ids, hidden: input.hidden }),
    onSuccess: ({ media_ids }) => drop(media_ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}

/** Deletes media from the member's history for good (the salon keeps its record). */
export function useDeleteHistory() {
  const queryClient = useQueryClient();
  const drop = useDropFromLists();
  return useMutation({
    mutationFn: (ids: number[]) => callEndpoint(deleteHistory, { media_ids: ids }),
    onSuccess: ({ deleted_ids }) => drop(deleted_ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}

/** The member's own memo on a photo or video; the loaded pages take it at once. */
export function useSetCaption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { mediaId: number; caption: string }) =>
      callEndpoint(setCaption, { media_id: input.mediaId, caption: input.caption }),
    onSuccess: ({ media_id, personal_memo }) => {
      queryClient.setQueriesData<PhotoPages>(
        { queryKey: [...historyKeys.all, 'photos'] },
        (old) =>
          old && {
            ...old,
            pages: old.pages.map((page) => ({
              ...page,
              my_photo_list: page.my_photo_list.map((visit) => ({
                ...visit,
                media: visit.media.map((m) =>
                  m.media_id === media_id ? { ...m, personal_memo } : m,
                ),
              })),
            })),
          },
      );
    },
  });
}

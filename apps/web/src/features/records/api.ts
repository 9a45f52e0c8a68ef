import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  deleteDiagnosisContent,
  deleteHistory,
  getDateVisitList,
  getDiagnosisContents,
  getLinkInfo,
  getMyPhotoList,
  getShopVisitList,
  getVisitShopList,
  setCaption,
  setHistoryHidden,
  userLinkAdd,
  userLinkCancel,
  type ResponseOf,
} from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { memberKeys } from '../../lib/api/query-client';
import { useCommonStore } from '../../lib/stores/common.store';
import type { DateRange } from './date-range';

export const VISIT_SHOPS_PAGE_SIZE = 20;
/** Diagnoses come twelve a year at most: a page holds a year, the chart reads every loaded page. */
export const DIAGNOSES_PAGE_SIZE = 50;

/** Under 'member': dropped with the rest of the member's data at logout (lib/session.ts). */
export const recordKeys = {
  all: [...memberKeys.all, 'records'] as const,
  visitShops: (server: string) => [...memberKeys.all, 'records', 'visit-shops', server] as const,
  diagnoses: (server: string) => [...memberKeys.all, 'records', 'diagnoses', server] as const,
  linkedShops: (server: string) => [...memberKeys.all, 'records', 'linked-shops', server] as const,
  linkInfo: (target: LinkTarget) => [...memberKeys.all, 'records', 'link-info', target] as const,
};

export type VisitShopPage = ResponseOf<typeof getVisitShopList>;
export type DiagnosisPage = ResponseOf<typeof getDiagnosisContents>;

export function useVisitShops() {
  const server = useCommonStore((s) => s.server);
  return useInfiniteQuery({
    queryKey: recordKeys.visitShops(server),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getVisitShopList,
        { page: pageParam, page_size: VISIT_SHOPS_PAGE_SIZE },
        { signal },
      ),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
    // Visits and links change on other screens (a booking done, a salon linked).
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** Writes a salon's heart into every loaded page of the visited-salons list. */
export function patchVisitShopFavorite(shopId: number) {
  return (old: unknown, isFavorite: boolean) => {
    const data = old as InfiniteData<VisitShopPage>;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        visit_shop_list: page.visit_shop_list.map((shop) =>
          shop.shop_id === shopId ? { ...shop, is_favorite: isFavorite } : shop,
        ),
      })),
    };
  };
}

export function useDiagnoses() {
  const server = useCommonStore((s) => s.server);
  return useInfiniteQuery({
    queryKey: recordKeys.diagnoses(server),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getDiagnosisContents,
        { page: pageParam, page_size: DIAGNOSES_PAGE_SIZE },
        { signal },
      ),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useDeleteDiagnosis() {
  const queryClient = useQueryClient();
  const server = useCommonStore((s) => s.server);
  return useMutation({
    mutationFn: (diagnosisId: number) =>
      callEndpoint(deleteDiagnosisContent, { diagnosis_id: diagnosisId }),
    onSuccess: ({ diagnosis_id }) => {
      queryClient.setQueryData<InfiniteData<DiagnosisPage>>(recordKeys.diagnoses(server), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => {
                const kept = page.diagnosis_contents.filter((d) => d.diagnosis_id !== diagnosis_id);
                return {
                  ...page,
                  diagnosis_contents: kept,
                  total: page.total - (page.diagnosis_contents.length - kept.length),
                };
              }),
            }
          : old,
      );
    },
  });
}

/** A salon to link with: by id (salon page) or by a scanned code (QR scanner). */
export type LinkTarget = { shop_id: number } | { code: string };

export function useLinkInfo(target: LinkTarget, enabled = true) {
  return useQuery({
    queryKey: recordKeys.linkInfo(target),
    enabled,
    queryFn: ({ signal }) => callEndpoint(getLinkInfo, target, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Linking and unlinking change what every record screen shows (styling history, visits, scalp,
 * notices, the my-page counts): everything of the member's is read again.
 */
function useForgetMemberRecords() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: memberKeys.all,
      // Not the code or the link sheet that is on screen: a used code answers QR_INVALID now.
      predicate: (query) =>
        !query.queryKey.includes('link-info') && !query.queryKey.includes('qr-code'),
    });
}

export function useLinkAdd(target: LinkTarget) {
  const forget = useForgetMemberRecords();
  return useMutation({
    mutationFn: () => callEndpoint(userLinkAdd, target),
    onSuccess: () => forget(),
  });
}

export function useLinkCancel() {
  const forget = useForgetMemberRecords();
  return useMutation({
    mutationFn: (shopId: number) => callEndpoint(userLinkCancel, { shop_id: shopId }),
    onSuccess: () => forget(),
  });
}

// --- styling history: the salon's photos of the member, by visit --------------------------------

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

import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  deleteDiagnosisContent,
  getDiagnosisContents,
  getLinkInfo,
  getVisitShopList,
  userLinkAdd,
  userLinkCancel,
  type ResponseOf,
} from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { memberKeys } from '../../lib/api/query-client';
import { useCommonStore } from '../../lib/stores/common.store';

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

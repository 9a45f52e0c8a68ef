import { useInfiniteQuery } from '@tanstack/react-query';
import { getReviewList } from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';

export type ReviewTarget = { shopId: number } | { designerId: number };

export function useReviews(target: ReviewTarget, pageSize = 5) {
  const server = useCommonStore((s) => s.server);
  const language = useCommonStore((s) => s.language);
  const body = 'shopId' in target ? { shop_id: target.shopId } : { designer_id: target.designerId };
  return useInfiniteQuery({
    // Language is in the key: a withdrawn author's label comes localized from the server.
    queryKey: ['reviews', server, language, body, pageSize] as const,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(getReviewList, { ...body, page: pageParam, page_size: pageSize }, { signal }),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
  });
}

import { useQuery } from '@tanstack/react-query';
import { getDesignerDetail, type ResponseOf } from '@carol/contracts';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';

export const designerKeys = {
  detail: (server: string, designerId: number, loginID: number | null) =>
    ['designer', 'detail', server, designerId, loginID] as const,
};

export function useDesignerDetail(designerId: number) {
  const server = useCommonStore((s) => s.server);
  const loginID = useCommonStore((s) => (s.loginFlag ? s.loginID : null));
  return useQuery({
    queryKey: designerKeys.detail(server, designerId, loginID),
    enabled: Number.isInteger(designerId) && designerId > 0,
    queryFn: ({ signal }) =>
      callEndpoint(getDesignerDetail, { designer_id: designerId }, { signal }),
    retry: (count, error) => count < 2 && !(isApiError(error) && error.resCode === 'NOT_FOUND'),
  });
}

export type DesignerDetailData = ResponseOf<typeof getDesignerDetail>;

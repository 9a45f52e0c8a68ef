import { useQuery } from '@tanstack/react-query';
import { getUserInfo } from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { memberKeys } from '../../lib/api/query-client';

/** Under the `['member', ...]` prefix, so logout() drops it with the rest of the member's data. */
export const userInfoKey = [...memberKeys.all, 'user-info'] as const;

export function useUserInfo() {
  return useQuery({
    queryKey: userInfoKey,
    queryFn: ({ signal }) => callEndpoint(getUserInfo, {}, { signal }),
    select: (answer) => answer.user,
    staleTime: 30_000,
  });
}

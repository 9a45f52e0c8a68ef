import { useQuery } from '@tanstack/react-query';
import { getMypageSummary } from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { memberKeys } from '../../lib/api/query-client';
import { useCommonStore } from '../../lib/stores/common.store';

/** Under 'member': dropped with the rest of the member's data at logout (lib/session.ts). */
export const mypageKeys = {
  summary: (server: string) => [...memberKeys.all, 'mypage', 'summary', server] as const,
};

/**
 * My page at a glance: one call (ADR 027). Read again every time the page opens, since other
 * screens change what it counts (hearts, bookings, gallery); the last answer shows meanwhile.
 */
export function useMypageSummary() {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: mypageKeys.summary(server),
    queryFn: ({ signal }) => callEndpoint(getMypageSummary, {}, { signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getConsents, setMarketingConsent } from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { memberKeys } from '../../lib/api/query-client';

/** Under the `['member', ...]` prefix, so logout() drops it with the rest of the member's data. */
export const consentsKey = [...memberKeys.all, 'consents'] as const;

/** The signed-in member's latest choice per consent item (ADR 025). */
export function useConsents() {
  return useQuery({
    queryKey: consentsKey,
    queryFn: ({ signal }) => callEndpoint(getConsents, {}, { signal }),
    select: (answer) => answer.consents,
    staleTime: 30_000,
  });
}

/** Opt in to or out of marketing by e-mail and SMS; the list is refreshed afterwards. */
export function useSetMarketingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agree: boolean) => callEndpoint(setMarketingConsent, { agree }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: consentsKey }),
  });
}

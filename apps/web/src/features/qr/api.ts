import { useMutation, useQuery } from '@tanstack/react-query';
import { confirmQrLogin, getQrCodeInfo } from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { memberKeys } from '../../lib/api/query-client';

/** What a scanned code asks (log the mirror in, or link records) and until when it is valid. */
export function useQrCodeInfo(code: string) {
  return useQuery({
    queryKey: [...memberKeys.all, 'qr-code', code],
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(getQrCodeInfo, { code }, { signal });
      return { ...answer, deadline: Date.now() + answer.expires_in * 1000 };
    },
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Logs the salon's mirror in as the member. */
export function useConfirmQrLogin(code: string) {
  return useMutation({
    mutationFn: () => callEndpoint(confirmQrLogin, { code }),
  });
}

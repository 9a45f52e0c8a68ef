import { useQuery } from '@tanstack/react-query';
import { getOidcConfig } from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';

export const oidcConfigKey = ['oidc-config'] as const;

/** The server's runtime OpenID Connect settings (no rebuild needed to change them). */
export function useOidcConfig() {
  return useQuery({
    queryKey: oidcConfigKey,
    queryFn: ({ signal }) => callEndpoint(getOidcConfig, {}, { signal }),
    staleTime: 10 * 60 * 1000,
    retry: 1,
  });
}

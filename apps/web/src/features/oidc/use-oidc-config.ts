import { useQuery } from '@tanstack/react-query';
import { getOidcConfig, type Server } from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';

/** Per market: the button order depends on it (LINE first in Japan, Kakao first in Korea). */
export const oidcConfigKey = (server: Server) => ['oidc-config', server] as const;

/** The server's runtime OpenID Connect settings (no rebuild needed to change them). */
export function useOidcConfig() {
  const server = useCommonStore((state) => state.server);
  return useQuery({
    queryKey: oidcConfigKey(server),
    queryFn: ({ signal }) => callEndpoint(getOidcConfig, {}, { signal }),
    staleTime: 10 * 60 * 1000,
    retry: 1,
  });
}

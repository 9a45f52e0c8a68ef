import { useQuery } from '@tanstack/react-query';
import { getMapConfig } from '@carol/contracts';
import { callEndpoint } from './api/client';
import { useCommonStore } from './stores/common.store';

/** Tile URL, attribution and the market's default view, read at runtime (MAP_TILE_URL). */
export function useMapConfig() {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: ['map', 'config', server],
    queryFn: ({ signal }) => callEndpoint(getMapConfig, {}, { signal }),
    staleTime: Infinity,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getAddressByCoord, getCoordSearchList, type PlaceItem } from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';

export const PLACE_LIMIT = 20;

/** Place search (/carol/coord/getSearchList); off while the keyword is blank. */
export function usePlaceSearch(keyword: string) {
  const server = useCommonStore((s) => s.server);
  const language = useCommonStore((s) => s.language);
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: ['coord', 'search', server, language, trimmed] as const,
    enabled: trimmed.length > 0,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<PlaceItem[]> => {
      const res = await callEndpoint(
        getCoordSearchList,
        { keyword: trimmed, limit: PLACE_LIMIT },
        { signal },
      );
      return res.list;
    },
  });
}

/** The nearest named place to a coordinate (/carol/coord/getAddressByCoord). */
export function addressByCoord(lat: number, lng: number) {
  return callEndpoint(getAddressByCoord, { lat, lng });
}

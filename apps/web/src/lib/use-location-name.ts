import { useQuery } from '@tanstack/react-query';
import { getCoordSearchList } from '@carol/contracts';
import { callEndpoint } from './api/client';
import { useCommonStore } from './stores/common.store';
import { useCoordinateStore } from './stores/coordinate.store';

/**
 * The chosen place's name in the language on screen. The gazetteer answers in the
 * request's language, so a place chosen in Korean is looked up again by its name when the
 * language changes, and the same place (its id) gives its Japanese or English name. Until
 * then, and for a place without a name in this language, '' (the screens then say "near
 * you" in the language on screen) — never a name in another language.
 */
export function useLocationName(): string {
  const language = useCommonStore((s) => s.language);
  const name = useCoordinateStore((s) => s.locationName);
  const placeId = useCoordinateStore((s) => s.locationPlaceId);
  const nameLanguage = useCoordinateStore((s) => s.locationLanguage);
  const isCurrent = nameLanguage === null || nameLanguage === language;
  const renamed = useQuery({
    queryKey: ['coord', 'name', placeId, language] as const,
    enabled: !isCurrent && placeId !== null && name !== '',
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const res = await callEndpoint(getCoordSearchList, { keyword: name, limit: 20 }, { signal });
      return res.list.find((p) => p.id === placeId)?.name ?? '';
    },
  });
  if (isCurrent) return name;
  return renamed.data ?? '';
}

import { useQuery } from '@tanstack/react-query';
import {
  getDesignerSearchInfo,
  getHotHairColorList,
  getHotStyleList,
  getMainBanner,
  getShopSearchInfo,
  getMiddleBanner,
  type Language,
  type Server,
} from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';
import type { SearchOrigin } from '../../lib/use-search-origin';

/** Cards in each nearby row: enough to scroll, small enough to stay fast. */
export const NEARBY_COUNT = 10;
export const HOT_STYLE_COUNT = 10;

/** Banners and colours differ by market and language, so both are part of every key. */
export const homeKeys = {
  mainBanners: (server: Server, language: Language) =>
    ['home', 'main-banners', server, language] as const,
  middleBanners: (server: Server, language: Language) =>
    ['home', 'middle-banners', server, language] as const,
  hotColors: (server: Server, language: Language, limit: number) =>
    ['home', 'hot-colors', server, language, limit] as const,
  hotStyles: (language: Language, limit: number) =>
    ['home', 'hot-styles', language, limit] as const,
  nearbyShops: (server: Server, at: SearchOrigin | null) =>
    ['home', 'nearby-shops', server, at] as const,
  nearbyDesigners: (server: Server, at: SearchOrigin | null) =>
    ['home', 'nearby-designers', server, at] as const,
};

function useLocaleKey() {
  const server = useCommonStore((s) => s.server);
  const language = useCommonStore((s) => s.language);
  return { server, language };
}

export function useMainBanners() {
  const { server, language } = useLocaleKey();
  return useQuery({
    queryKey: homeKeys.mainBanners(server, language),
    queryFn: ({ signal }) => callEndpoint(getMainBanner, {}, { signal }),
    select: (data) => data.main_banners,
  });
}

export function useMiddleBanners(isEnabled = true) {
  const { server, language } = useLocaleKey();
  return useQuery({
    queryKey: homeKeys.middleBanners(server, language),
    enabled: isEnabled,
    queryFn: ({ signal }) => callEndpoint(getMiddleBanner, {}, { signal }),
    select: (data) => data.middle_banners,
  });
}

export function useHotHairColors(limit = 12, isEnabled = true) {
  const { server, language } = useLocaleKey();
  return useQuery({
    queryKey: homeKeys.hotColors(server, language, limit),
    enabled: isEnabled,
    queryFn: ({ signal }) => callEndpoint(getHotHairColorList, { limit }, { signal }),
    select: (data) => data.hair_color_list,
  });
}

export function useHotStyles(limit = HOT_STYLE_COUNT, isEnabled = true) {
  const language = useCommonStore((s) => s.language);
  return useQuery({
    queryKey: homeKeys.hotStyles(language, limit),
    enabled: isEnabled,
    queryFn: ({ signal }) => callEndpoint(getHotStyleList, { limit }, { signal }),
    select: (data) => data.style_list,
  });
}

/** The closest shops to `at`, or to the server's default city when `at` is null. */
export function useNearbyShops(at: SearchOrigin | null) {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: homeKeys.nearbyShops(server, at),
    queryFn: ({ signal }) =>
      callEndpoint(
        getShopSearchInfo,
        { lat: at?.lat, lng: at?.lng, sort: 'distance', page_size: NEARBY_COUNT },
        { signal },
      ),
    select: (data) => data.shop_list,
    // Keep the cards while the location changes (no jump); never across markets.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === server ? previous : undefined,
  });
}

/**
 * Nearest first, but at most two per salon, so the row shows the designers of several nearby
 * salons instead of the whole team of the closest one.
 */
export function spreadOverShops<T extends { shop_id: number }>(
  designers: readonly T[],
  perShop = 2,
  count = NEARBY_COUNT,
): T[] {
  const seen = new Map<number, number>();
  const picked: T[] = [];
  for (const d of designers) {
    const n = seen.get(d.shop_id) ?? 0;
    if (n >= perShop) continue;
    seen.set(d.shop_id, n + 1);
    picked.push(d);
    if (picked.length === count) break;
  }
  return picked;
}

/** The closest active designers to `at`, or to the server's default city. */
export function useNearbyDesigners(at: SearchOrigin | null, isEnabled = true) {
  const server = useCommonStore((s) => s.server);
  return useQuery({
    queryKey: homeKeys.nearbyDesigners(server, at),
    enabled: isEnabled,
    queryFn: ({ signal }) =>
      callEndpoint(
        getDesignerSearchInfo,
        { lat: at?.lat, lng: at?.lng, page_size: NEARBY_COUNT * 3 },
        { signal },
      ),
    select: (data) => spreadOverShops(data.designer_list),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === server ? previous : undefined,
  });
}

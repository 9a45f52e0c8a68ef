import { useQuery } from '@tanstack/react-query';
import {
  getHotHairColorList,
  getMainBanner,
  getMiddleBanner,
  type Language,
  type Server,
} from '@carol/contracts';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';

/** Banners and colours differ by market and language, so both are part of every key. */
export const homeKeys = {
  mainBanners: (server: Server, language: Language) =>
    ['home', 'main-banners', server, language] as const,
  middleBanners: (server: Server, language: Language) =>
    ['home', 'middle-banners', server, language] as const,
  hotColors: (server: Server, language: Language, limit: number) =>
    ['home', 'hot-colors', server, language, limit] as const,
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

export function useMiddleBanners() {
  const { server, language } = useLocaleKey();
  return useQuery({
    queryKey: homeKeys.middleBanners(server, language),
    queryFn: ({ signal }) => callEndpoint(getMiddleBanner, {}, { signal }),
    select: (data) => data.middle_banners,
  });
}

export function useHotHairColors(limit = 12) {
  const { server, language } = useLocaleKey();
  return useQuery({
    queryKey: homeKeys.hotColors(server, language, limit),
    queryFn: ({ signal }) => callEndpoint(getHotHairColorList, { limit }, { signal }),
    select: (data) => data.hair_color_list,
  });
}

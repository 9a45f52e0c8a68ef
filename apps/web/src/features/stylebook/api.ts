import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import {
  addHairBook,
  getCatalogueStyle,
  getCatalogueType,
  getGenderHairListByShop,
  getPhotoDetail,
  getShareStyle,
  getShopListByStyleBook,
  subHairBook,
  type CataloguePhoto,
  type ResponseOf,
  type Server,
} from '@carol/contracts';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';
import type { StylebookPath } from './stylebook-path';

export const PHOTO_PAGE_SIZE = 24;
export const SHOP_PAGE_SIZE = 20;

/** Every query here starts with 'stylebook', so a hair-book change can patch them all. */
export const stylebookKeys = {
  all: ['stylebook'] as const,
  types: (server: Server, language: string, gender: string) =>
    ['stylebook', 'types', server, language, gender] as const,
  styles: (server: Server, language: string, loggedIn: boolean, p: StylebookPath) =>
    ['stylebook', 'styles', server, language, loggedIn, p] as const,
  shopPhotos: (
    server: Server,
    language: string,
    loggedIn: boolean,
    shopId: number,
    p: StylebookPath,
  ) => ['stylebook', 'shop-photos', server, language, loggedIn, shopId, p] as const,
  photo: (server: Server, language: string, loggedIn: boolean, photoId: number) =>
    ['stylebook', 'photo', server, language, loggedIn, photoId] as const,
  shops: (
    server: Server,
    p: StylebookPath,
    sort: string,
    at: { lat: number; lng: number } | null,
  ) => ['stylebook', 'shops', server, p, sort, at] as const,
};

function useRequestScope() {
  const server = useCommonStore((s) => s.server);
  const language = useCommonStore((s) => s.language);
  const loggedIn = useCommonStore((s) => s.loginFlag && s.loginID !== null);
  return { server, language, loggedIn };
}

const pathFields = (p: StylebookPath) => ({
  gender: p.gender,
  type_id: p.type,
  style_id: p.style,
  substyle_id: p.substyle,
});

export function isNotFound(error: unknown): boolean {
  return (
    isApiError(error) && (error.resCode === 'NOT_FOUND' || error.resCode === 'VALIDATION_FAILED')
  );
}

const noRetryOnNotFound = (count: number, error: unknown) => count < 2 && !isNotFound(error);

export function useCatalogueTypes(gender: 'w' | 'm') {
  const { server, language } = useRequestScope();
  return useQuery({
    queryKey: stylebookKeys.types(server, language, gender),
    queryFn: ({ signal }) => callEndpoint(getCatalogueType, { gender }, { signal }),
    select: (data) => data.type_list,
    staleTime: 5 * 60_000,
  });
}

export function useCatalogueStyles(path: StylebookPath) {
  const { server, language, loggedIn } = useRequestScope();
  return useInfiniteQuery({
    queryKey: stylebookKeys.styles(server, language, loggedIn, path),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getCatalogueStyle,
        { ...pathFields(path), page: pageParam, page_size: PHOTO_PAGE_SIZE },
        { signal },
      ),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
    retry: noRetryOnNotFound,
    placeholderData: (previous, previousQuery) =>
      // Keep the style chips while only the substyle or style changes.
      previousQuery?.queryKey[5].type === path.type ? previous : undefined,
  });
}

export function useShopPhotos(shopId: number, path: StylebookPath) {
  const { server, language, loggedIn } = useRequestScope();
  return useInfiniteQuery({
    queryKey: stylebookKeys.shopPhotos(server, language, loggedIn, shopId, path),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getGenderHairListByShop,
        { shop_id: shopId, ...pathFields(path), page: pageParam, page_size: PHOTO_PAGE_SIZE },
        { signal },
      ),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
    retry: noRetryOnNotFound,
  });
}

export function usePhotoDetail(photoId: number | null) {
  const { server, language, loggedIn } = useRequestScope();
  return useQuery({
    queryKey: stylebookKeys.photo(server, language, loggedIn, photoId ?? 0),
    enabled: photoId !== null,
    queryFn: ({ signal }) => callEndpoint(getPhotoDetail, { photo_id: photoId! }, { signal }),
    select: (data) => data.detail,
    retry: noRetryOnNotFound,
  });
}

export function useStylebookShops(
  path: StylebookPath,
  sort: 'distance' | 'rating' | 'photos',
  at: { lat: number; lng: number } | null,
) {
  const { server } = useRequestScope();
  return useInfiniteQuery({
    queryKey: stylebookKeys.shops(server, path, sort, at),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(
        getShopListByStyleBook,
        {
          ...pathFields(path),
          lat: at?.lat,
          lng: at?.lng,
          sort,
          page: pageParam,
          page_size: SHOP_PAGE_SIZE,
        },
        { signal },
      ),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
    retry: noRetryOnNotFound,
  });
}

export function fetchShareStyle(photoId: number) {
  return callEndpoint(getShareStyle, { photo_id: photoId });
}

type PhotoPage = { catalogue_list: CataloguePhoto[] };
type DetailData = ResponseOf<typeof getPhotoDetail>;

/** Sets `in_hair_book` of one photo wherever it is cached (lists, pages, detail). */
function patchPhoto(data: unknown, photoId: number, inHairBook: boolean): unknown {
  if (!data || typeof data !== 'object') return data;
  const patchList = (page: PhotoPage) => ({
    ...page,
    catalogue_list: page.catalogue_list.map((p) =>
      p.photo_id === photoId ? { ...p, in_hair_book: inHairBook } : p,
    ),
  });
  if ('pages' in data) {
    const inf = data as InfiniteData<PhotoPage>;
    return { ...inf, pages: inf.pages.map(patchList) };
  }
  if ('detail' in data) {
    const d = data as DetailData;
    return d.detail.photo_id === photoId
      ? { ...d, detail: { ...d.detail, in_hair_book: inHairBook } }
      : d;
  }
  return data;
}

/**
 * The heart: add_hair_book / sub_hair_book with an optimistic update of every cached copy of
 * the photo, rolled back when the call fails.
 */
export function useHairBookToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photoId, inHairBook }: { photoId: number; inHairBook: boolean }) =>
      callEndpoint(inHairBook ? addHairBook : subHairBook, { photo_id: photoId }),
    onMutate: async ({ photoId, inHairBook }) => {
      await queryClient.cancelQueries({ queryKey: stylebookKeys.all });
      const snapshot: Array<[QueryKey, unknown]> = queryClient.getQueriesData({
        queryKey: stylebookKeys.all,
      });
      queryClient.setQueriesData({ queryKey: stylebookKeys.all }, (data: unknown) =>
        patchPhoto(data, photoId, inHairBook),
      );
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => {
      // The favourites list (my page) reads the same table.
      void queryClient.invalidateQueries({ queryKey: ['favorites'] });
    },
  });
}

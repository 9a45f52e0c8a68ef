import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import {
  deletesFromMyGallery,
  getHotHairColorList,
  getListHairResources,
  getMyGalleryList,
  predictBald,
  predictFaceLandmark,
  predictHairColor,
  predictHairMask,
  saveToMyGallery,
  type PhotoCheck,
  type ResponseOf,
} from '@carol/contracts';
import { isApiError, type ApiErrorCode } from '../../lib/api/api-error';
import { callBlobEndpoint, callEndpoint } from '../../lib/api/client';
import { memberKeys } from '../../lib/api/query-client';
import { useCommonStore } from '../../lib/stores/common.store';
import type { SimulationLandmark } from '../../lib/stores/simulation.store';

export const GALLERY_PAGE_SIZE = 24;

/** Under 'member': removed with the rest of the member's data at logout (lib/session.ts). */
export const galleryKeys = {
  all: [...memberKeys.all, 'gallery'] as const,
  list: (server: string) => [...memberKeys.all, 'gallery', 'list', server] as const,
};

export const PALETTE_SIZE = 12;

/**
 * The palette: the home page's hot colours, with their names (same query key as the home
 * page, so coming from there costs nothing).
 */
export function usePaletteColors() {
  const server = useCommonStore((s) => s.server);
  const language = useCommonStore((s) => s.language);
  return useQuery({
    queryKey: ['home', 'hot-colors', server, language, PALETTE_SIZE] as const,
    queryFn: ({ signal }) => callEndpoint(getHotHairColorList, { limit: PALETTE_SIZE }, { signal }),
    select: (data) => data.hair_color_list,
  });
}

/**
 * Face landmarks of the (downscaled) photo and the service's check of it (ADR 037: what will not
 * work well); FACE_RECOGNITION_FAILED when there is no usable face.
 */
export async function detectFace(
  photo: Blob,
  signal?: AbortSignal,
): Promise<{ landmark: SimulationLandmark; check: PhotoCheck }> {
  const response = await callEndpoint(predictFaceLandmark, { photo }, signal ? { signal } : {});
  return {
    landmark: { image: response.image, landmark: response.landmark },
    check: response.check,
  };
}

/** The photo with its hair recoloured by the ML service (the image that is saved and shared). */
export function recolorHair(
  photo: Blob,
  color: string,
  strength: number,
  signal?: AbortSignal,
): Promise<Blob> {
  return callBlobEndpoint(
    predictHairColor,
    { photo, color, strength, format: 'jpeg' },
    signal ? { signal } : {},
  );
}

/** The soft hair matte the service recolours with (8-bit greyscale PNG), for the live preview. */
export function fetchHairMask(photo: Blob, signal?: AbortSignal): Promise<Blob> {
  return callBlobEndpoint(predictHairMask, { photo }, signal ? { signal } : {});
}

/** The hairstyle overlays of a gender (all lengths; the screen filters by length). */
export function useHairStyles(gender: 'w' | 'm', enabled = true) {
  const server = useCommonStore((s) => s.server);
  const language = useCommonStore((s) => s.language);
  return useQuery({
    queryKey: ['simulation', 'hair-styles', server, language, gender] as const,
    queryFn: ({ signal }) =>
      callEndpoint(getListHairResources, { kind: 'style', gender }, { signal }),
    select: (data) => data.list,
    enabled,
    staleTime: 10 * 60_000,
  });
}

export interface BaldPhoto {
  blob: Blob;
  /** Object URL of `blob` (revoke it with the photo). */
  url: string;
  /**
   * Object URL of the scalp map (greyscale PNG, 255 where the service turned hair beside and
   * behind the face into bare scalp): where the try-on lays the person's own hair under a style.
   */
  scalpUrl: string;
  width: number;
  height: number;
}

/** A base64 `data:` URL as a Blob. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const type = /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'application/octet-stream';
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** The photo with the bangs (and the rest of the hair) removed, for a hairstyle overlay. */
export async function removeBangs(photo: Blob, signal?: AbortSignal): Promise<BaldPhoto> {
  const response = await callEndpoint(predictBald, { photo }, signal ? { signal } : {});
  // Decoded here: the CSP's connect-src does not allow fetching data: URLs.
  const blob = dataUrlToBlob(response.baldImage);
  return {
    blob,
    url: URL.createObjectURL(blob),
    scalpUrl: URL.createObjectURL(dataUrlToBlob(response.scalp)),
    ...response.image,
  };
}

/** Codes whose server message is more precise than the generic "simulation failed". */
const ownMessageCodes = new Set<ApiErrorCode>([
  'FACE_RECOGNITION_FAILED',
  'SIMULATION_BUSY',
  'SIMULATION_TIMEOUT',
  'PHOTO_UNSUPPORTED',
  'PHOTO_INVALID',
  'PHOTO_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'NETWORK_ERROR',
  'TIMEOUT_EXCEEDED',
]);

/** The message for a failed ML call: the service's own when it says more, else `fallback`. */
export function simulationErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && ownMessageCodes.has(error.resCode) && error.resMessage) {
    return error.resMessage;
  }
  return fallback;
}

export type GalleryPage = ResponseOf<typeof getMyGalleryList>;

export function useSaveToGallery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { photo: Blob; memo?: string; source?: 'simulation' | 'gallery' }) =>
      callEndpoint(saveToMyGallery, {
        photo: input.photo,
        source: input.source ?? 'simulation',
        ...(input.memo ? { personal_memo: input.memo } : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}

export function useGalleryList() {
  const server = useCommonStore((s) => s.server);
  return useInfiniteQuery({
    queryKey: galleryKeys.list(server),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(getMyGalleryList, { page: pageParam, page_size: GALLERY_PAGE_SIZE }, { signal }),
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
  });
}

/** Deletes photos; the loaded pages drop them at once and are refetched afterwards. */
export function useDeleteFromGallery() {
  const queryClient = useQueryClient();
  const server = useCommonStore((s) => s.server);
  return useMutation({
    mutationFn: (ids: number[]) => callEndpoint(deletesFromMyGallery, { media_ids: ids }),
    onSuccess: ({ deleted_ids }) => {
      const gone = new Set(deleted_ids);
      queryClient.setQueryData<InfiniteData<GalleryPage>>(galleryKeys.list(server), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                gallery_list: page.gallery_list.filter((item) => !gone.has(item.media_id)),
                total: Math.max(
                  0,
                  page.total - page.gallery_list.filter((i) => gone.has(i.media_id)).length,
                ),
              })),
            }
          : old,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}

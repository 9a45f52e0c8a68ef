import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { GalleryItem, HairResource } from '@carol/contracts';
import { isApiError } from '../../lib/api/api-error';
import { shareImage } from '../../lib/share';
import { selectIsLoggedIn, useCommonStore } from '../../lib/stores/common.store';
import { useReservationStore, type ReservationLook } from '../../lib/stores/reservation.store';
import { useSaveToGallery } from './api';
import { bookLookTarget } from './book-look';
import type { ShownResult } from './use-simulation';
import type { StyleStageHandle } from './use-stage-export';

interface LookExportInput {
  isStyleMode: boolean;
  /** Hairstyle mode's look on screen and the stage that draws it. */
  styleLook: { key: string; name: string } | null;
  stageHandle: RefObject<StyleStageHandle | null>;
  resource: HairResource | null;
  /** Colour mode's recoloured photo on screen. */
  shown: ShownResult | null;
  /** The salon the try-on was opened from (`/simulation?shop_id=`): booking goes straight there. */
  shopId: number | null;
}

/**
 * Saving to the gallery (members only: otherwise the login sheet opens) and sharing the look on
 * screen: the recoloured photo, or the canvas composite of the style. Saved looks are remembered
 * by key so the same look is not saved twice.
 */
export function useLookExport({
  isStyleMode,
  styleLook,
  stageHandle,
  resource,
  shown,
  shopId,
}: LookExportInput) {
  const navigate = useNavigate();
  const { t } = useTranslation('simulation');
  const { t: te } = useTranslation('errors');
  const showToast = useCommonStore((s) => s.showToast);
  const isLoggedIn = useCommonStore(selectIsLoggedIn);
  /** Looks saved from this screen, by key: the gallery photo "Book this look" brings along. */
  const [savedItems, setSavedItems] = useState<ReadonlyMap<string, GalleryItem>>(new Map());
  const [isLoginSheetOpen, setLoginSheetOpen] = useState(false);
  const [isSharing, setSharing] = useState(false);
  const [isBooking, setBooking] = useState(false);
  const remember = (key: string, item: GalleryItem) =>
    setSavedItems((items) => new Map(items).set(key, item));
  const save = useSaveToGallery();

  /** What save and share send: the recoloured photo, or the canvas composite of the style. */
  const currentLook = async (): Promise<{ key: string; blob: Blob; memo: string } | null> => {
    if (isStyleMode) {
      if (!styleLook || !stageHandle.current) return null;
      return { key: styleLook.key, blob: await stageHandle.current.toBlob(), memo: styleLook.name };
    }
    return shown ? { key: shown.key, blob: shown.blob, memo: shown.color.name } : null;
  };

  const onSave = async () => {
    if (isStyleMode ? !styleLook : !shown) return;
    if (!isLoggedIn) {
      setLoginSheetOpen(true);
      return;
    }
    let look: Awaited<ReturnType<typeof currentLook>>;
    try {
      look = await currentLook();
    } catch {
      showToast(te('SAVE_FAILED'), { alternateColor: true });
      return;
    }
    if (!look) return;
    const { key } = look;
    save.mutate(
      { photo: look.blob, memo: look.memo },
      {
        onSuccess: ({ item }) => {
          remember(key, item);
          showToast(t('toast.saved'));
        },
        onError: (error) => {
          if (isApiError(error) && error.resCode === 'UNAUTHORIZED') setLoginSheetOpen(true);
          else showToast(te('SAVE_FAILED'), { alternateColor: true });
        },
      },
    );
  };

  const onShare = async () => {
    setSharing(true);
    try {
      const look = await currentLook();
      if (!look) return;
      const outcome = await shareImage(
        look.blob,
        isStyleMode && resource
          ? `carol-style-${resource.resource_id}.jpg`
          : `carol-${shown?.color.hex.slice(1) ?? 'look'}.jpg`,
        {
          title: t('share.title'),
          text: isStyleMode
            ? t('share.styleText', { style: look.memo })
            : t('share.text', { color: look.memo }),
        },
      );
      if (outcome === 'unsupported') showToast(te('NO_SHARE_SUPPORT'), { alternateColor: true });
    } catch {
      showToast(te('FAILED_TRY_AGAIN'), { alternateColor: true });
    } finally {
      setSharing(false);
    }
  };

  /**
   * "Book this look" (ADR 059): the look on screen is saved to the gallery unless it already
   * is, kept in the reservation draft, and the member goes on to the salon it was opened from,
   * or to the salons for this colour or style.
   */
  const onBook = async () => {
    if (isStyleMode ? !styleLook : !shown) return;
    if (!isLoggedIn) {
      setLoginSheetOpen(true);
      return;
    }
    setBooking(true);
    try {
      const look = await currentLook();
      if (!look) return;
      const item =
        savedItems.get(look.key) ??
        (await save.mutateAsync({ photo: look.blob, memo: look.memo })).item;
      remember(look.key, item);
      const brought: ReservationLook = {
        mediaId: item.media_id,
        thumbUrl: item.thumb_url ?? item.url,
        kind: isStyleMode ? 'style' : 'colour',
        name: look.memo,
        swatch: isStyleMode ? null : (shown?.color.hex.toLowerCase() ?? null),
      };
      useReservationStore.getState().attachLook(brought);
      if (shopId === null) showToast(t('toast.lookAttached'));
      void navigate(bookLookTarget({ shopId, resource: isStyleMode ? resource : null }));
    } catch (error) {
      if (isApiError(error) && error.resCode === 'UNAUTHORIZED') setLoginSheetOpen(true);
      else showToast(te('SAVE_FAILED'), { alternateColor: true });
    } finally {
      setBooking(false);
    }
  };

  return {
    onSave,
    onShare,
    onBook,
    isSaving: save.isPending && !isBooking,
    isSharing,
    isBooking,
    isSaved: (key: string | null) => key !== null && savedItems.has(key),
    isLoginSheetOpen,
    closeLoginSheet: () => setLoginSheetOpen(false),
  };
}

import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon, StoreIcon } from '../../../components/icons';
import { ButtonLink, Sheet, Skeleton } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { useCommonStore } from '../../../lib/stores/common.store';
import { fetchShareStyle, usePhotoDetail } from '../api';
import styles from '../stylebook.module.css';
import { shopsPathOf } from '../stylebook-path';
import { useHeart } from '../use-heart';
import { HeartGlyph, ShareGlyph } from './icons';
import { shareData } from '../../../lib/share';

/** The photo detail sheet: big photo, style, credit, heart, share, salons that do it. */
export function PhotoSheet({ photoId, onClose }: { photoId: number | null; onClose: () => void }) {
  const { t } = useTranslation(['stylebook', 'errors']);
  const detail = usePhotoDetail(photoId);
  const heart = useHeart();
  const showToast = useCommonStore((s) => s.showToast);
  const [isSharing, setIsSharing] = useState(false);
  const photo = detail.data;

  const onShare = async () => {
    if (!photo || isSharing) return;
    setIsSharing(true);
    try {
      const { share } = await fetchShareStyle(photo.photo_id);
      const outcome = await shareData({
        title: share.title,
        text: t('share.text', { title: share.title }),
        url: share.url,
      });
      if (outcome === 'unsupported') showToast(t('errors:NO_SHARE_SUPPORT'));
    } catch {
      showToast(t('errors:FAILED_TRY_AGAIN'), { alternateColor: true });
    } finally {
      setIsSharing(false);
    }
  };

  return (
    <Sheet isOpen={photoId !== null} onClose={onClose} title={t('photo.sheetTitle')}>
      {detail.isError ? (
        <p className={styles.sheetError} role="alert">
          {t('photo.error')}
        </p>
      ) : !photo ? (
        <div className={styles.sheetBody} aria-busy="true">
          <div className={styles.sheetImageFrame}>
            <Skeleton width="100%" height="100%" />
          </div>
          <Skeleton shape="text" width="50%" />
          <Skeleton shape="text" width="80%" />
        </div>
      ) : (
        <div className={styles.sheetBody} data-testid="photo-sheet">
          <div className={styles.sheetImageFrame}>
            <img
              className={styles.sheetImage}
              src={photo.image_url}
              width={600}
              height={750}
              alt={photo.style_name}
              decoding="async"
            />
          </div>
          <div className={styles.sheetHead}>
            <div className={styles.sheetTitles}>
              <p className={styles.sheetEyebrow}>{photo.type_name}</p>
              <h3 className={styles.sheetTitle}>{photo.style_name}</h3>
              {photo.description && <p className={styles.sheetText}>{photo.description}</p>}
              <p className={styles.sheetMuted}>{t('photo.likes', { count: photo.like_count })}</p>
            </div>
            <div className={styles.sheetActions}>
              <button
                type="button"
                className={styles.roundAction}
                data-active={photo.in_hair_book || undefined}
                aria-pressed={photo.in_hair_book}
                aria-label={t(
                  photo.in_hair_book ? 'photo.removeFromHairBook' : 'photo.addToHairBook',
                )}
                onClick={() => heart(photo.photo_id, photo.in_hair_book)}
                data-testid="photo-heart"
              >
                <HeartGlyph isFilled={photo.in_hair_book} />
              </button>
              <button
                type="button"
                className={styles.roundAction}
                aria-label={t('photo.share')}
                onClick={() => void onShare()}
                disabled={isSharing}
                data-testid="photo-share"
              >
                <ShareGlyph />
              </button>
            </div>
          </div>
          {photo.shop && (
            <Link to={paths.salon(photo.shop.shop_id)} className={styles.creditRow}>
              <StoreIcon size={20} />
              <span className={styles.creditText}>
                {photo.designer
                  ? t('photo.byDesigner', { shop: photo.shop.name, designer: photo.designer.name })
                  : t('photo.byShop', { shop: photo.shop.name })}
              </span>
              <ChevronRightIcon size={18} />
            </Link>
          )}
          {photo.shop_count > 0 ? (
            <ButtonLink
              size="lg"
              block
              data-testid="photo-shops"
              to={shopsPathOf({
                gender: photo.gender,
                type: photo.type_id,
                style: photo.style_id,
                substyle: 0,
              })}
            >
              {t('photo.shopsDoing', { count: photo.shop_count })}
            </ButtonLink>
          ) : (
            <p className={styles.sheetMuted}>{t('photo.shopsDoingNone')}</p>
          )}
        </div>
      )}
    </Sheet>
  );
}

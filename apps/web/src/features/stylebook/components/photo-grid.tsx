import { useTranslation } from 'react-i18next';
import type { CataloguePhoto } from '@carol/contracts';
import { MediaImage } from '../../../components/media-image';
import { Skeleton } from '../../../components/ui';
import { resizableOr } from '../../../lib/media';
import styles from '../stylebook.module.css';
import { HeartGlyph } from './icons';

/** Thumbnails are 240×300 and full photos 600×750 WebP (4:5); the tile keeps that ratio. */
const SIZES = '(min-width: 640px) 200px, 50vw';

export function PhotoGrid({
  photos,
  onOpen,
  onHeart,
}: {
  photos: readonly CataloguePhoto[];
  onOpen: (photo: CataloguePhoto) => void;
  onHeart: (photo: CataloguePhoto) => void;
}) {
  const { t } = useTranslation('stylebook');
  return (
    <ul className={styles.grid} data-testid="style-grid">
      {photos.map((photo) => (
        <li key={photo.photo_id} className={styles.tile}>
          <button
            type="button"
            className={styles.tileButton}
            onClick={() => onOpen(photo)}
            aria-label={t('photo.open', { name: photo.style_name })}
            data-testid="style-photo"
          >
            <MediaImage
              className={styles.tileImage}
              src={resizableOr(photo.image_url, photo.thumb_url)}
              sizes={SIZES}
              width={240}
              height={300}
            />
            <span className={styles.tileCaption}>
              <span className={styles.tileTitle}>{photo.style_name}</span>
            </span>
          </button>
          <button
            type="button"
            className={styles.tileHeart}
            aria-pressed={photo.in_hair_book}
            aria-label={t(photo.in_hair_book ? 'photo.removeFromHairBook' : 'photo.addToHairBook')}
            onClick={() => onHeart(photo)}
          >
            <HeartGlyph size={20} isFilled={photo.in_hair_book} />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function PhotoGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.tile}>
          <Skeleton width="100%" height="100%" radius="var(--radius-lg)" />
        </li>
      ))}
    </ul>
  );
}

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, StoreIcon } from '../../components/icons';
import { MediaImage } from '../../components/media-image';
import { columnSizes } from '../../lib/media';
import styles from './salon.module.css';

/** Scroll-snap carousel; arrows for pointer users, swipe on phones. */
export function SalonCarousel({ images, name }: { images: readonly string[]; name: string }) {
  const { t } = useTranslation('shops');
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  if (images.length === 0) {
    return (
      <div className={styles.coverEmpty}>
        <StoreIcon size={44} />
        <span>{t('noPhoto')}</span>
      </div>
    );
  }
  const go = (next: number) => {
    const el = track.current;
    if (!el) return;
    const clamped = Math.max(0, Math.min(images.length - 1, next));
    el.scrollTo({ left: clamped * el.clientWidth, behavior: 'smooth' });
  };
  return (
    <div className={styles.carousel} aria-roledescription="carousel" aria-label={name}>
      <div
        ref={track}
        className={styles.track}
        onScroll={(e) => {
          const el = e.currentTarget;
          setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
        }}
      >
        {images.map((src, i) => (
          // The first photo is the salon page's LCP; the box has the 16:9 aspect ratio.
          <MediaImage
            key={src}
            className={styles.slide}
            src={src}
            width={480}
            sizes={columnSizes()}
            alt={t('photos', { index: i + 1, total: images.length })}
            isPriority={i === 0}
          />
        ))}
      </div>
      {images.length > 1 && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.arrowPrev}`}
            aria-label={t('prevPhoto')}
            onClick={() => go(index - 1)}
            disabled={index === 0}
          >
            <ChevronLeftIcon size={20} />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.arrowNext}`}
            aria-label={t('nextPhoto')}
            onClick={() => go(index + 1)}
            disabled={index === images.length - 1}
          >
            <ChevronRightIcon size={20} />
          </button>
          <span className={styles.counter} aria-live="polite">
            {index + 1} / {images.length}
          </span>
        </>
      )}
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, ImageIcon } from '../../components/icons';
import { ButtonLink, EmptyState, Skeleton } from '../../components/ui';
import { isNotFound, useShopDetail } from '../../features/shops/api';
import { SalonUnavailable } from '../../features/shops/salon-unavailable';
import { paths } from '../../lib/paths';
import { columnSizes } from '../../lib/media';
import { MediaImage } from '../../components/media-image';
import styles from './salon-images.module.css';

/** Full-screen viewer: swipe (scroll snap), arrow keys, Escape; focus returns to the thumbnail. */
function Viewer({
  images,
  start,
  onClose,
}: {
  images: readonly string[];
  start: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('favorites');
  const track = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [index, setIndex] = useState(start);

  const go = useCallback(
    (next: number, smooth = true) => {
      const el = track.current;
      if (!el) return;
      const clamped = Math.max(0, Math.min(images.length - 1, next));
      el.scrollTo({ left: clamped * el.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
      setIndex(clamped);
    },
    [images.length],
  );

  useEffect(() => {
    go(start, false);
    closeButton.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, [go, start]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'ArrowRight') go(index + 1);
      else if (event.key === 'ArrowLeft') go(index - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, index, onClose]);

  return (
    <div className={styles.viewer} role="dialog" aria-modal="true" aria-label={t('images.title')}>
      <div className={styles.viewerBar}>
        <span aria-live="polite">
          {t('images.position', { index: index + 1, total: images.length })}
        </span>
        <button
          ref={closeButton}
          type="button"
          className={styles.iconButton}
          aria-label={t('images.close')}
          onClick={onClose}
        >
          <CloseIcon size={22} />
        </button>
      </div>
      <div
        ref={track}
        className={styles.track}
        onScroll={(e) => {
          const el = e.currentTarget;
          setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
        }}
      >
        {images.map((src, i) => (
          <div key={src} className={styles.slide}>
            <MediaImage
              src={src}
              width={480}
              sizes={columnSizes()}
              alt={t('images.position', { index: i + 1, total: images.length })}
              loading={Math.abs(i - start) <= 1 ? 'eager' : 'lazy'}
            />
          </div>
        ))}
      </div>
      <div className={styles.viewerNav}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('images.prev')}
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          <ChevronLeftIcon size={22} />
        </button>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('images.next')}
          disabled={index === images.length - 1}
          onClick={() => go(index + 1)}
        >
          <ChevronRightIcon size={22} />
        </button>
      </div>
    </div>
  );
}

/** /find/saloninfo/:salonid/images — every photo of the salon as a grid, then full screen. */
export default function SalonImagesScreen() {
  const { t } = useTranslation('favorites');
  const { t: ts } = useTranslation('shops');
  const { salonid = '' } = useParams();
  const shopId = Number(salonid);
  const detail = useShopDetail(shopId);
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);

  const isMissing =
    !Number.isInteger(shopId) || shopId <= 0 || (detail.isError && isNotFound(detail.error));
  if (isMissing || detail.isError) {
    return (
      <SalonUnavailable
        isMissing={isMissing}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (detail.isPending) {
    return (
      <div className={styles.page} aria-busy="true">
        <span className="visually-hidden">{ts('loading')}</span>
        <Skeleton shape="text" width="40%" height={24} />
        <div className={styles.grid}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} width="100%" height={110} radius={8} />
          ))}
        </div>
      </div>
    );
  }

  const shop = detail.data;
  const close = () => {
    const at = open;
    setOpen(null);
    if (at !== null) thumbs.current[at]?.focus();
  };
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{shop.name}</h1>
        <span className={styles.count}>{t('images.count', { count: shop.images.length })}</span>
      </div>
      {shop.images.length === 0 ? (
        <EmptyState
          icon={<ImageIcon size={28} />}
          title={t('images.empty')}
          actions={
            <ButtonLink to={paths.salon(shop.id)} size="md" variant="outline">
              {t('images.back')}
            </ButtonLink>
          }
        />
      ) : (
        <ul className={styles.grid}>
          {shop.images.map((src, i) => (
            <li key={src}>
              <button
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                className={styles.thumb}
                aria-label={t('images.open', { index: i + 1 })}
                onClick={() => setOpen(i)}
              >
                <MediaImage src={src} width={160} height={160} loading={i < 6 ? 'eager' : 'lazy'} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {open !== null && <Viewer images={shop.images} start={open} onClose={close} />}
    </div>
  );
}

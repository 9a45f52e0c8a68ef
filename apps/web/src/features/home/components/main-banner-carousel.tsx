import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Banner } from '@carol/contracts';
import { Skeleton } from '../../../components/ui';
import { BannerImage } from './banner-image';
import { BannerLink } from './banner-link';
import styles from './main-banner-carousel.module.css';

const AUTOPLAY_MS = 5_000;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Swipeable main banners: native scroll-snap for the swipe, dots to jump, gentle autoplay. */
export function MainBannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation('home');
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [isPaused, setPaused] = useState(false);
  const count = banners.length;

  const slideStep = useCallback(() => {
    const track = trackRef.current;
    const first = track?.firstElementChild as HTMLElement | null | undefined;
    if (!track || !first) return 0;
    const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
    return first.offsetWidth + gap;
  }, []);

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      if (!track) return;
      track.scrollTo({
        left: index * slideStep(),
        behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      });
    },
    [slideStep],
  );

  useEffect(() => {
    if (count < 2 || isPaused || prefersReducedMotion()) return;
    const timer = setInterval(() => goTo((active + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [active, count, isPaused, goTo]);

  const onScroll = () => {
    const step = slideStep();
    const track = trackRef.current;
    if (!track || step === 0) return;
    const index = Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / step)));
    if (index !== active) setActive(index);
  };

  return (
    <section
      className={count > 1 ? styles.carousel : `${styles.carousel} ${styles.single}`}
      aria-roledescription="carousel"
      aria-label={t('banners.region')}
    >
      <div
        ref={trackRef}
        className={styles.track}
        onScroll={onScroll}
        onPointerDown={() => setPaused(true)}
        onFocus={() => setPaused(true)}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
      >
        {banners.map((banner, index) => (
          <div
            key={banner.banner_id}
            className={styles.slide}
            data-testid="main-banner-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('banners.slide', { index: index + 1, total: count })}
          >
            <BannerLink href={banner.link_url} className={styles.card}>
              <span
                className={styles.cardInner}
                style={
                  banner.background_color ? { background: banner.background_color } : undefined
                }
              />
              <BannerImage src={banner.image_url} className={styles.image} isEager={index === 0} />
              {count > 1 && (
                <span className={styles.counter} aria-hidden="true">
                  {index + 1} / {count}
                </span>
              )}
              <span className={styles.copy}>
                <span className={styles.title}>{banner.title}</span>
                {banner.subtitle && <span className={styles.subtitle}>{banner.subtitle}</span>}
              </span>
            </BannerLink>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className={styles.dots}>
          {banners.map((banner, index) => (
            <button
              key={banner.banner_id}
              type="button"
              className={styles.dot}
              aria-label={t('banners.goTo', { index: index + 1 })}
              aria-current={index === active}
              onClick={() => {
                setPaused(true);
                goTo(index);
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}

export function MainBannerSkeleton() {
  return (
    <div className={styles.skeleton}>
      <Skeleton
        width="calc(100% - 28px)"
        height="auto"
        radius="var(--radius-xl)"
        className={styles.skeletonBox}
      />
    </div>
  );
}

import { HomeHero } from '../features/home/components/home-hero';
import { HotColors } from '../features/home/components/hot-colors';
import { HotStyles } from '../features/home/components/hot-styles';
import {
  MainBannerCarousel,
  MainBannerSkeleton,
} from '../features/home/components/main-banner-carousel';
import { MiddleBanners } from '../features/home/components/middle-banners';
import { NearbyDesigners } from '../features/home/components/nearby-designers';
import { NearbyShops } from '../features/home/components/nearby-shops';
import { SearchEntry } from '../features/home/components/search-entry';
import { StyleByLength } from '../features/home/components/style-by-length';
import { useEffect, useState } from 'react';
import { useMainBanners } from '../features/home/api';
import { useSearchOrigin } from '../lib/use-search-origin';
import styles from './home.module.css';

/**
 * The sections below the first screen wait at most this long for the main banner's answer
 * before asking anyway (a slow banner call must not hold the whole page).
 */
const BELOW_FOLD_WAIT_MS = 3_000;

/**
 * True once the main banner has answered (or failed), or after BELOW_FOLD_WAIT_MS. Until then
 * the page asks only for what the first screen shows (banners and nearby salons): on a phone's
 * connection the banner, the page's largest picture, is fetched first instead of queueing
 * behind four calls and their pictures for sections further down (ADR 032).
 */
function useAfterBanner(isBannerPending: boolean): boolean {
  const [hasWaited, setWaited] = useState(false);
  useEffect(() => {
    if (!isBannerPending) return;
    const timer = setTimeout(() => setWaited(true), BELOW_FOLD_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isBannerPending]);
  return !isBannerPending || hasWaited;
}

/** Spec section 1: hot styles, hot colours, nearby shops, nearby designers, style by length. */
export default function HomeScreen() {
  const banners = useMainBanners();
  const isBelowFoldAsked = useAfterBanner(banners.isPending);
  // The browser's location when already granted (or a place chosen in the location search),
  // otherwise the server's default city; shared by both nearby rows.
  const { origin, state, locate } = useSearchOrigin();

  return (
    <div className={styles.home}>
      <div className={styles.top}>
        {banners.isPending ? (
          <MainBannerSkeleton />
        ) : banners.isSuccess && banners.data.length > 0 ? (
          <MainBannerCarousel banners={banners.data} />
        ) : (
          <HomeHero />
        )}
      </div>
      <div className={styles.content}>
        <SearchEntry />
        <NearbyShops origin={origin} state={state} onLocate={locate} />
        <HotStyles isEnabled={isBelowFoldAsked} />
        <HotColors isEnabled={isBelowFoldAsked} />
        <MiddleBanners isEnabled={isBelowFoldAsked} />
        <NearbyDesigners origin={origin} isEnabled={isBelowFoldAsked} />
        <StyleByLength />
      </div>
    </div>
  );
}

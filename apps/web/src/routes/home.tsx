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
import { useMainBanners } from '../features/home/api';
import { useSearchOrigin } from '../lib/use-search-origin';
import styles from './home.module.css';

/** Spec section 1: hot styles, hot colours, nearby shops, nearby designers, style by length. */
export default function HomeScreen() {
  const banners = useMainBanners();
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
        <HotStyles />
        <HotColors />
        <MiddleBanners />
        <NearbyDesigners origin={origin} />
        <StyleByLength />
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { ComingSoonSection } from '../features/home/components/coming-soon-section';
import { HomeHero } from '../features/home/components/home-hero';
import { HotColors } from '../features/home/components/hot-colors';
import {
  MainBannerCarousel,
  MainBannerSkeleton,
} from '../features/home/components/main-banner-carousel';
import { MiddleBanners } from '../features/home/components/middle-banners';
import { SearchEntry } from '../features/home/components/search-entry';
import { StyleByLength } from '../features/home/components/style-by-length';
import { useMainBanners } from '../features/home/api';
import { paths } from '../lib/paths';
import styles from './home.module.css';

/** Spec section 1: hot styles, hot colours, nearby shops, nearby designers, style by length. */
export default function HomeScreen() {
  const { t } = useTranslation('home');
  const banners = useMainBanners();

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
        <HotColors />
        <ComingSoonSection
          id="home-hot-styles"
          title={t('hotStyles.title')}
          description={t('hotStyles.placeholder')}
          cta={{ to: paths.stylebookDefault, label: t('hotStyles.cta') }}
          ghost="tiles"
        />
        <MiddleBanners />
        <StyleByLength />
        <ComingSoonSection
          id="home-nearby-shops"
          title={t('nearbyShops.title')}
          description={t('nearbyShops.placeholder')}
          cta={{ to: paths.findMap, label: t('nearbyShops.cta') }}
          ghost="rows"
        />
        <ComingSoonSection
          id="home-nearby-designers"
          title={t('nearbyDesigners.title')}
          description={t('nearbyDesigners.placeholder')}
          cta={{ to: paths.findByName(), label: t('nearbyDesigners.cta') }}
          ghost="avatars"
        />
      </div>
    </div>
  );
}

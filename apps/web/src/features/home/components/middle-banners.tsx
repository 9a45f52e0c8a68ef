import { useTranslation } from 'react-i18next';
import { SectionHeader } from '../../../components/ui';
import { useMiddleBanners } from '../api';
import { BannerImage } from './banner-image';
import { BannerLink } from './banner-link';
import styles from './middle-banners.module.css';

/** Promotional strips between sections; nothing is shown when there are none. */
export function MiddleBanners({ isEnabled = true }: { isEnabled?: boolean }) {
  const { t } = useTranslation('home');
  const banners = useMiddleBanners(isEnabled);
  if (!banners.isSuccess || banners.data.length === 0) return null;

  return (
    <section aria-labelledby="home-middle-banners">
      <SectionHeader id="home-middle-banners" title={t('middleBanners.title')} />
      <ul className={styles.list}>
        {banners.data.map((banner) => (
          <li key={banner.banner_id}>
            <BannerLink href={banner.link_url} className={styles.banner}>
              <span className={styles.copy}>
                <span className={styles.title}>{banner.title}</span>
                {banner.subtitle && <span className={styles.subtitle}>{banner.subtitle}</span>}
              </span>
              <span
                className={styles.media}
                style={
                  banner.background_color ? { background: banner.background_color } : undefined
                }
              >
                <BannerImage src={banner.image_url} className={styles.image} />
              </span>
            </BannerLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { limits } from '@carol/contracts';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ImageIcon, StoreIcon } from '../../components/icons';
import { paths } from '../../lib/paths';
import styles from './salon-info.module.css';

const tabs = ['home', 'stylebook', 'menu', 'notice'] as const;

/** /find/saloninfo/:salonid — cover, tabs (home, styles, menu, news) and the tab's content. */
export default function SalonInfoScreen() {
  const { t } = useTranslation('screens');
  const { salonid = '' } = useParams();
  const { pathname } = useLocation();
  const base = paths.salon(salonid);

  const targetOf = (tab: (typeof tabs)[number]) =>
    tab === 'home'
      ? base
      : tab === 'stylebook'
        ? `${base}/stylebook${limits.defaultStylebookPath}`
        : `${base}/${tab}`;
  const isCurrent = (tab: (typeof tabs)[number]) =>
    tab === 'home'
      ? pathname === base || pathname === `${base}/`
      : pathname.startsWith(`${base}/${tab}`);

  return (
    <div>
      <div className={styles.cover}>
        <StoreIcon size={48} />
        <Link to={`${base}/images`} className={styles.imagesLink}>
          <ImageIcon size={16} />
          {t('salonInfo.images')}
        </Link>
      </div>
      <nav className={styles.tabs} aria-label={t('salonInfo.title')}>
        {tabs.map((tab) => (
          <Link
            key={tab}
            to={targetOf(tab)}
            replace
            className={styles.tab}
            aria-current={isCurrent(tab) ? 'page' : undefined}
          >
            {t(`salonInfo.tabs.${tab}`)}
          </Link>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

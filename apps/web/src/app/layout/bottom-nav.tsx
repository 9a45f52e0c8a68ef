import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BookIcon,
  HomeIcon,
  SparklesIcon,
  StoreIcon,
  UserIcon,
  type IconProps,
} from '../../components/icons';
import { requireMembership } from '../../lib/members-only';
import { paths } from '../../lib/paths';
import styles from './bottom-nav.module.css';

type TabId = 'home' | 'simulation' | 'find' | 'stylebook' | 'mypage';

interface Tab {
  id: TabId;
  to: string;
  Icon: ComponentType<IconProps>;
  isActive: (pathname: string) => boolean;
}

/** Spec section 2: Home, Virtual experience, Find shop, Stylebook, My page. */
const tabs: Tab[] = [
  { id: 'home', to: paths.home, Icon: HomeIcon, isActive: (p) => p === '/' },
  {
    id: 'simulation',
    to: paths.simulation,
    Icon: SparklesIcon,
    isActive: (p) => p.startsWith('/simulation'),
  },
  { id: 'find', to: paths.findList(), Icon: StoreIcon, isActive: (p) => p.startsWith('/find') },
  {
    id: 'stylebook',
    to: '/stylebook',
    Icon: BookIcon,
    isActive: (p) => p.startsWith('/stylebook'),
  },
  { id: 'mypage', to: paths.mypage, Icon: UserIcon, isActive: (p) => p.startsWith('/mypage') },
];

export function BottomNav() {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  return (
    <nav className={styles.nav} aria-label={t('label')}>
      <ul className={styles.list}>
        {tabs.map(({ id, to, Icon, isActive }) => (
          <li key={id}>
            <Link
              to={to}
              className={styles.tab}
              aria-current={isActive(pathname) ? 'page' : undefined}
              onClick={(event) => {
                // My page is members-only (spec 6): a guest gets the prompt, not a bounce home.
                if (id === 'mypage' && !requireMembership()) event.preventDefault();
              }}
            >
              <span className={styles.pill}>
                <Icon size={22} />
              </span>
              {t(`tabs.${id}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, GlobeIcon } from '../../components/icons';
import { IconButton } from '../../components/ui';
import { cx } from '../../lib/cx';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import type { RouteHandle } from '../route-handle';
import { LocaleSheet } from '../../components/locale-sheet';
import { LogoMark } from './logo';
import styles from './header.module.css';

function subscribeToScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** True once the page has scrolled: the see-through home header then gets its backdrop. */
function useIsScrolled(): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > 4,
    () => false,
  );
}

function hasHistoryToGoBackTo(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

export function Header({ handle }: { handle: RouteHandle | undefined }) {
  const { t } = useTranslation(['common', 'nav', 'screens']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const server = useCommonStore((s) => s.server);
  const language = useCommonStore((s) => s.language);
  const [isLocaleOpen, setLocaleOpen] = useState(false);
  const isScrolled = useIsScrolled();

  const isHome = pathname === paths.home;
  const isTabRoot = handle?.isTabRoot ?? false;
  const title = handle ? t(handle.titleKey, { ns: 'screens' }) : '';

  const goBack = () => {
    if (hasHistoryToGoBackTo()) void navigate(-1);
    else void navigate(paths.home);
  };

  return (
    <header
      className={cx(
        styles.header,
        isTabRoot && styles.tabRoot,
        handle?.hasHomeBackground && !isScrolled && styles.transparent,
      )}
    >
      {isTabRoot ? (
        <div className={styles.start}>
          {isHome ? (
            <h1>
              <Link to={paths.home} className={styles.logo} aria-label={t('nav:logoLabel')}>
                <LogoMark />
                <span className={styles.wordmark}>{t('appName')}</span>
              </Link>
            </h1>
          ) : (
            <h1 className={cx(styles.title, styles.tabTitle)}>{title}</h1>
          )}
        </div>
      ) : (
        <>
          <div className={styles.start}>
            <IconButton label={t('actions.back')} icon={<ChevronLeftIcon />} onClick={goBack} />
          </div>
          <h1 className={styles.title}>{title}</h1>
        </>
      )}
      <div className={styles.end}>
        <button
          type="button"
          className={styles.localeButton}
          aria-label={t('locale.button')}
          aria-haspopup="dialog"
          aria-expanded={isLocaleOpen}
          onClick={() => setLocaleOpen(true)}
        >
          <GlobeIcon size={16} />
          <span aria-hidden="true" data-single-line>
            {t(`countries.${server}`)} · {language.toUpperCase()}
          </span>
        </button>
      </div>
      <LocaleSheet isOpen={isLocaleOpen} onClose={() => setLocaleOpen(false)} />
    </header>
  );
}

import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MembersOnlySheet } from '../../components/members-only-sheet';
import { useAnalyticsPageViews } from '../../lib/analytics';
import { cx } from '../../lib/cx';
import { deepestHandle } from '../route-handle';
import { AuthWatcher } from './auth-watcher';
import { BottomNav } from './bottom-nav';
import { DocumentTitle } from './document-title';
import { Footer } from './footer';
import { Header } from './header';
import { LoadingBar } from './loading-bar';
import { OfflineBanner } from './offline-banner';
import { Toast } from './toast';
import { UpdatePrompt } from './update-prompt';
import styles from './root-layout.module.css';

/**
 * The app column: header, the screen, bottom navigation, toast and loading bar; the corporate
 * footer only on the screens whose handle asks for it (Home, legal and support pages).
 */
export function RootLayout() {
  const { t } = useTranslation();
  const handle = deepestHandle(useMatches());
  const hasTabBar = !handle?.hidesTabBar;
  const hasFooter = handle?.hasFooter ?? false;
  useAnalyticsPageViews();

  return (
    <div
      className={cx(
        styles.shell,
        handle?.hasHomeBackground && styles.home,
        !hasTabBar && styles.noTabBar,
        !hasFooter && styles.noFooter,
      )}
    >
      <a href="#main" className={styles.skip}>
        {t('skipToContent')}
      </a>
      <LoadingBar />
      <Header handle={handle} />
      <OfflineBanner />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Outlet />
      </main>
      {hasFooter && <Footer />}
      {hasTabBar && <BottomNav />}
      <Toast />
      <UpdatePrompt hasTabBar={hasTabBar} />
      <MembersOnlySheet />
      <DocumentTitle handle={handle} />
      <AuthWatcher handle={handle} />
      <ScrollRestoration />
    </div>
  );
}

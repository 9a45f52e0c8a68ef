import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '../route-handle';

/** Keeps document.title on the current screen's localized title. */
export function DocumentTitle({ handle }: { handle: RouteHandle | undefined }) {
  const { t } = useTranslation(['common', 'screens']);
  const appName = t('appName');
  const title =
    handle && handle.titleKey !== 'home.title' ? t(handle.titleKey, { ns: 'screens' }) : null;
  const slogan = t('slogan');

  useEffect(() => {
    document.title = title ? `${title} | ${appName}` : `${appName} — ${slogan}`;
  }, [title, appName, slogan]);

  return null;
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Catalog } from '@carol/i18n/client';
import type { RouteHandle } from '../route-handle';

type PageDescriptions = Catalog['seo']['pages'];

/**
 * The page the server wrote a link preview for (salon, designer, style: ADR 028) keeps that
 * head — the salon's own name and description — until the reader moves on.
 */
let previewPath =
  typeof document !== 'undefined' && document.querySelector('meta[property="og:title"]')
    ? window.location.pathname
    : null;

/** The screen's key in the catalogs: `salonInfo.title` → `salonInfo`. */
export function screenOf(handle: RouteHandle | undefined): string | undefined {
  return handle?.titleKey.replace(/\.title$/, '');
}

/** The screen's description (`seo.pages`), else the site's. */
export function descriptionOf(pages: PageDescriptions, screen: string | undefined): string {
  return (
    (screen && Object.hasOwn(pages, screen) && pages[screen as keyof PageDescriptions]) ||
    pages.default
  );
}

function setMetaDescription(content: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/** Keeps document.title and the meta description on the current screen's localized texts. */
export function DocumentTitle({ handle }: { handle: RouteHandle | undefined }) {
  const { t } = useTranslation(['common', 'screens', 'seo']);
  const { pathname } = useLocation();
  const appName = t('appName');
  const title =
    handle && handle.titleKey !== 'home.title' ? t(handle.titleKey, { ns: 'screens' }) : null;
  const slogan = t('slogan');
  const pages = t('pages', { ns: 'seo', returnObjects: true });
  const description = descriptionOf(pages, screenOf(handle));

  useEffect(() => {
    if (pathname === previewPath) return;
    previewPath = null;
    document.title = title ? `${title} | ${appName}` : `${appName} — ${slogan}`;
    setMetaDescription(description);
  }, [title, appName, slogan, description, pathname]);

  return null;
}

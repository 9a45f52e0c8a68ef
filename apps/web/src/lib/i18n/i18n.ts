import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ClientErrorCode, ErrorCode, Language, Server } from '@carol/contracts';
import type { Catalog } from '@carol/i18n/client';
import { useCommonStore } from '../stores/common.store';

/**
 * Each language's catalog is its own chunk: a page loads only the current language up front
 *; another language loads when the member switches to it. index.html's boot script
 * preloads the current one (vite.config.ts, localeAssets), so the import below finds it in flight.
 */
const catalogLoaders: Record<Language, () => Promise<Catalog>> = {
  ko: () => import('@carol/i18n/ko').then((m) => m.ko),
  en: () => import('@carol/i18n/en').then((m) => m.en),
  ja: () => import('@carol/i18n/ja').then((m) => m.ja),
};

/** An i18next instance over the given catalogs (tests pass every language at once). */
export function createI18n(language: Language, resources: Resource = {}): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    partialBundledLanguages: true,
    lng: language,
    // Every catalog has every key (catalogs.test.ts, check:drift): nothing to fall back to.
    fallbackLng: false,
    supportedLngs: ['ko', 'en', 'ja'],
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/** Puts a whole catalog into an instance (one resource bundle per namespace). */
export function addCatalog(instance: I18n, language: Language, catalog: Catalog): void {
  for (const [namespace, bundle] of Object.entries(catalog)) {
    instance.addResourceBundle(language, namespace, bundle, true, true);
  }
}

/** Loads a language's catalog into the instance once; resolves when its texts can be shown. */
export async function loadLanguage(instance: I18n, language: Language): Promise<void> {
  if (instance.hasResourceBundle(language, 'common')) return;
  addCatalog(instance, language, await catalogLoaders[language]());
}

export const i18n = createI18n(useCommonStore.getState().language);

/**
 * An error code's text in a language, from the loaded catalogs (the web's counterpart of
 * @carol/i18n's errorMessage, which bundles every language). Falls back to the current language
 * when the asked one is not loaded.
 */
export function errorMessage(
  code: ErrorCode | ClientErrorCode,
  language: Language,
  values?: Record<string, string | number>,
): string {
  const loaded = i18n.hasResourceBundle(language, 'errors') ? language : i18n.language;
  return i18n.getFixedT(loaded, 'errors')(code, values ?? {});
}

/** <html lang> and the font follow the chosen language and server (spec section 1). */
export function applyDocumentLocale(language: Language, server: Server): void {
  const root = document.documentElement;
  root.lang = language;
  root.dataset.server = server;
}

/**
 * Each market's font declarations (its own stylesheet; never render-blocking). One
 * function per import: written as one conditional expression, the bundler gave both branches
 * the Korean stylesheet's preload list, and the Japanese market loaded Noto Sans KR.
 */
const marketFonts: Record<Server, () => Promise<unknown>> = {
  kr: () => import('../../styles/fonts-kr.css'),
  jp: () => import('../../styles/fonts-jp.css'),
};

export function loadMarketFonts(server: Server): Promise<unknown> {
  return marketFonts[server]();
}

/**
 * Before the first render: the current language's catalog and the market's fonts. Resolves when
 * the catalog is in (fonts load on their own). Then keeps i18next, the fonts and the document in
 * step with the common store. Returns the unsubscribe.
 */
export async function startLocale(): Promise<() => void> {
  const { language, server } = useCommonStore.getState();
  applyDocumentLocale(language, server);
  void loadMarketFonts(server);
  await loadLanguage(i18n, language);
  return useCommonStore.subscribe((state, previous) => {
    if (state.language !== previous.language) {
      const language = state.language;
      void loadLanguage(i18n, language).then(() => i18n.changeLanguage(language));
    }
    if (state.server !== previous.server) void loadMarketFonts(state.server);
    if (state.language !== previous.language || state.server !== previous.server) {
      applyDocumentLocale(state.language, state.server);
    }
  });
}

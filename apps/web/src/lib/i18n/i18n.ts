import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, type Language, type Server } from '@carol/contracts';
import { catalogs, namespaces } from '@carol/i18n';
import { useCommonStore } from '../stores/common.store';

/** One i18next instance over the shared catalogs; all resources are bundled, so init is synchronous. */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: catalogs,
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: ['ko', 'en', 'ja'],
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

export const i18n = createI18n(useCommonStore.getState().language);

/** <html lang> and the font follow the chosen language and server (spec section 1). */
export function applyDocumentLocale(language: Language, server: Server): void {
  const root = document.documentElement;
  root.lang = language;
  root.dataset.server = server;
}

/** Keeps i18next and the document in step with the common store. Returns the unsubscribe. */
export function syncLocaleWithStore(): () => void {
  const { language, server } = useCommonStore.getState();
  applyDocumentLocale(language, server);
  return useCommonStore.subscribe((state, previous) => {
    if (state.language !== previous.language) void i18n.changeLanguage(state.language);
    if (state.language !== previous.language || state.server !== previous.server) {
      applyDocumentLocale(state.language, state.server);
    }
  });
}

import { defaultLanguage, languageValues, type Language, type Server } from '@carol/contracts';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languageValues as readonly string[]).includes(value);
}

/**
 * First visit with nothing stored (spec section 1): a browser language of ja selects server jp
 * and language ja; anything else selects kr and ko. A stored choice always wins.
 */
export function initialLocale(
  browserLanguages: readonly string[],
  stored: { language?: string | null; server?: string | null } = {},
): { language: Language; server: Server } {
  const storedLanguage = isLanguage(stored.language) ? stored.language : undefined;
  const storedServer = stored.server === 'kr' || stored.server === 'jp' ? stored.server : undefined;
  const prefersJa = (browserLanguages[0] ?? '').toLowerCase().startsWith('ja');
  const language = storedLanguage ?? (prefersJa ? 'ja' : defaultLanguage);
  const server =
    storedServer ??
    (storedLanguage ? (storedLanguage === 'ja' ? 'jp' : 'kr') : prefersJa ? 'jp' : 'kr');
  return { language, server };
}

/** The language of an API request: Accept-Language if it names one of ours, else by server. */
export function languageFromRequest(acceptLanguage: string | undefined, server?: Server): Language {
  if (acceptLanguage) {
    for (const part of acceptLanguage.split(',')) {
      const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
      if (isLanguage(tag)) return tag;
    }
  }
  return server === 'jp' ? 'ja' : defaultLanguage;
}

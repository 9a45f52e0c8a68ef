/**
 * What the web app takes from this package: formatters, locale rules and the catalog's type, but
 * no catalog. The app loads one language's catalog at a time (`@carol/i18n/ko|en|ja`);
 * importing the package root would bundle all three into its first load.
 */
export * from './format.js';
export * from './negotiate.js';
export type { Catalog, Namespace } from './catalog.js';

import { ko } from './locales/ko/index.js';
import { en } from './locales/en/index.js';
import { ja } from './locales/ja/index.js';
import type { Language } from '@carol/contracts';

/**
 * ko is the reference catalog. Every other language is typed `Catalog`, so a missing or extra
 * key is a type error; catalogs.test.ts also checks interpolation placeholders match.
 */
export type Catalog = typeof ko;
export type Namespace = keyof Catalog;

export const catalogs: Record<Language, Catalog> = {
  ko,
  en: en satisfies Catalog,
  ja: ja satisfies Catalog,
};
export const namespaces = Object.keys(ko) as Namespace[];

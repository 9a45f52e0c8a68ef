import { describe, expect, it } from 'vitest';
import { catalogs } from '@carol/i18n';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

// Key and placeholder parity for every namespace is checked in packages/i18n (catalogs.test.ts).
describe('web catalogs', () => {
  it('keeps Hangul out of Japanese screens and kana out of Korean ones (a copy-paste guard)', () => {
    const hangul = /[\uac00-\ud7a3]/;
    const kana = /[\u3040-\u30ff]/;
    const endonyms = new Set(['languages.ko', 'countries.kr', 'languages.ja', 'countries.jp']);
    for (const ns of ['common', 'nav', 'home', 'screens', 'support', 'legal'] as const) {
      for (const [key, text] of leaves(catalogs.ja[ns])) {
        if (!endonyms.has(key)) expect(text, `ja:${ns}.${key}`).not.toMatch(hangul);
      }
      for (const [key, text] of leaves(catalogs.ko[ns])) {
        if (!endonyms.has(key)) expect(text, `ko:${ns}.${key}`).not.toMatch(kana);
      }
    }
  });
});

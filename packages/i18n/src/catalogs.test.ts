import { describe, expect, it } from 'vitest';
import { clientErrorCodes, errorCodeList, languageValues } from '@carol/contracts';
import { catalogs } from './catalog.js';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('catalogs', () => {
  const reference = flatten(catalogs.ko);

  it.each(languageValues)(
    '%s has exactly the keys of ko, none empty, with the same placeholders',
    (language) => {
      const catalog = flatten(catalogs[language]);
      expect([...catalog.keys()].sort()).toEqual([...reference.keys()].sort());
      for (const [key, text] of catalog) {
        expect(text.trim(), `${language}:${key}`).not.toBe('');
        expect(placeholders(text), `${language}:${key}`).toEqual(
          placeholders(reference.get(key) ?? ''),
        );
      }
    },
  );

  it('has a message for every server and client error code', () => {
    for (const code of [...errorCodeList, ...clientErrorCodes]) {
      expect(catalogs.ko.errors[code], code).toBeTruthy();
    }
  });

  it('keeps the spec wording for phone and membership messages in English', () => {
    expect(catalogs.en.errors.PHONE_DIGITS_ONLY).toBe(
      'You can enter only numbers for mobile phone numbers.',
    );
    expect(catalogs.en.errors.NOT_A_MEMBER).toBe("Aren't you a member yet?");
    expect(catalogs.en.errors.MEMBERS_ONLY).toBe(
      'This is available after registering as a member.',
    );
    expect(catalogs.en.errors.IDP_INVALID_STATE).toBe('Invalid state');
  });
});

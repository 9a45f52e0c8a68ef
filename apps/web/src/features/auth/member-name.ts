import type { Language } from '@carol/contracts';

const hangul = /\p{Script=Hangul}/u;
const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * How the app addresses a member by name: Korean names family + given without a space
 * (박서연), Japanese ones with a space (山田 花子), Latin names given first in English
 * (Minji Kim) and family first in Korean and Japanese screens.
 */
export function memberName(family: string, given: string, language: Language): string {
  const f = family.trim();
  const g = given.trim();
  if (!f || !g) return f || g;
  if (hangul.test(f) && hangul.test(g)) return `${f}${g}`;
  if (japanese.test(f) || japanese.test(g)) return `${f} ${g}`;
  return language === 'en' ? `${g} ${f}` : `${f} ${g}`;
}

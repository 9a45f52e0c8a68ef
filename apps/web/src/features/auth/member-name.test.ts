import { describe, expect, it } from 'vitest';
import { memberName } from './member-name';

describe('memberName', () => {
  it('writes Korean names family + given without a space, whatever the language', () => {
    expect(memberName('박', '서연', 'ko')).toBe('박서연');
    expect(memberName('박', '서연', 'en')).toBe('박서연');
  });

  it('keeps a space in Japanese names', () => {
    expect(memberName('山田', '花子', 'ja')).toBe('山田 花子');
    expect(memberName('やまだ', 'はなこ', 'ko')).toBe('やまだ はなこ');
  });

  it('puts a Latin given name first in English only', () => {
    expect(memberName('Kim', 'Minji', 'en')).toBe('Minji Kim');
    expect(memberName('Kim', 'Minji', 'ko')).toBe('Kim Minji');
  });

  it('uses whichever part there is, trimmed', () => {
    expect(memberName('', ' jiwoo ', 'ko')).toBe('jiwoo');
    expect(memberName('  ', '', 'ja')).toBe('');
  });
});

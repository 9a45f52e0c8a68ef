import { describe, expect, it } from 'vitest';
import { splitHighlight } from './highlight';

describe('splitHighlight', () => {
  it('splits around the first match, ignoring case and width', () => {
    expect(splitHighlight('강남역', '강남')).toEqual(['', '강남', '역']);
    expect(splitHighlight('Shibuya Station', 'STATION')).toEqual(['Shibuya ', 'Station', '']);
    expect(splitHighlight('Shibuya', 'ｓｈｉｂ')).toEqual(['', 'Shib', 'uya']);
  });

  it('marks nothing when the server matched another way (초성, kana, romaji)', () => {
    expect(splitHighlight('강남구', 'ㄱㄴ')).toBeNull();
    expect(splitHighlight('渋谷区', 'しぶや')).toBeNull();
    expect(splitHighlight('渋谷区', '  ')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { parseStylebookPath, shopsPathOf } from './stylebook-path';

describe('parseStylebookPath (ADR 013)', () => {
  it('reads the default path and narrowed paths', () => {
    expect(parseStylebookPath({ gender: 'w', type: '-1', style: '0', substyle: '0' })).toEqual({
      gender: 'w',
      type: -1,
      style: 0,
      substyle: 0,
    });
    expect(parseStylebookPath({ gender: 'm', type: '13', style: '40', substyle: '41' })).toEqual({
      gender: 'm',
      type: 13,
      style: 40,
      substyle: 41,
    });
  });

  it('refuses malformed paths', () => {
    for (const p of [
      { gender: 'x', type: '-1', style: '0', substyle: '0' },
      { gender: 'w', type: '0', style: '0', substyle: '0' },
      { gender: 'w', type: '-2', style: '0', substyle: '0' },
      { gender: 'w', type: '1.5', style: '0', substyle: '0' },
      { gender: 'w', type: 'abc', style: '0', substyle: '0' },
      { gender: 'w', type: '-1', style: '3', substyle: '0' },
      { gender: 'w', type: '1', style: '0', substyle: '4' },
      { gender: 'w', type: '1', style: '-1', substyle: '0' },
      { gender: 'w' },
    ])
      expect(parseStylebookPath(p), JSON.stringify(p)).toBeNull();
  });

  it('links to the salons of a path', () => {
    expect(shopsPathOf({ gender: 'w', type: 1, style: 2, substyle: 0 })).toBe(
      '/stylebook/shop?gender=w&type=1&style=2&substyle=0',
    );
  });
});

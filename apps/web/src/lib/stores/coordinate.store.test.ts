// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { nextRecentKeywords } from './coordinate.store';

describe('recent keywords', () => {
  it('keeps at most five, newest first, dropping the oldest', () => {
    let list: string[] = [];
    for (const keyword of ['a', 'b', 'c', 'd', 'e', 'f']) list = nextRecentKeywords(list, keyword);
    expect(list).toEqual(['f', 'e', 'd', 'c', 'b']);
  });

  it('moves a repeated keyword to the newest position', () => {
    expect(nextRecentKeywords(['c', 'b', 'a'], 'a')).toEqual(['a', 'c', 'b']);
  });

  it('ignores blank keywords and trims the rest', () => {
    expect(nextRecentKeywords(['a'], '   ')).toEqual(['a']);
    expect(nextRecentKeywords(['a'], ' 강남 ')).toEqual(['강남', 'a']);
  });
});

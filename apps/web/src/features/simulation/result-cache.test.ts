import { describe, expect, it } from 'vitest';
import { ResultCache } from './result-cache';
import { fitWithin } from './photo';

const entry = (name: string) => ({ blob: new Blob([name]), url: `blob:${name}` });

describe('ResultCache', () => {
  it('keys by colour (case-insensitive) and strength', () => {
    expect(ResultCache.keyOf('#A0522D', 1)).toBe(ResultCache.keyOf('#a0522d', 1));
    expect(ResultCache.keyOf('#a0522d', 0.8)).not.toBe(ResultCache.keyOf('#a0522d', 1));
  });

  it('evicts and revokes the least recently used beyond its capacity', () => {
    const revoked: string[] = [];
    const cache = new ResultCache(2, (url) => revoked.push(url));
    cache.set('a', entry('a'));
    cache.set('b', entry('b'));
    expect(cache.get('a')?.url).toBe('blob:a'); // a is now the most recent
    cache.set('c', entry('c'));
    expect(revoked).toEqual(['blob:b']);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('revokes a replaced entry and everything on clear', () => {
    const revoked: string[] = [];
    const cache = new ResultCache(5, (url) => revoked.push(url));
    cache.set('a', entry('a1'));
    cache.set('a', entry('a2'));
    expect(revoked).toEqual(['blob:a1']);
    cache.set('b', entry('b'));
    cache.clear();
    expect(revoked.sort()).toEqual(['blob:a1', 'blob:a2', 'blob:b']);
    expect(cache.size).toBe(0);
  });
});

describe('fitWithin', () => {
  it('scales the longest side down to the limit, keeping the ratio', () => {
    expect(fitWithin(4032, 3024, 1280)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(3024, 4032, 1280)).toEqual({ width: 960, height: 1280 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600, 1280)).toEqual({ width: 800, height: 600 });
  });
});

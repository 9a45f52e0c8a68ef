import { describe, expect, it } from 'vitest';
import { isShorterThanOwn, ownHairLength } from './own-length';

describe('the length of the person’s own hair', () => {
  it('is unknown without the hair network and not long above the shoulders', () => {
    expect(ownHairLength(null)).toBeNull();
    expect(ownHairLength(undefined)).toBeNull();
    expect(ownHairLength(0)).toBeNull();
    expect(ownHairLength(0.2)).toBeNull();
  });

  it('is medium to the shoulders and long below them', () => {
    expect(ownHairLength(0.25)).toBe('medium');
    expect(ownHairLength(0.79)).toBe('medium');
    expect(ownHairLength(0.8)).toBe('long');
    expect(ownHairLength(2.4)).toBe('long');
  });

  it('calls a style shorter only when the own hair is known and longer', () => {
    expect(isShorterThanOwn('short', 'long')).toBe(true);
    expect(isShorterThanOwn('bob', 'medium')).toBe(true);
    expect(isShorterThanOwn('male', 'medium')).toBe(true);
    expect(isShorterThanOwn('medium', 'long')).toBe(true);
    expect(isShorterThanOwn('medium', 'medium')).toBe(false);
    expect(isShorterThanOwn('long', 'medium')).toBe(false);
    expect(isShorterThanOwn('short', null)).toBe(false);
    expect(isShorterThanOwn(null, 'long')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { stylebookEntryByLength } from '@carol/contracts';
import { bookLookPath } from './book-look';

describe('bookLookPath', () => {
  it('opens the style book’s salons for the style’s length type', () => {
    expect(bookLookPath({ gender: 'w', length: 'bob' })).toBe(
      `/stylebook/shop?gender=w&type=${stylebookEntryByLength.bob.type}`,
    );
    expect(bookLookPath({ gender: 'm', length: 'male' })).toBe(
      `/stylebook/shop?gender=m&type=${stylebookEntryByLength.male.type}`,
    );
  });

  it('falls back to the finder’s cut salons without a length', () => {
    expect(bookLookPath({ gender: 'm', length: null })).toMatch(
      /^\/find\/[a-z]+\?treatment=cut&gender=m$/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { stylebookEntryByLength } from '@carol/contracts';
import { bookLookPath, bookLookTarget } from './book-look';

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

describe('bookLookTarget', () => {
  it('goes straight to the booking flow of the salon the try-on was opened from', () => {
    expect(bookLookTarget({ shopId: 12, resource: { gender: 'w', length: 'bob' } })).toBe(
      '/reservation/first?shop_id=12',
    );
  });

  it('opens the salons for the style, or the finder’s colour salons for a colour', () => {
    expect(bookLookTarget({ shopId: null, resource: { gender: 'w', length: 'bob' } })).toBe(
      bookLookPath({ gender: 'w', length: 'bob' }),
    );
    expect(bookLookTarget({ shopId: null, resource: null })).toMatch(
      /^\/find\/[a-z]+\?treatment=color$/,
    );
  });
});

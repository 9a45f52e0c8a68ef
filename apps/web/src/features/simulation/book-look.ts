import { stylebookEntryByLength, type HairResource } from '@carol/contracts';
import { paths } from '../../lib/paths';

/**
 * "Book this look": the salons credited in the style book with this style's type (by gender and
 * length), like a hair shop app's "shops that do this style"; without a length, the shop search
 * for cuts (docs/decisions/020-hairstyle-try-on.md).
 */
export function bookLookPath(resource: Pick<HairResource, 'gender' | 'length'>): string {
  if (resource.length) {
    const { gender, type } = stylebookEntryByLength[resource.length];
    return `/stylebook/shop?${new URLSearchParams({ gender, type: String(type) }).toString()}`;
  }
  return `${paths.findList()}?treatment=cut&gender=${resource.gender}`;
}

/**
 * Where "Book this look" goes once the look is in the reservation draft (ADR 059): the salon
 * the try-on was opened from, straight into its booking flow; else the salons for the style
 * (bookLookPath), or for a colour the finder's colour salons.
 */
export function bookLookTarget({
  shopId,
  resource,
}: {
  shopId: number | null;
  resource: Pick<HairResource, 'gender' | 'length'> | null;
}): string {
  if (shopId !== null) return `${paths.reservationFirst}?shop_id=${shopId}`;
  if (resource) return bookLookPath(resource);
  return `${paths.findList()}?treatment=color`;
}

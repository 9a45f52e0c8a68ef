import { useSalonDetail } from '../../features/shops/salon-context';
import { SalonStylebook } from '../../features/stylebook/components/salon-stylebook';

/** /find/saloninfo/:salonid/stylebook/:gender/:type/:style/:substyle — the salon's styles. */
export default function SalonStylebookScreen() {
  const shop = useSalonDetail();
  return <SalonStylebook shopId={shop.id} />;
}

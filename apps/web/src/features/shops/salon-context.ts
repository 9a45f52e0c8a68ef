import { useOutletContext } from 'react-router';
import type { ShopDetail } from '@carol/contracts';

export interface SalonOutletContext {
  detail: ShopDetail;
}

/** The salon detail loaded by /find/saloninfo/:salonid, for its child tabs. */
export function useSalonDetail(): ShopDetail {
  return useOutletContext<SalonOutletContext>().detail;
}

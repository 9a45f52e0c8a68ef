import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { VisitShop } from '@carol/contracts';
import { HeartToggle } from '../../components/heart-toggle';
import { useFavoriteToggle } from '../../features/favorites/api';
import { patchVisitShopFavorite, recordKeys } from '../../features/records/api';
import { VisitShopList } from '../../features/records/visit-shop-list';
import styles from '../../features/records/records.module.css';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import { useReservationStore } from '../../lib/stores/reservation.store';

/** A visited salon's heart: the favourites API, patched into this list at once (like shop cards). */
function VisitShopHeart({ shop }: { shop: VisitShop }) {
  const { t } = useTranslation('favorites');
  const server = useCommonStore((s) => s.server);
  const favorite = useFavoriteToggle('shop', shop.shop_id, [
    { queryKey: recordKeys.visitShops(server), update: patchVisitShopFavorite(shop.shop_id) },
  ]);
  return (
    <HeartToggle
      label={t('label')}
      variant="soft"
      pressed={shop.is_favorite}
      onToggle={favorite.toggle}
      disabled={favorite.isPending}
    />
  );
}

/** /mypage/visitshop — salons visited: completed reservations and linked salons' visits. */
export default function VisitShopScreen() {
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <VisitShopList
        renderHeart={(shop) => <VisitShopHeart shop={shop} />}
        onBookAgain={(shop) => {
          // As the salon page's Book button: the draft starts for this salon, step one opens.
          useReservationStore.getState().startForShop(shop.shop_id, shop.shop_name);
          void navigate(`${paths.reservationFirst}?shop_id=${shop.shop_id}`);
        }}
      />
    </div>
  );
}

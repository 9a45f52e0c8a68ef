import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ShopSearchItem } from '@carol/contracts';
import { formatPrice } from '@carol/i18n/client';
import { StoreIcon } from '../../../components/icons';
import { MediaImage } from '../../../components/media-image';
import { Button, SectionHeader, Skeleton } from '../../../components/ui';
import { cx } from '../../../lib/cx';
import { paths } from '../../../lib/paths';
import { useCommonStore } from '../../../lib/stores/common.store';
import type { SearchOrigin, OriginState } from '../../../lib/use-search-origin';
import { NEARBY_COUNT, useNearbyShops } from '../api';
import { NearbyOrigin } from './nearby-origin';
import styles from './home-rows.module.css';

function ShopTile({ shop }: { shop: ShopSearchItem }) {
  const { t } = useTranslation('home');
  const language = useCommonStore((s) => s.language);
  const area = shop.region_neighbourhood ?? shop.region_district ?? shop.region_city ?? '';
  return (
    <Link to={paths.salon(shop.shop_id)} className={styles.shopCard} data-testid="nearby-shop">
      <span className={styles.shopMedia}>
        {shop.thumbnail ? (
          <MediaImage src={shop.thumbnail} width={200} height={112} />
        ) : (
          <span className={styles.shopMediaPlaceholder} aria-hidden="true">
            <StoreIcon size={32} />
          </span>
        )}
        {shop.is_smart_salon && <span className={styles.smartBadge}>{t('nearbyShops.smart')}</span>}
        <span className={styles.distanceBadge} data-testid="nearby-shop-distance">
          {t('nearbyShops.distance', { km: shop.distance_km.toFixed(1) })}
        </span>
      </span>
      <span className={styles.shopBody}>
        <span className={styles.title} data-testid="nearby-shop-name">
          {shop.name}
        </span>
        <span className={styles.meta}>{area}</span>
        <span className={styles.shopFooter}>
          <span
            aria-label={t('nearbyShops.rating', {
              rating: shop.rating_avg.toFixed(1),
              count: shop.review_count,
            })}
          >
            <span className={styles.star} aria-hidden="true">
              ★
            </span>
            <span aria-hidden="true">
              {shop.rating_avg.toFixed(1)} ({shop.review_count})
            </span>
          </span>
          <span className={styles.price}>
            {shop.min_price === null
              ? t('nearbyShops.noPrice')
              : t('nearbyShops.fromPrice', {
                  price: formatPrice(shop.min_price, shop.currency, language),
                })}
          </span>
        </span>
      </span>
    </Link>
  );
}

function ShopTileSkeleton() {
  return (
    <div className={styles.shopCard} aria-hidden="true">
      <Skeleton width={200} height={112} radius={0} />
      <span className={styles.shopBody}>
        <Skeleton shape="text" width="70%" />
        <Skeleton shape="text" width="45%" />
        <Skeleton shape="text" width="85%" />
      </span>
    </div>
  );
}

/** Spec section 1: nearby shops, nearest first, as horizontally scrolling cards. */
export function NearbyShops({
  origin,
  state,
  onLocate,
}: {
  origin: SearchOrigin | null;
  state: OriginState;
  onLocate: () => void;
}) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const shops = useNearbyShops(origin);

  return (
    <section aria-labelledby="home-nearby-shops" className={styles.section}>
      <SectionHeader
        id="home-nearby-shops"
        title={t('nearbyShops.title')}
        action={{ to: paths.findList(), label: t('nearbyShops.seeAll') }}
      />
      <NearbyOrigin state={state} onLocate={onLocate} />
      {shops.isPending ? (
        <div className={styles.row} aria-busy="true" aria-label={tc('loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <ShopTileSkeleton key={i} />
          ))}
        </div>
      ) : shops.isError ? (
        <div className={styles.notice} role="status">
          <span>{t('nearbyShops.error')}</span>
          <Button variant="ghost" size="md" onClick={() => void shops.refetch()}>
            {tc('actions.retry')}
          </Button>
        </div>
      ) : shops.data.length === 0 ? (
        <p className={styles.notice}>{t('nearbyShops.empty')}</p>
      ) : (
        <ul
          className={cx(styles.row, shops.isPlaceholderData && styles.stale)}
          aria-busy={shops.isPlaceholderData}
        >
          {shops.data.slice(0, NEARBY_COUNT).map((shop) => (
            <li key={shop.shop_id}>
              <ShopTile shop={shop} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ShopSearchItem } from '@carol/contracts';
import { formatPrice } from '@carol/i18n/client';
import { paths } from '../lib/paths';
import { useCommonStore } from '../lib/stores/common.store';
import { ShopThumb } from './shop-thumb';
import styles from './shop-card.module.css';

/**
 * A salon in a list (Find, "salons that do this style"): thumbnail, name, area and distance,
 * rating, price from, smart-salon and open-now badges. `extra` adds a badge of the caller's.
 */
export function ShopCard({ shop, extra }: { shop: ShopSearchItem; extra?: ReactNode }) {
  const { t } = useTranslation('search');
  const language = useCommonStore((s) => s.language);
  const region = [shop.region_district, shop.region_neighbourhood].filter(Boolean).join(' ');
  return (
    <Link to={paths.salon(shop.shop_id)} className={styles.card}>
      <ShopThumb
        src={shop.thumbnail}
        size={88}
        iconSize={28}
        className={styles.thumb}
        placeholderClassName={styles.thumbPlaceholder}
      />
      <span className={styles.cardBody}>
        <span className={styles.cardTitle} data-testid="shop-name">
          {shop.name}
        </span>
        <span className={styles.cardMeta}>
          {region || shop.region_city || shop.address}
          <span aria-hidden="true"> · </span>
          {t('card.distance', { km: shop.distance_km.toFixed(1) })}
        </span>
        <span
          className={styles.rating}
          aria-label={t('card.ratingLabel', {
            rating: shop.rating_avg.toFixed(1),
            count: shop.review_count,
          })}
        >
          <span className={styles.star} aria-hidden="true">
            ★
          </span>
          <span aria-hidden="true">
            {shop.rating_avg.toFixed(1)} ({t('card.reviews', { count: shop.review_count })})
          </span>
        </span>
        <span className={styles.cardFooter}>
          <span className={styles.price}>
            {shop.min_price === null
              ? t('card.noPrice')
              : t('card.fromPrice', {
                  price: formatPrice(shop.min_price, shop.currency, language),
                })}
          </span>
          {extra && <span className={styles.badgeNeutral}>{extra}</span>}
          {shop.is_smart_salon && <span className={styles.badgeAccent}>{t('card.smart')}</span>}
          {shop.is_open_now && <span className={styles.badgeSuccess}>{t('card.openNow')}</span>}
        </span>
      </span>
    </Link>
  );
}

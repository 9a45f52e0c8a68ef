import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DesignerSearchItem, ShopSearchItem } from '@carol/contracts';
import { formatPrice } from '@carol/i18n';
import { StoreIcon, UserIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { useCommonStore } from '../../../lib/stores/common.store';
import styles from './find.module.css';

export function ShopCard({ shop }: { shop: ShopSearchItem }) {
  const { t } = useTranslation('find');
  const language = useCommonStore((s) => s.language);
  const region = [shop.region_district, shop.region_neighbourhood].filter(Boolean).join(' ');
  return (
    <Link to={paths.salon(shop.shop_id)} className={styles.card}>
      {shop.thumbnail ? (
        <img
          className={styles.thumb}
          src={shop.thumbnail}
          alt=""
          loading="lazy"
          decoding="async"
          width={88}
          height={88}
        />
      ) : (
        <span className={styles.thumbPlaceholder} aria-hidden="true">
          <StoreIcon size={28} />
        </span>
      )}
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
          {shop.is_smart_salon && <span className={styles.badgeAccent}>{t('card.smart')}</span>}
          {shop.is_open_now && <span className={styles.badgeSuccess}>{t('card.openNow')}</span>}
        </span>
      </span>
    </Link>
  );
}

export function DesignerCard({ designer }: { designer: DesignerSearchItem }) {
  const { t } = useTranslation('find');
  return (
    <Link to={paths.salon(designer.shop_id)} className={styles.card}>
      {designer.profile_image_url ? (
        <img
          className={styles.avatar}
          src={designer.profile_image_url}
          alt=""
          loading="lazy"
          decoding="async"
          width={64}
          height={64}
        />
      ) : (
        <span className={styles.avatarPlaceholder} aria-hidden="true">
          <UserIcon size={26} />
        </span>
      )}
      <span className={styles.cardBody}>
        <span className={styles.cardTitle}>
          {designer.name}
          {designer.position && <span className={styles.position}>{designer.position}</span>}
        </span>
        <span className={styles.cardMeta}>{designer.shop_name}</span>
        <span className={styles.cardMeta}>
          {t('card.distance', { km: designer.distance_km.toFixed(1) })}
        </span>
      </span>
    </Link>
  );
}

export function ResultSkeleton({ count = 4 }: { count?: number }) {
  return (
    <ul className={styles.list} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.skeletonCard}>
          <Skeleton width={88} height={88} radius="var(--radius-md)" />
          <span className={styles.skeletonLines}>
            <Skeleton shape="text" width="60%" />
            <Skeleton shape="text" width="80%" />
            <Skeleton shape="text" width="40%" />
          </span>
        </li>
      ))}
    </ul>
  );
}

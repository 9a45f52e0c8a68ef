import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DesignerSearchItem } from '@carol/contracts';
import { UserIcon } from '../../../components/icons';
import { Skeleton } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { MediaImage } from '../../../components/media-image';
import cardStyles from '../../../components/shop-card.module.css';
import styles from './search.module.css';

/** Moved to components/ so other screens can list salons the same way. */
export { ShopCard } from '../../../components/shop-card';

export function DesignerCard({ designer }: { designer: DesignerSearchItem }) {
  const { t } = useTranslation('search');
  return (
    <Link to={paths.designer(designer.designer_id)} className={cardStyles.card}>
      {designer.profile_image_url ? (
        <MediaImage
          className={styles.avatar}
          src={designer.profile_image_url}
          width={64}
          height={64}
        />
      ) : (
        <span className={styles.avatarPlaceholder} aria-hidden="true">
          <UserIcon size={26} />
        </span>
      )}
      <span className={cardStyles.cardBody}>
        <span className={cardStyles.cardTitle}>
          {designer.name}
          {designer.position && <span className={styles.position}>{designer.position}</span>}
        </span>
        <span className={cardStyles.cardMeta}>
          {designer.shop_name}
          <span aria-hidden="true"> · </span>
          {t('card.distance', { km: designer.distance_km.toFixed(1) })}
        </span>
        {designer.review_count > 0 && (
          <span
            className={cardStyles.rating}
            aria-label={t('card.ratingLabel', {
              rating: designer.rating_avg.toFixed(1),
              count: designer.review_count,
            })}
          >
            <span className={cardStyles.star} aria-hidden="true">
              ★
            </span>
            <span aria-hidden="true">
              {designer.rating_avg.toFixed(1)} (
              {t('card.reviews', { count: designer.review_count })})
            </span>
          </span>
        )}
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

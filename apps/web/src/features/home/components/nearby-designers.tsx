import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DesignerSearchItem } from '@carol/contracts';
import { MediaImage } from '../../../components/media-image';
import { Button, SectionHeader, Skeleton } from '../../../components/ui';
import { cx } from '../../../lib/cx';
import { paths } from '../../../lib/paths';
import type { SearchOrigin } from '../../../lib/use-search-origin';
import { useNearbyDesigners } from '../api';
import styles from './home-rows.module.css';

function DesignerTile({ designer }: { designer: DesignerSearchItem }) {
  const { t } = useTranslation('home');
  const km = designer.distance_km.toFixed(1);
  return (
    <Link
      to={paths.designer(designer.designer_id)}
      className={styles.designerCard}
      data-testid="nearby-designer"
      aria-label={t('nearbyDesigners.label', {
        name: designer.name,
        shop: designer.shop_name,
        km,
      })}
    >
      <span className={styles.avatar} aria-hidden="true">
        {designer.profile_image_url ? (
          <MediaImage src={designer.profile_image_url} width={72} height={72} />
        ) : (
          designer.name.slice(0, 1)
        )}
      </span>
      <span className={styles.designerName} aria-hidden="true">
        {designer.name}
      </span>
      <span className={styles.designerMeta} aria-hidden="true">
        {designer.shop_name}
      </span>
      <span
        className={styles.designerMeta}
        aria-hidden="true"
        data-testid="nearby-designer-distance"
      >
        {t('nearbyShops.distance', { km })}
      </span>
    </Link>
  );
}

/** Spec section 1: designers of the nearest salons, as avatar cards. */
export function NearbyDesigners({
  origin,
  isEnabled = true,
}: {
  origin: SearchOrigin | null;
  isEnabled?: boolean;
}) {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation();
  const designers = useNearbyDesigners(origin, isEnabled);

  return (
    <section aria-labelledby="home-nearby-designers" className={styles.section}>
      <SectionHeader
        id="home-nearby-designers"
        title={t('nearbyDesigners.title')}
        action={{ to: `${paths.findList()}?tab=designers`, label: t('nearbyDesigners.seeAll') }}
      />
      {designers.isPending ? (
        <div className={styles.row} aria-busy="true" aria-label={tc('loading')}>
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className={styles.designerCard} aria-hidden="true">
              <Skeleton shape="circle" width={72} height={72} />
              <Skeleton shape="text" width={56} />
              <Skeleton shape="text" width={72} />
              <Skeleton shape="text" width={36} />
            </div>
          ))}
        </div>
      ) : designers.isError ? (
        <div className={styles.notice} role="status">
          <span>{t('nearbyDesigners.error')}</span>
          <Button variant="ghost" size="md" onClick={() => void designers.refetch()}>
            {tc('actions.retry')}
          </Button>
        </div>
      ) : designers.data.length === 0 ? (
        <p className={styles.notice}>{t('nearbyDesigners.empty')}</p>
      ) : (
        <ul
          className={cx(styles.row, designers.isPlaceholderData && styles.stale)}
          aria-busy={designers.isPlaceholderData}
        >
          {designers.data.map((designer) => (
            <li key={designer.designer_id}>
              <DesignerTile designer={designer} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

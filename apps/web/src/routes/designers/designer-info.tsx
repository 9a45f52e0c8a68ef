import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon, StoreIcon, UserIcon } from '../../components/icons';
import { HeartToggle } from '../../components/heart-toggle';
import { Skeleton } from '../../components/ui';
import {
  designerKeys,
  useDesignerDetail,
  type DesignerDetailData,
} from '../../features/designers/api';
import { useFavoriteToggle } from '../../features/favorites/api';
import { ReviewSection } from '../../features/reviews/review-section';
import { SalonUnavailable } from '../../features/shops/salon-unavailable';
import { BookBar } from '../../features/shops/book-bar';
import { isApiError } from '../../lib/api/api-error';
import { paths } from '../../lib/paths';
import { resizableOr } from '../../lib/media';
import { MediaImage } from '../../components/media-image';
import { selectIsLoggedIn, useCommonStore } from '../../lib/stores/common.store';
import styles from './designer-info.module.css';

/** /find/designerinfo/:designerid — profile, salon, portfolio, reviews, favourite and Book. */
export default function DesignerInfoScreen() {
  const { t } = useTranslation('favorites');
  const { t: ts } = useTranslation('shops');
  const { designerid = '' } = useParams();
  const designerId = Number(designerid);
  const server = useCommonStore((s) => s.server);
  const loginID = useCommonStore((s) => (s.loginFlag ? s.loginID : null));
  const isLoggedIn = useCommonStore(selectIsLoggedIn);
  const detail = useDesignerDetail(designerId);
  const favorite = useFavoriteToggle('designer', designerId, [
    {
      queryKey: designerKeys.detail(server, designerId, loginID),
      update: (old, isFavorite) => {
        const data = old as DesignerDetailData;
        return { ...data, detail: { ...data.detail, is_favorite: isFavorite } };
      },
    },
  ]);

  const isMissing =
    !Number.isInteger(designerId) ||
    designerId <= 0 ||
    (detail.isError && isApiError(detail.error) && detail.error.resCode === 'NOT_FOUND');
  if (isMissing || detail.isError) {
    return (
      <SalonUnavailable
        isMissing={isMissing}
        error={detail.error}
        onRetry={() => void detail.refetch()}
        copy={{
          icon: <UserIcon size={28} />,
          notFound: t('designer.notFound'),
          notFoundHint: t('designer.notFoundHint'),
          error: t('designer.error'),
        }}
      />
    );
  }
  if (detail.isPending) {
    return (
      <div className={styles.page} aria-busy="true">
        <span className="visually-hidden">{t('designer.loading')}</span>
        <div className={styles.profile}>
          <Skeleton shape="circle" width={88} height={88} />
          <div className={styles.who}>
            <Skeleton shape="text" width="60%" height={24} />
            <Skeleton shape="text" width="40%" />
          </div>
        </div>
        <Skeleton width="100%" height={90} radius={16} />
        <Skeleton width="100%" height={220} radius={16} />
      </div>
    );
  }

  const d = detail.data.detail;
  return (
    <div className={styles.page}>
      <header className={styles.profile}>
        {d.profile_image_url ? (
          <MediaImage
            className={styles.avatar}
            src={d.profile_image_url}
            alt={t('designer.profileAlt', { name: d.name })}
            width={88}
            height={88}
            isPriority
          />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            <UserIcon size={36} />
          </span>
        )}
        <div className={styles.who}>
          <h1 className={styles.name}>{d.name}</h1>
          {d.position && <p className={styles.muted}>{d.position}</p>}
          <p className={styles.rating}>
            <span className={styles.star} aria-hidden="true">
              ★
            </span>
            <span className="visually-hidden">
              {ts('rating', { rating: d.rating_avg.toFixed(1) })}
            </span>
            <strong aria-hidden="true">{d.rating_avg.toFixed(1)}</strong>
            <span className={styles.muted}>{ts('reviews', { count: d.review_count })}</span>
          </p>
        </div>
        <HeartToggle
          label={t('label')}
          variant="soft"
          pressed={isLoggedIn && d.is_favorite}
          onToggle={favorite.toggle}
        />
      </header>

      {d.career_years !== null && d.career_years > 0 && (
        <ul className={styles.chips}>
          <li className={styles.chip}>{t('designer.career', { years: d.career_years })}</li>
        </ul>
      )}

      {d.introduction && (
        <section className={styles.section} aria-labelledby="designer-intro">
          <h2 id="designer-intro" className={styles.sectionTitle}>
            {t('designer.introduction')}
          </h2>
          <p className={styles.introduction}>{d.introduction}</p>
        </section>
      )}

      <section className={styles.section} aria-labelledby="designer-shop">
        <h2 id="designer-shop" className={styles.sectionTitle}>
          {t('designer.shop')}
        </h2>
        <Link to={paths.salon(d.shop.id)} className={styles.shopCard}>
          {d.shop.thumbnail ? (
            <MediaImage
              className={styles.shopThumb}
              src={d.shop.thumbnail}
              width={64}
              height={64}
            />
          ) : (
            <span className={styles.shopThumb} aria-hidden="true">
              <StoreIcon size={24} />
            </span>
          )}
          <span className={styles.who}>
            <span className={styles.shopName}>{d.shop.name}</span>
            <span className={styles.muted}>{d.shop.address}</span>
          </span>
          <ChevronRightIcon size={20} aria-label={t('designer.viewSalon')} />
        </Link>
      </section>

      <section className={styles.section} aria-labelledby="designer-portfolio">
        <h2 id="designer-portfolio" className={styles.sectionTitle}>
          {t('designer.portfolio')}
        </h2>
        {d.portfolio.length === 0 ? (
          <p className={styles.muted}>{t('designer.noPortfolio')}</p>
        ) : (
          <ul className={styles.portfolio}>
            {d.portfolio.map((p) => (
              <li key={p.photo_id}>
                <MediaImage
                  src={resizableOr(p.image_url, p.thumb_url)}
                  alt={p.title}
                  width={150}
                  height={200}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ReviewSection target={{ designerId: d.id }} headingId="designer-reviews" />

      <BookBar
        to={`${paths.reservationFirst}?shop_id=${d.shop.id}&designer_id=${d.id}`}
        isOpen={d.shop.is_booking_open}
        label={t('designer.book')}
        closedLabel={t('designer.bookingClosed')}
      />
    </div>
  );
}

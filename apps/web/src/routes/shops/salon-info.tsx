import { lazy, Suspense, useEffect } from 'react';
import { limits, type ShopDetail } from '@carol/contracts';
import { Link, Outlet, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ImageIcon } from '../../components/icons';
import { Skeleton } from '../../components/ui';
import { isNotFound, shopKeys, useShopDetail } from '../../features/shops/api';
import { useFavoriteToggle } from '../../features/favorites/api';
import { HeartToggle } from '../../components/heart-toggle';
import { selectIsLoggedIn, useCommonStore } from '../../lib/stores/common.store';
import { SalonCarousel } from '../../features/shops/salon-carousel';
import type { SalonOutletContext } from '../../features/shops/salon-context';
import salon from '../../features/shops/salon.module.css';
import { SalonUnavailable } from '../../features/shops/salon-unavailable';
import { BookBar } from '../../features/shops/book-bar';
import { LinkSalonEntry } from '../../features/records/link-salon-entry';
import type { RenderPhoneVerification } from '../../features/records/link-confirm';
import { paths } from '../../lib/paths';
import styles from './salon-info.module.css';

const tabs = ['home', 'stylebook', 'menu', 'notice'] as const;

/** The booking's in-place phone verification, loaded only when a link needs it. */
const PhoneChangeScreen = lazy(() =>
  import('../../features/auth/phone-change-form').then((m) => ({ default: m.PhoneChangeScreen })),
);

/** Linking needs a verified phone: the booking's in-place verification. */
const verifyPhoneInPlace: RenderPhoneVerification = ({ hasPhone, onDone }) => (
  <Suspense fallback={null}>
    <PhoneChangeScreen mode={hasPhone ? 'changeTel' : 'createTel'} onDone={onDone} />
  </Suspense>
);

/** /find/saloninfo/:salonid — photos, name and rating, tabs (home, styles, menu, news), Book. */
export default function SalonInfoScreen() {
  const { t } = useTranslation('screens');
  const { t: ts } = useTranslation('shops');
  const { t: tf } = useTranslation('favorites');
  const { salonid = '' } = useParams();
  const { pathname } = useLocation();
  const base = paths.salon(salonid);
  const shopId = Number(salonid);
  const detail = useShopDetail(shopId);
  const server = useCommonStore((s) => s.server);
  const isLoggedIn = useCommonStore(selectIsLoggedIn);
  const favorite = useFavoriteToggle('shop', shopId, [
    {
      queryKey: shopKeys.detail(server, shopId),
      update: (old, isFavorite) => {
        const data = old as { detail: ShopDetail };
        return { ...data, detail: { ...data.detail, is_favorite: isFavorite } };
      },
    },
  ]);
  // A detail cached while signed out has no is_favorite: ask again once signed in.
  const needsFavoriteState =
    isLoggedIn && detail.isSuccess && detail.data.is_favorite === undefined;
  const { refetch } = detail;
  useEffect(() => {
    if (needsFavoriteState) void refetch();
  }, [needsFavoriteState, refetch]);

  const targetOf = (tab: (typeof tabs)[number]) =>
    tab === 'home'
      ? base
      : tab === 'stylebook'
        ? `${base}/stylebook${limits.defaultStylebookPath}`
        : `${base}/${tab}`;
  const isCurrent = (tab: (typeof tabs)[number]) =>
    tab === 'home'
      ? pathname === base || pathname === `${base}/`
      : pathname.startsWith(`${base}/${tab}`);

  const isMissing =
    !Number.isInteger(shopId) || shopId <= 0 || (detail.isError && isNotFound(detail.error));
  if (isMissing || detail.isError) {
    return (
      <SalonUnavailable
        isMissing={isMissing}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  if (detail.isPending) {
    return (
      <div aria-busy="true">
        <span className="visually-hidden">{ts('loading')}</span>
        <Skeleton width="100%" height={220} radius={0} />
        <div className={salon.headerBlock}>
          <Skeleton shape="text" width="55%" height={24} />
          <Skeleton shape="text" width="35%" />
          <Skeleton shape="text" width="80%" />
        </div>
      </div>
    );
  }

  const shop = detail.data;
  const context: SalonOutletContext = { detail: shop };
  return (
    <div className={salon.page}>
      <div className={salon.coverWrap}>
        <SalonCarousel images={shop.images} name={shop.name} />
        {shop.images.length > 0 && (
          <Link to={`${base}/images`} className={styles.imagesLink}>
            <ImageIcon size={16} />
            {t('salonInfo.images')}
          </Link>
        )}
      </div>
      <header className={salon.headerBlock}>
        <div className={styles.titleRow}>
          <h1 className={salon.name}>{shop.name}</h1>
          <HeartToggle
            label={tf('label')}
            variant="soft"
            pressed={isLoggedIn && shop.is_favorite === true}
            onToggle={favorite.toggle}
          />
        </div>
        {shop.name_en && <p className={salon.nameEn}>{shop.name_en}</p>}
        <p className={salon.ratingLine}>
          <span className={salon.star} aria-hidden="true">
            ★
          </span>
          <span className="visually-hidden">
            {ts('rating', { rating: shop.rating_avg.toFixed(1) })}
          </span>
          <strong aria-hidden="true">{shop.rating_avg.toFixed(1)}</strong>
          <span className={salon.muted}>{ts('reviews', { count: shop.review_count })}</span>
          {shop.is_smart_salon && <span className={salon.badge}>{ts('smart')}</span>}
        </p>
      </header>
      {isLoggedIn && (
        <LinkSalonEntry shopId={shop.id} renderPhoneVerification={verifyPhoneInPlace} />
      )}
      <nav className={styles.tabs} aria-label={t('salonInfo.title')}>
        {tabs.map((tab) => (
          <Link
            key={tab}
            to={targetOf(tab)}
            replace
            className={styles.tab}
            aria-current={isCurrent(tab) ? 'page' : undefined}
          >
            {t(`salonInfo.tabs.${tab}`)}
          </Link>
        ))}
      </nav>
      <Outlet context={context} />
      <BookBar
        to={`${paths.reservationFirst}?shop_id=${shop.id}`}
        isOpen={shop.is_booking_open}
        label={ts('book')}
        closedLabel={ts('bookingClosed')}
      />
    </div>
  );
}

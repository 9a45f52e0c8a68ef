import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Language, VisitShop } from '@carol/contracts';
import { AlertIcon, CheckIcon, StoreIcon } from '../../components/icons';
import { ShopThumb } from '../../components/shop-thumb';
import { Button, ButtonLink, EmptyState, Skeleton } from '../../components/ui';
import { cx } from '../../lib/cx';
import { paths } from '../../lib/paths';
import { useVisitShops } from './api';
import { formatLocalDate } from './measure-text';
import { UnlinkDialog } from './unlink-dialog';
import styles from './records.module.css';

/** /mypage/visitshop — salons visited, latest first, paged; the route hands in each salon's heart. */
export function VisitShopList({
  renderHeart,
  onBookAgain,
}: {
  renderHeart: (shop: VisitShop) => ReactNode;
  onBookAgain: (shop: VisitShop) => void;
}) {
  const { t, i18n } = useTranslation('records');
  const list = useVisitShops();
  const [unlinking, setUnlinking] = useState<VisitShop | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isPending) {
    return (
      <div className={styles.list} aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className={styles.shopCard}>
            <div className={styles.shopMain}>
              <Skeleton width={76} height={76} radius={12} />
              <div className={styles.skeletonCard}>
                <Skeleton shape="text" width="70%" height={18} />
                <Skeleton shape="text" width="90%" />
                <Skeleton shape="text" width="50%" />
              </div>
            </div>
            <Skeleton height={40} radius={999} />
          </div>
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('loadError')}
        description={list.error.message}
        actions={
          <Button size="md" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const shops = list.data.pages.flatMap((page) => page.visit_shop_list);
  if (shops.length === 0) {
    return (
      <EmptyState
        icon={<StoreIcon size={28} />}
        title={t('visitShop.emptyTitle')}
        description={t('visitShop.emptyBody')}
        actions={
          <>
            <ButtonLink to={paths.findList()} size="md">
              {t('visitShop.findSalons')}
            </ButtonLink>
            <ButtonLink to="/mypage/qrcodescanner" size="md" variant="outline">
              {t('visitShop.scanQr')}
            </ButtonLink>
          </>
        }
      />
    );
  }
  const language = i18n.language as Language;
  return (
    <>
      <div className={styles.headingRow}>
        <h1 className={styles.heading}>{t('visitShop.heading')}</h1>
        <span className={styles.muted}>
          {t('visitShop.total', { count: list.data.pages[0]?.total ?? shops.length })}
        </span>
      </div>
      <ul className={styles.list}>
        {shops.map((shop) => (
          <li key={shop.shop_id} className={styles.shopCard} data-shop-id={shop.shop_id}>
            <div className={styles.shopRow}>
              <Link to={paths.salon(shop.shop_id)} className={styles.shopMain}>
                <ShopThumb
                  src={shop.shop_thumbnail}
                  size={76}
                  iconSize={26}
                  className={styles.thumb}
                  placeholderClassName={styles.thumb}
                />
                <span className={styles.shopBody}>
                  <span className={styles.shopName} data-testid="visit-shop-name">
                    {shop.shop_name}
                  </span>
                  <span className={styles.shopAddress}>{shop.address}</span>
                  <span className={styles.shopFacts}>
                    <span>
                      {t('visitShop.lastVisit', {
                        date: formatLocalDate(shop.last_visit_date, language),
                      })}
                    </span>
                    <span>{t('visitShop.visitCount', { count: shop.visit_count })}</span>
                    <span>
                      <span className={styles.star} aria-hidden="true">
                        ★
                      </span>{' '}
                      <span className="visually-hidden">
                        {t('visitShop.rating', { rating: shop.rating_avg.toFixed(1) })}
                      </span>
                      <span aria-hidden="true">{shop.rating_avg.toFixed(1)}</span>
                    </span>
                  </span>
                  {(shop.is_linked || !shop.bookable) && (
                    <span className={styles.badges}>
                      {shop.is_linked && (
                        <span className={cx(styles.badge, styles.badgeLinked)}>
                          <CheckIcon size={12} />
                          {t('linked')}
                        </span>
                      )}
                      {!shop.bookable && (
                        <span className={styles.badge}>{t('visitShop.notBookable')}</span>
                      )}
                    </span>
                  )}
                </span>
              </Link>
              {renderHeart(shop)}
            </div>
            <div className={styles.shopActions}>
              {shop.bookable && (
                <Button size="md" onClick={() => onBookAgain(shop)}>
                  {t('visitShop.bookAgain')}
                </Button>
              )}
              {shop.is_linked && (
                <Button size="md" variant="outline" onClick={() => setUnlinking(shop)}>
                  {t('visitShop.unlink')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      {hasNextPage && (
        <Button
          size="md"
          variant="outline"
          isBusy={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {t('more')}
        </Button>
      )}
      <UnlinkDialog shop={unlinking} onClose={() => setUnlinking(null)} />
    </>
  );
}

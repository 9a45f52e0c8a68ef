import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ShopVisit } from '@carol/contracts';
import { AlertIcon, ChevronRightIcon, ImageIcon, QrIcon, SearchIcon } from '../../components/icons';
import { ShopThumb } from '../../components/shop-thumb';
import { Button, ButtonLink, Chip, EmptyState, Skeleton } from '../../components/ui';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import { useShopVisitList } from './api';
import { formatShortDate } from './format';
import { NoticeList } from './notice-list';
import styles from './history.module.css';

export const historyPaths = {
  index: '/mypage/myphotoindex',
  photos: (shopId?: number | null) => (shopId ? `/mypage/myphoto/${shopId}` : '/mypage/myphoto'),
  qrScanner: '/mypage/qrcodescanner',
};

/** What to do without a linked salon: find one (its page links), or scan the salon's QR. */
export function LinkSalonActions() {
  const { t } = useTranslation('history');
  return (
    <>
      <ButtonLink to={paths.findList()} size="md">
        <SearchIcon size={18} />
        {t('index.findSalon')}
      </ButtonLink>
      <ButtonLink to={historyPaths.qrScanner} size="md" variant="outline">
        <QrIcon size={18} />
        {t('index.scanQr')}
      </ButtonLink>
    </>
  );
}

/**
 * /mypage/myphotoindex — the styling-history hub: every linked salon with its last visit, counts
 * and notices; all salons together or one (chips); each opens its photos.
 */
export function HistoryIndex() {
  const { t } = useTranslation('history');
  const shops = useShopVisitList();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('shop')) || null;

  if (shops.isPending) {
    return (
      <div className={styles.screen} aria-busy="true" aria-label={t('index.loading')}>
        <Skeleton height={72} radius="var(--radius-lg)" />
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className={styles.shopSkeleton}>
            <Skeleton width={64} height={64} radius="var(--radius-md)" />
            <div className={styles.skeletonLines}>
              <Skeleton shape="text" width="70%" />
              <Skeleton shape="text" width="45%" />
              <Skeleton shape="text" width="55%" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (shops.isError) {
    return (
      <div className={styles.screen}>
        <EmptyState
          icon={<AlertIcon size={28} />}
          title={t('index.error')}
          description={shops.error.message}
          actions={
            <Button variant="outline" size="md" onClick={() => void shops.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      </div>
    );
  }
  const list = shops.data;
  if (list.length === 0) {
    return (
      <div className={styles.screen}>
        <EmptyState
          icon={<ImageIcon size={28} />}
          title={t('index.emptyTitle')}
          description={t('index.emptyText')}
          actions={<LinkSalonActions />}
        />
      </div>
    );
  }
  const shown = chosen ? list.filter((s) => s.shop_id === chosen) : list;
  const choose = (shopId: number | null) =>
    setParams(shopId ? { shop: String(shopId) } : {}, { replace: true });

  return (
    <div className={styles.screen}>
      {list.length > 1 && (
        <div className={styles.chipRow} role="group" aria-label={t('index.filterLabel')}>
          <Chip isSelected={chosen === null} onClick={() => choose(null)}>
            {t('index.all')}
          </Chip>
          {list.map((shop) => (
            <Chip
              key={shop.shop_id}
              isSelected={chosen === shop.shop_id}
              onClick={() => choose(shop.shop_id)}
              className={styles.shopChip}
            >
              <span className={styles.shopChipName}>{shop.shop_name}</span>
            </Chip>
          ))}
        </div>
      )}
      {chosen === null && (
        <Link to={historyPaths.photos()} className={styles.allEntry} data-testid="history-all">
          <span className={styles.allIcon} aria-hidden="true">
            <ImageIcon size={24} />
          </span>
          <span className={styles.allText}>
            <strong>{t('index.allPhotos')}</strong>
            <span>{t('index.allPhotosHint', { count: list.length })}</span>
          </span>
          <ChevronRightIcon size={20} className={styles.chevron} />
        </Link>
      )}
      <ul className={styles.shopList}>
        {(shown.length > 0 ? shown : list).map((shop) => (
          <li key={shop.shop_id}>
            <ShopCard
              shop={shop}
              isOpen={chosen === shop.shop_id || shown.length === 1}
              onMore={() => choose(shop.shop_id)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ShopCard({
  shop,
  isOpen,
  onMore,
}: {
  shop: ShopVisit;
  isOpen: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation('history');
  const language = useCommonStore((s) => s.language);
  return (
    <article className={styles.shopCard} data-testid="history-shop">
      <Link to={historyPaths.photos(shop.shop_id)} className={styles.shopLink}>
        <ShopThumb
          src={shop.shop_thumbnail}
          size={64}
          iconSize={26}
          className={styles.shopThumb}
          placeholderClassName={styles.shopThumbPlaceholder}
        />
        <span className={styles.shopText}>
          <strong className={styles.shopName}>{shop.shop_name}</strong>
          <span className={styles.shopLast}>
            {shop.last_visit_date
              ? t('index.lastVisit', { date: formatShortDate(shop.last_visit_date, language) })
              : t('index.noVisitYet')}
          </span>
          <span className={styles.shopCounts}>
            <span>{t('index.visits', { count: shop.visit_count })}</span>
            <span aria-hidden="true">·</span>
            <span>{t('index.media', { count: shop.media_count })}</span>
          </span>
        </span>
        <ChevronRightIcon size={20} className={styles.chevron} />
      </Link>
      {shop.notices.length > 0 && (
        <section className={styles.shopNotices} aria-label={t('index.notices')}>
          <NoticeList
            notices={isOpen ? shop.notices : shop.notices.slice(0, 3)}
            timeZone={shop.time_zone}
          />
          {!isOpen && shop.notices.length > 3 && (
            <Button variant="ghost" size="md" block onClick={onMore}>
              {t('index.noticeCount', { count: shop.notices.length })}
            </Button>
          )}
        </section>
      )}
    </article>
  );
}

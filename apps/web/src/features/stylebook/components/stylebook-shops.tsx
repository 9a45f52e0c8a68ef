import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertIcon, StoreIcon } from '../../../components/icons';
import { ShopCard } from '../../../components/shop-card';
import { Button, ButtonLink, Chip, EmptyState, Skeleton } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { useCoordinateStore } from '../../../lib/stores/coordinate.store';
import { isNotFound, useCatalogueStyles, useStylebookShops } from '../api';
import styles from '../stylebook.module.css';
import { parseStylebookPath, type StylebookPath } from '../stylebook-path';

const sorts = ['distance', 'rating', 'photos'] as const;
type Sort = (typeof sorts)[number];

/** /stylebook/shop?gender=&type=&style=&substyle=&sort= — salons credited with the style. */
export function StylebookShops() {
  const [params, setParams] = useSearchParams();
  const path = parseStylebookPath({
    gender: params.get('gender') ?? 'w',
    type: params.get('type') ?? '-1',
    style: params.get('style') ?? '0',
    substyle: params.get('substyle') ?? '0',
  });
  const lat = useCoordinateStore((s) => s.lat);
  const lng = useCoordinateStore((s) => s.lng);
  const at = lat !== null && lng !== null ? { lat, lng } : null;
  const requested = params.get('sort');
  const sort: Sort = sorts.includes(requested as Sort)
    ? (requested as Sort)
    : at
      ? 'distance'
      : 'rating';
  if (!path) return <NotFound />;
  return (
    <ShopList
      path={path}
      sort={sort}
      at={at}
      onSort={(next) =>
        setParams(
          (prev) => {
            const q = new URLSearchParams(prev);
            q.set('sort', next);
            return q;
          },
          { replace: true },
        )
      }
    />
  );
}

function NotFound() {
  const { t } = useTranslation('stylebook');
  return (
    <EmptyState
      icon={<StoreIcon size={28} />}
      title={t('notFound')}
      description={t('notFoundHint')}
      actions={
        <ButtonLink to={paths.stylebookDefault} size="md" variant="outline">
          {t('backToStylebook')}
        </ButtonLink>
      }
    />
  );
}

function ShopList({
  path,
  sort,
  at,
  onSort,
}: {
  path: StylebookPath;
  sort: Sort;
  at: { lat: number; lng: number } | null;
  onSort: (sort: Sort) => void;
}) {
  const { t } = useTranslation('stylebook');
  const query = useStylebookShops(path, sort, at);
  // The style's name for the heading (the style list of its type is usually cached).
  const styles_ = useCatalogueStyles({ ...path, style: 0, substyle: 0 });
  if (query.isError && isNotFound(query.error)) return <NotFound />;
  const styleList = styles_.data?.pages[0]?.style_list ?? [];
  const style = styleList.find((s) => s.style_id === path.style);
  const sub = style?.substyles.find((s) => s.style_id === path.substyle);
  const styleName = style ? (sub ? `${style.name} · ${sub.name}` : style.name) : null;
  const shops = query.data?.pages.flatMap((p) => p.shop_list) ?? [];
  const back = paths.stylebook(path.gender, path.type, path.style, path.substyle);

  return (
    <div className={styles.browser}>
      <header className={styles.shopHead}>
        <h1 className={styles.shopTitle}>{t('shops.title')}</h1>
        <p className={styles.sheetMuted} data-testid="stylebook-shops-style">
          {styleName ? t('shops.styleOf', { style: styleName }) : t('shops.allStyles')}
        </p>
      </header>
      <div className={styles.kindRow} role="group" aria-label={t('shops.sortLabel')}>
        {sorts.map((s) => (
          <Chip
            key={s}
            isSelected={s === sort}
            onClick={() => onSort(s)}
            className={styles.kindTab}
          >
            {t(`shops.sorts.${s}`)}
          </Chip>
        ))}
      </div>
      {query.isPending ? (
        <ul className={styles.shopList} aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton height={114} radius="var(--radius-lg)" />
            </li>
          ))}
        </ul>
      ) : query.isError && shops.length === 0 ? (
        <EmptyState
          icon={<AlertIcon size={28} />}
          title={t('shops.error')}
          actions={
            <Button size="md" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : shops.length === 0 ? (
        <EmptyState
          icon={<StoreIcon size={28} />}
          title={t('shops.empty')}
          description={t('shops.emptyHint')}
          actions={
            <ButtonLink to={back} size="md" variant="outline">
              {t('shops.backToStylebook')}
            </ButtonLink>
          }
        />
      ) : (
        <>
          <ul className={styles.shopList} data-testid="stylebook-shop-list">
            {shops.map((shop) => (
              <li key={shop.shop_id}>
                <ShopCard shop={shop} extra={t('shops.photos', { count: shop.photo_count })} />
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <Button
              variant="outline"
              size="md"
              block
              isBusy={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

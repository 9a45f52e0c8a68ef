import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FavoriteDesignerItem, FavoriteShopItem } from '@carol/contracts';
import { AlertIcon, BookIcon, HeartIcon, StoreIcon, UserIcon } from '../../components/icons';
import { HeartToggle } from '../../components/heart-toggle';
import { SegmentedNav } from '../../components/segmented-nav';
import { Button, ButtonLink, EmptyState, Skeleton } from '../../components/ui';
import {
  favoriteKeys,
  favoriteListTypes,
  patchListItem,
  useFavoriteList,
  useFavoriteToggle,
  type FavoriteListPage,
  type FavoriteListType,
} from '../../features/favorites/api';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import styles from './my-favorite.module.css';

/** The spec's singular route values (`/mypage/myfavorite/shop`) are accepted too. */
const aliases: Record<string, FavoriteListType> = {
  shop: 'shops',
  shops: 'shops',
  designer: 'designers',
  designers: 'designers',
  style: 'styles',
  styles: 'styles',
};

function ShopCard({ item }: { item: FavoriteShopItem }) {
  const { t } = useTranslation('favorites');
  const { t: ts } = useTranslation('shops');
  const server = useCommonStore((s) => s.server);
  const favorite = useFavoriteToggle('shop', item.shop_id, [
    {
      queryKey: favoriteKeys.list('shops', server),
      update: patchListItem<FavoriteListPage<'shops'>>('shop_list', 'shop_id', item.shop_id),
    },
  ]);
  return (
    <li className={styles.card}>
      <Link to={paths.salon(item.shop_id)} className={styles.cardLink}>
        {item.thumbnail ? (
          <img
            className={styles.thumb}
            src={item.thumbnail}
            alt=""
            width={72}
            height={72}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span className={styles.thumb} aria-hidden="true">
            <StoreIcon size={26} />
          </span>
        )}
        <span className={styles.body}>
          <span className={styles.name}>{item.name}</span>
          <span className={styles.muted}>
            {[item.region_city, item.region_district].filter(Boolean).join(' ') || item.address}
          </span>
          <span className={styles.rating}>
            <span className={styles.star} aria-hidden="true">
              ★
            </span>
            <span className="visually-hidden">
              {ts('rating', { rating: item.rating_avg.toFixed(1) })}
            </span>
            <strong aria-hidden="true">{item.rating_avg.toFixed(1)}</strong>
            <span className={styles.muted}>{ts('reviews', { count: item.review_count })}</span>
          </span>
        </span>
      </Link>
      <HeartToggle label={t('label')} pressed onToggle={favorite.toggle} />
    </li>
  );
}

function DesignerCard({ item }: { item: FavoriteDesignerItem }) {
  const { t } = useTranslation('favorites');
  const server = useCommonStore((s) => s.server);
  const favorite = useFavoriteToggle('designer', item.designer_id, [
    {
      queryKey: favoriteKeys.list('designers', server),
      update: patchListItem<FavoriteListPage<'designers'>>(
        'designer_list',
        'designer_id',
        item.designer_id,
      ),
    },
  ]);
  const inner = (
    <>
      {item.profile_image_url ? (
        <img
          className={`${styles.thumb} ${styles.avatar}`}
          src={item.profile_image_url}
          alt=""
          width={72}
          height={72}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className={`${styles.thumb} ${styles.avatar}`} aria-hidden="true">
          <UserIcon size={28} />
        </span>
      )}
      <span className={styles.body}>
        <span className={styles.name}>{item.name}</span>
        <span className={styles.muted}>
          {[item.position, item.shop_name].filter(Boolean).join(' · ')}
        </span>
        {!item.is_active && <span className={styles.left}>{t('left')}</span>}
      </span>
    </>
  );
  return (
    <li className={styles.card}>
      {item.is_active ? (
        <Link to={paths.designer(item.designer_id)} className={styles.cardLink}>
          {inner}
        </Link>
      ) : (
        inner
      )}
      <HeartToggle label={t('label')} pressed onToggle={favorite.toggle} />
    </li>
  );
}

function ListSkeleton() {
  const { t } = useTranslation('favorites');
  return (
    <div className={styles.list} aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} width="100%" height={98} radius={16} />
      ))}
    </div>
  );
}

function FavoriteList({ type }: { type: FavoriteListType }) {
  const { t } = useTranslation('favorites');
  const list = useFavoriteList(type);
  if (list.isPending) return <ListSkeleton />;
  if (list.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('error')}
        description={list.error.message}
        actions={
          <Button size="md" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const pages = list.data.pages;
  const total = pages[0]?.total ?? 0;
  const count =
    type === 'shops'
      ? (pages as Array<FavoriteListPage<'shops'>>).flatMap((p) => p.shop_list).length
      : type === 'designers'
        ? (pages as Array<FavoriteListPage<'designers'>>).flatMap((p) => p.designer_list).length
        : (pages as Array<FavoriteListPage<'styles'>>).flatMap((p) => p.catalogue_list).length;
  if (count === 0) {
    return (
      <EmptyState
        icon={type === 'styles' ? <BookIcon size={28} /> : <HeartIcon size={28} />}
        title={t(`empty.${type}`)}
        description={t(`empty.${type}Hint`)}
        actions={
          type === 'styles' ? (
            <ButtonLink to={paths.stylebookDefault} size="md">
              {t('openStylebook')}
            </ButtonLink>
          ) : (
            <ButtonLink to={paths.findList()} size="md">
              {t('findSalons')}
            </ButtonLink>
          )
        }
      />
    );
  }
  return (
    <>
      <p className={styles.total}>{t('total', { count: total })}</p>
      {type === 'shops' && (
        <ul className={styles.list}>
          {(pages as Array<FavoriteListPage<'shops'>>)
            .flatMap((p) => p.shop_list)
            .map((item) => (
              <ShopCard key={item.shop_id} item={item} />
            ))}
        </ul>
      )}
      {type === 'designers' && (
        <ul className={styles.list}>
          {(pages as Array<FavoriteListPage<'designers'>>)
            .flatMap((p) => p.designer_list)
            .map((item) => (
              <DesignerCard key={item.designer_id} item={item} />
            ))}
        </ul>
      )}
      {type === 'styles' && (
        <ul className={styles.styles}>
          {(pages as Array<FavoriteListPage<'styles'>>)
            .flatMap((p) => p.catalogue_list)
            .map((item) => (
              <li key={item.photo_id} className={styles.style}>
                <img
                  src={item.thumb_url ?? item.image_url}
                  alt=""
                  width={160}
                  height={213}
                  loading="lazy"
                  decoding="async"
                />
                <p className={styles.styleTitle}>{item.title}</p>
                {item.shop_name && <p className={styles.muted}>{item.shop_name}</p>}
              </li>
            ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          className={styles.more}
          size="md"
          variant="outline"
          isBusy={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('more')}
        </Button>
      )}
    </>
  );
}

/** /mypage/myfavorite/:type — saved salons, designers and styles, newest first. */
export default function MyFavoriteScreen() {
  const { t } = useTranslation('screens');
  const { t: tf } = useTranslation('favorites');
  const { type = 'shops' } = useParams();
  const current = aliases[type] ?? 'shops';
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('myFavorite.heading')}</h1>
      <SegmentedNav
        label={t('myFavorite.title')}
        isStretched
        replace
        segments={favoriteListTypes.map((value) => ({
          to: paths.myFavorite(value),
          label: tf(`tabs.${value}`),
          isCurrent: current === value,
        }))}
      />
      <FavoriteList key={current} type={current} />
    </div>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { limits, searchSortValues, type SearchSort } from '@carol/contracts';
import { AlertIcon, MapIcon, MapPinIcon, SearchIcon } from '../../../components/icons';
import { Button, EmptyState } from '../../../components/ui';
import { paths } from '../../../lib/paths';
import { useCommonStore } from '../../../lib/stores/common.store';
import { useLocationName } from '../../../lib/use-location-name';
import { useDesignerSearch, useShopSearch } from '../api';
import {
  activeFilterCount,
  filtersFromParams,
  filtersToParams,
  withoutSheetFilters,
  type SearchFilters,
  type SearchTab,
} from '../filters';
import { useSearchOrigin } from '../use-search-origin';
import { FilterSheet } from './filter-sheet';
import { DesignerCard, ResultSkeleton, ShopCard } from './result-cards';
import { SearchBar } from './search-bar';
import styles from './search.module.css';

/** Calls `onVisible` when the sentinel scrolls into view (infinite scroll). */
function useSentinel(onVisible: () => void, isActive: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node || !isActive || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [isActive]);
  return ref;
}

/** /find/:type and /find/name/:type — keyword, tabs, sort and filters, all kept in the URL. */
export function SearchScreen({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation('search');
  const server = useCommonStore((s) => s.server);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [isSheetOpen, setSheetOpen] = useState(false);
  const [sheetKey, setSheetKey] = useState(0);
  const { origin, state: originState } = useSearchOrigin();
  const { type = limits.defaultFindType } = useParams();
  const { pathname, search } = useLocation();
  const locationName = useLocationName();
  const { t: tLocation } = useTranslation('coord');
  const { t: tMap } = useTranslation('map');
  const cityName = server === 'jp' ? t('location.cityJp') : t('location.cityKr');
  const originName =
    originState === 'mine'
      ? locationName || t('location.usingMine')
      : originState === 'locating'
        ? t('results.loading')
        : t('location.usingDefault', { city: cityName });

  const update = (next: SearchFilters, replace = false) =>
    setParams(filtersToParams(next), { replace });

  const shops = useShopSearch(filters, origin, filters.tab === 'shops');
  const designers = useDesignerSearch(filters, origin, filters.tab === 'designers');
  const query = filters.tab === 'shops' ? shops : designers;
  const total = query.data?.pages[0]?.total;
  const fetchNext = () => void query.fetchNextPage();
  const isNextPageError = query.isFetchNextPageError;
  const sentinel = useSentinel(() => {
    if (query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError) fetchNext();
  }, Boolean(query.hasNextPage));
  const count = activeFilterCount(filters);

  useEffect(() => {
    if (!autoFocus) return;
    document.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  }, [autoFocus]);

  const resetFilters = () => update({ ...withoutSheetFilters(filters), keyword: '' });

  return (
    <div className={styles.screen}>
      <SearchBar
        keyword={filters.keyword}
        onSearch={(keyword) => update({ ...filters, keyword })}
      />

      <div className={styles.tabs} role="tablist" aria-label={t('title')}>
        {(['shops', 'designers'] as SearchTab[]).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={filters.tab === tab}
            className={styles.tab}
            onClick={() => update({ ...filters, tab }, true)}
          >
            {t(`tabs.${tab}`)}
          </button>
        ))}
      </div>

      <div className={styles.toolbar}>
        <Link
          to={paths.findByLocation(type)}
          state={{ returnTo: `${pathname}${search}` }}
          className={styles.locationButton}
          aria-label={tLocation('chip.label', { name: originName })}
          data-testid="location-chip"
        >
          <MapPinIcon size={16} />
          <span className={styles.locationName}>{originName}</span>
        </Link>
        <div className={styles.controls}>
          {/* Sort and filters apply to both tabs (designers: their salon's filters, ADR 008). */}
          <label className={styles.sortLabel}>
            <span className="visually-hidden">{t('sort.label')}</span>
            <select
              className={styles.sortSelect}
              value={filters.sort}
              onChange={(e) => update({ ...filters, sort: e.target.value as SearchSort })}
            >
              {searchSortValues.map((s) => (
                <option key={s} value={s}>
                  {t(`sort.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className={styles.filterButton}
            aria-haspopup="dialog"
            onClick={() => {
              setSheetKey((k) => k + 1);
              setSheetOpen(true);
            }}
          >
            {t('filter.open')}
            {count > 0 && (
              <span className={styles.filterCount} aria-label={t('filter.active', { count })}>
                {count}
              </span>
            )}
          </button>
          {/* The map shares this search: same URL parameters (features/map). */}
          {filters.tab === 'shops' && (
            <Link
              to={`${paths.findMap}${search}`}
              state={{ listPath: pathname }}
              className={`${styles.filterButton} ${styles.mapToggle}`}
              aria-label={tMap('toggle.mapLabel')}
              data-testid="list-to-map"
            >
              <MapIcon size={16} />
              {tMap('toggle.map')}
            </Link>
          )}
        </div>
      </div>
      {originState === 'denied' && <p className={styles.originNote}>{t('location.denied')}</p>}

      <section aria-live="polite" aria-busy={query.isPending}>
        {query.isPending ? (
          <>
            <span className="visually-hidden">{t('results.loading')}</span>
            <ResultSkeleton />
          </>
        ) : query.isError ? (
          <EmptyState
            icon={<AlertIcon size={28} />}
            title={t('error.title')}
            description={query.error.message}
            actions={
              <Button size="md" onClick={() => void query.refetch()}>
                {t('error.retry')}
              </Button>
            }
          />
        ) : total === 0 ? (
          <EmptyState
            icon={<SearchIcon size={28} />}
            title={filters.tab === 'shops' ? t('empty.shops') : t('empty.designers')}
            description={t('empty.hint')}
            actions={
              <Button size="md" variant="outline" onClick={resetFilters}>
                {t('empty.reset')}
              </Button>
            }
          />
        ) : (
          <>
            <p className={styles.count}>{t('results.count', { count: total ?? 0 })}</p>
            <ul className={styles.list}>
              {filters.tab === 'shops'
                ? shops.data?.pages.flatMap((p) =>
                    p.shop_list.map((shop) => (
                      <li key={shop.shop_id}>
                        <ShopCard shop={shop} />
                      </li>
                    )),
                  )
                : designers.data?.pages.flatMap((p) =>
                    p.designer_list.map((d) => (
                      <li key={d.designer_id}>
                        <DesignerCard designer={d} />
                      </li>
                    )),
                  )}
            </ul>
            {query.isFetchingNextPage && <ResultSkeleton count={2} />}
            {isNextPageError && (
              <div className={styles.endNote}>
                <Button size="md" variant="outline" onClick={fetchNext}>
                  {t('error.retry')}
                </Button>
              </div>
            )}
            {!query.hasNextPage && <p className={styles.endNote}>{t('results.end')}</p>}
            <div ref={sentinel} className={styles.sentinel} />
          </>
        )}
      </section>

      <FilterSheet
        key={sheetKey}
        isOpen={isSheetOpen}
        filters={filters}
        onClose={() => setSheetOpen(false)}
        onApply={(next) => {
          setSheetOpen(false);
          update(next);
        }}
      />
    </div>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HistoryVisit } from '@carol/contracts';
import {
  AlertIcon,
  CalendarIcon,
  CheckIcon,
  CloseIcon,
  EyeIcon,
  EyeOffIcon,
  ImageIcon,
  PlayIcon,
  TrashIcon,
} from '../../components/icons';
import { Button, ChipLink, EmptyState, Sheet, Skeleton } from '../../components/ui';
import { cx } from '../../lib/cx';
import { useCommonStore } from '../../lib/stores/common.store';
import {
  useDeleteHistory,
  useMyPhotoList,
  useSetHidden,
  useShopVisitList,
  type HistoryView,
} from './api';
import { rangeFromParams } from './date-range';
import { formatDuration, formatShortDate, formatVisitDate } from './format';
import { historyPaths, LinkSalonActions } from './history-index';
import { HistoryViewer, type ViewerItem } from './viewer';
import styles from './history.module.css';

/**
 * /mypage/myphoto/:shop? — the photos and videos of every linked salon (or one), grouped by
 * visit, newest first, a page at a time; a date range (the datepicker child route), the "hidden"
 * view, select to hide or delete, and the full-screen viewer.
 */
export function HistoryPhotos() {
  const { t } = useTranslation('history');
  const { t: te } = useTranslation('errors');
  const language = useCommonStore((s) => s.language);
  const showToast = useCommonStore((s) => s.showToast);
  const { shop } = useParams();
  const shopId = Number(shop) > 0 ? Number(shop) : null;
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const range = useMemo(() => rangeFromParams(params), [params]);
  const view: HistoryView = params.get('view') === 'hidden' ? 'hidden' : 'visible';
  const list = useMyPhotoList({ shopId, range, view });
  const shops = useShopVisitList();
  const setHidden = useSetHidden();
  const remove = useDeleteHistory();

  const [isSelecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number[] | null>(null);

  const visits = useMemo(() => list.data?.pages.flatMap((p) => p.my_photo_list) ?? [], [list.data]);
  const items = useMemo<ViewerItem[]>(
    () => visits.flatMap((visit) => visit.media.map((media) => ({ media, visit }))),
    [visits],
  );
  const viewingIndex = items.findIndex((i) => i.media.media_id === viewingId);

  // Leaving a view (salon, dates, hidden) ends a selection.
  const filterKey = `${shopId}|${range?.from}|${range?.to}|${view}`;
  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setSelecting(false);
    setSelected(new Set());
  }

  /** Where each visit's items start in the viewer's list. */
  const firstIndexes = useMemo(
    () =>
      visits.reduce<number[]>(
        (starts, visit, i) => [
          ...starts,
          i === 0 ? 0 : starts[i - 1]! + visits[i - 1]!.media.length,
        ],
        [],
      ),
    [visits],
  );

  // The next page loads as the end of the list comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, items.length]);

  const withParams = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return next;
  };
  const query = params.toString();
  const search = query ? `?${query}` : '';

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  const hideOrRestore = (ids: number[], onDone?: () => void) => {
    const hidden = view === 'visible';
    setHidden.mutate(
      { ids, hidden },
      {
        onSuccess: () => {
          const one = ids.length === 1;
          showToast(
            hidden
              ? t(one ? 'list.hiddenOne' : 'list.hiddenMany', { count: ids.length })
              : t(one ? 'list.restoredOne' : 'list.restoredMany', { count: ids.length }),
          );
          stopSelecting();
          onDone?.();
        },
        onError: () => showToast(te('HIDE_FAILED'), { alternateColor: true }),
      },
    );
  };

  const confirmDelete = () => {
    const ids = confirming;
    if (!ids) return;
    remove.mutate(ids, {
      onSuccess: () => {
        showToast(
          t(ids.length === 1 ? 'list.deletedOne' : 'list.deletedMany', { count: ids.length }),
        );
        setConfirming(null);
        stopSelecting();
      },
      onError: () => {
        setConfirming(null);
        showToast(te('FAILED_TRY_AGAIN'), { alternateColor: true });
      },
    });
  };

  /** After the viewed item leaves the list: show its neighbour, or close. */
  const afterViewedGone = (index: number) => {
    const rest = items.filter((_, i) => i !== index);
    const next = rest[Math.min(index, rest.length - 1)];
    setViewingId(next ? next.media.media_id : null);
  };

  const shopList = shops.data ?? [];
  const hasNoSalon = shops.isSuccess && shopList.length === 0;

  let body;
  if (list.isPending) {
    body = (
      <div className={styles.visits} aria-busy="true" aria-label={t('list.loading')}>
        {Array.from({ length: 2 }, (_, v) => (
          <div key={v} className={styles.visitSkeleton}>
            <Skeleton shape="text" width="55%" />
            <Skeleton shape="text" width="35%" />
            <div className={styles.grid}>
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton
                  key={i}
                  height="auto"
                  radius="var(--radius-sm)"
                  className={styles.cellSkeleton}
                />
              ))}
            </div>
          </div>
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('list.error')}
        description={list.error.message}
        actions={
          <Button variant="outline" size="md" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body =
      view === 'hidden' ? (
        <EmptyState
          icon={<EyeOffIcon size={28} />}
          title={t('list.emptyHiddenTitle')}
          description={t('list.emptyHiddenText')}
        />
      ) : range ? (
        <EmptyState
          icon={<CalendarIcon size={28} />}
          title={t('list.emptyRangeTitle')}
          description={t('list.emptyRangeText')}
          actions={
            <Button
              variant="outline"
              size="md"
              onClick={() => setParams(withParams({ from: null, to: null }), { replace: true })}
            >
              {t('list.clearFilter')}
            </Button>
          }
        />
      ) : (
        <EmptyState
          icon={<ImageIcon size={28} />}
          title={hasNoSalon ? t('index.emptyTitle') : t('list.emptyTitle')}
          description={hasNoSalon ? t('list.emptyNoLinkText') : t('list.emptyText')}
          actions={hasNoSalon ? <LinkSalonActions /> : undefined}
        />
      );
  } else {
    body = (
      <>
        <ol className={styles.visits} data-testid="history-visits">
          {visits.map((visit, v) => {
            const first = firstIndexes[v] ?? 0;
            return (
              <li key={visit.visit_id}>
                <VisitGroup
                  visit={visit}
                  firstIndex={first}
                  isSelecting={isSelecting}
                  selected={selected}
                  onOpen={(id) => (isSelecting ? toggle(id) : setViewingId(id))}
                  dateText={formatVisitDate(visit.date, language)}
                />
              </li>
            );
          })}
        </ol>
        <div ref={sentinel} />
        {list.hasNextPage ? (
          <Button
            variant="ghost"
            size="md"
            block
            onClick={() => void list.fetchNextPage()}
            isBusy={list.isFetchingNextPage}
          >
            {t('list.more')}
          </Button>
        ) : (
          visits.length > 2 && <p className={styles.end}>{t('list.end')}</p>
        )}
      </>
    );
  }

  return (
    <div className={styles.screen}>
      {shopList.length > 1 && (
        <nav className={styles.chipRow} aria-label={t('index.filterLabel')}>
          <ChipLink
            to={{ pathname: historyPaths.photos(), search }}
            replace
            isSelected={shopId === null}
          >
            {t('list.allSalons')}
          </ChipLink>
          {shopList.map((s) => (
            <ChipLink
              key={s.shop_id}
              to={{ pathname: historyPaths.photos(s.shop_id), search }}
              replace
              isSelected={shopId === s.shop_id}
              className={styles.shopChip}
            >
              <span className={styles.shopChipName}>{s.shop_name}</span>
            </ChipLink>
          ))}
        </nav>
      )}
      <div className={styles.toolbar}>
        <nav className={styles.viewSwitch} aria-label={t('list.viewLabel')}>
          <Link
            to={{ search: withParams({ view: null }).toString() }}
            replace
            className={styles.viewTab}
            aria-current={view === 'visible' ? 'page' : undefined}
          >
            {t('list.visible')}
          </Link>
          <Link
            to={{ search: withParams({ view: 'hidden' }).toString() }}
            replace
            className={styles.viewTab}
            aria-current={view === 'hidden' ? 'page' : undefined}
            data-testid="history-view-hidden"
          >
            {t('list.hidden')}
          </Link>
        </nav>
        <div className={styles.toolbarActions}>
          <Link
            to={{ pathname: `${location.pathname.replace(/\/$/, '')}/datepicker`, search }}
            className={cx(styles.dateButton, range && styles.dateButtonOn)}
            data-testid="history-date-filter"
          >
            <CalendarIcon size={16} />
            <span>
              {range
                ? t('list.filterRange', {
                    from: formatShortDate(range.from, language),
                    to: formatShortDate(range.to, language),
                  })
                : t('list.filter')}
            </span>
          </Link>
          {range && (
            <button
              type="button"
              className={styles.clearButton}
              aria-label={t('list.clearFilter')}
              onClick={() => setParams(withParams({ from: null, to: null }), { replace: true })}
              data-testid="history-clear-dates"
            >
              <CloseIcon size={16} />
            </button>
          )}
          {items.length > 0 && (
            <Button
              variant={isSelecting ? 'secondary' : 'ghost'}
              size="md"
              onClick={() => (isSelecting ? stopSelecting() : setSelecting(true))}
              data-testid="history-select"
            >
              {isSelecting ? t('list.cancel') : t('list.select')}
            </Button>
          )}
        </div>
      </div>
      {view === 'hidden' && items.length > 0 && (
        <p className={styles.hint}>{t('list.hiddenNotice')}</p>
      )}

      {body}

      {isSelecting && (
        <div className={styles.selectionBar} data-testid="history-selection-bar">
          <span className={styles.selectionCount}>
            {t('list.selected', { count: selected.size })}
          </span>
          <Button
            variant="outline"
            size="md"
            disabled={selected.size === 0}
            isBusy={setHidden.isPending}
            onClick={() => hideOrRestore([...selected])}
            data-testid="history-hide-selected"
          >
            {view === 'hidden' ? <EyeIcon size={18} /> : <EyeOffIcon size={18} />}
            {view === 'hidden' ? t('list.restore') : t('list.hide')}
          </Button>
          <Button
            size="md"
            disabled={selected.size === 0}
            onClick={() => setConfirming([...selected])}
            data-testid="history-delete-selected"
          >
            <TrashIcon size={18} />
            {t('list.delete')}
          </Button>
        </div>
      )}

      {viewingIndex >= 0 && (
        <HistoryViewer
          items={items}
          index={viewingIndex}
          view={view}
          onIndexChange={(i) => setViewingId(items[i]?.media.media_id ?? null)}
          onClose={() => setViewingId(null)}
          onToggleHidden={(item) =>
            hideOrRestore([item.media.media_id], () => afterViewedGone(viewingIndex))
          }
          isTogglingHidden={setHidden.isPending}
          onDelete={(item) => setConfirming([item.media.media_id])}
        />
      )}

      <Sheet
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('list.deleteTitle')}
      >
        <div className={styles.confirm}>
          <p>
            {confirming?.length === 1
              ? t('list.deleteConfirmOne')
              : t('list.deleteConfirmMany', { count: confirming?.length ?? 0 })}
          </p>
          <Button
            size="lg"
            block
            onClick={() => {
              const index = viewingIndex;
              const isFromViewer = confirming?.length === 1 && confirming[0] === viewingId;
              confirmDelete();
              if (isFromViewer) afterViewedGone(index);
            }}
            isBusy={remove.isPending}
            data-testid="history-confirm-delete"
          >
            {t('list.delete')}
          </Button>
          <Button size="lg" variant="outline" block onClick={() => setConfirming(null)}>
            {t('list.cancel')}
          </Button>
        </div>
      </Sheet>
      <Outlet />
    </div>
  );
}

function VisitGroup({
  visit,
  firstIndex,
  isSelecting,
  selected,
  onOpen,
  dateText,
}: {
  visit: HistoryVisit;
  firstIndex: number;
  isSelecting: boolean;
  selected: ReadonlySet<number>;
  onOpen: (mediaId: number) => void;
  dateText: string;
}) {
  const { t } = useTranslation('history');
  const details = [
    visit.designer_name ? t('list.designer', { name: visit.designer_name }) : null,
    visit.treatments.join(', ') || null,
  ].filter(Boolean);
  return (
    <article className={styles.visit} data-testid="history-visit">
      <header className={styles.visitHead}>
        <h2 className={styles.visitDate}>{dateText}</h2>
        <p className={styles.visitShop}>{visit.shop_name}</p>
        {details.length > 0 && <p className={styles.visitDetails}>{details.join(' · ')}</p>}
      </header>
      {visit.shop_memo && (
        <div className={styles.shopMemo}>
          <span className={styles.shopMemoTitle}>{t('list.shopMemo')}</span>
          <p>{visit.shop_memo}</p>
        </div>
      )}
      <ul className={styles.grid}>
        {visit.media.map((media, i) => {
          const isChecked = selected.has(media.media_id);
          const alt = t(media.kind === 'video' ? 'list.videoAlt' : 'list.itemAlt', {
            date: dateText,
            shop: visit.shop_name,
            index: firstIndex + i + 1,
          });
          return (
            <li key={media.media_id}>
              <button
                type="button"
                className={cx(styles.cell, isChecked && styles.cellChecked)}
                onClick={() => onOpen(media.media_id)}
                aria-pressed={isSelecting ? isChecked : undefined}
                aria-label={alt}
                data-testid="history-item"
                data-media-id={media.media_id}
                data-kind={media.kind}
              >
                {/* Private files: never a ?w= variant (ADR 031); the thumbnail is already small. */}
                <img
                  src={media.thumb_url}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                />
                {media.kind === 'video' && (
                  <span className={styles.videoBadge} aria-hidden="true">
                    <PlayIcon size={12} />
                    {media.duration_ms !== null && formatDuration(media.duration_ms)}
                  </span>
                )}
                {media.personal_memo && !isSelecting && (
                  <span className={styles.memoDot} aria-hidden="true" />
                )}
                {isSelecting && (
                  <span
                    className={cx(styles.check, isChecked && styles.checkOn)}
                    aria-hidden="true"
                  >
                    {isChecked && <CheckIcon size={14} />}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </article>
  );
}

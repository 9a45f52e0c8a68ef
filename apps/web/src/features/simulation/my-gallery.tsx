import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { GalleryItem } from '@carol/contracts';
import { formatDate, timeZoneOf } from '@carol/i18n/client';
import {
  AlertIcon,
  CheckIcon,
  DownloadIcon,
  ImageIcon,
  PlusIcon,
  ShareIcon,
  SparklesIcon,
  TrashIcon,
} from '../../components/icons';
import { Button, ButtonLink, EmptyState, Sheet, Skeleton } from '../../components/ui';
import { cx } from '../../lib/cx';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import { useDeleteFromGallery, useGalleryList, useSaveToGallery } from './api';
import { preparePhoto } from './photo';
import { downloadBlob, shareImage } from '../../lib/share';
import styles from './gallery.module.css';

/** Photos added from the device are stored at this size (the server's stored maximum). */
const ADD_MAX_SIDE = 2048;

async function fetchImage(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

const fileNameOf = (item: GalleryItem) => `carol-${item.media_id}.webp`;

/** /mypage/mygallery — the member's photos: add, select, delete, share and save (spec 2). */
export function MyGallery() {
  const { t } = useTranslation('simulation');
  const { t: te } = useTranslation('errors');
  const language = useCommonStore((s) => s.language);
  const server = useCommonStore((s) => s.server);
  const showToast = useCommonStore((s) => s.showToast);
  const list = useGalleryList();
  const remove = useDeleteFromGallery();
  const add = useSaveToGallery();
  const [isSelecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [viewing, setViewing] = useState<GalleryItem | null>(null);
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const [busyAction, setBusyAction] = useState<'share' | 'download' | null>(null);
  const [isAdding, setAdding] = useState(false);
  const addInput = useRef<HTMLInputElement>(null);

  const items = useMemo(() => list.data?.pages.flatMap((p) => p.gallery_list) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const dateOf = (item: GalleryItem) =>
    formatDate(new Date(item.taken_at), language, timeZoneOf[server]);

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

  const onAdd = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setAdding(true);
    try {
      const prepared = await preparePhoto(file, ADD_MAX_SIDE);
      URL.revokeObjectURL(prepared.url);
      await add.mutateAsync({ photo: prepared.blob, source: 'gallery' });
      showToast(t('gallery.added'));
    } catch {
      showToast(te('SAVE_FAILED'), { alternateColor: true });
    } finally {
      setAdding(false);
    }
  };

  const confirmDelete = () => {
    const ids = confirming;
    if (!ids) return;
    remove.mutate(ids, {
      onSuccess: () => {
        showToast(t('gallery.deleted'));
        setConfirming(null);
        setViewing(null);
        stopSelecting();
      },
      onError: () => {
        setConfirming(null);
        showToast(te('FAILED_TRY_AGAIN'), { alternateColor: true });
      },
    });
  };

  const onShare = async (item: GalleryItem) => {
    setBusyAction('share');
    try {
      const outcome = await shareImage(await fetchImage(item.url), fileNameOf(item), {
        title: t('share.title'),
        text: item.personal_memo ?? t('share.title'),
      });
      if (outcome === 'unsupported') showToast(te('NO_SHARE_SUPPORT'), { alternateColor: true });
    } catch {
      showToast(te('FAILED_TRY_AGAIN'), { alternateColor: true });
    } finally {
      setBusyAction(null);
    }
  };

  const onDownload = async (item: GalleryItem) => {
    setBusyAction('download');
    try {
      downloadBlob(await fetchImage(item.url), fileNameOf(item));
    } catch {
      showToast(te('FAILED_TRY_AGAIN'), { alternateColor: true });
    } finally {
      setBusyAction(null);
    }
  };

  const addButton = (
    <Button variant="outline" size="md" onClick={() => addInput.current?.click()} isBusy={isAdding}>
      <PlusIcon size={18} />
      {t('gallery.add')}
    </Button>
  );

  let body;
  if (list.isPending) {
    body = (
      <div className={styles.grid} aria-busy="true" aria-label={t('gallery.loading')}>
        {Array.from({ length: 9 }, (_, i) => (
          <Skeleton
            key={i}
            height="auto"
            radius="var(--radius-md)"
            className={styles.cellSkeleton}
          />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('gallery.error')}
        actions={
          <Button variant="outline" size="md" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={<ImageIcon size={28} />}
        title={t('gallery.empty')}
        description={t('gallery.emptyHint')}
        actions={
          <>
            <ButtonLink to={paths.simulation} size="md">
              <SparklesIcon size={18} />
              {t('gallery.tryOn')}
            </ButtonLink>
            {addButton}
          </>
        }
      />
    );
  } else {
    body = (
      <>
        <ul className={styles.grid} data-testid="gallery-grid">
          {items.map((item) => {
            const isChecked = selected.has(item.media_id);
            return (
              <li key={item.media_id}>
                <button
                  type="button"
                  className={cx(styles.cell, isChecked && styles.cellChecked)}
                  onClick={() => (isSelecting ? toggle(item.media_id) : setViewing(item))}
                  aria-pressed={isSelecting ? isChecked : undefined}
                  aria-label={t('gallery.photoAlt', { date: dateOf(item) })}
                  data-testid="gallery-item"
                >
                  <img
                    src={item.thumb_url ?? item.url}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    draggable={false}
                  />
                  {item.source === 'simulation' && (
                    <span className={styles.badge} aria-hidden="true">
                      <SparklesIcon size={12} />
                    </span>
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
        {list.hasNextPage && (
          <Button
            variant="ghost"
            size="md"
            block
            onClick={() => void list.fetchNextPage()}
            isBusy={list.isFetchingNextPage}
          >
            {t('gallery.more')}
          </Button>
        )}
      </>
    );
  }

  return (
    <div className={styles.screen}>
      <input
        ref={addInput}
        type="file"
        accept="image/*"
        className={styles.fileInput}
        onChange={(e) => void onAdd(e)}
        tabIndex={-1}
        aria-hidden="true"
        data-testid="gallery-add-input"
      />
      {items.length > 0 && (
        <div className={styles.toolbar}>
          <span className={styles.count}>
            {isSelecting
              ? t('gallery.selected', { count: selected.size })
              : t('gallery.count', { count: total })}
          </span>
          <div className={styles.toolbarActions}>
            {!isSelecting && addButton}
            <Button
              variant={isSelecting ? 'secondary' : 'ghost'}
              size="md"
              onClick={() => (isSelecting ? stopSelecting() : setSelecting(true))}
            >
              {isSelecting ? t('gallery.cancel') : t('gallery.select')}
            </Button>
          </div>
        </div>
      )}
      {body}
      {isSelecting && (
        <div className={styles.selectionBar}>
          <Button
            variant="primary"
            size="lg"
            block
            disabled={selected.size === 0}
            onClick={() => setConfirming([...selected])}
            data-testid="gallery-delete-selected"
          >
            <TrashIcon size={18} />
            {t('gallery.delete')}
          </Button>
        </div>
      )}

      <Sheet
        isOpen={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? dateOf(viewing) : ''}
      >
        {viewing && (
          <div className={styles.viewer} data-testid="gallery-viewer">
            <img
              className={styles.viewerImage}
              src={viewing.url}
              alt={t('gallery.photoAlt', { date: dateOf(viewing) })}
            />
            <div className={styles.viewerMeta}>
              <span className={styles.sourceChip}>{t(`gallery.source.${viewing.source}`)}</span>
              {viewing.personal_memo && <span>{viewing.personal_memo}</span>}
            </div>
            <div className={styles.viewerActions}>
              <Button
                variant="outline"
                size="md"
                onClick={() => void onShare(viewing)}
                isBusy={busyAction === 'share'}
              >
                <ShareIcon size={18} />
                {t('gallery.share')}
              </Button>
              <Button
                variant="outline"
                size="md"
                onClick={() => void onDownload(viewing)}
                isBusy={busyAction === 'download'}
              >
                <DownloadIcon size={18} />
                {t('gallery.download')}
              </Button>
              <Button
                variant="ghost"
                size="md"
                className={styles.danger}
                onClick={() => setConfirming([viewing.media_id])}
                data-testid="gallery-delete-one"
              >
                <TrashIcon size={18} />
                {t('gallery.delete')}
              </Button>
            </div>
          </div>
        )}
      </Sheet>

      <Sheet
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('gallery.deleteTitle')}
      >
        <div className={styles.confirm}>
          <p>{t('gallery.deleteConfirm', { count: confirming?.length ?? 0 })}</p>
          <Button
            size="lg"
            block
            onClick={confirmDelete}
            isBusy={remove.isPending}
            data-testid="gallery-confirm-delete"
          >
            {t('gallery.delete')}
          </Button>
          <Button size="lg" variant="outline" block onClick={() => setConfirming(null)}>
            {t('gallery.cancel')}
          </Button>
        </div>
      </Sheet>
    </div>
  );
}

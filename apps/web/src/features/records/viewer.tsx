import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { recordLimits, type HistoryMedia, type HistoryVisit } from '@carol/contracts';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  DownloadIcon,
  EyeIcon,
  EyeOffIcon,
  ShareIcon,
  TrashIcon,
} from '../../components/icons';
import { Button, IconButton } from '../../components/ui';
import { cx } from '../../lib/cx';
import { useCommonStore } from '../../lib/stores/common.store';
import { useSetCaption, type HistoryView } from './api';
import { formatVisitDate } from './format';
import {
  clampPan,
  distance,
  doubleTapZoom,
  DOUBLE_TAP_MS,
  DOUBLE_TAP_PX,
  identity,
  swipeDirection,
  zoomAt,
  type Point,
  type Transform,
} from './gestures';
import { saveMedia, shareMedia } from './share-media';
import styles from './viewer.module.css';

/** One item of the viewer: a photo or video with the visit it belongs to. */
export interface ViewerItem {
  media: HistoryMedia;
  visit: HistoryVisit;
}

export interface ViewerProps {
  items: readonly ViewerItem[];
  index: number;
  view: HistoryView;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Hide (visible view) or restore (hidden view) this item. */
  onToggleHidden: (item: ViewerItem) => void;
  isTogglingHidden: boolean;
  onDelete: (item: ViewerItem) => void;
}

/**
 * The full-screen viewer: swipe (touch), arrow keys and buttons between items; pinch and
 * double-tap zoom on photos; videos play inline; the salon's memo and the member's own; hide,
 * delete, save and share.
 */
export function HistoryViewer({
  items,
  index,
  view,
  onIndexChange,
  onClose,
  onToggleHidden,
  isTogglingHidden,
  onDelete,
}: ViewerProps) {
  const { t } = useTranslation('history');
  const { t: te } = useTranslation('errors');
  const language = useCommonStore((s) => s.language);
  const showToast = useCommonStore((s) => s.showToast);
  const ref = useRef<HTMLDialogElement>(null);
  const item = items[index];
  const [busy, setBusy] = useState<'share' | 'download' | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);

  const go = useCallback(
    (delta: number) => {
      const next = index + delta;
      if (next >= 0 && next < items.length) onIndexChange(next);
    },
    [index, items.length, onIndexChange],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('textarea, input, video')) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };

  if (!item) return null;
  const { media, visit } = item;
  const date = formatVisitDate(visit.date, language);

  const onShare = async () => {
    setBusy('share');
    try {
      const outcome = await shareMedia(media, {
        title: t('viewer.shareTitle'),
        text: `${visit.shop_name} · ${date}`,
      });
      if (outcome === 'unsupported') showToast(te('NO_SHARE_SUPPORT'), { alternateColor: true });
    } catch {
      showToast(te('FAILED_TRY_AGAIN'), { alternateColor: true });
    } finally {
      setBusy(null);
    }
  };

  const onDownload = async () => {
    setBusy('download');
    try {
      await saveMedia(media);
    } catch {
      showToast(te('FAILED_TRY_AGAIN'), { alternateColor: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <dialog
      ref={ref}
      className={styles.viewer}
      aria-label={t('viewer.label')}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      data-testid="history-viewer"
    >
      <div className={styles.topBar}>
        <IconButton
          label={t('viewer.close')}
          icon={<CloseIcon />}
          onClick={onClose}
          className={styles.onDark}
        />
        <div className={styles.topTitle}>
          <span className={styles.topShop}>{visit.shop_name}</span>
          <span className={styles.topDate}>{date}</span>
        </div>
        <span className={styles.counter} aria-live="polite" data-testid="viewer-counter">
          {t('viewer.counter', { index: index + 1, total: items.length })}
        </span>
      </div>

      <div className={styles.stageWrap}>
        <Stage
          key={media.media_id}
          media={media}
          alt={t(media.kind === 'video' ? 'list.videoAlt' : 'list.itemAlt', {
            date,
            shop: visit.shop_name,
            index: index + 1,
          })}
          onSwipe={go}
          zoomHint={t('viewer.zoomHint')}
        />
        <div className={styles.navButtons}>
          <IconButton
            label={t('viewer.prev')}
            icon={<ChevronLeftIcon />}
            onClick={() => go(-1)}
            disabled={index === 0}
            className={cx(styles.onDark, styles.navButton)}
          />
          <IconButton
            label={t('viewer.next')}
            icon={<ChevronRightIcon />}
            onClick={() => go(1)}
            disabled={index >= items.length - 1}
            className={cx(styles.onDark, styles.navButton)}
          />
        </div>
      </div>

      <div className={styles.panel}>
        <div className={styles.actions}>
          <ActionButton
            label={t('viewer.share')}
            icon={<ShareIcon size={20} />}
            onClick={() => void onShare()}
            isBusy={busy === 'share'}
          />
          <ActionButton
            label={t('viewer.download')}
            icon={<DownloadIcon size={20} />}
            onClick={() => void onDownload()}
            isBusy={busy === 'download'}
          />
          <ActionButton
            label={view === 'hidden' ? t('viewer.restore') : t('viewer.hide')}
            icon={view === 'hidden' ? <EyeIcon size={20} /> : <EyeOffIcon size={20} />}
            onClick={() => onToggleHidden(item)}
            isBusy={isTogglingHidden}
            testId="viewer-toggle-hidden"
          />
          <ActionButton
            label={t('viewer.delete')}
            icon={<TrashIcon size={20} />}
            onClick={() => onDelete(item)}
            isDanger
            testId="viewer-delete"
          />
        </div>

        {(media.label || visit.designer_name || visit.treatments.length > 0) && (
          <p className={styles.meta}>
            {media.label && (
              <span className={styles.label}>{t(`viewer.label_${media.label}`)}</span>
            )}
            {[
              visit.designer_name ? t('list.designer', { name: visit.designer_name }) : null,
              visit.treatments.join(', ') || null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        {visit.shop_memo && (
          <section className={styles.memo} aria-labelledby="viewer-shop-memo">
            <h3 id="viewer-shop-memo" className={styles.memoTitle}>
              {t('list.shopMemo')}
            </h3>
            <p className={styles.memoText}>{visit.shop_memo}</p>
          </section>
        )}
        <MemoEditor key={media.media_id} media={media} />
      </div>
    </dialog>
  );
}

function ActionButton({
  label,
  icon,
  onClick,
  isBusy = false,
  isDanger = false,
  testId,
}: {
  label: string;
  icon: React.ReactNode;
  onClick: () => void;
  isBusy?: boolean;
  isDanger?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      className={cx(styles.action, isDanger && styles.actionDanger)}
      onClick={onClick}
      disabled={isBusy}
      aria-busy={isBusy || undefined}
      data-testid={testId}
    >
      <span className={styles.actionIcon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.actionLabel}>{label}</span>
    </button>
  );
}

/** The member's own memo: read, then edit in place (set_caption, up to 500 characters). */
function MemoEditor({ media }: { media: HistoryMedia }) {
  const { t } = useTranslation('history');
  const { t: te } = useTranslation('errors');
  const showToast = useCommonStore((s) => s.showToast);
  const save = useSetCaption();
  const [draft, setDraft] = useState<string | null>(null);
  const max = recordLimits.captionMax;

  const onSave = () => {
    if (draft === null) return;
    save.mutate(
      { mediaId: media.media_id, caption: draft.trim() },
      {
        onSuccess: () => {
          setDraft(null);
          showToast(t('viewer.memoSaved'));
        },
        onError: () => showToast(te('SAVE_FAILED'), { alternateColor: true }),
      },
    );
  };

  if (draft === null) {
    return (
      <section className={styles.memo} aria-labelledby="viewer-my-memo">
        <div className={styles.memoHead}>
          <h3 id="viewer-my-memo" className={styles.memoTitle}>
            {t('viewer.myMemo')}
          </h3>
          <Button
            variant="ghost"
            size="md"
            onClick={() => setDraft(media.personal_memo ?? '')}
            data-testid="viewer-edit-memo"
          >
            {t('viewer.editMemo')}
          </Button>
        </div>
        <p
          className={cx(styles.memoText, !media.personal_memo && styles.memoEmpty)}
          data-testid="viewer-my-memo"
        >
          {media.personal_memo ?? t('viewer.myMemoEmpty')}
        </p>
      </section>
    );
  }
  return (
    <section className={styles.memo}>
      <label className={styles.memoTitle} htmlFor={`memo-${media.media_id}`}>
        {t('viewer.memoLabel')}
      </label>
      <textarea
        id={`memo-${media.media_id}`}
        className={styles.memoInput}
        value={draft}
        maxLength={max}
        rows={4}
        autoFocus
        onChange={(e) => setDraft(e.target.value)}
        aria-describedby={`memo-hint-${media.media_id}`}
        data-testid="viewer-memo-input"
      />
      <div className={styles.memoFoot} id={`memo-hint-${media.media_id}`}>
        <span>{t('viewer.memoHint')}</span>
        <span className={styles.memoCounter}>
          {t('viewer.memoCounter', { count: draft.length, max })}
        </span>
      </div>
      <div className={styles.memoButtons}>
        <Button variant="outline" size="md" onClick={() => setDraft(null)}>
          {t('viewer.cancel')}
        </Button>
        <Button size="md" onClick={onSave} isBusy={save.isPending} data-testid="viewer-save-memo">
          {t('viewer.save')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The picture or video, full width. One finger drags sideways to the neighbours (or pans a
 * zoomed photo); two fingers pinch; a double tap zooms in where tapped and back out.
 */
function Stage({
  media,
  alt,
  onSwipe,
  zoomHint,
}: {
  media: HistoryMedia;
  alt: string;
  onSwipe: (delta: number) => void;
  zoomHint: string;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{
    start: Point;
    startedAt: number;
    startTransform: Transform;
    pinchDistance: number | null;
    moved: boolean;
  } | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const [transform, setTransform] = useState<Transform>(identity);
  const [dragX, setDragX] = useState(0);
  const [isDragging, setDragging] = useState(false);
  const isPhoto = media.kind === 'photo';

  const sizeOf = () => {
    const rect = stage.current?.getBoundingClientRect();
    return { width: rect?.width || 360, height: rect?.height || 480, rect };
  };
  /** A point relative to the stage's centre. */
  const local = (p: Point): Point => {
    const { rect, width, height } = sizeOf();
    return { x: p.x - (rect?.left ?? 0) - width / 2, y: p.y - (rect?.top ?? 0) - height / 2 };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    // The video's own controls keep their taps.
    if (
      !isPhoto &&
      (event.target as HTMLElement).tagName === 'VIDEO' &&
      event.pointerType === 'mouse'
    )
      return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDragging(true);
    const points = [...pointers.current.values()];
    gesture.current = {
      start: { x: event.clientX, y: event.clientY },
      startedAt: event.timeStamp || Date.now(),
      startTransform: transform,
      pinchDistance: points.length === 2 && isPhoto ? distance(points[0]!, points[1]!) : null,
      moved: false,
    };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    const { width, height } = sizeOf();
    const points = [...pointers.current.values()];
    if (g.pinchDistance && points.length === 2) {
      const mid = { x: (points[0]!.x + points[1]!.x) / 2, y: (points[0]!.y + points[1]!.y) / 2 };
      const scale = (g.startTransform.scale * distance(points[0]!, points[1]!)) / g.pinchDistance;
      setTransform(clampPan(zoomAt(g.startTransform, scale, local(mid)), width, height));
      g.moved = true;
      return;
    }
    const dx = event.clientX - g.start.x;
    const dy = event.clientY - g.start.y;
    if (Math.abs(dx) > 6 || Math.abs(dy) > 6) g.moved = true;
    if (transform.scale > 1) {
      setTransform(
        clampPan(
          { scale: g.startTransform.scale, x: g.startTransform.x + dx, y: g.startTransform.y + dy },
          width,
          height,
        ),
      );
    } else if (Math.abs(dx) > Math.abs(dy)) {
      setDragX(dx);
    }
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.delete(event.pointerId);
    const g = gesture.current;
    if (!g) return;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: carry on from here with the other.
      const [rest] = [...pointers.current.values()];
      gesture.current = {
        start: rest!,
        startedAt: event.timeStamp || Date.now(),
        startTransform: transform,
        pinchDistance: null,
        moved: true,
      };
      return;
    }
    gesture.current = null;
    setDragging(false);
    const end = { x: event.clientX, y: event.clientY };
    const dx = end.x - g.start.x;
    const dy = end.y - g.start.y;
    setDragX(0);
    if (!g.moved) {
      const now = event.timeStamp || Date.now();
      const previous = lastTap.current;
      if (
        isPhoto &&
        previous &&
        now - previous.at < DOUBLE_TAP_MS &&
        distance(previous.point, end) < DOUBLE_TAP_PX
      ) {
        lastTap.current = null;
        const { width, height } = sizeOf();
        setTransform((t) => clampPan(doubleTapZoom(t, local(end)), width, height));
      } else {
        lastTap.current = { at: now, point: end };
      }
      return;
    }
    if (g.startTransform.scale > 1 || g.pinchDistance) return;
    const direction = swipeDirection(
      dx,
      dy,
      (event.timeStamp || Date.now()) - g.startedAt,
      sizeOf().width,
    );
    if (direction !== 0) onSwipe(direction);
  };

  const onPointerCancel = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    gesture.current = null;
    setDragging(false);
    setDragX(0);
  };

  const isZoomed = transform.scale > 1;
  return (
    <div
      ref={stage}
      className={cx(styles.stage, isZoomed && styles.stageZoomed)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      data-testid="viewer-stage"
      data-zoom={transform.scale.toFixed(2)}
    >
      <div
        className={styles.slide}
        style={{
          transform: `translate3d(${dragX + transform.x}px, ${transform.y}px, 0) scale(${transform.scale})`,
          transition: isDragging ? 'none' : undefined,
        }}
      >
        {isPhoto ? (
          <img
            src={media.url}
            alt={alt}
            className={styles.media}
            draggable={false}
            width={media.width}
            height={media.height}
          />
        ) : (
          <video
            className={styles.media}
            src={media.url}
            poster={media.thumb_url}
            playsInline
            controls
            preload="metadata"
            aria-label={alt}
            data-testid="viewer-video"
          />
        )}
      </div>
      {isPhoto && !isZoomed && <span className={styles.zoomHint}>{zoomHint}</span>}
    </div>
  );
}

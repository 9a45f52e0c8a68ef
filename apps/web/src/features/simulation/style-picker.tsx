import { useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { HairResource } from '@carol/contracts';
import { Button, Chip, Skeleton } from '../../components/ui';
import { cx } from '../../lib/cx';
import styles from './simulation.module.css';

export type StyleGender = 'w' | 'm';
export type StyleLength = NonNullable<HairResource['length']>;

/** The order lengths are offered in (only those the list has are shown). */
const lengthOrder: StyleLength[] = ['short', 'bob', 'medium', 'long', 'male'];

/** The thumbnail's size (CSS px, as in the stylesheet). */
const THUMB = { width: 72, height: 88 };

/**
 * Frames a thumbnail on the style's head, from its anchor: the face a third of the thumbnail
 * wide, the temples a little below the middle (room for volume on top) — whatever the board's margins. Without an
 * anchor the whole board is shown.
 */
export function thumbnailFrame(anchor: HairResource['anchor']): CSSProperties | undefined {
  if (!anchor) return undefined;
  const [lx, ly] = anchor.leftTemple;
  const [rx, ry] = anchor.rightTemple;
  const faceWidth = Math.hypot(rx - lx, ry - ly);
  if (faceWidth <= 0) return undefined;
  const k = (THUMB.width * 0.34) / faceWidth;
  const cx = (lx + rx) / 2;
  const cy = (ly + ry) / 2;
  return {
    position: 'absolute',
    width: anchor.board.width * k,
    height: anchor.board.height * k,
    maxWidth: 'none',
    left: THUMB.width / 2 - cx * k,
    top: THUMB.height * 0.56 - cy * k,
    objectFit: 'fill',
  };
}

export interface StylePickerProps {
  gender: StyleGender;
  onGender: (gender: StyleGender) => void;
  length: StyleLength | null;
  onLength: (length: StyleLength | null) => void;
  styles: HairResource[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  selectedId: number | null;
  /** The style waiting for the bangs removal. */
  pendingId: number | null;
  disabled: boolean;
  onSelect: (resource: HairResource | null) => void;
}

export function StylePicker({
  gender,
  onGender,
  length,
  onLength,
  styles: list,
  isPending,
  isError,
  onRetry,
  selectedId,
  pendingId,
  disabled,
  onSelect,
}: StylePickerProps) {
  const { t } = useTranslation('simulation');
  const lengths = lengthOrder.filter((l) => list?.some((r) => r.length === l));
  const shown = (list ?? []).filter((r) => length === null || r.length === length);
  const filterRow = useRef<HTMLDivElement>(null);

  // A length chosen from outside the row (the own-length suggestion) may sit beyond the row's
  // right edge: the row scrolls it into view (the row only, not the page).
  useEffect(() => {
    const row = filterRow.current;
    const chip = row?.querySelector<HTMLElement>(
      `[data-testid="style-length"][data-value="${length}"]`,
    );
    if (!row || !chip) return;
    const rowBox = row.getBoundingClientRect();
    const chipBox = chip.getBoundingClientRect();
    if (chipBox.left >= rowBox.left && chipBox.right <= rowBox.right) return;
    row.scrollBy({ left: chipBox.left + chipBox.width / 2 - (rowBox.left + rowBox.width / 2) });
  }, [length]);

  return (
    <div className={styles.stylePicker}>
      <div
        ref={filterRow}
        className={styles.filterRow}
        role="group"
        aria-label={t('style.filters')}
      >
        {(['w', 'm'] as const).map((g) => (
          <Chip
            key={g}
            isSelected={gender === g}
            onClick={() => onGender(g)}
            className={styles.filterChip}
            data-testid="style-gender"
            data-value={g}
          >
            {t(`style.gender.${g}`)}
          </Chip>
        ))}
        {lengths.length > 1 && <span className={styles.filterDivider} aria-hidden="true" />}
        {lengths.length > 1 && (
          <>
            <Chip
              isSelected={length === null}
              onClick={() => onLength(null)}
              className={styles.filterChip}
            >
              {t('style.length.all')}
            </Chip>
            {lengths.map((l) => (
              <Chip
                key={l}
                isSelected={length === l}
                onClick={() => onLength(l)}
                className={styles.filterChip}
                data-testid="style-length"
                data-value={l}
              >
                {t(`style.length.${l}`)}
              </Chip>
            ))}
          </>
        )}
      </div>

      {isPending ? (
        <div className={styles.styleStrip} aria-busy="true" aria-label={t('style.loading')}>
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} className={styles.styleItem}>
              <Skeleton width={72} height={88} radius={16} />
              <Skeleton shape="text" width={48} />
            </div>
          ))}
        </div>
      ) : isError || !list ? (
        <div className={styles.paletteNotice} role="status">
          <span>{t('style.error')}</span>
          <Button variant="ghost" size="md" onClick={onRetry}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <div className={styles.styleStrip} role="radiogroup" aria-label={t('style.title')}>
          <button
            type="button"
            role="radio"
            aria-checked={selectedId === null}
            disabled={disabled}
            className={cx(styles.styleItem, selectedId === null && styles.styleSelected)}
            onClick={() => onSelect(null)}
            data-testid="style-option"
            data-id=""
          >
            <span className={cx(styles.styleThumb, styles.styleThumbNone)} aria-hidden="true" />
            <span className={styles.swatchName}>{t('style.none')}</span>
          </button>
          {shown.map((resource) => {
            const isSelected = selectedId === resource.resource_id;
            return (
              <button
                key={resource.resource_id}
                type="button"
                role="radio"
                aria-checked={isSelected}
                disabled={disabled}
                className={cx(styles.styleItem, isSelected && styles.styleSelected)}
                onClick={() => onSelect(resource)}
                data-testid="style-option"
                data-id={resource.resource_id}
              >
                <span
                  className={cx(
                    styles.styleThumb,
                    pendingId === resource.resource_id && styles.styleThumbPending,
                  )}
                  aria-hidden="true"
                >
                  <img
                    src={resource.image_url}
                    alt=""
                    loading="lazy"
                    draggable={false}
                    style={thumbnailFrame(resource.anchor)}
                  />
                </span>
                <span className={styles.swatchName}>{resource.name}</span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

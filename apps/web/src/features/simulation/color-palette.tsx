import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { HairColor } from '@carol/contracts';
import { Button, Skeleton } from '../../components/ui';
import { cx } from '../../lib/cx';
import styles from './simulation.module.css';

/** A dye swatch: the colour with a soft highlight, like a lock of dyed hair catching light. */
export function swatchStyle(hex: string): CSSProperties {
  return {
    background: `radial-gradient(circle at 32% 28%, rgb(255 255 255 / 45%) 0%, rgb(255 255 255 / 0%) 42%), radial-gradient(circle at 70% 80%, rgb(0 0 0 / 22%) 0%, rgb(0 0 0 / 0%) 55%), ${hex}`,
  };
}

export interface ColorPaletteProps {
  colors: HairColor[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** null: the original photo. */
  selectedId: number | null;
  /** The colour the service is working on. */
  pendingId: number | null;
  disabled: boolean;
  onSelect: (color: HairColor | null) => void;
}

export function ColorPalette({
  colors,
  isPending,
  isError,
  onRetry,
  selectedId,
  pendingId,
  disabled,
  onSelect,
}: ColorPaletteProps) {
  const { t } = useTranslation('simulation');
  if (isPending) {
    return (
      <div className={styles.palette} aria-busy="true" aria-label={t('palette.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={styles.swatchItem}>
            <Skeleton shape="circle" width={52} height={52} />
            <Skeleton shape="text" width={40} />
          </div>
        ))}
      </div>
    );
  }
  if (isError || !colors) {
    return (
      <div className={styles.paletteNotice} role="status">
        <span>{t('palette.error')}</span>
        <Button variant="ghost" size="md" onClick={onRetry}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const option = (color: HairColor | null) => {
    const id = color?.color_id ?? null;
    const isSelected = selectedId === id;
    return (
      <button
        key={id ?? 'original'}
        type="button"
        role="radio"
        aria-checked={isSelected}
        disabled={disabled}
        className={cx(styles.swatchItem, styles.swatchButton, isSelected && styles.swatchSelected)}
        onClick={() => onSelect(color)}
        data-testid="palette-color"
        data-hex={color?.hex ?? ''}
      >
        <span
          className={cx(
            styles.swatch,
            !color && styles.swatchOriginal,
            pendingId !== null && pendingId === id && styles.swatchPending,
          )}
          style={color ? swatchStyle(color.hex) : undefined}
          aria-hidden="true"
        />
        <span className={styles.swatchName}>{color ? color.name : t('palette.original')}</span>
      </button>
    );
  };
  return (
    <div className={styles.palette} role="radiogroup" aria-label={t('palette.title')}>
      {option(null)}
      {colors.map((color) => option(color))}
    </div>
  );
}

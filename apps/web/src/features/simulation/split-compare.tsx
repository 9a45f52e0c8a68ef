import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import styles from './simulation.module.css';

/** Where the divider starts when the photo is split: the middle. */
export const SPLIT_DEFAULT = 50;

/** A divider position as the range gives it: a whole per cent of the width, 0..100. */
export function clampSplit(position: number): number {
  if (!Number.isFinite(position)) return SPLIT_DEFAULT;
  return Math.min(100, Math.max(0, Math.round(position)));
}

/**
 * The CSS clip-paths that show each side of a divider at `position` % of the photo's width: the
 * original ("before") keeps what lies left of it, the result ("after") what lies right of it.
 */
export function splitClips(position: number): { before: string; after: string } {
  const at = clampSplit(position);
  return { before: `inset(0 ${100 - at}% 0 0)`, after: `inset(0 0 0 ${at}%)` };
}

interface SplitState {
  /** The divider's position in % of the width, or null when the photo is not split. */
  position: number | null;
  /** A new position (the divider moved, or the split opened), or null (the split closed). */
  onChange: (position: number | null) => void;
}

export interface SplitToggleProps extends SplitState {
  /** The split opened (the screen counts it as a compare, for its first-use hint). */
  onOpen?: () => void;
  /** Laid out by its container (a row of actions) instead of at the photo's top right. */
  isInline?: boolean;
}

/** The "Side by side" pill: opens the split at the middle, or closes it. */
export function SplitToggle({ position, onChange, onOpen, isInline = false }: SplitToggleProps) {
  const { t } = useTranslation('simulation');
  const isSplit = position !== null;
  return (
    <button
      type="button"
      className={cx(styles.splitToggle, isInline && styles.splitToggleInline)}
      aria-pressed={isSplit}
      // The stage under it compares while pressed (hold): the pill is not part of that.
      onPointerDown={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      onKeyUp={(e) => e.stopPropagation()}
      onClick={() => {
        if (isSplit) onChange(null);
        else {
          onChange(SPLIT_DEFAULT);
          onOpen?.();
        }
      }}
      data-testid="simulation-split"
    >
      {isSplit ? t('compare.splitClose') : t('compare.split')}
    </button>
  );
}

export interface SplitDividerProps extends SplitState {
  /** Where the "After" label goes: across from the stage's "Before" (top) or the bottom right. */
  afterLabelAt?: 'top' | 'bottom';
}

/**
 * While split: the divider with its knob, the "After" label and an invisible range input over
 * the whole photo, so the divider follows a finger or the mouse anywhere on it and the arrow
 * keys and screen readers move it too. The stage draws the two sides (see `splitClips`) and its
 * own "Before" label at the top left; this is laid inside the stage's positioned photo box,
 * after the layers it covers. Nothing while not split.
 */
export function SplitDivider({ position, onChange, afterLabelAt = 'bottom' }: SplitDividerProps) {
  const { t } = useTranslation('simulation');
  if (position === null) return null;
  return (
    <>
      <span
        className={cx(
          styles.stateLabel,
          afterLabelAt === 'bottom' ? styles.stateLabelEnd : styles.stateLabelTopEnd,
        )}
        aria-hidden="true"
      >
        {t('photo.after')}
      </span>
      <span
        className={styles.splitLine}
        style={{ left: `${position}%` }}
        aria-hidden="true"
        data-testid="simulation-split-line"
      >
        <span className={styles.splitKnob} />
      </span>
      <input
        type="range"
        className={styles.splitRange}
        min={0}
        max={100}
        step={1}
        value={position}
        onChange={(e) => onChange(clampSplit(Number(e.currentTarget.value)))}
        aria-label={t('compare.splitPosition')}
        data-testid="simulation-split-range"
      />
    </>
  );
}

export interface SplitCompareProps extends SplitState {
  onOpen?: () => void;
  /** False hides the pill (the divider stays while split), e.g. under a progress pill. */
  showsToggle?: boolean;
}

/**
 * "Side by side" as colour mode lays it out: the pill at the photo's top right, and while split
 * the divider, the range and "After" at the bottom right. (Hairstyle mode places the two parts
 * itself: the pill in its row of actions at the bottom right, "After" at the top right.)
 */
export function SplitCompare({
  position,
  onChange,
  onOpen,
  showsToggle = true,
}: SplitCompareProps) {
  return (
    <>
      <SplitDivider position={position} onChange={onChange} />
      {showsToggle && <SplitToggle position={position} onChange={onChange} onOpen={onOpen} />}
    </>
  );
}

import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimulationLandmark } from '../../lib/stores/simulation.store';
import { cx } from '../../lib/cx';
import type { PreviewRenderer } from './live-preview';
import type { PreparedPhoto } from './photo';
import { SplitCompare, splitClips } from './split-compare';
import type { FaceStatus, ShownResult } from './use-simulation';
import styles from './simulation.module.css';

const toPath = (points: ReadonlyArray<readonly [number, number]>, close = false) =>
  points.length === 0
    ? ''
    : `M${points.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join('L')}${close ? 'Z' : ''}`;

/** The face the service found, drawn over the photo: oval, brows, eyes and a light mesh. */
export function LandmarkOverlay({ data, isFaded }: { data: SimulationLandmark; isFaded: boolean }) {
  const { image, landmark } = data;
  const p = landmark.points;
  const dotRadius = Math.max(image.width, image.height) / 320;
  return (
    <svg
      className={cx(styles.landmarks, isFaded && styles.landmarksFaded)}
      viewBox={`0 0 ${image.width} ${image.height}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      data-testid="face-landmarks"
    >
      <g className={styles.meshDots}>
        {landmark.mesh
          .filter((_, i) => i % 4 === 0)
          .map(([x, y], i) => (
            <circle key={i} cx={x} cy={y} r={dotRadius} />
          ))}
      </g>
      <path className={styles.outline} d={toPath(p.faceOval, true)} pathLength={1} />
      <path className={styles.feature} d={toPath(p.leftEyebrow)} pathLength={1} />
      <path className={styles.feature} d={toPath(p.rightEyebrow)} pathLength={1} />
      <path className={styles.feature} d={toPath(p.leftEye.contour, true)} pathLength={1} />
      <path className={styles.feature} d={toPath(p.rightEye.contour, true)} pathLength={1} />
    </svg>
  );
}

export interface PhotoStageProps {
  photo: PreparedPhoto;
  face: FaceStatus;
  landmark: SimulationLandmark | null;
  shown: ShownResult | null;
  /**
   * The live preview of the chosen colour, drawn in the browser, while the service's image for
   * it is on its way (null: none to show). It lies over `shown`.
   */
  preview: PreviewRenderer | null;
  /** Name of the colour being applied, while the service works. */
  applyingName: string | null;
  onCompareStart: () => void;
}

/** Puts the preview renderer's canvas (made outside React) into the stage. */
function PreviewLayer({
  renderer,
  isHidden,
  style,
}: {
  renderer: PreviewRenderer;
  isHidden: boolean;
  style?: CSSProperties;
}) {
  return (
    <div
      className={cx(styles.photo, isHidden && styles.resultHidden)}
      style={style}
      ref={(host) => {
        if (host && host.firstChild !== renderer.canvas) host.replaceChildren(renderer.canvas);
      }}
      data-testid="simulation-preview"
      data-kind={renderer.kind}
      aria-hidden="true"
    />
  );
}

/**
 * The photo: the recoloured result (or its live preview) over the original; pressing and holding
 * (touch, mouse or the space key) shows the original, for a before/after compare. "Side by side"
 * splits the photo instead: the original on the left of a divider, the result on its right; the
 * divider follows a finger or the mouse anywhere on the photo (a range input under the hood, so
 * the arrow keys and screen readers move it too; `SplitCompare`, shared with hairstyle mode).
 */
export function PhotoStage({
  photo,
  face,
  landmark,
  shown,
  preview,
  applyingName,
  onCompareStart,
}: PhotoStageProps) {
  const { t } = useTranslation('simulation');
  const [isHolding, setHolding] = useState(false);
  /** The divider's position in % of the width, or null when the photo is not split. */
  const [split, setSplit] = useState<number | null>(null);
  const canCompare = shown !== null || preview !== null;
  const isSplit = canCompare && split !== null;
  const start = () => {
    if (!canCompare) return;
    setHolding(true);
    onCompareStart();
  };
  const stop = () => setHolding(false);
  const isBusy = face.status === 'detecting' || applyingName !== null;
  const showsResult = canCompare && (isSplit || !isHolding);
  const resultClip: CSSProperties | undefined = isSplit
    ? { clipPath: splitClips(split).after }
    : undefined;

  return (
    <figure className={styles.stageWrap}>
      <div
        className={cx(styles.stage, canCompare && styles.stageComparable)}
        style={{ '--ratio': `${photo.width} / ${photo.height}` } as CSSProperties}
        data-testid="simulation-stage"
        data-state={isSplit ? 'split' : showsResult ? 'after' : 'before'}
        data-preview={preview && showsResult ? preview.kind : undefined}
        aria-busy={isBusy || undefined}
        {...(canCompare && !isSplit
          ? {
              role: 'button',
              tabIndex: 0,
              'aria-pressed': isHolding,
              'aria-label': t('compare.hold'),
              onPointerDown: (e: React.PointerEvent) => {
                e.currentTarget.setPointerCapture?.(e.pointerId);
                start();
              },
              onPointerUp: stop,
              onPointerCancel: stop,
              onLostPointerCapture: stop,
              onContextMenu: (e: React.MouseEvent) => e.preventDefault(),
              onKeyDown: (e: React.KeyboardEvent) => {
                if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
                  e.preventDefault();
                  start();
                }
              },
              onKeyUp: (e: React.KeyboardEvent) => {
                if (e.key === ' ' || e.key === 'Enter') stop();
              },
              onBlur: stop,
            }
          : {})}
      >
        <img
          className={styles.photo}
          src={photo.url}
          alt={t('photo.alt')}
          draggable={false}
          width={photo.width}
          height={photo.height}
        />
        {shown && (
          <img
            key={shown.key}
            className={cx(styles.photo, styles.result, !showsResult && styles.resultHidden)}
            style={resultClip}
            src={shown.url}
            alt={t('photo.resultAlt', { color: shown.color.name })}
            draggable={false}
            data-testid="simulation-result"
          />
        )}
        {preview && <PreviewLayer renderer={preview} isHidden={!showsResult} style={resultClip} />}
        {landmark && face.status === 'found' && (
          <LandmarkOverlay
            data={landmark}
            isFaded={shown !== null || preview !== null || applyingName !== null}
          />
        )}
        {face.status === 'detecting' && <div className={styles.scanLine} aria-hidden="true" />}
        {isBusy && (
          <div className={styles.busy} role="status">
            <span className={styles.busySpinner} aria-hidden="true" />
            <span>
              {applyingName ? t('photo.applying', { color: applyingName }) : t('photo.detecting')}
            </span>
          </div>
        )}
        {canCompare && (
          <span className={styles.stateLabel} aria-hidden="true">
            {showsResult && !isSplit ? t('photo.after') : t('photo.before')}
          </span>
        )}
        {canCompare && (
          <SplitCompare
            position={isSplit ? split : null}
            onChange={(position) => {
              setHolding(false);
              setSplit(position);
            }}
            onOpen={onCompareStart}
          />
        )}
      </div>
    </figure>
  );
}

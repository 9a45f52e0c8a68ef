import { useEffect, useRef, useState, type CSSProperties, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import type { SimulationLandmark } from '../../lib/stores/simulation.store';
import { splitPlacedBox, splitStrips, type OverlayAnchor } from './placement';
import { LandmarkOverlay } from './photo-stage';
import { SplitDivider, SplitToggle, splitClips } from './split-compare';
import { HANDLE_ROOM, overlayProbe, rotateAnchorSide, useStageSize } from './stage-frame';
import { StyleCanvas } from './style-canvas';
import type { StyleBase } from './use-hairstyle';
import { useOverlayImages } from './use-overlay-images';
import { usePlacement } from './use-placement';
import { useStageExport, type StyleStageHandle } from './use-stage-export';
import { useHoldCompare, usePinch } from './use-stage-gestures';
import styles from './simulation.module.css';

export interface StyleOverlay {
  /** Changes when another style is chosen (the placement starts over). */
  key: string;
  url: string;
  anchor: OverlayAnchor | null;
  name: string;
}

export interface StyleStageProps {
  ref?: Ref<StyleStageHandle>;
  photo: { url: string; width: number; height: number };
  /** The image under the overlay: the bald photo (with its scalp map), or the original. */
  base: StyleBase;
  overlay: StyleOverlay | null;
  /** Colour to tint the overlay toward (#rrggbb), or null for the drawing's own. */
  tintHex: string | null;
  landmark: SimulationLandmark | null;
  /** Status line over the photo while something works (bangs removal, the style loading). */
  busy: { label: string; onCancel?: () => void; cancelLabel?: string } | null;
  onCompareStart: () => void;
  /** The user moved, resized or turned the overlay, or put it back ("reset position"). */
  onEdit: () => void;
  /** The photo was split or joined again (the screen hides the "drag to move" hint while split). */
  onSplitChange?: (isSplit: boolean) => void;
}

/**
 * The hairstyle try-on: the base photo with the style's overlay laid on the head, which the user
 * drags, resizes and turns with a Konva transformer. A turned face gets the overlay cut in
 * strips, each stretched across on its own so the hair hugs the face and covers the back of the
 * head (`placeOverlaySplit`): up to four cropped images in one group, which the transformer
 * moves as one. Stage units are the photo's pixels, scaled to fit the photo box; the canvas
 * reaches HANDLE_ROOM past the photo so the handles stay visible. Pressing the photo outside the
 * overlay (or holding space) shows the original for a before/after compare; "Side by side"
 * splits the photo instead (the original left of a divider, the try-on right of it), with
 * editing paused while split.
 */
export default function StyleStage({
  ref,
  photo,
  base,
  overlay,
  tintHex,
  landmark,
  busy,
  onCompareStart,
  onEdit,
  onSplitChange,
}: StyleStageProps) {
  const { t } = useTranslation('simulation');
  const boxRef = useRef<HTMLDivElement>(null);
  const { width, cornerRadius } = useStageSize(boxRef);
  const scale = width > 0 ? width / photo.width : 0;
  const height = Math.round(photo.height * scale);
  const { baseImage, originalImage, overlayImage, shape, crop, overlaySource, hairUnder } =
    useOverlayImages({ photo, base, overlay, tintHex, landmark });
  /** The side-by-side divider's position in % of the width, or null when the photo is not split. */
  const [split, setSplit] = useState<number | null>(null);
  const { overlayRef, placement, setPlacement, resetPlacement, readNode } = usePlacement({
    photo,
    overlay,
    overlayImage,
    bottoms: shape?.bottoms ?? null,
    landmark,
    onEdit,
  });
  const { isHolding, setHolding, stopHolding } = useHoldCompare();

  const showsOverlay =
    overlay !== null && overlaySource !== null && placement !== null && crop !== null;
  const isSplit = showsOverlay && split !== null;
  useEffect(() => onSplitChange?.(isSplit), [isSplit, onSplitChange]);
  // Side by side pauses editing: the divider's range input lies over the whole photo (a drag
  // anywhere moves the divider, as in colour mode), so the overlay is not draggable, the
  // transformer lets go of it (no handles over the original's half or the band around the photo)
  // and hold-to-compare and the two-finger gesture are off. Closing the split gives the overlay
  // back to the transformer where it was. The split is drawn in the page over the canvas, never
  // on it: the saved and shared image (the canvas) is always the whole try-on.
  const isEditing = showsOverlay && !isHolding && !isSplit;

  const { stageRef, transformerRef, exporting } = useStageExport(ref, {
    scale,
    width,
    height,
    resetPlacement,
  });
  const { pinchMove, pinchEnd } = usePinch({
    stageRef,
    overlayRef,
    scale,
    width,
    placement,
    setPlacement,
    crop,
    isEnabled: showsOverlay && !isSplit,
    onStart: () => setHolding(false),
    onEdit,
  });

  const changeSplit = (position: number | null) => {
    setHolding(false);
    setSplit(position);
  };

  const startHolding = () => {
    if (!showsOverlay || isSplit) return;
    setHolding(true);
    onCompareStart();
  };

  const strips = showsOverlay ? splitStrips(placement, crop) : null;
  const box = showsOverlay ? splitPlacedBox(placement, crop) : null;
  const rotateAngle = box ? rotateAnchorSide(box, scale, { width, height }) : 0;
  const probe = overlayProbe(box, placement, photo);

  const state = isSplit ? 'split' : showsOverlay && !isHolding ? 'after' : 'before';
  const shownBase = isHolding ? originalImage : baseImage;

  return (
    <figure
      className={cx(styles.stageWrap, styles.styleWrap)}
      style={
        {
          '--room-top': `${HANDLE_ROOM.top}px`,
          '--room-right': `${HANDLE_ROOM.right}px`,
          '--room-bottom': `${HANDLE_ROOM.bottom}px`,
          '--room-left': `${HANDLE_ROOM.left}px`,
        } as CSSProperties
      }
    >
      <div
        ref={boxRef}
        className={cx(styles.stage, styles.styleStage)}
        style={{ '--ratio': `${photo.width} / ${photo.height}` } as CSSProperties}
        data-testid="style-stage"
        data-state={state}
        data-base={isHolding ? 'original' : base.kind}
        data-style={overlay?.key ?? ''}
        data-hair-under={showsOverlay && !isHolding && hairUnder ? 'on' : 'off'}
        aria-busy={busy ? true : undefined}
        role="group"
        aria-label={overlay ? t('style.stageLabel', { style: overlay.name }) : t('photo.alt')}
        tabIndex={showsOverlay ? 0 : -1}
        onKeyDown={(e) => {
          if ((e.key === ' ' || e.key === 'Enter') && !e.repeat && e.target === e.currentTarget) {
            e.preventDefault();
            startHolding();
          }
        }}
        onKeyUp={(e) => {
          if (e.key === ' ' || e.key === 'Enter') stopHolding();
        }}
        onBlur={stopHolding}
        onContextMenu={(e) => e.preventDefault()}
        {...probe}
      >
        {/* The base as a plain image too: shown at once and read by screen readers. */}
        <img
          className={styles.photo}
          src={isHolding ? photo.url : base.url}
          alt={t('photo.alt')}
          draggable={false}
          width={photo.width}
          height={photo.height}
          data-testid="style-base"
        />
        <StyleCanvas
          stageRef={stageRef}
          overlayRef={overlayRef}
          transformerRef={transformerRef}
          exporting={exporting}
          photo={photo}
          width={width}
          height={height}
          scale={scale}
          cornerRadius={cornerRadius}
          shownBase={shownBase}
          hairUnder={hairUnder}
          overlaySource={overlaySource}
          placement={placement}
          crop={crop}
          strips={strips}
          isHolding={isHolding}
          isEditing={isEditing}
          rotateAngle={rotateAngle}
          onPressPhoto={startHolding}
          onTouchMove={pinchMove}
          onTouchEnd={pinchEnd}
          onMoved={readNode}
        />
        {isSplit && (
          // The original on the left of the divider, over the canvas (not part of the export).
          <img
            className={styles.photo}
            style={{ clipPath: splitClips(split).before }}
            src={photo.url}
            alt=""
            aria-hidden="true"
            draggable={false}
            data-testid="style-split-original"
          />
        )}
        {landmark && <LandmarkOverlay data={landmark} isFaded={overlay !== null} />}
        {busy && (
          <div className={cx(styles.busy, busy.onCancel && styles.busyWithAction)} role="status">
            <span className={styles.busySpinner} aria-hidden="true" />
            <span>{busy.label}</span>
            {busy.onCancel && (
              <button type="button" className={styles.busyCancel} onClick={busy.onCancel}>
                {busy.cancelLabel}
              </button>
            )}
          </div>
        )}
        {showsOverlay && (
          <span className={styles.stateLabel} aria-hidden="true">
            {isHolding || isSplit ? t('photo.before') : t('photo.after')}
          </span>
        )}
        {isSplit && <SplitDivider position={split} onChange={changeSplit} afterLabelAt="top" />}
        {/*
         * The pill and "Reset position" share the bottom right: the top of the photo is where the
         * transformer's handles are, and the rest of the photo is left free to press (compare).
         * The pill is the rightmost, so it stays under the finger when "Reset" hides.
         */}
        {showsOverlay && !busy && (
          <div className={styles.stageActions}>
            {!isHolding && !isSplit && (
              <button
                type="button"
                className={styles.stageAction}
                onClick={resetPlacement}
                onPointerDown={(e) => e.stopPropagation()}
                data-testid="style-reset"
              >
                <RefreshIcon size={14} />
                {t('style.reset')}
              </button>
            )}
            <SplitToggle
              position={isSplit ? split : null}
              onChange={changeSplit}
              onOpen={onCompareStart}
              isInline
            />
          </div>
        )}
      </div>
    </figure>
  );
}

import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
// Konva's core and only the two shapes used: this chunk is loaded when hairstyle mode opens.
import 'konva/lib/Core';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Transformer';
import type { Image as ImageNode } from 'konva/lib/shapes/Image';
import type { Transformer as TransformerNode } from 'konva/lib/shapes/Transformer';
import type { Stage as StageNode } from 'konva/lib/Stage';
import { Image as KonvaImage, Layer, Stage, Transformer } from 'react-konva/lib/ReactKonvaCore';
import { RefreshIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import type { SimulationLandmark } from '../../lib/stores/simulation.store';
import {
  anchorOrFallback,
  nodeOrigin,
  opaqueBounds,
  placedBox,
  placementFromNode,
  placeOverlay,
  type Box,
  type OverlayAnchor,
  type Placement,
} from './placement';
import { LandmarkOverlay } from './photo-stage';
import { tintPixels } from './tint';
import styles from './simulation.module.css';

/** Spec 9: the canvas transformer's defaults. */
export const TRANSFORMER_DEFAULTS = {
  anchorSize: 10,
  rotateAnchorOffset: 50,
  rotationSnapTolerance: 5,
  keepRatio: true,
  rotationSnaps: [0, 90, 180, 270],
  enabledAnchors: ['top-left', 'top-right', 'bottom-left', 'bottom-right'],
} as const;

/** What the screen can ask of the stage. */
export interface StyleStageHandle {
  /** The photo with the overlay as placed, at the photo's own resolution (no transformer). */
  toBlob: () => Promise<Blob>;
  /** Puts the overlay back where the automatic placement put it. */
  resetPlacement: () => void;
}

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
  /** The image under the overlay: the bald photo, or the original. */
  base: { url: string; kind: 'bald' | 'original' };
  overlay: StyleOverlay | null;
  /** Colour to tint the overlay toward (#rrggbb), or null for the drawing's own. */
  tintHex: string | null;
  landmark: SimulationLandmark | null;
  /** Status line over the photo while something works (bangs removal, the style loading). */
  busy: { label: string; onCancel?: () => void; cancelLabel?: string } | null;
  onCompareStart: () => void;
  /** The user moved, resized or turned the overlay, or put it back ("reset position"). */
  onEdit: () => void;
}

function useLoadedImage(url: string | null, crossOrigin = false) {
  const [loaded, setLoaded] = useState<{ url: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    const image = new window.Image();
    if (crossOrigin) image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => {
      if (live) setLoaded({ url, image });
    };
    image.src = url;
    return () => {
      live = false;
      image.onload = null;
    };
  }, [url, crossOrigin]);
  return loaded && loaded.url === url ? loaded.image : null;
}

/** Tinted copies of overlays, by overlay and colour: going back to a colour is instant. */
const tintCache = new Map<string, HTMLCanvasElement>();
const TINT_CACHE_SIZE = 16;

function tinted(image: HTMLImageElement, url: string, hex: string): HTMLCanvasElement | null {
  const key = `${url}|${hex.toLowerCase()}`;
  const cached = tintCache.get(key);
  if (cached) return cached;
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(image, 0, 0);
  let pixels: ImageData;
  try {
    pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  } catch {
    return null; // A cross-origin image without CORS: shown untinted.
  }
  pixels.data.set(tintPixels(pixels.data, hex));
  context.putImageData(pixels, 0, 0);
  tintCache.set(key, canvas);
  while (tintCache.size > TINT_CACHE_SIZE) tintCache.delete(tintCache.keys().next().value!);
  return canvas;
}

/** The hair's box on each overlay: the transformer wraps the hair, not the empty board. */
const boundsCache = new Map<string, Box>();

function hairBounds(image: HTMLImageElement, url: string): Box {
  const whole = { x: 0, y: 0, width: image.naturalWidth, height: image.naturalHeight };
  const cached = boundsCache.get(url);
  if (cached) return cached;
  const canvas = document.createElement('canvas');
  canvas.width = whole.width;
  canvas.height = whole.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return whole;
  context.drawImage(image, 0, 0);
  let bounds: Box | null;
  try {
    bounds = opaqueBounds(
      context.getImageData(0, 0, whole.width, whole.height).data,
      whole.width,
      whole.height,
      HIT_ALPHA,
    );
  } catch {
    bounds = null;
  }
  const result = bounds ?? whole;
  boundsCache.set(url, result);
  return result;
}

/** Overlay pixels at least this opaque (0..255) can be grabbed. */
const HIT_ALPHA = 24;

/**
 * Where the rotate handle goes (Konva's rotateAnchorAngle: 0 top, 90 right, 180 bottom, 270
 * left): above the hair as usual, else on the first side with room for it on the stage, so it
 * stays reachable when the hair reaches the photo's top edge.
 */
function rotateAnchorSide(box: Box, scale: number, stage: { width: number; height: number }) {
  const needed = TRANSFORMER_DEFAULTS.rotateAnchorOffset + TRANSFORMER_DEFAULTS.anchorSize;
  const room: [number, number][] = [
    [0, box.y * scale],
    [180, stage.height - (box.y + box.height) * scale],
    [90, stage.width - (box.x + box.width) * scale],
    [270, box.x * scale],
  ];
  const fits = room.find(([, space]) => space >= needed);
  return (fits ?? room.reduce((best, side) => (side[1] > best[1] ? side : best)))[0];
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * The hairstyle try-on: the base photo with the style's overlay laid on the head (the temples on
 * the face's temples), which the user drags, resizes and turns with a Konva transformer. Stage
 * units are the photo's pixels, scaled to fit the photo box; pressing the photo outside the
 * overlay (or holding space) shows the original for a before/after compare.
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
}: StyleStageProps) {
  const { t } = useTranslation('simulation');
  const boxRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<StageNode>(null);
  const overlayRef = useRef<ImageNode>(null);
  const transformerRef = useRef<TransformerNode>(null);
  const [width, setWidth] = useState(0);
  const [isHolding, setHolding] = useState(false);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const placedFor = useRef<string | null>(null);

  const baseImage = useLoadedImage(base.url);
  const originalImage = useLoadedImage(photo.url);
  const overlayImage = useLoadedImage(overlay?.url ?? null, true);
  const crop = useMemo(
    () => (overlay && overlayImage ? hairBounds(overlayImage, overlay.url) : null),
    [overlay, overlayImage],
  );
  const overlaySource = useMemo(() => {
    if (!overlay || !overlayImage) return null;
    return tintHex ? (tinted(overlayImage, overlay.url, tintHex) ?? overlayImage) : overlayImage;
  }, [overlay, overlayImage, tintHex]);

  // The stage follows the photo box's width (the box keeps the photo's aspect ratio).
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setWidth(box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const scale = width > 0 ? width / photo.width : 0;
  const height = Math.round(photo.height * scale);

  const autoPlacement = useCallback((): Placement | null => {
    if (!overlay || !overlayImage) return null;
    const size = { width: overlayImage.naturalWidth, height: overlayImage.naturalHeight };
    const anchor = anchorOrFallback(overlay.anchor, size.width, size.height);
    if (landmark) {
      const placed = placeOverlay(
        anchor,
        size,
        {
          image: landmark.image,
          leftTemple: landmark.landmark.points.leftTemple,
          rightTemple: landmark.landmark.points.rightTemple,
          yaw: landmark.landmark.rotation.yaw,
        },
        photo,
      );
      if (placed) return placed;
    }
    // No face to go by: centred on the top half of the photo, 80 % of its width.
    const s = (photo.width * 0.8) / size.width;
    return { x: photo.width * 0.1, y: photo.height * 0.05, rotation: 0, scale: s };
  }, [overlay, overlayImage, landmark, photo]);

  // A new style (or its image arriving): the automatic placement.
  useEffect(() => {
    if (!overlay || !overlayImage) return;
    const key = `${overlay.key}|${landmark ? 'face' : 'none'}`;
    if (placedFor.current === key) return;
    placedFor.current = key;
    setPlacement(autoPlacement());
  }, [overlay, overlayImage, landmark, autoPlacement]);

  const showsOverlay =
    overlay !== null && overlaySource !== null && placement !== null && crop !== null;
  const isEditing = showsOverlay && !isHolding;

  // Only the hair itself is the overlay's handle (its transparent board is not): pressing the
  // face or the background compares, as in colour mode.
  useEffect(() => {
    const node = overlayRef.current;
    if (!node || !isEditing) return;
    node.cache();
    node.drawHitFromCache(HIT_ALPHA);
    node.getLayer()?.batchDraw();
    return () => {
      node.clearCache();
    };
  }, [isEditing, overlaySource]);

  // The transformer holds the overlay while it is shown.
  useEffect(() => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    transformer.nodes(isEditing && overlayRef.current ? [overlayRef.current] : []);
    transformer.getLayer()?.batchDraw();
  }, [isEditing, overlaySource, placement, width]);

  useImperativeHandle(
    ref,
    () => ({
      toBlob: async () => {
        const stage = stageRef.current;
        const transformer = transformerRef.current;
        if (!stage || scale === 0) throw new Error('The stage is not ready');
        transformer?.visible(false);
        try {
          const blob = await stage.toBlob({
            pixelRatio: 1 / scale,
            mimeType: 'image/jpeg',
            quality: 0.92,
          });
          if (!(blob instanceof Blob)) throw new Error('No image');
          return blob;
        } finally {
          transformer?.visible(true);
          transformer?.getLayer()?.batchDraw();
        }
      },
      resetPlacement: () => {
        setPlacement(autoPlacement());
        onEdit();
      },
    }),
    [scale, autoPlacement, onEdit],
  );

  const stopHolding = useCallback(() => setHolding(false), []);
  useEffect(() => {
    if (!isHolding) return;
    window.addEventListener('pointerup', stopHolding);
    window.addEventListener('pointercancel', stopHolding);
    return () => {
      window.removeEventListener('pointerup', stopHolding);
      window.removeEventListener('pointercancel', stopHolding);
    };
  }, [isHolding, stopHolding]);

  const startHolding = () => {
    if (!showsOverlay) return;
    setHolding(true);
    onCompareStart();
  };

  /** Reads the overlay node back after a drag or transform (Konva moved it itself). */
  const readNode = () => {
    const node = overlayRef.current;
    if (!node || !crop) return;
    setPlacement(
      placementFromNode(
        { x: node.x(), y: node.y(), rotation: node.rotation(), scale: node.scaleX() },
        crop,
      ),
    );
    onEdit();
  };

  const box = showsOverlay ? placedBox(placement, crop.width, crop.height, crop.x, crop.y) : null;
  const origin = showsOverlay ? nodeOrigin(placement, crop) : null;
  const rotateAngle = box ? rotateAnchorSide(box, scale, { width, height }) : 0;
  const probe = box
    ? {
        'data-overlay-box': JSON.stringify({
          x: round(box.x / photo.width),
          y: round(box.y / photo.height),
          width: round(box.width / photo.width),
          height: round(box.height / photo.height),
        }),
        'data-placement': JSON.stringify({
          x: round(placement!.x),
          y: round(placement!.y),
          rotation: round(placement!.rotation),
          scale: round(placement!.scale),
        }),
      }
    : {};

  const state = showsOverlay && !isHolding ? 'after' : 'before';
  const shownBase = isHolding ? originalImage : baseImage;

  return (
    <figure className={styles.stageWrap}>
      <div
        ref={boxRef}
        className={cx(styles.stage, styles.styleStage)}
        style={{ '--ratio': `${photo.width} / ${photo.height}` } as CSSProperties}
        data-testid="style-stage"
        data-state={state}
        data-base={isHolding ? 'original' : base.kind}
        data-style={overlay?.key ?? ''}
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
        {width > 0 && (
          <Stage
            ref={stageRef}
            className={styles.konva}
            width={width}
            height={height}
            scaleX={scale}
            scaleY={scale}
            onPointerDown={(e) => {
              // The photo around the overlay compares; the overlay itself is dragged.
              if (e.target === e.target.getStage() || e.target.name() === 'base') startHolding();
            }}
          >
            <Layer>
              {shownBase && (
                <KonvaImage
                  name="base"
                  image={shownBase}
                  width={photo.width}
                  height={photo.height}
                />
              )}
              {showsOverlay && origin && !isHolding && (
                <KonvaImage
                  ref={overlayRef}
                  name="overlay"
                  image={overlaySource}
                  crop={crop}
                  width={crop.width}
                  height={crop.height}
                  x={origin.x}
                  y={origin.y}
                  rotation={origin.rotation}
                  scaleX={origin.scale}
                  scaleY={origin.scale}
                  draggable
                  onDragEnd={readNode}
                  onTransformEnd={readNode}
                  onMouseEnter={(e) => {
                    const container = e.target.getStage()?.container();
                    if (container) container.style.cursor = 'move';
                  }}
                  onMouseLeave={(e) => {
                    const container = e.target.getStage()?.container();
                    if (container) container.style.cursor = '';
                  }}
                />
              )}
              <Transformer
                ref={transformerRef}
                {...TRANSFORMER_DEFAULTS}
                enabledAnchors={[...TRANSFORMER_DEFAULTS.enabledAnchors]}
                rotationSnaps={[...TRANSFORMER_DEFAULTS.rotationSnaps]}
                rotateAnchorAngle={rotateAngle}
                flipEnabled={false}
                borderStroke="#ffffff"
                borderStrokeWidth={1.5}
                borderDash={[6, 4]}
                anchorStroke="#a3264f"
                anchorStrokeWidth={2}
                anchorFill="#ffffff"
                anchorCornerRadius={5}
                boundBoxFunc={(previous, next) =>
                  // Not smaller than a thumb, not larger than four photos across.
                  Math.abs(next.width) < 40 || Math.abs(next.width) > width * 4 ? previous : next
                }
              />
            </Layer>
          </Stage>
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
            {isHolding ? t('photo.before') : t('photo.after')}
          </span>
        )}
        {showsOverlay && !isHolding && !busy && (
          <button
            type="button"
            className={styles.stageAction}
            onClick={() => {
              setPlacement(autoPlacement());
              onEdit();
            }}
            onPointerDown={(e) => e.stopPropagation()}
            data-testid="style-reset"
          >
            <RefreshIcon size={14} />
            {t('style.reset')}
          </button>
        )}
      </div>
    </figure>
  );
}

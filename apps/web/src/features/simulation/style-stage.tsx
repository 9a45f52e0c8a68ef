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
import type { Context } from 'konva/lib/Context';
import type { Group as GroupNode } from 'konva/lib/Group';
import type { Image as ImageNode } from 'konva/lib/shapes/Image';
import type { Transformer as TransformerNode } from 'konva/lib/shapes/Transformer';
import type { Stage as StageNode } from 'konva/lib/Stage';
import {
  Group,
  Image as KonvaImage,
  Layer,
  Stage,
  Transformer,
} from 'react-konva/lib/ReactKonvaCore';
import { RefreshIcon } from '../../components/icons';
import { cx } from '../../lib/cx';
import type { SimulationLandmark } from '../../lib/stores/simulation.store';
import {
  anchorOrFallback,
  opaqueBottoms,
  opaqueBounds,
  pinchPlacement,
  placeOverlaySplit,
  splitStrips,
  splitPlacedBox,
  unsplit,
  type Box,
  type OverlayAnchor,
  type Point,
  type SplitPlacement,
} from './placement';
import { LandmarkOverlay } from './photo-stage';
import { SplitDivider, SplitToggle, splitClips } from './split-compare';
import { applyPhotoLight, estimatePhotoLight, type PhotoLight } from './photo-light';
import { hairBasePixels, meanColourHex, tintPixels } from './tint';
import type { StyleBase } from './use-hairstyle';
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

/**
 * Room around the photo (CSS pixels) where the transformer's handles can still be seen and
 * grabbed when the hair reaches past the photo's edges (the hair itself is clipped to the
 * photo). The canvas covers the photo and this band; the band lies over the screen's gaps and
 * side padding (simulation.module.css `.styleWrap`), so the sides stay within its 16 px.
 */
export const HANDLE_ROOM = { top: 36, right: 14, bottom: 20, left: 14 } as const;

/** The overlay's size limits on screen (CSS pixels across): a thumb's width, four photos. */
const MIN_OVERLAY_WIDTH = 40;
const MAX_OVERLAY_PHOTOS = 4;

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

/**
 * Tinted and lit copies of overlays, by overlay, colour and the photo's light: going back to a
 * colour is instant.
 */
const tintCache = new Map<string, HTMLCanvasElement>();
const TINT_CACHE_SIZE = 16;

/** The photo's side light and the hair's middle and half width on the overlay (its pixels). */
interface OverlayLight {
  light: PhotoLight;
  centreX: number;
  halfWidth: number;
}

function tinted(
  image: HTMLImageElement,
  url: string,
  hex: string | null,
  lit: OverlayLight | null,
): HTMLCanvasElement | null {
  const key = `${url}|${hex?.toLowerCase() ?? ''}|${lit ? lit.light.x.toFixed(2) : ''}`;
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
  let data = hex ? tintPixels(pixels.data, hex) : pixels.data;
  if (lit) data = applyPhotoLight(data, canvas.width, lit.light, lit);
  pixels.data.set(data);
  context.putImageData(pixels, 0, 0);
  tintCache.set(key, canvas);
  while (tintCache.size > TINT_CACHE_SIZE) tintCache.delete(tintCache.keys().next().value!);
  return canvas;
}

/** The light on the face of each photo (photo-light.ts), read from a small copy; by photo. */
const lightCache = new Map<string, PhotoLight | null>();
const LIGHT_SAMPLE = 320;

function photoLight(
  image: HTMLImageElement,
  url: string,
  landmark: SimulationLandmark,
): PhotoLight | null {
  if (lightCache.has(url)) return lightCache.get(url)!;
  const k = Math.min(1, LIGHT_SAMPLE / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * k));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * k));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  let light: PhotoLight | null = null;
  if (context) {
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    try {
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      light = estimatePhotoLight(
        { data, width: canvas.width, height: canvas.height },
        landmark.landmark.points,
        landmark.image,
      );
    } catch {
      light = null;
    }
  }
  lightCache.set(url, light);
  while (lightCache.size > 4) lightCache.delete(lightCache.keys().next().value!);
  return light;
}

/**
 * The hair on each overlay: its box (the transformer wraps the hair, not the empty board) and
 * where it ends in each column (`placeOverlaySplit` lengthens a short style's back on a turned
 * head); null bottoms when the pixels cannot be read.
 */
interface HairShape {
  bounds: Box;
  bottoms: Int32Array | null;
  /** The drawing's own mean hair colour (#rrggbb), or null when unreadable. */
  colour: string | null;
}
const shapeCache = new Map<string, HairShape>();

function hairShape(image: HTMLImageElement, url: string): HairShape {
  const whole = { x: 0, y: 0, width: image.naturalWidth, height: image.naturalHeight };
  const cached = shapeCache.get(url);
  if (cached) return cached;
  const canvas = document.createElement('canvas');
  canvas.width = whole.width;
  canvas.height = whole.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return { bounds: whole, bottoms: null, colour: null };
  context.drawImage(image, 0, 0);
  let result: HairShape;
  try {
    const { data } = context.getImageData(0, 0, whole.width, whole.height);
    result = {
      bounds: opaqueBounds(data, whole.width, whole.height, HIT_ALPHA) ?? whole,
      bottoms: opaqueBottoms(data, whole.width, whole.height, HIT_ALPHA),
      colour: meanColourHex(data, HIT_ALPHA),
    };
  } catch {
    result = { bounds: whole, bottoms: null, colour: null };
  }
  shapeCache.set(url, result);
  return result;
}

/**
 * The person's own hair under the style on the bald photo (hairBasePixels): the original photo
 * where the scalp map is, tinted toward the style's colour; cached by photo, map and colour.
 */
const hairBaseCache = new Map<string, HTMLCanvasElement>();
const HAIR_BASE_CACHE_SIZE = 4;

function hairBase(
  photo: HTMLImageElement,
  scalp: HTMLImageElement,
  key: string,
  hex: string,
): HTMLCanvasElement | null {
  const cacheKey = `${key}|${hex.toLowerCase()}`;
  const cached = hairBaseCache.get(cacheKey);
  if (cached) return cached;
  const width = photo.naturalWidth;
  const height = photo.naturalHeight;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context || width === 0 || height === 0) return null;
  try {
    // The map is the bald photo's size, which may differ from the photo's: drawn to fit.
    context.drawImage(scalp, 0, 0, width, height);
    const map = context.getImageData(0, 0, width, height).data;
    context.clearRect(0, 0, width, height);
    context.drawImage(photo, 0, 0, width, height);
    const pixels = context.getImageData(0, 0, width, height);
    pixels.data.set(hairBasePixels(pixels.data, map, hex));
    context.putImageData(pixels, 0, 0);
  } catch {
    return null;
  }
  hairBaseCache.set(cacheKey, canvas);
  while (hairBaseCache.size > HAIR_BASE_CACHE_SIZE)
    hairBaseCache.delete(hairBaseCache.keys().next().value!);
  return canvas;
}

/** Overlay pixels at least this opaque (0..255) can be grabbed. */
const HIT_ALPHA = 24;

/**
 * Where the rotate handle goes (Konva's rotateAnchorAngle: 0 top, 90 right, 180 bottom, 270
 * left): above the hair as usual, else on the first side with room for it on the canvas (the
 * photo and the band around it), so it stays reachable when the hair reaches the photo's top.
 */
function rotateAnchorSide(box: Box, scale: number, photo: { width: number; height: number }) {
  const needed = TRANSFORMER_DEFAULTS.rotateAnchorOffset + TRANSFORMER_DEFAULTS.anchorSize;
  const room: [number, number][] = [
    [0, HANDLE_ROOM.top + box.y * scale],
    [180, HANDLE_ROOM.bottom + photo.height - (box.y + box.height) * scale],
    [90, HANDLE_ROOM.right + photo.width - (box.x + box.width) * scale],
    [270, HANDLE_ROOM.left + box.x * scale],
  ];
  const fits = room.find(([, space]) => space >= needed);
  return (fits ?? room.reduce((best, side) => (side[1] > best[1] ? side : best)))[0];
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** A rounded rectangle path (the photo's corners) for a clip. */
function roundedRect(ctx: Context, width: number, height: number, radius: number) {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  ctx.beginPath();
  ctx.moveTo(r, 0);
  ctx.arcTo(width, 0, width, height, r);
  ctx.arcTo(width, height, 0, height, r);
  ctx.arcTo(0, height, 0, 0, r);
  ctx.arcTo(0, 0, width, 0, r);
  ctx.closePath();
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
  const stageRef = useRef<StageNode>(null);
  const overlayRef = useRef<GroupNode>(null);
  /** The overlay's strips (see `splitStrips`), left to right. */
  const stripRefs = useRef<(ImageNode | null)[]>([]);
  const transformerRef = useRef<TransformerNode>(null);
  const [width, setWidth] = useState(0);
  const [cornerRadius, setCornerRadius] = useState(0);
  const [isHolding, setHolding] = useState(false);
  /** The side-by-side divider's position in % of the width, or null when the photo is not split. */
  const [split, setSplit] = useState<number | null>(null);
  const [placement, setPlacement] = useState<SplitPlacement | null>(null);
  const placedFor = useRef<string | null>(null);
  /** A two-finger gesture under way: the placement and the touches (photo pixels) it began with. */
  const pinch = useRef<{ start: SplitPlacement; from: [Point, Point] } | null>(null);
  /** True while the export draws: the photo's rounded corners are the screen's, not the file's. */
  const exporting = useRef(false);

  const baseImage = useLoadedImage(base.url);
  const originalImage = useLoadedImage(photo.url);
  const overlayImage = useLoadedImage(overlay?.url ?? null, true);
  const shape = useMemo(
    () => (overlay && overlayImage ? hairShape(overlayImage, overlay.url) : null),
    [overlay, overlayImage],
  );
  const crop = shape?.bounds ?? null;
  // The photo's side light shades the hair (lit side lighter, shadow side darker).
  const light = useMemo(
    () => (originalImage && landmark ? photoLight(originalImage, photo.url, landmark) : null),
    [originalImage, photo.url, landmark],
  );
  const overlaySource = useMemo(() => {
    if (!overlay || !overlayImage) return null;
    let lit: OverlayLight | null = null;
    if (light && light.x !== 0 && crop) {
      const anchor = anchorOrFallback(
        overlay.anchor,
        overlayImage.naturalWidth,
        overlayImage.naturalHeight,
      );
      const centreX =
        ((anchor.leftTemple[0] + anchor.rightTemple[0]) / 2) *
        (overlayImage.naturalWidth / anchor.board.width);
      const halfWidth = Math.max(centreX - crop.x, crop.x + crop.width - centreX);
      lit = { light, centreX, halfWidth };
    }
    if (!tintHex && !lit) return overlayImage;
    return tinted(overlayImage, overlay.url, tintHex, lit) ?? overlayImage;
  }, [overlay, overlayImage, tintHex, light, crop]);
  const scalpImage = useLoadedImage(base.kind === 'bald' ? base.scalpUrl : null);
  const scalpKey = base.kind === 'bald' ? `${photo.url}|${base.scalpUrl}` : null;
  const baseHairColour = tintHex ?? shape?.colour ?? null;
  const hairUnder = useMemo(
    () =>
      scalpKey && scalpImage && originalImage && baseHairColour
        ? hairBase(originalImage, scalpImage, scalpKey, baseHairColour)
        : null,
    [scalpKey, scalpImage, originalImage, baseHairColour],
  );

  // The stage follows the photo box's width (the box keeps the photo's aspect ratio).
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => {
      setWidth(box.clientWidth);
      setCornerRadius(parseFloat(getComputedStyle(box).borderTopLeftRadius) || 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const scale = width > 0 ? width / photo.width : 0;
  const height = Math.round(photo.height * scale);

  const autoPlacement = useCallback((): SplitPlacement | null => {
    if (!overlay || !overlayImage) return null;
    const size = { width: overlayImage.naturalWidth, height: overlayImage.naturalHeight };
    const anchor = anchorOrFallback(overlay.anchor, size.width, size.height);
    if (landmark) {
      const { points, rotation } = landmark.landmark;
      const placed = placeOverlaySplit(
        anchor,
        size,
        { image: landmark.image, ...points, yaw: rotation.yaw, roll: rotation.roll },
        photo,
        shape?.bottoms ?? undefined,
      );
      if (placed) return placed;
    }
    // No face to go by: centred on the top half of the photo, 80 % of its width.
    const s = (photo.width * 0.8) / size.width;
    const centreX =
      ((anchor.leftTemple[0] + anchor.rightTemple[0]) / 2) * (size.width / anchor.board.width);
    return unsplit(
      { x: photo.width * 0.1, y: photo.height * 0.05, rotation: 0, scale: s },
      centreX,
    );
  }, [overlay, overlayImage, shape, landmark, photo]);

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
  const isSplit = showsOverlay && split !== null;
  useEffect(() => onSplitChange?.(isSplit), [isSplit, onSplitChange]);
  // Side by side pauses editing: the divider's range input lies over the whole photo (a drag
  // anywhere moves the divider, as in colour mode), so the overlay is not draggable, the
  // transformer lets go of it (no handles over the original's half or the band around the photo)
  // and hold-to-compare and the two-finger gesture are off. Closing the split gives the overlay
  // back to the transformer where it was. The split is drawn in the page over the canvas, never
  // on it: the saved and shared image (the canvas) is always the whole try-on.
  const isEditing = showsOverlay && !isHolding && !isSplit;

  // Only the hair itself is the overlay's handle (its transparent board is not): pressing the
  // face or the background compares, as in colour mode.
  const strips = showsOverlay ? splitStrips(placement, crop) : null;
  // The strips' crops: their hit areas are cached again when they change.
  const stripKey =
    strips
      ?.map((s) => `${s.crop.x}:${s.crop.y}:${s.crop.width}:${s.crop.height}:${s.scaleY}`)
      .join(',') ?? '';
  useEffect(() => {
    if (!isEditing) return;
    const nodes = stripRefs.current.filter((node): node is ImageNode => node !== null);
    for (const node of nodes) {
      node.cache();
      node.drawHitFromCache(HIT_ALPHA);
    }
    nodes[0]?.getLayer()?.batchDraw();
    return () => {
      for (const node of nodes) node.clearCache();
    };
  }, [isEditing, overlaySource, crop, stripKey]);

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
        exporting.current = true;
        try {
          // Only the photo, not the band around it for the handles.
          const blob = await stage.toBlob({
            x: HANDLE_ROOM.left,
            y: HANDLE_ROOM.top,
            width,
            height,
            pixelRatio: 1 / scale,
            mimeType: 'image/jpeg',
            quality: 0.92,
          });
          if (!(blob instanceof Blob)) throw new Error('No image');
          return blob;
        } finally {
          exporting.current = false;
          transformer?.visible(true);
          transformer?.getLayer()?.batchDraw();
        }
      },
      resetPlacement: () => {
        setPlacement(autoPlacement());
        onEdit();
      },
    }),
    [scale, width, height, autoPlacement, onEdit],
  );

  const changeSplit = (position: number | null) => {
    setHolding(false);
    setSplit(position);
  };

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
    if (!showsOverlay || isSplit) return;
    setHolding(true);
    onCompareStart();
  };

  /** The first two touches of a touch event in photo pixels (the stage's own units). */
  const touchPair = (event: TouchEvent): [Point, Point] | null => {
    const content = stageRef.current?.content;
    const [a, b] = [event.touches[0], event.touches[1]];
    if (!content || !a || !b || scale === 0) return null;
    const rect = content.getBoundingClientRect();
    const at = (touch: Touch): Point => [
      (touch.clientX - rect.left - HANDLE_ROOM.left) / scale,
      (touch.clientY - rect.top - HANDLE_ROOM.top) / scale,
    ];
    return [at(a), at(b)];
  };

  /**
   * Two fingers anywhere on the stage resize, turn and move the overlay together, as a phone user
   * expects of a sticker; it also reaches an overlay whose handles lie past the canvas (an
   * extreme close-up). The size limits are the transformer's.
   */
  const pinchMove = (event: TouchEvent) => {
    const pair = event.touches.length >= 2 ? touchPair(event) : null;
    if (!pair || !showsOverlay || isSplit) return;
    event.preventDefault();
    overlayRef.current?.stopDrag();
    if (!pinch.current) {
      // The first finger may have started a drag or a compare: the pinch takes over from there.
      setHolding(false);
      const node = overlayRef.current;
      const start = node
        ? {
            ...placement,
            x: node.x(),
            y: node.y(),
            rotation: node.rotation(),
            scale: node.scaleX(),
          }
        : placement;
      pinch.current = { start, from: pair };
      return;
    }
    const { start, from } = pinch.current;
    const across = splitPlacedBox(start, crop).width * scale;
    if (across < 1e-9) return;
    setPlacement(
      pinchPlacement(start, from, pair, {
        minScale: (start.scale * MIN_OVERLAY_WIDTH) / across,
        maxScale: (start.scale * width * MAX_OVERLAY_PHOTOS) / across,
      }),
    );
  };

  const pinchEnd = (event: TouchEvent) => {
    if (!pinch.current || event.touches.length >= 2) return;
    pinch.current = null;
    onEdit();
  };

  /** Reads the overlay group back after a drag or transform (Konva moved it itself). */
  const readNode = () => {
    const node = overlayRef.current;
    if (!node || !placement) return;
    setPlacement({
      ...placement,
      x: node.x(),
      y: node.y(),
      rotation: node.rotation(),
      scale: node.scaleX(),
    });
    onEdit();
  };

  const box = showsOverlay ? splitPlacedBox(placement, crop) : null;
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
          left: round(placement!.left),
          right: round(placement!.right),
          leftOuter: round(placement!.leftOuter),
          rightOuter: round(placement!.rightOuter),
          leftDrop: round(placement!.drop?.left ?? 1),
          rightDrop: round(placement!.drop?.right ?? 1),
        }),
      }
    : {};

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
        {width > 0 && (
          <Stage
            ref={stageRef}
            className={styles.konva}
            width={width + HANDLE_ROOM.left + HANDLE_ROOM.right}
            height={height + HANDLE_ROOM.top + HANDLE_ROOM.bottom}
            x={HANDLE_ROOM.left}
            y={HANDLE_ROOM.top}
            scaleX={scale}
            scaleY={scale}
            onPointerDown={(e) => {
              // The photo around the overlay compares; the overlay itself is dragged.
              if (e.target === e.target.getStage() || e.target.name() === 'base') startHolding();
            }}
            onTouchStart={(e) => pinchMove(e.evt)}
            onTouchMove={(e) => pinchMove(e.evt)}
            onTouchEnd={(e) => pinchEnd(e.evt)}
            onTouchCancel={(e) => pinchEnd(e.evt)}
          >
            <Layer>
              {/* The photo and the hair, clipped to the photo's rounded box. */}
              <Group
                clipFunc={(ctx) =>
                  roundedRect(
                    ctx,
                    photo.width,
                    photo.height,
                    exporting.current ? 0 : cornerRadius / (scale || 1),
                  )
                }
              >
                {shownBase && (
                  <KonvaImage
                    name="base"
                    image={shownBase}
                    width={photo.width}
                    height={photo.height}
                  />
                )}
                {showsOverlay && strips && !isHolding && hairUnder && (
                  // The person's own hair, in the style's colour, where the bald photo shows
                  // bare scalp that the style does not cover.
                  <KonvaImage
                    name="hair-under"
                    image={hairUnder}
                    width={photo.width}
                    height={photo.height}
                    listening={false}
                  />
                )}
                {showsOverlay && strips && !isHolding && (
                  <Group
                    ref={overlayRef}
                    name="overlay-group"
                    x={placement.x}
                    y={placement.y}
                    rotation={placement.rotation}
                    scaleX={placement.scale}
                    scaleY={placement.scale}
                    draggable={isEditing}
                    onDragEnd={readNode}
                    onTransformEnd={readNode}
                  >
                    {strips.map((strip, index) => (
                      <KonvaImage
                        key={index}
                        ref={(node) => {
                          stripRefs.current[index] = node;
                        }}
                        name="overlay"
                        image={overlaySource}
                        crop={strip.crop}
                        width={strip.crop.width}
                        height={strip.crop.height}
                        x={strip.x}
                        y={strip.y}
                        scaleX={strip.scaleX}
                        scaleY={strip.scaleY}
                        onMouseEnter={(e) => {
                          const container = e.target.getStage()?.container();
                          if (container) container.style.cursor = 'move';
                        }}
                        onMouseLeave={(e) => {
                          const container = e.target.getStage()?.container();
                          if (container) container.style.cursor = '';
                        }}
                      />
                    ))}
                  </Group>
                )}
              </Group>
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
                  Math.abs(next.width) < MIN_OVERLAY_WIDTH ||
                  Math.abs(next.width) > width * MAX_OVERLAY_PHOTOS
                    ? previous
                    : next
                }
              />
            </Layer>
          </Stage>
        )}
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

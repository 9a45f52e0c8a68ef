import type { SimulationLandmark } from '../../lib/stores/simulation.store';
import { opaqueBottoms, opaqueBounds, type Box } from './placement';
import { applyPhotoLight, estimatePhotoLight, type PhotoLight } from './photo-light';
import { hairBasePixels, meanColourHex, tintPixels } from './tint';

/*
 * The hairstyle stage's pixels, drawn on canvases outside React and cached: the overlay tinted and
 * lit, the light on the photo's face, the hair's shape on the overlay, and the person's own hair
 * under the style.
 */

/** Overlay pixels at least this opaque (0..255) can be grabbed. */
export const HIT_ALPHA = 24;

/**
 * Tinted and lit copies of overlays, by overlay, colour and the photo's light: going back to a
 * colour is instant.
 */
const tintCache = new Map<string, HTMLCanvasElement>();
const TINT_CACHE_SIZE = 16;

/** The photo's side light and the hair's middle and half width on the overlay (its pixels). */
export interface OverlayLight {
  light: PhotoLight;
  centreX: number;
  halfWidth: number;
}

export function tinted(
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

export function photoLight(
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

export function hairShape(image: HTMLImageElement, url: string): HairShape {
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

export function hairBase(
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

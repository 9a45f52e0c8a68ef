/**
 * Tints a hairstyle overlay toward a dye colour in the browser (no ML call): per pixel in OKLab,
 * the hair's lightness distribution is moved to the colour's lightness while the strands' own
 * light and shade are kept (with a bounded contrast), and hue and chroma become the colour's.
 * Pure functions over RGBA bytes, so they are unit-tested without a canvas.
 */
import {
  linearRgbToOklab,
  linearToSrgb,
  oklabToLinearRgb,
  srgbToLinear,
  type Lab,
} from '@carol/color';

export type { Lab } from '@carol/color';

const fromLinear = (v: number) => Math.round(Math.min(1, Math.max(0, linearToSrgb(v))) * 255);

/** sRGB bytes → OKLab. */
export function rgbToOklab(r: number, g: number, b: number): Lab {
  const lab: Lab = { L: 0, a: 0, b: 0 };
  linearRgbToOklab(srgbToLinear(r), srgbToLinear(g), srgbToLinear(b), lab);
  return lab;
}

/** OKLab → sRGB bytes (clipped into the gamut). */
export function oklabToRgb({ L, a, b }: Lab): [number, number, number] {
  const rgb = [0, 0, 0];
  oklabToLinearRgb(L, a, b, rgb);
  return [fromLinear(rgb[0]!), fromLinear(rgb[1]!), fromLinear(rgb[2]!)];
}

export function hexToRgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export interface TintOptions {
  /**
   * Largest standard deviation of lightness kept around the colour's lightness: strands keep
   * their highlights and shadows, but a high-contrast drawing does not turn into black and white.
   */
  maxContrast?: number;
  /** Lightness is kept inside [floor, 1 − floor] so the darkest and lightest strands keep a hue. */
  lightnessFloor?: number;
  /** Pixels at or below this alpha (0..255) are left as they are (transparent board). */
  alphaThreshold?: number;
}

const defaults: Required<TintOptions> = {
  maxContrast: 0.1,
  lightnessFloor: 0.04,
  alphaThreshold: 8,
};

/** Alpha-weighted mean and standard deviation of OKLab lightness over the visible pixels. */
export function lightnessStats(
  data: Uint8ClampedArray,
  alphaThreshold = defaults.alphaThreshold,
): { mean: number; std: number; weight: number } {
  let sum = 0;
  let sumSquares = 0;
  let weight = 0;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha <= alphaThreshold) continue;
    const w = alpha / 255;
    const { L } = rgbToOklab(data[i]!, data[i + 1]!, data[i + 2]!);
    sum += L * w;
    sumSquares += L * L * w;
    weight += w;
  }
  if (weight === 0) return { mean: 0, std: 0, weight: 0 };
  const mean = sum / weight;
  return { mean, std: Math.sqrt(Math.max(0, sumSquares / weight - mean * mean)), weight };
}

/**
 * The overlay's RGBA pixels tinted toward `hex` (a new array; alpha unchanged). Lightness:
 * L' = L_colour + (L − mean) · k, where k keeps the spread at most `maxContrast`; chroma is the
 * colour's, eased off toward the extremes of lightness where sRGB cannot hold it.
 */
export function tintPixels(
  data: Uint8ClampedArray,
  hex: string,
  options: TintOptions = {},
): Uint8ClampedArray {
  const { maxContrast, lightnessFloor, alphaThreshold } = { ...defaults, ...options };
  const target = rgbToOklab(...hexToRgb(hex));
  const chroma = Math.hypot(target.a, target.b);
  const hue = Math.atan2(target.b, target.a);
  // Lightness of each visible pixel, once (NaN: transparent, left alone).
  const lightnessOf = new Float32Array(data.length / 4).fill(Number.NaN);
  let sum = 0;
  let sumSquares = 0;
  let weight = 0;
  for (let i = 0, p = 0; i < data.length; i += 4, p += 1) {
    const alpha = data[i + 3]!;
    if (alpha <= alphaThreshold) continue;
    const { L } = rgbToOklab(data[i]!, data[i + 1]!, data[i + 2]!);
    lightnessOf[p] = L;
    const w = alpha / 255;
    sum += L * w;
    sumSquares += L * L * w;
    weight += w;
  }
  const out = new Uint8ClampedArray(data);
  if (weight === 0) return out;
  const mean = sum / weight;
  const std = Math.sqrt(Math.max(0, sumSquares / weight - mean * mean));
  const k = std > maxContrast ? maxContrast / std : 1;
  for (let i = 0, p = 0; i < data.length; i += 4, p += 1) {
    const L = lightnessOf[p]!;
    if (Number.isNaN(L)) continue;
    const lightness = Math.min(
      1 - lightnessFloor,
      Math.max(lightnessFloor, target.L + (L - mean) * k),
    );
    // Less chroma where the strand is much darker or lighter than the colour itself.
    const ease = Math.max(0.35, 1 - Math.abs(lightness - target.L) * 2);
    const c = chroma * ease;
    const [r, g, b] = oklabToRgb({ L: lightness, a: c * Math.cos(hue), b: c * Math.sin(hue) });
    out[i] = r;
    out[i + 1] = g;
    out[i + 2] = b;
  }
  return out;
}

/**
 * The alpha-weighted mean colour of an RGBA image's visible pixels (averaged in OKLab), as
 * `#rrggbb`, or null when none is visible: an overlay's own hair colour.
 */
export function meanColourHex(
  data: Uint8ClampedArray,
  alphaThreshold = defaults.alphaThreshold,
): string | null {
  let L = 0;
  let a = 0;
  let b = 0;
  let weight = 0;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]!;
    if (alpha <= alphaThreshold) continue;
    const w = alpha / 255;
    const lab = rgbToOklab(data[i]!, data[i + 1]!, data[i + 2]!);
    L += lab.L * w;
    a += lab.a * w;
    b += lab.b * w;
    weight += w;
  }
  if (weight === 0) return null;
  const rgb = oklabToRgb({ L: L / weight, a: a / weight, b: b / weight });
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The hair laid under a hairstyle on the bald photo: the original photo's own pixels (RGBA)
 * where the scalp map (RGBA of the greyscale map; its red channel is used) says the service
 * turned hair on the head into bare skin, with the map as their alpha, tinted toward `hex` (the
 * style's colour), so that where the style does not reach (the back of a turned head, the sides
 * above the ears) the head shows hair of the style's colour with the person's own strands and
 * shading, not a bald scalp. A new array; transparent where the map is 0.
 */
export function hairBasePixels(
  photo: Uint8ClampedArray,
  scalp: Uint8ClampedArray,
  hex: string,
): Uint8ClampedArray {
  if (photo.length !== scalp.length) throw new RangeError('photo and scalp map differ in size');
  const out = new Uint8ClampedArray(photo);
  for (let i = 0; i < out.length; i += 4) out[i + 3] = scalp[i]!;
  return tintPixels(out, hex);
}

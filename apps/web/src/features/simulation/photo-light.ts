/**
 * Where the light on the face comes from, estimated from the photo itself (no ML call), and the
 * hairstyle overlay shaded to match: the lit side of the hair a little lighter, the shadow side a
 * little darker. The overlays are drawn lit from the front; on a photo lit from one side, hair
 * of even brightness over a half-shaded face reads as pasted on.
 *
 * The estimate compares the luminance of the face's two sides (the cheek and the forehead beside
 * the brow on each side, from the landmark points) in the face's own frame, so a tilted head
 * keeps its sides. Upper quantiles of small discs, so a strand of hair, a mole or glasses' rims
 * in a region do not swing it. Pure functions over RGBA bytes, unit-tested without a canvas.
 */
import { oklabToRgb, rgbToOklab } from './tint';

type Point = readonly [number, number];

export interface PhotoLight {
  /**
   * Sideways light in the face's frame: −1 lit from the image's left, 1 from its right, 0 even
   * (front light or no clear side). Saturates when one side is about twice as bright as the other.
   */
  x: number;
  /** The two sides' luminance (0..1, the regions' 70th percentile), image-left then image-right: for tests and tuning. */
  sides: [number, number];
}

/** The face points the estimate reads (the landmark response's names; left = the image's left). */
export interface LightPoints {
  leftTemple: Point;
  rightTemple: Point;
  leftCheek: Point;
  rightCheek: Point;
  hairline: Point;
  chin: Point;
}

export interface RgbaImage {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Relative difference of the sides' luminance at which `x` reaches ±1 (2:1 ≈ 0.33). */
const FULL_SIDE_LIGHT = 0.33;
/** Below this relative difference the light counts as even (noise, a mole, make-up). */
const DEAD_ZONE = 0.03;

/** sRGB luma of one pixel, 0..1. */
const luma = (d: Uint8ClampedArray, i: number) =>
  (0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!) / 255;

/**
 * The 70th percentile: the skin's level even where a strand of hair, a brow or a shadowed pore
 * darkens part of a region (they are darker than the skin, rarely lighter).
 */
function upperQuantile(values: number[]): number | null {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor(values.length * 0.7))]!;
}

/** Luma of the pixels inside a disc (centre and radius in image pixels), sampled on a grid. */
function discLumas(image: RgbaImage, [cx, cy]: Point, radius: number, out: number[]): void {
  const step = Math.max(1, radius / 6);
  for (let dy = -radius; dy <= radius; dy += step)
    for (let dx = -radius; dx <= radius; dx += step) {
      if (dx * dx + dy * dy > radius * radius) continue;
      const x = Math.round(cx + dx);
      const y = Math.round(cy + dy);
      if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
      const i = (y * image.width + x) * 4;
      if (image.data[i + 3]! < 128) continue;
      out.push(luma(image.data, i));
    }
}

/**
 * The light on the face of `image`. `points` are in the coordinates of an image of `pointsSize`
 * (the landmark service's), which may differ from the pixels' size (a scaled-down copy). Null
 * when the face is too small to read or its regions fall outside the image.
 */
export function estimatePhotoLight(
  image: RgbaImage,
  points: LightPoints,
  pointsSize: { width: number; height: number } = image,
): PhotoLight | null {
  const sx = image.width / pointsSize.width;
  const sy = image.height / pointsSize.height;
  const at = ([x, y]: Point): Point => [x * sx, y * sy];
  const lt = at(points.leftTemple);
  const rt = at(points.rightTemple);
  const hl = at(points.hairline);
  const ch = at(points.chin);
  const temples = Math.hypot(rt[0] - lt[0], rt[1] - lt[1]);
  if (!(temples >= 8)) return null;
  // The face's frame: across from the left temple to the right one, down from the hairline to the chin.
  const radius = temples * 0.1;
  // Forehead beside the brow: between the temple and the hairline, a third of the way down to
  // the brows (away from the hair at the temple and the fringe's shadow at the hairline).
  const mid = (a: Point, b: Point, t: number): Point => [
    a[0] + (b[0] - a[0]) * t,
    a[1] + (b[1] - a[1]) * t,
  ];
  const down: Point = [(ch[0] - hl[0]) * 0.08, (ch[1] - hl[1]) * 0.08];
  const forehead = (temple: Point): Point => {
    const p = mid(temple, hl, 0.55);
    return [p[0] + down[0], p[1] + down[1]];
  };
  // The cheeks: the landmark's cheek points, pulled towards the nose (off the face's edge, which
  // on a turned face lies against the hair).
  const noseLine = mid(hl, ch, 0.62);
  const cheek = (c: Point): Point => mid(at(c), noseLine, 0.5);
  const side = (temple: Point, c: Point): number | null => {
    const values: number[] = [];
    discLumas(image, forehead(temple), radius, values);
    discLumas(image, cheek(c), radius * 1.2, values);
    return values.length >= 12 ? upperQuantile(values) : null;
  };
  const left = side(lt, points.leftCheek);
  const right = side(rt, points.rightCheek);
  if (left === null || right === null) return null;
  const sum = left + right;
  if (sum < 0.04) return null; // A black face region: nothing to read.
  const diff = (right - left) / sum;
  const magnitude = Math.max(0, Math.abs(diff) - DEAD_ZONE) / (FULL_SIDE_LIGHT - DEAD_ZONE);
  return { x: Math.sign(diff) * Math.min(1, magnitude), sides: [left, right] };
}

export interface LightOptions {
  /** The hair's middle and half width, in the overlay's pixels (its columns). */
  centreX: number;
  halfWidth: number;
  /** Largest change of OKLab lightness, as a share of it, at full side light (default 0.16). */
  amount?: number;
  /** Pixels at or below this alpha are left as they are. */
  alphaThreshold?: number;
}

/**
 * The overlay's RGBA pixels shaded by the photo's side light (a new array; alpha, hue and chroma
 * unchanged): the OKLab lightness scaled by 1 + amount · x · u, where u runs from −1 at the hair's
 * left edge to 1 at its right edge (a sine ramp, flat towards the edges), so on a
 * photo lit from the right the right side of the hair is lighter and the left darker.
 */
export function applyPhotoLight(
  data: Uint8ClampedArray,
  width: number,
  light: PhotoLight,
  options: LightOptions,
): Uint8ClampedArray {
  const { centreX, halfWidth, amount = 0.16, alphaThreshold = 8 } = options;
  const out = new Uint8ClampedArray(data);
  if (light.x === 0 || halfWidth <= 0) return out;
  // One factor per column.
  const factor = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const u = Math.max(-1, Math.min(1, (x + 0.5 - centreX) / halfWidth));
    // Smooth: sin keeps the middle gentle and the edges flat.
    factor[x] = 1 + amount * light.x * Math.sin((u * Math.PI) / 2);
  }
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! <= alphaThreshold) continue;
    const f = factor[(i >> 2) % width]!;
    const lab = rgbToOklab(data[i]!, data[i + 1]!, data[i + 2]!);
    const [r, g, b] = oklabToRgb({ L: Math.min(1, lab.L * f), a: lab.a, b: lab.b });
    out[i] = r;
    out[i + 1] = g;
    out[i + 2] = b;
  }
  return out;
}

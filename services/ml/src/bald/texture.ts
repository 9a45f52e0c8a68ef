import { fillLabel } from './membrane.js';
import { boxBlur, clamp, lumaOf, type Vec2 } from './raster.js';
import { mulberry32 } from '../prng.js';
import { geometry } from './tunables.js';
import type { RgbPhoto } from './types.js';

/**
 * Texture and grain laid over the fills (bald.ts): the skin's texture from a clean patch of it,
 * seeded grain matched to the background's, and the value noise of the uneven hair tips.
 */

export interface TexturePatch {
  /** Luminance high-pass, side × side. */
  hp: Float32Array;
  side: number;
  /** Standard deviation of `hp`. */
  std: number;
}

/** The luminance high-pass of a square patch of skin, or null when off-photo or on hair. */
export function texturePatch(
  photo: RgbPhoto,
  matte: Float32Array,
  center: Vec2,
  patchSide: number,
  blurRadius: number,
): TexturePatch | null {
  const { data, width, height } = photo;
  const side = Math.max(8, Math.round(patchSide));
  const px0 = Math.round(center[0] - side / 2);
  const py0 = Math.round(center[1] - side / 2);
  if (px0 < 0 || py0 < 0 || px0 + side > width || py0 + side > height) return null;
  const luma = new Float32Array(side * side);
  let hairy = 0;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const i = (py0 + y) * width + px0 + x;
      if (matte[i]! > 0.2) hairy++;
      luma[y * side + x] = lumaOf(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!);
    }
  if (hairy > 0.03 * side * side) return null;
  // Band-pass: minus the shading (box blur), and a 3×3 blur against JPEG block noise.
  const low = boxBlur(luma, side, side, blurRadius);
  const fine = boxBlur(luma, side, side, 1);
  const hp = new Float32Array(side * side);
  let sq = 0;
  for (let i = 0; i < hp.length; i++) {
    hp[i] = clamp(fine[i]! - low[i]!, -25, 25);
    sq += hp[i]! * hp[i]!;
  }
  return { hp, side, std: Math.sqrt(sq / hp.length) };
}

/**
 * Median absolute value of the fine high-pass (a pixel minus its 3×3 mean) of `value` over the
 * pixels of a w×h grid that `use` accepts, sampled on a sparse grid (a few thousand suffice).
 */
function fineGrain(
  value: (x: number, y: number) => number,
  w: number,
  h: number,
  use: (x: number, y: number) => boolean,
): number {
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 20000)));
  // A histogram in steps of 1/32 level.
  const bins = new Uint32Array(64 * 32);
  let count = 0;
  for (let y = 1; y < h - 1; y += step)
    for (let x = 1; x < w - 1; x += step) {
      if (!use(x, y)) continue;
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) sum += value(x + dx, y + dy);
      const d = Math.abs(value(x, y) - sum / 9);
      bins[Math.min(bins.length - 1, Math.floor(d * 32))]!++;
      count++;
    }
  let seen = 0;
  for (let b = 0; b < bins.length; b++) {
    seen += bins[b]!;
    if (seen * 2 > count) return (b + 0.5) / 32;
  }
  return 0;
}

/** Seeded white noise, a pure function of the pixel: triangular on (−1, 1), zero mean. */
function whiteAt(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return ((h & 0xffff) + (h >>> 16)) / 65536 - 1;
}

/**
 * Grain about two pixels across (a photo's sensor noise after demosaicing and JPEG; white noise
 * matched on the fine high-pass would be too weak to see): the 2×2 mean of `whiteAt`.
 */
export function grainAt(x: number, y: number, seed: number): number {
  return (
    (whiteAt(x, y, seed) +
      whiteAt(x + 1, y, seed) +
      whiteAt(x, y + 1, seed) +
      whiteAt(x + 1, y + 1, seed)) /
    4
  );
}

/** grainAt's standard deviation and fine grain (fineGrain), measured once. */
let grainUnit: { std: number; fine: number } | null = null;

/**
 * The gain of the background fill's grain (`grainAt` × gain, added to the luminance): its fine
 * high-pass matches that of the known background pixels in the fill's box (sensor noise, JPEG
 * grain, fine texture); at most `backgroundMaxStd`. 0 for a smooth background.
 */
export function backgroundGrain(
  photo: RgbPhoto,
  labels: Uint8Array,
  box: { x0: number; y0: number; w: number; h: number },
): number {
  const { x0, y0, w, h } = box;
  const { data, width } = photo;
  const at = (x: number, y: number) => (y + y0) * width + x + x0;
  const luma = (x: number, y: number) => {
    const i = at(x, y) * 3;
    return lumaOf(data[i]!, data[i + 1]!, data[i + 2]!);
  };
  // Pixels whose 3×3 neighbourhood is known background (no edge of the fill in it).
  const known = (x: number, y: number) =>
    labels[at(x, y)] === fillLabel.known &&
    labels[at(x - 1, y - 1)] === fillLabel.known &&
    labels[at(x + 1, y + 1)] === fillLabel.known;
  const target = fineGrain(luma, w, h, known);
  if (target < 0.05) return 0;
  if (!grainUnit) {
    const side = 128;
    let sq = 0;
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) sq += grainAt(x, y, 1) ** 2;
    grainUnit = {
      std: Math.sqrt(sq / (side * side)),
      fine: fineGrain(
        (x, y) => grainAt(x, y, 1),
        side,
        side,
        () => true,
      ),
    };
  }
  return Math.min(target / grainUnit.fine, geometry.backgroundMaxStd / grainUnit.std);
}

/**
 * Skin texture over a region: randomly placed, overlapping pieces of the patch (raised-cosine
 * blend, variance-normalised) so no repetition shows; its strength is capped at `maxStd` levels
 * (a bearded cheek must not turn the scalp into leather). Returns a per-pixel luminance offset.
 */
export function synthesizeTexture(
  patch: TexturePatch,
  region: { w: number; h: number },
  seed: number,
  maxStd: number,
): Float32Array {
  const { hp, side } = patch;
  const gain = patch.std > maxStd ? maxStd / patch.std : 1;
  // Pieces of half the patch, on a grid of a quarter patch (50 % overlap each way).
  const piece = Math.max(4, side >> 1);
  const step = Math.max(1, piece >> 1);
  const rand = mulberry32(seed);
  const { w, h } = region;
  const acc = new Float32Array(w * h);
  const wsq = new Float32Array(w * h);
  const window = new Float32Array(piece);
  for (let k = 0; k < piece; k++) window[k] = Math.sin((Math.PI * (k + 0.5)) / piece);
  for (let gy = -step; gy < h; gy += step)
    for (let gx = -step; gx < w; gx += step) {
      const sx = Math.floor(rand() * (side - piece + 1));
      const sy = Math.floor(rand() * (side - piece + 1));
      for (let y = 0; y < piece; y++) {
        const ty = gy + y;
        if (ty < 0 || ty >= h) continue;
        for (let x = 0; x < piece; x++) {
          const tx = gx + x;
          if (tx < 0 || tx >= w) continue;
          const wt = window[x]! * window[y]!;
          acc[ty * w + tx]! += wt * hp[(sy + y) * side + sx + x]!;
          wsq[ty * w + tx]! += wt * wt;
        }
      }
    }
  for (let i = 0; i < acc.length; i++)
    acc[i] = wsq[i]! > 1e-6 ? (gain * acc[i]!) / Math.sqrt(wsq[i]!) : 0;
  return acc;
}

/**
 * Smooth value noise on (0, 1) along a line, for the uneven hair tips: lattice values from a
 * hash of the seed, cubic-eased between them; two octaves (×3 and ×1 `t`'s wavelength), so the
 * tips come in locks of a few strands that themselves vary.
 */
export function tipNoise(t: number, seed: number): number {
  const lattice = (k: number) => {
    let h = Math.imul(k ^ seed, 0x9e3779b1) ^ Math.imul(seed, 0x85ebca77);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    h ^= h >>> 13;
    return (h >>> 0) / 4294967296;
  };
  const octave = (u: number) => {
    const k = Math.floor(u);
    const f = u - k;
    const e = f * f * (3 - 2 * f);
    return lattice(k) + (lattice(k + 1) - lattice(k)) * e;
  };
  return 0.6 * octave(t / 3 + 1000) + 0.4 * octave(t);
}

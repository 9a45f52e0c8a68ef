import {
  cbrtLinear,
  hexToOklab,
  linearRgbToOklab,
  linearToSrgb8,
  oklabToLinearRgb,
  srgb8ToOklab,
  srgbToLinearLut,
  type Lab,
} from './oklab.js';

/**
 * Hair recolouring in OKLab, guided by a soft hair matte (0..1 per pixel).
 *
 * 1. Lightness is split into a smooth base (normalized convolution over the hair only, so skin and
 *    background never leak in) and the strands' texture (the residual).
 * 2. The hair's lightness distribution is moved onto the target's: the mean goes to the target
 *    colour's lightness and the spread (shading and texture) scales with the ratio of the two
 *    lightnesses, as real hair does (light hair shows more contrast than dark hair). Highlights
 *    are soft-clipped so bleached hair does not burn out.
 * 3. Chroma and hue become the target's, with chroma following the new lightness (shadows of
 *    dyed hair are less saturated than its mid-tones).
 * 4. The result is blended with the photo by matte × strength in linear light.
 *
 * Speed (the budget: a 1024-px photo under 300 ms on 2 cores; a long-hair photo's box holds some
 * 840 000 pixels): two passes over the box (analyseBox; hairAt and dyePixel) with the smooth colours on a
 * coarse grid between them; the hair's OKLab is remembered per colour (srgb8ToOklab) and other
 * cube roots start from a table; tanh is read from a table; per-pixel divisions are products.
 * Results within one 8-bit level of the exact formulas (measured over the labelled test photos:
 * 0.003 % of the pixels differ, by 1 in a channel).
 */

export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** A photo's bytes: RGB (3 per pixel) or RGBA (4, ImageData's layout). */
export interface Pixels {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 3 | 4;
}

export interface RecolorOptions {
  /** 0..1: how far the hair moves toward the target (1 = fully dyed). */
  strength?: number;
}

export interface HairLightness {
  mean: number;
  std: number;
  /** Matte-weighted hair area in pixels. */
  area: number;
}

const minMatte = 1 / 255;

/**
 * Per-pixel planes of the hair's box, kept between calls (a thread recolours one photo at a time):
 * allocating some 20 MB per 1024-px photo made V8 run a full collection for nearly every request.
 * Each plane is written before it is read (where it is read), so none is cleared here.
 */
const scratch = { floats: new Float32Array(0), flags: new Uint8Array(0) };

function scratchPlanes(n: number) {
  if (scratch.floats.length < 4 * n) scratch.floats = new Float32Array(4 * n);
  // (rowNear is followed by a row of zeros, and a row holds at most n pixels)
  if (scratch.flags.length < 4 * n) scratch.flags = new Uint8Array(4 * n);
  const { floats, flags } = scratch;
  return {
    L: floats.subarray(0, n),
    A: floats.subarray(n, 2 * n),
    B: floats.subarray(2 * n, 3 * n),
    M: floats.subarray(3 * n, 4 * n),
    /** 1 where the matte is ≥ 0.5. */
    half: flags.subarray(0, n),
    /** 1 within `band` px (square window) of a `half` pixel: the edge band. */
    near: flags.subarray(n, 2 * n),
    /** 1 within `band` px of a `half` pixel along the row; then a row of zeros. */
    rowNear: flags.subarray(2 * n, 4 * n),
  };
}

type Planes = ReturnType<typeof scratchPlanes>;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function boundingBox(matte: Float32Array, width: number, height: number): Box | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    // The first hair pixel from the left, then (if any) the last from the right.
    let left = 0;
    while (left < width && !(matte[row + left]! > minMatte)) left++;
    if (left === width) continue;
    let right = width - 1;
    while (!(matte[row + right]! > minMatte)) right--;
    if (left < x0) x0 = left;
    if (right > x1) x1 = right;
    if (y < y0) y0 = y;
    y1 = y;
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/** In-place separable box blur of `src` (w×h), radius r, edges clamped; `tmp` is scratch. */
function boxBlur(src: Float32Array, tmp: Float32Array, w: number, h: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  const last = w - 1;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let sum = 0;
    for (let k = -r; k <= r; k++) sum += src[row + Math.min(last, Math.max(0, k))]!;
    // Clamped reads only near the row's ends (the same sums in the same order as clamping all).
    const inFrom = Math.min(w, r);
    const inTo = Math.max(inFrom, w - r - 1);
    let x = 0;
    for (; x < inFrom; x++) {
      tmp[row + x] = sum * norm;
      sum += src[row + Math.min(last, x + r + 1)]! - src[row + Math.max(0, x - r)]!;
    }
    for (; x < inTo; x++) {
      tmp[row + x] = sum * norm;
      sum += src[row + x + r + 1]! - src[row + x - r]!;
    }
    for (; x < w; x++) {
      tmp[row + x] = sum * norm;
      sum += src[row + Math.min(last, x + r + 1)]! - src[row + Math.max(0, x - r)]!;
    }
  }
  // Columns: one running sum per column, rows visited in memory order.
  const sums = new Float64Array(w);
  for (let k = -r; k <= r; k++) {
    const row = Math.min(h - 1, Math.max(0, k)) * w;
    for (let x = 0; x < w; x++) sums[x]! += tmp[row + x]!;
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const entering = Math.min(h - 1, y + r + 1) * w;
    const leaving = Math.max(0, y - r) * w;
    for (let x = 0; x < w; x++) {
      src[row + x] = sums[x]! * norm;
      sums[x]! += tmp[entering + x]! - tmp[leaving + x]!;
    }
  }
}

/**
 * tanh on 0..8 in steps of 1/256, read with linear interpolation by softLimit: within 1.5e-6 of
 * Math.tanh (within 1e-6 of a pixel's lightness, far below one 8-bit level), and about 4× faster
 * than the exp it replaces (runs twice per hair pixel).
 */
const tanhSteps = 256;
const tanhEnd = 8 * tanhSteps;
const tanhLut = (() => {
  const lut = new Float64Array(tanhEnd + 2);
  for (let k = 0; k < lut.length; k++) lut[k] = Math.tanh(k / tanhSteps);
  return lut;
})();

/** limit · tanh(v / limit), given perLimit = 1 / limit. Exported for the tests. */
export function softLimit(v: number, limit: number, perLimit: number): number {
  const u = v * perLimit;
  const at = Math.abs(u) * tanhSteps;
  // (tanh(8) is 1 − 2e-7)
  if (!(at < tanhEnd)) return u < 0 ? -limit : limit;
  const k = at | 0;
  const lo = tanhLut[k]!;
  const t = lo + (at - k) * (tanhLut[k + 1]! - lo);
  return (u < 0 ? -t : t) * limit;
}

export function softClip(L: number): number {
  const knee = 0.86;
  if (L <= knee) return L < 0.02 ? 0.02 : L;
  const room = 0.985 - knee;
  return knee + room * Math.tanh((L - knee) / room);
}

/** Matte-weighted lightness statistics of the hair (OKLab L). */
export function hairLightness(image: RgbImage, matte: Float32Array): HairLightness {
  const lab: Lab = { L: 0, a: 0, b: 0 };
  let sw = 0;
  let sl = 0;
  let sll = 0;
  const { data } = image;
  for (let i = 0, n = image.width * image.height; i < n; i++) {
    const m = matte[i]!;
    if (m <= minMatte) continue;
    const w = m * m;
    linearRgbToOklab(
      srgbToLinearLut[data[3 * i]!]!,
      srgbToLinearLut[data[3 * i + 1]!]!,
      srgbToLinearLut[data[3 * i + 2]!]!,
      lab,
    );
    sw += w;
    sl += w * lab.L;
    sll += w * lab.L * lab.L;
  }
  if (sw === 0) return { mean: 0, std: 0, area: 0 };
  const mean = sl / sw;
  return { mean, std: Math.sqrt(Math.max(0, sll / sw - mean * mean)), area: sw };
}

/**
 * The smooth local colours on a grid `step` times coarser than the box's pixels: sums of the hair's
 * OKLab (weights m⁴) and of the background's lightness (weights (1 − m)⁴) per cell, blurred.
 */
interface Coarse {
  step: number;
  /** Grid size. */
  cw: number;
  ch: number;
  base: Float32Array;
  baseA: Float32Array;
  baseB: Float32Array;
  weight: Float32Array;
  backL: Float32Array;
  backWeight: Float32Array;
  /** The cell of each column of the box. */
  cellOfColumn: Int32Array;
}

function coarseGrid(bw: number, bh: number, step: number): Coarse {
  const cw = Math.ceil(bw / step);
  const ch = Math.ceil(bh / step);
  const cellOfColumn = new Int32Array(bw);
  for (let x = 0; x < bw; x++) cellOfColumn[x] = Math.floor(x / step);
  return {
    step,
    cw,
    ch,
    base: new Float32Array(cw * ch),
    baseA: new Float32Array(cw * ch),
    baseB: new Float32Array(cw * ch),
    weight: new Float32Array(cw * ch),
    backL: new Float32Array(cw * ch),
    backWeight: new Float32Array(cw * ch),
    cellOfColumn,
  };
}

/**
 * Pass 1 over the box: the matte, OKLab of the hair (lightness only elsewhere), the `half` flags,
 * the coarse grid's sums, and the statistics of the confident hair.
 */
function analyseBox(
  image: Pixels,
  matte: Float32Array,
  box: Box,
  planes: Planes,
  coarse: Coarse,
): { sw: number; sl: number; sll: number } {
  const { data, width, channels: n } = image;
  const { L, A, B, M, half } = planes;
  const { cw, step, base, baseA, baseB, weight, backL, backWeight, cellOfColumn } = coarse;
  const bw = box.x1 - box.x0 + 1;
  const bh = box.y1 - box.y0 + 1;
  const lut = srgbToLinearLut;
  const lab: Lab = { L: 0, a: 0, b: 0 };
  let sw = 0;
  let sl = 0;
  let sll = 0;
  for (let y = 0; y < bh; y++) {
    const cellRow = Math.floor(y / step) * cw;
    const rowStart = (box.y0 + y) * width + box.x0;
    for (let x = 0; x < bw; x++) {
      const j = y * bw + x;
      const i = rowStart + x;
      const m = matte[i]!;
      M[j] = m;
      half[j] = m >= 0.5 ? 1 : 0;
      const k = cellRow + cellOfColumn[x]!;
      if (m <= minMatte) {
        const r = lut[data[n * i]!]!;
        const g = lut[data[n * i + 1]!]!;
        const b = lut[data[n * i + 2]!]!;
        // Pixels outside the hair are not changed (except in the edge band) nor part of the
        // base: only their lightness is needed, to describe what is behind the hair's edge.
        const l = Math.fround(cbrtLinear(0.2126 * r + 0.7152 * g + 0.0722 * b));
        L[j] = l;
        // Weights favour the sure pixels of each side (m⁴, (1 − m)⁴): mixed edge pixels would
        // blur the local hair and background colours toward each other. (Products, not `** 4`:
        // V8's pow costs about 60 ns, and this runs for every pixel of the hair's box.)
        const u = 1 - m;
        const wb = u * u * (u * u);
        backL[k]! += l * wb;
        backWeight[k]! += wb;
        continue;
      }
      srgb8ToOklab(data[n * i]!, data[n * i + 1]!, data[n * i + 2]!, lab);
      const l = Math.fround(lab.L);
      const a = Math.fround(lab.a);
      const bb = Math.fround(lab.b);
      L[j] = l;
      A[j] = a;
      B[j] = bb;
      // Statistics of the confident hair only (weight m⁴ favours the core over the edges).
      const wh = m * m * m * m;
      sw += wh;
      sl += wh * lab.L;
      sll += wh * lab.L * lab.L;
      if (m < 0.5) {
        const u = 1 - m;
        const wb = u * u * (u * u);
        backL[k]! += l * wb;
        backWeight[k]! += wb;
      }
      base[k]! += l * wh;
      baseA[k]! += a * wh;
      baseB[k]! += bb * wh;
      weight[k]! += wh;
    }
  }
  return { sw, sl, sll };
}

/**
 * The edge band: `near` = 1 within `band` px (square window) of a pixel with `half` = 1 (matte
 * ≥ 0.5), 0 elsewhere — the flags dilated along the rows (each run widened by `band`) and then
 * down the columns (counts in running windows, rows visited in memory order). `rowNear` is
 * scratch of (bh + 1) × bw flags. Exported for the tests.
 */
export function edgeBand(
  half: Uint8Array,
  near: Uint8Array,
  bw: number,
  bh: number,
  band: number,
  rowNear = new Uint8Array((bh + 1) * bw),
): void {
  rowNear.fill(0, 0, (bh + 1) * bw);
  for (let y = 0; y < bh; y++) {
    const row = y * bw;
    let x = 0;
    while (x < bw) {
      if (half[row + x] === 0) {
        x++;
        continue;
      }
      const start = x;
      while (x < bw && half[row + x] === 1) x++;
      rowNear.fill(1, row + Math.max(0, start - band), row + Math.min(bw, x + band));
    }
  }
  // Rows outside the box enter and leave as the zero row after the plane.
  const zeroRow = bw * bh;
  const columnHits = new Int32Array(bw);
  for (let y = 0; y < Math.min(band, bh); y++) {
    const row = y * bw;
    for (let x = 0; x < bw; x++) columnHits[x]! += rowNear[row + x]!;
  }
  for (let y = 0; y < bh; y++) {
    const entering = y + band < bh ? (y + band) * bw : zeroRow;
    const leaving = y - band >= 0 ? (y - band) * bw : zeroRow;
    const row = y * bw;
    for (let x = 0; x < bw; x++) {
      const hits = columnHits[x]! + rowNear[entering + x]!;
      near[row + x] = hits > 0 ? 1 : 0;
      columnHits[x] = hits - rowNear[leaving + x]!;
    }
  }
}

/**
 * What the dye does to the hair, the same for every pixel (the live preview's shader uniforms).
 * Shading and texture share one gain.
 */
export interface Dye {
  strength: number;
  targetL: number;
  gain: number;
  targetChroma: number;
  hueA: number;
  hueB: number;
  /** Chroma scales: newL / max(0.05, L) below the target's lightness … */
  darkChroma: number;
  /** … and 1 − 0.65·(newL − L) / max(0.05, 1 − L) above it. */
  lightChroma: number;
}

/**
 * The dye for a target colour over hair of lightness mean `meanL` and spread `stdL`. The spread
 * (shading and texture) follows the lightness ratio, as real hair does: dark hair is
 * low-contrast, light hair higher-contrast; bounded so dyed hair never turns into stripes.
 */
export function dyeOf(target: Lab, meanL: number, stdL: number, strength: number): Dye {
  const ratio = target.L / Math.max(0.05, meanL);
  const spreadOut = Math.min(0.13, Math.max(0.035, stdL * Math.sqrt(ratio)));
  const targetChroma = Math.hypot(target.a, target.b);
  return {
    strength: Math.min(1, Math.max(0, strength)),
    targetL: target.L,
    gain: spreadOut / stdL,
    targetChroma,
    hueA: targetChroma > 1e-6 ? target.a / targetChroma : 0,
    hueB: targetChroma > 1e-6 ? target.b / targetChroma : 0,
    darkChroma: 1 / Math.max(0.05, target.L),
    lightChroma: 0.65 / Math.max(0.05, 1 - target.L),
  };
}

/**
 * How far to paint the dyed hair over a pixel instead of swapping its hair share (0..1): from
 * how far below 0 the darkest channel of the background the swap implies, (I − m·F) / (1 − m),
 * falls (linear RGB; fully at 0.1 below). Swapping gives I + m·(F' − F), painting over
 * (1 − m)·I + m·F'; the two differ by m·(F − I). Exported for the tests.
 */
export function overPaint(
  r: number,
  g: number,
  b: number,
  fr: number,
  fg: number,
  fb: number,
  m: number,
): number {
  if (m >= 0.999) return 0;
  const least = Math.min(r - m * fr, g - m * fg, b - m * fb) / (1 - m);
  return least >= 0 ? 0 : Math.min(1, -least / 0.1);
}

/**
 * The colour-independent part of a recolour (pass 1, the blurs and the edge band): what the dye
 * needs of the photo and its matte, whatever the colour. Its planes are shared scratch, valid
 * until the next analysis.
 */
export interface HairAnalysis {
  image: Pixels;
  box: Box;
  bw: number;
  bh: number;
  planes: Planes;
  coarse: Coarse;
  /** Mean and spread of the confident hair's lightness (weights m⁴). */
  meanL: number;
  stdL: number;
  perStd: number;
  /** Texture and shading are soft-limited to this (2.5 × the spread). */
  textureLimit: number;
  perTextureLimit: number;
  /** Bilinear taps into the coarse grid, per column of the box. */
  cellX0: Int32Array;
  cellX1: Int32Array;
  cellTx: Float64Array;
}

export function analyse(image: Pixels, matte: Float32Array): HairAnalysis | null {
  const { width, height } = image;
  if (matte.length !== width * height) throw new Error('matte size does not match the image');
  const hairBox = boundingBox(matte, width, height);
  if (!hairBox) return null;
  // Edge band: segmenters tend to stop a pixel or two inside the hair, which leaves a rim of
  // undyed hair. Within `band` px of the matte, pixels are re-weighed by colour (in hairAt).
  const band = Math.max(2, Math.round(Math.max(width, height) * 0.004));
  const box: Box = {
    x0: Math.max(0, hairBox.x0 - band),
    y0: Math.max(0, hairBox.y0 - band),
    x1: Math.min(width - 1, hairBox.x1 + band),
    y1: Math.min(height - 1, hairBox.y1 + band),
  };
  const bw = box.x1 - box.x0 + 1;
  const bh = box.y1 - box.y0 + 1;
  const planes = scratchPlanes(bw * bh);

  // Smooth base = blur(L·m) / blur(m): only hair pixels contribute. It is smooth by design, so
  // it is computed on a grid `step` times coarser and interpolated back.
  const radius = Math.max(2, Math.round(Math.max(width, height) * 0.008));
  const step = radius >= 6 ? 3 : radius >= 4 ? 2 : 1;
  const coarse = coarseGrid(bw, bh, step);
  const { sw, sl, sll } = analyseBox(image, matte, box, planes, coarse);
  // (sw > 0: every pixel of the box's matte above minMatte adds m⁴ > 0 to it)
  const meanL = sl / sw;
  const stdL = Math.max(0.03, Math.sqrt(Math.max(0, sll / sw - meanL * meanL)));
  const tmp = new Float32Array(coarse.cw * coarse.ch);
  const smallRadius = Math.max(1, Math.round(radius / step));
  for (let pass = 0; pass < 2; pass++) {
    for (const plane of [
      coarse.base,
      coarse.baseA,
      coarse.baseB,
      coarse.weight,
      coarse.backL,
      coarse.backWeight,
    ])
      boxBlur(plane, tmp, coarse.cw, coarse.ch, smallRadius);
  }
  edgeBand(planes.half, planes.near, bw, bh, band, planes.rowNear);

  const { cw } = coarse;
  const cellX0 = new Int32Array(bw);
  const cellX1 = new Int32Array(bw);
  const cellTx = new Float64Array(bw);
  for (let x = 0; x < bw; x++) {
    const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / step - 0.5));
    const x0 = Math.floor(fx);
    cellX0[x] = x0;
    cellX1[x] = Math.min(cw - 1, x0 + 1);
    cellTx[x] = fx - x0;
  }
  const textureLimit = 2.5 * stdL;
  return {
    image,
    box,
    bw,
    bh,
    planes,
    coarse,
    meanL,
    stdL,
    perStd: 1 / stdL,
    textureLimit,
    perTextureLimit: 1 / textureLimit,
    cellX0,
    cellX1,
    cellTx,
  };
}

/** One row of the box: its bilinear taps into the coarse grid. */
export interface HairRow {
  y: number;
  row0: number;
  row1: number;
  ty: number;
  /** The photo's pixel index of the row's first box pixel. */
  rowStart: number;
}

export function hairRow(analysis: HairAnalysis, y: number, out: HairRow): HairRow {
  const { step, ch, cw } = analysis.coarse;
  const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / step - 0.5));
  const y0 = Math.floor(fy);
  out.y = y;
  out.row0 = y0 * cw;
  out.row1 = Math.min(ch - 1, y0 + 1) * cw;
  out.ty = fy - y0;
  out.rowStart = (analysis.box.y0 + y) * analysis.image.width + analysis.box.x0;
  return out;
}

/** The hair in one pixel of the box, whatever the colour. */
export interface HairPixel {
  /** The photo's pixel index. */
  i: number;
  /** The hair's share of the pixel (the matte, refined in the edge band). */
  m: number;
  /** The hair colour F in the pixel (OKLab). */
  fL: number;
  fa: number;
  fb: number;
  /** Strand texture and shading, each soft-limited to the hair's spread. */
  texture: number;
  shading: number;
  /** 0..1: how plausibly the pixel is hair, from its lightness (the dye is scaled by it). */
  plausible: number;
}

export const newHairPixel = (): HairPixel => ({
  i: 0,
  m: 0,
  fL: 0,
  fa: 0,
  fb: 0,
  texture: 0,
  shading: 0,
  plausible: 0,
});

const edgeLab: Lab = { L: 0, a: 0, b: 0 };

/** Pixel x of `row` into `out`; false where the dye leaves the pixel alone. */
export function hairAt(analysis: HairAnalysis, row: HairRow, x: number, out: HairPixel): boolean {
  const { bw, planes, coarse, meanL, textureLimit, perTextureLimit } = analysis;
  const { L, A, B, M, near } = planes;
  const { base, baseA, baseB, weight, backL, backWeight } = coarse;
  const j = row.y * bw + x;
  let m = M[j]!;
  const isNear = near[j] === 1;
  if (m <= minMatte && !isNear) return false;
  const i = row.rowStart + x;
  const { row0, row1, ty } = row;
  // The local hair colour (OKLab) around the pixel, and in the edge band the local
  // background's lightness (or -1); none where no hair is near.
  const withBack = m < 0.98 && isNear;
  const tx = analysis.cellTx[x]!;
  const k00 = row0 + analysis.cellX0[x]!;
  const k01 = row0 + analysis.cellX1[x]!;
  const k10 = row1 + analysis.cellX0[x]!;
  const k11 = row1 + analysis.cellX1[x]!;
  const w00 = (1 - tx) * (1 - ty);
  const w01 = tx * (1 - ty);
  const w10 = (1 - tx) * ty;
  const w11 = tx * ty;
  const den = weight[k00]! * w00 + weight[k01]! * w01 + weight[k10]! * w10 + weight[k11]! * w11;
  const hasHair = den > 1e-4;
  const perDen = 1 / den;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = -1;
  if (hasHair) {
    // (Rounded to float32, as the values were when they were kept in a Float32Array.)
    s0 = Math.fround(
      (base[k00]! * w00 + base[k01]! * w01 + base[k10]! * w10 + base[k11]! * w11) * perDen,
    );
    s1 = Math.fround(
      (baseA[k00]! * w00 + baseA[k01]! * w01 + baseA[k10]! * w10 + baseA[k11]! * w11) * perDen,
    );
    s2 = Math.fround(
      (baseB[k00]! * w00 + baseB[k01]! * w01 + baseB[k10]! * w10 + baseB[k11]! * w11) * perDen,
    );
    if (withBack) {
      const back =
        backWeight[k00]! * w00 +
        backWeight[k01]! * w01 +
        backWeight[k10]! * w10 +
        backWeight[k11]! * w11;
      if (back > 1e-4)
        s3 = Math.fround(
          (backL[k00]! * w00 + backL[k01]! * w01 + backL[k10]! * w10 + backL[k11]! * w11) / back,
        );
    }
  }
  let unmixed = false;
  if (withBack && hasHair && s3 >= 0) {
    // Edge band: alpha from lightness between the local hair and the local background
    // (I = α·F + (1 − α)·B), trusted only where the two clearly differ.
    const contrast = s0 - s3;
    if (Math.abs(contrast) > 0.12) {
      const alpha = Math.min(1, Math.max(0, (L[j]! - s3) / contrast));
      // Soft edges follow the colour both ways (no dye spilled on skin or background, no
      // rim of undyed hair); near-core pixels are only ever raised (keeps highlights).
      const refined = m < 0.9 ? alpha : Math.max(m, alpha);
      if (refined > minMatte && m <= minMatte) {
        const { data, channels: n } = analysis.image;
        const lut = srgbToLinearLut;
        linearRgbToOklab(
          lut[data[n * i]!]!,
          lut[data[n * i + 1]!]!,
          lut[data[n * i + 2]!]!,
          edgeLab,
        );
        L[j] = edgeLab.L;
        A[j] = edgeLab.a;
        B[j] = edgeLab.b;
      }
      m = refined;
      // With α from the local hair and background, the hair part of the pixel is the local hair.
      unmixed = true;
    }
  }
  if (m <= minMatte) return false;
  const l0 = L[j]!;
  const a0 = A[j]!;
  const b0 = B[j]!;
  // The hair colour F in this pixel. Edge pixels mix hair and what is behind it
  // (I = m·F + (1 − m)·B), so F leans on the nearby hair's colour as m falls.
  if (!hasHair) {
    s0 = l0;
    s1 = a0;
    s2 = b0;
  }
  const keep = unmixed ? 0 : m;
  const fL = keep * l0 + (1 - keep) * s0;
  out.i = i;
  out.m = m;
  out.fL = fL;
  out.fa = keep * a0 + (1 - keep) * s1;
  out.fb = keep * b0 + (1 - keep) * s2;
  // Texture is soft-limited to the hair's own spread: lightness far beyond it at an edge is
  // skin or background mixed into the pixel, and amplifying it would draw a white fringe.
  out.texture = softLimit(fL - s0, textureLimit, perTextureLimit);
  // Shading, soft-limited the same way (a base raised by skin caught in the matte is not shading).
  out.shading = softLimit(s0 - meanL, textureLimit, perTextureLimit);
  // A pixel far outside the hair's lightness distribution is probably not hair (skin or
  // background the matte caught at low confidence, or a specular glint): dye it less.
  const z = Math.abs(l0 - meanL) * analysis.perStd;
  out.plausible = z <= 2.2 ? 1 : Math.max(0, 1 - (z - 2.2) / (m > 0.9 ? 3 : 1.5));
  return true;
}

const dyedRgb = new Float32Array(3);
const hairRgb = new Float32Array(3);

/**
 * One pixel dyed: the hair colour F (OKLab) moved by `s` (strength × plausibility) toward the
 * dye at lightness `newL`, and the pixel's hair share m swapped for it. Reads the photo's bytes
 * at data[o..o + 2], writes the result's at out[p..p + 2].
 */
export function dyePixel(
  dye: Dye,
  newL: number,
  s: number,
  m: number,
  fL: number,
  fa: number,
  fb: number,
  data: Uint8Array | Uint8ClampedArray,
  o: number,
  out: Uint8Array | Uint8ClampedArray,
  p: number,
): void {
  const { targetL } = dye;
  // Chroma follows lightness: less colour deep in the shadows, and highlights fade toward
  // white the way light reflects off dyed strands.
  const chromaScale =
    newL <= targetL
      ? Math.max(0.3, newL * dye.darkChroma)
      : Math.max(0.35, 1 - (newL - targetL) * dye.lightChroma);
  const chroma = dye.targetChroma * chromaScale;
  // Core pixels are all hair (F = I): no conversion needed.
  const core = m >= 0.999;
  if (!core) oklabToLinearRgb(fL, fa, fb, hairRgb);
  const rgb = oklabToLinearRgb(
    fL + s * (newL - fL),
    fa + s * (dye.hueA * chroma - fa),
    fb + s * (dye.hueB * chroma - fb),
    dyedRgb,
  );
  // Swap the hair's share of the pixel for the dyed hair: I' = I + m·(F' − F).
  // (The photo's pixel I and its hair F in linear RGB.)
  const lut = srgbToLinearLut;
  const ir = lut[data[o]!]!;
  const ig = lut[data[o + 1]!]!;
  const ib = lut[data[o + 2]!]!;
  const fr = core ? ir : Math.min(1, Math.max(0, hairRgb[0]!));
  const fg = core ? ig : Math.min(1, Math.max(0, hairRgb[1]!));
  const fbl = core ? ib : Math.min(1, Math.max(0, hairRgb[2]!));
  const dr = Math.min(1, Math.max(0, rgb[0]!));
  const dg = Math.min(1, Math.max(0, rgb[1]!));
  const db = Math.min(1, Math.max(0, rgb[2]!));
  // ...unless that takes out more hair colour than the pixel holds: the background it
  // implies, (I − m·F) / (1 − m), has a channel below 0 (a pixel with less of the hair than
  // its matte says, e.g. a sunlit edge on a grey wall). Swapping then turns the pixel purple
  // or blue; it is painted over instead, I' = (1 − m)·I + m·F', fully from 0.1 below 0.
  const over = core ? 0 : overPaint(ir, ig, ib, fr, fg, fbl, m);
  out[p] = linearToSrgb8(ir + m * (dr - fr) + over * m * (fr - ir));
  out[p + 1] = linearToSrgb8(ig + m * (dg - fg) + over * m * (fg - ig));
  out[p + 2] = linearToSrgb8(ib + m * (db - fbl) + over * m * (fbl - ib));
}

export function recolorHair(
  image: RgbImage,
  matte: Float32Array,
  targetHex: string,
  options: RecolorOptions = {},
): Uint8Array {
  const { width, height, data } = image;
  if (matte.length !== width * height) throw new Error('matte size does not match the image');
  const strength = Math.min(1, Math.max(0, options.strength ?? 1));
  const out = new Uint8Array(data);
  if (strength === 0) return out;
  const analysis = analyse({ data, width, height, channels: 3 }, matte);
  if (!analysis) return out;
  const dye = dyeOf(hexToOklab(targetHex), analysis.meanL, analysis.stdL, strength);
  const { targetL, gain } = dye;
  const row: HairRow = { y: 0, row0: 0, row1: 0, ty: 0, rowStart: 0 };
  const px = newHairPixel();
  for (let y = 0; y < analysis.bh; y++) {
    hairRow(analysis, y, row);
    for (let x = 0; x < analysis.bw; x++) {
      if (!hairAt(analysis, row, x, px)) continue;
      const newL = softClip(targetL + px.shading * gain + px.texture * gain);
      const o = 3 * px.i;
      dyePixel(dye, newL, strength * px.plausible, px.m, px.fL, px.fa, px.fb, data, o, out, o);
    }
  }
  return out;
}

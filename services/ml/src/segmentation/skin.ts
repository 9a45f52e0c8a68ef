/**
 * Skin the network took for hair. On light hair (blonde, bleached, light brown) the hair network
 * sometimes paints the neck and the chest between two curtains of hair as hair, with a middling
 * probability; the recolour then dyes the skin. The face's own skin is known from the landmarks
 * (the cheeks) and the hair's own colour from the top of the head, so where a neck or a chest
 * can be (below the chin, see neckZone) each pixel's matte is updated by how much better its
 * colour and fine detail fit the skin than the hair (judged per cell, then smoothed):
 *
 *   hair' = m·p(colour | hair) / (m·p(colour | hair) + (1 − m)·p(colour | skin))
 *
 * with the network's matte m as the prior, one Gaussian per class in OKLab, and the ratio
 * counted only toward skin (never making a pixel more hair than the network said). A pixel the
 * network is sure of (m near 1) stays hair whatever its colour (dyed hair can be skin-toned);
 * an unsure one with the skin's colour goes. Where either class has too few sure samples
 * (a fringe over the cheeks, a cap, a bald head) nothing changes.
 *
 * The forehead gets the same test per pixel (suppressForeheadSkin): curls or a sparse fringe
 * leave skin between the strands that the network calls hair.
 */
import { linearRgbToOklab, srgb8ToOklab, srgbToLinearLut, type Lab } from '@carol/color';
import { boxMean } from './matte.js';
import type { FaceHint, Point, RgbImage } from './types.js';

const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

/** Below this matte a pixel is not judged (dyed at most this much anyway). */
const minMatte = 0.05;

/** Tuning, in face widths (distances) and OKLab units (colours). */
const skinTuning = {
  /** Cheek samples: disks of this radius at 45 % of the way from each eye to its mouth corner. */
  cheekRadius: 0.08,
  /** A cheek pixel is a skin sample only where the matte is below this. */
  cheekMaxMatte: 0.2,
  /** Hair samples: matte at least this... */
  hairMinMatte: 0.9,
  /** ...this far above the eyes (the top of the head: never neck or chest). */
  hairAboveEyes: 0.35,
  /**
   * The update applies only where a neck or a chest can be: from this far above the chin
   * downward, within this half width of the chin's line, widening by this much per face width
   * below the chin; soft over `zoneFeather`. (Hair beside the face is never judged: sunlit
   * light-brown locks have the face's colour, measured on Figaro-1k.)
   */
  neckAbove: 0.1,
  neckHalfWidth: 0.3,
  neckWiden: 0.6,
  zoneFeather: 0.1,
  minSkinSamples: 20,
  minHairSamples: 50,
  /**
   * Floors added to each class's variances (L, a, b): shading moves skin's lightness (a neck in
   * the chin's shadow is darker than the cheeks), and a handful of cheek pixels must not make
   * a needle-thin Gaussian.
   */
  skinFloor: [0.07 ** 2, 0.008 ** 2, 0.008 ** 2] as const,
  hairFloor: [0.03 ** 2, 0.006 ** 2, 0.006 ** 2] as const,
  /** The likelihood ratio is bounded: Gaussian tails are not evidence. */
  maxRatio: 100,
  /**
   * Only colours the skin could have are judged: full weight up to the first squared
   * Mahalanobis distance from the skin's Gaussian, none beyond the second.
   */
  skinGate: [9, 25] as const,
  /** The colours, the matte and the fine detail (luma spread) are judged per cell of this side. */
  cell: 0.02,
  /** Floor of the variance of the log detail. */
  detailFloor: 0.3 ** 2,
  /** The log ratio is box-blurred with this radius (face widths). */
  smooth: 0.015,
  /**
   * The forehead (suppressForeheadSkin): from this far above the eyes' line (below it: beside
   * the eyes) up to this far, within this half width of the face's midline (face widths; soft
   * over `zoneFeather`); its per-pixel log ratio is box-blurred with radius `foreheadSmooth`.
   */
  foreheadFrom: -0.15,
  foreheadTo: 0.6,
  foreheadHalfWidth: 0.3,
  foreheadSmooth: 0.004,
  /**
   * The forehead's bound on the likelihood ratio: hair the network gave 0.99 there goes to 0.09
   * when its colour is the skin's (measured: with the neck's 100, an afro's curls over the
   * brows still dyed the skin between them into a dark block).
   */
  foreheadMaxRatio: 1000,
  /**
   * A pixel this far along the line from the skin's colour to the hair's (0 skin, 1 hair, in
   * the pooled covariance's metric) is part hair, part skin (a fringe's soft edge): judged in
   * full up to the first value, not at all from the second.
   */
  mixedFrom: 0.2,
  mixedTo: 0.45,
  /**
   * The two colours must be this far apart (squared Mahalanobis distance of the means in the
   * pooled covariance): no update at the first value, in full from the second. Blonde hair on
   * a fair face (cgi-model-14: 5.2) has highlights that fit the skin better than the hair's
   * mean; an afro's golden curls on brown skin are 15.6 apart, a brown fringe on a pale
   * forehead 17–40.
   */
  apartFrom: 6,
  apartTo: 12,
};

interface Gaussian {
  mean: [number, number, number];
  /** Covariance, row-major 3×3 (floors included). */
  cov: Float64Array;
  /** Inverse covariance, row-major 3×3. */
  inverse: Float64Array;
  /** −½·ln det(covariance). */
  logNorm: number;
}

class ColourStats {
  n = 0;
  private s = [0, 0, 0];
  private ss = new Float64Array(9);

  add(L: number, a: number, b: number) {
    const v = [L, a, b];
    this.n++;
    for (let r = 0; r < 3; r++) {
      this.s[r]! += v[r]!;
      for (let c = 0; c < 3; c++) this.ss[r * 3 + c]! += v[r]! * v[c]!;
    }
  }

  gaussian(floor: readonly [number, number, number]): Gaussian | null {
    if (this.n === 0) return null;
    const mean = this.s.map((v) => v / this.n) as [number, number, number];
    const cov = new Float64Array(9);
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++)
        cov[r * 3 + c] = this.ss[r * 3 + c]! / this.n - mean[r]! * mean[c]!;
    for (let k = 0; k < 3; k++) cov[k * 4]! += floor[k]!;
    return gaussianOf(mean, cov);
  }
}

function gaussianOf(mean: [number, number, number], cov: Float64Array): Gaussian | null {
  const inverse = invert3(cov);
  if (!inverse) return null;
  return { mean, cov, inverse: inverse.inverse, logNorm: -0.5 * Math.log(inverse.det) };
}

/** The inverse of the two classes' covariances averaged (the pooled covariance). */
function pooledInverse(a: Gaussian, b: Gaussian): Float64Array | null {
  return invert3(a.cov.map((v, k) => (v + b.cov[k]!) / 2))?.inverse ?? null;
}

function invert3(m: Float64Array): { inverse: Float64Array; det: number } | null {
  const [a, b, c, d, e, f, g, h, i] = m as unknown as number[];
  const A = e! * i! - f! * h!;
  const B = -(d! * i! - f! * g!);
  const C = d! * h! - e! * g!;
  const det = a! * A + b! * B + c! * C;
  if (!(det > 0)) return null;
  const inv = new Float64Array([
    A,
    -(b! * i! - c! * h!),
    b! * f! - c! * e!,
    B,
    a! * i! - c! * g!,
    -(a! * f! - c! * d!),
    C,
    -(a! * h! - b! * g!),
    a! * e! - b! * d!,
  ]);
  for (let k = 0; k < 9; k++) inv[k]! /= det;
  return { inverse: inv, det };
}

function logDensity(g: Gaussian, L: number, a: number, b: number): number {
  const x = L - g.mean[0];
  const y = a - g.mean[1];
  const z = b - g.mean[2];
  const m = g.inverse;
  const q =
    x * (m[0]! * x + m[1]! * y + m[2]! * z) +
    y * (m[3]! * x + m[4]! * y + m[5]! * z) +
    z * (m[6]! * x + m[7]! * y + m[8]! * z);
  return g.logNorm - 0.5 * q;
}

class DetailStats {
  n = 0;
  private s = 0;
  private ss = 0;

  add(v: number) {
    this.n++;
    this.s += v;
    this.ss += v * v;
  }

  gaussian(): { mean: number; variance: number } {
    const mean = this.n ? this.s / this.n : 0;
    const variance = (this.n ? this.ss / this.n - mean * mean : 0) + skinTuning.detailFloor;
    return { mean, variance };
  }
}

const logDensity1 = (g: { mean: number; variance: number }, v: number) =>
  -0.5 * Math.log(g.variance) - (0.5 * (v - g.mean) ** 2) / g.variance;

/** Eye centres and mouth corners from the hint's features (both eye contours, then the corners). */
function faceFrame(hint: FaceHint) {
  const features = hint.features;
  if (!features || features.length < 6 || (features.length - 2) % 2 !== 0) return null;
  const eyeCount = (features.length - 2) / 2;
  const centre = (points: readonly Point[]): Point => [
    points.reduce((s, p) => s + p[0], 0) / points.length,
    points.reduce((s, p) => s + p[1], 0) / points.length,
  ];
  const eyeA = centre(features.slice(0, eyeCount));
  const eyeB = centre(features.slice(eyeCount, 2 * eyeCount));
  const mouthA = features[2 * eyeCount]!;
  const mouthB = features[2 * eyeCount + 1]!;
  const across = [eyeB[0] - eyeA[0], eyeB[1] - eyeA[1]];
  const acrossLength = Math.hypot(across[0]!, across[1]!);
  if (!(acrossLength > 0)) return null;
  const ux = across[0]! / acrossLength;
  const uy = across[1]! / acrossLength;
  // "Up": perpendicular to the eyes' line, from the mouth toward the eyes.
  let upX = -uy;
  let upY = ux;
  const eyeMid: Point = [(eyeA[0] + eyeB[0]) / 2, (eyeA[1] + eyeB[1]) / 2];
  const mouthMid: Point = [(mouthA[0] + mouthB[0]) / 2, (mouthA[1] + mouthB[1]) / 2];
  if ((eyeMid[0] - mouthMid[0]) * upX + (eyeMid[1] - mouthMid[1]) * upY < 0) {
    upX = -upX;
    upY = -upY;
  }
  let low = Infinity;
  let high = -Infinity;
  for (const p of hint.faceOval) {
    const t = p[0] * ux + p[1] * uy;
    low = Math.min(low, t);
    high = Math.max(high, t);
  }
  const faceWidth = high - low;
  if (!(faceWidth > 4)) return null;
  // Each eye with the mouth corner on its side.
  const sideOf = (p: Point) => (p[0] - eyeMid[0]) * ux + (p[1] - eyeMid[1]) * uy;
  const [mouthNearA, mouthNearB] =
    sideOf(mouthA) <= sideOf(mouthB) ? [mouthA, mouthB] : [mouthB, mouthA];
  const lerp = (p: Point, q: Point, t: number): Point => [
    p[0] + (q[0] - p[0]) * t,
    p[1] + (q[1] - p[1]) * t,
  ];
  // The chin: the oval's lowest point along "up".
  let chin: Point = hint.faceOval[0]!;
  for (const p of hint.faceOval)
    if (p[0] * upX + p[1] * upY < chin[0] * upX + chin[1] * upY) chin = p;
  return {
    eyeMid,
    chin,
    up: [upX, upY] as Point,
    faceWidth,
    cheeks: [lerp(eyeA, mouthNearA, 0.45), lerp(eyeB, mouthNearB, 0.45)],
  };
}

/**
 * Updates the matte in place (see the module's comment). Returns whether it changed anything
 * (false when the samples were too few).
 */
export function suppressSkin(
  matte: Float32Array,
  image: RgbImage,
  hint: FaceHint,
  width: number,
  height: number,
): boolean {
  const frame = faceFrame(hint);
  if (!frame) return false;
  const { data, channels } = image;
  const { eyeMid, chin, up, faceWidth, cheeks } = frame;

  // Everything is judged on a grid of step×step cells (the decision is smoothed anyway; cells
  // average away JPEG noise, and a 1024-px photo has some 100 000 of them instead of a million
  // pixels): per cell the mean colour, the mean matte and the luma's spread (fine detail).
  const step = Math.max(2, Math.round(skinTuning.cell * faceWidth));
  const cw = Math.ceil(width / step);
  const ch = Math.ceil(height / step);
  const cells = cw * ch;
  const sumR = new Float32Array(cells);
  const sumG = new Float32Array(cells);
  const sumB = new Float32Array(cells);
  const sumY = new Float32Array(cells);
  const sumYY = new Float32Array(cells);
  const sumM = new Float32Array(cells);
  const count = new Uint16Array(cells);
  // Only what is judged or sampled: the cheeks (whatever their matte), and the pixels with some
  // hair (most of a photo has none).
  const radius = skinTuning.cheekRadius * faceWidth;
  const cheekBoxes = cheeks.map(([cx, cy]) => ({
    x0: Math.max(0, Math.floor(cx - radius)),
    x1: Math.min(width - 1, Math.ceil(cx + radius)),
    y0: Math.max(0, Math.floor(cy - radius)),
    y1: Math.min(height - 1, Math.ceil(cy + radius)),
  }));
  // (Cells of 3 px or more: every other pixel both ways is plenty.)
  const stride = step >= 3 ? 2 : 1;
  for (let y = 0; y < height; y += stride) {
    const cellRow = ((y / step) | 0) * cw;
    // The columns of the cheek boxes on this row (at most two spans; empty when x0 > x1).
    let spanA0 = 1;
    let spanA1 = 0;
    let spanB0 = 1;
    let spanB1 = 0;
    for (const box of cheekBoxes) {
      if (y < box.y0 || y > box.y1) continue;
      if (spanA0 > spanA1) {
        spanA0 = box.x0;
        spanA1 = box.x1;
      } else {
        spanB0 = box.x0;
        spanB1 = box.x1;
      }
    }
    for (let x = 0, i = y * width; x < width; x += stride, i += stride) {
      const m = matte[i]!;
      if (!(m > minMatte) && !(x >= spanA0 && x <= spanA1) && !(x >= spanB0 && x <= spanB1))
        continue;
      const k = cellRow + ((x / step) | 0);
      const o = i * channels;
      const r = data[o]!;
      const g = data[o + 1]!;
      const b = data[o + 2]!;
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      sumR[k]! += r;
      sumG[k]! += g;
      sumB[k]! += b;
      sumY[k]! += luma;
      sumYY[k]! += luma * luma;
      sumM[k]! += m;
      count[k]! += 1;
    }
  }
  // Per cell: the mean matte now; OKLab of the mean colour and the luma's spread (fine detail)
  // only for the cells that are sampled or judged (cellColour).
  const L = new Float32Array(cells);
  const A = new Float32Array(cells);
  const B = new Float32Array(cells);
  const detail = new Float32Array(cells);
  const cellMatte = new Float32Array(cells);
  for (let k = 0; k < cells; k++) if (count[k]! > 0) cellMatte[k] = sumM[k]! / count[k]!;
  const lab: Lab = { L: 0, a: 0, b: 0 };
  const lut = srgbToLinearLut;
  const cellColour = (k: number) => {
    const n = count[k]!;
    linearRgbToOklab(
      lut[Math.round(sumR[k]! / n)]!,
      lut[Math.round(sumG[k]! / n)]!,
      lut[Math.round(sumB[k]! / n)]!,
      lab,
    );
    L[k] = lab.L;
    A[k] = lab.a;
    B[k] = lab.b;
    const meanY = sumY[k]! / n;
    const spread = Math.sqrt(Math.max(0, sumYY[k]! / n - meanY * meanY)) / 255;
    detail[k] = Math.log(spread + 0.004);
  };
  // Photo coordinates of a cell's centre, relative to the eyes' midpoint and to the chin.
  const centreX = (k: number) => ((k % cw) + 0.5) * step;
  const centreY = (k: number) => (((k / cw) | 0) + 0.5) * step;
  // Height above the eyes' line (face widths).
  const heightOf = (x: number, y: number) =>
    ((x - eyeMid[0]) * up[0] + (y - eyeMid[1]) * up[1]) / faceWidth;
  // Where a neck and a chest are: below the chin, a column as wide as the neck that widens
  // toward the shoulders (1 inside, fading over `zoneFeather`).
  const neckZone = (x: number, y: number) => {
    const dx = x - chin[0];
    const dy = y - chin[1];
    const below = -(dx * up[0] + dy * up[1]) / faceWidth;
    const aside = Math.abs(dx * up[1] - dy * up[0]) / faceWidth;
    const { neckAbove, neckHalfWidth, neckWiden, zoneFeather } = skinTuning;
    const vertical = smoothstep(-neckAbove - zoneFeather, -neckAbove, below);
    const reach = neckHalfWidth + neckWiden * Math.max(0, below);
    return vertical * (1 - smoothstep(reach, reach + zoneFeather, aside));
  };

  const skin = new ColourStats();
  const skinDetail = new DetailStats();
  const hair = new ColourStats();
  const hairDetail = new DetailStats();
  for (let k = 0; k < cells; k++) {
    if (count[k] === 0) continue;
    const x = centreX(k);
    const y = centreY(k);
    const m = cellMatte[k]!;
    if (m < skinTuning.cheekMaxMatte) {
      for (const cheek of cheeks)
        if ((x - cheek[0]) ** 2 + (y - cheek[1]) ** 2 <= radius * radius) {
          cellColour(k);
          skin.add(L[k]!, A[k]!, B[k]!);
          skinDetail.add(detail[k]!);
        }
    } else if (
      m >= skinTuning.hairMinMatte &&
      // (every other cell is plenty)
      ((k % cw) + ((k / cw) | 0)) % 2 === 0 &&
      heightOf(x, y) >= skinTuning.hairAboveEyes
    ) {
      cellColour(k);
      hair.add(L[k]!, A[k]!, B[k]!);
      hairDetail.add(detail[k]!);
    }
  }
  if (skin.n < skinTuning.minSkinSamples || hair.n < skinTuning.minHairSamples) return false;
  const skinModel = skin.gaussian(skinTuning.skinFloor);
  const hairModel = hair.gaussian(skinTuning.hairFloor);
  if (!skinModel || !hairModel) return false;
  const skinTexture = skinDetail.gaussian();
  const hairTexture = hairDetail.gaussian();

  // The log of the likelihood ratio per cell, only toward skin (a hair-coloured pixel the
  // network doubted is not made hair: dark background beside dark hair would be) and only for
  // colours the skin could have (a white shirt is neither, and not the skin model's to judge);
  // then smoothed, so single strands do not make a checkerboard of the decision.
  const maxLog = Math.log(skinTuning.maxRatio);
  const logRatio = new Float32Array(cells);
  let any = false;
  for (let k = 0; k < cells; k++) {
    if (cellMatte[k]! <= minMatte) continue;
    const zone = neckZone(centreX(k), centreY(k));
    if (zone <= 0) continue;
    cellColour(k);
    const skinLog = logDensity(skinModel, L[k]!, A[k]!, B[k]!);
    const q = 2 * (skinModel.logNorm - skinLog);
    const plausible = 1 - smoothstep(skinTuning.skinGate[0], skinTuning.skinGate[1], q);
    if (plausible <= 0) continue;
    const t = detail[k]!;
    const r =
      skinLog -
      logDensity(hairModel, L[k]!, A[k]!, B[k]!) +
      logDensity1(skinTexture, t) -
      logDensity1(hairTexture, t);
    if (r <= 0) continue;
    logRatio[k] = Math.min(maxLog, r) * plausible * zone;
    any = true;
  }
  if (any) applyRatio(matte, logRatio, cw, ch, step, width, height, faceWidth);
  // The fine detail of a pixel's cell, skin against hair (log ratio), for the forehead.
  const textured = new Uint8Array(cells);
  const textureRatio = (x: number, y: number) => {
    const k = ((y / step) | 0) * cw + ((x / step) | 0);
    if (!(count[k]! > 0)) return 0;
    if (!textured[k]) {
      cellColour(k);
      textured[k] = 1;
    }
    return logDensity1(skinTexture, detail[k]!) - logDensity1(hairTexture, detail[k]!);
  };
  suppressForeheadSkin(matte, image, frame, skinModel, hairModel, textureRatio);
  return true;
}

/**
 * The neck zone's update: the per-cell log ratio, smoothed, brought back to the pixels (bilinear
 * between cell centres) and applied as hair' = m / (m + (1 − m)·ratio).
 */
function applyRatio(
  matte: Float32Array,
  logRatio: Float32Array,
  cw: number,
  ch: number,
  step: number,
  width: number,
  height: number,
  faceWidth: number,
) {
  const cells = cw * ch;
  const smooth = boxMean(
    logRatio,
    cw,
    ch,
    Math.max(1, Math.round((skinTuning.smooth * faceWidth) / step)),
  );
  // Back to the pixels: the ratio per cell, bilinear between cell centres, within the bounding
  // box of the cells that have one.
  let cx0 = cw;
  let cx1 = -1;
  let cy0 = ch;
  let cy1 = -1;
  const ratio = new Float32Array(cells).fill(1);
  for (let k = 0; k < cells; k++) {
    if (smooth[k]! <= 1e-3) continue;
    ratio[k] = Math.exp(smooth[k]!);
    const cx = k % cw;
    const cy = (k / cw) | 0;
    if (cx < cx0) cx0 = cx;
    if (cx > cx1) cx1 = cx;
    if (cy < cy0) cy0 = cy;
    if (cy > cy1) cy1 = cy;
  }
  if (cx1 < 0) return;
  const x0 = Math.max(0, (cx0 - 1) * step);
  const x1 = Math.min(width, (cx1 + 2) * step);
  const y0 = Math.max(0, (cy0 - 1) * step);
  const y1 = Math.min(height, (cy1 + 2) * step);
  for (let y = y0; y < y1; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / step - 0.5));
    const ty = fy - Math.floor(fy);
    const r0 = Math.floor(fy) * cw;
    const r1 = Math.min(ch - 1, Math.floor(fy) + 1) * cw;
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      const m = matte[i]!;
      if (m <= minMatte) continue;
      const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / step - 0.5));
      const c0 = Math.floor(fx);
      const c1 = Math.min(cw - 1, c0 + 1);
      const tx = fx - c0;
      const q =
        (ratio[r0 + c0]! * (1 - tx) + ratio[r0 + c1]! * tx) * (1 - ty) +
        (ratio[r1 + c0]! * (1 - tx) + ratio[r1 + c1]! * tx) * ty;
      if (q <= 1.001) continue;
      // hair' = m / (m + (1 − m)·ratio)
      matte[i] = m / (m + (1 - m) * q);
    }
  }
}

/**
 * Skin under sparse hair on the forehead. Curls or a thin fringe over the forehead leave skin
 * between the strands, and the network answers the whole area with a high probability; the
 * recolour then dyed the skin into a flat block (Frame00594: an afro's curls over the brows).
 * Here each pixel is judged on its own colour (a strand is a few pixels wide; a cell would mix
 * it with the skin around it) and its cell's fine detail: hair' = m / (m + (1 − m)·ratio) with
 * the neck's two Gaussians, the ratio counted only toward skin, only for colours the skin could
 * have, and not for a pixel partly covered by hair (along the line from the skin's colour to
 * the hair's: a fringe's soft edge keeps its matte), nor when hair and skin are too alike in
 * colour to tell (see `apartFrom`). A fringe of the hair's own colour is untouched.
 */
function suppressForeheadSkin(
  matte: Float32Array,
  image: RgbImage,
  frame: NonNullable<ReturnType<typeof faceFrame>>,
  skinModel: Gaussian,
  hairModel: Gaussian,
  textureRatio: (x: number, y: number) => number,
) {
  const { width, height, data, channels } = image;
  const { eyeMid, up, faceWidth } = frame;
  const t = skinTuning;
  // Σ⁻¹·(hair − skin) and (hair − skin)ᵀ·Σ⁻¹·(hair − skin), Σ the two covariances' mean
  const pooled = pooledInverse(skinModel, hairModel);
  if (!pooled) return;
  const toHair = new Float64Array(3);
  const d = [0, 1, 2].map((k) => hairModel.mean[k]! - skinModel.mean[k]!);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) toHair[r]! += pooled[r * 3 + c]! * d[c]!;
  const separation = d[0]! * toHair[0]! + d[1]! * toHair[1]! + d[2]! * toHair[2]!;
  const apart = smoothstep(t.apartFrom, t.apartTo, separation);
  if (apart <= 0) return;

  // The zone's bounding box: the corners of the rectangle in the face's frame.
  const across: Point = [-up[1], up[0]];
  let x0 = width;
  let x1 = 0;
  let y0 = height;
  let y1 = 0;
  for (const h of [t.foreheadFrom - t.zoneFeather, t.foreheadTo + t.zoneFeather])
    for (const side of [-1, 1]) {
      const a = side * (t.foreheadHalfWidth + t.zoneFeather) * faceWidth;
      const x = eyeMid[0] + up[0] * h * faceWidth + across[0] * a;
      const y = eyeMid[1] + up[1] * h * faceWidth + across[1] * a;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  const bx0 = Math.max(0, Math.floor(x0));
  const bx1 = Math.min(width, Math.ceil(x1) + 1);
  const by0 = Math.max(0, Math.floor(y0));
  const by1 = Math.min(height, Math.ceil(y1) + 1);
  const bw = bx1 - bx0;
  const bh = by1 - by0;
  if (bw <= 0 || bh <= 0) return;

  const maxLog = Math.log(t.foreheadMaxRatio);
  const logRatio = new Float32Array(bw * bh);
  const lab: Lab = { L: 0, a: 0, b: 0 };
  let any = false;
  for (let y = by0; y < by1; y++)
    for (let x = bx0; x < bx1; x++) {
      const i = y * width + x;
      if (!(matte[i]! > minMatte)) continue;
      const dx = x + 0.5 - eyeMid[0];
      const dy = y + 0.5 - eyeMid[1];
      const h = (dx * up[0] + dy * up[1]) / faceWidth;
      const aside = Math.abs(dx * across[0] + dy * across[1]) / faceWidth;
      const zone =
        smoothstep(t.foreheadFrom - t.zoneFeather, t.foreheadFrom, h) *
        (1 - smoothstep(t.foreheadTo, t.foreheadTo + t.zoneFeather, h)) *
        (1 - smoothstep(t.foreheadHalfWidth, t.foreheadHalfWidth + t.zoneFeather, aside));
      if (zone <= 0) continue;
      const o = i * channels;
      srgb8ToOklab(data[o]!, data[o + 1]!, data[o + 2]!, lab);
      const skinLog = logDensity(skinModel, lab.L, lab.a, lab.b);
      const plausible =
        1 - smoothstep(t.skinGate[0], t.skinGate[1], 2 * (skinModel.logNorm - skinLog));
      if (plausible <= 0) continue;
      const along =
        ((lab.L - skinModel.mean[0]) * toHair[0]! +
          (lab.a - skinModel.mean[1]) * toHair[1]! +
          (lab.b - skinModel.mean[2]) * toHair[2]!) /
        separation;
      const unmixed = 1 - smoothstep(t.mixedFrom, t.mixedTo, along);
      if (unmixed <= 0) continue;
      const r = skinLog - logDensity(hairModel, lab.L, lab.a, lab.b) + textureRatio(x, y);
      if (r <= 0) continue;
      logRatio[(y - by0) * bw + (x - bx0)] =
        Math.min(maxLog, r) * plausible * zone * unmixed * apart;
      any = true;
    }
  if (!any) return;
  // JPEG noise: a little smoothing (about a strand's width).
  const smooth = boxMean(logRatio, bw, bh, Math.max(1, Math.round(t.foreheadSmooth * faceWidth)));
  for (let y = by0; y < by1; y++)
    for (let x = bx0; x < bx1; x++) {
      const r = smooth[(y - by0) * bw + (x - bx0)]!;
      if (r <= 1e-3) continue;
      const i = y * width + x;
      const m = matte[i]!;
      matte[i] = m / (m + (1 - m) * Math.exp(r));
    }
}

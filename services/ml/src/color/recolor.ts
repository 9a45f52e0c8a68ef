import {
  cbrtLinear,
  hexToOklab,
  linearRgbToOklab,
  linearToSrgb8,
  oklabToLinearRgb,
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
 */

export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
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
 * Per-pixel planes of the hair's box, kept between calls and zeroed for each (a thread recolours
 * one photo at a time): allocating some 20 MB per 1024-px photo made V8 run a full collection
 * for nearly every request.
 */
const scratch = { floats: new Float32Array(0), hits: new Uint16Array(0), near: new Uint8Array(0) };

function scratchPlanes(n: number) {
  if (scratch.floats.length < 4 * n) scratch.floats = new Float32Array(4 * n);
  if (scratch.hits.length < n) scratch.hits = new Uint16Array(n);
  if (scratch.near.length < n) scratch.near = new Uint8Array(n);
  const floats = scratch.floats.subarray(0, 4 * n);
  floats.fill(0);
  return {
    L: floats.subarray(0, n),
    A: floats.subarray(n, 2 * n),
    B: floats.subarray(2 * n, 3 * n),
    M: floats.subarray(3 * n, 4 * n),
    // fully written before they are read
    rowHits: scratch.hits.subarray(0, n),
    near: scratch.near.subarray(0, n),
  };
}

function boundingBox(matte: Float32Array, width: number, height: number) {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (matte[row + x]! > minMatte) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
    }
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/** In-place separable box blur of `src` (w×h), radius r, edges clamped; `tmp` is scratch. */
function boxBlur(src: Float32Array, tmp: Float32Array, w: number, h: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let sum = 0;
    for (let k = -r; k <= r; k++) sum += src[row + Math.min(w - 1, Math.max(0, k))]!;
    for (let x = 0; x < w; x++) {
      tmp[row + x] = sum * norm;
      sum += src[row + Math.min(w - 1, x + r + 1)]! - src[row + Math.max(0, x - r)]!;
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
 * limit · tanh(v / limit), through exp (about 1.5× faster than Math.tanh in V8, equal to 1e-15;
 * runs twice per hair pixel). |v / limit| stays far below exp's overflow here (L is in 0..1).
 */
function softLimit(v: number, limit: number): number {
  const e = Math.exp((2 * v) / limit);
  return (limit * (e - 1)) / (e + 1);
}

function softClip(L: number): number {
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
  const hairBox = boundingBox(matte, width, height);
  if (!hairBox || strength === 0) return out;
  // Edge band: segmenters tend to stop a pixel or two inside the hair, which leaves a rim of
  // undyed hair. Within `band` px of the matte, pixels are re-weighed by colour (below).
  const band = Math.max(2, Math.round(Math.max(width, height) * 0.004));
  const box = {
    x0: Math.max(0, hairBox.x0 - band),
    y0: Math.max(0, hairBox.y0 - band),
    x1: Math.min(width - 1, hairBox.x1 + band),
    y1: Math.min(height - 1, hairBox.y1 + band),
  };

  const target = hexToOklab(targetHex);
  const bw = box.x1 - box.x0 + 1;
  const bh = box.y1 - box.y0 + 1;
  const n = bw * bh;
  const { L, A, B, M, rowHits, near } = scratchPlanes(n);
  const lab: Lab = { L: 0, a: 0, b: 0 };

  let sw = 0;
  let sl = 0;
  let sll = 0;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const j = y * bw + x;
      const i = (box.y0 + y) * width + box.x0 + x;
      const m = matte[i]!;
      M[j] = m;
      // Pixels outside the hair are not changed (except in the edge band) nor part of the
      // base: only their lightness is needed, to describe what is behind the hair's edge.
      if (m <= minMatte) {
        L[j] = cbrtLinear(
          0.2126 * srgbToLinearLut[data[3 * i]!]! +
            0.7152 * srgbToLinearLut[data[3 * i + 1]!]! +
            0.0722 * srgbToLinearLut[data[3 * i + 2]!]!,
        );
        continue;
      }
      linearRgbToOklab(
        srgbToLinearLut[data[3 * i]!]!,
        srgbToLinearLut[data[3 * i + 1]!]!,
        srgbToLinearLut[data[3 * i + 2]!]!,
        lab,
      );
      L[j] = lab.L;
      A[j] = lab.a;
      B[j] = lab.b;
      // Statistics of the confident hair only (weight m⁴ favours the core over the edges).
      const w = m * m * m * m;
      sw += w;
      sl += w * lab.L;
      sll += w * lab.L * lab.L;
    }
  }
  const meanL = sw > 0 ? sl / sw : target.L;
  const stdL = Math.max(0.03, sw > 0 ? Math.sqrt(Math.max(0, sll / sw - meanL * meanL)) : 0.1);

  // Smooth base = blur(L·m) / blur(m): only hair pixels contribute. It is smooth by design, so
  // it is computed on a grid `step` times coarser and interpolated back.
  const radius = Math.max(2, Math.round(Math.max(width, height) * 0.008));
  const step = radius >= 6 ? 3 : radius >= 4 ? 2 : 1;
  const sw2 = Math.ceil(bw / step);
  const sh2 = Math.ceil(bh / step);
  const base = new Float32Array(sw2 * sh2);
  const baseA = new Float32Array(sw2 * sh2);
  const baseB = new Float32Array(sw2 * sh2);
  const weight = new Float32Array(sw2 * sh2);
  const backL = new Float32Array(sw2 * sh2);
  const backWeight = new Float32Array(sw2 * sh2);
  // The coarse cell of each column, once (not a division per pixel).
  const cellOfColumn = new Int32Array(bw);
  for (let x = 0; x < bw; x++) cellOfColumn[x] = Math.floor(x / step);
  for (let y = 0; y < bh; y++) {
    const row = Math.floor(y / step) * sw2;
    for (let x = 0; x < bw; x++) {
      const j = y * bw + x;
      const m = M[j]!;
      const k = row + cellOfColumn[x]!;
      // Weights favour the sure pixels of each side (m⁴, (1 − m)⁴): mixed edge pixels would blur
      // the local hair and background colours toward each other. (Products, not `** 4`: V8's
      // pow costs about 60 ns, and this runs for every pixel of the hair's box.)
      if (m < 0.5) {
        const u = 1 - m;
        const wb = u * u * (u * u);
        backL[k]! += L[j]! * wb;
        backWeight[k]! += wb;
      }
      if (m <= minMatte) continue;
      const wh = m * m * m * m;
      base[k]! += L[j]! * wh;
      baseA[k]! += A[j]! * wh;
      baseB[k]! += B[j]! * wh;
      weight[k]! += wh;
    }
  }
  const tmp = new Float32Array(sw2 * sh2);
  const smallRadius = Math.max(1, Math.round(radius / step));
  for (let pass = 0; pass < 2; pass++) {
    for (const plane of [base, baseA, baseB, weight, backL, backWeight])
      boxBlur(plane, tmp, sw2, sh2, smallRadius);
  }
  // Bilinear taps into the coarse grid: per column once, per row in the loop below.
  const cellX0 = new Int32Array(bw);
  const cellX1 = new Int32Array(bw);
  const cellTx = new Float64Array(bw);
  for (let x = 0; x < bw; x++) {
    const fx = Math.min(sw2 - 1, Math.max(0, (x + 0.5) / step - 0.5));
    const x0 = Math.floor(fx);
    cellX0[x] = x0;
    cellX1[x] = Math.min(sw2 - 1, x0 + 1);
    cellTx[x] = fx - x0;
  }
  let row0 = 0;
  let row1 = 0;
  let ty = 0;
  /**
   * The local hair colour (OKLab) around column x of the current row (row0, row1, ty) into
   * `smooth`, and with `withBack` the local background lightness (or -1) into smooth[3]; false
   * where no hair is near.
   */
  const smooth = new Float32Array(4);
  const smoothAt = (x: number, withBack: boolean): boolean => {
    const x0 = cellX0[x]!;
    const x1 = cellX1[x]!;
    const tx = cellTx[x]!;
    const k00 = row0 + x0;
    const k01 = row0 + x1;
    const k10 = row1 + x0;
    const k11 = row1 + x1;
    const w00 = (1 - tx) * (1 - ty);
    const w01 = tx * (1 - ty);
    const w10 = (1 - tx) * ty;
    const w11 = tx * ty;
    const den = weight[k00]! * w00 + weight[k01]! * w01 + weight[k10]! * w10 + weight[k11]! * w11;
    if (den <= 1e-4) return false;
    // (Written out: a helper closure here would be created once per pixel.)
    smooth[0] = (base[k00]! * w00 + base[k01]! * w01 + base[k10]! * w10 + base[k11]! * w11) / den;
    smooth[1] =
      (baseA[k00]! * w00 + baseA[k01]! * w01 + baseA[k10]! * w10 + baseA[k11]! * w11) / den;
    smooth[2] =
      (baseB[k00]! * w00 + baseB[k01]! * w01 + baseB[k10]! * w10 + baseB[k11]! * w11) / den;
    if (!withBack) return true;
    const back =
      backWeight[k00]! * w00 +
      backWeight[k01]! * w01 +
      backWeight[k10]! * w10 +
      backWeight[k11]! * w11;
    smooth[3] =
      back > 1e-4
        ? (backL[k00]! * w00 + backL[k01]! * w01 + backL[k10]! * w10 + backL[k11]! * w11) / back
        : -1;
    return true;
  };

  // Where the edge band is: within `band` px (square window) of a pixel with matte ≥ 0.5 — the
  // matte's max filter compared with 0.5, as counts of such pixels in running windows (separable;
  // rows then columns, both in memory order).
  for (let y = 0; y < bh; y++) {
    const row = y * bw;
    let count = 0;
    for (let x = 0; x < Math.min(band, bw); x++) if (M[row + x]! >= 0.5) count++;
    for (let x = 0; x < bw; x++) {
      if (x + band < bw && M[row + x + band]! >= 0.5) count++;
      rowHits[row + x] = count;
      if (x - band >= 0 && M[row + x - band]! >= 0.5) count--;
    }
  }
  const columnHits = new Int32Array(bw);
  for (let y = 0; y < Math.min(band, bh); y++) {
    for (let x = 0; x < bw; x++) if (rowHits[y * bw + x]! > 0) columnHits[x]!++;
  }
  for (let y = 0; y < bh; y++) {
    const entering = (y + band) * bw;
    if (y + band < bh)
      for (let x = 0; x < bw; x++) if (rowHits[entering + x]! > 0) columnHits[x]!++;
    const row = y * bw;
    for (let x = 0; x < bw; x++) near[row + x] = columnHits[x]! > 0 ? 1 : 0;
    const leaving = (y - band) * bw;
    if (y - band >= 0) for (let x = 0; x < bw; x++) if (rowHits[leaving + x]! > 0) columnHits[x]!--;
  }

  // The spread (shading and texture) follows the lightness ratio, as real hair does: dark hair is
  // low-contrast, light hair higher-contrast; bounded so dyed hair never turns into stripes.
  const ratio = target.L / Math.max(0.05, meanL);
  const spreadOut = Math.min(0.13, Math.max(0.035, stdL * Math.sqrt(ratio)));
  const baseGain = spreadOut / stdL;
  const textureGain = baseGain;
  const textureLimit = 2.5 * stdL;
  const targetChroma = Math.hypot(target.a, target.b);
  const hueA = targetChroma > 1e-6 ? target.a / targetChroma : 0;
  const hueB = targetChroma > 1e-6 ? target.b / targetChroma : 0;
  const rgb = new Float32Array(3);
  const hairRgb = new Float32Array(3);

  for (let y = 0; y < bh; y++) {
    const fy = Math.min(sh2 - 1, Math.max(0, (y + 0.5) / step - 0.5));
    const y0 = Math.floor(fy);
    row0 = y0 * sw2;
    row1 = Math.min(sh2 - 1, y0 + 1) * sw2;
    ty = fy - y0;
    for (let x = 0; x < bw; x++) {
      const j = y * bw + x;
      let m = M[j]!;
      if (m <= minMatte && !near[j]) continue;
      const i = (box.y0 + y) * width + box.x0 + x;
      // (the background is needed in the edge band only)
      const hasHair = smoothAt(x, m < 0.98 && near[j] === 1);
      let unmixed = false;
      if (m < 0.98 && near[j] && hasHair && smooth[3]! >= 0) {
        // Edge band: alpha from lightness between the local hair and the local background
        // (I = α·F + (1 − α)·B), trusted only where the two clearly differ.
        const contrast = smooth[0]! - smooth[3]!;
        if (Math.abs(contrast) > 0.12) {
          const alpha = Math.min(1, Math.max(0, (L[j]! - smooth[3]!) / contrast));
          // Soft edges follow the colour both ways (no dye spilled on skin or background, no
          // rim of undyed hair); near-core pixels are only ever raised (keeps highlights).
          const refined = m < 0.9 ? alpha : Math.max(m, alpha);
          if (refined > minMatte && m <= minMatte) {
            linearRgbToOklab(
              srgbToLinearLut[data[3 * i]!]!,
              srgbToLinearLut[data[3 * i + 1]!]!,
              srgbToLinearLut[data[3 * i + 2]!]!,
              lab,
            );
            L[j] = lab.L;
            A[j] = lab.a;
            B[j] = lab.b;
          }
          m = refined;
          // With α from the local hair and background, the hair part of the pixel is the local hair.
          unmixed = true;
        }
      }
      if (m <= minMatte) continue;
      const l0 = L[j]!;
      const a0 = A[j]!;
      const b0 = B[j]!;
      // The hair colour F in this pixel. Edge pixels mix hair and what is behind it
      // (I = m·F + (1 − m)·B), so F leans on the nearby hair's colour as m falls.
      if (!hasHair) {
        smooth[0] = l0;
        smooth[1] = a0;
        smooth[2] = b0;
      }
      const keep = unmixed ? 0 : m;
      const fL = keep * l0 + (1 - keep) * smooth[0]!;
      const fa = keep * a0 + (1 - keep) * smooth[1]!;
      const fb = keep * b0 + (1 - keep) * smooth[2]!;
      // Texture is soft-limited to the hair's own spread: lightness far beyond it at an edge is
      // skin or background mixed into the pixel, and amplifying it would draw a white fringe.
      const texture = softLimit(fL - smooth[0]!, textureLimit);
      // Shading, soft-limited the same way (a base raised by skin caught in the matte is not shading).
      const shading = softLimit(smooth[0]! - meanL, textureLimit);
      const newL = softClip(target.L + shading * baseGain + texture * textureGain);
      // Chroma follows lightness: less colour deep in the shadows, and highlights fade toward
      // white the way light reflects off dyed strands.
      const chromaScale =
        newL <= target.L
          ? Math.max(0.3, newL / Math.max(0.05, target.L))
          : Math.max(0.35, 1 - (0.65 * (newL - target.L)) / Math.max(0.05, 1 - target.L));
      const chroma = targetChroma * chromaScale;
      // A pixel far outside the hair's lightness distribution is probably not hair (skin or
      // background the matte caught at low confidence, or a specular glint): dye it less.
      const z = Math.abs(l0 - meanL) / stdL;
      const plausible = z <= 2.2 ? 1 : Math.max(0, 1 - (z - 2.2) / (m > 0.9 ? 3 : 1.5));
      const s = strength * plausible;
      // Core pixels are all hair (F = I): no conversion needed.
      const core = m >= 0.999;
      if (!core) oklabToLinearRgb(fL, fa, fb, hairRgb);
      oklabToLinearRgb(
        fL + s * (newL - fL),
        fa + s * (hueA * chroma - fa),
        fb + s * (hueB * chroma - fb),
        rgb,
      );
      // Swap the hair's share of the pixel for the dyed hair: I' = I + m·(F' − F).
      const o = 3 * i;
      for (let c = 0; c < 3; c++) {
        const original = srgbToLinearLut[data[o + c]!]!;
        const dyed = Math.min(1, Math.max(0, rgb[c]!));
        const hairNow = core ? original : Math.min(1, Math.max(0, hairRgb[c]!));
        out[o + c] = linearToSrgb8(original + m * (dyed - hairNow));
      }
    }
  }
  return out;
}

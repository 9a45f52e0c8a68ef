/**
 * Plain-TypeScript image helpers for the hair matte: bilinear resampling, box and guided
 * filters, and the face region from landmarks. Float32 planes, row-major.
 */
import type { FaceHint, Point, RgbImage } from './types.js';

/**
 * The two source columns and the weight of the second for each of `dw` destination columns
 * (bilinear, pixel-centre aligned), computed once per resize instead of per pixel. Rows use the
 * same taps (`columnTaps(sh, dh)`).
 */
export function columnTaps(sw: number, dw: number) {
  const sx = sw / dw;
  const x0s = new Int32Array(dw);
  const x1s = new Int32Array(dw);
  const fxs = new Float32Array(dw);
  for (let x = 0; x < dw; x++) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), sw - 1);
    const x0 = Math.floor(fx);
    x0s[x] = x0;
    x1s[x] = Math.min(x0 + 1, sw - 1);
    fxs[x] = fx - x0;
  }
  return { x0s, x1s, fxs };
}

/** Bilinear resampling with pixel-centre alignment (like OpenCV INTER_LINEAR). */
export function resizePlane(
  src: Float32Array,
  sw: number,
  sh: number,
  dw: number,
  dh: number,
): Float32Array {
  const out = new Float32Array(dw * dh);
  const sy = sh / dh;
  const { x0s, x1s, fxs } = columnTaps(sw, dw);
  for (let y = 0; y < dh; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), sh - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, sh - 1);
    const wy = fy - y0;
    const r0 = y0 * sw;
    const r1 = y1 * sw;
    const o = y * dw;
    for (let x = 0; x < dw; x++) {
      const a = x0s[x]!;
      const b = x1s[x]!;
      const wx = fxs[x]!;
      const top = src[r0 + a]! + (src[r0 + b]! - src[r0 + a]!) * wx;
      const bottom = src[r1 + a]! + (src[r1 + b]! - src[r1 + a]!) * wx;
      out[o + x] = top + (bottom - top) * wy;
    }
  }
  return out;
}

/** Luma (BT.601) in [0, 1] of an interleaved RGB(A) image. */
export function grayPlane(image: RgbImage): Float32Array {
  const { data, width, height, channels } = image;
  const out = new Float32Array(width * height);
  for (let i = 0, j = 0; i < out.length; i++, j += channels) {
    out[i] = (0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]!) / 255;
  }
  return out;
}

/** Mean over a (2r+1)² window clipped to the image (separable running sums). */
export function boxMean(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  // horizontal
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, w - 1); x++) sum += src[row + x]!;
    for (let x = 0; x < w; x++) {
      const lo = Math.max(0, x - r);
      const hi = Math.min(w - 1, x + r);
      tmp[row + x] = sum / (hi - lo + 1);
      if (x + r + 1 < w) sum += src[row + x + r + 1]!;
      if (x - r >= 0) sum -= src[row + x - r]!;
    }
  }
  // vertical
  const col = new Float64Array(w);
  for (let y = 0; y <= Math.min(r, h - 1); y++) {
    for (let x = 0; x < w; x++) col[x] = col[x]! + tmp[y * w + x]!;
  }
  for (let y = 0; y < h; y++) {
    const lo = Math.max(0, y - r);
    const hi = Math.min(h - 1, y + r);
    const n = hi - lo + 1;
    for (let x = 0; x < w; x++) out[y * w + x] = col[x]! / n;
    if (y + r + 1 < h) for (let x = 0; x < w; x++) col[x] = col[x]! + tmp[(y + r + 1) * w + x]!;
    if (y - r >= 0) for (let x = 0; x < w; x++) col[x] = col[x]! - tmp[(y - r) * w + x]!;
  }
  return out;
}

/**
 * Coefficients of the grey-guided filter (He, Sun, Tang 2010): q = a·I + b locally.
 * Returned so that they can be upsampled and applied at a higher resolution
 * (the "fast guided filter").
 */
export function guidedFilterCoefficients(
  guide: Float32Array,
  p: Float32Array,
  w: number,
  h: number,
  r: number,
  eps: number,
): { a: Float32Array; b: Float32Array } {
  const n = w * h;
  const ip = new Float32Array(n);
  const ii = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    ip[i] = guide[i]! * p[i]!;
    ii[i] = guide[i]! * guide[i]!;
  }
  const meanI = boxMean(guide, w, h, r);
  const meanP = boxMean(p, w, h, r);
  const meanIp = boxMean(ip, w, h, r);
  const meanII = boxMean(ii, w, h, r);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const cov = meanIp[i]! - meanI[i]! * meanP[i]!;
    const variance = meanII[i]! - meanI[i]! * meanI[i]!;
    a[i] = cov / (variance + eps);
    b[i] = meanP[i]! - a[i]! * meanI[i]!;
  }
  return { a: boxMean(a, w, h, r), b: boxMean(b, w, h, r) };
}

/** Is (x, y) inside the polygon (even-odd rule)? */
export function insidePolygon(polygon: readonly Point[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The part of the face that is never hair: inside the face oval (shrunk towards its centre, so
 * hair at the temples, sideburns and cheeks stays) and below the eyes — the line through the
 * brows (least squares, so a tilted head is handled) moved down by a quarter of the oval's
 * height, so that a fringe over the brows or eyes is kept. Without brows, the oval below 55 %
 * of its height. With the features (eyes, mouth corners), the region is narrowed down to the
 * mouth: only the face between the outer eye corners (and a little beyond) is never hair, so
 * hair falling over a cheek is kept, while below the mouth the whole oval stays out (a beard is
 * not hair). Returns 1 inside, 0 outside, with a soft edge of 2 % of the face height.
 * (Measured on Figaro-1k: cutting at the brows removed real fringes and cost 0.008 IoU.)
 */
export function faceRegion(hint: FaceHint, width: number, height: number): Float32Array {
  const out = new Float32Array(width * height);
  visitFace(hint, width, height, (i, weight) => {
    out[i] = weight;
  });
  return out;
}

/**
 * Removes the face (faceRegion) from a matte in place: matte × (1 − face), without a full-size
 * plane or a pass over the pixels outside the face (the same values as with faceRegion).
 */
export function removeFace(matte: Float32Array, hint: FaceHint, width: number, height: number) {
  visitFace(hint, width, height, (i, weight) => {
    matte[i] = matte[i]! * (1 - Math.fround(weight));
  });
  for (const eye of hint.eyes ?? []) removeEye(matte, eye, width, height);
}

/**
 * An eye is not hair: zero inside the ellipse round its contour grown by `eyeGrow`, fading
 * back to the matte over the next `eyeFeather` (in units of the ellipse), where the network is
 * unsure (lashes and eye make-up come out at 0.2–0.5); hair it is sure of (a fringe down over
 * the eyes) stays. The ellipse's long
 * axis joins the contour's two farthest points; its half height is the contour's farthest
 * point from that axis, at least a third of the half length (a closed eye still has lashes).
 */
const eyeGrow = 1.2;
const eyeFeather = 0.35;
/** A matte from `eyeSureFrom` up to `eyeSureTo` is taken out less and less, above it not at all. */
const eyeSureFrom = 0.35;
const eyeSureTo = 0.65;

export function removeEye(
  matte: Float32Array,
  contour: readonly Point[],
  width: number,
  height: number,
) {
  if (contour.length < 3) return;
  let far = 0;
  let p: Point = contour[0]!;
  let q: Point = contour[1]!;
  for (const a of contour)
    for (const b of contour) {
      const d = (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;
      if (d > far) {
        far = d;
        p = a;
        q = b;
      }
    }
  const half = Math.sqrt(far) / 2;
  if (!(half > 0.5)) return;
  const cx = (p[0] + q[0]) / 2;
  const cy = (p[1] + q[1]) / 2;
  const ux = (q[0] - p[0]) / (2 * half);
  const uy = (q[1] - p[1]) / (2 * half);
  let tall = 0;
  for (const [x, y] of contour) tall = Math.max(tall, Math.abs((x - cx) * -uy + (y - cy) * ux));
  const a = half * eyeGrow;
  const b = Math.max(tall, half / 3) * eyeGrow;
  const reach = Math.ceil(a * (1 + eyeFeather)) + 1;
  for (let y = Math.max(0, Math.floor(cy - reach)); y <= Math.min(height - 1, cy + reach); y++)
    for (let x = Math.max(0, Math.floor(cx - reach)); x <= Math.min(width - 1, cx + reach); x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      const d = Math.hypot((dx * ux + dy * uy) / a, (dx * -uy + dy * ux) / b);
      if (d >= 1 + eyeFeather) continue;
      const i = y * width + x;
      const m = matte[i]!;
      // Hair the network is sure of stays: a fringe or an afro over the eyes is hair.
      const unsure = 1 - Math.min(1, Math.max(0, (m - eyeSureFrom) / (eyeSureTo - eyeSureFrom)));
      if (unsure <= 0) continue;
      const keep = Math.max(0, (d - 1) / eyeFeather);
      matte[i] = m * (1 - unsure * (1 - keep));
    }
}

/** Calls `visit(index, weight)` once for each pixel of faceRegion with a weight, row by row. */
function visitFace(
  hint: FaceHint,
  width: number,
  height: number,
  visit: (i: number, weight: number) => void,
): void {
  const oval = hint.faceOval;
  if (oval.length < 3) return;
  let cx = 0;
  let cy = 0;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [x, y] of oval) {
    cx += x;
    cy += y;
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  cx /= oval.length;
  cy /= oval.length;
  const shrink = 0.85;
  const inner: Point[] = oval.map(([x, y]) => [cx + (x - cx) * shrink, cy + (y - cy) * shrink]);
  const faceHeight = maxY - minY;
  // the cut line y = slope * x + intercept
  let slope = 0;
  let intercept = minY + 0.55 * faceHeight;
  const brows = hint.eyebrows ?? [];
  if (brows.length >= 2) {
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let sxy = 0;
    for (const [x, y] of brows) {
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
    }
    const n = brows.length;
    const denom = n * sxx - sx * sx;
    slope = Math.abs(denom) > 1e-6 ? (n * sxy - sx * sy) / denom : 0;
    // from the brows down to about the lower eyelids
    intercept = (sy - slope * sx) / n + 0.25 * faceHeight;
  }
  const feather = Math.max(1, 0.02 * faceHeight);
  const sides = featureSides(hint.features ?? [], slope, cx, cy, feather);
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const [x, y] of inner) {
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  const xs = Math.max(0, Math.floor(x0));
  const xe = Math.min(width - 1, Math.ceil(x1));
  const ys = Math.max(0, Math.floor(y0));
  const ye = Math.min(height - 1, Math.ceil(y1));
  for (let y = ys; y <= ye; y++) {
    // crossings of this scanline with the polygon
    const crossings: number[] = [];
    for (let i = 0, j = inner.length - 1; i < inner.length; j = i++) {
      const [xi, yi] = inner[i]!;
      const [xj, yj] = inner[j]!;
      if (yi > y !== yj > y) crossings.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
    }
    crossings.sort((a, b) => a - b);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = Math.max(xs, Math.ceil(crossings[k]!));
      const to = Math.min(xe, Math.floor(crossings[k + 1]!));
      for (let x = from; x <= to; x++) {
        const below = y - (slope * x + intercept);
        if (below <= -feather) continue;
        const edge = Math.min(x - crossings[k]!, crossings[k + 1]! - x);
        let weight = Math.min(1, (below + feather) / (2 * feather)) * Math.min(1, edge / feather);
        if (sides) weight *= sides(x, y);
        if (weight > 0) visit(y * width + x, weight);
      }
    }
  }
}

/**
 * For faceRegion: the weight (0..1) of the face at (x, y) given the features, in the frame of the
 * brow line (`slope`): 1 between the outer eye corners widened by 2 % of their distance on each
 * side, falling to 0 over `feather` beyond them, down to the mouth corners; below them (over
 * another `feather`) 1 everywhere. Null without enough features (the whole oval counts).
 */
function featureSides(
  features: readonly Point[],
  slope: number,
  cx: number,
  cy: number,
  feather: number,
): ((x: number, y: number) => number) | null {
  if (features.length < 3) return null;
  const norm = Math.hypot(1, slope);
  const ax = 1 / norm;
  const ay = slope / norm;
  // u along the brows, v down the face
  let uMin = Infinity;
  let uMax = -Infinity;
  let vMouth = -Infinity;
  for (const [x, y] of features) {
    const u = (x - cx) * ax + (y - cy) * ay;
    const v = (y - cy) * ax - (x - cx) * ay;
    uMin = Math.min(uMin, u);
    uMax = Math.max(uMax, u);
    vMouth = Math.max(vMouth, v);
  }
  const margin = 0.02 * (uMax - uMin);
  const lo = uMin - margin;
  const hi = uMax + margin;
  return (x, y) => {
    const u = (x - cx) * ax + (y - cy) * ay;
    const v = (y - cy) * ax - (x - cx) * ay;
    const inside = Math.min(1, Math.max(0, Math.min(u - lo, hi - u) / feather + 1));
    const belowMouth = Math.min(1, Math.max(0, (v - vMouth) / feather));
    return inside + (1 - inside) * belowMouth;
  };
}

/** keepSubjectHair's queue, kept between calls (4 MB at 1024 px; fewer collections). */
let floodQueue = new Int32Array(0);

/** The ellipse round a face oval in which the flood of keepSubjectHair starts (1.5 × its size). */
function headSeed(oval: readonly Point[]): { cx: number; cy: number; rx: number; ry: number } {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const [x, y] of oval) {
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  return {
    cx: (x0 + x1) / 2,
    cy: (y0 + y1) / 2,
    rx: 1.5 * Math.max(1, (x1 - x0) / 2),
    ry: 1.5 * Math.max(1, (y1 - y0) / 2),
  };
}

/**
 * Keeps only the hair connected to the subject's head: the parts of the matte (≥ `low`) that
 * are reachable from an ellipse around the face oval (1.5 × its size), so that hair-coloured
 * things elsewhere in the photo are dropped. With `hint.otherFaces`, the other heads flood
 * their hair at the same time (a multi-source breadth-first search along the hair): a pixel
 * belongs to the head whose flood reaches it first, so a neighbour's hair touching the
 * subject's is cut where the two meet. A pixel inside several start ellipses goes to the one
 * it is relatively nearest the centre of. In place.
 */
export function keepSubjectHair(
  matte: Float32Array,
  width: number,
  height: number,
  hint: FaceHint,
  low = 0.2,
): void {
  if (hint.faceOval.length < 3) return;
  const seeds = [hint.faceOval, ...(hint.otherFaces ?? [])]
    .filter((oval) => oval.length >= 3)
    .map(headSeed);
  if (floodQueue.length < width * height) floodQueue = new Int32Array(width * height);
  // owner of each pixel: 0 = not reached, 1 = the subject, 2.. = another head
  const owner = new Uint8Array(width * height);
  const seedDistance = seeds.length > 1 ? new Float32Array(width * height) : null;
  // (every entry is written before it is read)
  const queue = floodQueue;
  let tail = 0;
  for (let s = 0; s < seeds.length && s < 255; s++) {
    const { cx, cy, rx, ry } = seeds[s]!;
    const ys = Math.max(0, Math.floor(cy - ry));
    const ye = Math.min(height - 1, Math.ceil(cy + ry));
    const xs = Math.max(0, Math.floor(cx - rx));
    const xe = Math.min(width - 1, Math.ceil(cx + rx));
    for (let y = ys; y <= ye; y++) {
      for (let x = xs; x <= xe; x++) {
        const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
        if (d > 1) continue;
        const i = y * width + x;
        if (matte[i]! < low) continue;
        if (owner[i] === 0) {
          queue[tail++] = i;
        } else if (seedDistance![i]! <= d) {
          continue;
        }
        owner[i] = s + 1;
        if (seedDistance) seedDistance[i] = d;
      }
    }
  }
  let subject = 0;
  for (let k = 0; k < tail; k++) if (owner[queue[k]!] === 1) subject++;
  if (subject === 0) return; // no hair near the face: leave the matte as the network saw it
  const last = matte.length - width;
  let head = 0;
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % width;
    const o = owner[i]!;
    // 4-neighbours, inlined (this loop visits every hair pixel)
    let j = i - 1;
    if (x > 0 && !owner[j] && matte[j]! >= low) {
      owner[j] = o;
      queue[tail++] = j;
    }
    j = i + 1;
    if (x < width - 1 && !owner[j] && matte[j]! >= low) {
      owner[j] = o;
      queue[tail++] = j;
    }
    j = i - width;
    if (i >= width && !owner[j] && matte[j]! >= low) {
      owner[j] = o;
      queue[tail++] = j;
    }
    j = i + width;
    if (i < last && !owner[j] && matte[j]! >= low) {
      owner[j] = o;
      queue[tail++] = j;
    }
  }
  for (let i = 0; i < matte.length; i++) if (owner[i] !== 1) matte[i] = 0;
}

/**
 * Applies guided-filter coefficients computed at a lower resolution to the full photo:
 * q = a·I + b with a and b upsampled bilinearly and I the photo's luma, clamped to [0, 1].
 * One fused pass (no full-size temporaries besides the result).
 */
export function applyGuidedFilter(
  a: Float32Array,
  b: Float32Array,
  sw: number,
  sh: number,
  image: RgbImage,
): Float32Array {
  const { data, width: dw, height: dh, channels } = image;
  const out = new Float32Array(dw * dh);
  const sy = sh / dh;
  const { x0s, x1s, fxs } = columnTaps(sw, dw);
  // a and b interpolated along the two source rows, kept while consecutive output rows share
  // them (4 rows in a row when 256 → 1024): the per-pixel work is then one lerp for each.
  const rows = [
    new Float64Array(dw),
    new Float64Array(dw),
    new Float64Array(dw),
    new Float64Array(dw),
  ];
  const [aTop, aBottom, bTop, bBottom] = rows as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  let cachedR0 = -1;
  let cachedR1 = -1;
  for (let y = 0; y < dh; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), sh - 1);
    const y0 = Math.floor(fy);
    const r0 = y0 * sw;
    const r1 = Math.min(y0 + 1, sh - 1) * sw;
    const wy = fy - y0;
    if (r0 !== cachedR0 || r1 !== cachedR1) {
      for (let x = 0; x < dw; x++) {
        const i0 = x0s[x]!;
        const i1 = x1s[x]!;
        const wx = fxs[x]!;
        aTop[x] = a[r0 + i0]! + (a[r0 + i1]! - a[r0 + i0]!) * wx;
        aBottom[x] = a[r1 + i0]! + (a[r1 + i1]! - a[r1 + i0]!) * wx;
        bTop[x] = b[r0 + i0]! + (b[r0 + i1]! - b[r0 + i0]!) * wx;
        bBottom[x] = b[r1 + i0]! + (b[r1 + i1]! - b[r1 + i0]!) * wx;
      }
      cachedR0 = r0;
      cachedR1 = r1;
    }
    const o = y * dw;
    for (let x = 0; x < dw; x++) {
      const j = (o + x) * channels;
      const luma = (0.299 * data[j]! + 0.587 * data[j + 1]! + 0.114 * data[j + 2]!) / 255;
      const top = aTop[x]!;
      const bt = bTop[x]!;
      const q = (top + (aBottom[x]! - top) * wy) * luma + bt + (bBottom[x]! - bt) * wy;
      out[o + x] = q < 0 ? 0 : q > 1 ? 1 : q;
    }
  }
  return out;
}

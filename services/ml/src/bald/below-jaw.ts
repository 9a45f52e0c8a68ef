import { fillLabel, membraneFill } from './membrane.js';
import { boxBlur, clamp, dilate, fillPolygon, smoothstep, type Vec2 } from './raster.js';

/**
 * Long hair below the jaw (on the shoulders, the chest, beside the neck), which the head stage
 * of the bald image leaves (src/bald/bald.ts, `removeBelowChin`): replaced by what surrounds it,
 * per kind of surrounding. The pixels just around the hair are grouped by colour (neck or
 * shoulder skin, clothing, background); each group is continued into the hair with a membrane
 * fill of its own, and every filled pixel takes the group of the nearest pixel around the hair,
 * so skin continues from skin and the top from the top instead of all of them blurring into one
 * brown. Near the edge the fill gets the real texture around it (the surroundings mirrored
 * across the hair's edge, high-pass only). Left as it is when the hair is too wide for that
 * (mostly hair, little around it: a blurred blob would be worse than the hair).
 */

export interface BelowJawInput {
  /** The original photo, RGB. */
  photo: { data: Uint8Array; width: number; height: number };
  /** The head stage's result (RGB, same size), changed in place. */
  out: Uint8Array;
  /** The head stage's mask, raised in place where this pass replaces pixels. */
  mask: Uint8Array;
  matte: Float32Array;
  threshold: number;
  faceOval: Vec2[];
  faceWidth: number;
  /** Head centre and the unit vector toward the top of the head. */
  center: Vec2;
  up: Vec2;
  /**
   * The head stage replaces hair down to `cutFrom` below the head centre (along −up) and keeps
   * it from `cutTo` on, blending in between: this pass takes over from `cutFrom`.
   */
  cutFrom: number;
  cutTo: number;
  /** The same growth of the hair matte as the head stage's. */
  hairGrow: number;
}

/** Tunables, in shares of the face width. */
const tune = {
  /** Hair this far below the head centre (in face widths) or to the side is not looked at. */
  maxBelow: 5,
  maxSide: 3,
  /** The ring of known pixels around the hair whose colours are grouped. */
  ringWidth: 2,
  /** At most this many colour groups (skin, clothing, background). */
  groups: 3,
  /** Groups whose colours are this close (8-bit RGB distance) are merged. */
  mergeDistance: 28,
  /** Groups with less than this share of the ring are merged into their nearest. */
  minShare: 0.06,
  /** Soft seam between groups: the group weights are blurred over this share of the face width. */
  seam: 0.02,
  /** Texture mirrored from across the edge within this depth (share of face width)... */
  mirrorDepth: 0.15,
  /** ...high-passed with a box blur of this radius... */
  mirrorBlur: 0.025,
  /** ...where its low-pass is within this distance of the fill's colour (8-bit RGB). */
  mirrorMatch: 36,
  /**
   * Skipped when the hair is deeper than this (95th percentile of the distance of its pixels to
   * the nearest pixel around it, in face widths): a fill that far from any real pixel is a blur,
   * not a photo.
   */
  maxDepth: 0.2,
};

/** Replaces the thin long hair below the jaw in `input.out`; returns the pixels changed. */
export function clearBelowJaw(input: BelowJawInput): number {
  const { photo, matte, threshold, faceWidth, center, up, cutFrom, cutTo } = input;
  const { width, height } = photo;
  const belowOf = (x: number, y: number) =>
    -((x + 0.5 - center[0]) * up[0] + (y + 0.5 - center[1]) * up[1]);
  const sideOf = (x: number, y: number) =>
    (x + 0.5 - center[0]) * -up[1] + (y + 0.5 - center[1]) * up[0];
  const maxBelow = tune.maxBelow * faceWidth;
  const maxSide = tune.maxSide * faceWidth;
  // The box of the hair below the cut.
  let bx0 = width;
  let by0 = height;
  let bx1 = -1;
  let by1 = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (matte[y * width + x]! < threshold) continue;
      const below = belowOf(x, y);
      if (below <= cutFrom || below > maxBelow || Math.abs(sideOf(x, y)) > maxSide) continue;
      if (x < bx0) bx0 = x;
      if (x > bx1) bx1 = x;
      if (y < by0) by0 = y;
      if (y > by1) by1 = y;
    }
  if (bx1 < 0) return 0;
  const grow = Math.max(2, input.hairGrow * faceWidth);
  const reach = Math.ceil(grow + tune.ringWidth + 2);
  const box = clipBox(bx0 - reach, by0 - reach, bx1 + reach, by1 + reach, width, height);
  const { x0, y0, w, h } = box;
  const m = w * h;
  const seed = new Uint8Array(m);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      seed[y * w + x] = matte[(y + y0) * width + x + x0]! >= threshold ? 1 : 0;
  const grown = dilate(seed, w, h, grow);
  const face = new Uint8Array(m);
  fillPolygon(
    face,
    w,
    h,
    input.faceOval.map((p): Vec2 => [p[0] - x0, p[1] - y0]),
  );
  // The hair to fill: below the cut, never the face.
  const hole = new Uint8Array(m);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!grown[i] || face[i]) continue;
      const below = belowOf(x + x0, y + y0);
      if (below > cutFrom && below <= maxBelow + grow) hole[i] = 1;
    }
  const ring = ringOf(hole, new Uint8Array(m), w, h);
  if (ring.length < 16) return 0;
  const { nearX, nearY, nearest } = nearestRing(hole, ring, w, h);

  // How deep each piece of hair is (its pixels' distances to the nearest pixel around it, 95th
  // percentile): a piece deeper than `maxDepth` stays as it is (a fill that far from every real
  // pixel is only a blur), and is no boundary for the others (it is hair).
  const kept = new Uint8Array(m);
  let fx0 = w;
  let fy0 = h;
  let fx1 = -1;
  let fy1 = -1;
  {
    const seen = new Uint8Array(m);
    const stack = new Int32Array(m);
    const members = new Int32Array(m);
    for (let start = 0; start < m; start++) {
      if (!hole[start] || seen[start]) continue;
      let count = 0;
      let deep = 0;
      let top = 0;
      stack[top++] = start;
      seen[start] = 1;
      while (top > 0) {
        const i = stack[--top]!;
        members[count++] = i;
        const x = i % w;
        const c = nearest[i]!;
        const d =
          c >= 0 ? Math.fround(Math.hypot(nearX[c]! - x, nearY[c]! - (i - x) / w)) : Infinity;
        if (d / faceWidth > tune.maxDepth) deep++;
        for (let n = 0; n < 4; n++) {
          if ((n === 0 && x === 0) || (n === 1 && x === w - 1)) continue;
          const j = n === 0 ? i - 1 : n === 1 ? i + 1 : n === 2 ? i - w : i + w;
          if (j < 0 || j >= m || !hole[j] || seen[j]) continue;
          seen[j] = 1;
          stack[top++] = j;
        }
      }
      // The 95th percentile is deeper than maxDepth when at least the top 5 % are (no sort).
      if (deep >= count - Math.floor(count * 0.95)) {
        for (let k = 0; k < count; k++) kept[members[k]!] = 1;
        continue;
      }
      for (let k = 0; k < count; k++) {
        const i = members[k]!;
        const x = i % w;
        const y = (i - x) / w;
        if (x < fx0) fx0 = x;
        if (x > fx1) fx1 = x;
        if (y < fy0) fy0 = y;
        if (y > fy1) fy1 = y;
      }
    }
  }
  if (fx1 < 0) return 0;
  // The shallow hair on its own box, with room for the mirrored texture.
  // (A mirror image lies at most `mirrorDepth` beyond the edge; its high-pass needs the blur's
  // radius more.)
  const margin = Math.ceil((tune.mirrorDepth + tune.mirrorBlur) * faceWidth + tune.ringWidth + 2);
  const fillBox = clipBox(
    fx0 + x0 - margin,
    fy0 + y0 - margin,
    fx1 + x0 + margin,
    fy1 + y0 + margin,
    width,
    height,
  );
  const fm = fillBox.w * fillBox.h;
  const fillHole = new Uint8Array(fm);
  const fillKept = new Uint8Array(fm);
  const blend = new Float32Array(fm);
  for (let y = 0; y < fillBox.h; y++)
    for (let x = 0; x < fillBox.w; x++) {
      const ix = x + fillBox.x0 - x0;
      const iy = y + fillBox.y0 - y0;
      if (ix < 0 || iy < 0 || ix >= w || iy >= h) continue;
      const i = iy * w + ix;
      const j = y * fillBox.w + x;
      if (kept[i]) fillKept[j] = 1;
      else if (hole[i]) {
        fillHole[j] = 1;
        blend[j] = smoothstep(cutFrom, cutTo, belowOf(x + fillBox.x0, y + fillBox.y0));
      }
    }
  return fillFromAround(input, fillBox, fillHole, fillKept, blend);
}

interface Box {
  x0: number;
  y0: number;
  w: number;
  h: number;
}

function clipBox(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width: number,
  height: number,
): Box {
  const left = clamp(Math.floor(x0), 0, width - 1);
  const top = clamp(Math.floor(y0), 0, height - 1);
  return {
    x0: left,
    y0: top,
    w: clamp(Math.ceil(x1), 0, width - 1) - left + 1,
    h: clamp(Math.ceil(y1), 0, height - 1) - top + 1,
  };
}

/** The known pixels just around the hole (not hair that is kept). */
function ringOf(hole: Uint8Array, kept: Uint8Array, w: number, h: number): number[] {
  const near = dilate(hole, w, h, tune.ringWidth);
  const ring: number[] = [];
  for (let i = 0; i < w * h; i++) if (near[i] && !hole[i] && !kept[i]) ring.push(i);
  return ring;
}

/**
 * The nearest ring pixel of every hole pixel (two-pass propagation through the hole, 8
 * neighbours; the ring surrounds it), −1 where none is found; `nearX`/`nearY` are every pixel's
 * coordinates.
 */
function nearestRing(
  hole: Uint8Array,
  ring: number[],
  w: number,
  h: number,
): { nearest: Int32Array; nearX: Int32Array; nearY: Int32Array } {
  const m = w * h;
  const nearest = new Int32Array(m).fill(-1);
  for (const i of ring) nearest[i] = i;
  const nearX = new Int32Array(m);
  const nearY = new Int32Array(m);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      nearX[y * w + x] = x;
      nearY[y * w + x] = y;
    }
  for (let pass = 0; pass < 2; pass++) {
    const step = pass === 0 ? -1 : 1;
    for (let k = 0; k < h; k++) {
      const y = pass === 0 ? k : h - 1 - k;
      for (let l = 0; l < w; l++) {
        const x = pass === 0 ? l : w - 1 - l;
        const i = y * w + x;
        if (!hole[i]) continue;
        let best = nearest[i]!;
        let bestD = Infinity;
        if (best >= 0) {
          const dx = nearX[best]! - x;
          const dy = nearY[best]! - y;
          bestD = dx * dx + dy * dy;
        }
        // Already visited neighbours: the one before in the row and the three in the row before.
        for (let n = 0; n < 4; n++) {
          const nx = x + (n === 0 ? step : n - 2);
          const ny = y + (n === 0 ? 0 : step);
          if (nx < 0 || nx >= w || ny < 0 || ny >= h) continue;
          const c = nearest[ny * w + nx]!;
          if (c < 0) continue;
          const dx = nearX[c]! - x;
          const dy = nearY[c]! - y;
          const d = dx * dx + dy * dy;
          if (d < bestD) {
            bestD = d;
            best = c;
          }
        }
        nearest[i] = best;
      }
    }
  }
  return { nearest, nearX, nearY };
}

/**
 * Fills the hole (box coordinates) from the ring around it, per colour group (see the module
 * comment), into `out` (blended by `blend`: the head stage's share). Returns the pixels changed.
 */
function fillFromAround(
  input: BelowJawInput,
  box: Box,
  hole: Uint8Array,
  kept: Uint8Array,
  blend: Float32Array,
): number {
  const { photo, out, mask, faceWidth } = input;
  const { width, data } = photo;
  const { x0, y0, w, h } = box;
  const m = w * h;
  const ring = ringOf(hole, kept, w, h);
  if (ring.length === 0) return 0;
  const { nearest, nearX, nearY } = nearestRing(hole, ring, w, h);
  const at = (i: number) => ((Math.floor(i / w) + y0) * width + (i % w) + x0) * 3;
  // The ring's colours, grouped (skin, clothing, background).
  const groupOf = groupColours(out, ring.map(at));
  const groups = Math.max(...groupOf) + 1;
  const ringGroup = new Int8Array(m).fill(-1);
  ring.forEach((i, k) => (ringGroup[i] = groupOf[k]!));

  // One membrane fill per group, from that group's ring pixels only, at half resolution (the
  // fill is smooth; the texture and the seams are added at full resolution).
  const lw = Math.ceil(w / 2);
  const lh = Math.ceil(h / 2);
  const fills: Float32Array[] = [];
  const lowLabels: Uint8Array[] = [];
  const weights: Float32Array[] = [];
  const seamRadius = Math.max(1, tune.seam * faceWidth);
  for (let g = 0; g < groups; g++) {
    const labels = new Uint8Array(lw * lh);
    const values = new Float32Array(lw * lh * 3);
    const counts = new Uint16Array(lw * lh);
    const oneHot = new Float32Array(m);
    for (let i = 0; i < m; i++) {
      const x = i % w;
      const li = (((i - x) / w) >> 1) * lw + (x >> 1);
      if (hole[i]) {
        if (labels[li] === fillLabel.excluded) labels[li] = fillLabel.unknown;
        if (nearest[i]! >= 0 && ringGroup[nearest[i]!] === g) oneHot[i] = 1;
      } else if (ringGroup[i] === g) {
        labels[li] = fillLabel.known;
        oneHot[i] = 1;
        const s = at(i);
        values[li * 3]! += out[s]!;
        values[li * 3 + 1]! += out[s + 1]!;
        values[li * 3 + 2]! += out[s + 2]!;
        counts[li]!++;
      }
    }
    for (let li = 0; li < lw * lh; li++)
      if (counts[li]! > 0)
        for (let c = 0; c < 3; c++) values[li * 3 + c] = values[li * 3 + c]! / counts[li]!;
    membraneFill(values, lw, lh, 3, labels);
    fills.push(values);
    lowLabels.push(labels);
    weights.push(boxBlur(oneHot, w, h, seamRadius));
  }
  // Texture: the high-pass of the known pixels, taken from the mirror image of each filled
  // pixel across its nearest edge pixel (what lies just beyond the hair continues into it).
  const blurRadius = Math.max(1, tune.mirrorBlur * faceWidth);
  const knownW = new Float32Array(m);
  const planes = [new Float32Array(m), new Float32Array(m), new Float32Array(m)];
  for (let i = 0; i < m; i++) {
    if (hole[i] || kept[i]) continue;
    knownW[i] = 1;
    const s = at(i);
    for (let c = 0; c < 3; c++) planes[c]![i] = out[s + c]!;
  }
  const knownBlur = boxBlur(knownW, w, h, blurRadius);
  const lows = planes.map((p) => boxBlur(p, w, h, blurRadius));
  const mirrorDepth = tune.mirrorDepth * faceWidth;

  let changed = 0;
  for (let i = 0; i < m; i++) {
    if (!hole[i]) continue;
    let total = 0;
    let r = 0;
    let gC = 0;
    let b = 0;
    const x = i % w;
    const y = (i - x) / w;
    const fx = Math.min(Math.max((x + 0.5) / 2 - 0.5, 0), lw - 1);
    const fy = Math.min(Math.max((y + 0.5) / 2 - 0.5, 0), lh - 1);
    const lx0 = Math.floor(fx);
    const ly0 = Math.floor(fy);
    const lx1 = Math.min(lx0 + 1, lw - 1);
    const ly1 = Math.min(ly0 + 1, lh - 1);
    const tx = fx - lx0;
    const ty = fy - ly0;
    for (let g = 0; g < groups; g++) {
      const wt = weights[g]![i]!;
      if (wt <= 0) continue;
      // Bilinear from the half-resolution fill, over its filled cells only.
      const values = fills[g]!;
      const labels = lowLabels[g]!;
      let cw = 0;
      let cr = 0;
      let cg = 0;
      let cb = 0;
      for (let corner = 0; corner < 4; corner++) {
        const cx = corner & 1 ? lx1 : lx0;
        const cy = corner & 2 ? ly1 : ly0;
        const li = cy * lw + cx;
        if (labels[li] === fillLabel.excluded) continue;
        const bw = (corner & 1 ? tx : 1 - tx) * (corner & 2 ? ty : 1 - ty) + 1e-6;
        cw += bw;
        cr += bw * values[li * 3]!;
        cg += bw * values[li * 3 + 1]!;
        cb += bw * values[li * 3 + 2]!;
      }
      if (cw <= 0) continue;
      total += wt;
      r += (wt * cr) / cw;
      gC += (wt * cg) / cw;
      b += (wt * cb) / cw;
    }
    if (total <= 0) continue;
    r /= total;
    gC /= total;
    b /= total;
    const edge = nearest[i]!;
    if (edge >= 0) {
      const px = x;
      const py = y;
      const ex = nearX[edge]!;
      const ey = nearY[edge]!;
      const d = Math.hypot(px - ex, py - ey);
      const mx = 2 * ex - px;
      const my = 2 * ey - py;
      const fade = 1 - smoothstep(mirrorDepth * 0.5, mirrorDepth, d);
      if (fade > 0 && mx >= 0 && my >= 0 && mx < w && my < h) {
        const j = my * w + mx;
        if (knownW[j] && knownBlur[j]! > 0.5) {
          const s = at(j);
          const norm = 1 / knownBlur[j]!;
          const lr = lows[0]![j]! * norm;
          const lg = lows[1]![j]! * norm;
          const lb = lows[2]![j]! * norm;
          // Only texture of what the fill continues (the mirror image may lie across another
          // edge: an arm's outline, the top's neckline).
          const apart = Math.hypot(lr - r, lg - gC, lb - b);
          const same = fade * (1 - smoothstep(tune.mirrorMatch * 0.5, tune.mirrorMatch, apart));
          r += same * (out[s]! - lr);
          gC += same * (out[s + 1]! - lg);
          b += same * (out[s + 2]! - lb);
        }
      }
    }
    const k = blend[i]!;
    const o = ((Math.floor(i / w) + y0) * width + (i % w) + x0) * 3;
    // The head stage left (1 − k) of the original hair here: swap it for the fill.
    out[o] = clamp(Math.round(out[o]! + k * (r - data[o]!)), 0, 255);
    out[o + 1] = clamp(Math.round(out[o + 1]! + k * (gC - data[o + 1]!)), 0, 255);
    out[o + 2] = clamp(Math.round(out[o + 2]! + k * (b - data[o + 2]!)), 0, 255);
    const mi = o / 3;
    // Replaced: the head stage's share (1 − k) plus this one's.
    mask[mi] = Math.min(255, mask[mi]! + Math.round(255 * k));
    changed++;
  }
  return changed;
}

/**
 * k-means of the colours at `offsets` of `rgb` (centres fitted on at most a few thousand of
 * them, started from the farthest colours, so deterministic): the group of each, 0-based, dense;
 * groups closer than `mergeDistance` or smaller than `minShare` are merged into their nearest.
 */
function groupColours(rgb: Uint8Array, offsets: number[]): number[] {
  const n = offsets.length;
  const stride = Math.max(1, Math.floor(n / 3000));
  const sample: number[] = [];
  for (let k = 0; k < n; k += stride) sample.push(offsets[k]!);
  const d2 = (o: number, c: Float64Array) => {
    const dr = rgb[o]! - c[0]!;
    const dg = rgb[o + 1]! - c[1]!;
    const db = rgb[o + 2]! - c[2]!;
    return dr * dr + dg * dg + db * db;
  };
  const nearestCentre = (o: number, centres: Float64Array[]) => {
    let best = 0;
    let bestD = d2(o, centres[0]!);
    for (let g = 1; g < centres.length; g++) {
      const d = d2(o, centres[g]!);
      if (d < bestD) {
        bestD = d;
        best = g;
      }
    }
    return best;
  };
  const at = (o: number) => Float64Array.of(rgb[o]!, rgb[o + 1]!, rgb[o + 2]!);
  // Start: the colour farthest from the mean, then the one farthest from every centre so far.
  const mean = new Float64Array(3);
  for (const o of sample) for (let c = 0; c < 3; c++) mean[c]! += rgb[o + c]! / sample.length;
  const centres = [mean];
  while (centres.length <= tune.groups) {
    let far = sample[0]!;
    let farD = -1;
    for (const o of sample) {
      const d = d2(o, centres[nearestCentre(o, centres)]!);
      if (d > farD) {
        farD = d;
        far = o;
      }
    }
    centres.push(at(far));
  }
  centres.shift();
  const counts = new Float64Array(centres.length);
  for (let iter = 0; iter < 8; iter++) {
    const sums = centres.map(() => new Float64Array(3));
    counts.fill(0);
    for (const o of sample) {
      const g = nearestCentre(o, centres);
      for (let c = 0; c < 3; c++) sums[g]![c]! += rgb[o + c]!;
      counts[g]!++;
    }
    for (let g = 0; g < centres.length; g++)
      if (counts[g]! > 0) for (let c = 0; c < 3; c++) centres[g]![c] = sums[g]![c]! / counts[g]!;
  }
  // Merge, smallest first.
  const target = centres.map((_, g) => g);
  const order = centres.map((_, g) => g).sort((a, b) => counts[a]! - counts[b]!);
  for (const g of order) {
    let best = -1;
    let bestD = Infinity;
    for (let o = 0; o < centres.length; o++) {
      if (o === g || target[o] !== o || counts[o] === 0) continue;
      const dist = Math.hypot(
        centres[g]![0]! - centres[o]![0]!,
        centres[g]![1]! - centres[o]![1]!,
        centres[g]![2]! - centres[o]![2]!,
      );
      if (dist < bestD) {
        bestD = dist;
        best = o;
      }
    }
    if (best >= 0 && (bestD < tune.mergeDistance || counts[g]! < tune.minShare * sample.length)) {
      target[g] = best;
      counts[best]! += counts[g]!;
      counts[g] = 0;
    }
  }
  const root = (g: number): number => (target[g] === g ? g : root(target[g]!));
  // Every colour goes to the nearest centre that was not merged away.
  const live = centres.filter((_, g) => root(g) === g);
  return offsets.map((o) => nearestCentre(o, live));
}

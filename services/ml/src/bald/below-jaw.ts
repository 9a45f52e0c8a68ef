import { fillLabel, membraneFill } from './membrane.js';
import { bodyPrior } from './body.js';
import { patchFill } from './patch-fill.js';
import { boxBlur, clamp, dilate, fillPolygon, smoothstep, type Vec2 } from './raster.js';

/**
 * Long hair below the jaw (on the shoulders, the chest, beside the neck), which the head stage
 * of the bald image leaves (src/bald/bald.ts, `removeBelowChin`): replaced by what surrounds it.
 * First a guess per kind of surrounding: the pixels just around the hair are grouped by colour
 * (neck or shoulder skin, clothing, background); each group is continued into the hair with a
 * membrane fill of its own, and every filled pixel takes the group of the nearest pixel around
 * the hair, so skin continues from skin and the top from the top. Then each piece of hair is
 * rebuilt from patches of what lies around it, starting from that guess (patch-fill.ts), and,
 * with the shoulders known, the hair over the body (body.ts) only from the body, the rest only
 * from the background. Hair deeper than a patch fill should guess at (`patchMaxDepth`,
 * `bodyMaxDepth`) stays; when there is nothing to copy the guess itself is used, with the real
 * texture near the edge (the surroundings mirrored across the hair's edge, high-pass only), on
 * hair thin enough for that (`maxDepth`).
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
  /** The person's shoulder joints, when a body-pose detector found them (see `bodyPrior`). */
  shoulders?: { left: Vec2; right: Vec2 } | undefined;
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
  /**
   * The same limit for the patch fill, which copies real pixels (texture and edges): deeper
   * than the membrane's, but a guess all the same (0.7 turned braids over a T-shirt into black
   * and white blocks)…
   */
  patchMaxDepth: 0.4,
  /**
   * …and when the shoulders are known (the body's outline is then a guess of its own: at 0.7
   * a shoulder under a thick curtain of hair became wall).
   */
  bodyMaxDepth: 0.5,
  /** The patch fill's sources: known pixels within this share of the face width of the hair. */
  patchReach: 0.3,
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
  // percentile): a piece deeper than the limit stays as it is (a fill that far from every real
  // pixel is only a blur), and is no boundary for the others (it is hair). The patch fill,
  // which copies real pixels, has a limit of its own.
  const pieces = hairPieces(hole, nearest, nearX, nearY, w, h, faceWidth);
  // The pieces on a box of their own (in photo coordinates), with room for the mirrored
  // texture: a mirror image lies at most `mirrorDepth` beyond the edge, its high-pass needs the
  // blur's radius more.
  const region = (selection: Selection) => {
    const { kept } = selection;
    const margin = Math.ceil((tune.mirrorDepth + tune.mirrorBlur) * faceWidth + tune.ringWidth + 2);
    const fillBox = selectionBox(selection, box, margin, width, height);
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
    return { fillBox, fillHole, fillKept, blend };
  };
  // The patch fill, which copies real pixels (texture and edges), takes deeper hair than the
  // membrane. It starts from the membrane's grouped fill, which says which surrounding continues
  // where (the neck's skin down the chest rather than the top beside it).
  const viaPatches = pieces.select(input.shoulders ? tune.bodyMaxDepth : tune.patchMaxDepth);
  if (viaPatches) {
    const { fillBox, fillHole, fillKept } = region(viaPatches);
    const guess = new Uint8Array(input.out);
    for (let y = 0; y < fillBox.h; y++)
      for (let x = 0; x < fillBox.w; x++) {
        if (!fillHole[y * fillBox.w + x]) continue;
        const o = ((y + fillBox.y0) * width + x + fillBox.x0) * 3;
        guess[o] = photo.data[o]!;
        guess[o + 1] = photo.data[o + 1]!;
        guess[o + 2] = photo.data[o + 2]!;
      }
    fillFromAround(
      { ...input, out: guess, mask: new Uint8Array(width * height) },
      fillBox,
      fillHole,
      fillKept,
      new Float32Array(fillHole.length).fill(1),
    );
    const changed = fillWithPatches(input, box, viaPatches, guess, cutFrom, cutTo, belowOf);
    if (changed >= 0) return changed;
  }
  // Else the membrane alone, on the pieces shallow enough for it.
  const viaMembrane = pieces.select(tune.maxDepth);
  if (!viaMembrane) return 0;
  const { fillBox, fillHole, fillKept, blend } = region(viaMembrane);
  return fillFromAround(input, fillBox, fillHole, fillKept, blend);
}

/** The hair pieces kept (too deep to fill) for a depth limit, and the others with their boxes. */
interface Selection {
  kept: Uint8Array;
  fx0: number;
  fy0: number;
  fx1: number;
  fy1: number;
  /** Every hole pixel's piece (−1 elsewhere). */
  piece: Int32Array;
  /** The pieces to fill: their ids and boxes (inclusive, box coordinates). */
  filled: { id: number; x0: number; y0: number; x1: number; y1: number }[];
}

/** The box (photo coordinates) of the pieces a selection fills, grown by `margin` and clipped. */
function selectionBox(
  selection: Selection,
  box: Box,
  margin: number,
  width: number,
  height: number,
): Box {
  const { fx0, fy0, fx1, fy1 } = selection;
  return clipBox(
    fx0 + box.x0 - margin,
    fy0 + box.y0 - margin,
    fx1 + box.x0 + margin,
    fy1 + box.y0 + margin,
    width,
    height,
  );
}

/**
 * The connected pieces of the hole and how deep each is; `select(limit)` keeps the pieces whose
 * 95th percentile of depth (distance to the nearest ring pixel, in face widths) is over `limit`,
 * null when every piece is kept.
 */
function hairPieces(
  hole: Uint8Array,
  nearest: Int32Array,
  nearX: Int32Array,
  nearY: Int32Array,
  w: number,
  h: number,
  faceWidth: number,
): { select: (limit: number) => Selection | null } {
  const m = w * h;
  const piece = new Int32Array(m).fill(-1);
  const depths: Float32Array[] = [];
  const stack = new Int32Array(m);
  const members: number[] = [];
  for (let start = 0; start < m; start++) {
    if (!hole[start] || piece[start]! >= 0) continue;
    const id = depths.length;
    members.length = 0;
    let top = 0;
    stack[top++] = start;
    piece[start] = id;
    while (top > 0) {
      const i = stack[--top]!;
      members.push(i);
      const x = i % w;
      for (let n = 0; n < 4; n++) {
        if ((n === 0 && x === 0) || (n === 1 && x === w - 1)) continue;
        const j = n === 0 ? i - 1 : n === 1 ? i + 1 : n === 2 ? i - w : i + w;
        if (j < 0 || j >= m || !hole[j] || piece[j]! >= 0) continue;
        piece[j] = id;
        stack[top++] = j;
      }
    }
    const d = new Float32Array(members.length);
    members.forEach((i, k) => {
      const x = i % w;
      const c = nearest[i]!;
      d[k] =
        c >= 0
          ? Math.fround(Math.hypot(nearX[c]! - x, nearY[c]! - (i - x) / w)) / faceWidth
          : Infinity;
    });
    depths.push(d.sort());
  }
  // The 95th percentile: deeper than the limit when at least the top 5 % are.
  const p95 = depths.map((d) => d[Math.floor(d.length * 0.95)] ?? d[d.length - 1]!);
  return {
    select(limit) {
      const kept = new Uint8Array(m);
      const boxes = new Map<
        number,
        { id: number; x0: number; y0: number; x1: number; y1: number }
      >();
      for (let i = 0; i < m; i++) {
        const id = piece[i]!;
        if (id < 0) continue;
        if (p95[id]! > limit) {
          kept[i] = 1;
          continue;
        }
        const x = i % w;
        const y = (i - x) / w;
        const b = boxes.get(id);
        if (!b) boxes.set(id, { id, x0: x, y0: y, x1: x, y1: y });
        else {
          if (x < b.x0) b.x0 = x;
          if (x > b.x1) b.x1 = x;
          if (y > b.y1) b.y1 = y;
        }
      }
      if (boxes.size === 0) return null;
      const filled = [...boxes.values()];
      return {
        kept,
        piece,
        filled,
        fx0: Math.min(...filled.map((b) => b.x0)),
        fy0: Math.min(...filled.map((b) => b.y0)),
        fx1: Math.max(...filled.map((b) => b.x1)),
        fy1: Math.max(...filled.map((b) => b.y1)),
      };
    },
  };
}

/**
 * The hair rebuilt from patches of what lies around it (patch-fill.ts) in the head stage's
 * result, so what the head stage put above the cut continues below it; the face and the hair
 * left are never copied. Each piece of hair is filled on its own (its own box, and a pyramid as
 * deep as it is: a thin strand is not coarsened away with a wide curtain's levels). With the
 * shoulders known, the hair over the body (`bodyPrior`) is rebuilt from the body around it and
 * the hair over the background from the background, each on its own, so a chest does not turn
 * into wall nor the wall into skin; the two meet in a one-pixel blend along the outline.
 * Returns the pixels changed, −1 when there is nothing to copy (the caller then uses the
 * membrane fill).
 */
function fillWithPatches(
  input: BelowJawInput,
  box: Box,
  selection: Selection,
  start: Uint8Array,
  cutFrom: number,
  cutTo: number,
  belowOf: (x: number, y: number) => number,
): number {
  const { photo, out, mask, matte, threshold, faceWidth } = input;
  const { width, height, data } = photo;
  const { x0, y0, w } = box;
  const { kept, piece } = selection;
  // What the fills may use: the hair's box and the sources' reach around it.
  const reach = Math.ceil(tune.patchReach * faceWidth) + 8;
  const area = selectionBox(selection, box, reach, width, height);
  const am = area.w * area.h;
  const hair = new Uint8Array(am);
  for (let y = 0; y < area.h; y++)
    for (let x = 0; x < area.w; x++) {
      const g = (y + area.y0) * width + x + area.x0;
      // Hair the head stage did not replace (a replaced pixel holds its fill: a source).
      hair[y * area.w + x] = matte[g]! >= threshold && mask[g]! < 128 ? 1 : 0;
    }
  const hairNear = dilate(hair, area.w, area.h, Math.max(2, input.hairGrow * faceWidth));
  const face = new Uint8Array(am);
  fillPolygon(
    face,
    area.w,
    area.h,
    input.faceOval.map((p): Vec2 => [p[0] - area.x0, p[1] - area.y0]),
  );
  // Per pixel of the area: the piece it is to be filled as (≥ 0), a source (−2), or neither (−1).
  const role = new Int32Array(am).fill(-1);
  for (let y = 0; y < area.h; y++)
    for (let x = 0; x < area.w; x++) {
      const a = y * area.w + x;
      const bx = x + area.x0 - x0;
      const by = y + area.y0 - y0;
      const inBox = bx >= 0 && by >= 0 && bx < box.w && by < box.h;
      const id = inBox ? piece[by * w + bx]! : -1;
      if (id >= 0) role[a] = kept[by * w + bx] ? -1 : id;
      else if (!hairNear[a] && !face[a]) role[a] = -2;
    }
  const prior = input.shoulders ? bodyPrior({ ...input, shoulders: input.shoulders }, area) : null;
  // Each part's share of a pixel: the body's (1) and the rest's (0), or one part (−1).
  const share = (a: number, part: number) =>
    part < 0 ? 1 : part === 1 ? prior!.inside[a]! : 1 - prior!.inside[a]!;
  const sum = new Float32Array(am * 3);
  const weight = new Float32Array(am);
  const labels = new Uint8Array(width * height);
  for (const p of selection.filled) {
    const px0 = Math.max(area.x0, p.x0 + x0 - reach);
    const py0 = Math.max(area.y0, p.y0 + y0 - reach);
    const px1 = Math.min(area.x0 + area.w - 1, p.x1 + x0 + reach);
    const py1 = Math.min(area.y0 + area.h - 1, p.y1 + y0 + reach);
    // Each pass clears what it wrote (the next finds its hole's box over the whole photo).
    const clear = () => {
      for (let gy = py0; gy <= py1; gy++)
        labels.fill(fillLabel.excluded, gy * width + px0, gy * width + px1 + 1);
    };
    for (const part of prior ? [1, 0] : [-1]) {
      let unknown = 0;
      for (let gy = py0; gy <= py1; gy++)
        for (let gx = px0; gx <= px1; gx++) {
          const a = (gy - area.y0) * area.w + gx - area.x0;
          const g = gy * width + gx;
          const sh = share(a, part);
          if (role[a] === p.id && sh > 0) {
            labels[g] = fillLabel.unknown;
            unknown++;
          } else if (role[a] === -2 && sh >= 0.5 && (!prior || prior.sure[a]))
            labels[g] = fillLabel.known;
        }
      if (unknown === 0) {
        clear();
        continue;
      }
      const fill = patchFill({ data: out, width, height }, labels, {
        reach: tune.patchReach * faceWidth,
        seed: 11 + p.id * 2 + part,
        start,
      });
      if (!fill) return -1;
      for (let fy = 0; fy < fill.h; fy++)
        for (let fx = 0; fx < fill.w; fx++) {
          const gx = fx + fill.x0;
          const gy = fy + fill.y0;
          if (labels[gy * width + gx] !== fillLabel.unknown) continue;
          const a = (gy - area.y0) * area.w + gx - area.x0;
          const wt = share(a, part);
          const v = (fy * fill.w + fx) * 3;
          for (let c = 0; c < 3; c++) sum[a * 3 + c]! += wt * fill.values[v + c]!;
          weight[a]! += wt;
        }
      clear();
    }
  }
  let changed = 0;
  for (let a = 0; a < am; a++) {
    if (weight[a]! <= 0) continue;
    const gx = (a % area.w) + area.x0;
    const gy = Math.floor(a / area.w) + area.y0;
    const g = gy * width + gx;
    const k = smoothstep(cutFrom, cutTo, belowOf(gx, gy));
    const o = g * 3;
    // The head stage left (1 − k) of the original hair here: swap it for the fill.
    for (let c = 0; c < 3; c++)
      out[o + c] = clamp(
        Math.round(out[o + c]! + k * (sum[a * 3 + c]! / weight[a]! - data[o + c]!)),
        0,
        255,
      );
    mask[g] = Math.min(255, mask[g]! + Math.round(255 * k));
    changed++;
  }
  return changed;
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

import { fillLabel, membraneFill, unknownBox } from './membrane.js';
import { distanceTo } from './raster.js';
import { mulberry32 } from '../prng.js';

/**
 * Patch-based completion of a hole ("content-aware fill"): every unknown pixel is rebuilt from
 * patches of the known pixels around it, so a wall keeps its grain, a blurred room its bokeh
 * and a backdrop its weave, where a membrane fill (membrane.ts) leaves a smooth smear that blends
 * whatever colours meet at the hole's edge (a shoulder's skin glowing into a dark backdrop).
 *
 * The method is Wexler, Shechtman & Irani's (2007, "Space-time completion of video"): a coarse
 * to fine pyramid; on each level, alternately (1) find for each patch overlapping the hole its
 * nearest known patch (sum of squared RGB differences over the target patch's usable pixels),
 * with Barnes et al.'s PatchMatch (2009: random start, propagation from the neighbours,
 * random search in shrinking windows), and (2) set each unknown pixel to the weighted mean of
 * what the patches covering it say (weight exp(−d / 2σ²), σ² the 75th percentile of the
 * distances). The coarsest level starts from the membrane fill; each finer level from the
 * coarser one's correspondences. Pixels labelled `excluded` are neither a source nor compared
 * (so the face, a skin fill or kept hair next to the hole does not steer it). Deterministic for a
 * seed; pure and synchronous.
 */

export interface PatchFillOptions {
  /** The patch's half side (default 3: 7 × 7 patches). */
  radius?: number;
  /** Sources are taken from known pixels at most this far (px) from the hole. */
  reach: number;
  seed?: number;
  /**
   * Search-and-vote rounds per level (default 5), and on the finest level (default 0: the
   * coarser level's correspondences scaled up vote once).
   */
  iterations?: number;
  finestIterations?: number;
  /**
   * A first guess for the unknown pixels (RGB, the photo's size), where the coarsest level
   * starts instead of a membrane fill (e.g. a fill that already knows which surrounding
   * continues where).
   */
  start?: Uint8Array;
}

/** Values (RGB, 0–255 as floats) over the box of the unknown pixels plus one pixel each way. */
export interface FillBox {
  values: Float32Array;
  x0: number;
  y0: number;
  w: number;
  h: number;
}

interface Level {
  w: number;
  h: number;
  img: Float32Array;
  lab: Uint8Array;
}

/**
 * A level with more patches over the hole than this is not searched: the coarser level's
 * correspondences, scaled up, vote there (the pixels copied are still the level's own, so the
 * fill keeps its fine texture; the search dominated the time: 0.9 s of 1.6 s on one 1024-px
 * portrait whose hair covered both sides of the head).
 */
const maxSearched = 30_000;

/** A coarser level is used only with at least this many whole known patches. */
const minCoarseSources = 32;

/** Fewer sources than this on a level and it is not searched (its coarser result is kept). */
const minSources = 8;

/**
 * Fills the pixels of `labels` marked unknown in a copy of the photo's box around them; null when
 * there is no unknown pixel or no complete known patch to copy from (the caller then falls back
 * to a membrane fill).
 */
export function patchFill(
  photo: { data: Uint8Array; width: number; height: number },
  labels: Uint8Array,
  options: PatchFillOptions,
): FillBox | null {
  const { data, width, height } = photo;
  const r = options.radius ?? 3;
  const hole = unknownBox(labels, width, height);
  if (!hole) return null;
  const { x0: ux0, y0: uy0, x1: ux1, y1: uy1 } = hole;
  // The working box: the hole's box and the sources' reach (at least a patch and a pixel).
  const reach = Math.ceil(Math.max(options.reach, 2 * r + 2));
  const bx0 = Math.max(0, ux0 - reach);
  const by0 = Math.max(0, uy0 - reach);
  const bw = Math.min(width - 1, ux1 + reach) - bx0 + 1;
  const bh = Math.min(height - 1, uy1 + reach) - by0 + 1;
  const finest: Level = {
    w: bw,
    h: bh,
    img: new Float32Array(bw * bh * 3),
    lab: new Uint8Array(bw * bh),
  };
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) {
      const src = (y + by0) * width + x + bx0;
      const dst = y * bw + x;
      finest.lab[dst] = labels[src]!;
      const from =
        labels[src] === fillLabel.known
          ? data
          : labels[src] === fillLabel.unknown
            ? options.start
            : undefined;
      if (from) {
        finest.img[dst * 3] = from[src * 3]!;
        finest.img[dst * 3 + 1] = from[src * 3 + 1]!;
        finest.img[dst * 3 + 2] = from[src * 3 + 2]!;
      }
    }
  // Levels: halve until the hole is at most a few patches deep (its deepest pixel within two
  // patch widths of a known one), or the box would be too small to hold patches.
  const known = new Uint8Array(bw * bh);
  for (let i = 0; i < known.length; i++) known[i] = finest.lab[i] === fillLabel.known ? 1 : 0;
  const depth = distanceTo(known, bw, bh);
  let deepest = 0;
  for (let i = 0; i < depth.length; i++)
    if (finest.lab[i] === fillLabel.unknown && Number.isFinite(depth[i]!))
      deepest = Math.max(deepest, depth[i]!);
  const levels: Level[] = [finest];
  while (levels.length < 7) {
    const top = levels[levels.length - 1]!;
    const scale = 2 ** (levels.length - 1);
    if (deepest / scale <= 2 * (2 * r + 1)) break;
    if (Math.min(top.w, top.h) / 2 < 4 * (2 * r + 1)) break;
    // A level with few whole known patches for its hole copies those few everywhere (a flat
    // block of the one overexposed corner in reach): coarsening stops before that.
    const coarse = coarsen(top);
    if (countSources(coarse, r) < minCoarseSources) break;
    levels.push(coarse);
  }
  const rand = mulberry32(options.seed ?? 1);
  const coarsest = levels[levels.length - 1]!;
  if (!options.start) membraneFill(coarsest.img, coarsest.w, coarsest.h, 3, coarsest.lab);
  let nnf: Int32Array | null = null;
  let searched = false;
  for (let k = levels.length - 1; k >= 0; k--) {
    const level = levels[k]!;
    if (k < levels.length - 1) upsampleImage(levels[k + 1]!, level);
    const pm = new PatchMatch(level, r, rand);
    if (pm.sources.length < minSources) {
      nnf = null;
      continue;
    }
    // A level with no coarser field to start from is always searched (its start is random);
    // levels with many targets only when no coarser level was (see maxSearched).
    const rounds = !nnf
      ? (options.iterations ?? 5)
      : pm.targets.length > maxSearched
        ? 0
        : k === 0
          ? (options.finestIterations ?? 0)
          : (options.iterations ?? 5);
    pm.start(nnf ? { nnf, from: levels[k + 1]! } : null, rounds > 0);
    for (let it = 0; it < rounds; it++) {
      pm.search(it % 2 === 0);
      pm.vote(true);
    }
    // With no search on this level, the coarser level's correspondences scaled up vote once,
    // all alike (they agree wherever the field is coherent; measuring them cost as much as
    // the vote).
    if (rounds === 0) pm.vote(false);
    nnf = pm.nnf;
    searched = true;
  }
  if (!searched) return null;
  // The result over the unknown pixels' box plus one pixel (as the membrane fill's).
  const x0 = Math.max(0, ux0 - 1);
  const y0 = Math.max(0, uy0 - 1);
  const w = Math.min(width - 1, ux1 + 1) - x0 + 1;
  const h = Math.min(height - 1, uy1 + 1) - y0 + 1;
  const values = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const dst = (y * w + x) * 3;
      const lx = x + x0 - bx0;
      const ly = y + y0 - by0;
      const li = ly * bw + lx;
      if (finest.lab[li] === fillLabel.unknown) {
        values[dst] = finest.img[li * 3]!;
        values[dst + 1] = finest.img[li * 3 + 1]!;
        values[dst + 2] = finest.img[li * 3 + 2]!;
      } else {
        const src = ((y + y0) * width + x + x0) * 3;
        values[dst] = data[src]!;
        values[dst + 1] = data[src + 1]!;
        values[dst + 2] = data[src + 2]!;
      }
    }
  return { values, x0, y0, w, h };
}

/**
 * Half the size: a coarse pixel is unknown if any of its four is (the mean of its unknown ones:
 * the first guess, if any), else known (the mean of its known ones) if any is known, else
 * excluded.
 */
function coarsen(fine: Level): Level {
  const w = Math.ceil(fine.w / 2);
  const h = Math.ceil(fine.h / 2);
  const img = new Float32Array(w * h * 3);
  const lab = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      // The known pixels' sums and count, and the unknown ones'.
      let kr = 0;
      let kg = 0;
      let kb = 0;
      let kn = 0;
      let ur = 0;
      let ug = 0;
      let ub = 0;
      let un = 0;
      for (let dy = 0; dy < 2; dy++)
        for (let dx = 0; dx < 2; dx++) {
          const fx = 2 * x + dx;
          const fy = 2 * y + dy;
          if (fx >= fine.w || fy >= fine.h) continue;
          const i = fy * fine.w + fx;
          const l = fine.lab[i];
          if (l === fillLabel.unknown) {
            ur += fine.img[i * 3]!;
            ug += fine.img[i * 3 + 1]!;
            ub += fine.img[i * 3 + 2]!;
            un++;
          } else if (l === fillLabel.known) {
            kr += fine.img[i * 3]!;
            kg += fine.img[i * 3 + 1]!;
            kb += fine.img[i * 3 + 2]!;
            kn++;
          }
        }
      const i = y * w + x;
      if (un > 0) {
        lab[i] = fillLabel.unknown;
        img[i * 3] = ur / un;
        img[i * 3 + 1] = ug / un;
        img[i * 3 + 2] = ub / un;
      } else if (kn > 0) {
        lab[i] = fillLabel.known;
        img[i * 3] = kr / kn;
        img[i * 3 + 1] = kg / kn;
        img[i * 3 + 2] = kb / kn;
      }
    }
  return { w, h, img, lab };
}

/** The finer level's unknown pixels start from the coarser level's result (nearest pixel). */
function upsampleImage(coarse: Level, fine: Level): void {
  for (let y = 0; y < fine.h; y++)
    for (let x = 0; x < fine.w; x++) {
      const i = y * fine.w + x;
      if (fine.lab[i] !== fillLabel.unknown) continue;
      const j = Math.min(y >> 1, coarse.h - 1) * coarse.w + Math.min(x >> 1, coarse.w - 1);
      fine.img[i * 3] = coarse.img[j * 3]!;
      fine.img[i * 3 + 1] = coarse.img[j * 3 + 1]!;
      fine.img[i * 3 + 2] = coarse.img[j * 3 + 2]!;
    }
}

/** How many whole known patches (centres) a level has. */
function countSources(level: Level, r: number): number {
  const { w, h, lab } = level;
  const known = new Uint8Array(w * h);
  for (let i = 0; i < lab.length; i++) known[i] = lab[i] === fillLabel.known ? 1 : 0;
  const s = integral(known, w, h);
  const side = 2 * r + 1;
  let sources = 0;
  for (let y = r; y < h - r; y++)
    for (let x = r; x < w - r; x++) if (patchSum(s, w, r, x, y) === side * side) sources++;
  return sources;
}

/** The sum of an integral image (`integral`, of width w) over the patch of radius r at (x, y). */
function patchSum(s: Int32Array, w: number, r: number, x: number, y: number): number {
  return (
    s[(y + r + 1) * (w + 1) + x + r + 1]! -
    s[(y - r) * (w + 1) + x + r + 1]! -
    s[(y + r + 1) * (w + 1) + x - r]! +
    s[(y - r) * (w + 1) + x - r]!
  );
}

/** Integral image of a 0/1 mask, (w + 1) × (h + 1). */
function integral(mask: Uint8Array, w: number, h: number): Int32Array {
  const s = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += mask[y * w + x]!;
      s[(y + 1) * (w + 1) + x + 1] = s[y * (w + 1) + x + 1]! + row;
    }
  }
  return s;
}

/** One level's nearest-neighbour field, its search and its vote. */
class PatchMatch {
  /** Patch centres whose whole patch is known. */
  readonly sources: Int32Array;
  /** Patch centres whose patch holds an unknown pixel, in scan order. */
  readonly targets: Int32Array;
  /** Per pixel: the source centre of the target centred there (−1 elsewhere). */
  readonly nnf: Int32Array;
  private readonly valid: Uint8Array;
  private readonly dist: Float32Array;
  /** Per target pixel: how many pixels of its patch are compared (not excluded). */
  private readonly used: Uint16Array;
  private readonly offsets: Int32Array;
  /** The middle 3 × 3 of a patch: what votes where the field was not searched. */
  private readonly nearOffsets: Int32Array;
  private readonly compare: Uint8Array;
  private acc: Float32Array | null = null;
  private wsum: Float32Array | null = null;

  constructor(
    private readonly level: Level,
    private readonly r: number,
    private readonly rand: () => number,
  ) {
    const { w, h, lab } = level;
    const side = 2 * r + 1;
    const isKnown = new Uint8Array(w * h);
    const isUnknown = new Uint8Array(w * h);
    this.compare = new Uint8Array(w * h);
    for (let i = 0; i < lab.length; i++) {
      isKnown[i] = lab[i] === fillLabel.known ? 1 : 0;
      isUnknown[i] = lab[i] === fillLabel.unknown ? 1 : 0;
      this.compare[i] = lab[i] === fillLabel.excluded ? 0 : 1;
    }
    const sk = integral(isKnown, w, h);
    const su = integral(isUnknown, w, h);
    // Per centre: 1 a source, 2 a target (typed arrays throughout: a 1000-px box holds
    // hundreds of thousands of either, and plain arrays of them kept the collector busy).
    const kind = new Uint8Array(w * h);
    let sourceCount = 0;
    let targetCount = 0;
    for (let y = r; y < h - r; y++)
      for (let x = r; x < w - r; x++) {
        const i = y * w + x;
        if (patchSum(sk, w, r, x, y) === side * side) {
          kind[i] = 1;
          sourceCount++;
        } else if (patchSum(su, w, r, x, y) > 0) {
          kind[i] = 2;
          targetCount++;
        }
      }
    this.valid = new Uint8Array(w * h);
    this.sources = new Int32Array(sourceCount);
    this.targets = new Int32Array(targetCount);
    sourceCount = 0;
    targetCount = 0;
    for (let i = 0; i < kind.length; i++)
      if (kind[i] === 1) {
        this.valid[i] = 1;
        this.sources[sourceCount++] = i;
      } else if (kind[i] === 2) this.targets[targetCount++] = i;
    this.nnf = new Int32Array(w * h).fill(-1);
    this.dist = new Float32Array(w * h);
    this.used = new Uint16Array(w * h);
    const offsets: number[] = [];
    for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) offsets.push(dy * w + dx);
    this.offsets = Int32Array.from(offsets);
    const near: number[] = [];
    const q = Math.min(r, 1);
    for (let dy = -q; dy <= q; dy++) for (let dx = -q; dx <= q; dx++) near.push(dy * w + dx);
    this.nearOffsets = Int32Array.from(near);
    const sc = integral(this.compare, w, h);
    for (const t of this.targets) this.used[t] = patchSum(sc, w, r, t % w, Math.floor(t / w));
  }

  /** Random correspondences, or the coarser level's scaled up where they are still valid. */
  start(coarse: { nnf: Int32Array; from: Level } | null, measure: boolean): void {
    const { w } = this.level;
    for (const t of this.targets) {
      let s = -1;
      if (coarse) {
        const x = t % w;
        const y = (t - x) / w;
        const cw = coarse.from.w;
        const cx = Math.min(x >> 1, cw - 1);
        const cy = Math.min(y >> 1, coarse.from.h - 1);
        const cs = coarse.nnf[cy * cw + cx]!;
        if (cs >= 0) {
          const sx = 2 * (cs % cw) + (x & 1);
          const sy = 2 * Math.floor(cs / cw) + (y & 1);
          const c = sy * w + sx;
          if (sx < w && c < this.valid.length && this.valid[c]) s = c;
        }
      }
      if (s < 0) s = this.sources[Math.floor(this.rand() * this.sources.length)]!;
      this.nnf[t] = s;
      if (measure) this.dist[t] = this.distance(t, s, Infinity);
    }
  }

  /** Sum of squared differences over the target patch's compared pixels; stops past `best`. */
  private distance(t: number, s: number, best: number): number {
    const { img } = this.level;
    const { offsets, compare } = this;
    let d = 0;
    for (let k = 0; k < offsets.length; k++) {
      const a = t + offsets[k]!;
      if (!compare[a]) continue;
      const b = s + offsets[k]!;
      const dr = img[a * 3]! - img[b * 3]!;
      const dg = img[a * 3 + 1]! - img[b * 3 + 1]!;
      const db = img[a * 3 + 2]! - img[b * 3 + 2]!;
      d += dr * dr + dg * dg + db * db;
      if (d >= best) return d;
    }
    return d;
  }

  private tryCandidate(t: number, s: number): void {
    if (s < 0 || s >= this.valid.length || !this.valid[s] || s === this.nnf[t]) return;
    const d = this.distance(t, s, this.dist[t]!);
    if (d < this.dist[t]!) {
      this.dist[t] = d;
      this.nnf[t] = s;
    }
  }

  /** One PatchMatch pass: propagation from the previous neighbours, then random search. */
  search(forward: boolean): void {
    const { w, h } = this.level;
    const { targets, nnf } = this;
    const step = forward ? 1 : -1;
    const n = targets.length;
    for (let k = 0; k < n; k++) {
      const t = targets[forward ? k : n - 1 - k]!;
      const x = t % w;
      // Propagation: the neighbour's source shifted by one (same row only).
      const side = t - step;
      if (x - step >= 0 && x - step < w && nnf[side]! >= 0) {
        const s = nnf[side]! + step;
        if (s % w === (nnf[side]! % w) + step) this.tryCandidate(t, s);
      }
      const above = t - step * w;
      if (above >= 0 && above < nnf.length && nnf[above]! >= 0)
        this.tryCandidate(t, nnf[above]! + step * w);
      // Random search around the current best, the window halving each time.
      const best = nnf[t]!;
      const bx = best % w;
      const by = (best - bx) / w;
      for (let radius = Math.max(w, h); radius >= 1; radius >>= 1) {
        const sx = bx + Math.floor((2 * this.rand() - 1) * radius + 0.5);
        const sy = by + Math.floor((2 * this.rand() - 1) * radius + 0.5);
        if (sx < 0 || sy < 0 || sx >= w || sy >= h) continue;
        this.tryCandidate(t, sy * w + sx);
      }
    }
  }

  /**
   * Each unknown pixel becomes the weighted mean of what the patches covering it hold there
   * (`measured`: weighted by their distances, which are measured again afterwards; otherwise
   * all alike).
   */
  vote(measured: boolean): void {
    const { img, lab } = this.level;
    const { targets, nnf, dist, used } = this;
    // (Unsearched, the field is the coarser one scaled up, coherent in 2 × 2 blocks and beyond:
    // a patch's middle says what the whole would, at a fifth of the cost.)
    const offsets = measured ? this.offsets : this.nearOffsets;
    const n = targets.length;
    if (n === 0) return;
    const norm = new Float32Array(n);
    let sigma2 = 1;
    if (measured) {
      for (let k = 0; k < n; k++) {
        const t = targets[k]!;
        norm[k] = dist[t]! / Math.max(1, used[t]!);
      }
      const sorted = Float32Array.from(norm).sort();
      sigma2 = Math.max(1, sorted[Math.floor(0.75 * (n - 1))]!);
    }
    // The sums, kept between the level's rounds.
    this.acc ??= new Float32Array(img.length);
    this.wsum ??= new Float32Array(lab.length);
    const { acc, wsum } = this;
    acc.fill(0);
    wsum.fill(0);
    for (let k = 0; k < n; k++) {
      const t = targets[k]!;
      const s = nnf[t]!;
      const wgt = measured ? Math.exp(-norm[k]! / (2 * sigma2)) : 1;
      for (let j = 0; j < offsets.length; j++) {
        const q = t + offsets[j]!;
        if (lab[q] !== fillLabel.unknown) continue;
        const p = s + offsets[j]!;
        acc[q * 3]! += wgt * img[p * 3]!;
        acc[q * 3 + 1]! += wgt * img[p * 3 + 1]!;
        acc[q * 3 + 2]! += wgt * img[p * 3 + 2]!;
        wsum[q]! += wgt;
      }
    }
    if (!measured) {
      // Pixels within a patch's half of the box's edge (a hole at the photo's border) lie in no
      // middle: the patches at the edge vote there whole.
      const { w, h } = this.level;
      const r = this.r;
      for (let k = 0; k < n; k++) {
        const t = targets[k]!;
        const x = t % w;
        const y = (t - x) / w;
        if (x > 2 * r && y > 2 * r && x < w - 1 - 2 * r && y < h - 1 - 2 * r) continue;
        const s = nnf[t]!;
        for (let j = 0; j < this.offsets.length; j++) {
          const q = t + this.offsets[j]!;
          if (lab[q] !== fillLabel.unknown || wsum[q]! >= 1) continue;
          const p = s + this.offsets[j]!;
          // (A small weight: below 1, so these pixels stay open to every edge patch.)
          const e = 1 / 64;
          acc[q * 3]! += e * img[p * 3]!;
          acc[q * 3 + 1]! += e * img[p * 3 + 1]!;
          acc[q * 3 + 2]! += e * img[p * 3 + 2]!;
          wsum[q]! += e;
        }
      }
    }
    for (let q = 0; q < lab.length; q++) {
      if (lab[q] !== fillLabel.unknown || wsum[q]! <= 0) continue;
      img[q * 3] = acc[q * 3]! / wsum[q]!;
      img[q * 3 + 1] = acc[q * 3 + 1]! / wsum[q]!;
      img[q * 3 + 2] = acc[q * 3 + 2]! / wsum[q]!;
    }
    // The distances were measured against the image before the vote.
    if (measured)
      for (let k = 0; k < n; k++) {
        const t = targets[k]!;
        dist[t] = this.distance(t, nnf[t]!, Infinity);
      }
  }
}

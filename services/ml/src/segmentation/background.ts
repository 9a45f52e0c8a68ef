/**
 * Background the network took for hair: dark hair against a near-black background (a night
 * photo, a black backdrop) gets a matte of 0.5–0.8 that runs out into the background above and
 * beside the head, and the recolour then dyes the background there (person-vlado: a golden
 * column above his head with a blonde target).
 *
 * Such pixels have the colour of the background next to them and touch it. They are found by a
 * flood from the sure background (matte ≤ BACKGROUND_TO) through unsure pixels (matte below
 * UNSURE_TO): each pixel the flood reaches carries the colour of the sure background it started
 * from, and takes in a neighbour only if that neighbour has the same colour (within a
 * tolerance) and is much nearer to it than to the local hair's colour (the mean of the sure
 * hair, matte ≥ HAIR_FROM, over a window; farther out, over a wider one, then over all of it),
 * and only where that hair and that background differ clearly. So black hair on a black sweater gives no evidence and is left alone, and the flood
 * stops at the first pixel that is not background-coloured (a strand's edge): the hair itself
 * is not crossed. With landmarks, the face does not count as background or as hair.
 *
 * Measured (`eval:ml --landmarks`): Figaro-1k and LFW unchanged within 0.0002 IoU; the column
 * over person-vlado's head goes (its mean matte 0.41 → 0.18). The wider windows:
 * Figaro-1k unchanged, LFW 0.5953 → 0.5982; the blocks beside vlado's ear and temple go.
 */
import { boxMean, insidePolygon } from './matte.js';
import type { FaceHint, RgbImage } from './types.js';

/** The local hair colour is gathered at this longest side (the photo's, if smaller). */
const STATS_SIZE = 256;
/** Window radius of the local hair colour, in shares of the longest side. */
const WINDOW = 0.08;
/** The matte is sure of hair from here, of background up to here. */
const HAIR_FROM = 0.9;
const BACKGROUND_TO = 0.05;
/** The flood goes through pixels whose matte is below this. */
const UNSURE_TO = 0.9;
/** The local hair colour needs this share of its window to be sure hair. */
const MIN_SHARE = 0.03;
/**
 * Farther from sure hair, its colour over a window this many times as wide; beyond that, over
 * all the sure hair round the unsure pixels, if at least MIN_SAMPLES pixels of it were sampled.
 */
const WIDER = 3;
const MIN_SAMPLES = 64;
/** A pixel has the background's colour within these (luma, each chroma axis; 0..1 units)... */
const LUMA_TOLERANCE = 0.03;
const CHROMA_TOLERANCE = 0.02;
/** ...and at most this share of its colour distance to the local hair's. */
const NEARER = 0.4;
/** The local hair and the background must be at least this far apart in colour. */
const MIN_CONTRAST = 0.06;
/** What is left of the matte on a flooded pixel. */
const KEEP = 0.1;

/**
 * The flood's buffers, kept between calls (tens of MB allocated per photo made V8 collect
 * garbage on every request); `flooded` is all zero between calls.
 */
let scratch = { flooded: new Uint8Array(0), queue: new Int32Array(0), origin: new Int32Array(0) };
function scratchFor(size: number) {
  if (scratch.queue.length < size)
    scratch = {
      flooded: new Uint8Array(size),
      queue: new Int32Array(size),
      origin: new Int32Array(size),
    };
  return scratch;
}

const unsure = (m: number) => m > BACKGROUND_TO && m < UNSURE_TO;

/** Luma and the two colour differences (YCbCr, 0..1 units) of a pixel. */
function colourOf(data: RgbImage['data'], j: number, out: Float32Array) {
  const r = data[j]! / 255;
  const b = data[j + 2]! / 255;
  const y = 0.299 * r + 0.587 * (data[j + 1]! / 255) + 0.114 * b;
  out[0] = y;
  out[1] = (b - y) * 0.564;
  out[2] = (r - y) * 0.713;
}

/**
 * Lowers the matte (in place) on background-coloured pixels the sure background reaches.
 * Returns how many pixels were lowered.
 */
export function suppressBackground(
  matte: Float32Array,
  image: RgbImage,
  landmarks?: FaceHint,
): number {
  const { width, height, data, channels } = image;
  // Only the box round the unsure pixels can change (and its edge seeds the flood).
  let x0 = width;
  let x1 = -1;
  let y0 = height;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const m = matte[row + x]!;
      if (m <= BACKGROUND_TO || m >= UNSURE_TO) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return 0;
  const scale = Math.min(1, STATS_SIZE / Math.max(width, height));
  const sw = Math.max(1, Math.round(width * scale));
  const sh = Math.max(1, Math.round(height * scale));
  const radius = Math.max(2, Math.round(WINDOW * Math.max(sw, sh)));
  // The hair colour is gathered over the box grown by the window.
  const reach = Math.ceil((radius + 1) / scale);
  const gx0 = Math.max(0, x0 - reach);
  const gx1 = Math.min(width - 1, x1 + reach);
  const gy0 = Math.max(0, y0 - reach);
  const gy1 = Math.min(height - 1, y1 + reach);
  const cellX = new Int32Array(width);
  for (let x = 0; x < width; x++) cellX[x] = Math.min(sw - 1, Math.floor((x * sw) / width));
  const cellY = new Int32Array(height);
  for (let y = 0; y < height; y++) cellY[y] = Math.min(sh - 1, Math.floor((y * sh) / height));
  // Cells inside a face oval are neither hair nor background.
  const face = new Uint8Array(sw * sh);
  if (landmarks) {
    const ovals = [landmarks.faceOval, ...(landmarks.otherFaces ?? [])].filter(
      (oval) => oval.length >= 3,
    );
    for (const oval of ovals) {
      const xs = oval.map((p) => p[0]);
      const ys = oval.map((p) => p[1]);
      const cx0 = cellX[Math.max(gx0, Math.floor(Math.min(...xs)))]!;
      const cx1 = cellX[Math.min(gx1, Math.ceil(Math.max(...xs)))]!;
      const cy0 = cellY[Math.max(gy0, Math.floor(Math.min(...ys)))]!;
      const cy1 = cellY[Math.min(gy1, Math.ceil(Math.max(...ys)))]!;
      for (let cy = cy0; cy <= cy1; cy++)
        for (let cx = cx0; cx <= cx1; cx++)
          if (insidePolygon(oval, ((cx + 0.5) * width) / sw, ((cy + 0.5) * height) / sh))
            face[cy * sw + cx] = 1;
    }
  }
  // The sure hair's weight and colour per cell, then over the window.
  const colour = new Float32Array(3);
  const planes = [0, 1, 2, 3].map(() => new Float32Array(sw * sh));
  const [hairW, hairY, hairCb, hairCr] = planes as [
    Float32Array,
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  // (every other row and column: the window holds thousands of pixels either way)
  for (let y = gy0; y <= gy1; y += 2) {
    const cellRow = cellY[y]! * sw;
    for (let x = gx0; x <= gx1; x += 2) {
      const i = y * width + x;
      if (matte[i]! < HAIR_FROM) continue;
      const c = cellRow + cellX[x]!;
      if (face[c]) continue;
      colourOf(data, i * channels, colour);
      hairW[c]! += 1;
      hairY[c]! += colour[0]!;
      hairCb[c]! += colour[1]!;
      hairCr[c]! += colour[2]!;
    }
  }
  const [localW, localY, localCb, localCr] = planes.map((plane) =>
    boxMean(plane, sw, sh, radius),
  ) as [Float32Array, Float32Array, Float32Array, Float32Array];
  const minWeight = (MIN_SHARE * ((width * height) / (sw * sh))) / 4;
  // Beyond the window's reach of sure hair, the hair colour over a window WIDER times as wide,
  // and beyond that, that of all the sure hair: with none there, the flood stopped along the
  // square edge of the window's reach and left straight-edged blocks of background in the matte
  // (person-vlado: beside his ear and temple, dyed beige with a light target).
  const [wideW, wideY, wideCb, wideCr] = planes.map((plane) =>
    boxMean(plane, sw, sh, radius * WIDER),
  ) as [Float32Array, Float32Array, Float32Array, Float32Array];
  const all = [0, 0, 0, 0];
  for (let c = 0; c < sw * sh; c++) {
    all[0]! += hairW[c]!;
    all[1]! += hairY[c]!;
    all[2]! += hairCb[c]!;
    all[3]! += hairCr[c]!;
  }
  const [allW, allY, allCb, allCr] = all as [number, number, number, number];
  const hair = new Float32Array(sw * sh * 3).fill(Number.NaN);
  for (let cy = cellY[y0]!; cy <= cellY[y1]!; cy++)
    for (let cx = cellX[x0]!; cx <= cellX[x1]!; cx++) {
      const c = cy * sw + cx;
      const o = c * 3;
      if (localW[c]! >= minWeight) {
        hair[o] = localY[c]! / localW[c]!;
        hair[o + 1] = localCb[c]! / localW[c]!;
        hair[o + 2] = localCr[c]! / localW[c]!;
      } else if (wideW[c]! >= minWeight / (WIDER * WIDER)) {
        hair[o] = wideY[c]! / wideW[c]!;
        hair[o + 1] = wideCb[c]! / wideW[c]!;
        hair[o + 2] = wideCr[c]! / wideW[c]!;
      } else if (allW >= MIN_SAMPLES) {
        hair[o] = allY / allW;
        hair[o + 1] = allCb / allW;
        hair[o + 2] = allCr / allW;
      }
    }

  // The flood, inside the box: the background colour each flooded pixel carries (bw × bh × 3).
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const { flooded, queue, origin } = scratchFor(bw * bh);
  let tail = 0;
  const pixel = new Float32Array(3);
  const source = new Float32Array(3);
  let sourceOf = -1;
  /** Takes in box pixel (x, y) if it has the colour of the sure background pixel `seed`. */
  const visit = (seed: number, x: number, y: number) => {
    const b = (y - y0) * bw + (x - x0);
    if (flooded[b]) return;
    const i = y * width + x;
    const m = matte[i]!;
    if (m <= BACKGROUND_TO || m >= UNSURE_TO) return;
    const o = (cellY[y]! * sw + cellX[x]!) * 3;
    const hY = hair[o]!;
    if (Number.isNaN(hY)) return;
    const hCb = hair[o + 1]!;
    const hCr = hair[o + 2]!;
    if (sourceOf !== seed) {
      colourOf(data, seed * channels, source);
      sourceOf = seed;
    }
    const bY = source[0]!;
    const bCb = source[1]!;
    const bCr = source[2]!;
    if (Math.hypot(hY - bY, hCb - bCb, hCr - bCr) < MIN_CONTRAST) return;
    colourOf(data, i * channels, pixel);
    const dY = pixel[0]! - bY;
    const dCb = pixel[1]! - bCb;
    const dCr = pixel[2]! - bCr;
    if (Math.abs(dY) > LUMA_TOLERANCE) return;
    if (Math.abs(dCb) > CHROMA_TOLERANCE || Math.abs(dCr) > CHROMA_TOLERANCE) return;
    const toHair = Math.hypot(pixel[0]! - hY, pixel[1]! - hCb, pixel[2]! - hCr);
    if (Math.hypot(dY, dCb, dCr) > NEARER * toHair) return;
    flooded[b] = 1;
    origin[b] = seed;
    queue[tail++] = b;
  };
  // Seeds: the sure background (outside the faces) next to an unsure pixel of the box.
  for (let y = Math.max(0, y0 - 1); y <= Math.min(height - 1, y1 + 1); y++)
    for (let x = Math.max(0, x0 - 1); x <= Math.min(width - 1, x1 + 1); x++) {
      const i = y * width + x;
      if (matte[i]! > BACKGROUND_TO) continue;
      const rowIn = y >= y0 && y <= y1;
      const columnIn = x >= x0 && x <= x1;
      const left = rowIn && x > x0 && unsure(matte[i - 1]!);
      const right = rowIn && x < x1 && unsure(matte[i + 1]!);
      const up = columnIn && y > y0 && unsure(matte[i - width]!);
      const down = columnIn && y < y1 && unsure(matte[i + width]!);
      if (!(left || right || up || down) || face[cellY[y]! * sw + cellX[x]!]) continue;
      if (left) visit(i, x - 1, y);
      if (right) visit(i, x + 1, y);
      if (up) visit(i, x, y - 1);
      if (down) visit(i, x, y + 1);
    }
  for (let head = 0; head < tail; head++) {
    const b = queue[head]!;
    const x = x0 + (b % bw);
    const y = y0 + Math.floor(b / bw);
    const seed = origin[b]!;
    if (x > x0) visit(seed, x - 1, y);
    if (x < x1) visit(seed, x + 1, y);
    if (y > y0) visit(seed, x, y - 1);
    if (y < y1) visit(seed, x, y + 1);
  }
  for (let k = 0; k < tail; k++) {
    const b = queue[k]!;
    flooded[b] = 0;
    const i = (y0 + Math.floor(b / bw)) * width + x0 + (b % bw);
    matte[i] = matte[i]! * KEEP;
  }
  return tail;
}

/**
 * Eyebrows under a fringe. Bangs down to (or over) the brows hide them, and the bangs removal
 * fills the forehead with skin there: a face without brows, which reads as strange under any
 * style with a short fringe. Where most of a brow (its landmark outline) was replaced, a brow is
 * drawn back into the fill: the outline softened, denser in the body than at the inner end and
 * the tail, made of short strokes that rise from the inner end and lie along the brow toward the
 * tail, in the colour of the visible brow (the other one, or the visible part of this one) or,
 * when none shows, a colour between the skin darkened and the hair. Only replaced pixels change
 * (weighted by the mask), so the part of a brow that showed through stays as it was, and the
 * drawn brow follows the fill's shading. Pure, deterministic (seeded).
 */
import { boxBlur, clamp, fillPolygon, lumaOf, smoothstep, type Vec2 } from './raster.js';
import { mulberry32 } from '../prng.js';

export interface BrowInput {
  /** The photo (RGB), for the visible brows' and the hair's colour. */
  original: Uint8Array;
  /** The result so far (RGB), drawn into. */
  out: Uint8Array;
  /** 0..255: how much of each pixel was replaced. */
  mask: Uint8Array;
  matte: Float32Array;
  width: number;
  height: number;
  /** The two brows' outlines (landmarks). */
  brows: Vec2[][];
  /** A point on the face's midline (the brows' inner ends are the ends nearer to it). */
  midline: Vec2;
  /** Unit vector from the chin toward the top of the head. */
  up: Vec2;
  faceWidth: number;
  /** The cheeks' skin colour (RGB). */
  skin: readonly [number, number, number];
  seed: number;
}

/** Tunables, in face widths (lengths) and shares. */
const brow = {
  /** A brow is drawn when at least this share of its outline was replaced. */
  minReplaced: 0.6,
  /** The outline's soft edge (box-blur radius). */
  feather: 0.012,
  /** Opacity at the inner end, in the body and at the tail. */
  inner: 0.5,
  body: 0.88,
  tail: 0.65,
  /** Strokes: length, line half width, and how many per pixel of the outline's area. */
  strokeLength: 0.045,
  strokeWidth: 0.0025,
  strokesPerPixel: 0.09,
  /** Rise of the strokes above the brow's axis: at the inner end, in the body, at the tail. */
  riseInner: 1.0,
  riseBody: 0.3,
  riseTail: -0.1,
  /** The brow is this much less opaque between strokes than on them. */
  between: 0.5,
  /** No visible brow: the colour is the skin darkened this much, moved toward the hair... */
  skinDarken: 0.45,
  towardHair: 0.35,
  /** ...and never lighter than this share of the skin's lightness. */
  maxLightness: 0.62,
  /**
   * The visible brows' colour is the mean of their darkest pixels (this share: a thin brow's
   * outline holds much skin), which counts as a brow when it is this much darker than skin.
   */
  darkest: 0.3,
  visibleBrow: 0.65,
} as const;

/** An outline rasterized in its bounding box grown by `pad` (clipped to the image). */
function rasterize(outline: Vec2[], width: number, height: number, pad: number) {
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  const x0 = clamp(Math.floor(Math.min(...xs)) - pad, 0, width - 1);
  const y0 = clamp(Math.floor(Math.min(...ys)) - pad, 0, height - 1);
  const x1 = clamp(Math.ceil(Math.max(...xs)) + pad, 0, width - 1);
  const y1 = clamp(Math.ceil(Math.max(...ys)) + pad, 0, height - 1);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const inside = new Uint8Array(w * h);
  fillPolygon(
    inside,
    w,
    h,
    outline.map((p): Vec2 => [p[0] - x0, p[1] - y0]),
  );
  return { x0, y0, w, h, inside };
}

/** Draws back the brows a fringe hid (see the module comment). Returns how many were drawn. */
export function restoreBrows(input: BrowInput): number {
  const { width, height, brows, faceWidth } = input;
  // (Only worked out once a brow is to be drawn: most photos show theirs.)
  let ink: [number, number, number] | null = null;
  let drawn = 0;
  for (const [index, outline] of brows.entries()) {
    if (outline.length < 3) continue;
    const pad = Math.ceil((brow.feather + brow.strokeLength) * faceWidth) + 2;
    const { x0, y0, w, h, inside } = rasterize(outline, width, height, pad);
    let area = 0;
    let replaced = 0;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        if (!inside[y * w + x]) continue;
        area++;
        replaced += input.mask[(y + y0) * width + x + x0]! / 255;
      }
    if (area < 4 || replaced / area < brow.minReplaced) continue;
    ink ??= browColour(input);
    const colour = ink;

    // The brow's axis: its two farthest outline points, from the inner end to the tail.
    let a = outline[0]!;
    let b = outline[1]!;
    let far = -1;
    for (const p of outline)
      for (const q of outline) {
        const d = (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2;
        if (d > far) [far, a, b] = [d, p, q];
      }
    const toMid = (p: Vec2) => (p[0] - input.midline[0]) ** 2 + (p[1] - input.midline[1]) ** 2;
    const [innerEnd, tailEnd] = toMid(a) <= toMid(b) ? [a, b] : [b, a];
    const length = Math.sqrt(far) || 1;
    const along: Vec2 = [(tailEnd[0] - innerEnd[0]) / length, (tailEnd[1] - innerEnd[1]) / length];
    const tOf = (x: number, y: number) =>
      clamp(((x - innerEnd[0]) * along[0] + (y - innerEnd[1]) * along[1]) / length, 0, 1);

    // The outline, softened.
    const shapeIn = new Float32Array(w * h);
    for (let k = 0; k < shapeIn.length; k++) shapeIn[k] = inside[k]!;
    const shape = boxBlur(shapeIn, w, h, Math.max(1, brow.feather * faceWidth));

    // Strokes: short lines from random points of the outline, rising toward `up` at the inner
    // end and lying along the brow toward the tail.
    const strokes = new Float32Array(w * h);
    const random = mulberry32((input.seed ^ (index * 0x9e3779b9)) >>> 0);
    const count = Math.round(area * brow.strokesPerPixel);
    const strokeLength = Math.max(3, brow.strokeLength * faceWidth);
    const halfWidth = Math.max(0.5, brow.strokeWidth * faceWidth);
    // `up` as seen from the brow: its component square to the axis (so a tilted head still
    // rises away from the eye).
    const side = input.up[0] * -along[1] + input.up[1] * along[0] >= 0 ? 1 : -1;
    const normal: Vec2 = [-along[1] * side, along[0] * side];
    for (let s = 0, tries = 0; s < count && tries < count * 20; tries++) {
      const px = random() * w;
      const py = random() * h;
      if (!inside[Math.floor(py) * w + Math.floor(px)]) continue;
      s++;
      const t = tOf(px + x0, py + y0);
      const rise =
        t < 0.35
          ? brow.riseInner + (brow.riseBody - brow.riseInner) * smoothstep(0, 0.35, t)
          : brow.riseBody + (brow.riseTail - brow.riseBody) * smoothstep(0.5, 1, t);
      const dx = along[0] + normal[0] * rise;
      const dy = along[1] + normal[1] * rise;
      const dl = Math.hypot(dx, dy) || 1;
      const len = strokeLength * (0.6 + 0.4 * random());
      // From the point backwards half the length and forwards half (toward the tail).
      for (let u = -len / 2; u <= len / 2; u += 0.5) {
        const sx = px + (dx / dl) * u;
        const sy = py + (dy / dl) * u;
        const weight = 1 - Math.abs(u) / (len / 2 + 0.5);
        splat(strokes, w, h, sx, sy, halfWidth, weight * 0.5);
      }
    }

    const skinLuma = Math.max(1, lumaOf(...input.skin));
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const k = y * w + x;
        const s = shape[k]!;
        if (s <= 0.01) continue;
        const i = (y + y0) * width + x + x0;
        const m = input.mask[i]! / 255;
        if (m <= 0) continue;
        const t = tOf(x + x0, y + y0);
        const opacity =
          t < 0.3
            ? brow.inner + (brow.body - brow.inner) * smoothstep(0, 0.3, t)
            : brow.body + (brow.tail - brow.body) * smoothstep(0.7, 1, t);
        const onStroke = 1 - Math.exp(-strokes[k]!);
        const alpha = s * opacity * (brow.between + (1 - brow.between) * onStroke) * m;
        if (alpha <= 0) continue;
        // The fill's shading carried over (a brow in the forehead's shadow is darker).
        const o = i * 3;
        const shade = clamp(
          lumaOf(input.out[o]!, input.out[o + 1]!, input.out[o + 2]!) / skinLuma,
          0.6,
          1.3,
        );
        for (let c = 0; c < 3; c++) {
          const v = input.out[o + c]!;
          input.out[o + c] = clamp(Math.round(v + (colour[c]! * shade - v) * alpha), 0, 255);
        }
      }
    drawn++;
  }
  return drawn;
}

/** Adds a small round dot (bilinear over its footprint) to `map`. */
function splat(
  map: Float32Array,
  w: number,
  h: number,
  cx: number,
  cy: number,
  radius: number,
  weight: number,
) {
  const r = Math.ceil(radius + 1);
  for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(h - 1, Math.ceil(cy + r)); y++)
    for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(w - 1, Math.ceil(cx + r)); x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      const f = clamp(radius + 0.5 - d, 0, 1);
      if (f > 0) map[y * w + x]! += f * weight;
    }
}

/**
 * The brows' colour: the darkest of the brow pixels that show (neither replaced nor hair),
 * or, with too few of them, the skin darkened and moved toward the hair over the brows.
 */
function browColour(input: BrowInput): [number, number, number] {
  const { width, height, original, mask, matte } = input;
  const seen: [number, number, number, number][] = [];
  let area = 0;
  for (const outline of input.brows) {
    if (outline.length < 3) continue;
    const { x0, y0, w, h, inside } = rasterize(outline, width, height, 0);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        if (!inside[y * w + x]) continue;
        area++;
        const i = (y + y0) * width + x + x0;
        if (mask[i]! > 0 || matte[i]! >= 0.3) continue;
        const r = original[i * 3]!;
        const g = original[i * 3 + 1]!;
        const b = original[i * 3 + 2]!;
        seen.push([lumaOf(r, g, b), r, g, b]);
      }
  }
  const [sr, sg, sb] = input.skin;
  const limit = brow.maxLightness * lumaOf(sr, sg, sb);
  if (seen.length >= Math.max(12, area * 0.15)) {
    seen.sort((p, q) => p[0] - q[0]);
    const half = seen.slice(0, Math.ceil(seen.length * brow.darkest));
    const mean = [0, 1, 2, 3].map((c) => half.reduce((s, p) => s + p[c]!, 0) / half.length);
    // ...if they are a brow: skin showing between curls in the brows' outline is not.
    if (mean[0]! <= (limit / brow.maxLightness) * brow.visibleBrow)
      return [mean[1]!, mean[2]!, mean[3]!];
  }
  // No brow to go by: between the skin darkened and the hair that hid the brows.
  const hair = [0, 0, 0];
  let n = 0;
  const reach = 0.06 * input.faceWidth;
  for (const outline of input.brows)
    for (const p of outline) {
      const x0 = clamp(Math.floor(p[0] - reach), 0, width - 1);
      const x1 = clamp(Math.ceil(p[0] + reach), 0, width - 1);
      const y0 = clamp(Math.floor(p[1] - reach), 0, height - 1);
      const y1 = clamp(Math.ceil(p[1] + reach), 0, height - 1);
      for (let y = y0; y <= y1; y += 2)
        for (let x = x0; x <= x1; x += 2) {
          const i = y * width + x;
          if (matte[i]! < 0.8) continue;
          hair[0]! += original[i * 3]!;
          hair[1]! += original[i * 3 + 1]!;
          hair[2]! += original[i * 3 + 2]!;
          n++;
        }
    }
  const dark = [sr * brow.skinDarken, sg * brow.skinDarken, sb * brow.skinDarken];
  const ink = n > 0 ? dark.map((v, c) => v + (hair[c]! / n - v) * brow.towardHair) : dark;
  const l = lumaOf(ink[0]!, ink[1]!, ink[2]!);
  const k = l > limit ? limit / l : 1;
  return [ink[0]! * k, ink[1]! * k, ink[2]! * k];
}

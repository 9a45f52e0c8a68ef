import { fillLabel, membraneFill, unknownBox } from './membrane.js';
import { patchFill, type FillBox } from './patch-fill.js';
import { distanceTo } from './raster.js';
import { geometry } from './tunables.js';
import type { RemovalFrame, RgbPhoto } from './types.js';

/**
 * The fills of the bangs removal (bald.ts): the skin continued over the hair inside the head
 * ("skinFill", membrane fills) and the background rebuilt beside it ("backgroundFill", patches
 * of the background around it, or a membrane fill with nothing to copy from).
 */

/** Membrane fill of one region, solved on the bounding box of its unknown pixels only. */
export function fillRegion(
  photo: RgbPhoto,
  labels: Uint8Array,
  divisor?: Float32Array,
): FillBox | null {
  const { width, height, data } = photo;
  const hole = unknownBox(labels, width, height);
  if (!hole) return null;
  const x0 = Math.max(0, hole.x0 - 1);
  const y0 = Math.max(0, hole.y0 - 1);
  const x1 = Math.min(width - 1, hole.x1 + 1);
  const y1 = Math.min(height - 1, hole.y1 + 1);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const values = new Float32Array(w * h * 3);
  const sub = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const src = (y + y0) * width + (x + x0);
      const dst = y * w + x;
      sub[dst] = labels[src]!;
      const d = divisor ? divisor[src]! : 1;
      values[dst * 3] = data[src * 3]! / d;
      values[dst * 3 + 1] = data[src * 3 + 1]! / d;
      values[dst * 3 + 2] = data[src * 3 + 2]! / d;
    }
  membraneFill(values, w, h, 3, sub);
  return { values, x0, y0, w, h };
}

/**
 * The skin fill from the skin farther than `shadowBand` from the pixels to fill (see there), with
 * each pixel's distance from the real skin (the fill's known pixels); null when no skin lies that
 * far.
 */
function skinBeyondShadow(
  photo: RgbPhoto,
  labels: Uint8Array,
  shadeMap: Float32Array,
  faceWidth: number,
): BeyondShadow | null {
  const { width, height } = photo;
  const n = width * height;
  const unknown = new Uint8Array(n);
  const known = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    unknown[i] = labels[i] === fillLabel.unknown ? 1 : 0;
    known[i] = labels[i] === fillLabel.known ? 1 : 0;
  }
  const toHair = distanceTo(unknown, width, height);
  const band = geometry.shadowBand * faceWidth;
  const farLabels = Uint8Array.from(labels);
  let farKnown = 0;
  for (let i = 0; i < n; i++)
    if (known[i]) {
      if (toHair[i]! <= band) farLabels[i] = fillLabel.unknown;
      else farKnown++;
    }
  if (farKnown === 0) return null;
  const fill = fillRegion(photo, farLabels, shadeMap);
  return fill && { fill, fromSkin: distanceTo(known, width, height) };
}

/** The second skin fill (`skinBeyondShadow`) and each pixel's distance from the real skin. */
export interface BeyondShadow {
  fill: FillBox;
  fromSkin: Float32Array;
}

export interface SkinFill {
  /** The skin continued from the known skin labels, in unshaded terms (÷ the shade map). */
  fill: FillBox | null;
  /** The same from the skin farther from the hair (see `shadowBand`); null without `fill`. */
  beyondShadow: BeyondShadow | null;
}

/** The "skinFill" step: the skin labels' unknown pixels continued from their known ones. */
export function fillSkin(
  frame: RemovalFrame,
  skinLabels: Uint8Array,
  shadeMap: Float32Array,
): SkinFill {
  const { photo, faceWidth } = frame;
  const fill = fillRegion(photo, skinLabels, shadeMap);
  const beyondShadow = fill ? skinBeyondShadow(photo, skinLabels, shadeMap, faceWidth) : null;
  return { fill, beyondShadow };
}

export interface BackgroundFill {
  fill: FillBox | null;
  /** Whether `fill` is copied patches (else a membrane fill, which gets grain added). */
  patched: boolean;
}

/**
 * The "backgroundFill" step: rebuilt from patches of the background around it (patch-fill.ts);
 * a membrane fill only when there is nothing to copy from.
 */
export function fillBackground(frame: RemovalFrame, bgLabels: Uint8Array): BackgroundFill {
  const { photo, faceWidth, seed } = frame;
  const bgPatches = patchFill(photo, bgLabels, {
    reach: geometry.backgroundReach * faceWidth,
    seed: seed + 3,
    iterations: geometry.patchIterations,
  });
  const bgFill = bgPatches ?? fillRegion(photo, bgLabels);
  return { fill: bgFill, patched: bgPatches !== null };
}

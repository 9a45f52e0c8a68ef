import { headEllipse, lerp, noseOffsetOf } from './head.js';
import { dilate, distanceTo, lumaOf, type Vec2 } from './raster.js';
import { isSkinLike, skinModel } from './skin.js';
import { geometry } from './tunables.js';
import type { BaldFacePoints } from './types.js';

/**
 * Figures of how honest a bangs removal is (ADR 039), computed from the photo,
 * the result and the hair matte the removal was given:
 * - `changedOutside`: the share of the changed pixels that lie outside the hair (the matte's
 *   hair grown by a thin edge) — a smear over a shoulder or a wall raises it; should be ≈ 0;
 * - `edgeContrast`: how much sharper the result is across the border of the replaced region
 *   than the photo is around it — a straight-edged or blocky patch raises it (a seam is a
 *   gradient the photo does not have): the 90th percentile of the result's gradient on the
 *   border (the pixels on either side of it) over the 90th percentile of the photo's own
 *   gradient in a ring just outside (3–6 px away, where neither the hair's edge nor the fill
 *   reaches);
 * - `textureRatio`: the median gradient inside the fill (deeper than 3 px) over the median of
 *   the same ring: a blur where texture was lowers it (skin fills are smooth by nature, so this
 *   one is reported, not bounded).
 */

export interface FillQuality {
  /** Pixels whose colour changed (any channel by more than `tolerance`). */
  changed: number;
  /** Changed pixels outside the hair grown by `edge` px. */
  changedOutsideCount: number;
  /** changedOutsideCount / changed (0 when nothing changed). */
  changedOutside: number;
  /** Border pixels measured (0: no border, contrast 0). */
  borderPixels: number;
  edgeContrast: number;
  textureRatio: number;
}

export interface FillQualityInput {
  width: number;
  height: number;
  /** The photo and the result, RGB. */
  photo: Uint8Array;
  result: Uint8Array;
  matte: Float32Array;
  /** Matte value from which a pixel is hair (the removal's own, default 0.2). */
  threshold?: number;
  /** The thin edge the hair is grown by, px. */
  edge: number;
  /** Largest per-channel difference that is not a change (rounding), default 2. */
  tolerance?: number;
}

export function fillQuality(input: FillQualityInput): FillQuality {
  const { width, height, photo, result, matte, edge } = input;
  const threshold = input.threshold ?? 0.2;
  const tolerance = input.tolerance ?? 2;
  const n = width * height;
  const hair = new Uint8Array(n);
  for (let i = 0; i < n; i++) hair[i] = matte[i]! >= threshold ? 1 : 0;
  const allowed = dilate(hair, width, height, edge);
  const changedMask = new Uint8Array(n);
  let changed = 0;
  let outside = 0;
  for (let i = 0; i < n; i++) {
    const j = i * 3;
    if (
      Math.abs(photo[j]! - result[j]!) > tolerance ||
      Math.abs(photo[j + 1]! - result[j + 1]!) > tolerance ||
      Math.abs(photo[j + 2]! - result[j + 2]!) > tolerance
    ) {
      changedMask[i] = 1;
      changed++;
      if (!allowed[i]) outside++;
    }
  }
  const lumaPhoto = lumaPlane(photo, n);
  const lumaResult = lumaPlane(result, n);
  const outsideDistance = distanceTo(changedMask, width, height);
  const unchanged = new Uint8Array(n);
  for (let i = 0; i < n; i++) unchanged[i] = changedMask[i] ? 0 : 1;
  const insideDistance = distanceTo(unchanged, width, height);
  const border: number[] = [];
  const ring: number[] = [];
  const deep: number[] = [];
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (changedMask[i]) {
        const d = insideDistance[i]!;
        if (d <= 1.5) border.push(gradient(lumaResult, width, x, y));
        else if (d > 3) deep.push(gradient(lumaResult, width, x, y));
      } else {
        const d = outsideDistance[i]!;
        if (d <= 1.5) border.push(gradient(lumaResult, width, x, y));
        else if (d >= 3 && d <= 6) ring.push(gradient(lumaPhoto, width, x, y));
      }
    }
  const ringP90 = percentile(ring, 0.9);
  const ringMedian = percentile(ring, 0.5);
  return {
    changed,
    changedOutsideCount: outside,
    changedOutside: changed ? outside / changed : 0,
    borderPixels: border.length,
    edgeContrast: border.length ? percentile(border, 0.9) / Math.max(1, ringP90) : 0,
    textureRatio: deep.length ? percentile(deep, 0.5) / Math.max(0.5, ringMedian) : 1,
  };
}

/**
 * Skin painted behind a turned head's neck: of the pixels the removal changed below the mouth
 * and behind the chin (on the side away from the nose), the share whose result looks like the
 * cheeks' skin (the skin model of the removal). Removed hair there hung in front of the nape,
 * the back and the wall: it should become background, never a skin-coloured column down to the
 * shoulder. `pixels` is how many changed pixels the region holds (0: nothing to judge). Meant
 * for turned heads: on a frontal one the back side is arbitrary.
 */
export function skinBehindNeck(input: {
  width: number;
  height: number;
  photo: Uint8Array;
  result: Uint8Array;
  matte: Float32Array;
  points: BaldFacePoints;
  tolerance?: number;
}): { pixels: number; skinShare: number } {
  const { width, height, photo, result, matte, points } = input;
  const tolerance = input.tolerance ?? 2;
  const head = headEllipse(points);
  const right: Vec2 = [-head.up[1], head.up[0]];
  const faceWidth = Math.max(
    8,
    Math.hypot(
      points.rightCheek[0] - points.leftCheek[0],
      points.rightCheek[1] - points.leftCheek[1],
    ),
  );
  const back = noseOffsetOf(points, right) < 0 ? 1 : -1;
  const skin = skinModel(
    { data: photo, width, height },
    matte,
    [
      lerp(points.leftEye.center, points.mouth.left, 0.45),
      lerp(points.rightEye.center, points.mouth.right, 0.45),
    ],
    geometry.cheekRadius * faceWidth,
  );
  const along = (x: number, y: number) =>
    (x - head.center[0]) * head.up[0] + (y - head.center[1]) * head.up[1];
  const across = (x: number, y: number) =>
    (x - head.center[0]) * right[0] + (y - head.center[1]) * right[1];
  const mouth = lerp(points.mouth.left, points.mouth.right, 0.5);
  const mouthAlong = along(mouth[0], mouth[1]);
  const chinAcross = back * across(points.chin[0], points.chin[1]);
  let pixels = 0;
  let skinLike = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      if (along(px, py) > mouthAlong || back * across(px, py) <= chinAcross) continue;
      const j = (y * width + x) * 3;
      if (
        Math.abs(photo[j]! - result[j]!) <= tolerance &&
        Math.abs(photo[j + 1]! - result[j + 1]!) <= tolerance &&
        Math.abs(photo[j + 2]! - result[j + 2]!) <= tolerance
      )
        continue;
      pixels++;
      if (isSkinLike(skin, result[j]!, result[j + 1]!, result[j + 2]!)) skinLike++;
    }
  return { pixels, skinShare: pixels ? skinLike / pixels : 0 };
}

function lumaPlane(rgb: Uint8Array, n: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = lumaOf(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!);
  return out;
}

/** Sobel gradient magnitude of a plane at an inner pixel. */
function gradient(p: Float32Array, w: number, x: number, y: number): number {
  const i = y * w + x;
  const gx =
    p[i - w + 1]! + 2 * p[i + 1]! + p[i + w + 1]! - p[i - w - 1]! - 2 * p[i - 1]! - p[i + w - 1]!;
  const gy =
    p[i + w - 1]! + 2 * p[i + w]! + p[i + w + 1]! - p[i - w - 1]! - 2 * p[i - w]! - p[i - w + 1]!;
  return Math.hypot(gx, gy) / 8;
}

function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const s = Float64Array.from(values).sort();
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

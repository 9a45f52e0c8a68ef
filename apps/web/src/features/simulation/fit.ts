/**
 * How well an automatic placement fits a face: where the overlay's hairline and temple anchors
 * land on the photo against hand-labelled points (fit-labels.json, ADR 038), in face widths.
 * Pure math, shared by placement.test.ts and `npm run eval:fit` (scripts/fit-eval.ts).
 */

import {
  applySplit,
  placeOverlaySplit,
  type FaceOutline,
  type OverlayAnchor,
  type Point,
  type SplitPlacement,
} from './placement.js';

/** Hand-labelled points of one photo, in the photo's own pixels (`left` = the image's left). */
export interface FitLabel {
  hairline: Point;
  leftTemple: Point;
  rightTemple: Point;
}

export interface FitError {
  hairline: number;
  leftTemple: number;
  rightTemple: number;
  /** Mean of the three, in face widths. */
  mean: number;
  /** The temples' error across the face only (along the eye line), face widths. */
  leftAcross: number;
  rightAcross: number;
  /**
   * The hairline's distance and the temples' error across: how far the style's sides are from
   * the face's. The labelled temple is the hairline's corner; the drawings' temple anchor is the
   * hair's side edge level with the upper forehead (mesh points 54/284), about 0.2 face widths
   * lower on the same side edge, so the height of the temples is not compared (ADR 038).
   */
  fit: number;
}

/**
 * The face's width for the error's unit: the face oval's extent along the eye line (photo
 * pixels). A turned face's is foreshortened, as its labels are.
 */
export function faceWidth(
  oval: readonly Point[],
  leftEye: Point,
  rightEye: Point,
  scale: { x: number; y: number },
): number {
  const ex = (rightEye[0] - leftEye[0]) * scale.x;
  const ey = (rightEye[1] - leftEye[1]) * scale.y;
  const length = Math.hypot(ex, ey) || 1;
  const along = oval.map((p) => (p[0] * scale.x * ex + p[1] * scale.y * ey) / length);
  return Math.max(...along) - Math.min(...along);
}

/**
 * The distances from the placed anchor points to the labels, in face widths; `across` is the
 * face's horizontal (unit vector, photo pixels: the eye line).
 */
export function fitError(
  placement: SplitPlacement,
  anchor: OverlayAnchor,
  overlay: { width: number; height: number },
  label: FitLabel,
  width: number,
  across: Point,
): FitError {
  const bx = overlay.width / anchor.board.width;
  const by = overlay.height / anchor.board.height;
  const miss = (p: Point, target: Point): Point => {
    const [x, y] = applySplit(placement, [p[0] * bx, p[1] * by]);
    return [(x - target[0]) / width, (y - target[1]) / width];
  };
  const length = (d: Point) => Math.hypot(d[0], d[1]);
  const sideways = (d: Point) => Math.abs(d[0] * across[0] + d[1] * across[1]);
  const h = miss(anchor.hairline, label.hairline);
  const l = miss(anchor.leftTemple, label.leftTemple);
  const r = miss(anchor.rightTemple, label.rightTemple);
  const hairline = length(h);
  const leftTemple = length(l);
  const rightTemple = length(r);
  const leftAcross = sideways(l);
  const rightAcross = sideways(r);
  return {
    hairline,
    leftTemple,
    rightTemple,
    mean: (hairline + leftTemple + rightTemple) / 3,
    leftAcross,
    rightAcross,
    fit: (hairline + leftAcross + rightAcross) / 3,
  };
}

/** Mean, median and 90th percentile of `values` (NaN when empty). */
export function summarize(values: readonly number[]): {
  mean: number;
  median: number;
  p90: number;
} {
  if (values.length === 0) return { mean: NaN, median: NaN, p90: NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const q = (f: number) => {
    const i = f * (sorted.length - 1);
    const lo = Math.floor(i);
    const hi = Math.ceil(i);
    return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (i - lo);
  };
  return {
    mean: values.reduce((s, v) => s + v, 0) / values.length,
    median: q(0.5),
    p90: q(0.9),
  };
}

/** What the landmark service said about one labelled photo (the part the placement reads). */
export interface FitLandmarks {
  /** The photo's own size (the labels' pixels). */
  photo: { width: number; height: number };
  /** The landmark image's size (the points' pixels; the service scales photos to 1024 px). */
  image: { width: number; height: number };
  rotation: { yaw: number; pitch: number; roll: number };
  points: Omit<FaceOutline, 'image' | 'yaw'> & {
    leftEye: { center: Point };
    rightEye: { center: Point };
    leftEyebrow: readonly Point[];
    rightEyebrow: readonly Point[];
  };
}

export interface FitSet {
  labels: Record<string, FitLabel>;
  landmarks: Record<string, FitLandmarks>;
}

/** Photos turned at least this much (|yaw|, degrees) count as turned in the summary. */
export const TURNED_YAW = 10;
/** ...and tilted from this much roll. */
export const TILTED_ROLL = 8;

export interface FitSummary {
  count: number;
  /** Of the per-photo `mean` (all three points' distances). */
  mean: number;
  median: number;
  p90: number;
  /** Of the per-photo `fit` (hairline distance, temples across). */
  fit: { mean: number; median: number; p90: number };
  /** Mean error of the hairline point alone, and of the two temples. */
  hairline: number;
  temples: number;
}

export interface FitReport {
  photos: { file: string; yaw: number; roll: number; error: FitError }[];
  summary: Record<'all' | 'frontal' | 'turned' | 'tilted', FitSummary>;
}

/** The canonical overlay placed as the stage places it, on one labelled photo. */
export function placeForFit(anchor: OverlayAnchor, landmarks: FitLandmarks): SplitPlacement | null {
  const { points, rotation, image, photo } = landmarks;
  return placeOverlaySplit(
    anchor,
    anchor.board,
    { image, ...points, yaw: rotation.yaw, roll: rotation.roll },
    photo,
  );
}

/** The fit error of every labelled photo that has landmarks, and its summaries. */
export function evaluateFit(set: FitSet, anchor: OverlayAnchor): FitReport {
  const photos: FitReport['photos'] = [];
  for (const [file, label] of Object.entries(set.labels)) {
    const landmarks = set.landmarks[file];
    if (!landmarks) continue;
    const placement = placeForFit(anchor, landmarks);
    if (!placement) continue;
    const { points, image, photo, rotation } = landmarks;
    const scale = { x: photo.width / image.width, y: photo.height / image.height };
    const width = faceWidth(points.faceOval, points.leftEye.center, points.rightEye.center, scale);
    const ex = (points.rightEye.center[0] - points.leftEye.center[0]) * scale.x;
    const ey = (points.rightEye.center[1] - points.leftEye.center[1]) * scale.y;
    const eyes = Math.hypot(ex, ey) || 1;
    photos.push({
      file,
      yaw: rotation.yaw,
      roll: rotation.roll,
      error: fitError(placement, anchor, anchor.board, label, width, [ex / eyes, ey / eyes]),
    });
  }
  const of = (rows: FitReport['photos']): FitSummary => ({
    count: rows.length,
    ...summarize(rows.map((r) => r.error.mean)),
    fit: summarize(rows.map((r) => r.error.fit)),
    hairline: summarize(rows.map((r) => r.error.hairline)).mean,
    temples: summarize(rows.flatMap((r) => [r.error.leftTemple, r.error.rightTemple])).mean,
  });
  return {
    photos,
    summary: {
      all: of(photos),
      frontal: of(photos.filter((r) => Math.abs(r.yaw) < TURNED_YAW)),
      turned: of(photos.filter((r) => Math.abs(r.yaw) >= TURNED_YAW)),
      tilted: of(photos.filter((r) => Math.abs(r.roll) >= TILTED_ROLL)),
    },
  };
}

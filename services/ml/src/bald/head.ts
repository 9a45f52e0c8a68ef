import { clamp, type Vec2 } from './raster.js';
import { geometry } from './tunables.js';
import type { BaldFacePoints, HeadEllipse } from './types.js';

/** The skull ellipse, head coordinates and distances to the face's outline (bald.ts). */

export const sub = (a: Vec2, b: Vec2): Vec2 => [a[0] - b[0], a[1] - b[1]];
export const len = (a: Vec2) => Math.hypot(a[0], a[1]);
export const lerp = (a: Vec2, b: Vec2, t: number): Vec2 => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
];

/**
 * How far the nose tip lies to the side of the middle of the cheeks, along `right` (pixels): a
 * turned head's nose points away from the back of its skull.
 */
export function noseOffsetOf(points: BaldFacePoints, right: Vec2): number {
  const mid = lerp(points.leftCheek, points.rightCheek, 0.5);
  return (points.noseTip[0] - mid[0]) * right[0] + (points.noseTip[1] - mid[1]) * right[1];
}

/** The skull ellipse from the landmarks: centred between the cheeks, axis chin → forehead. */
export function headEllipse(points: BaldFacePoints): HeadEllipse {
  const axis = sub(points.foreheadTop, points.chin);
  const axisLength = len(axis) || 1;
  const up: Vec2 = [axis[0] / axisLength, axis[1] / axisLength];
  const mid = lerp(points.leftCheek, points.rightCheek, 0.5);
  const right: Vec2 = [-up[1], up[0]];
  const noseOffset = noseOffsetOf(points, right);
  const center: Vec2 = [
    mid[0] - right[0] * noseOffset * geometry.yawShift,
    mid[1] - right[1] * noseOffset * geometry.yawShift,
  ];
  const halfWidth =
    (len(sub(points.rightCheek, points.leftCheek)) / 2) * geometry.skullWidth +
    Math.abs(noseOffset) * geometry.yawWiden;
  const chinToHairline = sub(points.hairline, points.chin);
  const top: Vec2 = [
    points.chin[0] + chinToHairline[0] * geometry.skullTop,
    points.chin[1] + chinToHairline[1] * geometry.skullTop,
  ];
  const rel = sub(top, center);
  const halfHeightUp = Math.max(rel[0] * up[0] + rel[1] * up[1], halfWidth * 0.5);
  // The skull contains the upper face (a turned or tilted head: the oval's far side).
  let containedWidth = halfWidth;
  let containedTop = halfHeightUp;
  for (const p of points.faceOval) {
    const rel2 = sub(p, center);
    const du = Math.abs(rel2[0] * right[0] + rel2[1] * right[1]) * 1.04;
    const dv = rel2[0] * up[0] + rel2[1] * up[1];
    if (dv <= 0) continue;
    containedTop = Math.max(containedTop, dv * 1.04);
    const room = 1 - (dv / containedTop) ** 2;
    if (room > 0.05) containedWidth = Math.max(containedWidth, du / Math.sqrt(room));
  }
  const toChin = sub(points.chin, center);
  const halfHeightDown =
    Math.max(-(toChin[0] * up[0] + toChin[1] * up[1]), 1) * geometry.skullBottom;
  return {
    center,
    up,
    halfWidth: containedWidth,
    halfHeightUp: containedTop,
    halfHeightDown,
  };
}

/** Squared distance from a point to a segment. */
function segmentDistance2(a: Vec2, b: Vec2, x: number, y: number): number {
  const ex = b[0] - a[0];
  const ey = b[1] - a[1];
  const l2 = ex * ex + ey * ey;
  const t = l2 > 0 ? clamp(((x - a[0]) * ex + (y - a[1]) * ey) / l2, 0, 1) : 0;
  const dx = x - a[0] - ex * t;
  const dy = y - a[1] - ey * t;
  return dx * dx + dy * dy;
}

export const distanceToSegment = (a: Vec2, b: Vec2, x: number, y: number) =>
  Math.sqrt(segmentDistance2(a, b, x, y));

/** Distance from a point to the nearest edge of a closed polygon. */
export function distanceToPolygon(poly: Vec2[], x: number, y: number): number {
  let best = Infinity;
  for (let k = 0; k < poly.length; k++)
    best = Math.min(best, segmentDistance2(poly[k]!, poly[(k + 1) % poly.length]!, x, y));
  return Math.sqrt(best);
}

/** Head coordinates: u across (−1..1 at the ellipse's sides), v up (1 at the skull top). */
export function headCoords(head: HeadEllipse, x: number, y: number): [number, number] {
  const dx = x - head.center[0];
  const dy = y - head.center[1];
  const right: Vec2 = [-head.up[1], head.up[0]];
  return [
    (dx * right[0] + dy * right[1]) / head.halfWidth,
    (dx * head.up[0] + dy * head.up[1]) / head.halfHeightUp,
  ];
}

/**
 * Where a hairstyle overlay goes on the photo: the similarity transform (uniform scale, rotation,
 * translation) that lays the overlay's temples onto the face's temples. Pure math, no Konva, so
 * it is unit-tested and shared by the stage (placement, "reset position") and the e2e probe.
 */

import type { StyleAnchor } from '@carol/contracts';

export type Point = readonly [number, number];

/** Anchor points of an overlay image, in its own pixels (`left` = the image's left). */
export type OverlayAnchor = StyleAnchor;

/** A Konva-style node transform: the image's (0, 0) at (x, y), turned by `rotation` degrees. */
export interface Placement {
  x: number;
  y: number;
  /** Degrees, clockwise on screen (y down), as Konva's `rotation`. */
  rotation: number;
  /** Uniform scale (Konva's scaleX = scaleY). */
  scale: number;
}

/** Axis-aligned box, in the same units as the placement. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The temples as fractions of the board for an overlay that came without anchor points: a
 * head-centred board like the catalogue's overlays (face between 34 % and 66 % of the width).
 */
export const FALLBACK_ANCHOR_FRACTIONS = {
  leftTemple: [0.34, 0.42],
  rightTemple: [0.66, 0.42],
  hairline: [0.5, 0.27],
  chin: [0.5, 0.63],
} as const;

/** The anchor of an overlay image of `width`×`height`, or the fallback when it has none. */
export function anchorOrFallback(
  anchor: OverlayAnchor | null | undefined,
  width: number,
  height: number,
): OverlayAnchor {
  if (anchor) return anchor;
  const at = ([fx, fy]: readonly [number, number]): [number, number] => [fx * width, fy * height];
  return {
    board: { width, height },
    leftTemple: at(FALLBACK_ANCHOR_FRACTIONS.leftTemple),
    rightTemple: at(FALLBACK_ANCHOR_FRACTIONS.rightTemple),
    hairline: at(FALLBACK_ANCHOR_FRACTIONS.hairline),
    chin: at(FALLBACK_ANCHOR_FRACTIONS.chin),
  };
}

/**
 * The similarity transform mapping `from[0]`→`to[0]` and `from[1]`→`to[1]` exactly. Null when
 * either pair is degenerate (both points equal), where no scale or angle can be told.
 */
export function similarityFromPairs(
  from: readonly [Point, Point],
  to: readonly [Point, Point],
): Placement | null {
  const [a, b] = from;
  const [A, B] = to;
  const vx = b[0] - a[0];
  const vy = b[1] - a[1];
  const Vx = B[0] - A[0];
  const Vy = B[1] - A[1];
  const fromLength = Math.hypot(vx, vy);
  const toLength = Math.hypot(Vx, Vy);
  if (fromLength < 1e-9 || toLength < 1e-9) return null;
  const scale = toLength / fromLength;
  const angle = Math.atan2(Vy, Vx) - Math.atan2(vy, vx);
  const cos = Math.cos(angle) * scale;
  const sin = Math.sin(angle) * scale;
  // t = A − s·R·a
  const x = A[0] - (cos * a[0] - sin * a[1]);
  const y = A[1] - (sin * a[0] + cos * a[1]);
  return { x, y, rotation: normalizeDegrees((angle * 180) / Math.PI), scale };
}

/** Degrees in (−180, 180]. */
export function normalizeDegrees(degrees: number): number {
  let d = degrees % 360;
  if (d <= -180) d += 360;
  if (d > 180) d -= 360;
  return d;
}

/** Where `point` (overlay pixels) lands under `placement`. */
export function applyPlacement(placement: Placement, point: Point): [number, number] {
  const angle = (placement.rotation * Math.PI) / 180;
  const cos = Math.cos(angle) * placement.scale;
  const sin = Math.sin(angle) * placement.scale;
  return [
    placement.x + cos * point[0] - sin * point[1],
    placement.y + sin * point[0] + cos * point[1],
  ];
}

/** The axis-aligned box around `rect` (overlay pixels; the whole image by default) as placed. */
export function placedBox(
  placement: Placement,
  width: number,
  height: number,
  x0 = 0,
  y0 = 0,
): Box {
  const corners = [
    applyPlacement(placement, [x0, y0]),
    applyPlacement(placement, [x0 + width, y0]),
    applyPlacement(placement, [x0 + width, y0 + height]),
    applyPlacement(placement, [x0, y0 + height]),
  ];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * The canvas node showing only `crop` of the overlay (its hair, without the empty board) sits
 * where the crop's top-left corner lands; these convert between that node's position and the
 * placement of the whole overlay image.
 */
export function nodeOrigin(placement: Placement, crop: { x: number; y: number }): Placement {
  const [x, y] = applyPlacement(placement, [crop.x, crop.y]);
  return { ...placement, x, y };
}

export function placementFromNode(node: Placement, crop: { x: number; y: number }): Placement {
  const angle = (node.rotation * Math.PI) / 180;
  const cos = Math.cos(angle) * node.scale;
  const sin = Math.sin(angle) * node.scale;
  return {
    ...node,
    x: node.x - (cos * crop.x - sin * crop.y),
    y: node.y - (sin * crop.x + cos * crop.y),
  };
}

/**
 * The box around an RGBA image's pixels at least `alphaThreshold` opaque (the hair of an
 * overlay), or null when there are none. Rows and columns are scanned, not every pixel kept.
 */
export function opaqueBounds(
  data: Uint8ClampedArray,
  width: number,
  height: number,
  alphaThreshold = 8,
): Box | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y += 1) {
    const row = y * width * 4;
    for (let x = 0; x < width; x += 1) {
      if (data[row + x * 4 + 3]! <= alphaThreshold) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      maxY = y;
    }
  }
  if (maxX < 0) return null;
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Face points in landmark-image pixels, and the size of the image they refer to. */
export interface FaceTemples {
  image: { width: number; height: number };
  leftTemple: Point;
  rightTemple: Point;
  /**
   * Head turn in degrees (the service's `rotation.yaw`). A turned face's temples look closer
   * together than the head is wide, so the overlay is scaled up by 1 / cos(yaw) around the
   * temples' midpoint (the turn is capped at MAX_YAW_COMPENSATION).
   */
  yaw?: number;
}

/** Beyond this turn the face check refuses the photo anyway (55°); the scale-up stops here. */
export const MAX_YAW_COMPENSATION = 50;

/**
 * The automatic placement of an overlay on a photo of `photo` size (the stage's units): the
 * overlay's temples onto the face's temples, after mapping the landmarks (given in the landmark
 * image's pixels, which the service may have scaled down) onto the photo.
 */
export function placeOverlay(
  anchor: OverlayAnchor,
  overlay: { width: number; height: number },
  face: FaceTemples,
  photo: { width: number; height: number },
): Placement | null {
  // The anchor is given on its board; the image may have been exported at another size.
  const bx = overlay.width / anchor.board.width;
  const by = overlay.height / anchor.board.height;
  const onImage = (p: Point): Point => [p[0] * bx, p[1] * by];
  const sx = photo.width / face.image.width;
  const sy = photo.height / face.image.height;
  const onPhoto = (p: Point): Point => [p[0] * sx, p[1] * sy];
  const from: [Point, Point] = [onImage(anchor.leftTemple), onImage(anchor.rightTemple)];
  const to: [Point, Point] = [onPhoto(face.leftTemple), onPhoto(face.rightTemple)];
  const yaw = Math.min(Math.abs(face.yaw ?? 0), MAX_YAW_COMPENSATION);
  if (yaw > 0) {
    // Widen the face's temple segment about its midpoint to the head's width.
    const k = 1 / Math.cos((yaw * Math.PI) / 180);
    const mx = (to[0][0] + to[1][0]) / 2;
    const my = (to[0][1] + to[1][1]) / 2;
    const widen = ([x, y]: Point): Point => [mx + (x - mx) * k, my + (y - my) * k];
    return similarityFromPairs(from, [widen(to[0]), widen(to[1])]);
  }
  return similarityFromPairs(from, to);
}

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

const smoothstep = (a: number, b: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
};

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

/**
 * A two-finger gesture applied to a placement: the fingers went from `from` to `to` (photo
 * pixels), so the overlay follows the similarity that carries the one pair onto the other; it
 * grows or shrinks with the fingers' spread, turns with them and moves with their midpoint, and
 * what was under each finger stays under it. The scale stays within `limits` (the fingers' spread
 * is then scaled about their midpoint). Computed from the gesture's start each time, so it does
 * not drift. Any other fields (a split placement's halves) are kept.
 */
export function pinchPlacement<P extends Placement>(
  start: P,
  from: readonly [Point, Point],
  to: readonly [Point, Point],
  limits: { minScale: number; maxScale: number },
): P {
  let move = similarityFromPairs(from, to);
  if (!move) return start;
  const wanted = Math.min(limits.maxScale, Math.max(limits.minScale, start.scale * move.scale));
  if (Math.abs(wanted - start.scale * move.scale) > 1e-12) {
    const k = wanted / (start.scale * move.scale);
    const mid: Point = [(to[0][0] + to[1][0]) / 2, (to[0][1] + to[1][1]) / 2];
    const about = (p: Point): Point => [mid[0] + k * (p[0] - mid[0]), mid[1] + k * (p[1] - mid[1])];
    move = similarityFromPairs(from, [about(to[0]), about(to[1])]) ?? move;
  }
  const [x, y] = applyPlacement(move, [start.x, start.y]);
  return {
    ...start,
    x,
    y,
    rotation: normalizeDegrees(start.rotation + move.rotation),
    scale: start.scale * move.scale,
  };
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

/**
 * For each column of an RGBA image, the lowest row whose pixel is more than `alphaThreshold`
 * opaque (−1: none): where an overlay's hair ends, for `placeOverlaySplit`.
 */
export function opaqueBottoms(
  data: Uint8ClampedArray,
  width: number,
  height: number,
  alphaThreshold = 8,
): Int32Array {
  const bottoms = new Int32Array(width).fill(-1);
  for (let y = 0; y < height; y += 1) {
    const row = y * width * 4;
    for (let x = 0; x < width; x += 1) if (data[row + x * 4 + 3]! > alphaThreshold) bottoms[x] = y;
  }
  return bottoms;
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
  /** Head tilt in degrees (the service's `rotation.roll`, clockwise on screen). */
  roll?: number;
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
  // Widen the face's temple segment about its midpoint to the head's width.
  const k = 1 / Math.cos((yaw * Math.PI) / 180);
  const mx = (to[0][0] + to[1][0]) / 2;
  const my = (to[0][1] + to[1][1]) / 2;
  const widen = ([x, y]: Point): Point => [mx + (x - mx) * k, my + (y - my) * k];
  const placed = similarityFromPairs(from, [widen(to[0]), widen(to[1])]);
  if (!placed || face.roll === undefined || !Number.isFinite(face.roll)) return placed;
  // Turned as the head (its roll), not as the temples' line: on a turned face the far temple
  // lies higher or lower by perspective, and the overlay turned with it stood off the head.
  return turnAbout(
    placed,
    [(from[0][0] + from[1][0]) / 2, (from[0][1] + from[1][1]) / 2],
    face.roll,
  );
}

/** `placement` turned to `rotation` degrees about the overlay point `pivot`, which stays put. */
export function turnAbout(placement: Placement, pivot: Point, rotation: number): Placement {
  const [px, py] = applyPlacement(placement, pivot);
  const turned = { ...placement, rotation: normalizeDegrees(rotation) };
  const [qx, qy] = applyPlacement(turned, pivot);
  return { ...turned, x: turned.x + px - qx, y: turned.y + py - qy };
}

// ---------------------------------------------------------------------------------------------
// Turned faces: the overlay split at its centre line, each half stretched across on its own.
// ---------------------------------------------------------------------------------------------

/** The face points the split placement reads (landmark-image pixels, `left` = the image's left). */
export interface FaceOutline extends FaceTemples {
  /** Mesh point 10, the top of the forehead: the face's midline. */
  foreheadTop: Point;
  /** Estimated hairline (facial thirds). */
  hairline: Point;
  chin: Point;
  noseTip: Point;
  leftCheek: Point;
  rightCheek: Point;
  faceOval: readonly Point[];
}

/** The bald photo's skull as an upper half-ellipse (photo pixels). */
export interface SkullEllipse {
  center: Point;
  /** Unit vector from the chin toward the top of the head. */
  up: Point;
  halfWidth: number;
  halfHeightUp: number;
}

/**
 * The skull ellipse the bald service paints skin over: a port of `headEllipse` in
 * services/ml/src/bald/bald.ts (the web cannot import the ML service), without the part below
 * the cheeks. Keep the constants in step with that file's `geometry`.
 */
const SKULL = { skullWidth: 1.1, yawWiden: 0.45, yawShift: 0.45, skullTop: 1.14 } as const;

export function skullEllipse(
  points: Pick<
    FaceOutline,
    'foreheadTop' | 'hairline' | 'chin' | 'noseTip' | 'leftCheek' | 'rightCheek' | 'faceOval'
  >,
): SkullEllipse {
  const axis: Point = [
    points.foreheadTop[0] - points.chin[0],
    points.foreheadTop[1] - points.chin[1],
  ];
  const axisLength = Math.hypot(axis[0], axis[1]) || 1;
  const up: Point = [axis[0] / axisLength, axis[1] / axisLength];
  const mid: Point = [
    (points.leftCheek[0] + points.rightCheek[0]) / 2,
    (points.leftCheek[1] + points.rightCheek[1]) / 2,
  ];
  const right: Point = [-up[1], up[0]];
  const noseOffset =
    (points.noseTip[0] - mid[0]) * right[0] + (points.noseTip[1] - mid[1]) * right[1];
  const center: Point = [
    mid[0] - right[0] * noseOffset * SKULL.yawShift,
    mid[1] - right[1] * noseOffset * SKULL.yawShift,
  ];
  const halfWidth =
    (Math.hypot(
      points.rightCheek[0] - points.leftCheek[0],
      points.rightCheek[1] - points.leftCheek[1],
    ) /
      2) *
      SKULL.skullWidth +
    Math.abs(noseOffset) * SKULL.yawWiden;
  const top: Point = [
    points.chin[0] + (points.hairline[0] - points.chin[0]) * SKULL.skullTop,
    points.chin[1] + (points.hairline[1] - points.chin[1]) * SKULL.skullTop,
  ];
  const halfHeightUp = Math.max(
    (top[0] - center[0]) * up[0] + (top[1] - center[1]) * up[1],
    halfWidth * 0.5,
  );
  // The skull contains the upper face (a turned or tilted head: the oval's far side).
  let containedWidth = halfWidth;
  let containedTop = halfHeightUp;
  for (const p of points.faceOval) {
    const dx = p[0] - center[0];
    const dy = p[1] - center[1];
    const du = Math.abs(dx * right[0] + dy * right[1]) * 1.04;
    const dv = dx * up[0] + dy * up[1];
    if (dv <= 0) continue;
    containedTop = Math.max(containedTop, dv * 1.04);
    const room = 1 - (dv / containedTop) ** 2;
    if (room > 0.05) containedWidth = Math.max(containedWidth, du / Math.sqrt(room));
  }
  return { center, up, halfWidth: containedWidth, halfHeightUp: containedTop };
}

/**
 * The canonical head's extents at about the temples' height, in temple distances from the
 * middle (docs/hairstyles.md): every overlay's face opening reaches ±0.58 (the face oval), its
 * outline covers ±0.825 (the bald skull ellipse's half width).
 */
export const CANONICAL_HEAD = { oval: 0.58, skull: 0.825 } as const;

/** Up to this turn the overlay is split in strips; beyond it, the 1 / cos(yaw) widening. */
export const SPLIT_MAX_YAW = 35;

/**
 * Each strip's stretch stays between these many temple distances per canonical temple distance
 * (a near-profile face's oval and skull estimates are unreliable; 4.5 since ADR 038: with the
 * near side's opening narrowed, 3.5 left the back of a 30° turned skull bare), and the height
 * stays within MIN_HEIGHT and MAX_HEIGHT of the temples' distance.
 */
const MIN_SLOPE = 0.5;
const MAX_SLOPE = 4.5;
const MAX_HEIGHT = 1.3;
/**
 * The band beyond the face opening is stretched at least as much as the opening on its side
 * (a frontal face keeps its hair's full volume at the sides) except on the side the face turns
 * to, which is foreshortened: from FRONT_SQUEEZE_FROM to FRONT_SQUEEZE_TO degrees of turn, that
 * floor goes down to MIN_SLOPE, so the hair there hugs the face instead of hanging in front of it.
 */
const FRONT_SQUEEZE_FROM = 10;
const FRONT_SQUEEZE_TO = 25;
/**
 * The back of a turned head: the bald service paints the skull behind the face as skin down to
 * the ear and below (its `backTempleDrop`), as far as the nose lies aside from the middle of the
 * cheeks by NAPE_TURN_FROM (not at all) to NAPE_TURN_TO (fully) cheek distances (its `turnFrom`,
 * `turnTo`). A short style's band there ends at the ear and left that skin bare, so the band on
 * the back side is stretched down from the temples' row until its hair reaches NAPE_DEPTH of
 * the skull's lower half height below the skull's centre (about the nape), by at most NAPE_MAX.
 */
const NAPE_TURN_FROM = 0.4;
const NAPE_TURN_TO = 0.55;
const NAPE_DEPTH = 0.9;
const NAPE_MAX = 3;
/**
 * ...and only the hair's body is stretched: the lowest NAPE_TIPS temple distances of the band's
 * hair (its tips), at most half of it below the temples' row, are moved down at their own size.
 */
const NAPE_TIPS = 0.2;
/** The skull's lower half height in the centre-to-chin distance (bald.ts `skullBottom`). */
const SKULL_BOTTOM = 0.5;

/**
 * Fitted on the labelled set (fit-labels.json, ADR 038; leave-one-out error equal to the fitted
 * one): on a head turned by `yaw`, the hairline's midpoint lies MIDLINE_SHIFT × sin(yaw) temple
 * distances from the forehead's top point (mesh 10) towards the near side (the side the nose
 * points away from: the top of the head is further back than the forehead), and the face opening
 * on the near side is narrowed by NEAR_NARROW × sin(yaw) (the near hairline's corner lies inside
 * the near edge of the face oval, which runs round the cheek).
 */
export const MIDLINE_SHIFT = 0.2;
export const NEAR_NARROW = 0.4;
/**
 * The overlay's height from the face's, not its width: the canonical head is FACE_HEIGHT temple
 * distances from the hairline (facial thirds) to the chin (0.42 + 1.25, docs/hairstyles.md); a
 * turned face's width is foreshortened and its far side stretched, so the height taken from the
 * width made the style tall on turned heads (its top floating above the head).
 */
export const FACE_HEIGHT = 1.67;
const MIN_HEIGHT = 0.8;

/**
 * Where the overlay goes: the whole image under the similarity `x, y, rotation, scale` (as a
 * `Placement`), except that across the image it is stretched piecewise about the centre line
 * `centreX` (overlay pixels): a point `(px, py)` of the image is first moved to
 * `(centreX + f(px − centreX), py)`, where f is linear within `band` of the line (slope `left`
 * on the image-left side, `right` on the other) and beyond it (slopes `leftOuter` and
 * `rightOuter`), continuous at the band's edges. `left = right = leftOuter = rightOuter = 1` is
 * the plain similarity. The stage draws it as one group (the similarity; what the transformer
 * moves, turns and resizes) holding up to four cropped images, one per strip.
 */
export interface SplitPlacement extends Placement {
  centreX: number;
  left: number;
  right: number;
  /** Half width of the inner strips, overlay pixels (Infinity: the halves are not cut again). */
  band: number;
  leftOuter: number;
  rightOuter: number;
  /**
   * The back of a turned head (see `placeOverlaySplit`): between overlay rows `from` (the
   * temples') and `to` (above the hair's tips), the outer band on each side is stretched down
   * by `left` / `right` (1: not at all); below `to` it is moved down as much, unstretched (the
   * tips keep their size). Absent: nothing is.
   */
  drop?: { from: number; to: number; left: number; right: number };
}

/** A plain similarity as a split placement (nothing stretched). */
export function unsplit(placement: Placement, centreX: number): SplitPlacement {
  return { ...placement, centreX, left: 1, right: 1, band: Infinity, leftOuter: 1, rightOuter: 1 };
}

/** The across-stretch of a split placement: overlay x → x in the group's frame. */
function stretchX(placement: SplitPlacement, px: number): number {
  const { centreX, band } = placement;
  const d = px - centreX;
  const [inner, outer] =
    d < 0 ? [placement.left, placement.leftOuter] : [placement.right, placement.rightOuter];
  const a = Math.abs(d);
  const moved = a <= band ? inner * a : inner * band + outer * (a - band);
  return centreX + Math.sign(d) * moved;
}

/** The down-stretch of a split placement: overlay (x, y) → y in the group's frame. */
function stretchY(placement: SplitPlacement, px: number, py: number): number {
  const { drop, centreX, band } = placement;
  if (!drop || py <= drop.from || Math.abs(px - centreX) <= band) return py;
  const stretch = px < centreX ? drop.left : drop.right;
  const below = Math.max(0, py - drop.to);
  return drop.from + (py - below - drop.from) * stretch + below;
}

/** The strips' edges (overlay pixels), left to right: where the stretch's slope changes. */
function stripEdges(placement: SplitPlacement): number[] {
  const { centreX, band } = placement;
  return Number.isFinite(band) && band > 0 ? [centreX - band, centreX, centreX + band] : [centreX];
}

/** The slope of the stretch just right of `x` (overlay pixels), as `stretchX`. */
function slopeAt(placement: SplitPlacement, x: number): number {
  const d = x - placement.centreX;
  if (d < 0) return d >= -placement.band ? placement.left : placement.leftOuter;
  return d < placement.band ? placement.right : placement.rightOuter;
}

/** Where `point` (overlay pixels) lands under a split placement. */
export function applySplit(placement: SplitPlacement, point: Point): [number, number] {
  return applyPlacement(placement, [
    stretchX(placement, point[0]),
    stretchY(placement, point[0], point[1]),
  ]);
}

/** The axis-aligned box around `rect` of the overlay (its hair) as placed, every strip. */
export function splitPlacedBox(placement: SplitPlacement, rect: Box): Box {
  const corners = splitStrips(placement, rect).flatMap((strip) => {
    const right = strip.x + strip.crop.width * strip.scaleX;
    const bottom = strip.y + strip.crop.height * strip.scaleY;
    return [
      applyPlacement(placement, [strip.x, strip.y]),
      applyPlacement(placement, [right, strip.y]),
      applyPlacement(placement, [strip.x, bottom]),
      applyPlacement(placement, [right, bottom]),
    ];
  });
  const px = corners.map((c) => c[0]);
  const py = corners.map((c) => c[1]);
  const x = Math.min(...px);
  const y = Math.min(...py);
  return { x, y, width: Math.max(...px) - x, height: Math.max(...py) - y };
}

/** One strip of the overlay as the stage draws it (see `splitStrips`). */
export interface Strip {
  crop: Box;
  x: number;
  y: number;
  scaleX: number;
  scaleY: number;
}

/**
 * The strips of `crop` (the overlay's hair), cut where the stretch's slope changes, as the stage
 * draws them, left to right: each an image node inside the group, showing its part of `crop`, at
 * (x, y) in the group's (overlay pixel) frame, stretched across by `scaleX` and down by `scaleY`.
 * An outer band stretched down (`drop`) is cut again at its rows (above, stretched, moved).
 * Strips the crop does not reach are left out. Every strip but the last of a row reaches one
 * pixel over its right edge (and every strip but the lowest one over its bottom), so the seams
 * show no gap.
 */
export function splitStrips(placement: SplitPlacement, crop: Box): Strip[] {
  const end = crop.x + crop.width;
  const bottom = crop.y + crop.height;
  const cuts = [crop.x, ...stripEdges(placement).filter((e) => e > crop.x && e < end), end];
  const strips: Strip[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const from = cuts[k]!;
    const to = k + 2 < cuts.length ? Math.min(end, Math.ceil(cuts[k + 1]!) + 1) : end;
    if (!(to > from)) continue;
    // The strip's stretches are taken inside it: at its left edge, rounding may put the point
    // on the other side of the cut (a band of 104.39999999999999 from a centre of 400 began the
    // right outer strip at 504.4, inside the band: the back of person-tasia's head was drawn with
    // the face opening's stretch, 1.55 for 2.91).
    const inside = (from + to) / 2;
    const x = stretchX(placement, from);
    const scaleX = slopeAt(placement, inside);
    const strip = (y: number, height: number, at: number, scaleY: number) =>
      strips.push({ crop: { x: from, y, width: to - from, height }, x, y: at, scaleX, scaleY });
    // Cut again across where the down-stretch changes (`drop`'s rows), if it stretches here.
    const { drop } = placement;
    const rows =
      drop && stretchY(placement, inside, drop.to) !== drop.to
        ? [drop.from, drop.to].filter((r) => r > crop.y && r < bottom)
        : [];
    const cutsY = [crop.y, ...rows, bottom];
    for (let j = 0; j + 1 < cutsY.length; j++) {
      const top = cutsY[j]!;
      const under = cutsY[j + 1]!;
      const at = stretchY(placement, inside, top);
      const scaleY = (stretchY(placement, inside, under) - at) / (under - top);
      const height = (j + 2 < cutsY.length ? Math.min(bottom, Math.ceil(under) + 1) : under) - top;
      strip(top, height, at, scaleY);
    }
  }
  return strips;
}

/**
 * The automatic placement of an overlay on a face, for turned faces too (docs/hairstyles.md,
 * "Turned faces" and "Fit"; the harness's mode `warp` in scripts/overlay-sheet.ts): up to
 * SPLIT_MAX_YAW of turn, the overlay is stretched across piecewise from the face's midline at
 * the hairline (mesh point 10 moved MIDLINE_SHIFT × sin(yaw) towards the near side), on each side
 * in two strips: the face opening (±0.58 temple distances on the canonical head) onto the face
 * oval's extent on that side (narrowed by NEAR_NARROW × sin(yaw) on the near side), and the band
 * from there to the outline (±0.825) onto the rest of the bald skull ellipse. So a turned head's
 * hair hugs the face on both sides and still covers the back of the skull (two halves with one
 * stretch each had to choose: an opening wide enough for the skull left bare skin between the
 * face and the hair). Each strip's stretch is between MIN_SLOPE and MAX_SLOPE temple distances;
 * the height is the face's (hairline to chin over FACE_HEIGHT), between MIN_HEIGHT and
 * MAX_HEIGHT temple distances. The overlay is turned square to the face's axis (chin → top of the
 * forehead), which follows the head's roll. A frontal face gets (nearly) the temple similarity of
 * `placeOverlay`. Beyond SPLIT_MAX_YAW, or without the points, it is `placeOverlay`'s
 * 1 / cos(yaw) widening, unsplit, turned with the head's roll when it is given. The fit is
 * measured against hand-labelled photos by `npm run eval:fit` (ADR 038).
 */
export function placeOverlaySplit(
  anchor: OverlayAnchor,
  overlay: { width: number; height: number },
  face: FaceTemples & Partial<Omit<FaceOutline, keyof FaceTemples>>,
  photo: { width: number; height: number },
  hairBottoms?: ArrayLike<number>,
): SplitPlacement | null {
  const bx = overlay.width / anchor.board.width;
  const by = overlay.height / anchor.board.height;
  const lt: Point = [anchor.leftTemple[0] * bx, anchor.leftTemple[1] * by];
  const rt: Point = [anchor.rightTemple[0] * bx, anchor.rightTemple[1] * by];
  const centreX = (lt[0] + rt[0]) / 2;
  const fallback = () => {
    const placed = placeOverlay(anchor, overlay, face, photo);
    return placed && unsplit(placed, centreX);
  };
  const { foreheadTop, hairline, chin, noseTip, leftCheek, rightCheek, faceOval } = face;
  if (
    Math.abs(face.yaw ?? 0) > SPLIT_MAX_YAW ||
    !foreheadTop ||
    !hairline ||
    !chin ||
    !noseTip ||
    !leftCheek ||
    !rightCheek ||
    !faceOval
  )
    return fallback();
  const sx = photo.width / face.image.width;
  const sy = photo.height / face.image.height;
  const onPhoto = (p: Point): Point => [p[0] * sx, p[1] * sy];
  const a = onPhoto(face.leftTemple);
  const b = onPhoto(face.rightTemple);
  const td = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const boardT = Math.hypot(rt[0] - lt[0], rt[1] - lt[1]);
  if (td < 1e-9 || boardT < 1e-9) return null;
  // Across the head: square to the face's axis (chin → top of the forehead), as the skull
  // ellipse. On a turned face the temples' line is tilted by the perspective of the mesh (15° on
  // person-tasia, whose roll is under 1°): turned with it, the overlay's back rose off the skull.
  const chinPoint = onPhoto(chin);
  const topPoint = onPhoto(foreheadTop);
  const faceAxis = Math.hypot(topPoint[0] - chinPoint[0], topPoint[1] - chinPoint[1]);
  if (faceAxis < 1e-9) return fallback();
  const axis: Point = [
    -(topPoint[1] - chinPoint[1]) / faceAxis,
    (topPoint[0] - chinPoint[0]) / faceAxis,
  ];
  const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const along = (p: Point) => (p[0] - mid[0]) * axis[0] + (p[1] - mid[1]) * axis[1];
  const across = (p: Point) => -(p[0] - mid[0]) * axis[1] + (p[1] - mid[1]) * axis[0];
  // The face oval from a little above the temples down (where the face opening has to hold it).
  const near = faceOval.map(onPhoto).filter((p) => across(p) / td > -0.15);
  if (near.length === 0) return fallback();
  const ovalLo = Math.min(...near.map(along));
  const ovalHi = Math.max(...near.map(along));
  const head = skullEllipse({
    foreheadTop: onPhoto(foreheadTop),
    hairline: onPhoto(hairline),
    chin: onPhoto(chin),
    noseTip: onPhoto(noseTip),
    leftCheek: onPhoto(leftCheek),
    rightCheek: onPhoto(rightCheek),
    faceOval: faceOval.map(onPhoto),
  });
  const skullLo = along(head.center) - head.halfWidth;
  const skullHi = along(head.center) + head.halfWidth;
  const [leftCheekAt, rightCheekAt] = [onPhoto(leftCheek), onPhoto(rightCheek)];
  const noseAside = along(onPhoto(noseTip)) - (along(leftCheekAt) + along(rightCheekAt)) / 2;
  const noseLeft = noseAside < 0;
  const turn = Math.sin((Math.min(Math.abs(face.yaw ?? 0), SPLIT_MAX_YAW) * Math.PI) / 180);
  const c0 = along(onPhoto(foreheadTop));
  // The midline at the hairline, towards the near side (away from where the nose points).
  const c = c0 + (noseLeft ? 1 : -1) * MIDLINE_SHIFT * td * turn;
  const { oval: o, skull: k } = CANONICAL_HEAD;
  // Photo pixels per temple distance (slopes of the stretch) on each side: inside the face
  // opening from the oval, beyond it from the skull; the height from the opening's mean.
  const slope = (v: number) => Math.min(td * MAX_SLOPE, Math.max(td * MIN_SLOPE, v));
  const nearFactor = 1 - NEAR_NARROW * turn;
  const innerLeft = slope(((c - ovalLo) / o) * (noseLeft ? 1 : nearFactor));
  const innerRight = slope(((ovalHi - c) / o) * (noseLeft ? nearFactor : 1));
  const squeeze = smoothstep(FRONT_SQUEEZE_FROM, FRONT_SQUEEZE_TO, Math.abs(face.yaw ?? 0));
  const floor = (inner: number, front: boolean) =>
    front ? inner + (td * MIN_SLOPE - inner) * squeeze : inner;
  const outerLeft = slope(
    Math.max((c - skullLo - innerLeft * o) / (k - o), floor(innerLeft, noseLeft)),
  );
  const outerRight = slope(
    Math.max((skullHi - c - innerRight * o) / (k - o), floor(innerRight, !noseLeft)),
  );
  const hairlineAt = onPhoto(hairline);
  const faceHeight = Math.hypot(hairlineAt[0] - chinPoint[0], hairlineAt[1] - chinPoint[1]);
  const vertical = Math.min(td * MAX_HEIGHT, Math.max(td * MIN_HEIGHT, faceHeight / FACE_HEIGHT));
  // The group: the board's temples' midpoint onto the midline point at the temples' height,
  // turned as the face's temples, scaled by the height; the halves stretched to their sides.
  const scale = vertical / boardT;
  const angle = Math.atan2(axis[1], axis[0]) - Math.atan2(rt[1] - lt[1], rt[0] - lt[0]);
  const cos = Math.cos(angle) * scale;
  const sin = Math.sin(angle) * scale;
  const origin: Point = [mid[0] + axis[0] * c, mid[1] + axis[1] * c];
  const cy = (lt[1] + rt[1]) / 2;
  // The back of a turned head (see NAPE_*): how far down the back band's hair reaches now
  // (overlay rows below the temples', times `scale`) against the nape, both below the temples.
  let drop: SplitPlacement['drop'];
  if (hairBottoms) {
    const cheeks = Math.hypot(rightCheekAt[0] - leftCheekAt[0], rightCheekAt[1] - leftCheekAt[1]);
    const share = smoothstep(NAPE_TURN_FROM, NAPE_TURN_TO, Math.abs(noseAside) / (cheeks || 1));
    const sign = noseLeft ? 1 : -1;
    const [x0, x1] = [centreX + sign * o * boardT, centreX + sign * k * boardT].sort(
      (p, q) => p - q,
    );
    let lowest = -1;
    for (let x = Math.max(0, Math.ceil(x0!)); x <= Math.min(hairBottoms.length - 1, x1!); x++)
      lowest = Math.max(lowest, hairBottoms[x]!);
    const reach = (lowest + 1 - cy) * scale;
    const centreDepth = across(head.center);
    const nape = centreDepth + NAPE_DEPTH * SKULL_BOTTOM * (across(chinPoint) - centreDepth);
    if (share > 0 && reach > 0 && nape > reach) {
      // The whole lengthening (overlay rows) is put into the hair's body above its tips: the
      // tips stretched ~2.5 × down (and ~3 × across) showed as a grid of blocks on the stage.
      const longer = (Math.min(NAPE_MAX, nape / reach) - 1) * share * (lowest + 1 - cy);
      const to = Math.max(cy + (lowest + 1 - cy) / 2, lowest + 1 - NAPE_TIPS * boardT);
      const down = 1 + longer / (to - cy);
      drop = { from: cy, to, left: noseLeft ? 1 : down, right: noseLeft ? down : 1 };
    }
  }
  return {
    x: origin[0] - (cos * centreX - sin * cy),
    y: origin[1] - (sin * centreX + cos * cy),
    rotation: normalizeDegrees((angle * 180) / Math.PI),
    scale,
    centreX,
    left: innerLeft / vertical,
    right: innerRight / vertical,
    band: o * boardT,
    leftOuter: outerLeft / vertical,
    rightOuter: outerRight / vertical,
    ...(drop && { drop }),
  };
}

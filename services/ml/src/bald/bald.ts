import type { FacePoints } from '../landmarks/face-geometry.js';
import { clearBelowJaw } from './below-jaw.js';
import { restoreBrows } from './brows.js';
import { fillLabel, membraneFill, unknownBox } from './membrane.js';
import { columnTaps, resizePlane } from '../segmentation/matte.js';
import { patchFill } from './patch-fill.js';
import {
  boxBlur,
  clamp,
  dilate,
  distanceTo,
  fillPolygon,
  lumaOf,
  mulberry32,
  smoothstep,
  type Vec2,
} from './raster.js';

/**
 * Bangs removal ("bald" image): the hair of a photo replaced by what is behind it, so a
 * hairstyle overlay can be laid on a clean head. No generative model: inside the head (the face
 * oval extended upward as an ellipse) the skin is continued with a membrane fill from the
 * surrounding skin only (keeps the forehead's shading; brows, eyes, hair shadows and background
 * are never used as boundary), fine skin texture sampled from a cheek is added and the scalp is
 * shaded darker toward the top and the sides of the skull. Skin is continued only where a bald
 * head has skin: the skull cap above the temple line and a narrow margin around the face; hair
 * beside the cheeks (ears, jaw) and outside the head is rebuilt from patches of the background
 * around it (patch-fill.ts: a wall stays a wall, a backdrop keeps its weave), or, with nothing to
 * copy from, a membrane fill from the surrounding background with seeded grain matched to the
 * background's. The middle of the face below the eyes is never replaced; strands at its sides
 * (near the face oval's edge or beyond the outer eye corners) become skin, fading into the kept
 * hair. Long hair below the jaw is rebuilt from what surrounds it where it is not too deep, over
 * the body's outline when the shoulders are known (below-jaw.ts). Pure: photo + hair matte + face
 * points in.
 */

export type BaldFacePoints = Pick<
  FacePoints,
  | 'faceOval'
  | 'foreheadTop'
  | 'hairline'
  | 'chin'
  | 'noseTip'
  | 'leftCheek'
  | 'rightCheek'
  | 'leftEye'
  | 'rightEye'
  | 'leftEyebrow'
  | 'rightEyebrow'
  | 'mouth'
>;

/** The skull as an upper half-ellipse, in photo pixels. */
export interface HeadEllipse {
  center: Vec2;
  /** Unit vector from the chin toward the top of the head. */
  up: Vec2;
  /** Half width. */
  halfWidth: number;
  /** From the centre up to the top of the skull. */
  halfHeightUp: number;
  /** From the centre down, where the skull's outline is rounded off (the face continues). */
  halfHeightDown: number;
}

export interface BaldOptions {
  /** Matte value from which a pixel is hair (default 0.2). */
  hairThreshold?: number;
  /** Skin texture strength, 0 = none (default 1). */
  texture?: number;
  /** Seed of the texture synthesis (default: derived from the image size). */
  seed?: number;
  /**
   * The person's shoulder joints (a body-pose detector's), in photo pixels: where the body lies
   * under long hair below the jaw (below-jaw.ts). Without them that hair is filled from what
   * surrounds it, whichever it is.
   */
  shoulders?: { left: Vec2; right: Vec2 };
  /**
   * Whether long hair below the jaw (over the shoulders and chest, below the head stage's cut)
   * is rebuilt from what surrounds it (below-jaw.ts). Default false: it stays as it is. The
   * rebuilt shoulders and chest were a guess that too often showed (a skin-coloured smear over
   * a shoulder and the wall, a blurred patch on the chest, strands left over): the person's own
   * long hair is a believable picture, a painted-over chest is not (ADR 039).
   */
  belowJaw?: boolean;
  /**
   * The face width (px, cheek to cheek) the removal works at: a wider face is scaled down to it
   * and the change scaled back up (default `geometry.workFaceWidth`; Infinity: full size).
   */
  workFaceWidth?: number;
}

export interface BaldResult {
  /** RGB, 3 channels, the photo's size. */
  data: Uint8Array;
  width: number;
  height: number;
  /** 255 where pixels were replaced (hair, slightly grown), fading to 0 where the removal ends. */
  mask: Uint8Array;
  /**
   * 255 where hair on the head beside and behind the face and above the temple line was
   * replaced by scalp skin (the sides above the ears, a turned head's back down to the ear; not
   * above the forehead, where a style draws its own hairline, nor beside the cheeks), fading out
   * toward the face, at the temple line and where the removal ends: the bald head a new
   * hairstyle should cover, so the try-on can lay the person's own hair under the style there
   * instead of bare skin.
   */
  scalp: Uint8Array;
  head: HeadEllipse;
  timings: Record<string, number>;
}

export interface RgbPhoto {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Tunables, in shares of the face width (distance between the cheek points). */
const geometry = {
  /** Skull half width / half face width at the cheeks. */
  skullWidth: 1.1,
  /** ...plus this share of the nose's sideways offset (a turned head shows more skull). */
  yawWiden: 0.45,
  /** Below the cheeks the skull is rounded off this share of the way to the chin. */
  skullBottom: 0.5,
  /**
   * A turned head: the skull's centre moves toward the back of the head by this share of the
   * nose's sideways offset from the middle of the cheeks.
   */
  yawShift: 0.45,
  /** Top of the skull above the chin, in chin→estimated-hairline distances. */
  skullTop: 1.14,
  /**
   * Where the long hair kept below the cut begins (no below-jaw pass): the cut lies between
   * `removeBelowChin` and `removeBelowChin + removeFeather`, its depth varying along it as hair
   * tips do (smooth value noise, two octaves, the finer one `wavelength` face widths long), the
   * kept hair fading in over `feather` face widths.
   */
  hairTips: { wavelength: 0.05, feather: 0.02 },
  /** Hair mask grown by this share of the face width (covers the soft edge and shadows). */
  hairGrow: 0.014,
  /** ...from the matte box-blurred over this share of the face width first (specks go). */
  seedSmooth: 0.005,
  /** Brows and eyes are kept: their outline grown by this share. */
  featureGrow: 0.03,
  /** Skin colour is sampled in disks of this radius on both cheeks. */
  cheekRadius: 0.07,
  /**
   * Hair is removed down to this far below the chin, in chin-to-skull-centre distances (one
   * membrane fill over long hair on the chest only smears the clothes); below it, below-jaw.ts
   * replaces the thin pieces per kind of surrounding and keeps the thick ones.
   */
  removeBelowChin: 0.35,
  /** ...with a soft end over this distance (same unit). */
  removeFeather: 0.25,
  /**
   * The neck below the mouth: hair in front of it becomes skin within this half width of its
   * middle (share of the face width; a neck is about 0.6 face widths wide), soft over
   * `neckFeather`.
   */
  neckHalfWidth: 0.3,
  neckFeather: 0.06,
  /**
   * Whether the neck shows is judged from the pixels that are not hair in its column from this
   * far to this far below the chin (shares of the face width; just below the chin lies its
   * shadow): the column is skin when at least `neckSkinShare` of them look like the cheeks' skin,
   * none below `neckSkinShare − neckSkinFeather`. Fewer than `neckProbeMinShare` of the column
   * not hair (hair covers the neck): assumed to show.
   */
  neckProbeFrom: 0.1,
  neckProbeTo: 0.45,
  neckSkinShare: 0.35,
  neckSkinFeather: 0.2,
  neckProbeMinShare: 0.15,
  /**
   * The chin's shadow on skin filled below the mouth just outside the face oval: this much
   * darker at the jaw line, fading out over `jawShadowReach` (share of the face width) from it.
   */
  jawShadow: 0.2,
  jawShadowReach: 0.1,
  /**
   * The removal's working resolution: the face's width in px (cheek to cheek) above which the
   * head is worked on scaled down (ADR 039: a 1024-px portrait's face is 250–450 px wide; at
   * 200 px the fills take a third to a fifth of the time and the skin and background they
   * rebuild lose little, since only the change is scaled back up).
   */
  workFaceWidth: 140,
  /**
   * Search-and-vote rounds per level of the background's patch fill (patch-fill.ts; 5 there by
   * default): after 3 the field barely moves on these holes, and the search was half the fill.
   */
  patchIterations: 3,
  /** Context kept around what can change (boundary of the fills), share of face width. */
  roiMargin: 0.12,
  /** Skin boundary: the face oval grown by this share. */
  skinMargin: 0.18,
  /**
   * Below the temple line (the top of the brows) a bald head shows no skin beside the face
   * (ears, neck, background): hair there becomes skin only within this share of the face width
   * outside the face oval (keeps the face's edge clean), background beyond it.
   */
  cheekMargin: 0.04,
  /** ...blended into the background over this share of the face width. */
  cheekFeather: 0.03,
  /**
   * The skull cap (skin beside the face, up to the skull ellipse) narrows into the face's outline
   * from this far above the top of the brows (the temple line) to this far below it, in skull
   * half-heights (the v unit of the head coordinates).
   */
  templeBelow: 0.14,
  templeAbove: 0.06,
  /**
   * A turned head shows the side of its skull behind the face (above and behind the ear) down
   * to the ear, not only above the temples: on the back side (away from the nose) the temple line
   * is lowered by this many skull half-heights, as far as the head is turned (the nose's sideways
   * offset from the middle of the cheeks, in face widths, from `turnFrom` (not at all) to
   * `turnTo` (fully); a face turned less than that keeps the frontal cap). The web's placement
   * lengthens a short style's back over that skin from the same turn (`NAPE_TURN_*` in
   * apps/web/src/features/simulation/placement.ts): keep them in step.
   */
  backTempleDrop: 1,
  turnFrom: 0.4,
  turnTo: 0.55,
  /** Inside the face oval hair is kept below the eyes, removed fully this far above them. */
  eyeBand: 0.08,
  /**
   * ...except at the face's sides (strands beside the cheeks, the far side of a turned face):
   * hair is replaced within this depth inside the oval's edge (share of face width), with a soft
   * seam of ±`ovalFeather` toward the hair kept deeper in...
   */
  ovalMargin: 0.2,
  ovalFeather: 0.05,
  /** The scalp map (BaldResult.scalp) fades in over this many face widths beyond the oval. */
  scalpFeather: 0.02,
  /**
   * ...and only beside and behind the face: from this far inside to this far beyond the oval's
   * widest extent across the head (skull half widths), not over the forehead.
   */
  scalpSideIn: 0.02,
  scalpSideOut: 0.12,
  /**
   * ...and beyond the outer eye corners (across the face) by more than this share of the face
   * width, with a soft seam of ±`eyeSideFeather`. On a frontal face eyes, nose and mouth lie
   * inside both (the eyes and brows are kept anyway); the hair matte has little hair there (the
   * segmentation clears the lower face).
   */
  eyeSide: 0.04,
  eyeSideFeather: 0.03,
  /**
   * The mouth (within this share of the face width of the line between its corners) and the
   * nose (this far around its tip) are kept all the same, fading out over `ovalFeather`.
   */
  mouthKeep: 0.08,
  /**
   * Within this share of the face width of the mouth's line, a pixel is hair only from this
   * matte on: the corner of a smiling mouth on a turned face lies beyond the oval, and a speck
   * of matte above it (0.2–0.45 on Frame00308, 0.1 face widths from the corner), grown, became a
   * grey blob of background fill over the lip.
   */
  mouthHairReach: 0.12,
  mouthHairMatte: 0.5,
  noseKeep: 0.12,
  /**
   * The skin right beside the hair often lies in its shadow: darker and much redder (light
   * through the hair, a face turning away under it). A fill continued from it alone spreads that
   * colour over the whole filled side (lexi: a mauve-brown panel beside a peach face). So a second
   * fill is solved from the skin farther than `shadowBand` (share of the face width) from the
   * hair; the filled skin is the first fill at the real skin's edge and turns into the second
   * over `shadowReach` from it...
   */
  shadowBand: 0.1,
  shadowReach: 0.15,
  /**
   * ...as far as the first is redder than the second: (R − B) / luma greater by `shadowRedFrom`
   * (not at all) to `shadowRedTo` (fully). The shaded side of a face lit from one side has the
   * same proportions as its lit side, only darker, and keeps the first fill.
   */
  shadowRedFrom: 0.04,
  shadowRedTo: 0.12,
  /** Texture high-pass: luminance minus its box blur of this radius (share of face width). */
  textureScale: 0.02,
  /** Strongest texture added, standard deviation in 8-bit levels. */
  textureMaxStd: 2.5,
  /** Side of the cheek texture patch. */
  texturePatch: 0.16,
  /** Strongest grain added to the background fill (standard deviation, 8-bit levels). */
  backgroundMaxStd: 4,
  /**
   * How far around the hair the background fill takes its patches from (0.6 copied pieces of
   * the paintings on a wall into the gap beside a face; nearer, it continues the wall).
   */
  backgroundReach: 0.3,
};

const sub = (a: Vec2, b: Vec2): Vec2 => [a[0] - b[0], a[1] - b[1]];
const len = (a: Vec2) => Math.hypot(a[0], a[1]);
const lerp = (a: Vec2, b: Vec2, t: number): Vec2 => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
];

/**
 * How far the nose tip lies to the side of the middle of the cheeks, along `right` (pixels): a
 * turned head's nose points away from the back of its skull.
 */
function noseOffsetOf(points: BaldFacePoints, right: Vec2): number {
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

const distanceToSegment = (a: Vec2, b: Vec2, x: number, y: number) =>
  Math.sqrt(segmentDistance2(a, b, x, y));

/** Distance from a point to the nearest edge of a closed polygon. */
function distanceToPolygon(poly: Vec2[], x: number, y: number): number {
  let best = Infinity;
  for (let k = 0; k < poly.length; k++)
    best = Math.min(best, segmentDistance2(poly[k]!, poly[(k + 1) % poly.length]!, x, y));
  return Math.sqrt(best);
}

/** Head coordinates: u across (−1..1 at the ellipse's sides), v up (1 at the skull top). */
function headCoords(head: HeadEllipse, x: number, y: number): [number, number] {
  const dx = x - head.center[0];
  const dy = y - head.center[1];
  const right: Vec2 = [-head.up[1], head.up[0]];
  return [
    (dx * right[0] + dy * right[1]) / head.halfWidth,
    (dx * head.up[0] + dy * head.up[1]) / head.halfHeightUp,
  ];
}

interface SkinModel {
  y: number;
  cb: number;
  cr: number;
  spreadY: number;
  spreadC: number;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/**
 * Robust skin colour (YCbCr median and spread) from a disk on each cheek; the more uniform disk
 * wins (on a turned head the far cheek's disk may hold hair, nose or background).
 */
function skinModel(
  photo: RgbPhoto,
  matte: Float32Array,
  centers: Vec2[],
  radius: number,
): SkinModel {
  const models = centers
    .map((c) => diskSkinModel(photo, matte, c, radius))
    .filter((m): m is SkinModel => m !== null)
    .sort((a, b) => a.spreadY + a.spreadC - (b.spreadY + b.spreadC));
  return models[0] ?? { y: 160, cb: -25, cr: 35, spreadY: 30, spreadC: 15 };
}

function diskSkinModel(
  photo: RgbPhoto,
  matte: Float32Array,
  c: Vec2,
  radius: number,
): SkinModel | null {
  const ys: number[] = [];
  const cbs: number[] = [];
  const crs: number[] = [];
  const { data, width, height } = photo;
  const r = Math.max(2, radius);
  {
    for (let y = Math.max(0, Math.floor(c[1] - r)); y <= Math.min(height - 1, c[1] + r); y++)
      for (let x = Math.max(0, Math.floor(c[0] - r)); x <= Math.min(width - 1, c[0] + r); x++) {
        if ((x - c[0]) ** 2 + (y - c[1]) ** 2 > r * r) continue;
        const i = y * width + x;
        if (matte[i]! > 0.1) continue;
        const R = data[i * 3]!;
        const G = data[i * 3 + 1]!;
        const B = data[i * 3 + 2]!;
        const Y = lumaOf(R, G, B);
        ys.push(Y);
        cbs.push(B - Y);
        crs.push(R - Y);
      }
  }
  if (ys.length < 12) return null;
  const y = median(ys);
  const cb = median(cbs);
  const cr = median(crs);
  const spreadY = median(ys.map((v) => Math.abs(v - y))) * 1.48;
  const spreadC = Math.max(
    median(cbs.map((v) => Math.abs(v - cb))),
    median(crs.map((v) => Math.abs(v - cr))),
  );
  return { y, cb, cr, spreadY, spreadC: spreadC * 1.48 };
}

function isSkinLike(model: SkinModel, r: number, g: number, b: number): boolean {
  const Y = lumaOf(r, g, b);
  // Darker than the skin (hair shadows, stray strands, brows) is the risky side: strict there.
  // Shadowed forehead skin is still skin (refusing it leaves a visible step at the fill's edge);
  // what is left of the hair at the boundary is caught by the matte test, not here.
  if (Y < model.y - Math.max(3.5 * model.spreadY, 45)) return false;
  // Lit skin (a highlight on the forehead) is skin too: only blown-out white is refused.
  if (Y > 250) return false;
  // Generous on colour: the forehead is often lit differently from the cheeks (the model).
  const tolC = Math.max(4 * model.spreadC, 24);
  return Math.abs(b - Y - model.cb) <= tolC && Math.abs(r - Y - model.cr) <= tolC;
}

/**
 * Any skin, without the cheeks' model (a neck in shadow or lit otherwise than the cheek the
 * model came from): neither black nor blown out, warmer than grey (red above the luma, blue
 * below it) in the proportions of skin tones, light to dark.
 */
function isSkinHue(r: number, g: number, b: number): boolean {
  const Y = lumaOf(r, g, b);
  if (Y < 35 || Y > 250) return false;
  const cr = r - Y;
  const cb = b - Y;
  return cr >= 10 && cb <= -6 && cr >= -0.5 * cb && cr <= -3 * cb;
}

/** Lips (redder than the skin) or skin: not darker than shadowed skin, at least as red. */
function isLipOrSkin(model: SkinModel, r: number, g: number, b: number): boolean {
  const Y = lumaOf(r, g, b);
  if (Y < model.y - Math.max(3.5 * model.spreadY, 45)) return false;
  const tolC = Math.max(4 * model.spreadC, 24);
  return r - Y >= model.cr - tolC && Math.abs(b - Y - model.cb) <= 2 * tolC;
}

/**
 * How much the neck shows (0–1): the share of skin-like pixels among those that are not hair in
 * a strip of the neck's column below the chin (head coordinates: `from`..`to` below the skull's
 * centre, within `halfWidth` of `centre` across), mapped through the `neckSkinShare` ramp. A
 * strip mostly covered by hair (or off the photo) tells nothing: 1.
 */
function visibleNeck(
  photo: RgbPhoto,
  matte: Float32Array,
  faceOval: Uint8Array,
  skin: SkinModel,
  threshold: number,
  strip: { from: number; to: number; centre: number; halfWidth: number; head: HeadEllipse },
): number {
  const { data, width, height } = photo;
  const { head } = strip;
  const right: Vec2 = [-head.up[1], head.up[0]];
  let samples = 0;
  let open = 0;
  let skinLike = 0;
  // Walk the strip in its own frame (one sample per pixel step along both axes).
  for (let depth = strip.from; depth <= strip.to; depth += 1)
    for (
      let side = strip.centre - strip.halfWidth;
      side <= strip.centre + strip.halfWidth;
      side += 1
    ) {
      samples++;
      const x = Math.floor(head.center[0] + right[0] * side - head.up[0] * depth);
      const y = Math.floor(head.center[1] + right[1] * side - head.up[1] * depth);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const i = y * width + x;
      if (matte[i]! >= threshold || faceOval[i]) continue;
      open++;
      const r = data[i * 3]!;
      const g = data[i * 3 + 1]!;
      const b = data[i * 3 + 2]!;
      if (isSkinLike(skin, r, g, b) || isSkinHue(r, g, b)) skinLike++;
    }
  if (samples === 0 || open < samples * geometry.neckProbeMinShare) return 1;
  return smoothstep(
    geometry.neckSkinShare - geometry.neckSkinFeather,
    geometry.neckSkinShare,
    skinLike / open,
  );
}

/** Membrane fill of one region, solved on the bounding box of its unknown pixels only. */
function fillRegion(
  photo: RgbPhoto,
  labels: Uint8Array,
  divisor?: Float32Array,
): { values: Float32Array; x0: number; y0: number; w: number; h: number } | null {
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
): { fill: NonNullable<ReturnType<typeof fillRegion>>; fromSkin: Float32Array } | null {
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

interface TexturePatch {
  /** Luminance high-pass, side × side. */
  hp: Float32Array;
  side: number;
  /** Standard deviation of `hp`. */
  std: number;
}

/** The luminance high-pass of a square patch of skin, or null when off-photo or on hair. */
function texturePatch(
  photo: RgbPhoto,
  matte: Float32Array,
  center: Vec2,
  patchSide: number,
  blurRadius: number,
): TexturePatch | null {
  const { data, width, height } = photo;
  const side = Math.max(8, Math.round(patchSide));
  const px0 = Math.round(center[0] - side / 2);
  const py0 = Math.round(center[1] - side / 2);
  if (px0 < 0 || py0 < 0 || px0 + side > width || py0 + side > height) return null;
  const luma = new Float32Array(side * side);
  let hairy = 0;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const i = (py0 + y) * width + px0 + x;
      if (matte[i]! > 0.2) hairy++;
      luma[y * side + x] = lumaOf(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!);
    }
  if (hairy > 0.03 * side * side) return null;
  // Band-pass: minus the shading (box blur), and a 3×3 blur against JPEG block noise.
  const low = boxBlur(luma, side, side, blurRadius);
  const fine = boxBlur(luma, side, side, 1);
  const hp = new Float32Array(side * side);
  let sq = 0;
  for (let i = 0; i < hp.length; i++) {
    hp[i] = clamp(fine[i]! - low[i]!, -25, 25);
    sq += hp[i]! * hp[i]!;
  }
  return { hp, side, std: Math.sqrt(sq / hp.length) };
}

/**
 * Median absolute value of the fine high-pass (a pixel minus its 3×3 mean) of `value` over the
 * pixels of a w×h grid that `use` accepts, sampled on a sparse grid (a few thousand suffice).
 */
function fineGrain(
  value: (x: number, y: number) => number,
  w: number,
  h: number,
  use: (x: number, y: number) => boolean,
): number {
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 20000)));
  // A histogram in steps of 1/32 level.
  const bins = new Uint32Array(64 * 32);
  let count = 0;
  for (let y = 1; y < h - 1; y += step)
    for (let x = 1; x < w - 1; x += step) {
      if (!use(x, y)) continue;
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) sum += value(x + dx, y + dy);
      const d = Math.abs(value(x, y) - sum / 9);
      bins[Math.min(bins.length - 1, Math.floor(d * 32))]!++;
      count++;
    }
  let seen = 0;
  for (let b = 0; b < bins.length; b++) {
    seen += bins[b]!;
    if (seen * 2 > count) return (b + 0.5) / 32;
  }
  return 0;
}

/** Seeded white noise, a pure function of the pixel: triangular on (−1, 1), zero mean. */
function whiteAt(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return ((h & 0xffff) + (h >>> 16)) / 65536 - 1;
}

/**
 * Grain about two pixels across (a photo's sensor noise after demosaicing and JPEG; white noise
 * matched on the fine high-pass would be too weak to see): the 2×2 mean of `whiteAt`.
 */
function grainAt(x: number, y: number, seed: number): number {
  return (
    (whiteAt(x, y, seed) +
      whiteAt(x + 1, y, seed) +
      whiteAt(x, y + 1, seed) +
      whiteAt(x + 1, y + 1, seed)) /
    4
  );
}

/** grainAt's standard deviation and fine grain (fineGrain), measured once. */
let grainUnit: { std: number; fine: number } | null = null;

/**
 * The gain of the background fill's grain (`grainAt` × gain, added to the luminance): its fine
 * high-pass matches that of the known background pixels in the fill's box (sensor noise, JPEG
 * grain, fine texture); at most `backgroundMaxStd`. 0 for a smooth background.
 */
function backgroundGrain(
  photo: RgbPhoto,
  labels: Uint8Array,
  box: { x0: number; y0: number; w: number; h: number },
): number {
  const { x0, y0, w, h } = box;
  const { data, width } = photo;
  const at = (x: number, y: number) => (y + y0) * width + x + x0;
  const luma = (x: number, y: number) => {
    const i = at(x, y) * 3;
    return lumaOf(data[i]!, data[i + 1]!, data[i + 2]!);
  };
  // Pixels whose 3×3 neighbourhood is known background (no edge of the fill in it).
  const known = (x: number, y: number) =>
    labels[at(x, y)] === fillLabel.known &&
    labels[at(x - 1, y - 1)] === fillLabel.known &&
    labels[at(x + 1, y + 1)] === fillLabel.known;
  const target = fineGrain(luma, w, h, known);
  if (target < 0.05) return 0;
  if (!grainUnit) {
    const side = 128;
    let sq = 0;
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) sq += grainAt(x, y, 1) ** 2;
    grainUnit = {
      std: Math.sqrt(sq / (side * side)),
      fine: fineGrain(
        (x, y) => grainAt(x, y, 1),
        side,
        side,
        () => true,
      ),
    };
  }
  return Math.min(target / grainUnit.fine, geometry.backgroundMaxStd / grainUnit.std);
}

/**
 * Skin texture over a region: randomly placed, overlapping pieces of the patch (raised-cosine
 * blend, variance-normalised) so no repetition shows; its strength is capped at `maxStd` levels
 * (a bearded cheek must not turn the scalp into leather). Returns a per-pixel luminance offset.
 */
function synthesizeTexture(
  patch: TexturePatch,
  region: { w: number; h: number },
  seed: number,
  maxStd: number,
): Float32Array {
  const { hp, side } = patch;
  const gain = patch.std > maxStd ? maxStd / patch.std : 1;
  // Pieces of half the patch, on a grid of a quarter patch (50 % overlap each way).
  const piece = Math.max(4, side >> 1);
  const step = Math.max(1, piece >> 1);
  const rand = mulberry32(seed);
  const { w, h } = region;
  const acc = new Float32Array(w * h);
  const wsq = new Float32Array(w * h);
  const window = new Float32Array(piece);
  for (let k = 0; k < piece; k++) window[k] = Math.sin((Math.PI * (k + 0.5)) / piece);
  for (let gy = -step; gy < h; gy += step)
    for (let gx = -step; gx < w; gx += step) {
      const sx = Math.floor(rand() * (side - piece + 1));
      const sy = Math.floor(rand() * (side - piece + 1));
      for (let y = 0; y < piece; y++) {
        const ty = gy + y;
        if (ty < 0 || ty >= h) continue;
        for (let x = 0; x < piece; x++) {
          const tx = gx + x;
          if (tx < 0 || tx >= w) continue;
          const wt = window[x]! * window[y]!;
          acc[ty * w + tx]! += wt * hp[(sy + y) * side + sx + x]!;
          wsq[ty * w + tx]! += wt * wt;
        }
      }
    }
  for (let i = 0; i < acc.length; i++)
    acc[i] = wsq[i]! > 1e-6 ? (gain * acc[i]!) / Math.sqrt(wsq[i]!) : 0;
  return acc;
}

/**
 * Smooth value noise on (0, 1) along a line, for the uneven hair tips: lattice values from a
 * hash of the seed, cubic-eased between them; two octaves (×3 and ×1 `t`'s wavelength), so the
 * tips come in locks of a few strands that themselves vary.
 */
function tipNoise(t: number, seed: number): number {
  const lattice = (k: number) => {
    let h = Math.imul(k ^ seed, 0x9e3779b1) ^ Math.imul(seed, 0x85ebca77);
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    h ^= h >>> 13;
    return (h >>> 0) / 4294967296;
  };
  const octave = (u: number) => {
    const k = Math.floor(u);
    const f = u - k;
    const e = f * f * (3 - 2 * f);
    return lattice(k) + (lattice(k + 1) - lattice(k)) * e;
  };
  return 0.6 * octave(t / 3 + 1000) + 0.4 * octave(t);
}

/**
 * Removes the hair of a photo (see the module comment). Works on the part of the photo that can
 * change (the head, the hair above the removal line, a margin of boundary) and pastes it back.
 */
export function removeHair(
  photo: RgbPhoto,
  matte: Float32Array,
  points: BaldFacePoints,
  options: BaldOptions = {},
): BaldResult {
  const { width, height, data } = photo;
  const n = width * height;
  if (data.length !== n * 3 || matte.length !== n)
    throw new RangeError('removeHair: photo and matte sizes do not match');
  const head = headEllipse(points);
  const faceWidth = Math.max(8, len(sub(points.rightCheek, points.leftCheek)));
  const threshold = options.hairThreshold ?? 0.2;
  const chinDepth = head.halfHeightDown / geometry.skullBottom;
  const cutTo = chinDepth * (1 + geometry.removeBelowChin + geometry.removeFeather);
  const reach = Math.max(head.halfWidth, head.halfHeightUp, chinDepth);
  let x0 = head.center[0] - reach;
  let x1 = head.center[0] + reach;
  let y0 = head.center[1] - reach;
  let y1 = head.center[1] + reach;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (matte[y * width + x]! < threshold) continue;
      const below = -((x - head.center[0]) * head.up[0] + (y - head.center[1]) * head.up[1]);
      if (below >= cutTo) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  const margin = Math.ceil((geometry.hairGrow + geometry.roiMargin) * faceWidth) + 4;
  const left = clamp(Math.floor(x0) - margin, 0, width - 1);
  const top = clamp(Math.floor(y0) - margin, 0, height - 1);
  const w = clamp(Math.ceil(x1) + margin, 0, width - 1) - left + 1;
  const h = clamp(Math.ceil(y1) + margin, 0, height - 1) - top + 1;
  const crop = new Uint8Array(w * h * 3);
  const cropMatte = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const from = (top + y) * width + left;
    crop.set(data.subarray(from * 3, (from + w) * 3), y * w * 3);
    cropMatte.set(matte.subarray(from, from + w), y * w);
  }
  // The working resolution: a face wider than `workFaceWidth` px is worked on scaled down (the
  // fills are smooth or copied patches; their cost grows with the area), and only the change is
  // scaled back up (see `pasteChange`): pixels the removal leaves keep their own detail.
  const scale = Math.min(1, (options.workFaceWidth ?? geometry.workFaceWidth) / faceWidth);
  const ws = scale < 1 ? Math.max(8, Math.round(w * scale)) : w;
  const hs = scale < 1 ? Math.max(8, Math.round(h * scale)) : h;
  const sx = ws / w;
  const sy = hs / h;
  const shift = (p: Vec2): Vec2 => [(p[0] - left) * sx, (p[1] - top) * sy];
  const shifted: BaldFacePoints = {
    faceOval: points.faceOval.map(shift),
    foreheadTop: shift(points.foreheadTop),
    hairline: shift(points.hairline),
    chin: shift(points.chin),
    noseTip: shift(points.noseTip),
    leftCheek: shift(points.leftCheek),
    rightCheek: shift(points.rightCheek),
    leftEye: { center: shift(points.leftEye.center), contour: points.leftEye.contour.map(shift) },
    rightEye: {
      center: shift(points.rightEye.center),
      contour: points.rightEye.contour.map(shift),
    },
    leftEyebrow: points.leftEyebrow.map(shift),
    rightEyebrow: points.rightEyebrow.map(shift),
    mouth: { left: shift(points.mouth.left), right: shift(points.mouth.right) },
  };
  const small = ws === w && hs === h;
  const workPhoto = small ? crop : resample(crop, w, h, 3, ws, hs);
  const workMatte = small ? cropMatte : resizePlane(cropMatte, w, h, ws, hs);
  const part = removeHairIn(
    { data: workPhoto, width: ws, height: hs },
    workMatte,
    shifted,
    options,
  );
  const pasteStarted = performance.now();
  const pasted = small ? null : pasteChange(crop, workPhoto, part, w, h);
  const partData = pasted ? pasted.out : part.data;
  const partMask = pasted ? pasted.mask : part.mask;
  const partScalp = small ? part.scalp : resample(part.scalp, ws, hs, 1, w, h);
  if (!small) part.timings.upscale = Math.round(performance.now() - pasteStarted);
  const out = new Uint8Array(data);
  const mask = new Uint8Array(n);
  const scalp = new Uint8Array(n);
  for (let y = 0; y < h; y++) {
    const to = (top + y) * width + left;
    out.set(partData.subarray(y * w * 3, (y + 1) * w * 3), to * 3);
    mask.set(partMask.subarray(y * w, (y + 1) * w), to);
    scalp.set(partScalp.subarray(y * w, (y + 1) * w), to);
  }
  return belowJaw(photo, matte, points, head, options, {
    data: out,
    width,
    height,
    mask,
    scalp,
    head,
    timings: part.timings,
  });
}

/** The long hair below the jaw that the head stage keeps (`removeBelowChin`): see below-jaw.ts. */
function belowJaw(
  photo: RgbPhoto,
  matte: Float32Array,
  points: BaldFacePoints,
  head: HeadEllipse,
  options: BaldOptions,
  result: BaldResult,
): BaldResult {
  if (!options.belowJaw) return result;
  const started = performance.now();
  const chinDepth = head.halfHeightDown / geometry.skullBottom;
  const cutFrom = chinDepth * (1 + geometry.removeBelowChin);
  clearBelowJaw({
    photo,
    out: result.data,
    mask: result.mask,
    matte,
    threshold: options.hairThreshold ?? 0.2,
    faceOval: points.faceOval,
    faceWidth: Math.max(8, len(sub(points.rightCheek, points.leftCheek))),
    center: head.center,
    up: head.up,
    cutFrom,
    cutTo: cutFrom + chinDepth * geometry.removeFeather,
    hairGrow: geometry.hairGrow,
    shoulders: options.shoulders,
  });
  result.timings.belowJaw = Math.round(performance.now() - started);
  return result;
}

function removeHairIn(
  photo: RgbPhoto,
  matte: Float32Array,
  points: BaldFacePoints,
  options: BaldOptions,
): BaldResult {
  const { width, height, data } = photo;
  const n = width * height;
  const timings: Record<string, number> = {};
  let clock = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - clock);
    clock = now;
  };
  const threshold = options.hairThreshold ?? 0.2;
  const textureGain = options.texture ?? 1;
  // The seeds of the skin texture (+0), the background grain (+1) and the brows' strokes (+2).
  const seed = options.seed ?? width * 31 + height;
  const faceWidth = Math.max(8, len(sub(points.rightCheek, points.leftCheek)));
  const head = headEllipse(points);
  const right: Vec2 = [-head.up[1], head.up[0]];

  // Regions: the head (skull half-ellipse ∪ face oval), the hair to replace, the features kept.
  const headMask = new Uint8Array(n);
  fillPolygon(headMask, width, height, points.faceOval);
  // The skin is continued only from the face itself (and a margin: temples, upper forehead),
  // never from background that happens to lie inside the skull ellipse.
  const skinSource = dilate(headMask, width, height, geometry.skinMargin * faceWidth);
  const reach = Math.max(head.halfWidth, head.halfHeightUp, head.halfHeightDown) + 2;
  const downScale = head.halfHeightUp / head.halfHeightDown;
  const [, hairlineV] = headCoords(head, points.hairline[0], points.hairline[1]);
  // A turned head's skull ellipse is centred behind the face (`yawShift`), so above the eyes it
  // narrows away from the forehead's front, and the hair above the front of the forehead became
  // background: a head cut off in front (ai-upper, Frame01042). Its upper half is joined by the
  // frontal skull's (centred between the cheeks, unwidened, as tall); on a frontal face it lies
  // inside the ellipse. Both halves are as tall, so between their tops the head is as tall too
  // (their convex hull): the union alone dipped there, a notch in the crown between two humps
  // (Frame01034).
  const cheekMid = lerp(points.leftCheek, points.rightCheek, 0.5);
  const frontShift: Vec2 = [head.center[0] - cheekMid[0], head.center[1] - cheekMid[1]];
  const frontHalfWidth = (faceWidth / 2) * geometry.skullWidth;
  const frontTopU = -(frontShift[0] * right[0] + frontShift[1] * right[1]) / head.halfWidth;
  const crownFrom = Math.min(0, frontTopU);
  const crownTo = Math.max(0, frontTopU);
  // Scalp shading (a sphere lit from the front): darker toward the top and the sides. The skin
  // is filled in unshaded terms (boundary ÷ shade, fill × shade), so it still meets the real
  // skin exactly at the edge of the hair.
  const shadeMap = new Float32Array(n).fill(1);
  for (
    let y = Math.max(0, Math.floor(head.center[1] - reach));
    y <= Math.min(height - 1, head.center[1] + reach);
    y++
  )
    for (
      let x = Math.max(0, Math.floor(head.center[0] - reach));
      x <= Math.min(width - 1, head.center[0] + reach);
      x++
    ) {
      const dx = x + 0.5 - head.center[0];
      const dy = y + 0.5 - head.center[1];
      const u = (dx * right[0] + dy * right[1]) / head.halfWidth;
      const v = (dx * head.up[0] + dy * head.up[1]) / head.halfHeightUp;
      const vv = v >= 0 ? v : v * downScale;
      const r2 = u * u + vv * vv;
      if (r2 <= 1) headMask[y * width + x] = 1;
      else if (v >= 0 && v <= 1 && u >= crownFrom && u <= crownTo) headMask[y * width + x] = 1;
      else if (v >= 0) {
        // The front of the skull above a turned face (see `frontShift`).
        const u0 =
          ((dx + frontShift[0]) * right[0] + (dy + frontShift[1]) * right[1]) / frontHalfWidth;
        if (u0 * u0 + v * v <= 1) headMask[y * width + x] = 1;
      }
      const top = smoothstep(hairlineV - 0.05, 1, v);
      const rim = smoothstep(0.65, 1.02, Math.sqrt(r2)) * smoothstep(-0.2, 0.2, v);
      shadeMap[y * width + x] = 1 - 0.16 * top - 0.22 * rim;
    }
  // Brows and eyes are never a boundary of the skin (dark). Eyes are never replaced; brows only
  // where the hair itself covers them (a fringe down to the eyes), not by the grown mask.
  const eyes = new Uint8Array(n);
  fillPolygon(eyes, width, height, points.leftEye.contour);
  fillPolygon(eyes, width, height, points.rightEye.contour);
  const brows = new Uint8Array(n);
  fillPolygon(brows, width, height, points.leftEyebrow);
  fillPolygon(brows, width, height, points.rightEyebrow);
  const grow = geometry.featureGrow * faceWidth;
  const keptEyes = dilate(eyes, width, height, grow);
  const browZone = dilate(brows, width, height, grow);
  const leftCheekSample = lerp(points.leftEye.center, points.mouth.left, 0.45);
  const rightCheekSample = lerp(points.rightEye.center, points.mouth.right, 0.45);
  const skin = skinModel(
    photo,
    matte,
    [leftCheekSample, rightCheekSample],
    geometry.cheekRadius * faceWidth,
  );
  const hairSeed = new Uint8Array(n);
  // From the matte smoothed a little: the grown mask of a lone speck of matte is a square, and
  // the specks of a fringe's soft edge over the face made a staircase of the fill's edge. A thin
  // strand keeps its value (it is long), a speck loses it.
  const seedMatte = boxBlur(matte, width, height, Math.max(1, geometry.seedSmooth * faceWidth));
  for (let i = 0; i < n; i++) hairSeed[i] = seedMatte[i]! >= threshold ? 1 : 0;
  // By the mouth, only what the network is fairly sure of is hair (see `mouthHairMatte`).
  {
    const r = geometry.mouthHairReach * faceWidth;
    const { left: a, right: b } = points.mouth;
    const mx0 = Math.max(0, Math.floor(Math.min(a[0], b[0]) - r));
    const mx1 = Math.min(width - 1, Math.ceil(Math.max(a[0], b[0]) + r));
    const my0 = Math.max(0, Math.floor(Math.min(a[1], b[1]) - r));
    const my1 = Math.min(height - 1, Math.ceil(Math.max(a[1], b[1]) + r));
    for (let y = my0; y <= my1; y++)
      for (let x = mx0; x <= mx1; x++) {
        const i = y * width + x;
        if (
          hairSeed[i] &&
          matte[i]! < geometry.mouthHairMatte &&
          distanceToSegment(a, b, x + 0.5, y + 0.5) < r
        )
          hairSeed[i] = 0;
      }
  }
  const hair = dilate(hairSeed, width, height, Math.max(2, geometry.hairGrow * faceWidth));
  // Hair far below the chin is left alone; `keep` fades the fill out toward that line.
  const keep = new Float32Array(n);
  const chinDepth = head.halfHeightDown / geometry.skullBottom;
  const cutFrom = chinDepth * (1 + geometry.removeBelowChin);
  const cutTo = cutFrom + chinDepth * geometry.removeFeather;
  // Without the below-jaw pass (the default, ADR 039) the long hair kept below the cut ends in
  // tips of uneven length, not a straight blurred line across it: the cut's depth varies along
  // it (`hairTips`) and the kept hair's edge is narrow (a fade over the whole band ghosted the
  // hair into the fill above it).
  const tips = !options.belowJaw;
  const tipFeather = Math.max(1.5, geometry.hairTips.feather * faceWidth);
  const tipSpan = cutTo - cutFrom - tipFeather;
  const tipWave = geometry.hairTips.wavelength * faceWidth;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!hair[i]) continue;
      const dx = x + 0.5 - head.center[0];
      const dy = y + 0.5 - head.center[1];
      const below = -(dx * head.up[0] + dy * head.up[1]);
      if (below >= cutTo) hair[i] = 0;
      else if (tips) {
        if (below <= cutFrom) continue;
        const across = dx * right[0] + dy * right[1];
        const from = cutFrom + tipSpan * tipNoise(across / tipWave, seed + 4);
        keep[i] = smoothstep(from, from + tipFeather, below);
        if (keep[i] >= 1) hair[i] = 0;
      } else keep[i] = smoothstep(cutFrom, cutTo, below);
    }
  // The middle of the face below the eyes is never replaced (hair over it stays: a filled cheek
  // shows patches; the replacement fades in over a short band above the eyes); at its sides
  // (the oval's margin, beyond the outer eye corners) strands become skin, fading into the hair
  // kept deeper in. Hair becomes skin only where a bald head has skin: the skull cap above the
  // temple line (the top of the brows), the face oval and a narrow margin around it and the
  // visible face. Elsewhere in the skull ellipse (beside the cheeks, ears, jaw) hair becomes
  // background.
  const faceOval = new Uint8Array(n);
  fillPolygon(faceOval, width, height, points.faceOval);
  const eyeV = Math.min(
    headCoords(head, points.leftEye.center[0], points.leftEye.center[1])[1],
    headCoords(head, points.rightEye.center[0], points.rightEye.center[1])[1],
  );
  // How far the eyes reach to each side of the eyes' midline (head u units).
  const eyeU = (p: Vec2) => headCoords(head, p[0], p[1])[0];
  const eyeMidU = (eyeU(points.leftEye.center) + eyeU(points.rightEye.center)) / 2;
  let eyeReachLow = 0;
  let eyeReachHigh = 0;
  for (const p of [...points.leftEye.contour, ...points.rightEye.contour]) {
    const du = eyeU(p) - eyeMidU;
    if (du < 0) eyeReachLow = Math.max(eyeReachLow, -du);
    else eyeReachHigh = Math.max(eyeReachHigh, du);
  }
  const browTop = (brow: Vec2[]) => Math.max(...brow.map((p) => headCoords(head, p[0], p[1])[1]));
  const templeV = (browTop(points.leftEyebrow) + browTop(points.rightEyebrow)) / 2;
  const faceVisible = new Uint8Array(n);
  for (let i = 0; i < n; i++) faceVisible[i] = faceOval[i]! && !hair[i] ? 1 : 0;
  const nearFace = new Float32Array(n);
  {
    const inner = dilate(faceVisible, width, height, geometry.cheekMargin * faceWidth);
    const outer = dilate(inner, width, height, geometry.cheekFeather * faceWidth);
    const ring = new Float32Array(n);
    for (let i = 0; i < n; i++) ring[i] = inner[i]! ? 1 : outer[i]! ? 0.5 : 0;
    const soft = boxBlur(ring, width, height, Math.max(1, (geometry.cheekFeather * faceWidth) / 2));
    for (let i = 0; i < n; i++) nearFace[i] = inner[i]! ? 1 : outer[i]! ? soft[i]! : 0;
  }
  // The face oval's sides per height (head coordinates), so the skull cap tapers below the
  // temples into the face's outline instead of ending in a straight line beside the cheeks.
  const oval = points.faceOval.map((p) => headCoords(head, p[0], p[1]));
  const bins = 256;
  const ovalLow = Math.min(...oval.map((p) => p[1]));
  const ovalHigh = Math.max(...oval.map((p) => p[1]));
  const binOf = (v: number) => Math.round(((v - ovalLow) / (ovalHigh - ovalLow || 1)) * (bins - 1));
  const sideMin = new Float32Array(bins).fill(Infinity);
  const sideMax = new Float32Array(bins).fill(-Infinity);
  for (let b = 0; b < bins; b++) {
    const v = ovalLow + ((ovalHigh - ovalLow) * b) / (bins - 1);
    for (let k = 0; k < oval.length; k++) {
      const [u1, v1] = oval[k]!;
      const [u2, v2] = oval[(k + 1) % oval.length]!;
      if ((v < v1 && v < v2) || (v > v1 && v > v2) || v1 === v2) continue;
      const u = u1 + ((u2 - u1) * (v - v1)) / (v2 - v1);
      sideMin[b] = Math.min(sideMin[b]!, u);
      sideMax[b] = Math.max(sideMax[b]!, u);
    }
  }
  const feather = (geometry.cheekFeather * faceWidth) / head.halfWidth;
  const ovalNear = dilate(
    faceOval,
    width,
    height,
    Math.ceil((geometry.cheekMargin + geometry.cheekFeather) * faceWidth) + 1,
  );
  const faceMargin = (geometry.cheekMargin * faceWidth) / head.halfWidth;
  // The neck: a bald head still stands on one. Hair hanging in front of it (long hair beside
  // the jaw, strands over the throat) becomes skin continued from the visible neck and the chin,
  // in a column below the mouth, centred between the chin and the skull's axis (a turned
  // head's neck is behind its chin), not background that leaves the head floating.
  const alongUp = (p: Vec2) =>
    (p[0] - head.center[0]) * head.up[0] + (p[1] - head.center[1]) * head.up[1];
  const across = (p: Vec2) =>
    (p[0] - head.center[0]) * right[0] + (p[1] - head.center[1]) * right[1];
  const neckTop = -alongUp(lerp(points.mouth.left, points.mouth.right, 0.5));
  const neckCentre = across(points.chin) / 2;
  const neckHalf = geometry.neckHalfWidth * faceWidth;
  const neckFeather = geometry.neckFeather * faceWidth;
  // ...only where the neck shows skin: a turtleneck, a scarf or a high collar below the chin
  // covers it, and the hair beside the jaw then becomes what is around it (clothes, background).
  const neckShown = visibleNeck(photo, matte, faceOval, skin, threshold, {
    from: -alongUp(points.chin) + geometry.neckProbeFrom * faceWidth,
    to: -alongUp(points.chin) + geometry.neckProbeTo * faceWidth,
    centre: neckCentre,
    halfWidth: neckHalf * 0.8,
    head,
  });
  // The chin's shadow (`jawShadow`): the oval's mask box-blurred is 0.5 at its edge, falling to
  // 0 at `jawShadowReach` outside it, so the shadow follows the jaw's curve.
  const ovalFloat = new Float32Array(n);
  for (let i = 0; i < n; i++) ovalFloat[i] = faceOval[i]!;
  const nearOval = boxBlur(
    ovalFloat,
    width,
    height,
    Math.max(2, geometry.jawShadowReach * faceWidth),
  );
  const turn = noseOffsetOf(points, right) / faceWidth;
  const backDrop =
    geometry.backTempleDrop * smoothstep(geometry.turnFrom, geometry.turnTo, Math.abs(turn));
  const ovalLeft = Math.min(...oval.map((p) => p[0]));
  const ovalRight = Math.max(...oval.map((p) => p[0]));
  const skinZone = new Float32Array(n);
  // How far a pixel lies above the temple line (0 below, 1 above; lower on a turned head's back
  // side): the scalp map's share of the skin zone, without the margin round the face.
  const aboveTemples = new Float32Array(n);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const dx = x + 0.5 - head.center[0];
      const dy = y + 0.5 - head.center[1];
      const u = (dx * right[0] + dy * right[1]) / head.halfWidth;
      const v = (dx * head.up[0] + dy * head.up[1]) / head.halfHeightUp;
      const below = -(dx * head.up[0] + dy * head.up[1]);
      let neck = 0;
      // Skin filled just outside the face oval below the mouth (the neck, in front of which hair
      // hung) darkens toward the jaw line, so the face keeps its outline instead of widening
      // into one flat panel down to the shoulders.
      if (below > neckTop && !faceOval[i] && nearOval[i]! > 0)
        shadeMap[i] =
          shadeMap[i]! *
          (1 -
            2 *
              geometry.jawShadow *
              nearOval[i]! *
              smoothstep(neckTop, neckTop + 0.1 * faceWidth, below));
      if (below > neckTop) {
        const aside = Math.abs(dx * right[0] + dy * right[1] - neckCentre);
        neck =
          neckShown *
          smoothstep(neckTop, neckTop + neckFeather, below) *
          (1 - smoothstep(neckHalf - neckFeather / 2, neckHalf + neckFeather / 2, aside));
        if (neck > 0) {
          headMask[i] = 1;
          skinSource[i] = 1;
        }
      }
      // Linear in height, the width as a quarter ellipse: the cap's outline comes down beside
      // the temples and curves into the face's outline (a rounded skull, no straight cut).
      // (On a turned head's back side the temple line is lower: `backTempleDrop`.)
      const temple = (turn < 0 ? u : -u) > 0 ? templeV - backDrop : templeV;
      const t = clamp(
        (v - temple + geometry.templeBelow) / (geometry.templeBelow + geometry.templeAbove),
        0,
        1,
      );
      // (only beside and behind the face: above the forehead the style draws its own hairline)
      const beyond = u < 0 ? ovalLeft - u : u - ovalRight;
      aboveTemples[i] = t * smoothstep(-geometry.scalpSideIn, geometry.scalpSideOut, beyond);
      let cap = t;
      if (t < 1 && v >= ovalLow && v <= ovalHigh && v > -1 / downScale) {
        const b = binOf(v);
        const vv = v >= 0 ? v : v * downScale;
        const skull = Math.sqrt(Math.max(0, 1 - vv * vv));
        const edge = u < 0 ? -sideMin[b]! : sideMax[b]!;
        if (Number.isFinite(edge)) {
          const face = edge + faceMargin;
          const limit = face + (Math.max(face, skull) - face) * Math.sqrt(t);
          cap = 1 - smoothstep(limit - feather, limit + feather, Math.abs(u));
        }
      }
      // Hair inside the face oval (its sides, see below) becomes skin, and so does hair just
      // outside it (a narrow margin like the visible face's), also below the skull ellipse.
      let faceSkin = 0;
      if (hair[i]) {
        if (faceOval[i]) faceSkin = 1;
        else if (ovalNear[i]) {
          const out = distanceToPolygon(points.faceOval, x + 0.5, y + 0.5) / faceWidth;
          faceSkin =
            1 -
            smoothstep(
              geometry.cheekMargin - geometry.cheekFeather,
              geometry.cheekMargin + geometry.cheekFeather,
              out,
            );
        }
      }
      skinZone[i] = Math.max(cap, nearFace[i]!, faceSkin, neck);
      if (!hair[i]) continue;
      // The mouth and the nose are never replaced (on a turned face they reach the oval's edge;
      // outside it, only what has the colour of lips or skin: hair lies right beside it there).
      const mouthDistance = distanceToSegment(
        points.mouth.left,
        points.mouth.right,
        x + 0.5,
        y + 0.5,
      );
      const feature = faceOval[i]
        ? 1 -
          smoothstep(
            0,
            geometry.ovalFeather * faceWidth,
            Math.min(
              mouthDistance - geometry.mouthKeep * faceWidth,
              Math.sqrt((x + 0.5 - points.noseTip[0]) ** 2 + (y + 0.5 - points.noseTip[1]) ** 2) -
                geometry.noseKeep * faceWidth,
            ),
          )
        : mouthDistance < geometry.mouthKeep * faceWidth &&
            isLipOrSkin(skin, data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!)
          ? 1
          : 0;
      let protect = feature;
      if (faceOval[i]) {
        protect = 1 - smoothstep(eyeV, eyeV + geometry.eyeBand, v);
        if (protect > 0) {
          // The face's sides: beyond an outer eye corner or near the oval's edge.
          const du = u - eyeMidU;
          const beyond =
            ((Math.abs(du) - (du < 0 ? eyeReachLow : eyeReachHigh)) * head.halfWidth) / faceWidth;
          const between =
            1 -
            smoothstep(
              geometry.eyeSide - geometry.eyeSideFeather,
              geometry.eyeSide + geometry.eyeSideFeather,
              beyond,
            );
          const inner =
            between > 0
              ? smoothstep(
                  geometry.ovalMargin - geometry.ovalFeather,
                  geometry.ovalMargin + geometry.ovalFeather,
                  distanceToPolygon(points.faceOval, x + 0.5, y + 0.5) / faceWidth,
                )
              : 0;
          protect *= Math.max(Math.min(inner, between), feature);
        }
      }
      if (protect <= 0) continue;
      if (protect >= 1) hair[i] = 0;
      else keep[i] = Math.max(keep[i]!, protect);
    }
  const kept = new Uint8Array(n);
  // Hair over an eye stays (nothing can show the eye under it), and fades into the fill over
  // the eye's grown margin: kept whole there, it ended in a hard-edged block of hair at the
  // eye's outer corner or a ring round an eye seen through strands (Frame00281, Frame00459).
  const fromEyes = distanceTo(eyes, width, height);
  for (let i = 0; i < n; i++) {
    kept[i] = keptEyes[i]! | browZone[i]!;
    if (keptEyes[i] && !eyes[i] && hair[i])
      keep[i] = Math.max(keep[i]!, 1 - smoothstep(0, grow + 1, fromEyes[i]!));
    else if (keptEyes[i]) hair[i] = 0;
    else if (browZone[i] && matte[i]! < 0.5) hair[i] = 0;
  }
  const headFloat = new Float32Array(n);
  for (let i = 0; i < n; i++) headFloat[i] = headMask[i]!;
  const headWeight = boxBlur(headFloat, width, height, Math.max(1, faceWidth * 0.006));
  for (let i = 0; i < n; i++) headWeight[i] = headWeight[i]! * skinZone[i]!;
  lap('regions');

  // Skin: solved inside the head from skin-coloured surroundings only.
  const skinLabels = new Uint8Array(n);
  const bgLabels = new Uint8Array(n);
  let skinBoundary = 0;
  for (let i = 0; i < n; i++) {
    if (hair[i]) {
      if (headWeight[i]! > 0) skinLabels[i] = fillLabel.unknown;
      if (headWeight[i]! < 1) bgLabels[i] = fillLabel.unknown;
      continue;
    }
    if (kept[i]) continue;
    if (headMask[i]) {
      if (
        skinSource[i] &&
        matte[i]! < threshold &&
        (isSkinLike(skin, data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!) ||
          // The face below the eyes is skin even where it is much darker than the cheek the skin
          // model came from (the shadowed side of a face lit from one side): refusing it leaves
          // the fill over hair on that cheek at the lit side's lightness, a pale band with a hard
          // edge. Above the eyes the strict test stays (strands of light hair next to the brows
          // and temples have the hue of skin).
          (faceOval[i] === 1 &&
            isSkinHue(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!) &&
            headCoords(head, (i % width) + 0.5, Math.floor(i / width) + 0.5)[1] < eyeV))
      ) {
        skinLabels[i] = fillLabel.known;
        skinBoundary++;
      }
    }
    // Background boundary: outside the skin zone and away from the face; beside the face inside
    // the skull ellipse (below the temples) only what is not skin (ears, jaw) is used.
    if (headWeight[i]! > 0 || nearFace[i]! > 0 || faceOval[i] || matte[i]! >= threshold) continue;
    if (!headMask[i]) {
      if (!skinSource[i]) bgLabels[i] = fillLabel.known;
    } else if (
      !skinSource[i] ||
      !isSkinLike(skin, data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!)
    )
      bgLabels[i] = fillLabel.known;
  }
  // Nothing skin-coloured around (e.g. a fringe down to the brows and hair at both sides):
  // the cheeks' colour becomes the boundary.
  if (skinBoundary === 0) {
    for (let i = 0; i < n; i++)
      if (skinLabels[i] === fillLabel.excluded && headMask[i]) skinLabels[i] = fillLabel.known;
  }
  lap('labels');
  const skinFill = fillRegion(photo, skinLabels, shadeMap);
  const beyondShadow = skinFill ? skinBeyondShadow(photo, skinLabels, shadeMap, faceWidth) : null;
  lap('skinFill');
  // The background: rebuilt from patches of the background around it (patch-fill.ts); a membrane
  // fill only when there is nothing to copy from.
  const bgPatches = patchFill(photo, bgLabels, {
    reach: geometry.backgroundReach * faceWidth,
    seed: seed + 3,
    iterations: geometry.patchIterations,
  });
  const bgFill = bgPatches ?? fillRegion(photo, bgLabels);
  lap('backgroundFill');

  // How far each filled skin pixel is from the real skin around it (0 = next to it).
  let liftWeight: Float32Array | null = null;
  if (skinFill) {
    const near = new Float32Array(skinFill.w * skinFill.h);
    for (let y = 0; y < skinFill.h; y++)
      for (let x = 0; x < skinFill.w; x++)
        near[y * skinFill.w + x] =
          skinLabels[(y + skinFill.y0) * width + x + skinFill.x0] === fillLabel.known ? 1 : 0;
    liftWeight = boxBlur(near, skinFill.w, skinFill.h, Math.max(2, 0.12 * faceWidth));
    for (let k = 0; k < liftWeight.length; k++)
      liftWeight[k] = 1 - smoothstep(0.0, 0.3, liftWeight[k]!);
  }
  const out = new Uint8Array(data);
  const mask = new Uint8Array(n);
  const scalp = new Uint8Array(n);
  // The scalp map fades in over a short distance outside the face oval.
  const inOval = boxBlur(ovalFloat, width, height, Math.max(1, geometry.scalpFeather * faceWidth));
  const darkest = skin.y - Math.max(3 * skin.spreadY, 40);
  // The skin model's colour back in RGB (Y, B−Y, R−Y → R, G, B).
  const skinR = skin.y + skin.cr;
  const skinB = skin.y + skin.cb;
  const skinG = (skin.y - 0.299 * skinR - 0.114 * skinB) / 0.587;
  const skinRgb = [skinR, skinG, skinB] as const;
  let texture: Float32Array | null = null;
  if (skinFill && textureGain > 0) {
    const patchSide = geometry.texturePatch * faceWidth;
    const blur = Math.max(1, faceWidth * geometry.textureScale);
    // The smoothest clean skin patch: cheeks, the middle of the forehead, the nose bridge.
    const browMid = lerp(points.leftEyebrow[4]!, points.rightEyebrow[4]!, 0.5);
    const forehead: Vec2 = [
      browMid[0] + head.up[0] * patchSide * 0.75,
      browMid[1] + head.up[1] * patchSide * 0.75,
    ];
    const bridge = lerp(points.leftEye.center, points.rightEye.center, 0.5);
    const candidates = [
      texturePatch(photo, matte, leftCheekSample, patchSide, blur),
      texturePatch(photo, matte, rightCheekSample, patchSide, blur),
      texturePatch(photo, matte, forehead, patchSide, blur),
      texturePatch(photo, matte, bridge, patchSide * 0.6, blur),
    ].filter((p): p is TexturePatch => p !== null);
    const best = candidates.sort((a, b) => a.std - b.std)[0];
    if (best) texture = synthesizeTexture(best, skinFill, seed, geometry.textureMaxStd);
  }
  // The background fill gets the fine grain of the background around it (a membrane fill alone
  // is smooth as plastic next to a photo's noise): seeded noise whose fine high-pass matches
  // the background boundary's.
  const grainGain =
    bgFill && !bgPatches && textureGain > 0 ? backgroundGrain(photo, bgLabels, bgFill) : 0;
  const grainSeed = seed + 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!hair[i]) continue;
      mask[i] = Math.round(255 * (1 - keep[i]!));
      const hw = headWeight[i]!;
      if (hw > 0 && aboveTemples[i]! > 0 && !faceOval[i])
        scalp[i] = Math.round(255 * hw * aboveTemples[i]! * (1 - keep[i]!) * (1 - inOval[i]!));
      let r = 0;
      let g = 0;
      let b = 0;
      if (hw > 0 && skinFill) {
        const j = (y - skinFill.y0) * skinFill.w + (x - skinFill.x0);
        let sr = skinFill.values[j * 3]!;
        let sg = skinFill.values[j * 3 + 1]!;
        let sb = skinFill.values[j * 3 + 2]!;
        if (beyondShadow) {
          const { fill, fromSkin } = beyondShadow;
          const f = ((y - fill.y0) * fill.w + x - fill.x0) * 3;
          const fr = fill.values[f]!;
          const fg = fill.values[f + 1]!;
          const fb = fill.values[f + 2]!;
          const redder =
            (sr - sb) / Math.max(1, lumaOf(sr, sg, sb)) -
            (fr - fb) / Math.max(1, lumaOf(fr, fg, fb));
          const toFar =
            smoothstep(0, geometry.shadowReach * faceWidth, fromSkin[i]!) *
            smoothstep(geometry.shadowRedFrom, geometry.shadowRedTo, redder);
          sr += (fr - sr) * toFar;
          sg += (fg - sg) * toFar;
          sb += (fb - sb) * toFar;
        }
        // Never much darker than the skin: whatever hair slipped into the boundary (strands the
        // mask missed) is lifted back toward the skin's lightness instead of smeared brown.
        // Only away from the real skin: next to it the fill must meet it (shadowed or not).
        const fillLuma = lumaOf(sr, sg, sb);
        // (Eased in over the first levels below `darkest`: a step there draws a visible line.)
        const lift = (liftWeight ? liftWeight[j]! : 0) * smoothstep(0, 24, darkest - fillLuma);
        if (fillLuma < darkest && fillLuma > 1 && lift > 0) {
          const lifted = darkest - (darkest - fillLuma) * 0.25;
          const k = lifted / fillLuma;
          const tr = sr * k * 0.5 + (sr + (skinRgb[0] - sr) * 0.6) * 0.5;
          const tg = sg * k * 0.5 + (sg + (skinRgb[1] - sg) * 0.6) * 0.5;
          const tb = sb * k * 0.5 + (sb + (skinRgb[2] - sb) * 0.6) * 0.5;
          sr += (tr - sr) * lift;
          sg += (tg - sg) * lift;
          sb += (tb - sb) * lift;
        }
        // Scalp shading, and a little greyer toward the crown (a shaved scalp's stubble).
        const dx = x + 0.5 - head.center[0];
        const dy = y + 0.5 - head.center[1];
        const v = (dx * head.up[0] + dy * head.up[1]) / head.halfHeightUp;
        const shade = shadeMap[i]!;
        const grey = 0.12 * smoothstep(hairlineV + 0.1, 1, v);
        const l = lumaOf(sr, sg, sb);
        sr = (sr + (l - sr) * grey) * shade;
        sg = (sg + (l - sg) * grey) * shade;
        sb = (sb + (l - sb) * grey) * shade;
        if (texture) {
          const t = texture[j]! * textureGain;
          sr += t;
          sg += t;
          sb += t;
        }
        r += hw * sr;
        g += hw * sg;
        b += hw * sb;
      }
      if (hw < 1 && bgFill) {
        const j = (y - bgFill.y0) * bgFill.w + (x - bgFill.x0);
        const t = grainGain > 0 ? grainGain * textureGain * grainAt(x, y, grainSeed) : 0;
        r += (1 - hw) * (bgFill.values[j * 3]! + t);
        g += (1 - hw) * (bgFill.values[j * 3 + 1]! + t);
        b += (1 - hw) * (bgFill.values[j * 3 + 2]! + t);
      }
      const k = keep[i]!;
      if (k > 0) {
        r += (data[i * 3]! - r) * k;
        g += (data[i * 3 + 1]! - g) * k;
        b += (data[i * 3 + 2]! - b) * k;
      }
      out[i * 3] = clamp(Math.round(r), 0, 255);
      out[i * 3 + 1] = clamp(Math.round(g), 0, 255);
      out[i * 3 + 2] = clamp(Math.round(b), 0, 255);
    }
  lap('composite');
  // Brows the fringe hid, drawn back into the fill (brows.ts).
  restoreBrows({
    original: data,
    out,
    mask,
    matte,
    width,
    height,
    brows: [points.leftEyebrow, points.rightEyebrow],
    midline: lerp(points.leftEye.center, points.rightEye.center, 0.5),
    up: head.up,
    faceWidth,
    skin: skinRgb,
    seed: seed + 2,
  });
  lap('brows');
  return { data: out, width, height, mask, scalp, head, timings };
}

/**
 * Bilinear resampling of an 8-bit image with `channels` channels from w × h to W × H (pixel
 * centres aligned, the taps of `resizePlane`). Scaling down by up to 2 reads every source pixel
 * at least once.
 */
function resample(
  src: Uint8Array,
  w: number,
  h: number,
  channels: number,
  W: number,
  H: number,
): Uint8Array {
  const out = new Uint8Array(W * H * channels);
  const cols = columnTaps(w, W);
  const rows = columnTaps(h, H);
  for (let y = 0; y < H; y++) {
    const r0 = rows.x0s[y]! * w;
    const r1 = rows.x1s[y]! * w;
    const ty = rows.fxs[y]!;
    for (let x = 0; x < W; x++) {
      const x0 = cols.x0s[x]!;
      const x1 = cols.x1s[x]!;
      const tx = cols.fxs[x]!;
      const a = (r0 + x0) * channels;
      const b = (r0 + x1) * channels;
      const c = (r1 + x0) * channels;
      const d = (r1 + x1) * channels;
      const o = (y * W + x) * channels;
      for (let k = 0; k < channels; k++) {
        const top = src[a + k]! + (src[b + k]! - src[a + k]!) * tx;
        const bottom = src[c + k]! + (src[d + k]! - src[c + k]!) * tx;
        out[o + k] = Math.round(top + (bottom - top) * ty);
      }
    }
  }
  return out;
}

/**
 * A mask scaled up to W × H by the largest of the (up to four) pixels `resample` would blend:
 * every pixel the scaled-down removal touched is fully covered at full size (bilinear alone
 * left the hair's rim half replaced, its strands showing through the fill).
 */
function resampleMax(src: Uint8Array, w: number, h: number, W: number, H: number): Uint8Array {
  const out = new Uint8Array(W * H);
  const cols = columnTaps(w, W);
  const rows = columnTaps(h, H);
  for (let y = 0; y < H; y++) {
    const r0 = rows.x0s[y]! * w;
    const r1 = rows.x1s[y]! * w;
    for (let x = 0; x < W; x++) {
      const x0 = cols.x0s[x]!;
      const x1 = cols.x1s[x]!;
      out[y * W + x] = Math.max(src[r0 + x0]!, src[r0 + x1]!, src[r1 + x0]!, src[r1 + x1]!);
    }
  }
  return out;
}

/**
 * The full-size result of a removal worked on scaled down: the scaled result scaled back up,
 * plus the photo's own detail (what the scaling lost) in proportion to how much of each pixel
 * the removal kept (1 − mask). Where the mask is 0 the photo is returned byte for byte; where it
 * is 255 the fill alone (no ghost of the hair's strands); between, the kept hair or face keeps
 * its sharpness. Also returns the mask scaled up (`resampleMax`).
 */
function pasteChange(
  crop: Uint8Array,
  workPhoto: Uint8Array,
  part: BaldResult,
  w: number,
  h: number,
): { out: Uint8Array; mask: Uint8Array } {
  const mask = resampleMax(part.mask, part.width, part.height, w, h);
  const out = new Uint8Array(crop);
  const pw = part.width;
  const ph = part.height;
  const fx = pw / w;
  const fy = ph / h;
  const { data } = part;
  // (Bilinear, as `resample`, only where the mask is set: most of the crop is left as it is.)
  for (let y = 0; y < h; y++) {
    const sy = clamp((y + 0.5) * fy - 0.5, 0, ph - 1);
    const y0 = Math.floor(sy);
    const y1 = Math.min(ph - 1, y0 + 1);
    const ty = sy - y0;
    for (let x = 0; x < w; x++) {
      const m = mask[y * w + x]!;
      if (m === 0) continue;
      const kept = 1 - m / 255;
      const sx = clamp((x + 0.5) * fx - 0.5, 0, pw - 1);
      const x0 = Math.floor(sx);
      const x1 = Math.min(pw - 1, x0 + 1);
      const tx = sx - x0;
      const i00 = (y0 * pw + x0) * 3;
      const i01 = (y0 * pw + x1) * 3;
      const i10 = (y1 * pw + x0) * 3;
      const i11 = (y1 * pw + x1) * 3;
      for (let k = 0; k < 3; k++) {
        const j = (y * w + x) * 3 + k;
        const top = data[i00 + k]! + (data[i01 + k]! - data[i00 + k]!) * tx;
        const up = top + (data[i10 + k]! + (data[i11 + k]! - data[i10 + k]!) * tx - top) * ty;
        let detail = 0;
        if (kept > 0) {
          const t = workPhoto[i00 + k]! + (workPhoto[i01 + k]! - workPhoto[i00 + k]!) * tx;
          const b = workPhoto[i10 + k]! + (workPhoto[i11 + k]! - workPhoto[i10 + k]!) * tx;
          detail = kept * (crop[j]! - (t + (b - t) * ty));
        }
        out[j] = clamp(Math.round(up + detail), 0, 255);
      }
    }
  }
  return { out, mask };
}

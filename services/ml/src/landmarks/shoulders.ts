import type { Point2 } from './face-geometry.js';

/**
 * The subject's shoulders from a body-pose detector's keypoints (MoveNet: 'nose',
 * 'leftShoulder', 'rightShoulder', …, each with a score), checked against the face the
 * landmarks found: bangs removal uses them to know where the body lies under long hair.
 */

export interface BodyKeypointLike {
  part: string;
  position: Point2;
  score: number;
}

export interface Shoulders {
  /** The person's left and right shoulder joints, in photo pixels. */
  left: Point2;
  right: Point2;
}

export const shoulderRules = {
  /** A shoulder counts from this keypoint score. */
  minScore: 0.3,
  /** The pose's nose must lie within this many face widths of the face's nose tip. */
  maxNoseOffset: 0.6,
  /** The shoulders must be this far apart (face widths)… */
  minSpan: 1.2,
  maxSpan: 6,
  /** …and each this far below the nose tip, along the face's down direction. */
  minBelow: 0.3,
};

/**
 * Both shoulders of the person whose face is given, or null: a shoulder scored low, the pose
 * belongs to someone else (its nose is away from the face's), or the two are not where a body's
 * shoulders can be.
 */
export function subjectShoulders(
  keypoints: readonly BodyKeypointLike[],
  face: { noseTip: Point2; leftCheek: Point2; rightCheek: Point2 },
): Shoulders | null {
  const find = (part: string) => keypoints.find((k) => k.part === part);
  const nose = find('nose');
  const left = find('leftShoulder');
  const right = find('rightShoulder');
  if (!nose || !left || !right) return null;
  if (left.score < shoulderRules.minScore || right.score < shoulderRules.minScore) return null;
  const across: Point2 = [
    face.rightCheek[0] - face.leftCheek[0],
    face.rightCheek[1] - face.leftCheek[1],
  ];
  const faceWidth = Math.hypot(across[0], across[1]);
  if (!(faceWidth > 0)) return null;
  // Down the face: the cheek-to-cheek line turned a quarter (image y grows downward).
  const down: Point2 = [-across[1] / faceWidth, across[0] / faceWidth];
  const dist = (a: Point2, b: Point2) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  if (dist(nose.position, face.noseTip) > shoulderRules.maxNoseOffset * faceWidth) return null;
  const span = dist(left.position, right.position) / faceWidth;
  if (span < shoulderRules.minSpan || span > shoulderRules.maxSpan) return null;
  for (const s of [left, right]) {
    const below =
      (s.position[0] - face.noseTip[0]) * down[0] + (s.position[1] - face.noseTip[1]) * down[1];
    if (below < shoulderRules.minBelow * faceWidth) return null;
  }
  return { left: [...left.position], right: [...right.position] };
}

import type { FacePoints } from '../landmarks/face-geometry.js';
import type { Vec2 } from './raster.js';

/** The types shared by the steps of the bangs removal (bald.ts). */

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

/**
 * What every step of one removal works on: the photo (at the working size), its hair matte and
 * face points, and what follows from them.
 */
export interface RemovalFrame {
  photo: RgbPhoto;
  matte: Float32Array;
  points: BaldFacePoints;
  head: HeadEllipse;
  /** Unit vector across the head, perpendicular to `head.up`. */
  right: Vec2;
  /** Distance between the cheek points (at least 8 px): the unit of the tunables. */
  faceWidth: number;
  /** Matte value from which a pixel is hair. */
  threshold: number;
  /**
   * The seeds of the skin texture (+0), the background grain (+1), the brows' strokes (+2), the
   * background's patch fill (+3) and the hair tips (+4).
   */
  seed: number;
}

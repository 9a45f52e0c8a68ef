/** Public types of the hair segmentation module. */

/** Raw pixels, row-major, interleaved, already EXIF-oriented. */
export interface RgbImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 3 | 4;
}

export type Point = readonly [number, number];

/** Face landmarks that constrain the mask, in the photo's pixel coordinates. */
export interface FaceHint {
  /** The face oval as a closed polygon (e.g. the 36 FACEMESH silhouette points, in order). */
  faceOval: readonly Point[];
  /** Points of both eyebrows: the oval's part below them is never hair. */
  eyebrows?: readonly Point[];
  /**
   * Points of the eyes and the mouth corners: down to the mouth, only the face between the
   * outer eye corners is never hair, so hair that falls over a cheek (a side-swept fringe, long
   * hair in front of the face) stays hair. Without them, the whole oval below the eyes.
   */
  features?: readonly Point[];
  /**
   * The eyes' contours: an eye is never hair (the network answers lashes and eye make-up with a
   * middling probability, and the eyes lie above faceRegion's cut so that a fringe is kept).
   */
  eyes?: readonly (readonly Point[])[];
  /**
   * Face ovals of the other people in the photo (bystanders, a friend at the edge): hair that
   * is reached from one of their heads before the subject's, along the hair, is theirs.
   */
  otherFaces?: readonly (readonly Point[])[];
}

export interface HairNetworkOptions {
  /** Run the network a second time with the first mask as its fourth channel (default true). */
  secondPass?: boolean;
  /**
   * Also segment the mirrored photo and average the two (test-time augmentation): about
   * +0.005 mean IoU for twice the network time (default false).
   */
  flipAverage?: boolean;
}

export interface HairMaskOptions extends HairNetworkOptions {
  landmarks?: FaceHint;
  /**
   * With landmarks: skin the network took for hair (a neck between two curtains of light hair)
   * is taken out by its colour, see skin.ts (default true).
   */
  skinCheck?: boolean;
  /** Edge-aware refinement of the matte with a guided filter on the photo (default true). */
  refine?: boolean;
  /**
   * Background the network took for hair (dark hair on a near-black background) is taken out
   * where it has the local background's colour and touches it, see background.ts (default true).
   */
  backgroundCheck?: boolean;
}

/** The network's output for a photo stretched to 512×512, before it is fitted to the photo. */
export interface HairProbability {
  /** Hair probability, 0..1, 512×512, row-major. */
  probability: Float32Array;
  /** Milliseconds spent per stage ('preprocess', 'pass1', 'pass2'). */
  timings: Record<string, number>;
}

export interface HairMask {
  width: number;
  height: number;
  /** Hair probability, 0..1, one value per photo pixel. */
  matte: Float32Array;
  /** 255 where matte >= 0.5, else 0. */
  mask: Uint8Array;
  /** Milliseconds spent per stage. */
  timings: Record<string, number>;
}

export type HairSegmentationErrorCode = 'invalid_image' | 'image_too_large' | 'model_unavailable';

export class HairSegmentationError extends Error {
  readonly code: HairSegmentationErrorCode;

  constructor(code: HairSegmentationErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(`${code}: ${message}`, { cause: options.cause });
    this.name = 'HairSegmentationError';
    this.code = code;
  }
}

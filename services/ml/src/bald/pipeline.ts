import sharp from 'sharp';
import { defaultPhotoLimits, type PhotoLimits } from '../image/decode.js';
import { findHair, stepTimer, type Models } from '../pipelines.js';
import { encodeMaskPng } from '../segmentation/index.js';
import { removeHair, type HeadEllipse } from './bald.js';

/**
 * The /bald/predict/v3 pipeline, run inside a pool worker (or directly by the eval tools):
 * photo bytes → face landmarks → hair matte (guided by the landmarks) → hair removed
 * (src/bald/bald.ts) → JPEG of the result + PNG of the replaced pixels.
 */

export interface BaldPredictResult {
  width: number;
  height: number;
  /** JPEG of the photo with the hair removed. */
  image: Uint8Array;
  /** 8-bit greyscale PNG, 255 where pixels were replaced. */
  mask: Uint8Array;
  /** 8-bit greyscale PNG of BaldResult.scalp: bare scalp beside and behind the face. */
  scalp: Uint8Array;
  head: HeadEllipse;
  timings: Record<string, number>;
}

export interface BaldPredictOptions {
  /**
   * Also rebuild long hair below the jaw from what surrounds it (and find the shoulders for
   * it): off in the service (ADR 039), on for comparisons (scripts/bald-sheet.ts --below-jaw).
   */
  belowJaw?: boolean;
}

export async function predictBald(
  models: Models,
  photoBytes: Uint8Array,
  limits: PhotoLimits = defaultPhotoLimits,
  options: BaldPredictOptions = {},
): Promise<BaldPredictResult> {
  const { timings, lap } = stepTimer();
  const belowJaw = options.belowJaw ?? false;
  const { photo, points, matte, shoulders } = await findHair(models, photoBytes, limits, lap, {
    shoulders: belowJaw,
  });
  // A head without hair is returned as it is (empty mask), not refused.
  const bald = removeHair(photo, matte, points, {
    belowJaw,
    ...(shoulders ? { shoulders } : {}),
  });
  lap('fill');
  const [image, mask, scalp] = await Promise.all([
    sharp(bald.data, { raw: { width: bald.width, height: bald.height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer(),
    encodeMaskPng(bald.mask, bald.width, bald.height),
    encodeMaskPng(bald.scalp, bald.width, bald.height),
  ]);
  lap('encode');
  return {
    width: bald.width,
    height: bald.height,
    // Copies with their own ArrayBuffers, so the worker can transfer them.
    image: new Uint8Array(image),
    mask: new Uint8Array(mask),
    scalp: new Uint8Array(scalp),
    head: {
      center: [round1(bald.head.center[0]), round1(bald.head.center[1])],
      up: [round3(bald.head.up[0]), round3(bald.head.up[1])],
      halfWidth: round1(bald.head.halfWidth),
      halfHeightUp: round1(bald.head.halfHeightUp),
      halfHeightDown: round1(bald.head.halfHeightDown),
    },
    timings: { ...timings, ...prefixed('fill.', bald.timings) },
  };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const round3 = (v: number) => Math.round(v * 1000) / 1000;
const prefixed = (prefix: string, t: Record<string, number>) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [prefix + k, v]));

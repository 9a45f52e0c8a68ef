/**
 * Hair segmentation: MediaPipe's hair network (converted to ONNX, run on onnxruntime-node),
 * combined with the face landmarks and refined into a soft matte at the photo's size.
 * Safe to use from worker threads: the session is created lazily, once per thread.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MODEL_SIZE, getSession, runHairNetwork } from './model.js';
import { suppressSkin } from './skin.js';
import { suppressBackground } from './background.js';
import {
  applyGuidedFilter,
  grayPlane,
  guidedFilterCoefficients,
  keepSubjectHair,
  removeFace,
  resizePlane,
} from './matte.js';
import {
  HairSegmentationError,
  type HairMask,
  type HairMaskOptions,
  type HairNetworkOptions,
  type HairProbability,
  type RgbImage,
} from './types.js';

export * from './types.js';
export { buildHairSegmentationOnnx } from './model.js';

/** Largest photo accepted by decodeImage, in pixels. */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The guided filter works at this longest side; its coefficients are upsampled from there
 * ("fast guided filter"; 256 scores the same IoU as 512 for a quarter of the time).
 */
const REFINE_SIZE = 256;

/** Creates this thread's model session now instead of on the first request. */
export async function warmUpSegmentation(): Promise<void> {
  await getSession();
}

/** Decodes an encoded photo to RGB with the EXIF orientation applied. */
export async function decodeImage(input: Uint8Array): Promise<RgbImage> {
  if (input.byteLength === 0) throw new HairSegmentationError('invalid_image', 'empty input');
  let meta: Metadata;
  try {
    meta = await sharp(input, { failOn: 'error', limitInputPixels: false }).metadata();
  } catch (error) {
    throw new HairSegmentationError('invalid_image', 'not a readable image', { cause: error });
  }
  if (!meta.width || !meta.height) throw new HairSegmentationError('invalid_image', 'no size');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new HairSegmentationError('image_too_large', `${meta.width}x${meta.height}`);
  }
  try {
    const { data, info } = await sharp(input, {
      failOn: 'error',
      limitInputPixels: MAX_INPUT_PIXELS,
    })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      channels: 3,
    };
  } catch (error) {
    throw new HairSegmentationError('invalid_image', 'cannot decode the image', { cause: error });
  }
}

function checkImage(image: RgbImage): void {
  const { width, height, channels, data } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new HairSegmentationError('invalid_image', `bad size ${width}x${height}`);
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new HairSegmentationError('image_too_large', `${width}x${height}`);
  }
  if ((channels !== 3 && channels !== 4) || data.length !== width * height * channels) {
    throw new HairSegmentationError('invalid_image', 'pixel buffer does not match its size');
  }
}

async function resized(image: RgbImage, width: number, height: number): Promise<Uint8Array> {
  const { data } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * The last first pass of this thread, by its input: the landmark call's photo check runs the
 * first pass on the photo (ADR 037), and the hair mask, colour or bangs-removal call that
 * follows for the same photo on the same worker starts from it instead of running it again
 * (the same pixels give the same probability, so the result is the same either way).
 */
let lastPass1: { key: string; hair: Float32Array } | null = null;

function pass1Key(pixels: Uint8Array, mirror: boolean): string {
  return `${mirror ? 'm' : 'n'}:${createHash('sha1').update(pixels).digest('base64')}`;
}

/** The network's hair probability for 512×512 RGB pixels, optionally mirrored left–right. */
async function segment(
  pixels: Uint8Array,
  mirror: boolean,
  secondPass: boolean,
  lap?: (name: string) => void,
) {
  const plane = MODEL_SIZE * MODEL_SIZE;
  const input = new Float32Array(4 * plane);
  for (let y = 0; y < MODEL_SIZE; y++) {
    for (let x = 0; x < MODEL_SIZE; x++) {
      const i = y * MODEL_SIZE + x;
      const j = 3 * (mirror ? y * MODEL_SIZE + MODEL_SIZE - 1 - x : i);
      input[i] = pixels[j]! / 255;
      input[plane + i] = pixels[j + 1]! / 255;
      input[2 * plane + i] = pixels[j + 2]! / 255;
    }
  }
  const key = pass1Key(pixels, mirror);
  let hair = key === lastPass1?.key ? lastPass1.hair.slice() : await runHairNetwork(input);
  if (key !== lastPass1?.key) lastPass1 = { key, hair: hair.slice() };
  lap?.('pass1');
  if (secondPass) {
    // MediaPipe's video graph feeds the previous frame's mask back in; for a photo, the first
    // pass's mask (measured: +0.006 mean IoU on Figaro-1k)
    input.set(hair, 3 * plane);
    hair = await runHairNetwork(input);
    lap?.('pass2');
  }
  return hair;
}

function mirrorPlane(src: Float32Array): Float32Array {
  const out = new Float32Array(src.length);
  for (let y = 0; y < MODEL_SIZE; y++) {
    const row = y * MODEL_SIZE;
    for (let x = 0; x < MODEL_SIZE; x++) out[row + x] = src[row + MODEL_SIZE - 1 - x]!;
  }
  return out;
}

function stopwatch() {
  const timings: Record<string, number> = {};
  let clock = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = now - clock;
    clock = now;
  };
  return { timings, lap };
}

/**
 * The network's hair probability for a photo stretched to 512×512 (as in MediaPipe's graph),
 * before it is brought back to the photo's size. Needs only the photo, so it can run on another
 * thread while the face is being found (HairNetworkThread).
 */
export async function predictHairProbability(
  image: RgbImage,
  options: HairNetworkOptions = {},
): Promise<HairProbability> {
  checkImage(image);
  const { timings, lap } = stopwatch();
  // network input: planar RGB in [0, 1] and an empty previous mask
  const pixels = await resized(image, MODEL_SIZE, MODEL_SIZE);
  lap('preprocess');
  const secondPass = options.secondPass ?? true;
  const probability = await segment(pixels, false, secondPass, lap);
  if (options.flipAverage) {
    const flipped = mirrorPlane(await segment(pixels, true, secondPass));
    for (let i = 0; i < probability.length; i++)
      probability[i] = (probability[i]! + flipped[i]!) / 2;
    lap('flip');
  }
  return { probability, timings };
}

/**
 * Predicts the hair matte of a photo. The network sees the whole photo stretched to 512×512
 * (as in MediaPipe's graph); its probability is resized back, the face below the brows is
 * removed when landmarks are given, and the edge follows the photo through a guided filter.
 * `network`, when given, is the photo's probability already computed (predictHairProbability
 * with the same options, e.g. on a HairNetworkThread).
 */
export async function predictHairMask(
  image: RgbImage,
  options: HairMaskOptions & { network?: HairProbability } = {},
): Promise<HairMask> {
  checkImage(image);
  const { width, height } = image;
  const network = options.network ?? (await predictHairProbability(image, options));
  const hair = network.probability;
  if (hair.length !== MODEL_SIZE * MODEL_SIZE)
    throw new HairSegmentationError('invalid_image', 'probability of the wrong size');
  const { timings, lap } = stopwatch();
  Object.assign(timings, network.timings);

  // back to the photo's size, refined along the photo's edges
  let matte: Float32Array;
  if (options.refine ?? true) {
    const scale = Math.min(1, REFINE_SIZE / Math.max(width, height));
    const rw = Math.max(1, Math.round(width * scale));
    const rh = Math.max(1, Math.round(height * scale));
    const small = await resized(image, rw, rh);
    const guideSmall = grayPlane({ data: small, width: rw, height: rh, channels: 3 });
    const p = resizePlane(hair, MODEL_SIZE, MODEL_SIZE, rw, rh);
    const radius = Math.max(2, Math.round(Math.max(rw, rh) / 64));
    const { a, b } = guidedFilterCoefficients(guideSmall, p, rw, rh, radius, 1e-3);
    matte = applyGuidedFilter(a, b, rw, rh, image);
  } else {
    matte = resizePlane(hair, MODEL_SIZE, MODEL_SIZE, width, height);
  }
  lap('refine');
  if (options.backgroundCheck ?? true) {
    suppressBackground(matte, image, options.landmarks);
    lap('background');
  }

  // the face below the brows is never hair, nor hair not connected to the subject's head
  if (options.landmarks) {
    if (options.skinCheck ?? true) {
      suppressSkin(matte, image, options.landmarks, width, height);
      lap('skin');
    }
    removeFace(matte, options.landmarks, width, height);
    keepSubjectHair(matte, width, height, options.landmarks);
  }
  const mask = new Uint8Array(matte.length);
  for (let i = 0; i < matte.length; i++) mask[i] = matte[i]! >= 0.5 ? 255 : 0;
  lap('postprocess');
  return { width, height, matte, mask, timings };
}

/** Encodes a mask (one byte per pixel) as an 8-bit greyscale PNG. */
export async function encodeMaskPng(
  mask: Uint8Array,
  width: number,
  height: number,
): Promise<Buffer> {
  return sharp(mask, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}

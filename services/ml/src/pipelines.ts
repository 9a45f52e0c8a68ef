import sharp from 'sharp';
import { recolorHair } from '@carol/color';
import type { FaceLandmarks } from '@carol/contracts';
import { MlError } from './errors.js';
import {
  decodePhoto,
  scaleRgb,
  defaultPhotoLimits,
  type DecodedPhoto,
  type PhotoLimits,
} from './image/decode.js';
import { createFaceDetector, type FaceDetector } from './landmarks/detector.js';
import { subjectShoulders, type Shoulders } from './landmarks/shoulders.js';
import {
  facePoints,
  hairFaceHint,
  irisPoints,
  otherFaces,
  selectFace,
  type FacePoints,
  type Point2,
  type Point3,
  type RawFace,
} from './landmarks/face-geometry.js';
import { checkPhoto, type PhotoCheck } from './landmarks/photo-check.js';
import { MODEL_SIZE } from './segmentation/model.js';
import {
  encodeMaskPng,
  HairSegmentationError,
  predictHairMask,
  warmUpSegmentation,
  type RgbImage,
} from './segmentation/index.js';
import { HairNetworkThread } from './segmentation/network-thread.js';

/**
 * The two prediction pipelines, run inside a pool worker (src/pool/ml-worker.ts) or directly by
 * the eval tools: photo bytes in, result out. Each thread creates its models once.
 */

/**
 * Faces are searched on the photo scaled to this longer side (coordinates are scaled back). The
 * detector works at 256 px and the mesh on a 192-px crop of the face, so a larger input only
 * costs time: 768 instead of 1024 saved 1–29 ms per 1024-px photo (most on the slowest) and
 * moved the mesh points by 0.2–0.5 % of the face box.
 */
const detectMaxSide = 768;
/** Hair must cover at least this share of the photo to be recoloured. */
const minHairShare = 0.003;

export interface Models {
  detector: FaceDetector;
  /** The hair network's own thread (absent when segmentation is off or it cannot start). */
  hairNetwork?: HairNetworkThread;
}

export async function loadModels(options: { segmentation?: boolean } = {}): Promise<Models> {
  const segmentation = options.segmentation ?? true;
  const [detector, hairNetwork] = await Promise.all([
    createFaceDetector(),
    segmentation
      ? HairNetworkThread.start().catch(async () => {
          // No thread: the network runs on this one (same results, landmarks not overlapped).
          await warmUpSegmentation();
          return undefined;
        })
      : undefined,
  ]);
  return hairNetwork ? { detector, hairNetwork } : { detector };
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const r2 = (p: Point2): Point2 => [round1(p[0]), round1(p[1])];
const r3 = (p: Point3): Point3 => [round1(p[0]), round1(p[1]), round1(p[2])];

export async function findFace(
  models: Models,
  photo: { data: Uint8Array; width: number; height: number },
): Promise<RawFace> {
  return (await findFaces(models, photo)).face;
}

/** The photo's one usable face (else FACE_RECOGNITION_FAILED) and the other people's faces. */
async function findFaces(
  models: Models,
  photo: { data: Uint8Array; width: number; height: number },
  scaledPhoto?: ScaledRgb,
): Promise<{ face: RawFace; others: RawFace[]; all: RawFace[]; small: ScaledRgb }> {
  const small = scaledPhoto ?? (await scaleRgb(photo, detectMaxSide));
  const faces = await models.detector.detect(small);
  const k = 1 / small.scale;
  const scaled = faces.map((f): RawFace => ({
    ...f,
    box: { x: f.box.x * k, y: f.box.y * k, width: f.box.width * k, height: f.box.height * k },
    mesh: f.mesh.map((p): Point3 => [p[0] * k, p[1] * k, p[2] * k]),
  }));
  const selection = selectFace(scaled, photo.width, photo.height);
  if (!selection.ok) throw new MlError('FACE_RECOGNITION_FAILED', selection.reason);
  return {
    face: selection.face,
    others: otherFaces(scaled, selection.face),
    all: scaled,
    small,
  };
}

type ScaledRgb = Awaited<ReturnType<typeof scaleRgb>>;

/** The subject's shoulders (body pose on the detector's scaled photo), or null. */
async function findShoulders(
  models: Models,
  small: ScaledRgb,
  points: FacePoints,
): Promise<Shoulders | null> {
  const k = 1 / small.scale;
  const keypoints = await models.detector.detectBody(small);
  return subjectShoulders(
    keypoints.map((p) => ({ ...p, position: [p.position[0] * k, p.position[1] * k] })),
    points,
  );
}

function presentLandmarks(face: RawFace): FaceLandmarks {
  const points = facePoints(face.mesh);
  const pts = (list: Point2[]) => list.map(r2);
  return {
    box: {
      x: round1(face.box.x),
      y: round1(face.box.y),
      width: round1(face.box.width),
      height: round1(face.box.height),
    },
    score: Math.round(face.boxScore * 1000) / 1000,
    rotation: {
      roll: round1(face.rotation.roll),
      yaw: round1(face.rotation.yaw),
      pitch: round1(face.rotation.pitch),
    },
    mesh: face.mesh.slice(0, 468).map(r3),
    iris: irisPoints(face.mesh).map(r3),
    points: {
      faceOval: pts(points.faceOval),
      foreheadTop: r2(points.foreheadTop),
      hairline: r2(points.hairline),
      chin: r2(points.chin),
      noseTip: r2(points.noseTip),
      leftTemple: r2(points.leftTemple),
      rightTemple: r2(points.rightTemple),
      leftCheek: r2(points.leftCheek),
      rightCheek: r2(points.rightCheek),
      leftEye: { center: r2(points.leftEye.center), contour: pts(points.leftEye.contour) },
      rightEye: { center: r2(points.rightEye.center), contour: pts(points.rightEye.contour) },
      leftEyebrow: pts(points.leftEyebrow),
      rightEyebrow: pts(points.rightEyebrow),
      mouth: { left: r2(points.mouth.left), right: r2(points.mouth.right) },
    },
  };
}

export interface LandmarkResult {
  image: { width: number; height: number };
  landmark: FaceLandmarks;
  check: PhotoCheck;
  timings: Record<string, number>;
}

/**
 * The face's landmarks and the photo check (ADR 037). The hair network's first pass runs on its
 * own thread on the detector's scaled copy while this thread finds the faces, so the check
 * costs the wait for the network's one pass (not a second full-size, two-pass mask).
 */
export async function predictLandmarks(
  models: Models,
  photoBytes: Uint8Array,
  limits: PhotoLimits = defaultPhotoLimits,
): Promise<LandmarkResult> {
  const { timings, lap } = stepTimer();
  const photo = await decodePhoto(photoBytes, limits);
  lap('decode');
  const small = await scaleRgb(photo, detectMaxSide);
  // One pass (the second only refines edges), on the photo as the hair pipelines give it to the
  // network: the next call for this photo on this worker starts from it (segmentation/index.ts).
  const network = models.hairNetwork
    ? models.hairNetwork
        .predict(
          { data: photo.data, width: photo.width, height: photo.height, channels: 3 },
          { secondPass: false },
        )
        .catch(() => null)
    : null;
  let found: Awaited<ReturnType<typeof findFaces>>;
  try {
    found = await findFaces(models, photo, small);
  } catch (error) {
    // As in findHair: no inference left running once the request is answered.
    await network;
    throw error;
  }
  lap('landmarks');
  const landmark = presentLandmarks(found.face);
  const hair = await network;
  lap('hair', hair ? (hair.timings.pass1 ?? 0) + (hair.timings.preprocess ?? 0) : 0);
  lap('wait');
  const result = checkPhoto({
    face: found.face,
    others: found.all,
    width: photo.width,
    height: photo.height,
    hair: hair ? { probability: hair.probability, size: MODEL_SIZE } : null,
    pixels: small,
  });
  lap('check');
  return {
    image: { width: photo.width, height: photo.height },
    landmark,
    check: result,
    timings,
  };
}

/**
 * Times a pipeline's steps: `lap(name)` records the ms since the previous lap under `name`;
 * `lap(name, ms)` records a sub-step measured elsewhere (e.g. 'mask.pass1') without moving the clock.
 */
export function stepTimer() {
  const timings: Record<string, number> = {};
  let clock = performance.now();
  const lap = (name: string, ms?: number) => {
    if (ms !== undefined) {
      timings[name] = Math.round(ms);
      return;
    }
    const now = performance.now();
    timings[name] = Math.round(now - clock);
    clock = now;
  };
  return { timings, lap };
}

/**
 * The first steps both hair pipelines share: photo bytes → decoded photo → face landmarks →
 * hair matte (guided by the landmarks), timed as 'decode', 'landmarks' and 'mask'.
 */
export async function findHair(
  models: Models,
  photoBytes: Uint8Array,
  limits: PhotoLimits,
  lap: (name: string, ms?: number) => void,
  options: { shoulders?: boolean } = {},
): Promise<{
  photo: DecodedPhoto;
  points: FacePoints;
  matte: Float32Array;
  shoulders: Shoulders | null;
}> {
  const photo = await decodePhoto(photoBytes, limits);
  lap('decode');
  const image: RgbImage = {
    data: photo.data,
    width: photo.width,
    height: photo.height,
    channels: 3,
  };
  // The network needs only the photo: on its own thread, it runs while this one finds the face.
  const network = models.hairNetwork?.predict(image);
  let face: RawFace;
  let others: RawFace[];
  let small: ScaledRgb;
  try {
    ({ face, others, small } = await findFaces(models, photo));
  } catch (error) {
    // No usable face: the answer waits for the network all the same, so that no inference is
    // left running once a request is answered (terminating a thread inside onnxruntime's `run`,
    // as closing the pool does, aborts the process).
    await network?.catch(() => undefined);
    throw error;
  }
  lap('landmarks');
  const points = facePoints(face.mesh);
  // The shoulders (bangs removal only) are found while the network still runs.
  let shoulders: Shoulders | null = null;
  if (options.shoulders) {
    try {
      shoulders = await findShoulders(models, small, points);
    } catch {
      // Without them the removal guesses less (see below-jaw.ts); never a failed request.
    }
    lap('shoulders');
  }
  let matte: Float32Array;
  let maskTimings: Record<string, number> = {};
  try {
    const hair = await predictHairMask(image, {
      landmarks: hairFaceHint(
        points,
        others.map((other) => facePoints(other.mesh)),
      ),
      network: await network,
    });
    matte = hair.matte;
    maskTimings = hair.timings;
  } catch (error) {
    const detail = error instanceof HairSegmentationError ? error.code : 'segmentation failed';
    throw new MlError('SIMULATION_FAILED', detail, { cause: error });
  }
  lap('mask');
  for (const [name, ms] of Object.entries(maskTimings)) lap(`mask.${name}`, ms);
  return { photo, points, matte, shoulders };
}

export interface HairColorRequest {
  color: string;
  strength: number;
  format: 'jpeg' | 'webp';
}

export interface HairColorResult {
  image: Uint8Array;
  mimeType: 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
  timings: Record<string, number>;
}

export async function predictHairColor(
  models: Models,
  photoBytes: Uint8Array,
  request: HairColorRequest,
  limits: PhotoLimits = defaultPhotoLimits,
): Promise<HairColorResult> {
  const { timings, lap } = stepTimer();
  const { photo, matte } = await findHair(models, photoBytes, limits, lap);
  let hairArea = 0;
  for (let i = 0; i < matte.length; i++) hairArea += matte[i]!;
  if (hairArea < minHairShare * matte.length)
    throw new MlError('SIMULATION_FAILED', 'no hair found');
  const recoloured = recolorHair(photo, matte, request.color, { strength: request.strength });
  lap('recolor');
  const encoder = sharp(recoloured, {
    raw: { width: photo.width, height: photo.height, channels: 3 },
  });
  const encoded =
    request.format === 'webp'
      ? await encoder.webp({ quality: 88 }).toBuffer()
      : await encoder.jpeg({ quality: 90, mozjpeg: false }).toBuffer();
  lap('encode');
  return {
    // A copy with its own ArrayBuffer, so the worker can transfer it.
    image: new Uint8Array(encoded),
    mimeType: request.format === 'webp' ? 'image/webp' : 'image/jpeg',
    width: photo.width,
    height: photo.height,
    timings,
  };
}

export interface HairMatteResult {
  /** 8-bit greyscale PNG of the photo's size: the matte × 255, rounded (255 = hair). */
  png: Uint8Array;
  width: number;
  height: number;
  timings: Record<string, number>;
}

/**
 * The hair matte predictHairColor recolours with (findHair: same decode, landmarks and
 * segmentation), for the browser's live preview; the browser applies the same recolour to it.
 */
export async function predictHairMatte(
  models: Models,
  photoBytes: Uint8Array,
  limits: PhotoLimits = defaultPhotoLimits,
): Promise<HairMatteResult> {
  const { timings, lap } = stepTimer();
  const { photo, matte } = await findHair(models, photoBytes, limits, lap);
  const bytes = new Uint8Array(matte.length);
  for (let i = 0; i < matte.length; i++) bytes[i] = Math.round(matte[i]! * 255);
  const png = await encodeMaskPng(bytes, photo.width, photo.height);
  lap('encode');
  // A copy with its own ArrayBuffer, so the worker can transfer it.
  return { png: new Uint8Array(png), width: photo.width, height: photo.height, timings };
}

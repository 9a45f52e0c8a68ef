import { resizePlane } from '../segmentation/matte.js';
import { clearBelowJaw } from './below-jaw.js';
import { restoreBrows } from './brows.js';
import { composite } from './composite.js';
import { fillBackground, fillSkin } from './fills.js';
import { headEllipse, len, lerp, sub } from './head.js';
import { fillLabels } from './labels.js';
import { clamp, type Vec2 } from './raster.js';
import { findRegions } from './regions.js';
import { skinRgbOf } from './skin.js';
import { geometry } from './tunables.js';
import type {
  BaldFacePoints,
  BaldOptions,
  BaldResult,
  HeadEllipse,
  RemovalFrame,
  RgbPhoto,
} from './types.js';
import { pasteChange, resample } from './work-scale.js';

export type { BaldFacePoints, BaldOptions, BaldResult, HeadEllipse, RgbPhoto } from './types.js';
export { headEllipse } from './head.js';

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
 *
 * The steps, each in its own module and timed under its name (BaldResult.timings): "regions"
 * (regions.ts), "labels" (labels.ts), "skinFill" and "backgroundFill" (fills.ts), "composite"
 * (composite.ts), "brows" (brows.ts), then "upscale" (work-scale.ts) and "belowJaw"
 * (below-jaw.ts). The tunables are in tunables.ts.
 */

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

/** One removal at the working resolution: the steps in order, each timed. */
function removeHairIn(
  photo: RgbPhoto,
  matte: Float32Array,
  points: BaldFacePoints,
  options: BaldOptions,
): BaldResult {
  const { width, height, data } = photo;
  const timings: Record<string, number> = {};
  let clock = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - clock);
    clock = now;
  };
  const head = headEllipse(points);
  const frame: RemovalFrame = {
    photo,
    matte,
    points,
    head,
    right: [-head.up[1], head.up[0]],
    faceWidth: Math.max(8, len(sub(points.rightCheek, points.leftCheek))),
    threshold: options.hairThreshold ?? 0.2,
    seed: options.seed ?? width * 31 + height,
  };
  const regions = findRegions(frame, { belowJaw: options.belowJaw ?? false });
  lap('regions');
  const labels = fillLabels(frame, regions);
  lap('labels');
  const skinFills = fillSkin(frame, labels.skinLabels, regions.shadeMap);
  lap('skinFill');
  const background = fillBackground(frame, labels.bgLabels);
  lap('backgroundFill');
  const { out, mask, scalp } = composite(
    frame,
    regions,
    labels,
    skinFills,
    background,
    options.texture ?? 1,
  );
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
    faceWidth: frame.faceWidth,
    skin: skinRgbOf(regions.skin),
    seed: frame.seed + 2,
  });
  lap('brows');
  return { data: out, width, height, mask, scalp, head, timings };
}

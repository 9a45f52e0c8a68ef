import { describe, expect, it } from 'vitest';
import {
  faceOvalIndices,
  leftEyeIndices,
  leftEyebrowIndices,
  meshIndex,
  rightEyeIndices,
  rightEyebrowIndices,
  type Point3,
  type RawFace,
} from './face-geometry.js';
import { checkPhoto, photoCheckRules, type PhotoCheckInput } from './photo-check.js';

/**
 * A synthetic frontal face: the oval an ellipse (half-width w/2, half-height 0.65 w) about
 * (cx, cy), eyes and brows where a face has them, the mid-brow and nose base a quarter of the
 * half-height above and below the centre (so the estimated hairline is 0.75 half-heights up).
 */
function syntheticFace(
  cx: number,
  cy: number,
  w: number,
  rotation: Partial<RawFace['rotation']> = {},
): RawFace {
  const a = w / 2;
  const b = 0.65 * w;
  const mesh: Point3[] = Array.from({ length: 468 }, (): Point3 => [cx, cy, 0]);
  faceOvalIndices.forEach((index, k) => {
    const t = -Math.PI / 2 + (k * 2 * Math.PI) / faceOvalIndices.length;
    mesh[index] = [cx + a * Math.cos(t), cy + b * Math.sin(t), 0];
  });
  const ring = (indices: readonly number[], ex: number, ey: number, rx: number, ry: number) =>
    indices.forEach((index, k) => {
      const t = (k * 2 * Math.PI) / indices.length;
      mesh[index] = [ex + rx * Math.cos(t), ey + ry * Math.sin(t), 0];
    });
  ring(leftEyeIndices, cx - 0.22 * w, cy - 0.1 * b, 0.08 * w, 0.035 * w);
  ring(rightEyeIndices, cx + 0.22 * w, cy - 0.1 * b, 0.08 * w, 0.035 * w);
  ring(leftEyebrowIndices, cx - 0.22 * w, cy - 0.32 * b, 0.1 * w, 0.02 * w);
  ring(rightEyebrowIndices, cx + 0.22 * w, cy - 0.32 * b, 0.1 * w, 0.02 * w);
  mesh[meshIndex.midBrow] = [cx, cy - 0.25 * b, 0];
  mesh[meshIndex.noseBase] = [cx, cy + 0.25 * b, 0];
  return {
    box: { x: cx - a, y: cy - b, width: w, height: 2 * b },
    boxScore: 0.95,
    faceScore: 0.95,
    mesh,
    rotation: { roll: 0, yaw: 0, pitch: 0, ...rotation },
  };
}

const size = 1000;
const flatPixels = (value: number) => ({
  data: new Uint8Array(size * size * 3).fill(value),
  width: size,
  height: size,
});
/** A hair probability map (photo stretched to 64 × 64), hair where `isHair(x, y)` in photo pixels. */
function hairMap(isHair: (x: number, y: number) => boolean) {
  const n = 64;
  const probability = new Float32Array(n * n);
  for (let gy = 0; gy < n; gy++)
    for (let gx = 0; gx < n; gx++)
      probability[gy * n + gx] = isHair(((gx + 0.5) * size) / n, ((gy + 0.5) * size) / n) ? 1 : 0;
  return { probability, size: n };
}

function check(face: RawFace, extra: Partial<PhotoCheckInput> = {}) {
  return checkPhoto({
    face,
    others: [face],
    width: size,
    height: size,
    hair: hairMap(() => false),
    pixels: flatPixels(140),
    ...extra,
  });
}
const codes = (result: ReturnType<typeof check>) => result.findings.map((f) => f.code);

describe('checkPhoto', () => {
  const good = syntheticFace(500, 560, 360);

  it('finds nothing on a large, frontal, whole, well-lit face alone in the photo', () => {
    const result = check(good);
    expect(result.findings).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.measures).toMatchObject({
      faceShare: 0.36,
      ovalOutside: 0,
      hairOverEyes: 0,
      hairOverFace: 0,
      otherFaces: 0,
      faceLuma: 140,
    });
    expect(result.measures.crownAbove).toBeLessThan(0);
  });

  it('flags a head turned, nodded or tilted beyond the limits, with the measured angle', () => {
    const limit = photoCheckRules.maxAbsYaw;
    expect(codes(check(syntheticFace(500, 560, 360, { yaw: limit })))).toEqual([]);
    expect(check(syntheticFace(500, 560, 360, { yaw: -(limit + 4) })).findings).toEqual([
      { code: 'head_yaw', value: limit + 4, limit },
    ]);
    expect(codes(check(syntheticFace(500, 560, 360, { pitch: 25 })))).toEqual(['head_pitch']);
    expect(codes(check(syntheticFace(500, 560, 360, { pitch: 15 })))).toEqual([]);
    expect(codes(check(syntheticFace(500, 560, 360, { roll: -24 })))).toEqual(['head_roll']);
    expect(codes(check(syntheticFace(500, 560, 360, { roll: 12 })))).toEqual([]);
  });

  it('flags a face small in the frame, as a share of the photo or in pixels', () => {
    const small = check(syntheticFace(500, 560, 150));
    expect(small.findings).toEqual([{ code: 'face_small', value: 0.15, limit: 0.2 }]);
    // 24 % of a 500-px photo is 120 px: big enough in the frame, too few pixels
    const fewPixels = checkPhoto({
      face: syntheticFace(250, 280, 120),
      others: [],
      width: 500,
      height: 500,
    });
    expect(fewPixels.findings).toEqual([{ code: 'face_small', value: 120, limit: 128 }]);
    expect(codes(check(syntheticFace(500, 560, 220)))).toEqual([]);
  });

  it('flags a face cut by the edge, and a whole face whose head top is outside', () => {
    const cut = check(syntheticFace(100, 560, 360));
    expect(codes(cut)).toEqual(['face_cut_off']);
    expect(cut.measures.ovalOutside).toBeGreaterThan(0.2);
    // The oval is inside (its top at y 10) but the top of the head above it is not.
    const crown = check(syntheticFace(500, 10 + 0.65 * 300, 300));
    expect(crown.measures.ovalOutside).toBe(0);
    expect(codes(crown)).toEqual(['head_cut_off']);
    expect(crown.measures.crownAbove).toBeGreaterThan(0);
  });

  it('flags hair over the eyes or the face, not a fringe on the forehead', () => {
    const eyeY = 560 - 0.1 * 0.65 * 360;
    const overEye = check(good, { hair: hairMap((x, y) => x < 500 && Math.abs(y - eyeY) < 30) });
    expect(codes(overEye)).toContain('hair_over_eyes');
    expect(overEye.measures.hairOverEyes).toBeGreaterThan(0.5);
    // A curtain over the image-left cheek (below the eyes): hair over the face.
    const cheek = check(good, { hair: hairMap((x, y) => x < 450 && y > 600) });
    expect(codes(cheek)).toEqual(['hair_over_face']);
    // A fringe down to just above the brows: nothing (bangs removal is for that).
    const browTop = 560 - 0.32 * 0.65 * 360 - 0.02 * 360;
    const fringe = check(good, { hair: hairMap((_, y) => y < browTop - 4) });
    expect(fringe.findings).toEqual([]);
    expect(fringe.measures.hairOverBrows).toBe(0);
  });

  it('flags another person large enough to matter, not a small one nor a double detection', () => {
    const friend = syntheticFace(860, 300, 160);
    const several = check(good, { others: [good, friend] });
    expect(several.findings).toEqual([{ code: 'several_faces', value: 1, limit: 0 }]);
    const far = syntheticFace(900, 120, 80);
    expect(check(good, { others: [good, far] }).findings).toEqual([]);
    const echo = syntheticFace(510, 570, 340);
    expect(check(good, { others: [good, echo] }).findings).toEqual([]);
  });

  it('flags a face too dark or too bright', () => {
    expect(check(good, { pixels: flatPixels(30) }).findings).toEqual([
      { code: 'face_dark', value: 30, limit: photoCheckRules.minFaceLuma },
    ]);
    expect(codes(check(good, { pixels: flatPixels(250) }))).toEqual(['face_bright']);
  });

  it('measures how far the own hair reaches below the chin, beside the face only', () => {
    // the chin at y = 794 (560 + 0.65 × 360); locks beside the cheeks, 60 px wide each
    const locks = (bottom: number) => (x: number, y: number) =>
      y > 300 && y < bottom && ((x > 250 && x < 310) || (x > 690 && x < 750));
    expect(check(good, { hair: hairMap(locks(700)) }).measures.hairBelowChin).toBe(0);
    const toEdge = check(good, { hair: hairMap(locks(1000)) }).measures.hairBelowChin!;
    const toNeck = check(good, { hair: hairMap(locks(900)) }).measures.hairBelowChin!;
    expect(toNeck).toBeGreaterThan(0.15);
    expect(toEdge).toBeGreaterThan(toNeck + 0.1);
    // hair (or anything the network calls hair) far to the side is not the person's own
    const far = (x: number, y: number) => y > 800 && x < 60;
    expect(check(good, { hair: hairMap(far) }).measures.hairBelowChin).toBe(0);
    // a gap of more than two bands ends the hair: a bag strap below is not hair
    const strap = (x: number, y: number) => locks(820)(x, y) || (y > 950 && x > 250 && x < 310);
    expect(check(good, { hair: hairMap(strap) }).measures.hairBelowChin).toBeLessThan(toNeck);
    // the finding list is untouched by the measure
    expect(check(good, { hair: hairMap(locks(1000)) }).findings).toEqual([]);
  });

  it('says nothing about what it could not measure', () => {
    const result = checkPhoto({ face: good, others: [good], width: size, height: size });
    expect(result.findings).toEqual([]);
    expect(result.measures).toMatchObject({
      hairOverEyes: null,
      hairOverBrows: null,
      hairOverFace: null,
      faceLuma: null,
      hairBelowChin: null,
    });
  });
});

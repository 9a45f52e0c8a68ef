import { describe, expect, it } from 'vitest';
import {
  faceRules,
  facePoints,
  irisPoints,
  otherFaces,
  selectFace,
  type Point3,
  type RawFace,
} from './face-geometry.js';

function face(box: [number, number, number, number], extra: Partial<RawFace> = {}): RawFace {
  return {
    box: { x: box[0], y: box[1], width: box[2], height: box[3] },
    boxScore: 0.9,
    faceScore: 1,
    mesh: [],
    rotation: { roll: 0, yaw: 0, pitch: 0 },
    ...extra,
  };
}

/** A face whose 468-point mesh is a flat grid filling the square [x, x + size]. */
function meshFace(x: number, y: number, size: number, extra: Partial<RawFace> = {}): RawFace {
  const mesh = Array.from({ length: 468 }, (_, k): Point3 => {
    // spread the points over the square; the oval's points are among them
    const u = (k % 22) / 21;
    const v = Math.floor(k / 22) / 21;
    return [x + u * size, y + v * size, 0];
  });
  return face([x - 20, y - 20, size + 40, size + 40], { mesh, ...extra });
}

describe('otherFaces', () => {
  it("names the other people's faces, not a second detection on the subject's own face", () => {
    const main = meshFace(100, 100, 200);
    const beside = meshFace(380, 120, 150);
    const edge = meshFace(-80, 150, 140);
    // a small face just beside the oval: its centre lies inside the main face's loose box
    const close = meshFace(290, 150, 50);
    const echo = meshFace(150, 150, 100);
    const unsure = meshFace(400, 400, 120, { faceScore: 0.2 });
    expect(otherFaces([main, beside, edge, close, echo, unsure], main)).toEqual([
      beside,
      edge,
      close,
    ]);
    expect(otherFaces([main], main)).toEqual([]);
  });
});

describe('selectFace', () => {
  it('accepts one clear face', () => {
    const main = face([100, 100, 300, 300]);
    expect(selectFace([main], 800, 800)).toEqual({ ok: true, face: main });
  });

  it('rejects no face and low-confidence detections', () => {
    expect(selectFace([], 800, 800)).toEqual({ ok: false, reason: 'no_face' });
    expect(selectFace([face([100, 100, 300, 300], { faceScore: 0.3 })], 800, 800)).toEqual({
      ok: false,
      reason: 'no_face',
    });
  });

  it('rejects two comparable faces but ignores small or cut-off background faces', () => {
    const main = face([50, 100, 300, 300]);
    expect(selectFace([main, face([420, 120, 260, 260])], 800, 800)).toMatchObject({
      ok: false,
      reason: 'several_faces',
    });
    // half the size: a passer-by
    expect(selectFace([main, face([500, 120, 140, 140])], 800, 800).ok).toBe(true);
    // as large but cut by the photo's edge (like LFW's neighbours)
    expect(selectFace([main, face([620, 120, 180, 280])], 800, 800).ok).toBe(true);
  });

  it('rejects faces too small in pixels or in share of the photo (the mirror face of Frame00404)', () => {
    expect(selectFace([face([0, 86, 74, 75])], 474, 586)).toMatchObject({
      reason: 'face_too_small',
    });
    expect(selectFace([face([10, 10, 120, 120])], 2000, 2000)).toMatchObject({
      reason: 'face_too_small',
    });
    expect(
      selectFace([face([10, 10, faceRules.minFacePx, faceRules.minFacePx])], 400, 400).ok,
    ).toBe(true);
  });

  it('rejects faces turned away beyond the limits', () => {
    const turned = (rotation: RawFace['rotation']) =>
      selectFace([face([100, 100, 300, 300], { rotation })], 800, 800);
    expect(turned({ roll: 0, yaw: 70, pitch: 0 })).toMatchObject({ reason: 'face_turned_away' });
    expect(turned({ roll: 0, yaw: 0, pitch: -50 })).toMatchObject({ reason: 'face_turned_away' });
    expect(turned({ roll: 80, yaw: 0, pitch: 0 })).toMatchObject({ reason: 'face_turned_away' });
    expect(turned({ roll: 20, yaw: 43, pitch: 20 }).ok).toBe(true);
  });
});

describe('facePoints', () => {
  it('names mesh points and extrapolates the hairline by facial thirds', () => {
    const mesh: Point3[] = Array.from({ length: 478 }, (_, i) => [i, 1000 + i, 0]);
    mesh[9] = [100, 200, 0]; // mid-brow
    mesh[2] = [100, 320, 0]; // nose base
    const points = facePoints(mesh);
    expect(points.faceOval).toHaveLength(36);
    expect(irisPoints(mesh)).toHaveLength(10);
    expect(points.faceOval[0]).toEqual([10, 1010]);
    expect(points.chin).toEqual([152, 1152]);
    expect(points.hairline).toEqual([100, 80]);
    // the iris groups are matched to the eyes by position, whatever their order
    mesh[468] = [300, 0, 0];
    mesh[473] = [10, 0, 0];
    for (const i of [33, 133]) mesh[i] = [0, 0, 0];
    for (const i of [263, 362]) mesh[i] = [400, 0, 0];
    const eyes = facePoints(mesh);
    expect(eyes.leftEye.center[0]).toBeLessThan(eyes.rightEye.center[0]);
    expect(points.leftEyebrow).toHaveLength(10);
  });

  it('uses the eye contour centre without iris points', () => {
    const mesh: Point3[] = Array.from({ length: 468 }, (_, i) => [i, i, 0]);
    const points = facePoints(mesh);
    expect(points.leftEye.center[0]).toBeCloseTo(
      points.leftEye.contour.reduce((s, p) => s + p[0], 0) / points.leftEye.contour.length,
    );
  });
});

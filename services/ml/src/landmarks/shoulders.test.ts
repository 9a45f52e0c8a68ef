import { describe, expect, it } from 'vitest';
import { subjectShoulders, type BodyKeypointLike } from './shoulders.js';

// A frontal face 100 px wide (cheeks at x 70 and 170), nose tip at (120, 160).
const face = {
  noseTip: [120, 160] as [number, number],
  leftCheek: [70, 150] as [number, number],
  rightCheek: [170, 150] as [number, number],
};
const pose = (over: Partial<Record<string, Partial<BodyKeypointLike>>> = {}): BodyKeypointLike[] =>
  [
    { part: 'nose', position: [121, 158], score: 0.8 },
    { part: 'leftShoulder', position: [215, 300], score: 0.7 },
    { part: 'rightShoulder', position: [25, 305], score: 0.6 },
    { part: 'leftHip', position: [190, 600], score: 0.2 },
  ].map((k) => ({ ...k, ...over[k.part] }) as BodyKeypointLike);

describe('subjectShoulders', () => {
  it("returns the subject's two shoulder joints", () => {
    expect(subjectShoulders(pose(), face)).toEqual({ left: [215, 300], right: [25, 305] });
  });

  it('refuses a shoulder the detector is unsure of', () => {
    expect(subjectShoulders(pose({ rightShoulder: { score: 0.2 } }), face)).toBeNull();
    expect(
      subjectShoulders(
        pose().filter((k) => k.part !== 'leftShoulder'),
        face,
      ),
    ).toBeNull();
  });

  it("refuses someone else's pose (its nose away from the face's)", () => {
    expect(subjectShoulders(pose({ nose: { position: [300, 160] } }), face)).toBeNull();
  });

  it('refuses shoulders that cannot be a body under this face', () => {
    // Too close together, or level with the nose.
    expect(
      subjectShoulders(
        pose({ leftShoulder: { position: [150, 300] }, rightShoulder: { position: [90, 300] } }),
        face,
      ),
    ).toBeNull();
    expect(
      subjectShoulders(
        pose({ leftShoulder: { position: [215, 170] }, rightShoulder: { position: [25, 170] } }),
        face,
      ),
    ).toBeNull();
  });
});

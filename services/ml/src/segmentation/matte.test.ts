import { describe, expect, it } from 'vitest';
import { faceRegion, keepSubjectHair, removeFace } from './matte.js';
import type { Point } from './types.js';

/** A face oval as 36 points round an ellipse. */
function oval(cx: number, cy: number, rx: number, ry: number): Point[] {
  return Array.from({ length: 36 }, (_, k): Point => {
    const t = (2 * Math.PI * k) / 36;
    return [cx + rx * Math.sin(t), cy - ry * Math.cos(t)];
  });
}

const width = 300;
const height = 120;

/**
 * Two heads' hair in one band of hair across the photo (two people with touching hair): the
 * whole band is hair (1), and a separate speck far away.
 */
function touchingHair(): Float32Array {
  const matte = new Float32Array(width * height);
  for (let y = 10; y < 40; y++) for (let x = 20; x < 280; x++) matte[y * width + x] = 1;
  for (let y = 100; y < 110; y++) for (let x = 140; x < 160; x++) matte[y * width + x] = 0.9;
  return matte;
}
const hairIn = (matte: Float32Array, from: number, to: number) => {
  let n = 0;
  for (let y = 0; y < height; y++)
    for (let x = from; x < to; x++) n += matte[y * width + x]! > 0 ? 1 : 0;
  return n;
};

describe('keepSubjectHair', () => {
  const subject = oval(70, 60, 25, 30);
  const neighbour = oval(230, 60, 25, 30);

  it('keeps all hair connected to the head and drops what is not', () => {
    const matte = touchingHair();
    keepSubjectHair(matte, width, height, { faceOval: subject });
    expect(hairIn(matte, 0, 300)).toBe(30 * 260);
    expect(matte[105 * width + 150]).toBe(0);
  });

  it("cuts another person's touching hair where the two floods meet", () => {
    const matte = touchingHair();
    keepSubjectHair(matte, width, height, { faceOval: subject, otherFaces: [neighbour] });
    // the subject keeps the hair round its head, the neighbour's side is dropped
    expect(hairIn(matte, 20, 130)).toBe(30 * 110);
    expect(hairIn(matte, 170, 300)).toBe(0);
    // the cut lies about halfway between the two heads
    let cut = 0;
    for (let x = 20; x < 280; x++) if (matte[25 * width + x]! > 0) cut = x;
    expect(cut).toBeGreaterThan(135);
    expect(cut).toBeLessThan(165);
  });

  it('gives a pixel inside both start ellipses to the head it is relatively nearer', () => {
    const matte = touchingHair();
    // a large neighbour whose start ellipse reaches over the subject's head
    const big = oval(200, 60, 60, 40);
    keepSubjectHair(matte, width, height, { faceOval: subject, otherFaces: [big] });
    expect(hairIn(matte, 20, 90)).toBe(30 * 70);
    expect(hairIn(matte, 180, 300)).toBe(0);
  });

  it('leaves the matte alone when there is no hair near the subject', () => {
    const matte = touchingHair();
    const before = Float32Array.from(matte);
    keepSubjectHair(matte, width, height, {
      faceOval: oval(150, 300, 10, 10),
      otherFaces: [neighbour],
    });
    expect(matte).toEqual(before);
  });
});

describe('faceRegion (the part of the face that is never hair)', () => {
  const size = 300;
  /** A face centred at (150, 150), turned by `degrees` on the photo (a tilted head). */
  const face = (degrees: number) => {
    const t = (degrees * Math.PI) / 180;
    const turn = ([x, y]: Point): Point => [
      150 + (x - 150) * Math.cos(t) - (y - 150) * Math.sin(t),
      150 + (x - 150) * Math.sin(t) + (y - 150) * Math.cos(t),
    ];
    const eye = (cx: number): Point[] =>
      Array.from({ length: 8 }, (_, k): Point => {
        const a = (2 * Math.PI * k) / 8;
        return [cx + 12 * Math.cos(a), 125 + 5 * Math.sin(a)];
      });
    return {
      turn,
      hint: {
        faceOval: oval(150, 150, 60, 80).map(turn),
        eyebrows: Array.from({ length: 9 }, (_, k): Point => [110 + 10 * k, 110]).map(turn),
        // outer eye corners at x = 113 and 187, mouth corners at y = 185
        features: [...eye(125), ...eye(175), [135, 185] as Point, [165, 185] as Point].map(turn),
      },
    };
  };
  const at = (region: Float32Array, [x, y]: Point) => region[Math.round(y) * size + Math.round(x)]!;

  for (const degrees of [0, 20]) {
    it(`keeps hair over a cheek beside the eyes, not over the middle or the chin (${degrees}°)`, () => {
      const { turn, hint } = face(degrees);
      const cheek = turn([196, 165]);
      const middle = turn([150, 165]);
      const chin = turn([180, 195]);
      const oldRule = faceRegion({ ...hint, features: undefined }, size, size);
      expect(at(oldRule, cheek)).toBe(1);
      const region = faceRegion(hint, size, size);
      // beside the outer eye corner, above the mouth: hair may fall over it
      expect(at(region, cheek)).toBe(0);
      expect(at(region, turn([104, 165]))).toBe(0);
      // between the eyes, and below the mouth (a beard is not hair): still the face
      expect(at(region, middle)).toBe(1);
      expect(at(region, chin)).toBe(1);
      expect(at(oldRule, chin)).toBe(1);
    });
  }

  it('is the whole oval below the eyes when there are too few features', () => {
    const { hint } = face(0);
    const without = faceRegion({ ...hint, features: undefined }, size, size);
    const few = faceRegion({ ...hint, features: hint.features.slice(0, 2) }, size, size);
    expect(Buffer.from(few.buffer).equals(Buffer.from(without.buffer))).toBe(true);
  });
});

describe('removeFace and the eyes', () => {
  const size = 300;
  const eye = (cx: number): Point[] =>
    Array.from({ length: 16 }, (_, k): Point => {
      const a = (2 * Math.PI * k) / 16;
      return [cx + 12 * Math.cos(a), 125 + 5 * Math.sin(a)];
    });
  const hint = {
    faceOval: oval(150, 150, 60, 80),
    eyebrows: Array.from({ length: 9 }, (_, k): Point => [110 + 10 * k, 110]),
    features: [...eye(125), ...eye(175), [135, 185] as Point, [165, 185] as Point],
    eyes: [eye(125), eye(175)],
  };
  const at = (matte: Float32Array, x: number, y: number) => matte[y * size + x]!;

  it('takes the eyes (lashes, make-up) out of the matte, which faceRegion leaves above its cut', () => {
    const matte = new Float32Array(size * size).fill(0.3);
    const withoutEyes = Float32Array.from(matte);
    removeFace(withoutEyes, { ...hint, eyes: undefined }, size, size);
    // faceRegion's cut lies below the eyes' middle: the network's answer there survives it
    expect(at(withoutEyes, 125, 125)).toBeGreaterThan(0.1);
    removeFace(matte, hint, size, size);
    for (const x of [125, 175, 113, 187]) expect(at(matte, x, 125)).toBe(0);
    // a lash just above the contour is gone too; the fringe above the brows stays
    expect(at(matte, 125, 119)).toBe(0);
    expect(at(matte, 150, 100)).toBeCloseTo(0.3, 6);
    // beyond the grown ellipse and its feather (the temple beside the eye) the matte is untouched
    expect(at(matte, 100, 125)).toBe(at(withoutEyes, 100, 125));
  });

  it('keeps hair the network is sure of over the eyes (a fringe down to the cheeks)', () => {
    const matte = new Float32Array(size * size).fill(0.95);
    removeFace(matte, hint, size, size);
    expect(at(matte, 125, 125)).toBeCloseTo(0.95, 6);
    expect(at(matte, 175, 122)).toBeCloseTo(0.95, 6);
  });
});

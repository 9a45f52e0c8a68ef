import { describe, expect, it } from 'vitest';
import {
  applyPhotoLight,
  estimatePhotoLight,
  type LightPoints,
  type RgbaImage,
} from './photo-light';
import { rgbToOklab } from './tint';

/** A face-sized synthetic photo: skin-coloured, brightness falling linearly across x. */
function photo(
  width: number,
  height: number,
  brightness: (x: number, y: number) => number,
): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const k = brightness(x, y);
      const i = (y * width + x) * 4;
      data[i] = 230 * k;
      data[i + 1] = 190 * k;
      data[i + 2] = 160 * k;
      data[i + 3] = 255;
    }
  return { data, width, height };
}

/** A frontal face in a 200×260 photo, in the landmark service's named points. */
const face: LightPoints = {
  leftTemple: [60, 90],
  rightTemple: [140, 90],
  leftCheek: [55, 150],
  rightCheek: [145, 150],
  hairline: [100, 55],
  chin: [100, 200],
};

/** The same face turned by `deg` about the photo's centre (a tilted head). */
function rotated(points: LightPoints, deg: number): LightPoints {
  const a = (deg * Math.PI) / 180;
  const turn = ([x, y]: readonly [number, number]): [number, number] => [
    100 + (x - 100) * Math.cos(a) - (y - 130) * Math.sin(a),
    130 + (x - 100) * Math.sin(a) + (y - 130) * Math.cos(a),
  ];
  return Object.fromEntries(
    Object.entries(points).map(([k, p]) => [k, turn(p as [number, number])]),
  ) as unknown as LightPoints;
}

describe('estimatePhotoLight', () => {
  it('lit from the left gives left, from the right gives right', () => {
    const fromLeft = estimatePhotoLight(
      photo(200, 260, (x) => 1 - (0.9 * x) / 200),
      face,
    )!;
    expect(fromLeft.x).toBeLessThan(-0.3);
    expect(fromLeft.sides[0]).toBeGreaterThan(fromLeft.sides[1]);
    const fromRight = estimatePhotoLight(
      photo(200, 260, (x) => 0.1 + (0.9 * x) / 200),
      face,
    )!;
    expect(fromRight.x).toBeGreaterThan(0.3);
  });

  it('reads even front light as none, and a harder side light as stronger', () => {
    expect(
      estimatePhotoLight(
        photo(200, 260, () => 0.8),
        face,
      )!.x,
    ).toBe(0);
    const soft = estimatePhotoLight(
      photo(200, 260, (x) => 0.9 - (0.3 * x) / 200),
      face,
    )!.x;
    const hard = estimatePhotoLight(
      photo(200, 260, (x) => 1 - (0.7 * x) / 200),
      face,
    )!.x;
    expect(soft).toBeLessThan(0);
    expect(hard).toBeLessThan(soft);
    expect(hard).toBeGreaterThanOrEqual(-1);
  });

  it('ignores light from above (the sides are equal)', () => {
    const fromAbove = estimatePhotoLight(
      photo(200, 260, (_, y) => 1 - (0.6 * y) / 260),
      face,
    )!;
    expect(fromAbove.x).toBe(0);
  });

  it('reads the sides in the face frame: a tilted head keeps its sides', () => {
    const lit = photo(200, 260, (x) => 1 - (0.9 * x) / 200);
    expect(estimatePhotoLight(lit, rotated(face, 25))!.x).toBeLessThan(-0.3);
  });

  it('maps the points from the landmark image to a scaled-down copy', () => {
    const small = photo(100, 130, (x) => 0.1 + (0.9 * x) / 100);
    const light = estimatePhotoLight(small, face, { width: 200, height: 260 })!;
    // The same reading as the full-size photo lit the same way.
    const full = estimatePhotoLight(
      photo(200, 260, (x) => 0.1 + (0.9 * x) / 200),
      face,
    )!;
    expect(light.x).toBeGreaterThan(0.3);
    expect(light.x).toBeCloseTo(full.x, 1);
  });

  it('dark strands of hair across part of one side do not read as shadow', () => {
    // Every other 3-px band across the image-right half is hair-dark (about 40 % of its pixels).
    const strands = photo(200, 260, (x, y) => (x > 100 && y % 5 < 2 ? 0.15 : 0.8));
    expect(estimatePhotoLight(strands, face)!.x).toBe(0);
  });

  it('a single bright spot in one region does not swing it', () => {
    const spotted = photo(200, 260, (x, y) => (Math.hypot(x - 55, y - 150) < 3 ? 3 : 0.7));
    expect(estimatePhotoLight(spotted, face)!.x).toBe(0);
  });

  it('gives none for a face too small to read or outside the photo', () => {
    const tiny: LightPoints = { ...face, rightTemple: [63, 90] };
    expect(
      estimatePhotoLight(
        photo(200, 260, () => 0.8),
        tiny,
      ),
    ).toBeNull();
    const off = rotated(face, 0);
    const outside = Object.fromEntries(
      Object.entries(off).map(([k, [x, y]]) => [k, [x + 500, y]]),
    ) as unknown as LightPoints;
    expect(
      estimatePhotoLight(
        photo(200, 260, () => 0.8),
        outside,
      ),
    ).toBeNull();
  });
});

describe('applyPhotoLight', () => {
  /** A flat brown overlay 100 px wide with a transparent column at x = 0. */
  function overlay(): Uint8ClampedArray {
    const width = 100;
    const data = new Uint8ClampedArray(width * 10 * 4);
    for (let i = 0; i < data.length; i += 4) {
      const x = (i >> 2) % width;
      data.set([110, 80, 60, x === 0 ? 0 : 255], i);
    }
    return data;
  }
  const L = (d: Uint8ClampedArray, x: number) =>
    rgbToOklab(d[x * 4]!, d[x * 4 + 1]!, d[x * 4 + 2]!).L;

  it('lightens the lit side and darkens the shadow side, subtly, keeping alpha and hue', () => {
    const data = overlay();
    const out = applyPhotoLight(
      data,
      100,
      { x: 1, sides: [0.4, 0.8] },
      { centreX: 50, halfWidth: 45 },
    );
    const before = L(data, 95);
    expect(L(out, 95)).toBeGreaterThan(before * 1.1);
    expect(L(out, 5)).toBeLessThan(before * 0.9);
    expect(L(out, 95)).toBeLessThan(before * 1.2);
    expect(L(out, 50)).toBeCloseTo(before, 2);
    for (let i = 3; i < out.length; i += 4) expect(out[i]).toBe(data[i]);
    // Hue unchanged: the ratio of red to green stays that of the brown.
    const hue = (d: Uint8ClampedArray, x: number) => {
      const { a, b } = rgbToOklab(d[x * 4]!, d[x * 4 + 1]!, d[x * 4 + 2]!);
      return Math.atan2(b, a);
    };
    expect(hue(out, 95)).toBeCloseTo(hue(data, 95), 1);
    // Transparent pixels are left alone.
    expect(Array.from(out.slice(0, 4))).toEqual([110, 80, 60, 0]);
  });

  it('mirrors for light from the left and changes nothing for even light', () => {
    const data = overlay();
    const left = applyPhotoLight(
      data,
      100,
      { x: -1, sides: [0.8, 0.4] },
      { centreX: 50, halfWidth: 45 },
    );
    expect(L(left, 5)).toBeGreaterThan(L(data, 5));
    expect(L(left, 95)).toBeLessThan(L(data, 95));
    const even = applyPhotoLight(
      data,
      100,
      { x: 0, sides: [0.6, 0.6] },
      { centreX: 50, halfWidth: 45 },
    );
    expect(Array.from(even)).toEqual(Array.from(data));
  });
});

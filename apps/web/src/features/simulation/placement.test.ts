import { describe, expect, it } from 'vitest';
import {
  anchorOrFallback,
  applyPlacement,
  nodeOrigin,
  normalizeDegrees,
  opaqueBounds,
  placedBox,
  placementFromNode,
  placeOverlay,
  similarityFromPairs,
  type OverlayAnchor,
  type Point,
} from './placement';

const close = (actual: readonly number[], expected: readonly number[], digits = 6) =>
  actual.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, digits));

const anchor: OverlayAnchor = {
  board: { width: 600, height: 750 },
  leftTemple: [200, 300],
  rightTemple: [400, 300],
  hairline: [300, 200],
  chin: [300, 470],
};

describe('similarityFromPairs', () => {
  it('is the identity when both pairs are the same', () => {
    const p = similarityFromPairs(
      [
        [10, 20],
        [30, 20],
      ],
      [
        [10, 20],
        [30, 20],
      ],
    )!;
    close([p.x, p.y, p.rotation, p.scale], [0, 0, 0, 1]);
  });

  it('maps both points exactly, with scale, rotation and translation', () => {
    const from: [Point, Point] = [
      [200, 300],
      [400, 300],
    ];
    // Twice as wide, turned 30° clockwise on screen (y down), moved.
    const angle = Math.PI / 6;
    const A: Point = [500, 420];
    const B: Point = [500 + 400 * Math.cos(angle), 420 + 400 * Math.sin(angle)];
    const p = similarityFromPairs(from, [A, B])!;
    expect(p.scale).toBeCloseTo(2, 9);
    expect(p.rotation).toBeCloseTo(30, 9);
    close(applyPlacement(p, from[0]), A, 9);
    close(applyPlacement(p, from[1]), B, 9);
    // The midpoint goes to the midpoint, and a point above stays perpendicular, twice as far.
    close(applyPlacement(p, [300, 300]), [(A[0] + B[0]) / 2, (A[1] + B[1]) / 2], 9);
    const above = applyPlacement(p, [300, 200]);
    const mid = applyPlacement(p, [300, 300]);
    expect(Math.hypot(above[0] - mid[0], above[1] - mid[1])).toBeCloseTo(200, 9);
  });

  it('handles a face turned the other way (negative roll) and upside down', () => {
    const p = similarityFromPairs(
      [
        [0, 0],
        [10, 0],
      ],
      [
        [0, 0],
        [0, -10],
      ],
    )!;
    expect(p.rotation).toBeCloseTo(-90, 9);
    const flipped = similarityFromPairs(
      [
        [0, 0],
        [10, 0],
      ],
      [
        [5, 5],
        [-5, 5],
      ],
    )!;
    expect(Math.abs(flipped.rotation)).toBeCloseTo(180, 9);
    close(applyPlacement(flipped, [10, 0]), [-5, 5], 9);
  });

  it('refuses degenerate pairs', () => {
    expect(
      similarityFromPairs(
        [
          [1, 1],
          [1, 1],
        ],
        [
          [0, 0],
          [5, 0],
        ],
      ),
    ).toBeNull();
    expect(
      similarityFromPairs(
        [
          [0, 0],
          [5, 0],
        ],
        [
          [2, 2],
          [2, 2],
        ],
      ),
    ).toBeNull();
  });
});

describe('placeOverlay', () => {
  it('lays the overlay temples on the face temples, mapped from the landmark image to the photo', () => {
    // The service worked on a half-size copy of a 1000×1200 photo.
    const face = {
      image: { width: 500, height: 600 },
      leftTemple: [180, 260] as Point,
      rightTemple: [320, 250] as Point,
    };
    const photo = { width: 1000, height: 1200 };
    const p = placeOverlay(anchor, { width: 600, height: 750 }, face, photo)!;
    close(applyPlacement(p, anchor.leftTemple), [360, 520], 9);
    close(applyPlacement(p, anchor.rightTemple), [640, 500], 9);
    // Face 280 px wide on the photo, 200 px on the board.
    expect(p.scale).toBeCloseTo(Math.hypot(280, 20) / 200, 9);
    // Right temple higher than the left: the head leans left, the overlay turns anticlockwise.
    expect(p.rotation).toBeLessThan(0);
    // The hairline of the overlay lands above the temples' midpoint, the chin below.
    const hairline = applyPlacement(p, anchor.hairline);
    const chin = applyPlacement(p, anchor.chin);
    expect(hairline[1]).toBeLessThan(510);
    expect(chin[1]).toBeGreaterThan(510);
  });

  it('reads the anchor on its board when the image was exported at another size', () => {
    const face = {
      image: { width: 600, height: 750 },
      leftTemple: [200, 300] as Point,
      rightTemple: [400, 300] as Point,
    };
    // A 300×375 export of the 600×750 board: the same points at half the pixels.
    const p = placeOverlay(anchor, { width: 300, height: 375 }, face, { width: 600, height: 750 })!;
    expect(p.scale).toBeCloseTo(2, 9);
    close([p.x, p.y, p.rotation], [0, 0, 0], 9);
  });

  it('widens a turned face’s temples to the head’s width, about their midpoint', () => {
    const face = {
      image: { width: 600, height: 750 },
      leftTemple: [250, 300] as Point,
      rightTemple: [350, 300] as Point,
    };
    const photo = { width: 600, height: 750 };
    const size = { width: 600, height: 750 };
    const straight = placeOverlay(anchor, size, face, photo)!;
    const turned = placeOverlay(anchor, size, { ...face, yaw: -60 }, photo)!;
    // Capped at 50°: 1 / cos 50° ≈ 1.556 times larger, same angle, same centre.
    expect(turned.scale / straight.scale).toBeCloseTo(1 / Math.cos((50 * Math.PI) / 180), 9);
    expect(turned.rotation).toBeCloseTo(straight.rotation, 9);
    close(applyPlacement(turned, [300, 300]), [300, 300], 9);
    close(applyPlacement(straight, [300, 300]), [300, 300], 9);
    // No turn: exactly the temples.
    const none = placeOverlay(anchor, size, { ...face, yaw: 0 }, photo)!;
    close(applyPlacement(none, anchor.leftTemple), face.leftTemple, 9);
  });

  it('gives null for a face whose temples coincide', () => {
    const face = {
      image: { width: 10, height: 10 },
      leftTemple: [5, 5] as Point,
      rightTemple: [5, 5] as Point,
    };
    expect(
      placeOverlay(anchor, { width: 600, height: 750 }, face, { width: 10, height: 10 }),
    ).toBeNull();
  });
});

describe('anchorOrFallback and placedBox', () => {
  it('keeps a given anchor and builds a head-centred one otherwise', () => {
    expect(anchorOrFallback(anchor, 1, 1)).toBe(anchor);
    const fallback = anchorOrFallback(null, 600, 750);
    expect(fallback.board).toEqual({ width: 600, height: 750 });
    expect(fallback.leftTemple[0]).toBeLessThan(fallback.rightTemple[0]);
    expect((fallback.leftTemple[0] + fallback.rightTemple[0]) / 2).toBeCloseTo(300, 9);
  });

  it('boxes the placed image, growing when turned', () => {
    const straight = placedBox({ x: 10, y: 20, rotation: 0, scale: 2 }, 100, 50);
    close([straight.x, straight.y, straight.width, straight.height], [10, 20, 200, 100], 9);
    const turned = placedBox({ x: 0, y: 0, rotation: 90, scale: 1 }, 100, 50);
    close([turned.x, turned.y, turned.width, turned.height], [-50, 0, 50, 100], 9);
    const diagonal = placedBox({ x: 0, y: 0, rotation: 45, scale: 1 }, 100, 100);
    expect(diagonal.width).toBeCloseTo(100 * Math.SQRT2, 9);
  });

  it('normalises angles into (−180, 180]', () => {
    expect(normalizeDegrees(270)).toBe(-90);
    expect(normalizeDegrees(-180)).toBe(180);
    expect(normalizeDegrees(540)).toBe(180);
    expect(normalizeDegrees(-30)).toBe(-30);
  });
});

describe('cropped overlay nodes', () => {
  it('converts between the whole image’s placement and the crop node’s, both ways', () => {
    const placement = { x: 12, y: -40, rotation: 25, scale: 1.7 };
    const crop = { x: 90, y: 30 };
    const node = nodeOrigin(placement, crop);
    close([node.x, node.y], applyPlacement(placement, [90, 30]), 9);
    expect(node.rotation).toBe(25);
    expect(node.scale).toBe(1.7);
    const back = placementFromNode(node, crop);
    close([back.x, back.y, back.rotation, back.scale], [12, -40, 25, 1.7], 9);
  });

  it('boxes an offset rectangle of the image', () => {
    const box = placedBox({ x: 100, y: 100, rotation: 0, scale: 2 }, 10, 20, 5, 5);
    close([box.x, box.y, box.width, box.height], [110, 110, 20, 40], 9);
  });

  it('finds the opaque pixels of an RGBA image', () => {
    const width = 6;
    const height = 5;
    const data = new Uint8ClampedArray(width * height * 4);
    const paint = (x: number, y: number, alpha: number) => {
      data[(y * width + x) * 4 + 3] = alpha;
    };
    expect(opaqueBounds(data, width, height)).toBeNull();
    paint(2, 1, 255);
    paint(4, 3, 200);
    paint(0, 4, 3); // below the threshold: ignored
    expect(opaqueBounds(data, width, height)).toEqual({ x: 2, y: 1, width: 3, height: 3 });
  });
});

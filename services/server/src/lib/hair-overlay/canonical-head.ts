import type { StyleAnchor } from '@carol/contracts';

/**
 * The canonical head every hairstyle overlay is drawn around (see render.ts), in "temple units",
 * and where it sits on the overlay board: the anchor the try-on places each overlay by.
 */

export const BOARD = { width: 800, height: 1000 } as const;
/** Board pixels per temple unit and where the temples' midpoint sits. */
export const T = 180;
export const ORIGIN: Pt = [400, 330];

export type Pt = [number, number];

/** Canonical head points in temple units (see above). */
export const HEAD = {
  leftTemple: [-0.5, 0] as Pt,
  rightTemple: [0.5, 0] as Pt,
  hairline: [0, -0.42] as Pt,
  chin: [0, 1.25] as Pt,
  leftEye: [-0.26, 0.3] as Pt,
  rightEye: [0.26, 0.3] as Pt,
  browY: 0.15,
  noseTip: [0, 0.65] as Pt,
  skullTop: -0.82,
  /** Half width of the neck below the jaw. */
  neckHalf: 0.36,
} as const;

/** Half face oval (image-right side) from the forehead top to the chin, temple units. */
export const faceHalfOval: readonly Pt[] = [
  [0, -0.42],
  [0.22, -0.38],
  [0.38, -0.26],
  [0.5, -0.06],
  [0.55, 0.1],
  [0.58, 0.3],
  [0.57, 0.54],
  [0.55, 0.67],
  [0.51, 0.8],
  [0.44, 0.92],
  [0.36, 1.01],
  [0.26, 1.09],
  [0.13, 1.2],
  [0, 1.25],
];

export function toBoard(p: Pt): Pt {
  return [ORIGIN[0] + p[0] * T, ORIGIN[1] + p[1] * T];
}

/** Where the canonical head sits on every overlay board (the landmarks' meaning). */
export function hairstyleAnchor(): StyleAnchor {
  const r = (p: Pt): Pt => [Math.round(p[0]), Math.round(p[1])];
  return {
    board: { width: BOARD.width, height: BOARD.height },
    leftTemple: r(toBoard(HEAD.leftTemple)),
    rightTemple: r(toBoard(HEAD.rightTemple)),
    hairline: r(toBoard(HEAD.hairline)),
    chin: r(toBoard(HEAD.chin)),
  };
}

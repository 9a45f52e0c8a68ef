/**
 * What the portraits' hair is made of: the style's shape (as the catalogue defines it), the head's
 * centre and face outline the hair keeps to, and the paths a hair drawing returns.
 */

export type FringeKind =
  | 'none'
  | 'blunt'
  | 'seethrough'
  | 'curtain'
  | 'side'
  | 'm-down'
  | 'm-comma'
  | 'm-leaf'
  | 'm-up'
  | 'm-crop'
  | 'm-part';

export type EndsKind = 'blunt' | 'layered' | 'curl-in' | 'flick';

export interface HairShape {
  /** 'cropped' keeps the ears visible (pixie and men's cuts); 'framing' hangs around the face. */
  build: 'cropped' | 'framing';
  fringe: FringeKind;
  /** Extra height above the skull, px on the 600-wide board. */
  volume: number;
  /** Framing: half-width of the hair at temple height. */
  width: number;
  /** Framing: where the lengths end. */
  endY: number;
  /** Framing: half-width at the ends (outer edge). */
  endWidth: number;
  /** Framing: thickness of the front locks at the ends. */
  lock: number;
  ends: EndsKind;
  /** Wave amplitude (px) and period (px); 0 amplitude is straight. */
  wave: number;
  wavePeriod: number;
  /** Small tight curls along the silhouette (hippie/spiral perms). */
  curls: boolean;
  /** Cropped: short faded sides under a longer top (two-block, undercut). */
  fadeSides: boolean;
  /** -1 left, 0 centre, 1 right. */
  part: -1 | 0 | 1;
}

export const CX = 300;

/** Face half-width at a height; used to keep hair edges just over the face outline. */
export function faceHalf(y: number): number {
  if (y <= 318) return 96 - Math.max(0, (300 - y) * 0.25);
  if (y >= 470) return 0;
  const t = (y - 318) / (470 - 318);
  return 96 * Math.cos(t * t * (Math.PI / 2) * 0.98);
}

export function smooth01(t: number): number {
  const c = Math.max(0, Math.min(1, t));
  return c * c * (3 - 2 * c);
}

export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

export interface HairPaths {
  back: string | null;
  front: string;
  strands: string[];
  darkStrands: string[];
  shine: string;
  curls: { x: number; y: number; r: number }[];
  sides: string | null;
}

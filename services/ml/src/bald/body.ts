import { clamp, type Vec2 } from './raster.js';

/**
 * Where a person's body lies below the face, guessed from the shoulder joints a body-pose model
 * found and the face: hair over it is rebuilt from the body around it, hair beside it from the
 * background (below-jaw.ts).
 */

export interface BodyInput {
  faceOval: Vec2[];
  faceWidth: number;
  /** Head centre and the unit vector toward the top of the head. */
  center: Vec2;
  up: Vec2;
  /** The person's shoulder joints, in the same pixels. */
  shoulders: { left: Vec2; right: Vec2 };
}

export interface BodyPrior {
  /** How much each pixel of the area is in the body (0–1: a one-pixel soft outline). */
  inside: Float32Array;
  /** Whether a known pixel there is far enough from the outline to be taken for its side. */
  sure: Uint8Array;
}

/**
 * Where the body is likely to be, from the shoulder joints and the face: a neck under the chin
 * (`neckHalfWidth` each side of a line from the chin to the middle of the shoulders) widening
 * into a rounded shoulder line (the half width grows as the square root of the way from the
 * neck's base to the shoulder's top, `shoulderTop` above the joint) that ends `shoulderOutside`
 * beyond each joint and goes straight down from there (the arms). Over `area`: `inside` is how
 * much each pixel is in it (0–1, a one-pixel soft edge), `sure` whether a known pixel is far
 * enough from the outline (`outlineBand`) to be taken for its side: the outline is a guess, and
 * a pixel of background just inside it must not be copied onto a chest.
 */
export function bodyPrior(
  input: BodyInput,
  area: { x0: number; y0: number; w: number; h: number },
): BodyPrior {
  const { center, up, faceWidth, shoulders } = input;
  const below = (p: Vec2) => -((p[0] - center[0]) * up[0] + (p[1] - center[1]) * up[1]);
  const side = (p: Vec2) => (p[0] - center[0]) * -up[1] + (p[1] - center[1]) * up[0];
  // The chin: the face oval's lowest point.
  let chin = input.faceOval[0]!;
  for (const p of input.faceOval) if (below(p) > below(chin)) chin = p;
  const chinBelow = below(chin);
  const chinSide = side(chin);
  const joints = [shoulders.left, shoulders.right].map((p) => ({ s: side(p), b: below(p) }));
  const midSide = (joints[0]!.s + joints[1]!.s) / 2;
  const midBelow = (joints[0]!.b + joints[1]!.b) / 2;
  const neckHalf = body.neckHalfWidth * faceWidth;
  const centreAt = (b: number) => {
    const t = clamp((b - chinBelow) / Math.max(1, midBelow - chinBelow), 0, 1);
    return chinSide + (midSide - chinSide) * t;
  };
  // Each side (−1, +1): its joint's level and how far out the shoulder reaches.
  const sides = [-1, 1].map((sign) => {
    const joint = joints.reduce((a, j) => (sign * j.s > sign * a.s ? j : a));
    const top = joint.b - body.shoulderTop * faceWidth;
    const base = Math.max(chinBelow, top - body.slope * faceWidth);
    const outer = Math.max(
      neckHalf,
      sign * (joint.s - centreAt(joint.b)) + body.shoulderOutside * faceWidth,
    );
    return { top, base, outer };
  });
  const halfWidth = (b: number, k: number) => {
    const { top, base, outer } = sides[k]!;
    if (b <= base) return neckHalf;
    if (b >= top) return outer;
    return neckHalf + (outer - neckHalf) * Math.sqrt((b - base) / (top - base));
  };
  const band = body.outlineBand * faceWidth;
  const inside = new Float32Array(area.w * area.h);
  const sure = new Uint8Array(area.w * area.h);
  for (let y = 0; y < area.h; y++)
    for (let x = 0; x < area.w; x++) {
      const p: Vec2 = [x + area.x0 + 0.5, y + area.y0 + 0.5];
      const b = below(p);
      const i = y * area.w + x;
      // Above the chin the body is only the neck's top behind the jaw: not body.
      if (b < chinBelow - band) {
        sure[i] = 1;
        continue;
      }
      const offset = side(p) - centreAt(b);
      const k = offset < 0 ? 0 : 1;
      // Signed distance to the outline, across (positive inside).
      const d = halfWidth(b, k) - Math.abs(offset);
      inside[i] = clamp(d + 0.5, 0, 1);
      sure[i] = Math.abs(d) > band ? 1 : 0;
    }
  return { inside, sure };
}

/** The body's proportions for `bodyPrior`, in face widths (cheek to cheek). */
const body = {
  neckHalfWidth: 0.36,
  /** The top of the shoulder above its joint. */
  shoulderTop: 0.12,
  /** From the neck's base down to the shoulder's top. */
  slope: 0.35,
  /** The shoulder's outline beyond its joint. */
  shoulderOutside: 0.18,
  /** Known pixels this near the guessed outline are no source for either side. */
  outlineBand: 0.06,
};

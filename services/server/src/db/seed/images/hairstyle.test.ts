import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hairstyleDefs } from '../content/hairstyles.js';
import {
  BOARD,
  HEAD,
  hairstyleAnchor,
  renderHairstyle,
  toBoard,
  type RenderedHair,
} from './hairstyle.js';

type Pt = [number, number];

/** Alpha 0..1 at a point given in temple units of the canonical head. */
function alphaAt(img: RenderedHair, p: Pt): number {
  const [x, y] = toBoard(p).map(Math.floor) as Pt;
  return img.data[(y * img.width + x) * 4 + 3]! / 255;
}

describe('hairstyle anchors', () => {
  it('place the canonical head inside the board in landmark order', () => {
    const a = hairstyleAnchor();
    expect(a.board).toEqual({ width: BOARD.width, height: BOARD.height });
    for (const [x, y] of [a.leftTemple, a.rightTemple, a.hairline, a.chin]) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(a.board.width);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(a.board.height);
    }
    expect(a.leftTemple[0]).toBeLessThan(a.hairline[0]);
    expect(a.hairline[0]).toBeLessThan(a.rightTemple[0]);
    expect(a.hairline[1]).toBeLessThan(a.leftTemple[1]);
    expect(a.leftTemple[1]).toBeLessThan(a.chin[1]);
    // Facial thirds: hairline–temples–chin as the landmark model measures them on real faces.
    const t = a.rightTemple[0] - a.leftTemple[0];
    expect((a.chin[1] - a.hairline[1]) / t).toBeCloseTo(1.67, 1);
  });
});

describe('hairstyle catalogue', () => {
  it('has at least three styles per length with names in every language', () => {
    const keys = new Set(hairstyleDefs.map((d) => d.key));
    expect(keys.size).toBe(hairstyleDefs.length);
    for (const length of ['short', 'bob', 'medium', 'long'] as const) {
      const styles = hairstyleDefs.filter((d) => d.length === length);
      expect(styles.length).toBeGreaterThanOrEqual(3);
      expect(styles.every((d) => d.gender === 'w')).toBe(true);
    }
    const men = hairstyleDefs.filter((d) => d.gender === 'm');
    expect(men.length).toBeGreaterThanOrEqual(3);
    expect(men.every((d) => d.length === 'male')).toBe(true);
    for (const d of hairstyleDefs) {
      expect(d.ko).toMatch(/[가-힣]/);
      expect(d.ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
      expect(d.en).toMatch(/^[A-Z]/);
    }
  });
});

describe('renderHairstyle', () => {
  it.each(hairstyleDefs.map((d) => [d.key, d] as const))(
    'draws %s around the canonical head without covering the face',
    (_key, def) => {
      const img = renderHairstyle(def.key, def.shape);
      expect(img.width).toBe(BOARD.width);
      expect(img.height).toBe(BOARD.height);
      expect(img.data.length).toBe(BOARD.width * BOARD.height * 4);
      // The face stays clear: eyes, nose, mouth, the inner cheeks.
      for (const p of [
        HEAD.leftEye,
        HEAD.rightEye,
        HEAD.noseTip,
        [0, 0.95],
        [-0.3, 0.6],
        [0.3, 0.6],
      ] as Pt[])
        expect(alphaAt(img, p), `face at ${p.join(',')}`).toBeLessThan(0.02);
      // Hair covers the head above the hairline (off the parting, where a line of scalp may
      // show).
      const offPart = ([x, y]: Pt): Pt => [Math.abs(x - def.shape.part) < 0.05 ? x + 0.1 : x, y];
      for (const p of [
        [-0.2, -0.7],
        [0.2, -0.7],
        [-0.55, -0.5],
        [0.55, -0.5],
      ] as Pt[])
        expect(alphaAt(img, offPart(p)), `hair at ${p.join(',')}`).toBeGreaterThan(0.9);
      // ...and the sides of the skull: at the temples' height out to beyond the bald photo's
      // skull (0.76 temple distances there, median of the judging photos), and the sideburn
      // zone in front of and above the ear. Men's clipper-cut sides let some skin through.
      const clipped = def.gender === 'm';
      for (const p of [
        [-0.84, -0.1],
        [0.84, -0.1],
        [-0.82, 0],
        [0.82, 0],
      ] as Pt[])
        expect(alphaAt(img, p), `side at ${p.join(',')}`).toBeGreaterThan(clipped ? 0.6 : 0.9);
      for (const p of [
        [-0.66, 0.2],
        [0.66, 0.2],
      ] as Pt[])
        expect(alphaAt(img, p), `sideburn at ${p.join(',')}`).toBeGreaterThan(clipped ? 0.5 : 0.7);
      // Long hair never covers the neck.
      if (def.shape.length > 1.6) expect(alphaAt(img, [0, 1.7])).toBe(0);
      // The outline is soft: from the board's left edge inwards, above the ears, the alpha
      // climbs through intermediate values over more than one pixel (median of a few rows).
      const ramps = [-0.6, -0.45, -0.3, -0.15].map((ty) => {
        const y = Math.floor(toBoard([0, ty])[1]);
        const row = Array.from(
          { length: BOARD.width / 2 },
          (_, x) => img.data[(y * img.width + x) * 4 + 3]!,
        );
        const first = row.findIndex((a) => a > 5);
        expect(first).toBeGreaterThan(0);
        return row.findIndex((a) => a > 230) - first;
      });
      expect(ramps.sort((a, b) => a - b)[1]).toBeGreaterThanOrEqual(2);
    },
  );

  it('is deterministic for a style key', () => {
    const def = hairstyleDefs[0]!;
    const hash = (img: RenderedHair) => createHash('sha256').update(img.data).digest('hex');
    const first = hash(renderHairstyle(def.key, def.shape));
    expect(hash(renderHairstyle(def.key, def.shape))).toBe(first);
    expect(hash(renderHairstyle(`${def.key}-other`, def.shape))).not.toBe(first);
  });
});

import { describe, expect, it } from 'vitest';
import { edgeBand, overPaint, recolorHair, softLimit } from './recolor.js';

describe('fast paths (a recolour within the 300 ms budget of a 1024-px photo)', () => {
  it('softLimit is limit·tanh(v / limit) within 2e-6 · limit, and saturates', () => {
    for (const limit of [0.075, 0.2, 1]) {
      let worst = 0;
      for (let k = -20_000; k <= 20_000; k++) {
        const v = (k / 20_000) * 10 * limit;
        const exact = limit * Math.tanh(v / limit);
        worst = Math.max(worst, Math.abs(softLimit(v, limit, 1 / limit) - exact) / limit);
      }
      expect(worst).toBeLessThan(2e-6);
      expect(softLimit(100, limit, 1 / limit)).toBe(limit);
      expect(softLimit(-100, limit, 1 / limit)).toBe(-limit);
      expect(softLimit(0, limit, 1 / limit)).toBe(0);
    }
  });

  it('edgeBand flags each pixel within band px (square window) of a flagged pixel', () => {
    for (const [bw, bh, band, density] of [
      [37, 23, 2, 0.02],
      [64, 48, 4, 0.005],
      [5, 40, 6, 0.05],
      [1, 9, 2, 0.2],
      [30, 30, 3, 0.6],
    ] as const) {
      const half = new Uint8Array(bw * bh);
      for (let i = 0; i < half.length; i++) half[i] = Math.random() < density ? 1 : 0;
      const near = new Uint8Array(bw * bh).fill(7);
      edgeBand(half, near, bw, bh, band);
      const expected = new Uint8Array(bw * bh);
      for (let y = 0; y < bh; y++)
        for (let x = 0; x < bw; x++) {
          if (!half[y * bw + x]) continue;
          for (let yy = Math.max(0, y - band); yy <= Math.min(bh - 1, y + band); yy++)
            for (let xx = Math.max(0, x - band); xx <= Math.min(bw - 1, x + band); xx++)
              expected[yy * bw + xx] = 1;
        }
      expect(near).toEqual(expected);
    }
  });
});

describe('recolorHair where the matte holds more hair than the pixel', () => {
  // Light golden hair (left) on a dark grey wall (right). The edge columns between are mostly
  // hair but paler and greyer than the hair nearby (the value is a real one from a sunlit edge,
  // person-tasia), and the matte there says 0.77: swapping the nearby hair's colour out of them
  // takes out more yellow than they hold.
  const w = 80;
  const h = 40;
  const hair = [215, 177, 130];
  const wall = [75, 75, 75];
  const edge = [176, 149, 128];
  const data = new Uint8Array(w * h * 3);
  const matte = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      data.set(x < 40 ? hair : x < 44 ? edge : wall, 3 * i);
      matte[i] = x < 40 ? 1 : x < 44 ? 0.77 : 0;
    }
  const out = recolorHair({ data, width: w, height: h }, matte, '#4f3428');

  it('paints the dye over them instead of turning them grey-violet', () => {
    for (let x = 40; x < 43; x++) {
      const i = 20 * w + x;
      const [r, g, b] = [out[3 * i]!, out[3 * i + 1]!, out[3 * i + 2]!];
      // warm like dyed brown hair: blue well below red (without the guard: 114, 94, 93)
      expect(r - b, `x ${x}: ${r},${g},${b}`).toBeGreaterThanOrEqual(0.25 * r);
    }
  });

  it('measures the overdraw from the background the swap implies', () => {
    // I − m·F ≥ 0 in every channel: a plain swap.
    expect(overPaint(0.5, 0.5, 0.5, 0.4, 0.4, 0.4, 0.7)).toBe(0);
    // A channel 0.1 or more below 0 once divided by 1 − m: painted over fully.
    expect(overPaint(0.3, 0.3, 0.3, 0.6, 0.4, 0.15, 0.7)).toBe(1);
    // Halfway: 0.05 below 0.
    expect(overPaint(0.405, 0.3, 0.3, 0.6, 0.4, 0.15, 0.7)).toBeCloseTo(0.5, 5);
    // A core pixel is all hair: never.
    expect(overPaint(0, 0, 0, 1, 1, 1, 0.999)).toBe(0);
  });
});

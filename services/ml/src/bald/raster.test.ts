import { describe, expect, it } from 'vitest';
import { distanceTo } from './raster.js';

describe('distanceTo', () => {
  it('is 0 on the mask and elsewhere at most 8.3 % above the Euclidean distance, never below', () => {
    const w = 61;
    const h = 41;
    const mask = new Uint8Array(w * h);
    mask[20 * w + 30] = 1;
    const d = distanceTo(mask, w, h);
    expect(d[20 * w + 30]).toBe(0);
    expect(d[20 * w + 40]).toBe(10);
    expect(d[30 * w + 30]).toBe(10);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const euclid = Math.hypot(x - 30, y - 20);
        expect(d[y * w + x]!).toBeGreaterThanOrEqual(euclid - 1e-4);
        expect(d[y * w + x]!).toBeLessThanOrEqual(1.0824 * euclid + 1e-4);
      }
  });

  it('is Infinity everywhere when the mask is empty', () => {
    const d = distanceTo(new Uint8Array(12), 4, 3);
    expect([...d].every((v) => v === Infinity)).toBe(true);
  });
});

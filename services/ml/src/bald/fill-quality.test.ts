import { describe, expect, it } from 'vitest';
import { fillQuality } from './fill-quality.js';

/** A grainy grey wall (seeded), 80 × 60, with a band of "hair" across x = 30..49. */
function scene() {
  const width = 80;
  const height = 60;
  const photo = new Uint8Array(width * height * 3);
  let seed = 7;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296 - 0.5) * 16;
  for (let i = 0; i < width * height; i++) photo.fill(Math.round(120 + rand()), i * 3, i * 3 + 3);
  const matte = new Float32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 30; x < 50; x++) matte[y * width + x] = 1;
  return { width, height, photo, matte };
}

describe('fillQuality', () => {
  it('reports a fill that continues the wall as no change outside and a low edge contrast', () => {
    const s = scene();
    const result = new Uint8Array(s.photo);
    // The hair band rebuilt from the wall beside it (its texture copied from the left).
    for (let y = 0; y < s.height; y++)
      for (let x = 30; x < 50; x++)
        for (let c = 0; c < 3; c++)
          result[(y * s.width + x) * 3 + c] = s.photo[(y * s.width + x - 25) * 3 + c]! + 3;
    const q = fillQuality({ ...s, result, edge: 2 });
    expect(q.changed).toBeGreaterThan(600);
    expect(q.changedOutside).toBe(0);
    expect(q.edgeContrast).toBeLessThan(1.6);
    expect(q.textureRatio).toBeGreaterThan(0.6);
  });

  it('catches a smear beyond the hair and a flat patch with a hard edge', () => {
    const s = scene();
    const result = new Uint8Array(s.photo);
    // A flat skin-coloured block over the hair and 10 px of wall beside it.
    for (let y = 0; y < s.height; y++)
      for (let x = 30; x < 60; x++) result.set([200, 150, 120], (y * s.width + x) * 3);
    const q = fillQuality({ ...s, result, edge: 2 });
    expect(q.changedOutside).toBeGreaterThan(0.25);
    expect(q.edgeContrast).toBeGreaterThan(3);
    expect(q.textureRatio).toBeLessThan(0.2);
  });
});

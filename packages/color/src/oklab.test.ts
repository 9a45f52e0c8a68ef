import { describe, expect, it } from 'vitest';
import {
  cbrtLinear,
  hexToOklab,
  linearRgbToOklab,
  linearToSrgb8,
  oklabToLinearRgb,
  srgb8ToOklab,
  srgbToLinearLut,
} from './oklab.js';

describe('OKLab', () => {
  it('round-trips sRGB colours', () => {
    const rgb = new Float32Array(3);
    for (const [r, g, b] of [
      [0, 0, 0],
      [255, 255, 255],
      [179, 38, 46],
      [42, 28, 23],
      [232, 211, 162],
    ]) {
      const lab = linearRgbToOklab(
        srgbToLinearLut[r!]!,
        srgbToLinearLut[g!]!,
        srgbToLinearLut[b!]!,
        { L: 0, a: 0, b: 0 },
      );
      oklabToLinearRgb(lab.L, lab.a, lab.b, rgb);
      expect([linearToSrgb8(rgb[0]!), linearToSrgb8(rgb[1]!), linearToSrgb8(rgb[2]!)]).toEqual([
        r,
        g,
        b,
      ]);
    }
    expect(hexToOklab('#ffffff').L).toBeCloseTo(1, 3);
    expect(() => hexToOklab('red')).toThrow();
  });
});

describe('fast paths (a recolour within the 300 ms budget of a 1024-px photo)', () => {
  it('cbrtLinear is within 1e-8 of Math.cbrt, in its table and beyond it', () => {
    const xs = [1, 2, 0.5, 0.25, 1.9999999, 2 ** -32, 2 ** -33, 3, 1e3, 1e-12, srgbToLinearLut[1]!];
    for (let k = 0; k < 20_000; k++) xs.push(Math.random(), 2 ** (-40 * Math.random()) * 4);
    let worst = 0;
    for (const x of xs) worst = Math.max(worst, Math.abs(cbrtLinear(x) / Math.cbrt(x) - 1));
    expect(worst).toBeLessThan(1e-8);
    expect(worst).toBeGreaterThan(0); // (a real approximation is being tested)
    expect(cbrtLinear(0)).toBe(0);
    expect(cbrtLinear(-1)).toBe(0);
  });

  it('srgb8ToOklab gives exactly linearRgbToOklab, also once its slots are reused', () => {
    const remembered = { L: 0, a: 0, b: 0 };
    const computed = { L: 0, a: 0, b: 0 };
    // 2 × 64³ colours through 32 768 slots: every slot is reused many times
    for (let pass = 0; pass < 2; pass++)
      for (let r = 0; r < 256; r += 4)
        for (let g = pass; g < 256; g += 4)
          for (let b = 3 - pass; b < 256; b += 4) {
            srgb8ToOklab(r, g, b, remembered);
            linearRgbToOklab(
              srgbToLinearLut[r]!,
              srgbToLinearLut[g]!,
              srgbToLinearLut[b]!,
              computed,
            );
            if (remembered.L !== computed.L || remembered.a !== computed.a)
              expect([r, g, b, remembered]).toEqual([r, g, b, computed]);
            if (remembered.b !== computed.b)
              expect([r, g, b, remembered]).toEqual([r, g, b, computed]);
          }
  });
});

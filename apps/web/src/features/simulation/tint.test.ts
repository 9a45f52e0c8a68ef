import { describe, expect, it } from 'vitest';
import {
  hairBasePixels,
  hexToRgb,
  lightnessStats,
  meanColourHex,
  oklabToRgb,
  rgbToOklab,
  tintPixels,
} from './tint';

/** RGBA bytes of the given [r, g, b, a] pixels. */
const pixels = (...list: [number, number, number, number][]) => new Uint8ClampedArray(list.flat());

const pixelAt = (data: Uint8ClampedArray, index: number) =>
  Array.from(data.subarray(index * 4, index * 4 + 4));

const hueOf = (r: number, g: number, b: number) => {
  const { a, b: bb } = rgbToOklab(r, g, b);
  return Math.atan2(bb, a);
};

/** A dark-brown lock of hair: strands from shadow to highlight, on a transparent board. */
function lock(): Uint8ClampedArray {
  const list: [number, number, number, number][] = [[255, 255, 255, 0]];
  for (let i = 0; i < 40; i += 1) {
    const v = 30 + i * 3; // 30..147
    list.push([v + 12, Math.round(v * 0.8), Math.round(v * 0.6), 255]);
  }
  return pixels(...list);
}

describe('OKLab conversions', () => {
  it('round-trips sRGB and knows white and black', () => {
    const samples: [number, number, number][] = [
      [0, 0, 0],
      [255, 255, 255],
      [163, 38, 79],
      [20, 200, 90],
      [128, 128, 128],
    ];
    for (const rgb of samples) {
      expect(oklabToRgb(rgbToOklab(...rgb))).toEqual([...rgb]);
    }
    expect(rgbToOklab(255, 255, 255).L).toBeCloseTo(1, 4);
    expect(rgbToOklab(0, 0, 0).L).toBeCloseTo(0, 6);
    const grey = rgbToOklab(128, 128, 128);
    expect(Math.hypot(grey.a, grey.b)).toBeLessThan(1e-4);
  });

  it('reads #rrggbb', () => {
    expect(hexToRgb('#A0522D')).toEqual([160, 82, 45]);
    expect(() => hexToRgb('red')).toThrow();
  });
});

describe('tintPixels', () => {
  it('leaves transparent pixels and alpha alone and returns a new array', () => {
    const input = lock();
    const out = tintPixels(input, '#c2185b');
    expect(out).not.toBe(input);
    expect(pixelAt(out, 0)).toEqual([255, 255, 255, 0]);
    for (let i = 3; i < out.length; i += 4) expect(out[i]).toBe(input[i]);
  });

  it('moves the mean lightness to the colour’s and takes its hue', () => {
    const input = lock();
    for (const hex of ['#d8b27a', '#7a1f3d', '#2a3b8f']) {
      const out = tintPixels(input, hex);
      const target = rgbToOklab(...hexToRgb(hex));
      expect(lightnessStats(out).mean).toBeCloseTo(target.L, 1);
      const targetHue = Math.atan2(target.b, target.a);
      for (let p = 1; p < out.length / 4; p += 1) {
        const [r, g, b] = pixelAt(out, p) as [number, number, number];
        const delta = Math.abs(
          Math.atan2(Math.sin(hueOf(r, g, b) - targetHue), Math.cos(hueOf(r, g, b) - targetHue)),
        );
        expect(delta).toBeLessThan(0.2);
      }
    }
  });

  it('keeps the strands’ order of light and shade (texture), with bounded contrast', () => {
    const input = lock();
    const out = tintPixels(input, '#d8b27a', { maxContrast: 0.05 });
    const lightness = (data: Uint8ClampedArray) =>
      Array.from({ length: data.length / 4 - 1 }, (_, i) => {
        const [r, g, b] = pixelAt(data, i + 1) as [number, number, number];
        return rgbToOklab(r, g, b).L;
      });
    const before = lightness(input);
    const after = lightness(out);
    for (let i = 1; i < after.length; i += 1)
      expect(after[i]!).toBeGreaterThanOrEqual(after[i - 1]! - 0.004);
    expect(after[after.length - 1]! - after[0]!).toBeGreaterThan(0.05);
    // The spread was wider than allowed: it is brought down to about maxContrast.
    expect(lightnessStats(input).std).toBeGreaterThan(0.05);
    expect(lightnessStats(out).std).toBeLessThan(0.06);
    expect(before[0]).not.toBeCloseTo(after[0]!, 2);
  });

  it('keeps a narrow spread as it is (contrast is only ever reduced)', () => {
    const flat = pixels([100, 80, 60, 255], [104, 84, 64, 255], [108, 88, 68, 255]);
    const out = tintPixels(flat, '#808080', { maxContrast: 0.5 });
    expect(lightnessStats(out).std).toBeCloseTo(lightnessStats(flat).std, 2);
  });

  it('does nothing to an image with no visible pixels', () => {
    const empty = pixels([10, 20, 30, 0], [40, 50, 60, 5]);
    expect(Array.from(tintPixels(empty, '#ff0000'))).toEqual(Array.from(empty));
  });
});

describe('meanColourHex', () => {
  it('averages the visible pixels, weighted by alpha', () => {
    const data = new Uint8ClampedArray([200, 0, 0, 255, 0, 0, 200, 0, 10, 20, 30, 255]);
    const hex = meanColourHex(data)!;
    expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    // the transparent blue pixel does not count: the mean of red and near-black is reddish
    const [r, g, b] = hexToRgb(hex);
    expect(r).toBeGreaterThan(g);
    expect(r).toBeGreaterThan(b);
    expect(meanColourHex(new Uint8ClampedArray([1, 2, 3, 0]))).toBeNull();
  });
});

describe('hairBasePixels', () => {
  it("takes the photo's pixels with the scalp map as alpha, tinted toward the colour", () => {
    // two pixels: the first on the scalp (map 255), the second off it (map 0)
    const photo = new Uint8ClampedArray([60, 45, 35, 255, 200, 160, 140, 255]);
    const scalp = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255]);
    const out = hairBasePixels(photo, scalp, '#b0284a');
    expect(out[3]).toBe(255);
    expect(out[7]).toBe(0);
    // the scalp pixel took the colour's hue (red over blue and green); the other is untouched
    expect(out[0]!).toBeGreaterThan(out[1]!);
    expect(out[0]!).toBeGreaterThan(out[2]!);
    expect(Array.from(out.slice(4, 7))).toEqual([200, 160, 140]);
    expect(Array.from(photo.slice(0, 4))).toEqual([60, 45, 35, 255]); // a new array
    expect(() => hairBasePixels(photo, scalp.slice(0, 4), '#b0284a')).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { fillLabel, membraneFill } from './membrane.js';

function grid(
  width: number,
  height: number,
  channels: number,
  f: (x: number, y: number, c: number) => number,
) {
  const values = new Float32Array(width * height * channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < channels; c++) values[(y * width + x) * channels + c] = f(x, y, c);
  return values;
}

function disk(width: number, height: number, cx: number, cy: number, r: number) {
  const labels = new Uint8Array(width * height).fill(fillLabel.known);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) labels[y * width + x] = fillLabel.unknown;
  return labels;
}

function maxErrorOnUnknown(
  values: Float32Array,
  labels: Uint8Array,
  channels: number,
  width: number,
  truth: (x: number, y: number, c: number) => number,
) {
  let worst = 0;
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] !== fillLabel.unknown) continue;
    const x = i % width;
    const y = (i - x) / width;
    for (let c = 0; c < channels; c++)
      worst = Math.max(worst, Math.abs(values[i * channels + c]! - truth(x, y, c)));
  }
  return worst;
}

describe('membraneFill', () => {
  it('reconstructs a colour gradient across a large hole', () => {
    const [w, h] = [240, 180];
    const truth = (x: number, y: number, c: number) => 20 + 0.5 * x + (c + 1) * 0.3 * y;
    const values = grid(w, h, 3, truth);
    const labels = disk(w, h, 120, 90, 70);
    // Garbage in the hole: the fill must not depend on it.
    for (let i = 0; i < labels.length; i++)
      if (labels[i] === fillLabel.unknown) values.fill(255, i * 3, i * 3 + 3);
    membraneFill(values, w, h, 3, labels);
    // Within one 8-bit level everywhere (a fixed-work multilevel solve, not exact).
    expect(maxErrorOnUnknown(values, labels, 3, w, truth)).toBeLessThan(1);
  });

  it('reconstructs a non-linear harmonic function (x² − y²)', () => {
    const [w, h] = [160, 160];
    const truth = (x: number, y: number) => ((x - 80) ** 2 - (y - 80) ** 2) / 40 + 128;
    const values = grid(w, h, 1, truth);
    const labels = disk(w, h, 80, 80, 50);
    membraneFill(values, w, h, 1, labels);
    // Discretisation of the 5-point Laplacian is exact for quadratics; the rest is convergence.
    expect(maxErrorOnUnknown(values, labels, 1, w, truth)).toBeLessThan(1);
  });

  it('keeps a constant constant, also next to excluded pixels', () => {
    const [w, h] = [97, 63];
    const values = grid(w, h, 3, (_x, _y, c) => [200, 150, 120][c]!);
    const labels = disk(w, h, 40, 30, 25);
    for (let y = 0; y < h; y++)
      for (let x = 60; x < 70; x++) labels[y * w + x] = fillLabel.excluded;
    membraneFill(values, w, h, 3, labels);
    expect(
      maxErrorOnUnknown(values, labels, 3, w, (_x, _y, c) => [200, 150, 120][c]!),
    ).toBeLessThan(1e-3);
  });

  it('changes nothing outside the unknown pixels', () => {
    const [w, h] = [64, 48];
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 255;
    const values = grid(w, h, 3, () => rand());
    const labels = disk(w, h, 30, 20, 12);
    for (let i = 0; i < labels.length; i += 5)
      if (labels[i] !== fillLabel.unknown) labels[i] = fillLabel.excluded;
    const before = values.slice();
    membraneFill(values, w, h, 3, labels);
    let changedOutside = 0;
    let changedInside = 0;
    for (let i = 0; i < labels.length; i++)
      for (let c = 0; c < 3; c++) {
        const changed = values[i * 3 + c] !== before[i * 3 + c];
        if (labels[i] === fillLabel.unknown) changedInside += changed ? 1 : 0;
        else changedOutside += changed ? 1 : 0;
      }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(0);
  });

  it('treats excluded pixels as a zero-flux edge (no value taken from them)', () => {
    // Known 50 on the left column, 150 on the right; top and bottom rows excluded and very dark:
    // the fill is linear in x and ignores the excluded rows.
    const [w, h] = [51, 30];
    const values = new Float32Array(w * h).fill(0);
    const labels = new Uint8Array(w * h).fill(fillLabel.unknown);
    for (let y = 0; y < h; y++) {
      values[y * w] = 50;
      labels[y * w] = fillLabel.known;
      values[y * w + w - 1] = 150;
      labels[y * w + w - 1] = fillLabel.known;
    }
    for (let x = 1; x < w - 1; x++) {
      labels[x] = fillLabel.excluded;
      labels[(h - 1) * w + x] = fillLabel.excluded;
    }
    membraneFill(values, w, h, 1, labels);
    // Within one 8-bit level (the fill is an approximate, fixed-work solve).
    expect(maxErrorOnUnknown(values, labels, 1, w, (x) => 50 + (100 * x) / (w - 1))).toBeLessThan(
      1,
    );
    expect(values[1]).toBe(0);
  });

  it('gives a hole with no known neighbour the mean of the known pixels', () => {
    const [w, h] = [40, 40];
    const values = grid(w, h, 1, (x) => (x < 20 ? 100 : 200));
    const labels = new Uint8Array(w * h).fill(fillLabel.known);
    // An unknown square walled off by excluded pixels.
    for (let y = 10; y < 30; y++)
      for (let x = 10; x < 30; x++)
        labels[y * w + x] =
          x === 10 || x === 29 || y === 10 || y === 29 ? fillLabel.excluded : fillLabel.unknown;
    membraneFill(values, w, h, 1, labels);
    const known = values.filter((_, i) => labels[i] === fillLabel.known);
    const mean = known.reduce((a, b) => a + b, 0) / known.length;
    expect(Math.abs(values[20 * w + 20]! - mean)).toBeLessThan(1);
  });

  it('rejects mismatched sizes and leaves an image without holes alone', () => {
    expect(() => membraneFill(new Float32Array(10), 2, 2, 3, new Uint8Array(4))).toThrow(
      RangeError,
    );
    const values = new Float32Array([1, 2, 3, 4]);
    membraneFill(values, 2, 2, 1, new Uint8Array(4).fill(fillLabel.known));
    expect([...values]).toEqual([1, 2, 3, 4]);
  });
});

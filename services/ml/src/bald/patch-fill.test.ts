import { describe, expect, it } from 'vitest';
import { fillLabel, membraneFill } from './membrane.js';
import { patchFill, type FillBox } from './patch-fill.js';

/** An RGB photo from a function of the pixel. */
function photoOf(width: number, height: number, f: (x: number, y: number) => readonly number[]) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(f(x, y), (y * width + x) * 3);
  return { data, width, height };
}

/** Labels: known everywhere but a disk (unknown). */
function holeLabels(width: number, height: number, cx: number, cy: number, r: number) {
  const labels = new Uint8Array(width * height).fill(fillLabel.known);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) labels[y * width + x] = fillLabel.unknown;
  return labels;
}

const valueAt = (fill: FillBox, x: number, y: number) => {
  const i = ((y - fill.y0) * fill.w + (x - fill.x0)) * 3;
  return [fill.values[i]!, fill.values[i + 1]!, fill.values[i + 2]!];
};

/** Mean absolute error against the truth over the unknown pixels (all three channels). */
function meanError(
  fill: FillBox,
  labels: Uint8Array,
  width: number,
  truth: (x: number, y: number) => readonly number[],
) {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] !== fillLabel.unknown) continue;
    const x = i % width;
    const y = (i - x) / width;
    const got = valueAt(fill, x, y);
    const want = truth(x, y);
    for (let c = 0; c < 3; c++) sum += Math.abs(got[c]! - want[c]!);
    count += 3;
  }
  return sum / count;
}

/** The membrane fill of the same hole, as a FillBox over the whole photo. */
function membraneOf(photo: ReturnType<typeof photoOf>, labels: Uint8Array): FillBox {
  const values = new Float32Array(photo.data);
  membraneFill(values, photo.width, photo.height, 3, labels);
  return { values, x0: 0, y0: 0, w: photo.width, h: photo.height };
}

describe('patchFill', () => {
  // Vertical stripes 6 px wide: a membrane fill smears them into grey, patches continue them.
  const W = 120;
  const H = 100;
  const stripes = (x: number) => (Math.floor(x / 6) % 2 === 0 ? [200, 60, 40] : [30, 90, 160]);
  const photo = photoOf(W, H, (x) => stripes(x));
  const labels = holeLabels(W, H, 60, 50, 18);

  it('continues a texture through the hole where a membrane fill smears it', () => {
    const fill = patchFill(photo, labels, { reach: 30, seed: 7 })!;
    expect(fill).not.toBeNull();
    const patchError = meanError(fill, labels, W, (x) => stripes(x));
    const membraneError = meanError(membraneOf(photo, labels), labels, W, (x) => stripes(x));
    // Stripes 170 levels apart: the membrane's grey is off by about half that everywhere.
    expect(membraneError).toBeGreaterThan(40);
    expect(patchError).toBeLessThan(membraneError / 3);
    // Every filled pixel has one of the two colours (copied, not averaged), bar a few at the
    // seams where two copies meet.
    let mixed = 0;
    let unknown = 0;
    for (let i = 0; i < labels.length; i++) {
      if (labels[i] !== fillLabel.unknown) continue;
      unknown++;
      const x = i % W;
      const v = valueAt(fill, x, (i - x) / W);
      const nearA = Math.abs(v[0]! - 200) + Math.abs(v[2]! - 40) < 30;
      const nearB = Math.abs(v[0]! - 30) + Math.abs(v[2]! - 160) < 30;
      if (!nearA && !nearB) mixed++;
    }
    expect(mixed / unknown).toBeLessThan(0.2);
  });

  it('continues a texture through a hole too shallow for a coarser level', () => {
    // A hole 10 px deep: the photo's own level is the only one, and its search starts at random.
    const small = holeLabels(W, H, 60, 50, 9);
    const fill = patchFill(photo, small, { reach: 30, seed: 5 })!;
    expect(meanError(fill, small, W, (x) => stripes(x))).toBeLessThan(5);
  });

  it('returns the hole box plus one pixel, with the known pixels as they are', () => {
    const fill = patchFill(photo, labels, { reach: 30, seed: 7 })!;
    expect([fill.x0, fill.y0, fill.w, fill.h]).toEqual([41, 31, 39, 39]);
    for (let y = fill.y0; y < fill.y0 + fill.h; y++)
      for (let x = fill.x0; x < fill.x0 + fill.w; x++) {
        if (labels[y * W + x] === fillLabel.unknown) continue;
        expect(valueAt(fill, x, y)).toEqual(stripes(x));
      }
  });

  it('is deterministic for a seed', () => {
    const a = patchFill(photo, labels, { reach: 30, seed: 3 })!;
    const b = patchFill(photo, labels, { reach: 30, seed: 3 })!;
    expect(b.values).toEqual(a.values);
  });

  it('never copies excluded pixels', () => {
    // A flat green background with a red band beside the hole that is excluded (a face, say):
    // nothing red may appear in the fill, and the band does not steer it.
    const red = (x: number) => x >= 80 && x < 95;
    const p = photoOf(W, H, (x) => (red(x) ? [230, 20, 20] : [40, 160, 60]));
    const l = holeLabels(W, H, 60, 50, 18);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) if (red(x)) l[y * W + x] = fillLabel.excluded;
    const fill = patchFill(p, l, { reach: 30, seed: 1 })!;
    for (let i = 0; i < l.length; i++) {
      if (l[i] !== fillLabel.unknown) continue;
      const x = i % W;
      const v = valueAt(fill, x, (i - x) / W);
      expect(Math.abs(v[0]! - 40) + Math.abs(v[1]! - 160) + Math.abs(v[2]! - 60)).toBeLessThan(3);
    }
  });

  it('follows a first guess where nothing around the hole says which side continues where', () => {
    // Red above, blue below, and a band hiding where one ends: the guess decides.
    const red = [210, 40, 40] as const;
    const blue = [30, 80, 190] as const;
    const p = photoOf(W, H, (_, y) => (y < 50 ? red : blue));
    const l = new Uint8Array(W * H).fill(fillLabel.known);
    for (let y = 30; y < 70; y++) for (let x = 0; x < W; x++) l[y * W + x] = fillLabel.unknown;
    for (const edge of [38, 62]) {
      const start = new Uint8Array(W * H * 3);
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) start.set(y < edge ? red : blue, (y * W + x) * 3);
      const fill = patchFill(p, l, { reach: 30, seed: 1, start })!;
      for (let x = 10; x < W - 10; x += 10) {
        const above = valueAt(fill, x, edge - 5);
        const below = valueAt(fill, x, edge + 5);
        expect(Math.max(...above.map((v, c) => Math.abs(v - red[c]!)))).toBeLessThan(20);
        expect(Math.max(...below.map((v, c) => Math.abs(v - blue[c]!)))).toBeLessThan(20);
      }
    }
  });

  it('gives null with no hole, or with no whole known patch to copy', () => {
    const none = new Uint8Array(W * H).fill(fillLabel.known);
    expect(patchFill(photo, none, { reach: 30 })).toBeNull();
    // Known pixels only in a checkerboard: no 7 × 7 patch is whole.
    const sparse = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        sparse[y * W + x] = (x + y) % 2 === 0 ? fillLabel.known : fillLabel.unknown;
    expect(patchFill(photo, sparse, { reach: 30 })).toBeNull();
  });
});

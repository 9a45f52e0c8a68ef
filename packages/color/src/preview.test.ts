import { describe, expect, it } from 'vitest';
import { analyseHair, dyeOf, dyePixels, type Rgba } from './preview.js';
import { recolorHair } from './recolor.js';

/**
 * A small synthetic portrait: background, a face, and a head of brown hair with strand texture
 * and shading, its matte soft at the edges (as the mask endpoint sends it: 0..255).
 */
function portrait(width = 120, height = 100) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  const mask = new Uint8Array(width * height);
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const face = ((x - 60) / 22) ** 2 + ((y - 60) / 28) ** 2;
      const head = ((x - 60) / 40) ** 2 + ((y - 50) / 42) ** 2;
      let rgb: [number, number, number] = [200 + (x % 7), 214, 225 - (y % 5)];
      let m = 0;
      if (face < 1) {
        rgb = [222, 180, 150];
      } else if (head < 1.15) {
        // hair: soft edge from 1.0 to 1.15, strands every 3 px, darker toward the bottom
        m = head < 1 ? 1 : (1.15 - head) / 0.15;
        const strand = (x % 3 === 0 ? 18 : 0) + random() * 14 - y * 0.3;
        const hair: [number, number, number] = [92 + strand, 60 + strand * 0.8, 42 + strand * 0.6];
        rgb = rgb.map((c, k) => m * hair[k]! + (1 - m) * c) as [number, number, number];
      }
      rgba.set([...rgb.map(Math.round), 255], 4 * i);
      mask[i] = Math.round(m * 255);
    }
  }
  return { photo: { data: rgba, width, height } satisfies Rgba, mask };
}

function serviceRecolour(photo: Rgba, mask: Uint8Array, hex: string, strength: number) {
  const rgb = new Uint8Array(photo.width * photo.height * 3);
  for (let i = 0; i < photo.width * photo.height; i++)
    rgb.set(photo.data.subarray(4 * i, 4 * i + 3), 3 * i);
  const matte = Float32Array.from(mask, (v) => v / 255);
  return recolorHair({ data: rgb, width: photo.width, height: photo.height }, matte, hex, {
    strength,
  });
}

describe('the live preview (CPU path) against the service recolour', () => {
  const { photo, mask } = portrait();
  const fields = analyseHair(photo, mask)!;

  it.each([
    ['#e8d2a6', 1],
    ['#2b1a14', 1],
    ['#6a2c8c', 0.6],
    ['#c8a26e', 0.4],
  ])('%s at strength %s: within one 8-bit level of the service', (hex, strength) => {
    const expected = serviceRecolour(photo, mask, hex, strength);
    const actual = new Uint8ClampedArray(photo.data.length);
    dyePixels(photo, fields, dyeOf(fields, hex, strength), actual);
    let worst = 0;
    let sum = 0;
    let changed = 0;
    for (let i = 0; i < photo.width * photo.height; i++)
      for (let c = 0; c < 3; c++) {
        const d = Math.abs(actual[4 * i + c]! - expected[3 * i + c]!);
        worst = Math.max(worst, d);
        sum += d;
        if (expected[3 * i + c] !== photo.data[4 * i + c]) changed++;
      }
    // the dye really changed the hair (a test of two no-ops would pass too)
    expect(changed).toBeGreaterThan(3000);
    expect(worst).toBeLessThanOrEqual(1);
    expect(sum / (3 * photo.width * photo.height)).toBeLessThan(0.02);
  });

  it('leaves the face and the background alone and keeps alpha', () => {
    const out = new Uint8ClampedArray(photo.data.length);
    dyePixels(photo, fields, dyeOf(fields, '#e8d2a6', 1), out);
    const at = (x: number, y: number) =>
      Array.from(out.subarray(4 * (y * 120 + x), 4 * (y * 120 + x) + 4));
    const was = (x: number, y: number) =>
      Array.from(photo.data.subarray(4 * (y * 120 + x), 4 * (y * 120 + x) + 4));
    expect(at(60, 65)).toEqual(was(60, 65)); // face
    expect(at(3, 97)).toEqual(was(3, 97)); // background
    expect(at(60, 15)).not.toEqual(was(60, 15)); // hair
    expect(at(60, 15)[3]).toBe(255);
  });

  it('has nothing to preview without hair', () => {
    expect(analyseHair(photo, new Uint8Array(mask.length))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { suppressBackground } from './background.js';
import type { FaceHint, Point, RgbImage } from './types.js';

/**
 * A synthetic night photo, 240×240: a near-black background, a head of dark brown hair (a cap
 * over a skin-coloured face) and, above the hair, a column of background the "network" called
 * hair (0.6, what person-vlado's photo gets), beside a strand of hair-coloured pixels reaching out
 * of the hair into the background (0.6, real hair) and a dark gap inside the hair (0.6, shut in
 * by sure hair on every side).
 */
const size = 240;
const face: Point[] = Array.from({ length: 36 }, (_, k): Point => {
  const t = (2 * Math.PI * k) / 36;
  return [120 + 45 * Math.sin(t), 150 - 60 * Math.cos(t)];
});
const hint: FaceHint = { faceOval: face };

let seed = 11;
const noise = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff - 0.5;
};

type Region = 'column' | 'strand' | 'gap' | 'hair' | 'face' | 'background';
function regionAt(x: number, y: number): Region {
  if (((x - 120) / 45) ** 2 + ((y - 150) / 60) ** 2 <= 1) return 'face';
  const inHair = ((x - 120) / 70) ** 2 + ((y - 120) / 75) ** 2 <= 1 && y < 160;
  if (inHair && x >= 110 && x < 130 && y >= 70 && y < 80) return 'gap';
  if (inHair) return 'hair';
  if (y >= 28 && y < 60 && x >= 105 && x < 135) return 'column';
  if (y >= 20 && y < 60 && x >= 170 && x < 176) return 'strand';
  return 'background';
}

function nightPhoto(hairRgb: readonly number[], backgroundRgb: readonly number[]) {
  const data = new Uint8Array(size * size * 3);
  const matte = new Float32Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const region = regionAt(x, y);
      const rgb =
        region === 'face'
          ? [200, 160, 130]
          : region === 'hair' || region === 'strand'
            ? hairRgb
            : backgroundRgb;
      // strands: a stripe pattern on the hair; sensor noise everywhere
      const stripe = region === 'hair' ? (x % 4 < 2 ? 8 : -8) : 0;
      for (let c = 0; c < 3; c++)
        data[i * 3 + c] = Math.max(0, Math.min(255, Math.round(rgb[c]! + stripe + 4 * noise())));
      matte[i] =
        region === 'hair'
          ? 1
          : region === 'column' || region === 'strand' || region === 'gap'
            ? 0.6
            : 0;
    }
  const image: RgbImage = { data, width: size, height: size, channels: 3 };
  return { image, matte };
}

const meanOver = (matte: Float32Array, region: Region) => {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if (regionAt(x, y) === region) {
        sum += matte[y * size + x]!;
        count++;
      }
  return sum / count;
};

/** How many values differ (toEqual on 57 600 floats takes half a second). */
const differences = (a: Float32Array, b: Float32Array) => a.filter((v, i) => v !== b[i]).length;

describe('suppressBackground', () => {
  const hairRgb = [70, 48, 34];
  const backgroundRgb = [9, 9, 11];

  it('takes out background the network called hair where it touches the background', () => {
    const { image, matte } = nightPhoto(hairRgb, backgroundRgb);
    const lowered = suppressBackground(matte, image, hint);
    expect(lowered).toBeGreaterThan(0);
    expect(meanOver(matte, 'column')).toBeLessThan(0.1);
  });

  it('takes out the far end of background reaching beyond the window round the sure hair', () => {
    // The column made taller, up to the top of the photo: its top is about 40 px (a sixth of the
    // photo) from the nearest sure hair, beyond the local window (8 % of the side, 19 px), where
    // only a wider window (or all the sure hair) gives the hair's colour.
    const { image, matte } = nightPhoto(hairRgb, backgroundRgb);
    for (let y = 2; y < 28; y++)
      for (let x = 105; x < 135; x++) {
        const i = y * size + x;
        image.data[i * 3] = backgroundRgb[0]!;
        image.data[i * 3 + 1] = backgroundRgb[1]!;
        image.data[i * 3 + 2] = backgroundRgb[2]!;
        matte[i] = 0.6;
      }
    suppressBackground(matte, image, hint);
    let sum = 0;
    for (let y = 2; y < 10; y++) for (let x = 105; x < 135; x++) sum += matte[y * size + x]!;
    expect(sum / (8 * 30)).toBeLessThan(0.1);
    expect(meanOver(matte, 'column')).toBeLessThan(0.1);
    expect(meanOver(matte, 'hair')).toBe(1);
    expect(meanOver(matte, 'strand')).toBeCloseTo(0.6, 5);
  });

  it('keeps the sure hair, a hair-coloured strand in the background, and a gap shut in by hair', () => {
    const { image, matte } = nightPhoto(hairRgb, backgroundRgb);
    suppressBackground(matte, image, hint);
    expect(meanOver(matte, 'hair')).toBe(1);
    expect(meanOver(matte, 'strand')).toBeCloseTo(0.6, 5);
    expect(meanOver(matte, 'gap')).toBeCloseTo(0.6, 5);
  });

  it('changes nothing where hair and background share their colour (black hair on black)', () => {
    const { image, matte } = nightPhoto([14, 13, 15], backgroundRgb);
    const before = matte.slice();
    expect(suppressBackground(matte, image, hint)).toBe(0);
    expect(differences(matte, before)).toBe(0);
  });

  it('changes nothing on a matte with no unsure pixels', () => {
    const { image } = nightPhoto(hairRgb, backgroundRgb);
    const matte = new Float32Array(size * size);
    for (let i = 0; i < matte.length; i++) matte[i] = i % 3 === 0 ? 1 : 0;
    const before = matte.slice();
    expect(suppressBackground(matte, image)).toBe(0);
    expect(differences(matte, before)).toBe(0);
  });

  it('does not count the face as background (a skin-coloured column next to it stays)', () => {
    // Without the face oval, the face (matte 0) would seed the flood with skin's colour.
    const { image, matte } = nightPhoto(hairRgb, backgroundRgb);
    // a skin-coloured unsure band just inside the hair, touching the face only
    for (let y = 84; y < 90; y++)
      for (let x = 112; x < 128; x++) {
        const i = y * size + x;
        if (regionAt(x, y) !== 'hair') continue;
        image.data[i * 3] = 200;
        image.data[i * 3 + 1] = 160;
        image.data[i * 3 + 2] = 130;
        matte[i] = 0.6;
      }
    const band = matte.map((m) => (m > 0.5 && m < 0.7 ? 1 : 0));
    const withFace = matte.slice();
    suppressBackground(withFace, image, hint);
    const withoutFace = matte.slice();
    suppressBackground(withoutFace, image);
    let inBand = 0;
    let changed = 0;
    let changedWithoutFace = 0;
    for (let y = 84; y < 90; y++)
      for (let x = 112; x < 128; x++) {
        const i = y * size + x;
        if (!band[i] || regionAt(x, y) !== 'hair') continue;
        inBand++;
        if (withFace[i] !== matte[i]) changed++;
        if (withoutFace[i] !== matte[i]) changedWithoutFace++;
      }
    expect(inBand).toBeGreaterThan(20);
    expect(changed).toBe(0);
    // (without the face oval, the face's skin seeds the flood and the band goes)
    expect(changedWithoutFace).toBeGreaterThan(0);
  });
});

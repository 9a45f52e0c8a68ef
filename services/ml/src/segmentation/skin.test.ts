import { describe, expect, it } from 'vitest';
import { suppressSkin } from './skin.js';
import type { FaceHint, Point, RgbImage } from './types.js';

/**
 * A synthetic portrait, 300×400: textured brown hair over the top of the head and down both
 * sides, a smooth skin-coloured face and neck, a white shirt below it, a white wall at the left
 * edge. The "network" matte is 1 on the top hair, 0.7 on the hair curtains, and 0.7 on the neck
 * (the mistake skin.ts corrects), the shirt and a piece of the wall.
 */
const width = 300;
const height = 400;
const skinRgb = [214, 170, 140] as const;
const hairRgb = [92, 62, 40] as const;

function oval(cx: number, cy: number, rx: number, ry: number): Point[] {
  return Array.from({ length: 36 }, (_, k): Point => {
    const t = (2 * Math.PI * k) / 36;
    return [cx + rx * Math.sin(t), cy - ry * Math.cos(t)];
  });
}
const eye = (cx: number): Point[] =>
  Array.from({ length: 8 }, (_, k): Point => {
    const a = (2 * Math.PI * k) / 8;
    return [cx + 10 * Math.cos(a), 130 + 4 * Math.sin(a)];
  });
const hint: FaceHint = {
  faceOval: oval(150, 150, 55, 75),
  features: [...eye(128), ...eye(172), [135, 185], [165, 185]],
};

// deterministic noise
let seed = 7;
const noise = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff - 0.5;
};

type Region = 'hairTop' | 'curtain' | 'neck' | 'shirt' | 'wall' | 'face' | 'none';
function regionAt(x: number, y: number): Region {
  const inFace = ((x - 150) / 55) ** 2 + ((y - 150) / 75) ** 2 <= 1;
  if (x < 30 && y > 250) return 'wall';
  if (inFace) return 'face';
  if (y < 110 && ((x - 150) / 80) ** 2 + ((y - 120) / 100) ** 2 <= 1) return 'hairTop';
  if (y >= 80 && ((x >= 70 && x < 100) || (x >= 200 && x < 230))) return 'curtain';
  if (y >= 330 && x >= 120 && x < 180) return 'shirt';
  if (y >= 200 && x >= 110 && x < 190) return 'neck';
  return 'none';
}

function portrait(neckMatte = 0.7) {
  const data = new Uint8Array(width * height * 3);
  const matte = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const region = regionAt(x, y);
      let rgb: readonly number[] = [120, 130, 140];
      let grain = 2;
      if (region === 'hairTop' || region === 'curtain') {
        // strands: stripes of lighter and darker hair, plus grain
        rgb = hairRgb.map((c) => c + (x % 4 < 2 ? 14 : -14));
        grain = 12;
        matte[i] = region === 'hairTop' ? 1 : 0.7;
      } else if (region === 'face' || region === 'neck') {
        rgb = skinRgb;
        if (region === 'neck') matte[i] = neckMatte;
      } else if (region === 'wall' || region === 'shirt') {
        rgb = [245, 245, 245];
        matte[i] = 0.7;
      }
      const g = noise() * grain;
      for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.max(0, Math.min(255, rgb[c]! + g));
    }
  const image: RgbImage = { data, width, height, channels: 3 };
  return { image, matte };
}

const mean = (matte: Float32Array, region: Region, margin = 6) => {
  let sum = 0;
  let n = 0;
  for (let y = margin; y < height - margin; y++)
    for (let x = margin; x < width - margin; x++) {
      // away from the region's edges (the decision is smoothed across them)
      if (
        regionAt(x, y) !== region ||
        regionAt(x - margin, y) !== region ||
        regionAt(x + margin, y) !== region ||
        regionAt(x, y - margin) !== region ||
        regionAt(x, y + margin) !== region
      )
        continue;
      sum += matte[y * width + x]!;
      n++;
    }
  return sum / n;
};

describe('suppressSkin', () => {
  it('takes the neck the network called hair out of the matte, and keeps the hair', () => {
    const { image, matte } = portrait();
    expect(suppressSkin(matte, image, hint, width, height)).toBe(true);
    expect(mean(matte, 'neck')).toBeLessThan(0.15);
    // the hair beside the neck is left as the network said
    expect(mean(matte, 'curtain')).toBeGreaterThan(0.69);
    expect(mean(matte, 'hairTop')).toBe(1);
    // a white wall beside the person is not the skin model's to judge
    expect(mean(matte, 'wall')).toBeCloseTo(0.7, 5);
    // nor a white shirt under the chin: only skin-coloured pixels are judged
    expect(mean(matte, 'shirt')).toBeGreaterThan(0.65);
  });

  it('does not overrule a network that is sure', () => {
    const { image, matte } = portrait(0.999);
    suppressSkin(matte, image, hint, width, height);
    expect(mean(matte, 'neck')).toBeGreaterThan(0.85);
  });

  it('changes nothing without enough hair on top of the head (a cap, a bald head)', () => {
    const { image, matte } = portrait();
    for (let i = 0; i < matte.length; i++) if (matte[i] === 1) matte[i] = 0.3;
    const before = Float32Array.from(matte);
    expect(suppressSkin(matte, image, hint, width, height)).toBe(false);
    expect(matte).toEqual(before);
  });

  it('changes nothing without eyes and mouth in the hint', () => {
    const { image, matte } = portrait();
    const before = Float32Array.from(matte);
    expect(suppressSkin(matte, image, { faceOval: hint.faceOval }, width, height)).toBe(false);
    expect(matte).toEqual(before);
  });
});

/**
 * Curls over the forehead (the afro of Frame00594): a patch of the forehead the network gave
 * 0.95 where hair-coloured strands 3 px wide lie 10 px apart over the skin, with two rows of
 * pixels 40 % hair, 60 % skin (a fringe's soft edge) below them.
 */
function curlsOverForehead(strandRgb: readonly number[] = hairRgb) {
  const { image, matte } = portrait();
  const kind = (x: number, y: number) => {
    if (x < 125 || x >= 175 || y < 85 || y > 116) return 'none';
    if (y >= 114) return 'edge';
    return x % 10 < 3 ? 'strand' : 'skin';
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const k = kind(x, y);
      if (k === 'none') continue;
      const i = y * width + x;
      matte[i] = 0.95;
      const rgb =
        k === 'strand'
          ? strandRgb
          : k === 'edge'
            ? skinRgb.map((c, j) => 0.6 * c + 0.4 * strandRgb[j]!)
            : skinRgb;
      for (let c = 0; c < 3; c++) image.data[i * 3 + c] = Math.round(rgb[c]! + noise() * 2);
    }
  const at = (pick: (x: number, y: number) => boolean) => {
    const values: number[] = [];
    for (let y = 85; y <= 116; y++)
      for (let x = 125; x < 175; x++) if (pick(x, y)) values.push(matte[y * width + x]!);
    return values;
  };
  return { image, matte, at };
}

describe('suppressSkin on the forehead', () => {
  it('takes the skin between curls out of the matte, and keeps the curls and a soft edge', () => {
    const { image, matte, at } = curlsOverForehead();
    suppressSkin(matte, image, hint, width, height);
    // the skin between the strands (away from their edges and the patch's)
    const skin = at((x, y) => y > 86 && y < 112 && x > 126 && x % 10 >= 5 && x % 10 <= 8);
    expect(Math.max(...skin)).toBeLessThan(0.05);
    // the strands' middles keep what the network said
    const strands = at((x, y) => y < 112 && x % 10 === 1);
    expect(Math.min(...strands)).toBeGreaterThan(0.9);
    // pixels partly covered by hair are hair's to keep
    const edge = at((x, y) => y === 115 && x > 130 && x < 170);
    expect(Math.min(...edge)).toBeGreaterThan(0.85);
  });

  it('changes nothing where hair and skin are too alike to tell (blonde on a fair face)', () => {
    // strands of nearly the skin's colour: the hair model comes from the top of the head, so
    // the top is given the same colour
    const blonde = skinRgb.map((c) => c - 12);
    const { image, matte, at } = curlsOverForehead(blonde);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (regionAt(x, y) !== 'hairTop') continue;
        for (let c = 0; c < 3; c++)
          image.data[i * 3 + c] = blonde[c]! + (x % 4 < 2 ? 14 : -14) + Math.round(noise() * 12);
      }
    suppressSkin(matte, image, hint, width, height);
    expect(Math.min(...at(() => true))).toBeCloseTo(0.95, 5);
  });
});

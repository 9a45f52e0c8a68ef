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

import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { facesDir } from './testdata.js';
import {
  hairLightness,
  hexToOklab,
  linearRgbToOklab,
  recolorHair,
  srgbToLinearLut,
  type RgbImage,
} from '@carol/color';

/** A labelled Figaro-1k photo and its ground-truth hair mask, softened into a matte. */
async function labelled(id: string): Promise<{ image: RgbImage; matte: Float32Array }> {
  const { data, info } = await sharp(join(facesDir, 'figaro1k/images', `${id}-org.jpg`))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const mask = await sharp(join(facesDir, 'figaro1k/masks', `${id}-gt.png`))
    .greyscale()
    .resize(info.width, info.height)
    .blur(1.2)
    .raw()
    .toBuffer();
  const matte = new Float32Array(mask.length);
  for (let i = 0; i < mask.length; i++) matte[i] = mask[i]! / 255;
  return { image: { data: new Uint8Array(data), width: info.width, height: info.height }, matte };
}

function hairHue(image: RgbImage, matte: Float32Array): { L: number; hue: number; chroma: number } {
  let sa = 0;
  let sb = 0;
  let sl = 0;
  let n = 0;
  const lab = { L: 0, a: 0, b: 0 };
  for (let i = 0; i < matte.length; i++) {
    if (matte[i]! < 0.99) continue;
    const d = image.data;
    linearRgbToOklab(
      srgbToLinearLut[d[3 * i]!]!,
      srgbToLinearLut[d[3 * i + 1]!]!,
      srgbToLinearLut[d[3 * i + 2]!]!,
      lab,
    );
    sa += lab.a;
    sb += lab.b;
    sl += lab.L;
    n++;
  }
  return { L: sl / n, hue: Math.atan2(sb / n, sa / n), chroma: Math.hypot(sa / n, sb / n) };
}

/** Correlation of fine detail (pixel minus its 5×5 mean) between two images over the hair. */
function textureCorrelation(a: RgbImage, b: RgbImage, matte: Float32Array): number {
  const w = a.width;
  const lum = (img: RgbImage, i: number) =>
    img.data[3 * i]! + img.data[3 * i + 1]! + img.data[3 * i + 2]!;
  const detail = (img: RgbImage, x: number, y: number) => {
    let s = 0;
    for (let dy = -2; dy <= 2; dy++)
      for (let dx = -2; dx <= 2; dx++) s += lum(img, (y + dy) * w + x + dx);
    return lum(img, y * w + x) - s / 25;
  };
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let y = 2; y < a.height - 2; y += 2)
    for (let x = 2; x < w - 2; x += 2) {
      if (matte[y * w + x]! < 0.99) continue;
      const da = detail(a, x, y);
      const db = detail(b, x, y);
      sab += da * db;
      saa += da * da;
      sbb += db * db;
    }
  return sab / Math.sqrt(saa * sbb);
}

describe('recolorHair on photos', () => {
  it('recolorHair gives the same pixels whatever it recoloured before, and keeps the photo', async () => {
    const first = await labelled('Frame00459');
    const second = await labelled('Frame00128');
    const photo = Buffer.from(first.image.data);
    const once = recolorHair(first.image, first.matte, '#8a4b2a');
    recolorHair(second.image, second.matte, '#d8b98a');
    const again = recolorHair(first.image, first.matte, '#8a4b2a');
    expect(Buffer.compare(once, again)).toBe(0);
    expect(Buffer.compare(photo, first.image.data)).toBe(0);
    expect(Buffer.compare(once, first.image.data)).not.toBe(0);
  });
});

describe('recolorHair (ground-truth Figaro-1k masks)', () => {
  it('takes dark hair light (blonde): lightness and hue follow the target, texture stays', async () => {
    const { image, matte } = await labelled('Frame00459');
    const before = hairLightness(image, matte);
    expect(before.mean).toBeLessThan(0.35); // dark hair
    const target = hexToOklab('#d8b98a');
    const out = { ...image, data: recolorHair(image, matte, '#d8b98a') };
    const hair = hairHue(out, matte);
    expect(Math.abs(hair.L - target.L)).toBeLessThan(0.08);
    expect(Math.abs(hair.hue - Math.atan2(target.b, target.a))).toBeLessThan(0.25);
    expect(textureCorrelation(image, out, matte)).toBeGreaterThan(0.8);
    // nothing changes away from the hair (beyond the few-pixel edge band re-weighed by colour)
    const band = 4; // the edge band is max(2, 0.4 % of the longer side) = 2 px here
    const near = new Uint8Array(matte.length);
    for (let i = 0; i < matte.length; i++) {
      if (matte[i]! <= 0) continue;
      const x = i % image.width;
      const y = Math.floor(i / image.width);
      for (let dy = -band; dy <= band; dy++)
        for (let dx = -band; dx <= band; dx++) {
          const xx = Math.min(image.width - 1, Math.max(0, x + dx));
          const yy = Math.min(image.height - 1, Math.max(0, y + dy));
          near[yy * image.width + xx] = 1;
        }
    }
    let changedAway = 0;
    let away = 0;
    for (let i = 0; i < matte.length; i++) {
      if (matte[i]! > 0 || near[i]) continue;
      away++;
      for (let c = 0; c < 3; c++) if (out.data[3 * i + c] !== image.data[3 * i + c]) changedAway++;
    }
    expect(away).toBeGreaterThan(50_000);
    expect(changedAway).toBe(0);
  });

  it('takes light hair dark and vivid colours keep the strands', async () => {
    const { image, matte } = await labelled('Frame00128');
    const dark = { ...image, data: recolorHair(image, matte, '#2a1c17') };
    expect(hairHue(dark, matte).L).toBeLessThan(hairHue(image, matte).L - 0.1);
    expect(textureCorrelation(image, dark, matte)).toBeGreaterThan(0.75);
    const red = { ...image, data: recolorHair(image, matte, '#b3262e') };
    const redHair = hairHue(red, matte);
    const target = hexToOklab('#b3262e');
    expect(Math.abs(redHair.hue - Math.atan2(target.b, target.a))).toBeLessThan(0.2);
    expect(redHair.chroma).toBeGreaterThan(0.08);
  });

  it('strength 0 changes nothing and strength blends part way', async () => {
    const { image, matte } = await labelled('Frame00128');
    expect(Buffer.compare(recolorHair(image, matte, '#6a2c8c', { strength: 0 }), image.data)).toBe(
      0,
    );
    const half = { ...image, data: recolorHair(image, matte, '#6a2c8c', { strength: 0.5 }) };
    const full = { ...image, data: recolorHair(image, matte, '#6a2c8c', { strength: 1 }) };
    const c0 = hairHue(image, matte).chroma;
    const c1 = hairHue(half, matte).chroma;
    const c2 = hairHue(full, matte).chroma;
    expect(c1).toBeGreaterThan(Math.min(c0, c2));
    expect(c1).toBeLessThan(Math.max(c0, c2));
  });
});

import { hexToOklab } from './oklab.js';
import {
  analyse,
  dyeOf as dyeOfHair,
  dyePixel,
  hairAt,
  hairRow,
  newHairPixel,
  softClip,
  type Dye,
  type HairRow,
} from './recolor.js';

/**
 * The live colour preview's half of the recolour: recolorHair split in two, so the browser can
 * show the dyed hair at once when a colour is tapped or the strength slider moves.
 * analyseHair does what depends on the photo and its matte only (recolorHair's analysis and each
 * pixel's hair colour F, shading and texture), once per photo; dyePixels (and the web's WebGL
 * shader, its GPU twin) what depends on the colour and strength. Both run recolorHair's own code.
 */

/** An image's RGBA bytes (ImageData's layout). */
export interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** What the recolour needs of a photo and its matte, whatever the colour. */
export interface HairFields {
  /** The photo's size. */
  width: number;
  height: number;
  /** The part of the photo the dye can touch (the hair and an edge band round it). */
  box: { x0: number; y0: number; width: number; height: number };
  /** Per box pixel: the hair's share m (0: left as it is) and its hair colour F in OKLab. */
  hair: Float32Array;
  /** Per box pixel: shading + texture (lightness around the target's), how plausibly hair. */
  shade: Float32Array;
  meanL: number;
  stdL: number;
}

export type { Dye } from './recolor.js';

/**
 * The colour-independent half of recolorHair for `photo` and its matte (`mask`: one byte per
 * pixel, 255 = hair, as the mask endpoint sends it). Null when there is no hair.
 */
export function analyseHair(photo: Rgba, mask: Uint8Array): HairFields | null {
  const { data, width, height } = photo;
  if (mask.length !== width * height) throw new Error('mask size does not match the photo');
  const matte = new Float32Array(mask.length);
  for (let i = 0; i < mask.length; i++) matte[i] = mask[i]! / 255;
  const analysis = analyse({ data, width, height, channels: 4 }, matte);
  if (!analysis) return null;
  const { bw, bh, box, meanL, stdL } = analysis;
  const hair = new Float32Array(4 * bw * bh);
  const shade = new Float32Array(2 * bw * bh);
  const row: HairRow = { y: 0, row0: 0, row1: 0, ty: 0, rowStart: 0 };
  const px = newHairPixel();
  for (let y = 0; y < bh; y++) {
    hairRow(analysis, y, row);
    for (let x = 0; x < bw; x++) {
      if (!hairAt(analysis, row, x, px)) continue;
      const j = y * bw + x;
      hair[4 * j] = px.m;
      hair[4 * j + 1] = px.fL;
      hair[4 * j + 2] = px.fa;
      hair[4 * j + 3] = px.fb;
      // Shading and texture have one gain: the preview keeps their sum.
      shade[2 * j] = px.texture + px.shading;
      shade[2 * j + 1] = px.plausible;
    }
  }
  return {
    width,
    height,
    box: { x0: box.x0, y0: box.y0, width: bw, height: bh },
    hair,
    shade,
    meanL,
    stdL,
  };
}

/** The dye of a colour and strength over the analysed hair: what the shader's uniforms hold. */
export function dyeOf(fields: HairFields, hex: string, strength: number): Dye {
  return dyeOfHair(hexToOklab(hex), fields.meanL, fields.stdL, strength);
}

/**
 * The recoloured photo into `out` (RGBA, the photo's size; pixels outside the hair are copied):
 * the CPU twin of the web's fragment shader.
 */
export function dyePixels(photo: Rgba, fields: HairFields, dye: Dye, out: Uint8ClampedArray): void {
  out.set(photo.data);
  const { box, hair, shade } = fields;
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const j = y * box.width + x;
      const m = hair[4 * j]!;
      if (m <= 0) continue;
      const newL = softClip(dye.targetL + shade[2 * j]! * dye.gain);
      const o = 4 * ((box.y0 + y) * fields.width + box.x0 + x);
      const s = dye.strength * shade[2 * j + 1]!;
      dyePixel(
        dye,
        newL,
        s,
        m,
        hair[4 * j + 1]!,
        hair[4 * j + 2]!,
        hair[4 * j + 3]!,
        photo.data,
        o,
        out,
        o,
      );
    }
  }
}

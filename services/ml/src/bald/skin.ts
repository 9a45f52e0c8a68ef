import { lumaOf, type Vec2 } from './raster.js';
import type { RgbPhoto } from './types.js';

/** The skin colour model from the cheeks and the skin tests built on it (bald.ts). */

export interface SkinModel {
  y: number;
  cb: number;
  cr: number;
  spreadY: number;
  spreadC: number;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/**
 * Robust skin colour (YCbCr median and spread) from a disk on each cheek; the more uniform disk
 * wins (on a turned head the far cheek's disk may hold hair, nose or background).
 */
export function skinModel(
  photo: RgbPhoto,
  matte: Float32Array,
  centers: Vec2[],
  radius: number,
): SkinModel {
  const models = centers
    .map((c) => diskSkinModel(photo, matte, c, radius))
    .filter((m): m is SkinModel => m !== null)
    .sort((a, b) => a.spreadY + a.spreadC - (b.spreadY + b.spreadC));
  return models[0] ?? { y: 160, cb: -25, cr: 35, spreadY: 30, spreadC: 15 };
}

function diskSkinModel(
  photo: RgbPhoto,
  matte: Float32Array,
  c: Vec2,
  radius: number,
): SkinModel | null {
  const ys: number[] = [];
  const cbs: number[] = [];
  const crs: number[] = [];
  const { data, width, height } = photo;
  const r = Math.max(2, radius);
  {
    for (let y = Math.max(0, Math.floor(c[1] - r)); y <= Math.min(height - 1, c[1] + r); y++)
      for (let x = Math.max(0, Math.floor(c[0] - r)); x <= Math.min(width - 1, c[0] + r); x++) {
        if ((x - c[0]) ** 2 + (y - c[1]) ** 2 > r * r) continue;
        const i = y * width + x;
        if (matte[i]! > 0.1) continue;
        const R = data[i * 3]!;
        const G = data[i * 3 + 1]!;
        const B = data[i * 3 + 2]!;
        const Y = lumaOf(R, G, B);
        ys.push(Y);
        cbs.push(B - Y);
        crs.push(R - Y);
      }
  }
  if (ys.length < 12) return null;
  const y = median(ys);
  const cb = median(cbs);
  const cr = median(crs);
  const spreadY = median(ys.map((v) => Math.abs(v - y))) * 1.48;
  const spreadC = Math.max(
    median(cbs.map((v) => Math.abs(v - cb))),
    median(crs.map((v) => Math.abs(v - cr))),
  );
  return { y, cb, cr, spreadY, spreadC: spreadC * 1.48 };
}

export function isSkinLike(model: SkinModel, r: number, g: number, b: number): boolean {
  const Y = lumaOf(r, g, b);
  // Darker than the skin (hair shadows, stray strands, brows) is the risky side: strict there.
  // Shadowed forehead skin is still skin (refusing it leaves a visible step at the fill's edge);
  // what is left of the hair at the boundary is caught by the matte test, not here.
  if (Y < model.y - Math.max(3.5 * model.spreadY, 45)) return false;
  // Lit skin (a highlight on the forehead) is skin too: only blown-out white is refused.
  if (Y > 250) return false;
  // Generous on colour: the forehead is often lit differently from the cheeks (the model).
  const tolC = Math.max(4 * model.spreadC, 24);
  return Math.abs(b - Y - model.cb) <= tolC && Math.abs(r - Y - model.cr) <= tolC;
}

/**
 * Any skin, without the cheeks' model (a neck in shadow or lit otherwise than the cheek the
 * model came from): neither black nor blown out, warmer than grey (red above the luma, blue
 * below it) in the proportions of skin tones, light to dark.
 */
export function isSkinHue(r: number, g: number, b: number): boolean {
  const Y = lumaOf(r, g, b);
  if (Y < 35 || Y > 250) return false;
  const cr = r - Y;
  const cb = b - Y;
  return cr >= 10 && cb <= -6 && cr >= -0.5 * cb && cr <= -3 * cb;
}

/** Lips (redder than the skin) or skin: not darker than shadowed skin, at least as red. */
export function isLipOrSkin(model: SkinModel, r: number, g: number, b: number): boolean {
  const Y = lumaOf(r, g, b);
  if (Y < model.y - Math.max(3.5 * model.spreadY, 45)) return false;
  const tolC = Math.max(4 * model.spreadC, 24);
  return r - Y >= model.cr - tolC && Math.abs(b - Y - model.cb) <= 2 * tolC;
}

/** The skin model's colour back in RGB (Y, B−Y, R−Y → R, G, B). */
export function skinRgbOf(skin: SkinModel): readonly [number, number, number] {
  const skinR = skin.y + skin.cr;
  const skinB = skin.y + skin.cb;
  const skinG = (skin.y - 0.299 * skinR - 0.114 * skinB) / 0.587;
  return [skinR, skinG, skinB] as const;
}

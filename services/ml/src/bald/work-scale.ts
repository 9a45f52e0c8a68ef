import { columnTaps } from '../segmentation/matte.js';
import { clamp } from './raster.js';
import type { BaldResult } from './types.js';

/**
 * The removal's working resolution (bald.ts): the head scaled down to it, and the change scaled
 * back up to the photo's size ("upscale").
 */

/**
 * Bilinear resampling of an 8-bit image with `channels` channels from w × h to W × H (pixel
 * centres aligned, the taps of `resizePlane`). Scaling down by up to 2 reads every source pixel
 * at least once.
 */
export function resample(
  src: Uint8Array,
  w: number,
  h: number,
  channels: number,
  W: number,
  H: number,
): Uint8Array {
  const out = new Uint8Array(W * H * channels);
  const cols = columnTaps(w, W);
  const rows = columnTaps(h, H);
  for (let y = 0; y < H; y++) {
    const r0 = rows.x0s[y]! * w;
    const r1 = rows.x1s[y]! * w;
    const ty = rows.fxs[y]!;
    for (let x = 0; x < W; x++) {
      const x0 = cols.x0s[x]!;
      const x1 = cols.x1s[x]!;
      const tx = cols.fxs[x]!;
      const a = (r0 + x0) * channels;
      const b = (r0 + x1) * channels;
      const c = (r1 + x0) * channels;
      const d = (r1 + x1) * channels;
      const o = (y * W + x) * channels;
      for (let k = 0; k < channels; k++) {
        const top = src[a + k]! + (src[b + k]! - src[a + k]!) * tx;
        const bottom = src[c + k]! + (src[d + k]! - src[c + k]!) * tx;
        out[o + k] = Math.round(top + (bottom - top) * ty);
      }
    }
  }
  return out;
}

/**
 * A mask scaled up to W × H by the largest of the (up to four) pixels `resample` would blend:
 * every pixel the scaled-down removal touched is fully covered at full size (bilinear alone
 * left the hair's rim half replaced, its strands showing through the fill).
 */
function resampleMax(src: Uint8Array, w: number, h: number, W: number, H: number): Uint8Array {
  const out = new Uint8Array(W * H);
  const cols = columnTaps(w, W);
  const rows = columnTaps(h, H);
  for (let y = 0; y < H; y++) {
    const r0 = rows.x0s[y]! * w;
    const r1 = rows.x1s[y]! * w;
    for (let x = 0; x < W; x++) {
      const x0 = cols.x0s[x]!;
      const x1 = cols.x1s[x]!;
      out[y * W + x] = Math.max(src[r0 + x0]!, src[r0 + x1]!, src[r1 + x0]!, src[r1 + x1]!);
    }
  }
  return out;
}

/**
 * The full-size result of a removal worked on scaled down: the scaled result scaled back up,
 * plus the photo's own detail (what the scaling lost) in proportion to how much of each pixel
 * the removal kept (1 − mask). Where the mask is 0 the photo is returned byte for byte; where it
 * is 255 the fill alone (no ghost of the hair's strands); between, the kept hair or face keeps
 * its sharpness. Also returns the mask scaled up (`resampleMax`).
 */
export function pasteChange(
  crop: Uint8Array,
  workPhoto: Uint8Array,
  part: BaldResult,
  w: number,
  h: number,
): { out: Uint8Array; mask: Uint8Array } {
  const mask = resampleMax(part.mask, part.width, part.height, w, h);
  const out = new Uint8Array(crop);
  const pw = part.width;
  const ph = part.height;
  const fx = pw / w;
  const fy = ph / h;
  const { data } = part;
  // (Bilinear, as `resample`, only where the mask is set: most of the crop is left as it is.)
  for (let y = 0; y < h; y++) {
    const sy = clamp((y + 0.5) * fy - 0.5, 0, ph - 1);
    const y0 = Math.floor(sy);
    const y1 = Math.min(ph - 1, y0 + 1);
    const ty = sy - y0;
    for (let x = 0; x < w; x++) {
      const m = mask[y * w + x]!;
      if (m === 0) continue;
      const kept = 1 - m / 255;
      const sx = clamp((x + 0.5) * fx - 0.5, 0, pw - 1);
      const x0 = Math.floor(sx);
      const x1 = Math.min(pw - 1, x0 + 1);
      const tx = sx - x0;
      const i00 = (y0 * pw + x0) * 3;
      const i01 = (y0 * pw + x1) * 3;
      const i10 = (y1 * pw + x0) * 3;
      const i11 = (y1 * pw + x1) * 3;
      for (let k = 0; k < 3; k++) {
        const j = (y * w + x) * 3 + k;
        const top = data[i00 + k]! + (data[i01 + k]! - data[i00 + k]!) * tx;
        const up = top + (data[i10 + k]! + (data[i11 + k]! - data[i10 + k]!) * tx - top) * ty;
        let detail = 0;
        if (kept > 0) {
          const t = workPhoto[i00 + k]! + (workPhoto[i01 + k]! - workPhoto[i00 + k]!) * tx;
          const b = workPhoto[i10 + k]! + (workPhoto[i11 + k]! - workPhoto[i10 + k]!) * tx;
          detail = kept * (crop[j]! - (t + (b - t) * ty));
        }
        out[j] = clamp(Math.round(up + detail), 0, 255);
      }
    }
  }
  return { out, mask };
}

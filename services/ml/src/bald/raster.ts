/** Small raster helpers for the bald fill: polygon fill, dilation, box blur. Pure. */

export type Vec2 = [number, number];

/** Luma (Rec. 601) of an RGB colour, 0–255. */
export const lumaOf = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/** Sets `mask` to 1 inside the closed polygon (even-odd rule, pixel centres). */
export function fillPolygon(mask: Uint8Array, width: number, height: number, poly: Vec2[]): void {
  if (poly.length < 3) return;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const p of poly) {
    minY = Math.min(minY, p[1]);
    maxY = Math.max(maxY, p[1]);
  }
  const y0 = Math.max(0, Math.ceil(minY - 0.5));
  const y1 = Math.min(height - 1, Math.floor(maxY - 0.5));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    xs.length = 0;
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!;
      const b = poly[(i + 1) % poly.length]!;
      if (a[1] <= cy !== b[1] <= cy) xs.push(a[0] + ((cy - a[1]) / (b[1] - a[1])) * (b[0] - a[0]));
    }
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
      const to = Math.min(width - 1, Math.floor(xs[k + 1]! - 0.5));
      for (let x = from; x <= to; x++) mask[y * width + x] = 1;
    }
  }
}

/** Binary dilation by a (2r+1)² square, separable. Returns a new mask of 0/1. */
export function dilate(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const radius = Math.max(0, Math.round(r));
  if (radius === 0) return Uint8Array.from(mask, (v) => (v ? 1 : 0));
  const tmp = new Uint8Array(mask.length);
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let last = -Infinity; // last set x seen so far, scanning right
    for (let x = 0; x < width; x++) {
      if (mask[row + x]) last = x;
      if (x - last <= radius) tmp[row + x] = 1;
    }
    last = Infinity;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[row + x]) last = x;
      if (last - x <= radius) tmp[row + x] = 1;
    }
  }
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < height; y++) {
      if (tmp[y * width + x]) last = y;
      if (y - last <= radius) out[y * width + x] = 1;
    }
    last = Infinity;
    for (let y = height - 1; y >= 0; y--) {
      if (tmp[y * width + x]) last = y;
      if (last - y <= radius) out[y * width + x] = 1;
    }
  }
  return out;
}

/** Box blur of a single-channel float image, radius r (clamped edges), separable. */
export function boxBlur(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const radius = Math.max(0, Math.round(r));
  if (radius === 0) return src.slice();
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const norm = 1 / (2 * radius + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let acc = 0;
    for (let k = -radius; k <= radius; k++) acc += src[row + clamp(k, 0, width - 1)]!;
    for (let x = 0; x < width; x++) {
      tmp[row + x] = acc * norm;
      acc +=
        src[row + clamp(x + radius + 1, 0, width - 1)]! -
        src[row + clamp(x - radius, 0, width - 1)]!;
    }
  }
  for (let x = 0; x < width; x++) {
    let acc = 0;
    for (let k = -radius; k <= radius; k++) acc += tmp[clamp(k, 0, height - 1) * width + x]!;
    for (let y = 0; y < height; y++) {
      out[y * width + x] = acc * norm;
      acc +=
        tmp[clamp(y + radius + 1, 0, height - 1) * width + x]! -
        tmp[clamp(y - radius, 0, height - 1) * width + x]!;
    }
  }
  return out;
}

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp((x - edge0) / (edge1 - edge0), 0, 1);
  return t * t * (3 - 2 * t);
}

/**
 * Distance (pixels; chamfer 1 / √2: never below the Euclidean, at most 8.3 % above it) from each
 * pixel to the nearest pixel set in `mask`; Infinity when none is set. Two passes.
 */
export function distanceTo(mask: Uint8Array, width: number, height: number): Float32Array {
  const d = new Float32Array(width * height);
  for (let i = 0; i < d.length; i++) d[i] = mask[i] ? 0 : Infinity;
  const diagonal = Math.SQRT2;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x > 0) v = Math.min(v, d[i - 1]! + 1);
      if (y > 0) {
        v = Math.min(v, d[i - width]! + 1);
        if (x > 0) v = Math.min(v, d[i - width - 1]! + diagonal);
        if (x < width - 1) v = Math.min(v, d[i - width + 1]! + diagonal);
      }
      d[i] = v;
    }
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x < width - 1) v = Math.min(v, d[i + 1]! + 1);
      if (y < height - 1) {
        v = Math.min(v, d[i + width]! + 1);
        if (x < width - 1) v = Math.min(v, d[i + width + 1]! + diagonal);
        if (x > 0) v = Math.min(v, d[i + width - 1]! + diagonal);
      }
      d[i] = v;
    }
  return d;
}

/**
 * OKLab (Björn Ottosson, 2020): a perceptual colour space where L is lightness and (a, b) carry
 * chroma and hue. Conversions from/to 8-bit sRGB with lookup tables for the transfer curves.
 */

export interface Lab {
  L: number;
  a: number;
  b: number;
}

/** sRGB 8-bit → linear 0..1. */
export const srgbToLinearLut = (() => {
  const lut = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    lut[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return lut;
})();

const linearLutSize = 8192;
/** linear 0..1 (quantized to 1/8191) → sRGB 8-bit. */
const linearToSrgbLut = (() => {
  const lut = new Uint8Array(linearLutSize);
  for (let i = 0; i < linearLutSize; i++) {
    const c = i / (linearLutSize - 1);
    const s = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
    lut[i] = Math.max(0, Math.min(255, Math.round(s * 255)));
  }
  return lut;
})();

export function linearToSrgb8(c: number): number {
  if (!(c > 0)) return 0;
  if (c >= 1) return 255;
  // Rounds half up like Math.round (which V8 runs about 5× slower than this, per pixel).
  return linearToSrgbLut[(c * (linearLutSize - 1) + 0.5) | 0]!;
}

const cbrtFloat = new Float32Array(1);
const cbrtBits = new Uint32Array(cbrtFloat.buffer);

/**
 * Cube root of a linear-light value (≥ 0): a first guess from the float's bits, then two Halley
 * steps; within 2e-14 of Math.cbrt and twice as fast in V8 (three per pixel of hair).
 */
export function cbrtLinear(x: number): number {
  if (!(x > 0)) return 0;
  cbrtFloat[0] = x;
  cbrtBits[0] = ((cbrtBits[0]! / 3) | 0) + 709921077;
  let t = cbrtFloat[0];
  let t3 = t * t * t;
  t = (t * (t3 + 2 * x)) / (2 * t3 + x);
  t3 = t * t * t;
  return (t * (t3 + 2 * x)) / (2 * t3 + x);
}

export function linearRgbToOklab(r: number, g: number, b: number, out: Lab): Lab {
  const l = cbrtLinear(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = cbrtLinear(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = cbrtLinear(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  out.L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  out.a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  out.b = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return out;
}

/** OKLab → linear RGB (may leave 0..1 for out-of-gamut colours; callers clip). */
export function oklabToLinearRgb(L: number, a: number, b: number, out: Float32Array): Float32Array {
  const l_ = L + 0.3963377774 * a + 0.2158037573 * b;
  const m_ = L - 0.1055613458 * a - 0.0638541728 * b;
  const s_ = L - 0.0894841775 * a - 1.291485548 * b;
  const l = l_ * l_ * l_;
  const m = m_ * m_ * m_;
  const s = s_ * s_ * s_;
  out[0] = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s;
  out[1] = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s;
  out[2] = -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s;
  return out;
}

export function hexToOklab(hex: string): Lab {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(match[1], 16);
  return linearRgbToOklab(
    srgbToLinearLut[(n >> 16) & 255]!,
    srgbToLinearLut[(n >> 8) & 255]!,
    srgbToLinearLut[n & 255]!,
    { L: 0, a: 0, b: 0 },
  );
}

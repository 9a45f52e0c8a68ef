/**
 * OKLab (Björn Ottosson, 2020): a perceptual colour space where L is lightness and (a, b) carry
 * chroma and hue. Conversions from/to 8-bit sRGB with lookup tables for the transfer curves, and
 * the exact curves the tables are built from. Plain arithmetic: no Node or DOM, so the ML service
 * and the browser run the same code.
 */

export interface Lab {
  L: number;
  a: number;
  b: number;
}

/** An sRGB byte → linear light, 0..1. */
export function srgbToLinear(byte: number): number {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Linear light → sRGB 0..1 (not clipped). */
export function linearToSrgb(c: number): number {
  return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
}

/** sRGB 8-bit → linear 0..1. */
export const srgbToLinearLut = (() => {
  const lut = new Float32Array(256);
  for (let i = 0; i < 256; i++) lut[i] = srgbToLinear(i);
  return lut;
})();

const linearLutSize = 8192;
/** linear 0..1 (quantized to 1/8191) → sRGB 8-bit. */
const linearToSrgbLut = (() => {
  const lut = new Uint8Array(linearLutSize);
  for (let i = 0; i < linearLutSize; i++) {
    lut[i] = Math.max(0, Math.min(255, Math.round(linearToSrgb(i / (linearLutSize - 1)) * 255)));
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
 * First guesses for cbrtLinear over 2^-32 ≤ x < 2 (linear light, and the LMS mixes of it): the
 * cube root at the middle of each 1/128 of an octave, indexed by x's float32 exponent and first 7
 * mantissa bits; within 1.3e-3 of the cube root anywhere in its segment.
 */
const cbrtSeedFirst = (127 - 32) << 7;
const cbrtSeeds = (() => {
  const seeds = new Float64Array(33 << 7);
  for (let k = 0; k < seeds.length; k++) {
    const bits = (cbrtSeedFirst + k) << 16;
    cbrtBits[0] = bits | 0x8000;
    seeds[k] = Math.cbrt(cbrtFloat[0]!);
  }
  return seeds;
})();

/**
 * Cube root of a linear-light value (≥ 0): a guess from a table, then one Halley step (cubic
 * convergence: within 2e-9 of Math.cbrt, relative, below float32's rounding of the results);
 * about 3× as fast in V8 as Math.cbrt, and 1.4× as fast as the two Halley steps from a guess
 * from the float's bits it replaces (runs three times per new colour of hair, once per pixel
 * around it). Outside the table, that guess and two steps (within 2e-14).
 */
export function cbrtLinear(x: number): number {
  if (!(x > 0)) return 0;
  cbrtFloat[0] = x;
  const k = (cbrtBits[0]! >>> 16) - cbrtSeedFirst;
  let t: number;
  let t3: number;
  if (k >= 0 && k < cbrtSeeds.length) {
    t = cbrtSeeds[k]!;
  } else {
    cbrtBits[0] = ((cbrtBits[0]! / 3) | 0) + 709921077;
    t = cbrtFloat[0];
    t3 = t * t * t;
    t = (t * (t3 + 2 * x)) / (2 * t3 + x);
  }
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

/**
 * OKLab of 8-bit sRGB colours, remembered: a photo's hair holds far fewer colours than pixels
 * (JPEG's smooth gradients), so most pixels skip the three cube roots. Direct-mapped (a colour's
 * slot from a hash of its 24 bits; a new colour evicts the slot's old one) and kept between calls.
 * Exactly linearRgbToOklab's values.
 */
const memoBits = 15;
const memoKeys = new Int32Array(1 << memoBits).fill(-1);
const memoLab = new Float64Array(3 << memoBits);

export function srgb8ToOklab(r: number, g: number, b: number, out: Lab): Lab {
  const key = (r << 16) | (g << 8) | b;
  const slot = Math.imul(key, 0x9e3779b1) >>> (32 - memoBits);
  const at = 3 * slot;
  if (memoKeys[slot] !== key) {
    linearRgbToOklab(srgbToLinearLut[r]!, srgbToLinearLut[g]!, srgbToLinearLut[b]!, out);
    memoKeys[slot] = key;
    memoLab[at] = out.L;
    memoLab[at + 1] = out.a;
    memoLab[at + 2] = out.b;
    return out;
  }
  out.L = memoLab[at]!;
  out.a = memoLab[at + 1]!;
  out.b = memoLab[at + 2]!;
  return out;
}

/** OKLab → linear RGB (may leave 0..1 for out-of-gamut colours; callers clip). */
export function oklabToLinearRgb<T extends Float32Array | Float64Array | number[]>(
  L: number,
  a: number,
  b: number,
  out: T,
): T {
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

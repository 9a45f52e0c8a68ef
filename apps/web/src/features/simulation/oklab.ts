/**
 * OKLab (Björn Ottosson's matrices) for the browser's colour work: the overlay tint (tint.ts) and
 * the live recolour preview (live-preview.ts). The ML service has its own copy
 * (services/ml/src/color/oklab.ts): the web cannot import the service.
 */

export interface Lab {
  L: number;
  a: number;
  b: number;
}

/** An sRGB byte → linear light, 0..1. */
export function srgbToLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** Linear light → sRGB 0..1 (not clipped). */
export function linearToSrgb(v: number): number {
  return v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
}

/** Linear RGB → OKLab, into `out`. */
export function linearToOklab(r: number, g: number, b: number, out: Lab): void {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  out.L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  out.a = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  out.b = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
}

/** OKLab → linear RGB (not clipped), into `out` [r, g, b]. */
export function oklabToLinear(L: number, a: number, b: number, out: Float64Array | number[]): void {
  const l_ = L + 0.3963377774 * a + 0.2158037573 * b;
  const m_ = L - 0.1055613458 * a - 0.0638541728 * b;
  const s_ = L - 0.0894841775 * a - 1.291485548 * b;
  const l = l_ * l_ * l_;
  const m = m_ * m_ * m_;
  const s = s_ * s_ * s_;
  out[0] = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s;
  out[1] = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s;
  out[2] = -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s;
}

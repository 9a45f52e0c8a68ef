import {
  linearToOklab,
  linearToSrgb,
  oklabToLinear,
  srgbToLinear as toLinear,
  type Lab,
} from './oklab';
import { hexToRgb, rgbToOklab } from './tint';

/**
 * The live colour preview (issue 6): the ML service's recolour (services/ml/src/color/recolor.ts)
 * redone in the browser from the photo and the service's hair matte (/hair-mask/predict/v1), so a
 * tap or a slider move shows the dyed hair at once; the service's own image replaces it when it
 * arrives, and only that image is saved or shared.
 *
 * The recolour splits into what depends on the photo and matte only — the hair's box, its
 * lightness statistics, the smooth local hair and background colours, the edge unmixing, each
 * pixel's hair colour F and its shading + texture — computed once per photo (analyseHair), and
 * what depends on the colour and strength: a few formulas per pixel, run by a WebGL2 fragment
 * shader, or by dyePixels on a 2D canvas when WebGL2 is not available. The web app may not import
 * the service (ESLint), so this is a port: the same steps in the same order, without the
 * service's speed tables (exact cube roots and tanh instead), checked against it in
 * live-preview.test.ts.
 */

/** sRGB 8-bit → linear 0..1. */
const srgbToLinear = Float32Array.from({ length: 256 }, (_, i) => toLinear(i));

/** linear 0..1 (in 1/8191 steps, as the service's table) → sRGB 8-bit. */
const linearToSrgbLut = (() => {
  const lut = new Uint8Array(8192);
  for (let i = 0; i < lut.length; i++) {
    lut[i] = Math.round(linearToSrgb(i / (lut.length - 1)) * 255);
  }
  return lut;
})();

function linearToSrgb8(v: number): number {
  if (!(v > 0)) return 0;
  if (v >= 1) return 255;
  return linearToSrgbLut[(v * 8191 + 0.5) | 0]!;
}

/** limit · tanh(v / limit). */
const softLimit = (v: number, limit: number) => limit * Math.tanh(v / limit);

function softClip(L: number): number {
  const knee = 0.86;
  if (L <= knee) return L < 0.02 ? 0.02 : L;
  const room = 0.985 - knee;
  return knee + room * Math.tanh((L - knee) / room);
}

/** The service's threshold: matte values at or below it are not hair. */
const minMatte = 1 / 255;

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

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function boundingBox(matte: Float32Array, width: number, height: number): Box | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!(matte[y * width + x]! > minMatte)) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

/** In-place separable box blur (radius r, edges clamped). */
function boxBlur(src: Float32Array, w: number, h: number, r: number): void {
  const tmp = new Float32Array(src.length);
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let k = -r; k <= r; k++) sum += src[y * w + Math.min(w - 1, Math.max(0, x + k))]!;
      tmp[y * w + x] = sum * norm;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let k = -r; k <= r; k++) sum += tmp[Math.min(h - 1, Math.max(0, y + k)) * w + x]!;
      src[y * w + x] = sum * norm;
    }
  }
}

/** 1 within `band` px (square window) of a pixel whose matte is ≥ 0.5. */
function edgeBand(half: Uint8Array, bw: number, bh: number, band: number): Uint8Array {
  const rows = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++)
      if (half[y * bw + x])
        rows.fill(1, y * bw + Math.max(0, x - band), y * bw + Math.min(bw, x + band + 1));
  const near = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++)
      for (let k = Math.max(0, y - band); k <= Math.min(bh - 1, y + band); k++)
        if (rows[k * bw + x]) {
          near[y * bw + x] = 1;
          break;
        }
  return near;
}

function bilinear(
  plane: Float32Array,
  k00: number,
  k01: number,
  k10: number,
  k11: number,
  w00: number,
  w01: number,
  w10: number,
  w11: number,
): number {
  return plane[k00]! * w00 + plane[k01]! * w01 + plane[k10]! * w10 + plane[k11]! * w11;
}

/**
 * The colour-independent half of the service's recolour (recolorHair's analyseBox, blurs, edge
 * band and the first part of dyeBox) for `photo` and its matte (`mask`: one byte per pixel,
 * 255 = hair, as the mask endpoint sends it). Null when there is no hair.
 */
export function analyseHair(photo: Rgba, mask: Uint8Array): HairFields | null {
  const { data, width, height } = photo;
  if (mask.length !== width * height) throw new Error('mask size does not match the photo');
  const matte = new Float32Array(mask.length);
  for (let i = 0; i < mask.length; i++) matte[i] = mask[i]! / 255;
  const hairBox = boundingBox(matte, width, height);
  if (!hairBox) return null;
  const band = Math.max(2, Math.round(Math.max(width, height) * 0.004));
  const x0 = Math.max(0, hairBox.x0 - band);
  const y0 = Math.max(0, hairBox.y0 - band);
  const bw = Math.min(width - 1, hairBox.x1 + band) - x0 + 1;
  const bh = Math.min(height - 1, hairBox.y1 + band) - y0 + 1;
  const n = bw * bh;
  const L = new Float32Array(n);
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  const M = new Float32Array(n);
  const half = new Uint8Array(n);

  // Smooth local colours on a coarse grid: the hair's OKLab (weights m⁴), the background's
  // lightness (weights (1 − m)⁴).
  const radius = Math.max(2, Math.round(Math.max(width, height) * 0.008));
  const step = radius >= 6 ? 3 : radius >= 4 ? 2 : 1;
  const cw = Math.ceil(bw / step);
  const ch = Math.ceil(bh / step);
  const base = new Float32Array(cw * ch);
  const baseA = new Float32Array(cw * ch);
  const baseB = new Float32Array(cw * ch);
  const weight = new Float32Array(cw * ch);
  const backL = new Float32Array(cw * ch);
  const backWeight = new Float32Array(cw * ch);
  const lab: Lab = { L: 0, a: 0, b: 0 };
  let sw = 0;
  let sl = 0;
  let sll = 0;
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const j = y * bw + x;
      const i = (y0 + y) * width + x0 + x;
      const m = matte[i]!;
      M[j] = m;
      half[j] = m >= 0.5 ? 1 : 0;
      const k = Math.floor(y / step) * cw + Math.floor(x / step);
      const r = srgbToLinear[data[4 * i]!]!;
      const g = srgbToLinear[data[4 * i + 1]!]!;
      const b = srgbToLinear[data[4 * i + 2]!]!;
      if (m <= minMatte) {
        const l = Math.fround(Math.cbrt(0.2126 * r + 0.7152 * g + 0.0722 * b));
        L[j] = l;
        const u = 1 - m;
        const wb = u * u * (u * u);
        backL[k]! += l * wb;
        backWeight[k]! += wb;
        continue;
      }
      linearToOklab(r, g, b, lab);
      L[j] = lab.L;
      A[j] = lab.a;
      B[j] = lab.b;
      const l = L[j];
      const wh = m * m * (m * m);
      sw += wh;
      sl += wh * lab.L;
      sll += wh * lab.L * lab.L;
      if (m < 0.5) {
        const u = 1 - m;
        const wb = u * u * (u * u);
        backL[k]! += l * wb;
        backWeight[k]! += wb;
      }
      base[k]! += l * wh;
      baseA[k]! += A[j] * wh;
      baseB[k]! += B[j] * wh;
      weight[k]! += wh;
    }
  }
  const meanL = sw > 0 ? sl / sw : 0.5;
  const stdL = Math.max(0.03, sw > 0 ? Math.sqrt(Math.max(0, sll / sw - meanL * meanL)) : 0.1);
  const smallRadius = Math.max(1, Math.round(radius / step));
  for (let pass = 0; pass < 2; pass++)
    for (const plane of [base, baseA, baseB, weight, backL, backWeight])
      boxBlur(plane, cw, ch, smallRadius);
  const near = edgeBand(half, bw, bh, band);

  const textureLimit = 2.5 * stdL;
  const hair = new Float32Array(4 * n);
  const shade = new Float32Array(2 * n);
  for (let y = 0; y < bh; y++) {
    const fy = Math.min(ch - 1, Math.max(0, (y + 0.5) / step - 0.5));
    const cy0 = Math.floor(fy);
    const row0 = cy0 * cw;
    const row1 = Math.min(ch - 1, cy0 + 1) * cw;
    const ty = fy - cy0;
    for (let x = 0; x < bw; x++) {
      const j = y * bw + x;
      let m = M[j]!;
      const isNear = near[j] === 1;
      if (m <= minMatte && !isNear) continue;
      const i = (y0 + y) * width + x0 + x;
      const fx = Math.min(cw - 1, Math.max(0, (x + 0.5) / step - 0.5));
      const cx0 = Math.floor(fx);
      const tx = fx - cx0;
      const k00 = row0 + cx0;
      const k01 = row0 + Math.min(cw - 1, cx0 + 1);
      const k10 = row1 + cx0;
      const k11 = row1 + Math.min(cw - 1, cx0 + 1);
      const w00 = (1 - tx) * (1 - ty);
      const w01 = tx * (1 - ty);
      const w10 = (1 - tx) * ty;
      const w11 = tx * ty;
      // The local hair colour around the pixel and, in the edge band, the local background's
      // lightness (−1: none).
      const withBack = m < 0.98 && isNear;
      const den = bilinear(weight, k00, k01, k10, k11, w00, w01, w10, w11);
      const hasHair = den > 1e-4;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = -1;
      if (hasHair) {
        s0 = Math.fround(bilinear(base, k00, k01, k10, k11, w00, w01, w10, w11) / den);
        s1 = Math.fround(bilinear(baseA, k00, k01, k10, k11, w00, w01, w10, w11) / den);
        s2 = Math.fround(bilinear(baseB, k00, k01, k10, k11, w00, w01, w10, w11) / den);
        if (withBack) {
          const back = bilinear(backWeight, k00, k01, k10, k11, w00, w01, w10, w11);
          if (back > 1e-4)
            s3 = Math.fround(bilinear(backL, k00, k01, k10, k11, w00, w01, w10, w11) / back);
        }
      }
      let unmixed = false;
      if (withBack && hasHair && s3 >= 0) {
        // Edge band: the hair's share from lightness between the local hair and background.
        const contrast = s0 - s3;
        if (Math.abs(contrast) > 0.12) {
          const alpha = Math.min(1, Math.max(0, (L[j]! - s3) / contrast));
          const refined = m < 0.9 ? alpha : Math.max(m, alpha);
          if (refined > minMatte && m <= minMatte) {
            linearToOklab(
              srgbToLinear[data[4 * i]!]!,
              srgbToLinear[data[4 * i + 1]!]!,
              srgbToLinear[data[4 * i + 2]!]!,
              lab,
            );
            L[j] = lab.L;
            A[j] = lab.a;
            B[j] = lab.b;
          }
          m = refined;
          unmixed = true;
        }
      }
      if (m <= minMatte) continue;
      const l0 = L[j]!;
      if (!hasHair) {
        s0 = l0;
        s1 = A[j]!;
        s2 = B[j]!;
      }
      // The hair colour F in the pixel (edge pixels lean on the nearby hair's colour).
      const keep = unmixed ? 0 : m;
      hair[4 * j] = m;
      hair[4 * j + 1] = keep * l0 + (1 - keep) * s0;
      hair[4 * j + 2] = keep * A[j]! + (1 - keep) * s1;
      hair[4 * j + 3] = keep * B[j]! + (1 - keep) * s2;
      const fL = hair[4 * j + 1]!;
      // Texture and shading, both soft-limited to the hair's spread (their gains are equal).
      shade[2 * j] = softLimit(fL - s0, textureLimit) + softLimit(s0 - meanL, textureLimit);
      // Far outside the hair's lightness: probably skin, background or a glint: dyed less.
      const z = Math.abs(l0 - meanL) / stdL;
      shade[2 * j + 1] = z <= 2.2 ? 1 : Math.max(0, 1 - (z - 2.2) / (m > 0.9 ? 3 : 1.5));
    }
  }
  return { width, height, box: { x0, y0, width: bw, height: bh }, hair, shade, meanL, stdL };
}

/** The dye, the same for every pixel: what the shader's uniforms hold. */
export interface Dye {
  strength: number;
  targetL: number;
  gain: number;
  targetChroma: number;
  hueA: number;
  hueB: number;
  darkChroma: number;
  lightChroma: number;
}

export function dyeOf(fields: HairFields, hex: string, strength: number): Dye {
  const target = rgbToOklab(...hexToRgb(hex));
  // The spread follows the lightness ratio (dark hair low-contrast, light hair higher), bounded.
  const ratio = target.L / Math.max(0.05, fields.meanL);
  const spreadOut = Math.min(0.13, Math.max(0.035, fields.stdL * Math.sqrt(ratio)));
  const targetChroma = Math.hypot(target.a, target.b);
  return {
    strength: Math.min(1, Math.max(0, strength)),
    targetL: target.L,
    gain: spreadOut / fields.stdL,
    targetChroma,
    hueA: targetChroma > 1e-6 ? target.a / targetChroma : 0,
    hueB: targetChroma > 1e-6 ? target.b / targetChroma : 0,
    darkChroma: 1 / Math.max(0.05, target.L),
    lightChroma: 0.65 / Math.max(0.05, 1 - target.L),
  };
}

/**
 * recolor.ts's overPaint from the darkest channel of I − m·F (linear RGB): how far to paint the
 * dyed hair over the pixel instead of swapping its hair share, 0..1.
 */
function overPaint(least: number, m: number): number {
  if (m >= 0.999 || least >= 0) return 0;
  return Math.min(1, -least / (1 - m) / 0.1);
}

/**
 * The recoloured photo into `out` (RGBA, the photo's size; pixels outside the hair are copied):
 * the CPU twin of the fragment shader below.
 */
export function dyePixels(photo: Rgba, fields: HairFields, dye: Dye, out: Uint8ClampedArray): void {
  out.set(photo.data);
  const { box, hair, shade } = fields;
  const dyed = new Float64Array(3);
  const hairNow = new Float64Array(3);
  const original = new Float64Array(3);
  const now = new Float64Array(3);
  for (let y = 0; y < box.height; y++) {
    for (let x = 0; x < box.width; x++) {
      const j = y * box.width + x;
      const m = hair[4 * j]!;
      if (m <= 0) continue;
      const fL = hair[4 * j + 1]!;
      const fa = hair[4 * j + 2]!;
      const fb = hair[4 * j + 3]!;
      const newL = softClip(dye.targetL + shade[2 * j]! * dye.gain);
      // Chroma follows lightness: less in the shadows, highlights fading toward white.
      const chroma =
        dye.targetChroma *
        (newL <= dye.targetL
          ? Math.max(0.3, newL * dye.darkChroma)
          : Math.max(0.35, 1 - (newL - dye.targetL) * dye.lightChroma));
      const s = dye.strength * shade[2 * j + 1]!;
      oklabToLinear(
        fL + s * (newL - fL),
        fa + s * (dye.hueA * chroma - fa),
        fb + s * (dye.hueB * chroma - fb),
        dyed,
      );
      const core = m >= 0.999;
      if (!core) oklabToLinear(fL, fa, fb, hairNow);
      const o = 4 * ((box.y0 + y) * fields.width + box.x0 + x);
      // Swap the hair's share of the pixel for the dyed hair: I' = I + m·(F' − F), or paint the
      // dyed hair over it where the swap would take out more hair colour than it holds.
      let least = Infinity;
      for (let c = 0; c < 3; c++) {
        original[c] = srgbToLinear[photo.data[o + c]!]!;
        now[c] = core ? original[c]! : Math.min(1, Math.max(0, hairNow[c]!));
        least = Math.min(least, original[c]! - m * now[c]!);
      }
      const over = overPaint(least, m);
      for (let c = 0; c < 3; c++) {
        const i0 = original[c]!;
        const f = now[c]!;
        out[o + c] = linearToSrgb8(
          i0 + m * (Math.min(1, Math.max(0, dyed[c]!)) - f) + over * m * (f - i0),
        );
      }
    }
  }
}

/** Draws the preview of a colour and strength on its own canvas. */
export interface PreviewRenderer {
  readonly canvas: HTMLCanvasElement;
  readonly kind: 'webgl' | '2d';
  draw(hex: string, strength: number): void;
  dispose(): void;
}

const vertexShader = `#version 300 es
in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); }`;

const fragmentShader = `#version 300 es
precision highp float;
precision highp int;
uniform sampler2D photo;
uniform highp sampler2D hair;
uniform highp sampler2D shade;
uniform ivec4 box;
uniform int photoHeight;
uniform float strength, targetL, gain, targetChroma, hueA, hueB, darkChroma, lightChroma;
out vec4 color;

vec3 toLinear(vec3 c) {
  return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), c));
}
vec3 toSrgb(vec3 v) {
  v = clamp(v, 0.0, 1.0);
  return mix(12.92 * v, 1.055 * pow(v, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), v));
}
vec3 oklabToLinear(vec3 lab) {
  float l = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z;
  float m = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z;
  float s = lab.x - 0.0894841775 * lab.y - 1.291485548 * lab.z;
  l = l * l * l;
  m = m * m * m;
  s = s * s * s;
  return vec3(
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s);
}
float softClip(float L) {
  const float knee = 0.86;
  const float room = 0.985 - knee;
  return L <= knee ? max(L, 0.02) : knee + room * tanh((L - knee) / room);
}

void main() {
  // Canvas rows run top-down in the textures, bottom-up in gl_FragCoord.
  ivec2 p = ivec2(int(gl_FragCoord.x), photoHeight - 1 - int(gl_FragCoord.y));
  vec4 original = texelFetch(photo, p, 0);
  color = vec4(original.rgb, 1.0);
  ivec2 q = p - box.xy;
  if (any(lessThan(q, ivec2(0))) || any(greaterThanEqual(q, box.zw))) return;
  vec4 h = texelFetch(hair, q, 0);
  float m = h.x;
  if (m <= 0.0) return;
  vec2 sh = texelFetch(shade, q, 0).xy;
  float newL = softClip(targetL + sh.x * gain);
  float chroma = targetChroma * (newL <= targetL
    ? max(0.3, newL * darkChroma)
    : max(0.35, 1.0 - (newL - targetL) * lightChroma));
  float s = strength * sh.y;
  vec3 dyed = clamp(oklabToLinear(vec3(
    h.y + s * (newL - h.y),
    h.z + s * (hueA * chroma - h.z),
    h.w + s * (hueB * chroma - h.w))), 0.0, 1.0);
  vec3 linear = toLinear(original.rgb);
  vec3 hairNow = m >= 0.999 ? linear : clamp(oklabToLinear(h.yzw), 0.0, 1.0);
  // overPaint: paint over where the swap implies a background below 0 (recolor.ts).
  vec3 implied = linear - m * hairNow;
  float least = min(implied.x, min(implied.y, implied.z)) / max(1.0 - m, 1e-6);
  float over = m >= 0.999 ? 0.0 : clamp(-least / 0.1, 0.0, 1.0);
  color = vec4(toSrgb(linear + m * (dyed - hairNow) + over * m * (hairNow - linear)), 1.0);
}`;

function newCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  // Photo pixels stretched over the stage, like the photo's <img>.
  Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%' });
  return canvas;
}

function createWebglRenderer(photo: Rgba, fields: HairFields): PreviewRenderer | null {
  const canvas = newCanvas(photo.width, photo.height);
  // preserveDrawingBuffer: the picture stays readable (e2e reads its pixels) between draws.
  const gl = canvas.getContext('webgl2', {
    alpha: false,
    antialias: false,
    depth: false,
    preserveDrawingBuffer: true,
  });
  if (!gl) return null;
  const compile = (type: number, source: string) => {
    const shader = gl.createShader(type)!;
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    return shader;
  };
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl.VERTEX_SHADER, vertexShader));
  gl.attachShader(program, compile(gl.FRAGMENT_SHADER, fragmentShader));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return null;
  gl.useProgram(program);

  const quad = gl.createBuffer();
  gl.bindBuffer(gl.ARRAY_BUFFER, quad);
  gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
  const position = gl.getAttribLocation(program, 'position');
  gl.enableVertexAttribArray(position);
  gl.vertexAttribPointer(position, 2, gl.FLOAT, false, 0, 0);

  // Bytes as they are: no colour management, no premultiplication, rows top-down.
  gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  const { box } = fields;
  const textures = [
    { name: 'photo', internal: gl.RGBA8, format: gl.RGBA, type: gl.UNSIGNED_BYTE },
    { name: 'hair', internal: gl.RGBA16F, format: gl.RGBA, type: gl.FLOAT },
    { name: 'shade', internal: gl.RG16F, format: gl.RG, type: gl.FLOAT },
  ].map(({ name, internal, format, type }, unit) => {
    const texture = gl.createTexture();
    gl.activeTexture(gl.TEXTURE0 + unit);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    for (const parameter of [gl.TEXTURE_MIN_FILTER, gl.TEXTURE_MAG_FILTER])
      gl.texParameteri(gl.TEXTURE_2D, parameter, gl.NEAREST);
    for (const parameter of [gl.TEXTURE_WRAP_S, gl.TEXTURE_WRAP_T])
      gl.texParameteri(gl.TEXTURE_2D, parameter, gl.CLAMP_TO_EDGE);
    const [width, height, pixels] =
      name === 'photo'
        ? [
            photo.width,
            photo.height,
            new Uint8Array(photo.data.buffer, photo.data.byteOffset, photo.data.byteLength),
          ]
        : [box.width, box.height, name === 'hair' ? fields.hair : fields.shade];
    gl.texImage2D(gl.TEXTURE_2D, 0, internal, width, height, 0, format, type, pixels);
    gl.uniform1i(gl.getUniformLocation(program, name), unit);
    return texture;
  });
  gl.uniform4i(gl.getUniformLocation(program, 'box'), box.x0, box.y0, box.width, box.height);
  gl.uniform1i(gl.getUniformLocation(program, 'photoHeight'), photo.height);
  if (gl.getError() !== gl.NO_ERROR) return null;
  gl.viewport(0, 0, photo.width, photo.height);

  const uniforms = (
    [
      'strength',
      'targetL',
      'gain',
      'targetChroma',
      'hueA',
      'hueB',
      'darkChroma',
      'lightChroma',
    ] as const
  ).map((name) => [name, gl.getUniformLocation(program, name)] as const);
  return {
    canvas,
    kind: 'webgl',
    draw(hex, strength) {
      const dye = dyeOf(fields, hex, strength);
      for (const [name, location] of uniforms) gl.uniform1f(location, dye[name]);
      gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    },
    dispose() {
      for (const texture of textures) gl.deleteTexture(texture);
      gl.deleteBuffer(quad);
      gl.deleteProgram(program);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    },
  };
}

function createCanvasRenderer(photo: Rgba, fields: HairFields): PreviewRenderer | null {
  const canvas = newCanvas(photo.width, photo.height);
  const context = canvas.getContext('2d');
  if (!context) return null;
  const image = context.createImageData(photo.width, photo.height);
  return {
    canvas,
    kind: '2d',
    draw(hex, strength) {
      dyePixels(photo, fields, dyeOf(fields, hex, strength), image.data);
      context.putImageData(image, 0, 0);
    },
    dispose() {
      canvas.width = 0;
    },
  };
}

/** A renderer for the photo: WebGL2 when the browser has it, else a 2D canvas; null if neither. */
export function createPreviewRenderer(photo: Rgba, fields: HairFields): PreviewRenderer | null {
  return createWebglRenderer(photo, fields) ?? createCanvasRenderer(photo, fields);
}

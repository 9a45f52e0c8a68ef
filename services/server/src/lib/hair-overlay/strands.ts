import type { Rng } from '../prng.js';
import { ORIGIN, type Pt, T, toBoard } from './canonical-head.js';
import type { Raster } from './raster.js';
import { curveLength, lerp, resample, smooth } from './raster.js';
import { type Patch, type Seam } from './patches.js';

/** Colour and light of the hair, and the strands drawn along each patch. */

type Rgb = [number, number, number];
const hexRgb = (hex: string): Rgb => [
  parseInt(hex.slice(1, 3), 16) / 255,
  parseInt(hex.slice(3, 5), 16) / 255,
  parseInt(hex.slice(5, 7), 16) / 255,
];
/** Natural dark brown: shadow, base, warm highlight (the screen may tint the result). */
const SHADOW = hexRgb('#140d09');
const BASE = hexRgb('#3b2a20');
const LIGHT = hexRgb('#8a6446');

/** Specular highlight of glossy hair: a pale warm grey, not a lighter brown. */
const SHINE = hexRgb('#c9a583');

function shade(l: number, hueShift: number, grey = 0, shine = 0): Rgb {
  const c: Rgb =
    l < 1
      ? [
          lerp(SHADOW[0], BASE[0], Math.max(0, l)),
          lerp(SHADOW[1], BASE[1], Math.max(0, l)),
          lerp(SHADOW[2], BASE[2], Math.max(0, l)),
        ]
      : [
          lerp(BASE[0], LIGHT[0], Math.min(1.3, l - 1)),
          lerp(BASE[1], LIGHT[1], Math.min(1.3, l - 1)),
          lerp(BASE[2], LIGHT[2], Math.min(1.3, l - 1)),
        ];
  // Warmer or cooler strands.
  const out: Rgb = [c[0] * (1 + hueShift), c[1], c[2] * (1 - hueShift)];
  if (grey > 0) {
    const y = 0.3 * out[0] + 0.59 * out[1] + 0.11 * out[2];
    for (let k = 0; k < 3; k++) out[k] = lerp(out[k]!, y, grey);
  }
  if (shine > 0) for (let k = 0; k < 3; k++) out[k] = lerp(out[k]!, SHINE[k]!, Math.min(1, shine));
  return out;
}

/** The "angel ring": a bright band across the crown, parallel to the head's outline. */
function crownLight(x: number, y: number, top: number): number {
  // Temple units. The band sits a quarter of the way down from the top of the hair.
  const rx = 0.75;
  const u = Math.min(1, Math.abs(x) / rx);
  const ringY = top + 0.2 + (1 - Math.sqrt(1 - u * u)) * 0.55;
  const d = (y - ringY) / 0.09;
  if (d > 3 || d < -3) return 0;
  return Math.exp(-d * d) * (1 - u * u * 0.6);
}

// ---------------------------------------------------------------------------------------------
// Strands.

interface StrandPath {
  pts: Pt[];
  /** 0..1 along the full path from root to tip, per point. */
  t: number[];
}

/** Hair in the seam's shadow, and the pale line of scalp in a hard parting. */
const SEAM = shade(0.3, 0);
const SCALP = shade(1.9, 0);

/** The seam's band along its line, then the line of scalp on top. */
export function drawSeam(ras: Raster, s: Seam): void {
  const control = s.seam.map(toBoard);
  const n = Math.max(8, Math.ceil(curveLength(control) / 3));
  const line = resample(control, n);
  const width = 2 * s.half * T;
  const length = curveLength(line);
  for (let i = 1; i < n; i++) {
    const t = i / (n - 1);
    const [x0, y0] = line[i - 1]!;
    const [x1, y1] = line[i]!;
    // Fades in over the first pixels above the hairline (a little scalp shows at the root of a
    // parting) and narrows to a point in the outline's dip at the top, where both sides' roots
    // meet.
    const root = smooth(0, 0.03 * T, t * length);
    if (width > 0)
      ras.segment(x0, y0, x1, y1, width * (1 - 0.8 * smooth(0.6, 1, t)), root, SEAM, 4);
    if (s.scalp > 0) ras.segment(x0, y0, x1, y1, 1.2, s.scalp * (1 - smooth(0.35, 0.8, t)), SCALP);
  }
}

export function drawPatch(ras: Raster, p: Patch, rng: Rng, top: number): void {
  const lenA = curveLength(p.a.map(toBoard));
  const lenB = curveLength(p.b.map(toBoard));
  const n = Math.max(8, Math.ceil(Math.max(lenA, lenB) / 5));
  const ga = resample(p.a.map(toBoard), n);
  const gb = resample(p.b.map(toBoard), n);
  const pathAt = (s: number): Pt[] =>
    ga.map((a, i) => [lerp(a[0], gb[i]![0], s), lerp(a[1], gb[i]![1], s)]);
  const lenAt = (s: number) => lerp(lenA, lenB, s);

  /** The path of one strand at s with lateral offsets, waves and curls, points [i0, i1]. */
  const strandPath = (
    s: number,
    offset: number,
    wobble: { amp: number; freq: number; phase: number },
    wavePhase: number,
    tEnd: number,
    i0: number,
    i1: number,
    tipGather: number,
  ): StrandPath => {
    const base = pathAt(s);
    const len = lenAt(s);
    const pts: Pt[] = [];
    const ts: number[] = [];
    for (let i = i0; i <= i1; i++) {
      const prev = base[Math.max(0, i - 1)]!;
      const next = base[Math.min(n - 1, i + 1)]!;
      let tx = next[0] - prev[0];
      let ty = next[1] - prev[1];
      const tl = Math.hypot(tx, ty) || 1;
      tx /= tl;
      ty /= tl;
      const nx = -ty;
      const ny = tx;
      const t = i / (n - 1);
      const arc = t * len;
      // Locks gather towards their tips.
      const own = offset * (1 - tipGather * smooth(0.3, 1, t / Math.max(0.05, tEnd)));
      let lateral = own + wobble.amp * Math.sin(arc * wobble.freq + wobble.phase);
      if (p.wave > 0) {
        const ramp = smooth(p.waveFrom, p.waveFrom + 0.2, t);
        lateral +=
          p.wave * T * ramp * Math.sin((arc / (p.wavePeriod * T)) * Math.PI * 2 + wavePhase);
      }
      let x = base[i]![0] + nx * lateral;
      let y = base[i]![1] + ny * lateral;
      if (p.curl !== 0) {
        // The last part of the strand bends inwards (C-curl) and a little up.
        const c = smooth(0.72, 1, t / Math.max(0.05, tEnd));
        x += p.inward * p.curl * T * c * c;
        y -= Math.abs(p.curl) * T * 0.35 * c * c * c;
      }
      pts.push([x, y]);
      ts.push(t);
    }
    return { pts, t: ts };
  };

  // Which way the strands' normal points from guide a towards guide b (for strays off the b edge).
  const mid = Math.floor(n / 2);
  const tx = ga[Math.min(n - 1, mid + 1)]![0] - ga[Math.max(0, mid - 1)]![0];
  const ty = ga[Math.min(n - 1, mid + 1)]![1] - ga[Math.max(0, mid - 1)]![1];
  const towardB =
    -ty * (gb[mid]![0] - ga[mid]![0]) + tx * (gb[mid]![1] - ga[mid]![1]) >= 0 ? 1 : -1;
  const lightAt = (x: number, y: number) =>
    crownLight((x - ORIGIN[0]) / T, (y - ORIGIN[1]) / T, top);

  // Underpaint: wide soft strands so the mass reads solid between the hairs.
  if (p.under > 0) {
    const count = Math.ceil((p.strands / 20) * (0.6 + p.span * 0.4));
    for (let k = 0; k < count; k++) {
      const s = 0.03 + (0.94 * (k + rng.float())) / count;
      const tEnd =
        (1 - (rng.chance(p.layered) ? rng.range(0, 0.3) : rng.range(0, 0.04))) *
        (1 - p.arch * (2 * s - 1) ** 2);
      const i1 = Math.round(tEnd * (n - 1));
      const path = strandPath(s, 0, { amp: 0, freq: 0, phase: 0 }, 0, tEnd, 0, i1, 0);
      const w = rng.range(8, 13);
      for (let i = 1; i < path.pts.length; i++) {
        const t = path.t[i]! / Math.max(0.05, tEnd);
        const fade = (1 - smooth(0.72, 1, t)) * (1 - smooth(1 - p.endFade, 1.05, path.t[i]!));
        const root = smooth(0, p.rootFade, path.t[i]!);
        const l = 0.35 * p.depth + 0.3 * lightAt(path.pts[i]![0], path.pts[i]![1]);
        const a = path.pts[i - 1]!;
        const b = path.pts[i]!;
        // A soft-edged stroke: the mass fades out over a few pixels, it is not cut.
        const width = w * (0.4 + 0.6 * fade);
        ras.segment(
          a[0],
          a[1],
          b[0],
          b[1],
          width * 0.6,
          p.under * 0.6 * fade * root,
          shade(l, 0, p.grey),
          width * 0.5,
        );
      }
    }
  }

  // Hairs, in locks.
  const locks = Math.max(1, Math.round(p.strands / p.lock));
  for (let k = 0; k < locks; k++) {
    const sc = (k + rng.float()) / locks;
    const lockL = rng.normalish(0.9, p.contrast);
    const lockHue = rng.range(-0.05, 0.07);
    const wobble = {
      amp: rng.range(0.5, 2.5),
      freq: rng.range(0.01, 0.03),
      phase: rng.range(0, 6.28),
    };
    const wavePhase = rng.range(-0.5, 0.5) * p.waveJitter;
    const short = rng.chance(p.layered);
    const lockEnd = short ? rng.range(0.65, 0.95) : rng.range(1 - 0.02 - p.layered * 0.15, 1);
    const archEnd = lockEnd * (1 - p.arch * (2 * sc - 1) ** 2);
    const perLock = Math.max(1, Math.round(p.lock * rng.range(0.6, 1.4)));
    // Only glossy patches draw these, so the other styles' random streams stay as they were.
    const glint = p.gloss > 0 ? { at: rng.range(0.2, 0.75), k: rng.range(0.2, 1) } : undefined;
    for (let j = 0; j < perLock; j++) {
      // Strands may stray a little past the guides, so the outline is soft rather than cut.
      const s = sc + rng.normalish(0, p.spread);
      if (s < -0.04 || s > 1.04) continue;
      // Near either edge some hairs stand off the mass by a few pixels: a soft outline.
      const edge = s > 0.9 ? towardB : s < 0.1 ? -towardB : 0;
      const stray = edge !== 0 && rng.chance(0.45) ? rng.range(0.5, 5) : 0;
      const offset = rng.normalish(0, 2.2) + edge * stray;
      const tEnd = Math.min(1, archEnd + rng.range(-0.04, 0.02));
      let i0 = 0;
      let i1 = Math.round(tEnd * (n - 1));
      // Pieces of short hair fade in at their start, unless they start at the root.
      let fadeIn = false;
      if (p.span < 1) {
        const pieces = Math.max(3, Math.round(p.span * (n - 1)));
        const start = rng.int(
          -Math.round(pieces * 0.3),
          Math.max(0, i1 - Math.round(pieces * 0.7)),
        );
        i0 = Math.max(0, start);
        i1 = Math.min(i1, start + pieces);
        fadeIn = start > 0;
      }
      if (i1 - i0 < 2) continue;
      const path = strandPath(
        s,
        offset,
        {
          amp: wobble.amp + rng.range(-0.4, 0.4),
          freq: wobble.freq,
          phase: wobble.phase + rng.range(-0.3, 0.3),
        },
        wavePhase + rng.range(-0.08, 0.08),
        tEnd,
        i0,
        i1,
        p.clump,
      );
      const width = rng.range(p.minWidth, p.maxWidth);
      const alpha = p.alpha * rng.range(0.55, 1) * (s < 0 || s > 1 || stray > 2 ? 0.5 : 1);
      const strandL = lockL * rng.normalish(1, 0.16) * p.depth;
      const hue = lockHue + rng.range(-0.03, 0.03);
      const m = path.pts.length;
      for (let i = 1; i < m; i++) {
        const q = i / (m - 1);
        // Taper: thin and transparent over the last part (and the first, for cut pieces).
        const tip = 1 - smooth(1 - p.taper, 1, q);
        const head =
          (fadeIn ? smooth(0, 0.15, q) : smooth(0, p.rootFade, path.t[i]!)) *
          (1 - smooth(1 - p.endFade, 1.05, path.t[i]!));
        const [x, y] = path.pts[i]!;
        const t = path.t[i]!;
        // Darker at the roots and towards the ends' underside, lit across the crown and on wave crests.
        const rootDark = p.span < 1 ? 1 : 0.78 + 0.22 * smooth(0, 0.12, t);
        const crest =
          p.wave > 0
            ? 0.18 *
              Math.max(
                0,
                Math.sin(((t * lenAt(s)) / (p.wavePeriod * T)) * Math.PI * 2 + wavePhase + 1.2),
              )
            : 0;
        const l = strandL * rootDark * (0.92 - 0.12 * t) + 0.75 * lightAt(x, y) + crest;
        const shine = glint
          ? p.gloss * (glint.k * Math.exp(-(((t - glint.at) / 0.1) ** 2)) + 0.5 * lightAt(x, y))
          : 0;
        const a = path.pts[i - 1]!;
        ras.segment(
          a[0],
          a[1],
          x,
          y,
          width * (0.35 + 0.65 * tip),
          alpha * tip * head,
          shade(l, hue, p.grey, shine),
        );
      }
    }
  }

  // Flyaways: a few long, thin, faint hairs off the outer guide.
  for (let k = 0; k < p.flyaways; k++) {
    const i0 = rng.int(Math.round(n * 0.05), Math.round(n * 0.7));
    const [x0, y0] = gb[i0]!;
    const next = gb[Math.min(n - 1, i0 + 2)]!;
    let ang = Math.atan2(next[1] - y0, next[0] - x0) + rng.range(-0.5, 0.5);
    let x = x0;
    let y = y0;
    const steps = rng.int(15, 40);
    const bend = rng.range(-0.06, 0.06);
    for (let i = 0; i < steps; i++) {
      const nx = x + Math.cos(ang) * 3;
      const ny = y + Math.sin(ang) * 3;
      const f = 1 - i / steps;
      ras.segment(x, y, nx, ny, 0.6, 0.45 * f, shade(1.15, 0.02));
      x = nx;
      y = ny;
      ang += bend;
    }
  }
}

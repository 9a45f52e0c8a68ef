import type { StyleAnchor } from '@carol/contracts';
import { Rng } from '../prng.js';

/**
 * Hairstyle overlays for the simulation, drawn strand by strand into an RGBA raster (no SVG: a
 * vector renderer cannot draw thousands of anti-aliased, tapering hairs fast enough).
 *
 * Every style is drawn around ONE canonical head, so the same anchors place every overlay. The
 * head is measured in "temple units" (T = distance between the two temple landmarks) from the
 * temples' midpoint, x to the image's right and y downwards, with the median layout of the ML
 * landmark points (services/ml/src/landmarks/face-geometry.ts) on the evaluation portraits:
 * temples (±0.5, 0), estimated hairline (0, -0.42), chin (0, 1.25), eyes (±0.26, 0.3), brows at
 * y ≈ 0.15, cheeks (±0.58, 0.43). Above the hairline the skull (not in the mesh) ends at about
 * y = -0.82.
 *
 * A style is a list of patches. A patch is the hair between two guide curves (from root to tip):
 * each strand follows the guides' blend at its own position `s` across the patch, locks of
 * strands share their path with small offsets (and gather at the tips), waves and curls displace
 * the path sideways, and strands taper thin and transparent at the ends. A dark underpaint of
 * wide soft strands keeps the mass opaque, and an opaque seam runs under each parting; the face
 * opening and the neck are cleared at the end.
 */

/**
 * Part of every overlay's file name: bump it when the drawing changes, so cached files of an
 * older drawing are not reused (without re-rendering every other seed image).
 */
export const HAIRSTYLE_VERSION = 'h5';

export const BOARD = { width: 800, height: 1000 } as const;
/** Board pixels per temple unit and where the temples' midpoint sits. */
const T = 180;
const ORIGIN: Pt = [400, 330];

type Pt = [number, number];

/** Canonical head points in temple units (see above). */
export const HEAD = {
  leftTemple: [-0.5, 0] as Pt,
  rightTemple: [0.5, 0] as Pt,
  hairline: [0, -0.42] as Pt,
  chin: [0, 1.25] as Pt,
  leftEye: [-0.26, 0.3] as Pt,
  rightEye: [0.26, 0.3] as Pt,
  browY: 0.15,
  noseTip: [0, 0.65] as Pt,
  skullTop: -0.82,
  /** Half width of the neck below the jaw. */
  neckHalf: 0.36,
} as const;

/** Half face oval (image-right side) from the forehead top to the chin, temple units. */
const faceHalfOval: readonly Pt[] = [
  [0, -0.42],
  [0.22, -0.38],
  [0.38, -0.26],
  [0.5, -0.06],
  [0.55, 0.1],
  [0.58, 0.3],
  [0.57, 0.54],
  [0.55, 0.67],
  [0.51, 0.8],
  [0.44, 0.92],
  [0.36, 1.01],
  [0.26, 1.09],
  [0.13, 1.2],
  [0, 1.25],
];

export function toBoard(p: Pt): Pt {
  return [ORIGIN[0] + p[0] * T, ORIGIN[1] + p[1] * T];
}

/** Where the canonical head sits on every overlay board (the landmarks' meaning). */
export function hairstyleAnchor(): StyleAnchor {
  const r = (p: Pt): Pt => [Math.round(p[0]), Math.round(p[1])];
  return {
    board: { width: BOARD.width, height: BOARD.height },
    leftTemple: r(toBoard(HEAD.leftTemple)),
    rightTemple: r(toBoard(HEAD.rightTemple)),
    hairline: r(toBoard(HEAD.hairline)),
    chin: r(toBoard(HEAD.chin)),
  };
}

// ---------------------------------------------------------------------------------------------
// Style description (content/hairstyles.ts fills these in).

export type Fringe =
  | 'none'
  /** Dense blunt bangs down to the brows. */
  | 'full'
  /** Sparse see-through bangs (시스루뱅). */
  | 'seeThrough'
  /** Parted in the middle, sweeping to the cheekbones. */
  | 'curtain'
  /** Swept across the forehead from the parting. */
  | 'side';

export type MaleTop =
  | 'forward'
  | 'comma'
  | 'pomade'
  | 'twoBlock'
  /** Crop cut: a two-block's close sides, a short blunt fringe across the upper forehead. */
  | 'crop'
  /** Mash wolf: the dandy's mushroom top with longer, flicked pieces at the nape. */
  | 'mashWolf'
  /** Regent (up-bang): the front lifted up and back, no hard parting, short sides. */
  | 'regent';

export interface HairstyleShape {
  /** Parting x in temple units (0 = centre, negative = the image's left). */
  part: number;
  /** Extra height of the hair above the skull top, temple units. */
  volume: number;
  /** Half width of the hair mass at the temples, temple units (skull ≈ 0.68). */
  width: number;
  /** y of the ends at the back/outside, temple units (chin = 1.25, shoulders ≈ 1.9). */
  length: number;
  /** y of the face-framing front ends (layers); defaults to `length`. */
  frontLength?: number;
  /** Half width at the ends. */
  endWidth: number;
  /** Share of strands cut shorter (layers) 0..1. */
  layered: number;
  /** Wave amplitude (temple units) and period (temple units of path length); 0 = straight. */
  wave: number;
  wavePeriod: number;
  /** How far the locks' waves fall out of step (default 1; see the patch's `waveJitter`). */
  waveJitter?: number;
  /** Tips curl inwards (C-curl, positive) or flick outwards (negative), temple units. */
  curl: number;
  fringe: Fringe;
  /** Fringe ends, y in temple units (brows ≈ 0.15). */
  fringeLength?: number;
  /**
   * Men: which cut (`forward` = the dandy's mushroom, falling forward; `twoBlock`, `comma`,
   * `pomade`, `crop`, `mashWolf`, `regent`), each with its own geometry and short sides.
   */
  male?: MaleTop;
}

// ---------------------------------------------------------------------------------------------
// Raster: premultiplied float RGBA, "over" compositing.

class Raster {
  readonly r: Float32Array;
  readonly g: Float32Array;
  readonly b: Float32Array;
  readonly a: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const n = width * height;
    this.r = new Float32Array(n);
    this.g = new Float32Array(n);
    this.b = new Float32Array(n);
    this.a = new Float32Array(n);
  }

  /**
   * One anti-aliased segment from p0 to p1 (half-open: pixels projecting beyond p1 are left to
   * the next segment, so a polyline's joints are not painted twice). The coverage falls off over
   * `soft` pixels at the edge (1 = a crisp line).
   */
  segment(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    width: number,
    alpha: number,
    c: readonly [number, number, number],
    soft = 1,
  ): void {
    const half = Math.max(0.5, width / 2);
    // Thinner than a pixel: keep one pixel of footprint and scale the coverage instead.
    const density = width < 1 ? width : 1;
    const reach = half + soft / 2;
    const minX = Math.max(0, Math.floor(Math.min(x0, x1) - reach - 0.5));
    const maxX = Math.min(this.width - 1, Math.ceil(Math.max(x0, x1) + reach + 0.5));
    const minY = Math.max(0, Math.floor(Math.min(y0, y1) - reach - 0.5));
    const maxY = Math.min(this.height - 1, Math.ceil(Math.max(y0, y1) + reach + 0.5));
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len2 = dx * dx + dy * dy;
    if (len2 < 1e-6) return;
    const [cr, cg, cb] = c;
    const reach2 = reach * reach;
    const invSoft = 1 / soft;
    const len = Math.sqrt(len2);
    // Mostly vertical segments (most hairs): only the few pixels of each row near the line.
    const steep = Math.abs(dy) > 0.35 * len;
    const rowHalf = steep ? (reach * len) / Math.abs(dy) + 1 : 0;
    for (let y = minY; y <= maxY; y++) {
      const py = y + 0.5 - y0;
      let xa = minX;
      let xb = maxX;
      if (steep) {
        const cx = x0 + (dx * py) / dy - 0.5;
        xa = Math.max(minX, Math.floor(cx - rowHalf));
        xb = Math.min(maxX, Math.ceil(cx + rowHalf));
      }
      for (let x = xa; x <= xb; x++) {
        const px = x + 0.5 - x0;
        const t = (px * dx + py * dy) / len2;
        if (t < 0 || t >= 1) continue;
        const ex = px - t * dx;
        const ey = py - t * dy;
        const d2 = ex * ex + ey * ey;
        if (d2 >= reach2) continue;
        let cov = (reach - Math.sqrt(d2)) * invSoft;
        if (cov > 1) cov = 1;
        const k = cov * density * alpha;
        const i = y * this.width + x;
        const keep = 1 - k;
        this.r[i] = cr * k + this.r[i]! * keep;
        this.g[i] = cg * k + this.g[i]! * keep;
        this.b[i] = cb * k + this.b[i]! * keep;
        this.a[i] = k + this.a[i]! * keep;
      }
    }
  }

  /** Multiplies the alpha (and the premultiplied colour) by `keep(x, y)`. */
  clear(keep: (x: number, y: number) => number, rows: [number, number] = [0, this.height]): void {
    for (let y = Math.max(0, rows[0]); y < Math.min(this.height, rows[1]); y++)
      for (let x = 0; x < this.width; x++) {
        const i = y * this.width + x;
        if (this.a[i] === 0) continue;
        const k = keep(x + 0.5, y + 0.5);
        if (k >= 1) continue;
        this.r[i] = this.r[i]! * k;
        this.g[i] = this.g[i]! * k;
        this.b[i] = this.b[i]! * k;
        this.a[i] = this.a[i]! * k;
      }
  }

  /** Straight (not premultiplied) 8-bit RGBA. */
  toRgba(): Buffer {
    const out = Buffer.alloc(this.width * this.height * 4);
    for (let i = 0; i < this.a.length; i++) {
      const a = this.a[i]!;
      if (a <= 0.002) continue;
      out[i * 4] = Math.min(255, Math.round((this.r[i]! / a) * 255));
      out[i * 4 + 1] = Math.min(255, Math.round((this.g[i]! / a) * 255));
      out[i * 4 + 2] = Math.min(255, Math.round((this.b[i]! / a) * 255));
      out[i * 4 + 3] = Math.min(255, Math.round(a * 255));
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Curves.

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const smooth = (e0: number, e1: number, v: number) => {
  const t = clamp01((v - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};

/** Catmull-Rom through the control points (board px), resampled to `n` points evenly by arc length. */
function resample(control: readonly Pt[], n: number): Pt[] {
  const dense: Pt[] = [];
  for (let i = 0; i < control.length - 1; i++) {
    const p0 = control[Math.max(0, i - 1)]!;
    const p1 = control[i]!;
    const p2 = control[i + 1]!;
    const p3 = control[Math.min(control.length - 1, i + 2)]!;
    for (let k = 0; k < 16; k++) {
      const t = k / 16;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number) =>
        0.5 *
        (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      dense.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  dense.push(control[control.length - 1]!);
  const acc = [0];
  for (let i = 1; i < dense.length; i++)
    acc.push(
      acc[i - 1]! + Math.hypot(dense[i]![0] - dense[i - 1]![0], dense[i]![1] - dense[i - 1]![1]),
    );
  const total = acc[acc.length - 1]!;
  const out: Pt[] = [];
  let j = 0;
  for (let k = 0; k < n; k++) {
    const target = (total * k) / (n - 1);
    while (j < acc.length - 2 && acc[j + 1]! < target) j++;
    const seg = acc[j + 1]! - acc[j]! || 1;
    const t = (target - acc[j]!) / seg;
    out.push([lerp(dense[j]![0], dense[j + 1]![0], t), lerp(dense[j]![1], dense[j + 1]![1], t)]);
  }
  return out;
}

function curveLength(points: readonly Pt[]): number {
  let len = 0;
  for (let i = 1; i < points.length; i++)
    len += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  return len;
}

// ---------------------------------------------------------------------------------------------
// Patches.

interface Patch {
  /** Guides from root to tip in temple units; strands blend them by their `s` in 0..1. */
  a: readonly Pt[];
  b: readonly Pt[];
  /** Strand count, at full length. */
  strands: number;
  /** Shade of the whole patch (under layers darker): multiplies the lightness. */
  depth: number;
  /** Strands are pieces [t0, t1] of the path: `span` = piece length as a share (1 = root to tip). */
  span: number;
  /** Share of strands ending early (layers) and how early at most. */
  layered: number;
  wave: number;
  wavePeriod: number;
  /** Where along the path the waves start (0..1). */
  waveFrom: number;
  /**
   * How far the locks' waves fall out of step (1: ±0.5 rad; a perm's tight waves need more, or
   * they line up into a crimped zig-zag).
   */
  waveJitter: number;
  curl: number;
  /** Which side "inwards" is for curls (-1: towards the image's left). */
  inward: number;
  /** Strands per lock and how tightly locks gather at the tips (0..1). */
  lock: number;
  clump: number;
  /** Base alpha of a strand (see-through fringes are lower) and the underpaint's. */
  alpha: number;
  under: number;
  /** Strand widths in px. */
  minWidth: number;
  maxWidth: number;
  /** Lateral jitter of a lock, temple units. */
  spread: number;
  /** Tips taper over this share of the strand. */
  taper: number;
  /** Stray hairs leaving the outline. */
  flyaways: number;
  /** Roots fade in over this share of the path (hair emerging from under other hair). */
  rootFade: number;
  /** The last share of the path fades out (faded clipper cuts at the men's sides). */
  endFade: number;
  /** Strands towards both edges end earlier by up to this share: an arched fringe line. */
  arch: number;
  /** Spread of the locks' lightness: lower is a softer, smoother mass, higher is streakier. */
  contrast: number;
  /** Colour washed towards grey (0..1): clipped stubble over the skin reads grey, not brown. */
  grey: number;
  /**
   * Wet-look shine (pomade): each lock carries a bright streak of this strength somewhere along
   * its length, so combed ridges glint one by one instead of one soft band.
   */
  gloss: number;
}

const patchDefaults: Omit<Patch, 'a' | 'b' | 'strands'> = {
  depth: 1,
  span: 1,
  layered: 0,
  wave: 0,
  wavePeriod: 1,
  waveFrom: 0.3,
  waveJitter: 1,
  curl: 0,
  inward: 1,
  lock: 14,
  clump: 0.5,
  alpha: 0.8,
  under: 0.75,
  minWidth: 0.7,
  maxWidth: 1.5,
  spread: 0.012,
  taper: 0.25,
  flyaways: 0,
  rootFade: 0.008,
  endFade: 0,
  arch: 0,
  contrast: 0.3,
  grey: 0,
  gloss: 0,
};

function patch(p: Partial<Patch> & Pick<Patch, 'a' | 'b' | 'strands'>): Patch {
  return { ...patchDefaults, ...p };
}

/**
 * The hair under a parting. The two sides' strands leave from the same root line in opposite
 * directions, so a seam of nothing opens between them, and over a photo the background would show
 * through it as a crack running up out of the head. A real parting shows the hair's shadow there
 * (and at most a fine line of scalp), so an opaque band of the shadow colour runs under the seam
 * from the hairline up into the outline; the strands of both sides cover its edges. It draws no
 * random numbers, so the strands of a style are the same with or without it.
 */
interface Seam {
  /** The parting from the hairline to the outline, temple units. */
  seam: readonly Pt[];
  /** Half width of the band, temple units: wider than the seam the strands leave; 0 = none. */
  half: number;
  /**
   * Strength of a fine pale line of scalp along the lower part (a hard parting, drawn over the
   * strands' roots as its own layer); 0 = none.
   */
  scalp: number;
}

/** What a style is drawn from, back to front. */
type Layer = Patch | Seam;

/**
 * The seam under a parting from `from` (at the hairline) to `to`: just past the point where the
 * two sides' outer roots meet, so its tip fills the dip they leave in the outline.
 */
function seam(from: Pt, to: Pt): Seam {
  return { seam: [from, to], half: 0.04, scalp: 0 };
}

/** The layers of one style, back to front. */
function buildLayers(shape: HairstyleShape): Layer[] {
  return shape.male ? malePatches(shape) : womanPatches(shape);
}

/**
 * The hair covering one side of the skull from the crown down past the temple to the sideburn
 * (`end`, temple units) and over the ear, flowing down; `close` = the men's closer outline, which
 * hugs the skull and narrows towards the ear (the men's cuts set their own hair on it).
 */
function sideCover(sgn: 1 | -1, end: number, close: boolean): Patch {
  return patch({
    a: [
      [sgn * 0.36, -0.46],
      [sgn * 0.5, -0.22],
      [sgn * 0.56, 0.02],
      [sgn * 0.59, end * 0.6],
      [sgn * 0.61, end],
    ],
    // Short hair hugs the skull and narrows towards the ear; longer hair hangs straighter.
    b: close
      ? [
          [sgn * 0.5, HEAD.skullTop + 0.06],
          [sgn * 0.8, -0.44],
          [sgn * 0.86, -0.12],
          [sgn * 0.83, end * 0.36],
          [sgn * 0.72, end - 0.04],
        ]
      : [
          [sgn * 0.5, HEAD.skullTop + 0.06],
          [sgn * 0.8, -0.42],
          [sgn * 0.88, -0.08],
          [sgn * 0.87, end * 0.55],
          [sgn * 0.82, end - 0.04],
        ],
    strands: 1100,
    span: 0.8,
    depth: 0.72,
    lock: 12,
    clump: 0.4,
    alpha: 0.85,
    under: 0.85,
    minWidth: 0.6,
    maxWidth: 1.4,
    taper: 0.4,
    inward: -sgn,
    endFade: 0.12,
  });
}

function womanPatches(h: HairstyleShape): Layer[] {
  const out: Layer[] = [];
  const top = HEAD.skullTop - h.volume;
  const front = h.frontLength ?? h.length;
  const long = h.length > 1.5;
  const side = (sgn: 1 | -1) => {
    // Outer guide: from the crown round the head (an ellipse through the top and the widest
    // point) to the temples, then down to the ends.
    const cy = -0.05;
    const ry = cy - top;
    const arc = (deg: number): Pt => {
      const a = (deg * Math.PI) / 180;
      return [sgn * h.width * Math.sin(a), cy - ry * Math.cos(a)];
    };
    const wMid = lerp(h.width, h.endWidth, 0.35);
    const outer: Pt[] = [
      [h.part * 0.4, top],
      arc(30),
      arc(58),
      arc(80),
      [sgn * h.width, 0.12],
      [sgn * wMid, Math.min(h.length - 0.15, 0.55)],
    ];
    if (h.length > 1.1) outer.push([sgn * lerp(wMid, h.endWidth, 0.6), lerp(0.55, h.length, 0.55)]);
    outer.push([sgn * h.endWidth, h.length]);
    // Inner guide: from the parting at the hairline along the hairline to the temple, then
    // down beside the face.
    const cheek = Math.min(0.64, h.width - 0.04) + h.wave * 0.7;
    const inner: Pt[] = [
      [h.part + sgn * 0.006, HEAD.hairline[1] + 0.01],
      [lerp(h.part, sgn * 0.5, 0.6), -0.36],
      [sgn * 0.49, -0.18],
      [sgn * 0.55, 0.02],
      [sgn * cheek, 0.22],
    ];
    if (front > 0.6) inner.push([sgn * (cheek + 0.01), Math.min(front - 0.1, 0.7)]);
    if (front > 1.2) inner.push([sgn * (cheek + 0.03), lerp(0.7, front, 0.5)]);
    inner.push([sgn * lerp(cheek + 0.04, h.endWidth - 0.1, long ? 0.5 : 0.2), front]);
    return { outer, inner };
  };
  const common = {
    layered: h.layered,
    wave: h.wave,
    wavePeriod: h.wavePeriod,
    waveJitter: h.waveJitter ?? 1,
    waveFrom: long ? 0.3 : 0.45,
    curl: h.curl,
  };
  // Hair behind the neck and shoulders, seen between the neck and the front hair: darker.
  if (h.length > 1.3)
    for (const sgn of [-1, 1] as const)
      out.push(
        patch({
          a: [
            [sgn * 0.6, 0.5],
            [sgn * 0.5, 1.0],
            [sgn * 0.4, h.length - 0.1],
          ],
          b: [
            [sgn * (h.width - 0.05), 0.3],
            [sgn * (h.width + 0.02), 1.0],
            [sgn * (h.endWidth - 0.05), h.length - 0.05],
          ],
          strands: 700,
          depth: 0.45,
          ...common,
          inward: -sgn,
          curl: h.curl * 0.5,
          under: 0.9,
          rootFade: 0.15,
        }),
      );
  // Under the sides: the hair over the side of the skull, in front of and above the ear, hugging
  // the face oval behind the temple (the bald photo's skull reaches about 0.83 T out there).
  for (const sgn of [-1, 1] as const) out.push(sideCover(sgn, 0.45, false));
  // The two sides, each from the parting: the side of the parting with more hair is wider. Their
  // roots run from the parting at the hairline to the crown's top, over the seam's band.
  out.push(seam([h.part, HEAD.hairline[1] + 0.01], [h.part * 0.4, top - 0.02]));
  for (const sgn of [-1, 1] as const) {
    const { outer, inner } = side(sgn);
    const share = 0.5 + (sgn * -h.part) / 1.3;
    out.push(
      patch({
        a: inner,
        b: outer,
        strands: Math.round((long ? 2000 : 1600) * Math.max(0.5, share * 2) ** 0.5),
        ...common,
        inward: -sgn,
        flyaways: long ? 14 : 8,
      }),
    );
  }
  const fringeEnd = h.fringeLength ?? HEAD.browY - 0.04;
  if (h.fringe === 'full' || h.fringe === 'seeThrough') {
    const thin = h.fringe === 'seeThrough';
    const w = thin ? 0.44 : 0.52;
    out.push(
      patch({
        a: [
          [-0.08, top + 0.12],
          [-0.3, -0.55],
          [-w, -0.2],
          [-w - 0.02, fringeEnd - 0.04],
        ],
        b: [
          [0.08, top + 0.12],
          [0.3, -0.55],
          [w, -0.2],
          [w + 0.02, fringeEnd - 0.04],
        ],
        strands: thin ? 420 : 1300,
        lock: thin ? 18 : 16,
        clump: thin ? 0.85 : 0.35,
        alpha: thin ? 0.55 : 0.85,
        under: thin ? 0.12 : 0.75,
        layered: thin ? 0.3 : 0.08,
        arch: thin ? 0.1 : 0.05,
        taper: thin ? 0.4 : 0.12,
        spread: thin ? 0.008 : 0.012,
        depth: 1.02,
      }),
    );
  } else if (h.fringe === 'curtain') {
    for (const sgn of [-1, 1] as const)
      out.push(
        patch({
          a: [
            [sgn * 0.02, HEAD.hairline[1] - 0.02],
            [sgn * 0.12, -0.3],
            [sgn * 0.34, -0.05],
            [sgn * 0.56, fringeEnd],
          ],
          b: [
            [sgn * 0.12, top + 0.15],
            [sgn * 0.42, -0.55],
            [sgn * 0.58, -0.2],
            [sgn * 0.66, fringeEnd + 0.1],
          ],
          strands: 520,
          lock: 16,
          clump: 0.6,
          alpha: 0.8,
          under: 0.35,
          layered: 0.35,
          taper: 0.35,
          inward: -sgn,
          curl: -0.04,
          depth: 1.02,
        }),
      );
  } else if (h.fringe === 'side') {
    const s = h.part < 0 ? 1 : -1;
    out.push(
      patch({
        a: [
          [h.part + s * 0.02, HEAD.hairline[1] - 0.03],
          [h.part + s * 0.25, -0.35],
          [s * 0.3, -0.16],
          [s * 0.56, fringeEnd],
        ],
        b: [
          [h.part * 0.5, top + 0.1],
          [s * 0.25, -0.62],
          [s * 0.55, -0.35],
          [s * 0.66, fringeEnd - 0.15],
        ],
        strands: 650,
        lock: 16,
        clump: 0.55,
        under: 0.45,
        layered: 0.3,
        taper: 0.35,
        inward: -s,
        curl: 0.02,
        depth: 1.02,
      }),
    );
  }
  return out;
}

/** Mirrors a guide (given for the image's left side) to the side `sgn`. */
const mirror = (sgn: 1 | -1, pts: readonly Pt[]): Pt[] => pts.map(([x, y]): Pt => [-sgn * x, y]);

/**
 * A clipper cut over one side of the skull (the area of {@link sideCover}): tiny pieces of
 * stubble hugging the skull, washed grey because the skin shows between them, fading out
 * towards the ear. `alpha`/`under` set how much skin shows through, `endFade` how long the fade is.
 */
function clipperSide(
  sgn: 1 | -1,
  o: Pick<Patch, 'strands' | 'alpha' | 'under' | 'grey' | 'depth' | 'span' | 'endFade'>,
): Patch {
  return {
    ...sideCover(sgn, 0.5, true),
    lock: 3,
    clump: 0.1,
    maxWidth: 0.9,
    ...o,
  };
}

function malePatches(h: HairstyleShape): Layer[] {
  switch (h.male) {
    case 'twoBlock':
      return twoBlockPatches(h);
    case 'crop':
      return twoBlockPatches(h, CROP);
    case 'mashWolf':
      return [...wolfNape(h), ...dandyPatches(h)];
    case 'regent':
      return pomadePatches(h, { hardPart: false, gloss: 0.35 });
    case 'comma':
      return commaPatches(h);
    case 'pomade':
      return pomadePatches(h);
    default:
      return dandyPatches(h);
  }
}

/** How a two-block-like cut is drawn (the crop cut shares the geometry). */
interface BlockCut {
  /** The clipped sides' stubble: alpha, underpaint, grey wash. */
  side: { alpha: number; under: number; grey: number };
  /**
   * y where the top's guides end (its longest strands, over the forehead, end there) and how much
   * shorter its outer strands are (`arch`: ending at the step).
   */
  topEnd: number;
  topArch: number;
  /** The fringe: share cut short, arch of its line, taper of the pieces, clump of the locks. */
  fringe: {
    strands: number;
    layered: number;
    arch: number;
    taper: number;
    clump: number;
    lock: number;
  };
}

const TWO_BLOCK: BlockCut = {
  side: { alpha: 0.5, under: 0.3, grey: 0.5 },
  topEnd: 0.1,
  topArch: 0.17,
  fringe: { strands: 880, layered: 0.4, arch: 0.18, taper: 0.5, clump: 0.92, lock: 32 },
};

/** Crop cut: a fade at the sides and a short, nearly straight textured fringe. */
const CROP: BlockCut = {
  side: { alpha: 0.5, under: 0.35, grey: 0.5 },
  topEnd: -0.05,
  topArch: 0.06,
  fringe: { strands: 1000, layered: 0.12, arch: 0.05, taper: 0.3, clump: 0.7, lock: 20 },
};

/**
 * Two-block (투블럭): the sides and back clipped close, grey stubble from the temples down; the
 * long top lies on the skull (not above it: until h5 it stood off the sides at the step, 0.9 out,
 * and read as a cap over the head), its ends reaching just past the skull's outline at the
 * step; it falls forward into a textured fringe of uneven pieces down to the brows.
 */
function twoBlockPatches(h: HairstyleShape, cut: BlockCut = TWO_BLOCK): Layer[] {
  const out: Layer[] = [];
  const top = HEAD.skullTop - h.volume;
  const end = h.fringeLength ?? HEAD.browY - 0.05;
  for (const sgn of [-1, 1] as const)
    out.push(
      clipperSide(sgn, {
        strands: 1300,
        ...cut.side,
        depth: 0.8,
        span: 0.03,
        endFade: 0.5,
      }),
    );
  // The top section: from the crown over the parietal ridge, falling forward and to the sides,
  // hugging the skull; `arch` ends the outer strands early, at the step (about 0.3 above the
  // temples), so the lid is one piece that is longest over the forehead (under the fringe).
  const stepX = h.width - 0.05;
  const guide: Pt[] = [
    [0.02, top],
    [-0.46, top + 0.06],
    [-stepX + 0.03, -0.58],
    [-stepX, -0.3],
    [-stepX + 0.05, cut.topEnd],
  ];
  out.push(
    patch({
      a: guide,
      b: mirror(1, guide),
      strands: 2600,
      span: 0.9,
      lock: 16,
      clump: 0.8,
      layered: 0.15,
      arch: cut.topArch,
      taper: 0.4,
      depth: 0.95,
      flyaways: 3,
    }),
  );
  // The fringe: the top falls forward to its line in pieces of uneven length. Rooted across the
  // crown, not at one point, so the strands do not meet in a star.
  const fringe: Pt[] = [
    [-0.14, top + 0.1],
    [-0.24, -0.7],
    [-0.38, -0.42],
    [-0.46, Math.min(-0.1, end - 0.1)],
    [-0.48, end],
  ];
  out.push(
    patch({
      a: fringe,
      b: mirror(1, fringe),
      ...cut.fringe,
      alpha: 0.9,
      under: 0.45,
      depth: 1.05,
      wave: 0.012,
      wavePeriod: 0.5,
      waveFrom: 0.5,
    }),
  );
  return out;
}

/**
 * The mash wolf's nape: longer pieces behind the ears down to the neck's sides, layered and
 * flicked outwards (the "wolf" under a mushroom top).
 */
function wolfNape(h: HairstyleShape): Layer[] {
  const out: Layer[] = [];
  const end = Math.max(0.7, h.length);
  for (const sgn of [-1, 1] as const)
    out.push(
      patch({
        a: mirror(sgn, [
          [-0.6, -0.1],
          [-0.62, 0.3],
          [-0.56, end * 0.75],
          [-0.5, end],
        ]),
        b: mirror(sgn, [
          [-0.8, -0.3],
          [-0.84, 0.1],
          [-0.8, end * 0.6],
          [-0.76, end - 0.04],
        ]),
        strands: 900,
        lock: 14,
        clump: 0.75,
        layered: 0.5,
        taper: 0.45,
        depth: 0.78,
        under: 0.6,
        curl: -0.05,
        inward: -sgn,
        rootFade: 0.15,
      }),
    );
  return out;
}

/**
 * Dandy cut (댄디컷 / マッシュ): a rounded mushroom. The sides are not clipped: scissor-cut hair
 * from the crown rounds over the head and covers the top of the ears, ends turned in; a dense
 * fringe covers the forehead down to the brows in a soft round line.
 */
function dandyPatches(h: HairstyleShape): Layer[] {
  const out: Layer[] = [];
  const top = HEAD.skullTop - h.volume;
  const end = h.fringeLength ?? HEAD.browY - 0.05;
  const w = h.width + 0.06;
  // Scissor-cut sides: the close cover's outline (narrowing towards the ear, so the mushroom
  // tucks in at the bottom) with longer, denser hair than a clipper leaves.
  for (const sgn of [-1, 1] as const)
    out.push({
      ...sideCover(sgn, 0.42, true),
      strands: 1600,
      span: 0.5,
      lock: 8,
      clump: 0.2,
      alpha: 0.8,
      under: 0.8,
      depth: 0.8,
      maxWidth: 1.1,
      endFade: 0.3,
    });
  for (const sgn of [-1, 1] as const)
    out.push(
      patch({
        // Both sides start a little past the middle of the crown, so no scalp shows between them.
        a: mirror(sgn, [
          [0.03, top + 0.02],
          [-0.3, -0.64],
          [-0.5, -0.3],
          [-0.58, 0],
          [-0.6, 0.22],
        ]),
        b: mirror(sgn, [
          [0.0, top],
          [-0.46, top + 0.05],
          [-w + 0.08, -0.66],
          [-w, -0.36],
          [-w - 0.01, -0.06],
          [-w + 0.12, 0.24],
        ]),
        strands: 1800,
        lock: 16,
        clump: 0.6,
        layered: 0.25,
        curl: 0.05,
        inward: -sgn,
        taper: 0.4,
        under: 0.85,
        depth: 0.95,
        contrast: 0.16,
        flyaways: 2,
      }),
    );
  const fringe: Pt[] = [
    [-0.12, top + 0.03],
    [-0.32, -0.66],
    [-0.5, -0.3],
    [-0.56, -0.04],
    [-0.55, end],
  ];
  out.push(
    patch({
      a: fringe,
      b: mirror(1, fringe),
      strands: 1400,
      lock: 22,
      clump: 0.75,
      layered: 0.15,
      arch: 0.18,
      taper: 0.25,
      alpha: 0.88,
      under: 0.65,
      depth: 1.05,
      contrast: 0.16,
    }),
  );
  return out;
}

/**
 * Comma hair (쉼표머리): parted on the image's right; the big side sweeps across the upper
 * forehead, and its front lock falls over the left brow and curls in under itself like a comma.
 * The sides are short and pressed (a down perm), clipped below.
 */
function commaPatches(h: HairstyleShape): Layer[] {
  const out: Layer[] = [];
  const top = HEAD.skullTop - h.volume;
  const p = h.part;
  const end = h.fringeLength ?? HEAD.browY - 0.05;
  for (const sgn of [-1, 1] as const)
    out.push(
      clipperSide(sgn, {
        strands: 2400,
        alpha: 0.55,
        under: 0.45,
        grey: 0.35,
        depth: 0.8,
        span: 0.06,
        endFade: 0.5,
      }),
    );
  // Both sides part from the same line, from the hairline to the crown's top.
  out.push(seam([p, -0.45], [p, top + 0.015]));
  // The small side, right of the parting: combed down and back, the forehead stays free.
  out.push(
    patch({
      a: [
        [p + 0.012, -0.46],
        [p + 0.14, -0.42],
        [0.5, -0.24],
        [0.62, 0.0],
      ],
      b: [
        [p + 0.004, top + 0.03],
        [p + 0.22, top + 0.08],
        [h.width, -0.58],
        [h.width + 0.08, -0.3],
        [h.width + 0.06, -0.02],
      ],
      strands: 900,
      lock: 12,
      clump: 0.6,
      depth: 0.9,
      taper: 0.4,
      inward: -1,
      curl: 0.03,
      endFade: 0.1,
      // (fading in over a little of the path, the two sides' roots blend into a soft parting
      // instead of meeting at a hard dark line)
      rootFade: 0.04,
    }),
  );
  // The big side: from the parting across the top and the upper forehead to the left. Its roots
  // start a little right of the parting, fading in over the small side's (stop 15: the two
  // sides met at a hard dark line with a step in the outline, which read as a crack).
  out.push(
    patch({
      a: [
        [p + 0.008, -0.48],
        [p - 0.2, -0.5],
        [-0.3, -0.36],
        [-0.52, -0.16],
        [-0.62, 0.02],
      ],
      b: [
        [p + 0.016, top + 0.03],
        [p - 0.3, top + 0.05],
        [-h.width + 0.1, -0.72],
        [-h.width - 0.08, -0.4],
        [-h.width - 0.06, -0.04],
      ],
      strands: 1800,
      lock: 16,
      clump: 0.7,
      layered: 0.2,
      taper: 0.4,
      inward: 1,
      curl: 0.04,
      depth: 0.98,
      flyaways: 3,
      rootFade: 0.04,
    }),
  );
  // The comma: a thick lock from the parting down over the left brow, its end curling in.
  out.push(
    patch({
      a: [
        [p - 0.03, -0.52],
        [p - 0.16, -0.42],
        [-0.1, -0.28],
        [-0.26, -0.12],
        [-0.33, 0],
        [-0.31, end - 0.01],
        [-0.23, end + 0.01],
        [-0.17, end - 0.04],
      ],
      b: [
        [p - 0.06, -0.62],
        [p - 0.28, -0.5],
        [-0.24, -0.34],
        [-0.4, -0.14],
        [-0.46, 0.0],
        [-0.43, end + 0.02],
        [-0.33, end + 0.04],
        [-0.24, end],
      ],
      strands: 800,
      lock: 20,
      clump: 0.7,
      spread: 0.02,
      alpha: 0.85,
      under: 0.25,
      taper: 0.45,
      depth: 1.05,
    }),
  );
  return out;
}

/**
 * Side-part pomade: a hard side parting on the image's left (a line of scalp shows); the big
 * side lifts off the forehead and sweeps back and over to the right, the small side is combed
 * flat; glossy, the forehead free; short tapered sides (clipped, fading out downwards, no step).
 */
function pomadePatches(
  h: HairstyleShape,
  o: { hardPart: boolean; gloss: number } = { hardPart: true, gloss: 1 },
): Layer[] {
  const out: Layer[] = [];
  const top = HEAD.skullTop - h.volume;
  const p = h.part;
  const wide = h.width;
  for (const sgn of [-1, 1] as const)
    out.push(
      clipperSide(sgn, {
        strands: 2400,
        alpha: 0.55,
        under: 0.45,
        grey: 0.3,
        depth: 0.8,
        span: 0.05,
        endFade: 0.65,
      }),
    );
  // The hard part: a seam up to where the small side's top ends, a line of scalp over it (below).
  out.push(seam([p, -0.435], [p, top + 0.07]));
  out.push(
    patch({
      a: [
        [p - 0.018, -0.44],
        [p - 0.16, -0.38],
        [-0.5, -0.2],
        [-0.6, 0.0],
      ],
      b: [
        [p - 0.004, top + 0.12],
        [p - 0.25, top + 0.15],
        [-wide + 0.02, -0.55],
        [-wide - 0.04, -0.24],
      ],
      strands: 900,
      lock: 14,
      clump: 0.6,
      spread: 0.006,
      depth: 0.9,
      gloss: 0.5 * o.gloss,
      endFade: 0.3,
    }),
  );
  out.push(
    patch({
      a: [
        [p + 0.012, -0.43],
        [0.0, -0.47],
        [0.3, -0.42],
        [0.52, -0.2],
        [0.6, 0.0],
      ],
      b: [
        [p + 0.003, top + 0.05],
        [0.05, top - 0.02],
        [0.4, top + 0.05],
        [wide + 0.02, -0.56],
        [wide + 0.06, -0.26],
      ],
      strands: 1600,
      lock: 18,
      clump: 0.6,
      spread: 0.006,
      depth: 0.88,
      gloss: 0.6 * o.gloss,
      flyaways: 2,
      endFade: 0.25,
    }),
  );
  // The lift: from the hairline the hair stands up and rolls back over to the right.
  out.push(
    patch({
      a: [
        [p + 0.04, -0.43],
        [p + 0.02, -0.66],
        [0.1, top],
        [0.42, top + 0.06],
        [0.66, -0.6],
      ],
      b: [
        [0.36, -0.4],
        [0.36, -0.56],
        [0.46, -0.68],
        [0.62, -0.66],
        [0.76, -0.48],
      ],
      strands: 1200,
      lock: 16,
      clump: 0.6,
      spread: 0.006,
      depth: 1.15,
      gloss: 0.8 * o.gloss,
      taper: 0.4,
      rootFade: 0.12,
      layered: 0.25,
    }),
  );
  // The line of scalp along the parting, over the roots of both sides and of the lift.
  if (o.hardPart)
    out.push({
      seam: [
        [p, -0.435],
        [p, top + 0.12],
      ],
      half: 0,
      scalp: 0.8,
    });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Colour and light.

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
function drawSeam(ras: Raster, s: Seam): void {
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

function drawPatch(ras: Raster, p: Patch, rng: Rng, top: number): void {
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

// ---------------------------------------------------------------------------------------------
// Face opening.

function insidePolygon(poly: readonly Pt[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = true !== inside;
  }
  return inside;
}

/** Distance from (x, y) to the polygon's outline. */
function edgeDistance(poly: readonly Pt[], x: number, y: number): number {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [ax, ay] = poly[j]!;
    const [bx, by] = poly[i]!;
    const dx = bx - ax;
    const dy = by - ay;
    const t = clamp01(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1));
    const d = Math.hypot(x - ax - t * dx, y - ay - t * dy);
    if (d < best) best = d;
  }
  return best;
}

/**
 * What stays visible of the hair at (x, y) in board px: the face below the hairline (or below
 * the fringe line for styles with bangs) and the neck are cleared with a soft edge.
 */
function faceKeep(fringeFloor: number | undefined): (x: number, y: number) => number {
  // The opening, a little inside the face outline so the hair may overlap the face's edge.
  const opening: Pt[] = [
    ...faceHalfOval.map(([x, y]): Pt => [x * 0.93, y]),
    ...faceHalfOval
      .slice(0, -1)
      .reverse()
      .map(([x, y]): Pt => [-x * 0.93, y]),
  ]
    .filter(([, y]) => fringeFloor === undefined || y >= fringeFloor)
    .map(toBoard);
  if (fringeFloor !== undefined) {
    const yb = toBoard([0, fringeFloor])[1];
    const w = faceHalfOval.find(([, y]) => y >= fringeFloor)?.[0] ?? 0.5;
    opening.unshift([ORIGIN[0] - w * 0.93 * T, yb], [ORIGIN[0] + w * 0.93 * T, yb]);
  }
  const neckTop = ORIGIN[1] + 0.85 * T;
  const neckHalf = HEAD.neckHalf * T;
  const soft = 5;
  const minX = Math.min(...opening.map((p) => p[0])) - soft;
  const maxX = Math.max(...opening.map((p) => p[0])) + soft;
  const minY = Math.min(...opening.map((p) => p[1])) - soft;
  const maxY = Math.max(...opening.map((p) => p[1])) + soft;
  return (x, y) => {
    let keep = 1;
    if (x > minX && x < maxX && y > minY && y < maxY) {
      const d = edgeDistance(opening, x, y);
      const inside = insidePolygon(opening, x, y);
      if (inside) keep = Math.max(0, 0.5 - d / soft);
      else if (d < soft) keep = 0.5 + d / soft / 2;
    }
    if (y > neckTop) {
      const dn = neckHalf - Math.abs(x - ORIGIN[0]);
      const k = clamp01(0.5 - dn / soft) + (1 - smooth(neckTop, neckTop + 40, y));
      keep = Math.min(keep, clamp01(k));
    }
    return keep;
  };
}

// ---------------------------------------------------------------------------------------------

export interface RenderedHair {
  width: number;
  height: number;
  /** Straight RGBA, 8 bits per channel. */
  data: Buffer;
}

/** Draws one hairstyle (deterministic for a given key and shape). */
export function renderHairstyle(key: string, shape: HairstyleShape): RenderedHair {
  const rng = new Rng(`hairstyle:${key}`);
  const ras = new Raster(BOARD.width, BOARD.height);
  const top = HEAD.skullTop - shape.volume;
  for (const layer of buildLayers(shape))
    if ('seam' in layer) drawSeam(ras, layer);
    else drawPatch(ras, layer, rng, top);
  const bangs =
    shape.fringe === 'full' || shape.fringe === 'seeThrough' || shape.male !== undefined;
  const floor = bangs ? HEAD.browY - 0.02 : shape.fringe === 'none' ? undefined : HEAD.browY + 0.12;
  ras.clear(faceKeep(floor));
  return { width: ras.width, height: ras.height, data: ras.toRgba() };
}

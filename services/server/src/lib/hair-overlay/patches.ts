import { HEAD, type Pt } from './canonical-head.js';

/**
 * A patch of hair between two guide curves, a parting's seam, and the side cover the women's and
 * men's styles share.
 */

export interface Patch {
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

export function patch(p: Partial<Patch> & Pick<Patch, 'a' | 'b' | 'strands'>): Patch {
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
export interface Seam {
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
export type Layer = Patch | Seam;

/** A layer for each side of the head, mirrored by `sgn` (−1 first: the order they are drawn in). */
export function bothSides<T extends Layer>(make: (sgn: 1 | -1) => T): T[] {
  return [make(-1), make(1)];
}

/**
 * The seam under a parting from `from` (at the hairline) to `to`: just past the point where the
 * two sides' outer roots meet, so its tip fills the dip they leave in the outline.
 */
export function seam(from: Pt, to: Pt): Seam {
  return { seam: [from, to], half: 0.04, scalp: 0 };
}

/**
 * The hair covering one side of the skull from the crown down past the temple to the sideburn
 * (`end`, temple units) and over the ear, flowing down; `close` = the men's closer outline, which
 * hugs the skull and narrows towards the ear (the men's cuts set their own hair on it).
 */
export function sideCover(sgn: 1 | -1, end: number, close: boolean): Patch {
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

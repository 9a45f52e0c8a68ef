import { HEAD, type Pt } from './canonical-head.js';
import { type HairstyleShape } from './shape.js';
import { bothSides, type Layer, type Patch, patch, seam, sideCover } from './patches.js';

/** The men's styles' patches, by top: two-block, crop, mash wolf, dandy, comma, pomade, regent. */

const mirror = (sgn: 1 | -1, pts: readonly Pt[]): Pt[] => pts.map(([x, y]): Pt => [-sgn * x, y]);

/**
 * A clipper cut over each side of the skull (the area of {@link sideCover}): tiny pieces of
 * stubble hugging the skull, washed grey because the skin shows between them, fading out
 * towards the ear. `alpha`/`under` set how much skin shows through, `endFade` how long the fade is.
 */
function clipperSides(
  o: Pick<Patch, 'strands' | 'alpha' | 'under' | 'grey' | 'depth' | 'span' | 'endFade'>,
): Patch[] {
  return bothSides((sgn) => ({
    ...sideCover(sgn, 0.5, true),
    lock: 3,
    clump: 0.1,
    maxWidth: 0.9,
    ...o,
  }));
}

export function malePatches(h: HairstyleShape): Layer[] {
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
  out.push(
    ...clipperSides({
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
  out.push(
    ...bothSides((sgn) =>
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
    ),
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
  out.push(
    ...bothSides((sgn): Patch => ({
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
    })),
  );
  out.push(
    ...bothSides((sgn) =>
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
    ),
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
  out.push(
    ...clipperSides({
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
  // start a little right of the parting, fading in over the small side's (the two
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
  out.push(
    ...clipperSides({
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

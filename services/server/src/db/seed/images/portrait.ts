import {
  darken,
  lighten,
  linearGradient,
  mix,
  n,
  p,
  radialGradient,
  smoothPath,
  svgDoc,
} from './svg.js';
import type { Point } from './svg.js';

/**
 * Flat, head-and-shoulders portraits for the style book and designer avatars. Everything is
 * drawn on a 600×750 board; the avatar variant only changes the viewBox.
 */

export type FringeKind =
  | 'none'
  | 'blunt'
  | 'seethrough'
  | 'curtain'
  | 'side'
  | 'm-down'
  | 'm-comma'
  | 'm-leaf'
  | 'm-up'
  | 'm-crop'
  | 'm-part';

export type EndsKind = 'blunt' | 'layered' | 'curl-in' | 'flick';

export interface HairShape {
  /** 'cropped' keeps the ears visible (pixie and men's cuts); 'framing' hangs around the face. */
  build: 'cropped' | 'framing';
  fringe: FringeKind;
  /** Extra height above the skull, px on the 600-wide board. */
  volume: number;
  /** Framing: half-width of the hair at temple height. */
  width: number;
  /** Framing: where the lengths end. */
  endY: number;
  /** Framing: half-width at the ends (outer edge). */
  endWidth: number;
  /** Framing: thickness of the front locks at the ends. */
  lock: number;
  ends: EndsKind;
  /** Wave amplitude (px) and period (px); 0 amplitude is straight. */
  wave: number;
  wavePeriod: number;
  /** Small tight curls along the silhouette (hippie/spiral perms). */
  curls: boolean;
  /** Cropped: short faded sides under a longer top (two-block, undercut). */
  fadeSides: boolean;
  /** -1 left, 0 centre, 1 right. */
  part: -1 | 0 | 1;
}

export type ClothingKind = 'crew' | 'vneck' | 'turtle' | 'collar';
export type EyeKind = 'open' | 'smile' | 'calm';

export interface PortraitSpec {
  hair: HairShape;
  hairColor: string;
  skin: string;
  clothing: string;
  clothingKind: ClothingKind;
  background: readonly [string, string];
  eyes: EyeKind;
  feminine: boolean;
  /** Shifts waves and strand placement so two portraits of one style still differ. */
  variant: number;
  /** Lighter streaks (highlights, balayage) in this colour. */
  highlight?: string;
}

const CX = 300;
const FACE =
  'M300 198C358 198 396 240 396 318C396 392 366 440 328 463Q300 478 272 463C234 440 204 392 204 318C204 240 242 198 300 198Z';
/** A squarer jaw and chin for men. */
const FACE_M =
  'M300 198C360 198 398 240 398 318C398 386 378 430 342 458Q300 482 258 458C222 430 202 386 202 318C202 240 240 198 300 198Z';

/** Face half-width at a height; used to keep hair edges just over the face outline. */
function faceHalf(y: number): number {
  if (y <= 318) return 96 - Math.max(0, (300 - y) * 0.25);
  if (y >= 470) return 0;
  const t = (y - 318) / (470 - 318);
  return 96 * Math.cos(t * t * (Math.PI / 2) * 0.98);
}

function smooth01(t: number): number {
  const c = Math.max(0, Math.min(1, t));
  return c * c * (3 - 2 * c);
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

interface FramingGeometry {
  outer(y: number, side: -1 | 1): number;
  inner(y: number, side: -1 | 1): number;
  wave(y: number, side: -1 | 1): number;
  crownY: number;
  fringe: Point[];
  fringeEndY: number;
}

/** The hairline/fringe, right temple to left temple, plus the height where the sides begin. */
function fringePoints(kind: FringeKind, part: number, v: number): { pts: Point[]; endY: number } {
  const jag = (i: number) => ((i * 7 + v * 3) % 5) - 2;
  switch (kind) {
    case 'blunt':
      return {
        pts: [
          p(390, 300),
          p(372, 290),
          p(340, 286 + jag(1)),
          p(300, 284),
          p(260, 286 + jag(2)),
          p(228, 290),
          p(210, 300),
        ],
        endY: 300,
      };
    case 'seethrough': {
      const pts: Point[] = [p(390, 306), p(376, 292)];
      for (let i = 0; i <= 12; i++) {
        const x = 364 - i * 11;
        pts.push(p(x, i % 2 === 0 ? 290 + (i % 4) : 276 + jag(i), true));
      }
      pts.push(p(224, 292), p(210, 306));
      return { pts, endY: 306 };
    }
    case 'curtain':
      return {
        // Parted in the middle, each side sweeping down across the brow tails to the cheekbone.
        pts: [
          p(392, 362),
          p(384, 334),
          p(368, 302),
          p(346, 274),
          p(322, 254),
          p(302, 242, true),
          p(278, 254),
          p(254, 274),
          p(232, 302),
          p(216, 334),
          p(208, 362),
        ],
        endY: 362,
      };
    case 'side': {
      const s = part === 0 ? -1 : part;
      const hi = CX + s * 52;
      const pts =
        s < 0
          ? [
              p(392, 322),
              p(376, 298),
              p(350, 284),
              p(318, 270),
              p(282, 252),
              p(hi, 238, true),
              p(232, 248),
              p(214, 272),
              p(208, 300),
            ]
          : [
              p(392, 300),
              p(386, 272),
              p(368, 248),
              p(hi, 238, true),
              p(318, 252),
              p(282, 270),
              p(250, 284),
              p(224, 298),
              p(208, 322),
            ];
      return { pts, endY: 300 };
    }
    case 'none':
    default: {
      const px = CX + part * 34;
      return {
        pts: [
          p(392, 312),
          p(384, 272),
          p(364, 244),
          p(334, 228),
          p(px + 3, 224),
          p(px, 232, true),
          p(px - 3, 224),
          p(266, 228),
          p(236, 244),
          p(216, 272),
          p(208, 312),
        ],
        endY: 312,
      };
    }
  }
}

function framingGeometry(h: HairShape, v: number): FramingGeometry {
  const crownY = 160 - h.volume;
  const { pts, endY } = fringePoints(h.fringe, h.part, v);
  const phaseL = v * 1.7;
  const phaseR = v * 1.7 + 1.9;
  return {
    crownY,
    fringe: pts,
    fringeEndY: endY,
    outer(y) {
      if (y <= 300) return h.width;
      const t = smooth01((y - 300) / Math.max(1, h.endY - 300));
      // Hair spreads where it meets the shoulders, then falls straight again.
      const shoulder = h.endY > 560 ? 14 * smooth01((y - 520) / 80) : 0;
      return lerp(h.width, h.endWidth, t) + shoulder;
    },
    inner(y) {
      const keys: [number, number][] = [
        [300, 90],
        [380, 89],
        [450, 82],
        [520, 74],
        [600, 90],
        [720, 104],
      ];
      let val = 90;
      for (let i = 0; i < keys.length - 1; i++) {
        const [y0, a] = keys[i] as [number, number];
        const [y1, b] = keys[i + 1] as [number, number];
        if (y >= y0 && y <= y1) val = lerp(a, b, smooth01((y - y0) / (y1 - y0)));
        if (y > y1) val = b;
      }
      const outer = this.outer(y, 1);
      // Keep the lock at least this thick and never narrower than the face beneath it.
      return Math.max(
        Math.min(val, outer - h.lock * smooth01((y - 300) / 160) - 10),
        faceHalf(y) - 8,
      );
    },
    wave(y, side) {
      if (h.wave === 0) return 0;
      const ramp = smooth01((y - 330) / 110);
      const phase = side < 0 ? phaseL : phaseR;
      return h.wave * ramp * Math.sin(((y - 300) / h.wavePeriod) * Math.PI * 2 + phase);
    },
  };
}

function endsPoints(h: HairShape, g: FramingGeometry, side: -1 | 1): Point[] {
  // Returned from the outer edge to the inner edge of one lock.
  const y = h.endY;
  const xo = CX + side * (g.outer(y, side) + g.wave(y, side));
  const xi = CX + side * (g.inner(y, side) + g.wave(y, side));
  const along = (t: number) => lerp(xo, xi, t);
  switch (h.ends) {
    case 'curl-in':
      return [
        p(xo, y - 6),
        p(along(0.25), y + 10),
        p(along(0.6), y + 10),
        p(xi + side * 4, y - 10),
        p(xi, y - 24),
      ];
    case 'flick':
      return [
        p(xo + side * 22, y - 16, true),
        p(along(0.2), y + 4),
        p(along(0.65), y + 2),
        p(xi, y - 14),
      ];
    case 'layered':
      return [
        // Piece-y ends: tips of different lengths, all inside the lock's own width.
        p(xo, y - 28),
        p(along(0.18), y + 14, true),
        p(along(0.34), y - 12, true),
        p(along(0.52), y + 8, true),
        p(along(0.68), y - 16, true),
        p(along(0.84), y - 2, true),
        p(xi, y - 32),
      ];
    case 'blunt':
    default:
      return [p(xo, y - 2, true), p(along(0.5), y + 3), p(xi, y - 4, true)];
  }
}

interface HairPaths {
  back: string | null;
  front: string;
  strands: string[];
  darkStrands: string[];
  shine: string;
  curls: { x: number; y: number; r: number }[];
  sides: string | null;
}

/**
 * Style definitions speak in generous widths; drawn at face value the hair reads as a helmet,
 * so the volume beyond the head (half-width 96) is scaled down here, keeping styles' relative
 * differences.
 */
function slim(h: HairShape): HairShape {
  const s = (x: number) => 96 + (x - 96) * 0.66;
  return {
    ...h,
    width: s(h.width),
    endWidth: s(h.endWidth),
    lock: Math.min(h.lock, s(h.endWidth) - 60),
  };
}

function framingHair(input: HairShape, v: number): HairPaths {
  const h = slim(input);
  const g = framingGeometry(h, v);
  const step = h.curls ? 18 : 28;
  const sideOuter = (side: -1 | 1): Point[] => {
    const pts: Point[] = [];
    for (let y = 300; y < h.endY - 8; y += step)
      pts.push(p(CX + side * (g.outer(y, side) + g.wave(y, side)), y));
    return pts;
  };
  const sideInner = (side: -1 | 1): Point[] => {
    const pts: Point[] = [];
    const start = g.fringeEndY + 16;
    for (let y = start; y < h.endY - 30; y += step)
      pts.push(p(CX + side * (g.inner(y, side) + g.wave(y, side)), y));
    return pts;
  };
  const w = h.width;
  const top = g.crownY;
  const partX = CX + h.part * 26;
  const cap = (side: -1 | 1): Point[] => [
    p(CX + side * w * 0.96, 246),
    p(CX + side * w * 0.76, 188 - h.volume * 0.3),
    p(CX + side * w * 0.45, top + 14),
  ];
  const leftOuterUp = sideOuter(-1).reverse();
  const rightOuterDown = sideOuter(1);
  const front: Point[] = [
    ...endsPoints(h, g, -1).slice(0, 1),
    ...leftOuterUp,
    ...cap(-1),
    p(partX, top),
    ...cap(1).reverse(),
    ...rightOuterDown,
    ...endsPoints(h, g, 1),
    ...sideInner(1).reverse(),
    ...g.fringe,
    ...sideInner(-1),
    ...endsPoints(h, g, -1).reverse().slice(0, -1),
  ];

  // Behind the neck: a plain silhouette, cut a little shorter so the front locks read as layers.
  const backEnd = Math.min(h.endY - 6, 640);
  const back: Point[] = [
    p(CX - (g.outer(backEnd, -1) - 6) + g.wave(backEnd, -1) * -1, backEnd),
    ...sideOuter(-1)
      .reverse()
      .map((q) => p(q.x + 4, q.y)),
    ...cap(-1),
    p(partX, top + 4),
    ...cap(1).reverse(),
    ...sideOuter(1).map((q) => p(q.x - 4, q.y)),
    p(CX + (g.outer(backEnd, 1) - 6) + g.wave(backEnd, 1), backEnd),
    p(CX, backEnd + 10),
  ];

  const strands: string[] = [];
  const darkStrands: string[] = [];
  for (const side of [-1, 1] as const) {
    const fractions = h.curls ? [0.2, 0.45, 0.7, 0.9] : [0.3, 0.62, 0.85];
    fractions.forEach((s, i) => {
      const pts: Point[] = [
        p(partX + side * (22 + i * 20), top + 36 + i * 8),
        p(CX + side * w * (0.34 + 0.22 * s), 204),
        p(CX + side * w * (0.62 + 0.3 * s), 262),
      ];
      for (let y = 320; y < h.endY - 24; y += h.curls ? 16 : 34) {
        const x =
          lerp(g.inner(y, side), g.outer(y, side), s) +
          g.wave(y + (h.curls ? 8 : 0), side) * (h.curls ? 1.4 : 1);
        pts.push(p(CX + side * x, y));
      }
      (i % 2 === 0 ? strands : darkStrands).push(smoothPath(pts, false));
    });
  }
  // Fringe strands fall from the part towards the fringe tips.
  const fr = g.fringe;
  for (let i = 1; i < fr.length - 1; i += 2) {
    const tip = fr[i] as Point;
    const from = p(lerp(partX, tip.x, 0.45), top + 52);
    strands.push(
      smoothPath(
        [from, p(lerp(from.x, tip.x, 0.6), lerp(from.y, tip.y, 0.5) - 8), p(tip.x, tip.y - 10)],
        false,
      ),
    );
  }

  const shine = smoothPath(
    [
      p(CX - w * 0.86, top + 128),
      p(CX - w * 0.56, top + 54),
      p(CX, top + 36),
      p(CX + w * 0.56, top + 54),
      p(CX + w * 0.86, top + 128),
    ],
    false,
  );

  const curls: { x: number; y: number; r: number }[] = [];
  if (h.curls) {
    for (const side of [-1, 1] as const) {
      for (let y = 236; y < h.endY - 6; y += 15) {
        const x = CX + side * (g.outer(y, side) + g.wave(y, side) - 5);
        curls.push({ x, y, r: 10 + ((y + v * 13) % 5) });
      }
    }
    for (let x = CX - w * 0.66; x <= CX + w * 0.66; x += 18) {
      const t = (x - CX) / w;
      curls.push({ x, y: top + 14 + t * t * 70, r: 12 });
    }
  }

  return {
    back: smoothPath(back, true, 0.9),
    front: smoothPath(front, true, 0.9),
    strands,
    darkStrands,
    shine,
    curls,
    sides: null,
  };
}

function croppedFringe(kind: FringeKind, v: number): Point[] {
  const j = (i: number) => ((i * 5 + v) % 3) - 1;
  switch (kind) {
    case 'm-down':
      return [
        p(386, 282),
        p(366, 292, true),
        p(352, 280),
        p(334, 294, true),
        p(318, 282),
        p(298, 292 + j(1), true),
        p(282, 280),
        p(262, 292, true),
        p(246, 280),
        p(228, 290, true),
        p(214, 282),
      ];
    case 'm-comma':
      return [
        p(388, 300),
        p(378, 316, true),
        p(362, 290),
        p(340, 268),
        p(306, 250),
        p(268, 240),
        p(236, 246),
        p(216, 268),
      ];
    case 'm-leaf':
      return [
        p(388, 286),
        p(366, 298, true),
        p(344, 282),
        p(320, 264),
        p(302, 254, true),
        p(282, 264),
        p(258, 282),
        p(236, 298, true),
        p(214, 286),
      ];
    case 'm-up':
      return [
        p(386, 270),
        p(372, 242),
        p(342, 224),
        p(300, 218),
        p(258, 224),
        p(228, 242),
        p(214, 270),
      ];
    case 'm-crop':
      return [
        p(386, 268),
        p(372, 262),
        p(356, 268, true),
        p(340, 258),
        p(322, 266, true),
        p(304, 256),
        p(286, 266, true),
        p(268, 258),
        p(250, 268, true),
        p(232, 260),
        p(214, 268),
      ];
    case 'm-part':
      return [
        p(388, 280),
        p(372, 258),
        p(346, 240),
        p(320, 232),
        p(262, 230, true),
        p(246, 246),
        p(228, 256),
        p(214, 274),
      ];
    case 'side':
      return [
        p(388, 296),
        p(372, 306, true),
        p(350, 286),
        p(318, 266),
        p(282, 248),
        p(248, 240),
        p(224, 248),
        p(212, 268),
      ];
    case 'blunt':
    case 'seethrough':
      return [p(386, 290), p(350, 284), p(300, 282), p(250, 284), p(214, 290)];
    default:
      return [p(386, 272), p(360, 240), p(300, 228), p(240, 240), p(214, 272)];
  }
}

function croppedHair(h: HairShape, v: number): HairPaths {
  const top = 150 - h.volume;
  const fade = h.fadeSides;
  const w = fade ? 112 : 110;
  const partX = CX + h.part * 40;
  const side = (s: -1 | 1): Point[] =>
    fade
      ? [p(CX + s * 108, 290, true), p(CX + s * 92, 284), p(CX + s * 88, 276)]
      : [
          p(CX + s * 106, 300),
          p(CX + s * 100, 326),
          p(CX + s * 92, 364, true),
          p(CX + s * 86, 322),
          p(CX + s * 87, 290),
        ];
  const fr = croppedFringe(h.fringe, v);
  const outerUp = (s: -1 | 1): Point[] => [
    p(CX + s * w, 250),
    p(CX + s * (w - 12), 196 - h.volume * 0.4),
    p(CX + s * 62, top + 14),
  ];
  const front: Point[] = [
    ...side(-1).reverse(),
    ...outerUp(-1),
    p(partX, top),
    ...outerUp(1).reverse(),
    ...side(1),
    ...fr,
  ];

  const strands: string[] = [];
  const darkStrands: string[] = [];
  for (let i = -3; i <= 3; i++) {
    const tip = fr[Math.round(((3 - i) / 6) * (fr.length - 1))] as Point;
    const from = p(partX + i * 18, top + 30 + Math.abs(i) * 8);
    const path = smoothPath(
      [from, p(lerp(from.x, tip.x, 0.6), lerp(from.y, tip.y, 0.45) - 6), p(tip.x, tip.y - 14)],
      false,
    );
    (i % 2 === 0 ? strands : darkStrands).push(path);
  }
  for (const s of [-1, 1] as const) {
    strands.push(
      smoothPath([p(partX + s * 10, top + 24), p(CX + s * 80, 206), p(CX + s * 100, 262)], false),
    );
  }
  const shine = smoothPath(
    [
      p(CX - 96, top + 96),
      p(CX - 62, top + 42),
      p(CX, top + 28),
      p(CX + 62, top + 42),
      p(CX + 96, top + 96),
    ],
    false,
  );
  const patch = (s: -1 | 1) =>
    smoothPath(
      [
        p(CX + s * 104, 262),
        p(CX + s * 107, 300),
        p(CX + s * 100, 332),
        p(CX + s * 93, 364, true),
        p(CX + s * 86, 320),
        p(CX + s * 88, 276),
      ],
      true,
      0.8,
    );
  const sides = fade ? patch(-1) + patch(1) : null;
  const curls: { x: number; y: number; r: number }[] = [];
  if (h.curls) {
    for (let x = CX - 90; x <= CX + 90; x += 24) {
      const t = (x - CX) / 100;
      curls.push({ x, y: top + 20 + t * t * 70, r: 15 });
    }
  }
  return {
    back: null,
    front: smoothPath(front, true, 0.85),
    strands,
    darkStrands,
    shine,
    curls,
    sides,
  };
}

function eyes(kind: EyeKind, ink: string): string {
  const parts: string[] = [];
  for (const x of [258, 342]) {
    const dir = x < CX ? -1 : 1;
    if (kind === 'open') {
      parts.push(`<ellipse cx="${x}" cy="338" rx="7.5" ry="9" fill="${ink}"/>`);
      parts.push(`<circle cx="${x + 2.5}" cy="334.5" r="2.4" fill="#fff" opacity=".9"/>`);
      parts.push(
        `<path d="M${x - 13} 333Q${x} 322 ${x + 13} 331" stroke="${ink}" stroke-width="3.2" fill="none" stroke-linecap="round"/>`,
      );
      parts.push(
        `<path d="M${x + dir * 12} 331l${dir * 5} -4" stroke="${ink}" stroke-width="2.6" stroke-linecap="round"/>`,
      );
    } else if (kind === 'smile') {
      parts.push(
        `<path d="M${x - 12} 340Q${x} 328 ${x + 12} 340" stroke="${ink}" stroke-width="3.6" fill="none" stroke-linecap="round"/>`,
      );
    } else {
      parts.push(
        `<path d="M${x - 13} 334Q${x} 344 ${x + 13} 334" stroke="${ink}" stroke-width="3.4" fill="none" stroke-linecap="round"/>`,
      );
      parts.push(
        `<path d="M${x + dir * 12} 335l${dir * 5} 3" stroke="${ink}" stroke-width="2.6" stroke-linecap="round"/>`,
      );
    }
  }
  return parts.join('');
}

function clothing(kind: ClothingKind, color: string, skinShade: string, feminine: boolean): string {
  const dark = darken(color, 0.18);
  const light = lighten(color, 0.12);
  const torso = feminine
    ? 'M30 770C32 690 46 644 98 616C150 590 200 576 254 556Q300 548 346 556C400 576 450 590 502 616C554 644 568 690 570 770Z'
    : 'M6 770C8 684 24 630 80 600C136 572 196 562 250 548Q300 540 350 548C404 562 464 572 520 600C576 630 592 684 594 770Z';
  const out = [`<path d="${torso}" fill="url(#cloth)"/>`];
  // Soft fold lines keep the flat torso from looking like a cut-out.
  out.push(
    `<path d="M132 650Q150 700 148 770M468 650Q450 700 452 770" stroke="${dark}" stroke-width="3" fill="none" opacity=".25" stroke-linecap="round"/>`,
  );
  switch (kind) {
    case 'vneck':
      out.push(`<path d="M250 552L300 628L350 552Z" fill="${skinShade}"/>`);
      out.push(
        `<path d="M250 552L300 628L350 552" stroke="${dark}" stroke-width="9" fill="none" stroke-linejoin="round"/>`,
      );
      break;
    case 'turtle':
      out.push(`<path d="M256 486Q300 500 344 486L352 566Q300 582 248 566Z" fill="${light}"/>`);
      for (const x of [266, 283, 300, 317, 334])
        out.push(`<path d="M${x} 498V572" stroke="${dark}" stroke-width="2.5" opacity=".35"/>`);
      break;
    case 'collar':
      out.push(`<path d="M258 548L300 612L342 548Z" fill="${skinShade}"/>`);
      out.push(
        `<path d="M254 538L300 612L270 628L236 566Z" fill="#f7f5f0"/><path d="M346 538L300 612L330 628L364 566Z" fill="#efece6"/>`,
      );
      out.push(`<path d="M300 632V770" stroke="${dark}" stroke-width="3" opacity=".45"/>`);
      break;
    case 'crew':
    default:
      out.push(`<path d="M254 552Q300 598 346 552Z" fill="${skinShade}"/>`);
      out.push(
        `<path d="M252 552Q300 600 348 552" stroke="${dark}" stroke-width="10" fill="none" stroke-linecap="round"/>`,
      );
      break;
  }
  return out.join('');
}

export function portraitSvg(
  spec: PortraitSpec,
  size: { width: number; height: number; crop: 'portrait' | 'avatar' },
): string {
  const hair =
    spec.hair.build === 'framing'
      ? framingHair(spec.hair, spec.variant)
      : croppedHair(spec.hair, spec.variant);
  const hc = spec.hairColor;
  const face = spec.feminine ? FACE : FACE_M;
  const skin = spec.skin;
  const skinShade = mix(skin, '#8a4f3a', 0.18);
  const skinDeep = mix(skin, '#7a3f30', 0.3);
  const [bg1, bg2] = spec.background;
  const ink = mix(darken(hc, 0.55), '#2a1d19', 0.6);
  const brow = mix(darken(hc, 0.3), '#3b2a22', 0.45);
  const lip = spec.feminine ? mix(skin, '#d05a62', 0.55) : mix(skin, '#b0645a', 0.3);

  const defs = [
    linearGradient(
      'bg',
      [
        [0, bg1],
        [1, bg2],
      ],
      0,
      0,
      0.4,
      1,
    ),
    linearGradient('hair', [
      [0, lighten(hc, 0.22)],
      [0.35, hc],
      [1, darken(hc, 0.28)],
    ]),
    linearGradient('neck', [
      [0, skinDeep],
      [0.42, skinShade],
      [1, skinShade],
    ]),
    linearGradient('cloth', [
      [0, lighten(spec.clothing, 0.06)],
      [1, darken(spec.clothing, 0.12)],
    ]),
    radialGradient('glow', [
      [0, '#ffffff', 0.55],
      [1, '#ffffff', 0],
    ]),
    `<clipPath id="face"><path d="${face}"/></clipPath>`,
    `<clipPath id="hairclip"><path d="${hair.front}"/></clipPath>`,
  ].join('');

  const body: string[] = [`<defs>${defs}</defs>`];
  const hairDark = darken(hc, 0.32);
  const strandLight = lighten(hc, 0.35);
  const strandDark = darken(hc, 0.35);
  const texture =
    `<g clip-path="url(#hairclip)" fill="none" stroke-linecap="round">` +
    hair.darkStrands
      .map((d) => `<path d="${d}" stroke="${strandDark}" stroke-width="2.8" opacity=".32"/>`)
      .join('') +
    (spec.highlight
      ? hair.strands
          .map((d) => `<path d="${d}" stroke="${spec.highlight}" stroke-width="9" opacity=".6"/>`)
          .join('')
      : '') +
    hair.strands
      .map(
        (d, i) =>
          `<path d="${d}" stroke="${strandLight}" stroke-width="${i % 3 === 0 ? 3 : 2}" opacity="${i % 2 ? 0.3 : 0.42}"/>`,
      )
      .join('') +
    `<path d="${hair.shine}" stroke="${lighten(hc, 0.55)}" stroke-width="26" opacity=".14"/>` +
    `<path d="${hair.shine}" stroke="${lighten(hc, 0.7)}" stroke-width="5" opacity=".22"/>` +
    `</g>`;
  const frontCurls = hair.curls
    .map((c) => `<circle cx="${n(c.x)}" cy="${n(c.y)}" r="${n(c.r)}" fill="url(#hair)"/>`)
    .join('');
  const backCurls =
    spec.hair.build === 'framing'
      ? hair.curls
          .map(
            (c) => `<circle cx="${n(c.x)}" cy="${n(c.y + 6)}" r="${n(c.r)}" fill="${hairDark}"/>`,
          )
          .join('')
      : '';
  const viewBox = size.crop === 'avatar' ? '45 100 510 510' : '0 0 600 750';

  body.push(`<rect x="-200" y="-200" width="1000" height="1150" fill="url(#bg)"/>`);
  body.push(`<circle cx="300" cy="330" r="290" fill="url(#glow)"/>`);
  body.push(
    `<circle cx="${n(470 - spec.variant * 37)}" cy="${n(120 + spec.variant * 23)}" r="70" fill="${lighten(bg2, 0.35)}" opacity=".5"/>`,
  );
  body.push(
    `<circle cx="${n(110 + (spec.variant % 3) * 20)}" cy="${n(560 - (spec.variant % 4) * 30)}" r="38" fill="#ffffff" opacity=".35"/>`,
  );

  if (hair.back) body.push(`<path d="${hair.back}" fill="${hairDark}"/>`);
  body.push(backCurls);

  // Neck and shoulders.
  body.push(`<path d="M264 410L258 556Q300 572 342 556L336 410Z" fill="url(#neck)"/>`);
  body.push(
    `<g transform="translate(0 -14)">${clothing(spec.clothingKind, spec.clothing, skinShade, spec.feminine)}</g>`,
  );

  // Ears sit behind the face outline; long hair covers them anyway.
  for (const x of [206, 394]) {
    body.push(
      `<ellipse cx="${x}" cy="346" rx="16" ry="27" fill="${skinShade}"/><ellipse cx="${x}" cy="348" rx="7" ry="14" fill="${skinDeep}" opacity=".45"/>`,
    );
  }
  body.push(`<path d="${face}" fill="${skin}"/>`);
  // Hair throws a soft shadow on the forehead and cheeks; it is what makes the head read as 3-D.
  body.push(
    `<g clip-path="url(#face)"><path d="${hair.front}" transform="translate(0 11)" fill="${skinShade}" opacity=".85"/></g>`,
  );
  if (hair.sides) body.push(`<path d="${hair.sides}" fill="${mix(skin, hairDark, 0.55)}"/>`);

  body.push(
    `<path d="M244 306Q260 296 280 302" stroke="${brow}" stroke-width="${spec.feminine ? 4.5 : 7}" fill="none" stroke-linecap="round"/>`,
  );
  body.push(
    `<path d="M320 302Q340 296 356 306" stroke="${brow}" stroke-width="${spec.feminine ? 4.5 : 7}" fill="none" stroke-linecap="round"/>`,
  );
  body.push(eyes(spec.eyes, ink));
  body.push(
    `<path d="M302 352Q292 378 297 386Q302 390 310 386" stroke="${skinDeep}" stroke-width="3" fill="none" stroke-linecap="round" opacity=".7"/>`,
  );
  body.push(
    `<ellipse cx="248" cy="384" rx="22" ry="12" fill="#f08c86" opacity="${spec.feminine ? 0.32 : 0.14}"/><ellipse cx="352" cy="384" rx="22" ry="12" fill="#f08c86" opacity="${spec.feminine ? 0.32 : 0.14}"/>`,
  );
  body.push(
    `<path d="M280 414Q290 408 300 412Q310 408 320 414Q312 430 300 430Q288 430 280 414Z" fill="${lip}"/>`,
  );
  body.push(
    `<path d="M282 414Q300 419 318 414" stroke="${darken(lip, 0.25)}" stroke-width="1.6" fill="none" opacity=".6"/>`,
  );

  // Front hair with its texture clipped inside.
  body.push(frontCurls, `<path d="${hair.front}" fill="url(#hair)"/>`, texture);
  return svgDoc(size.width, size.height, body.join(''), viewBox);
}

import { p, smoothPath } from './svg.js';
import type { Point } from './svg.js';
import {
  CX,
  faceHalf,
  lerp,
  smooth01,
  type FringeKind,
  type HairPaths,
  type HairShape,
} from './portrait-hair.js';

/** Hair that hangs around the face ('framing' styles): fringe, sides, lengths and their ends. */

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

export function framingHair(input: HairShape, v: number): HairPaths {
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

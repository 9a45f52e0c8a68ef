import { p, smoothPath } from './svg.js';
import type { Point } from './svg.js';
import { CX, lerp, type FringeKind, type HairPaths, type HairShape } from './portrait-hair.js';

/** Short hair that keeps the ears visible ('cropped' styles: pixie and men's cuts). */

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

export function croppedHair(h: HairShape, v: number): HairPaths {
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

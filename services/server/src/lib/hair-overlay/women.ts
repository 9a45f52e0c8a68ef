import { HEAD, type Pt } from './canonical-head.js';
import { type HairstyleShape } from './shape.js';
import { lerp } from './raster.js';
import { type Layer, patch, seam, sideCover } from './patches.js';

/** The women's styles' patches: by fringe, length, layers and waves. */

export function womanPatches(h: HairstyleShape): Layer[] {
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

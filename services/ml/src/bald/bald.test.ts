import { describe, expect, it } from 'vitest';
import { headEllipse, removeHair, type BaldFacePoints } from './bald.js';
import { type Vec2 } from './raster.js';
import { mulberry32 } from '../prng.js';

/**
 * A synthetic portrait: blue background, a skin-coloured face ellipse, dark hair covering the
 * forehead (a fringe) and a cap over the skull, and a lock hanging beside the face.
 */
const W = 240;
const H = 280;
const skin = [220, 170, 140] as const;
const background = [40, 120, 200] as const;
const hairColour = [45, 28, 18] as const;
const face = { cx: 120, cy: 150, rx: 50, ry: 68 };

function ellipsePoints(cx: number, cy: number, rx: number, ry: number, count: number): Vec2[] {
  // Clockwise from the top, like the face mesh's oval.
  return Array.from({ length: count }, (_, k) => {
    const a = -Math.PI / 2 + (2 * Math.PI * k) / count;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as Vec2;
  });
}

const points: BaldFacePoints = {
  faceOval: ellipsePoints(face.cx, face.cy, face.rx, face.ry, 36),
  foreheadTop: [120, 86],
  hairline: [120, 78],
  chin: [120, 218],
  noseTip: [120, 160],
  leftCheek: [70, 150],
  rightCheek: [170, 150],
  leftEye: { center: [100, 140], contour: ellipsePoints(100, 140, 8, 3, 16) },
  rightEye: { center: [140, 140], contour: ellipsePoints(140, 140, 8, 3, 16) },
  leftEyebrow: ellipsePoints(100, 128, 10, 2, 10),
  rightEyebrow: ellipsePoints(140, 128, 10, 2, 10),
  mouth: { left: [105, 185], right: [135, 185] },
};

function inFace(x: number, y: number) {
  return ((x - face.cx) / face.rx) ** 2 + ((y - face.cy) / face.ry) ** 2 <= 1;
}
function isHair(x: number, y: number) {
  // Cap: an ellipse above and around the top of the face; fringe: down to y = 118 in the face.
  const cap = ((x - 120) / 70) ** 2 + ((y - 105) / 75) ** 2 <= 1 && y < 125;
  const lock = x >= 48 && x < 66 && y >= 100 && y < 200;
  return cap || lock;
}

/** The synthetic portrait, with `extraHair` (strands, a curtain) painted as hair too. */
function portrait(extraHair: (x: number, y: number) => boolean = () => false) {
  const data = new Uint8Array(W * H * 3);
  const matte = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      let c: readonly number[] = inFace(x, y) ? skin : background;
      if (isHair(x, y) || extraHair(x, y)) {
        c = hairColour;
        matte[i] = 1;
      }
      data.set(c, i * 3);
    }
  return { photo: { data, width: W, height: H }, matte };
}

const px = (data: Uint8Array, x: number, y: number) => {
  const i = (y * W + x) * 3;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
};
const dist = (a: number[], b: readonly number[]) =>
  Math.max(...a.map((v, k) => Math.abs(v - b[k]!)));

describe('removeHair', () => {
  const { photo, matte } = portrait();
  const result = removeHair(photo, matte, points, { seed: 1 });

  it('changes nothing outside the mask it returns', () => {
    let changedOutside = 0;
    for (let i = 0; i < W * H; i++) {
      if (result.mask[i] !== 0) continue;
      for (let c = 0; c < 3; c++)
        if (result.data[i * 3 + c] !== photo.data[i * 3 + c]) changedOutside++;
    }
    expect(changedOutside).toBe(0);
  });

  it('masks every hair pixel near the head', () => {
    let missed = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) if (matte[y * W + x] && result.mask[y * W + x] !== 255) missed++;
    expect(missed).toBe(0);
  });

  it('turns the fringe over the forehead into the face skin colour (no dark streaks)', () => {
    // The forehead under the fringe: inside the face, above the brows.
    let worst = 0;
    for (let y = 95; y <= 118; y++)
      for (let x = 95; x <= 145; x++)
        if (inFace(x, y)) worst = Math.max(worst, dist(px(result.data, x, y), skin));
    expect(worst).toBeLessThan(30);
  });

  it('gives the scalp a skin tone, darker toward the top than the forehead', () => {
    const luma = (c: number[]) => 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!;
    const forehead = px(result.data, 120, 112);
    const crown = px(result.data, 120, 72);
    expect(dist(crown, hairColour)).toBeGreaterThan(80);
    expect(crown[0]!).toBeGreaterThan(crown[2]!); // warm, not background blue
    expect(luma(crown)).toBeLessThan(luma(forehead));
    expect(luma(forehead) - luma(crown)).toBeLessThan(60);
  });

  it('replaces hair outside the head with the background', () => {
    // The cap beyond the skull ellipse (upper corners) and the lock beside the cheek.
    const head = headEllipse(points);
    expect(head.halfHeightUp).toBeGreaterThan(60);
    expect(dist(px(result.data, 56, 190), background)).toBeLessThan(30);
    expect(dist(px(result.data, 60, 60), background)).toBeLessThan(30);
  });

  it('marks no scalp above the forehead (the style draws its hairline there)', () => {
    // A frontal face: the skull is barely wider than the oval, the crown is over the forehead.
    expect(result.scalp[72 * W + 120]).toBe(0);
    expect(result.scalp[112 * W + 120]).toBe(0); // the forehead under the fringe
    // no hair, no scalp
    const bald = removeHair(photo, new Float32Array(W * H), points);
    expect(bald.scalp.every((v) => v === 0)).toBe(true);
  });

  it('keeps the eyes and brows', () => {
    expect(px(result.data, 100, 140)).toEqual(px(photo.data, 100, 140));
    expect(px(result.data, 140, 128)).toEqual(px(photo.data, 140, 128));
  });

  it('returns the photo unchanged with an empty mask when there is no hair', () => {
    const bald = removeHair(photo, new Float32Array(W * H), points);
    expect(bald.mask.every((v) => v === 0)).toBe(true);
    expect(Buffer.from(bald.data).equals(Buffer.from(photo.data))).toBe(true);
  });

  it('is deterministic and rejects a matte of the wrong size', () => {
    const again = removeHair(photo, matte, points, { seed: 1 });
    expect(Buffer.from(again.data).equals(Buffer.from(result.data))).toBe(true);
    expect(() => removeHair(photo, new Float32Array(10), points)).toThrow(RangeError);
  });
});

describe('removeHair worked on scaled down (a face wider than workFaceWidth)', () => {
  const { photo, matte } = portrait();
  const full = removeHair(photo, matte, points, { seed: 1, workFaceWidth: Infinity });
  const half = removeHair(photo, matte, points, { seed: 1, workFaceWidth: 40 });

  it('changes nothing outside the mask it returns, and masks every hair pixel', () => {
    let changedOutside = 0;
    let missed = 0;
    for (let i = 0; i < W * H; i++) {
      if (matte[i] && half.mask[i] !== 255) missed++;
      if (half.mask[i] !== 0) continue;
      for (let c = 0; c < 3; c++)
        if (half.data[i * 3 + c] !== photo.data[i * 3 + c]) changedOutside++;
    }
    expect({ changedOutside, missed }).toEqual({ changedOutside: 0, missed: 0 });
  });

  it('fills the fringe with skin as the full-size removal does, without the hair showing through', () => {
    let worst = 0;
    let gap = 0;
    let count = 0;
    for (let y = 95; y <= 118; y++)
      for (let x = 95; x <= 145; x++) {
        if (!inFace(x, y)) continue;
        worst = Math.max(worst, dist(px(half.data, x, y), skin));
        gap += dist(px(half.data, x, y), px(full.data, x, y));
        count++;
      }
    expect(worst).toBeLessThan(30);
    expect(gap / count).toBeLessThan(8);
  });
});

describe('removeHair with long hair hanging beside the cheeks', () => {
  // A wide skull (cheek points wider than the face oval) so that its ellipse reaches well beside
  // the face, and a curtain of hair from above the temples down past the jaw at the right side,
  // partly over the cheek.
  const wide: BaldFacePoints = { ...points, leftCheek: [50, 150], rightCheek: [190, 150] };
  const curtain = (x: number, y: number) => x >= 164 && x < 205 && y >= 70 && y < 200;
  const { photo, matte } = portrait(curtain);
  const { data } = photo;
  const result = removeHair(photo, matte, wide, { seed: 2 });
  const head = headEllipse(wide);
  const inSkull = (x: number, y: number) => {
    const u = (x - head.center[0]) / head.halfWidth;
    const dy = head.center[1] - y;
    const v = dy >= 0 ? dy / head.halfHeightUp : dy / head.halfHeightDown;
    return u * u + v * v < 1;
  };

  it('fills the hair beside the face below the temples with the background, not skin', () => {
    // Inside the skull ellipse, well outside the face oval, at cheek level.
    for (const [x, y] of [
      [190, 155],
      [186, 140],
    ] as const) {
      expect(inSkull(x, y)).toBe(true);
      expect(dist(px(result.data, x, y), background)).toBeLessThan(30);
    }
  });

  it('still fills the skull beside the temples above the brows with skin', () => {
    expect(inSkull(180, 100)).toBe(true);
    const c = px(result.data, 180, 100);
    expect(dist(c, hairColour)).toBeGreaterThan(80);
    expect(dist(c, background)).toBeGreaterThan(80);
    expect(c[0]!).toBeGreaterThan(c[2]!);
  });

  it('keeps the middle of the face below the eyes; the curtain over the side of the oval goes', () => {
    let changed = 0;
    for (let y = 150; y < H; y++)
      for (let x = 0; x < 150; x++) {
        // Inside the landmark oval (a 36-gon inscribed in the drawn face ellipse).
        if (((x - face.cx) / (face.rx - 2)) ** 2 + ((y - face.cy) / (face.ry - 2)) ** 2 > 1)
          continue;
        const i = (y * W + x) * 3;
        if (result.data[i] !== data[i] || result.data[i + 1] !== data[i + 1]) changed++;
      }
    expect(changed).toBe(0);
    // The curtain's part just inside the oval's edge, beside the cheek: skin now, not hair.
    const c = px(result.data, 166, 165);
    expect(dist(c, hairColour)).toBeGreaterThan(80);
    expect(dist(c, skin)).toBeLessThan(45);
  });
});

describe('removeHair with strands inside the face oval', () => {
  // A strand over the oval's edge beside the left cheek, a lock from it across the cheek toward
  // the nose (replaced at the side, kept deeper in, with a soft seam) and a strand over the
  // middle of the face (kept).
  const margin = (x: number, y: number) => x >= 72 && x < 80 && y >= 150 && y < 181;
  const across = (x: number, y: number) => x >= 72 && x < 101 && y >= 166 && y < 171;
  const middle = (x: number, y: number) => x >= 112 && x < 117 && y >= 158 && y < 179;
  const strand = (x: number, y: number) => margin(x, y) || across(x, y) || middle(x, y);
  const { photo, matte } = portrait(strand);
  const { data } = photo;
  const result = removeHair(photo, matte, points, { seed: 4 });

  it('replaces the strand over the edge of the oval beside the cheek with skin', () => {
    for (const [x, y] of [
      [73, 155],
      [75, 165],
      [78, 175],
    ] as const) {
      const c = px(result.data, x, y);
      expect(dist(c, hairColour)).toBeGreaterThan(80);
      expect(dist(c, skin)).toBeLessThan(45);
    }
  });

  it('leaves the middle of the face below the eyes byte for byte, hair over it included', () => {
    let changed = 0;
    let strandPixels = 0;
    for (let y = 150; y < H; y++)
      for (let x = 0; x < W; x++) {
        // More than a quarter of the face width inside the oval's edge, between the eyes' outer
        // corners.
        if (((x - face.cx) / (face.rx - 26)) ** 2 + ((y - face.cy) / (face.ry - 26)) ** 2 > 1)
          continue;
        if (middle(x, y)) strandPixels++;
        const i = (y * W + x) * 3;
        for (let c = 0; c < 3; c++) if (result.data[i + c] !== data[i + c]) changed++;
      }
    expect(strandPixels).toBeGreaterThan(50);
    expect(changed).toBe(0);
    expect(px(result.data, 114, 168)).toEqual([...hairColour]);
  });

  it('fades from the fill to the kept hair without a hard edge', () => {
    const luma = (c: number[]) => 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!;
    const row = Array.from({ length: 100 - 74 }, (_, k) => luma(px(result.data, 74 + k, 168)));
    // Skin-light at the oval's edge, hair-dark deep inside, every step between small.
    expect(row[0]!).toBeGreaterThan(luma([...hairColour]) + 100);
    expect(row[row.length - 1]!).toBeLessThan(luma([...hairColour]) + 5);
    const steps = row.slice(1).map((v, k) => Math.abs(v - row[k]!));
    expect(Math.max(...steps)).toBeLessThan(40);
  });
});

describe('removeHair on a larger photo', () => {
  it('works on the part around the head and pastes it back in place', () => {
    const { photo, matte } = portrait();
    const pad = { left: 150, top: 90, right: 170, bottom: 260 };
    const bw = W + pad.left + pad.right;
    const bh = H + pad.top + pad.bottom;
    const big = new Uint8Array(bw * bh * 3);
    const bigMatte = new Float32Array(bw * bh);
    for (let i = 0; i < bw * bh; i++) big.set(background, i * 3);
    for (let y = 0; y < H; y++) {
      big.set(photo.data.subarray(y * W * 3, (y + 1) * W * 3), ((y + pad.top) * bw + pad.left) * 3);
      bigMatte.set(matte.subarray(y * W, (y + 1) * W), (y + pad.top) * bw + pad.left);
    }
    const move = (p: Vec2): Vec2 => [p[0] + pad.left, p[1] + pad.top];
    const moved: BaldFacePoints = {
      ...points,
      faceOval: points.faceOval.map(move),
      foreheadTop: move(points.foreheadTop),
      hairline: move(points.hairline),
      chin: move(points.chin),
      noseTip: move(points.noseTip),
      leftCheek: move(points.leftCheek),
      rightCheek: move(points.rightCheek),
      leftEye: { center: move(points.leftEye.center), contour: points.leftEye.contour.map(move) },
      rightEye: {
        center: move(points.rightEye.center),
        contour: points.rightEye.contour.map(move),
      },
      leftEyebrow: points.leftEyebrow.map(move),
      rightEyebrow: points.rightEyebrow.map(move),
      mouth: { left: move(points.mouth.left), right: move(points.mouth.right) },
    };
    const small = removeHair(photo, matte, points, { seed: 3 });
    const large = removeHair({ data: big, width: bw, height: bh }, bigMatte, moved, { seed: 3 });
    let worst = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const a = px(small.data, x, y);
        const i = ((y + pad.top) * bw + x + pad.left) * 3;
        worst = Math.max(worst, dist(a, [large.data[i]!, large.data[i + 1]!, large.data[i + 2]!]));
        expect(large.mask[(y + pad.top) * bw + x + pad.left]).toBe(small.mask[y * W + x]);
      }
    expect(worst).toBeLessThan(4);
    // Far from the head nothing changed.
    expect(large.mask[5 * bw + 5]).toBe(0);
    expect(large.head.center[0] - small.head.center[0]).toBeCloseTo(pad.left, 5);
  });
});

describe('removeHair on a turned face (the mouth at the edge of the oval)', () => {
  // The mouth's left corner lies in the oval's margin, where strands are replaced; hair over it
  // (or the matte taking the lips' edge for hair) must not be.
  const turned: BaldFacePoints = { ...points, mouth: { left: [78, 185], right: [128, 185] } };
  const lock = (x: number, y: number) => x >= 74 && x < 92 && y >= 178 && y < 192;
  const { photo, matte } = portrait(lock);
  const { data } = photo;
  const result = removeHair(photo, matte, turned, { seed: 6 });

  it('keeps the mouth byte for byte', () => {
    for (const [x, y] of [
      [80, 185],
      [84, 182],
      [88, 189],
    ] as const) {
      expect(px(result.data, x, y)).toEqual(px(data, x, y));
      expect(result.mask[y * W + x]).toBe(0);
    }
  });
});

describe('removeHair on a head turned aside (the scalp map)', () => {
  // The nose toward the image's left: the skull reaches further behind the face on the right.
  const turned: BaldFacePoints = { ...points, noseTip: [95, 160] };
  const { photo, matte } = portrait();
  const result = removeHair(photo, matte, turned, { seed: 1 });
  const at = (x: number, y: number) => result.scalp[y * W + x]!;

  it('marks the back of the head above the temples as scalp, for the try-on', () => {
    expect(at(185, 105)).toBeGreaterThan(200);
    expect(at(120, 72)).toBe(0); // above the forehead
    expect(at(60, 60)).toBe(0); // the cap beyond the skull became background
    expect(at(56, 190)).toBe(0); // the lock beside the cheek too
    let outsideMask = 0;
    let inOval = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        if (!at(x, y)) continue;
        if (!result.mask[y * W + x]) outsideMask++;
        if (inFace(x, y)) inOval++;
      }
    expect(outsideMask).toBe(0);
    expect(inOval).toBe(0);
  });
});

describe('removeHair on a grainy background', () => {
  // The portrait on a background with sensor-like grain: the background fill (the lock beside
  // the cheek) must not be smoother than the photo around it.
  const rand = mulberry32(7);
  const { photo, matte } = portrait();
  const data = new Uint8Array(photo.data);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (inFace(x, y) || matte[y * W + x]) continue;
      const noise = Math.round((rand() - 0.5) * 16);
      for (let c = 0; c < 3; c++) data[(y * W + x) * 3 + c] = background[c]! + noise;
    }
  const result = removeHair({ data, width: W, height: H }, matte, points, { seed: 5 });
  /** Mean absolute difference of the green channel from its 3×3 mean over a box. */
  const grain = (pixels: Uint8Array, x0: number, x1: number, y0: number, y1: number) => {
    let sum = 0;
    let count = 0;
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        let mean = 0;
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) mean += pixels[((y + dy) * W + x + dx) * 3 + 1]!;
        sum += Math.abs(pixels[(y * W + x) * 3 + 1]! - mean / 9);
        count++;
      }
    return sum / count;
  };

  it('gives the background fill grain like the background around it', () => {
    const photoGrain = grain(data, 10, 35, 110, 190);
    const fillGrain = grain(result.data, 52, 62, 130, 190);
    expect(dist(px(result.data, 57, 160), background)).toBeLessThan(30);
    // (White noise here; the fill's grain is two pixels across, like a JPEG's, so a bit weaker.)
    expect(fillGrain).toBeGreaterThan(photoGrain * 0.35);
    expect(fillGrain).toBeLessThan(photoGrain * 1.5);
  });

  it('keeps the grain deterministic', () => {
    const again = removeHair({ data, width: W, height: H }, matte, points, { seed: 5 });
    expect(Buffer.from(again.data).equals(Buffer.from(result.data))).toBe(true);
  });
});

describe('removeHair with long hair below the jaw', () => {
  // A red top from y = 252 across the body (x < 166); a strand falls from beside the jaw to the
  // bottom of the photo half over the top's edge, half over the background; a wide mass of hair
  // covers the lower left corner (nothing around it to fill from but its upper edge).
  const top = [200, 40, 50] as const;
  const onTop = (x: number, y: number) => y >= 252 && x >= 70 && x < 166;
  const strand = (x: number, y: number) => x >= 158 && x < 174 && y >= 196;
  const mass = (x: number, y: number) => x < 100 && y >= 236;
  const { photo, matte } = portrait((x, y) => strand(x, y) || mass(x, y));
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (onTop(x, y) && !matte[y * W + x]) photo.data.set(top, (y * W + x) * 3);
  // (Rebuilt only on request: by default the long hair stays, see the next block.)
  const result = removeHair(photo, matte, points, { seed: 1, belowJaw: true });

  it('by default leaves the long hair below the cut as it is', () => {
    const kept = removeHair(photo, matte, points, { seed: 1 });
    let hairBelow = 0;
    // (The cut lies 0.35–0.6 chin depths below the chin, about y = 246–262 here.)
    for (let y = 264; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        if (!(strand(x, y) || mass(x, y))) continue;
        hairBelow++;
        expect(px(kept.data, x, y)).toEqual(px(photo.data, x, y));
        expect(kept.mask[i]).toBe(0);
      }
    expect(hairBelow).toBeGreaterThan(500);
  });

  it('continues the top into the strand over it and the background into the rest', () => {
    for (let y = 266; y < H; y += 4) {
      expect(dist(px(result.data, 161, y), top)).toBeLessThan(30);
      expect(dist(px(result.data, 171, y), background)).toBeLessThan(30);
    }
    expect(result.mask[275 * W + 166]).toBe(255);
  });

  it('rebuilds a mass of hair from patches of what lies around it', () => {
    // (Its edge is the background above and the top beside it: the fill is one or the other
    // but for the seam where they meet, and never the hair. Its last rows, next to the photo's
    // edge and far from anything the fill knows, may mix the two: not sampled for that.)
    let samples = 0;
    let neither = 0;
    for (let y = 250; y < H - 8; y += 4)
      for (let x = 4; x < 100; x += 8) {
        const c = px(result.data, x, y);
        samples++;
        if (Math.min(dist(c, background), dist(c, top)) >= 40) neither++;
        expect(dist(c, hairColour)).toBeGreaterThan(60);
        expect(result.mask[y * W + x]).toBe(255);
      }
    for (let x = 0; x < 100; x += 4)
      expect(dist(px(result.data, x, H - 1), hairColour)).toBeGreaterThan(60);
    expect(neither / samples).toBeLessThan(0.1);
  });

  it('changes nothing outside the mask, and not the face', () => {
    let changedOutside = 0;
    let faceChanged = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const same = [0, 1, 2].every((c) => result.data[i * 3 + c] === photo.data[i * 3 + c]);
        if (!same && result.mask[i] === 0) changedOutside++;
        // (The strand's top beside the jaw lies over the oval's edge: the head stage's part.)
        if (!same && inFace(x, y) && y > 145 && x < 150) faceChanged++;
      }
    expect(changedOutside).toBe(0);
    expect(faceChanged).toBe(0);
  });
});

describe('removeHair with a deep mass of hair below the jaw', () => {
  // The portrait 120 rows taller, hair across it from y = 226 down: its only edge is the cut
  // above, and it runs 1.5 face widths below that.
  const tall = H + 120;
  const { photo, matte } = portrait((_, y) => y >= 226);
  const data = new Uint8Array(W * tall * 3);
  const tallMatte = new Float32Array(W * tall).fill(1);
  data.set(photo.data);
  tallMatte.set(matte);
  for (let i = W * H; i < W * tall; i++) data.set(hairColour, i * 3);
  const result = removeHair({ data, width: W, height: tall }, tallMatte, points, {
    seed: 1,
    belowJaw: true,
  });

  it('leaves it as it is (a fill that far from the edge would be a guess)', () => {
    for (const y of [300, 360])
      for (const x of [20, 120, 220]) {
        expect(px(result.data, x, y)).toEqual([...hairColour]);
        expect(result.mask[y * W + x]).toBe(0);
      }
  });
});

describe('removeHair with hair hanging in front of the neck', () => {
  // A neck below the face (x 95–145) and a curtain of hair from beside the jaw down over the
  // neck's left half and the background beside it.
  const onNeck = (x: number, y: number) => y >= 200 && x >= 95 && x < 145;
  const curtain = (x: number, y: number) => x >= 60 && x < 118 && y >= 196 && y < 236;
  const { photo, matte } = portrait(curtain);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (onNeck(x, y) && !matte[y * W + x]) photo.data.set(skin, (y * W + x) * 3);
  const result = removeHair(photo, matte, points, { seed: 3 });

  it('continues the neck into the hair in front of it, and the background beside it', () => {
    for (let y = 212; y < 232; y += 4) {
      // the neck's middle, below the chin: skin
      expect(dist(px(result.data, 110, y), skin)).toBeLessThan(35);
      // well beside the neck: background
      expect(dist(px(result.data, 66, y), background)).toBeLessThan(35);
    }
  });

  it("shades the filled neck under the jaw (the chin's shadow), not one flat panel", () => {
    const luma = ([r, g, b]: number[]) => 0.299 * r! + 0.587 * g! + 0.114 * b!;
    // the jaw is at y ≈ 215 here; the shadow reaches 10 px (0.1 face widths) below it
    const underJaw = luma(px(result.data, 105, 218));
    const lower = luma(px(result.data, 105, 232));
    expect(underJaw).toBeLessThan(lower - 10);
  });
});

describe('removeHair where the neck is covered (a turtleneck)', () => {
  // The same curtain of hair as above, but the neck below the chin is a grey turtleneck.
  const grey = [70, 70, 72] as const;
  const onNeck = (x: number, y: number) => y >= 200 && x >= 95 && x < 145;
  const curtain = (x: number, y: number) => x >= 60 && x < 118 && y >= 196 && y < 236;
  const { photo, matte } = portrait(curtain);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (onNeck(x, y) && !inFace(x, y) && !matte[y * W + x]) photo.data.set(grey, (y * W + x) * 3);
  const result = removeHair(photo, matte, points, { seed: 3 });

  it('fills the hair in front of the neck from the clothes and background, not with skin', () => {
    // below the face oval (it ends at y 218 there), inside the curtain
    for (let y = 222; y < 236; y += 4) {
      const filled = px(result.data, 110, y);
      expect(dist(filled, skin)).toBeGreaterThan(60);
      // between the turtleneck's grey and the background's blue, never warm
      expect(filled[0]!).toBeLessThanOrEqual(filled[2]! + 5);
    }
  });
});

describe('removeHair over the shadowed side of a face', () => {
  // The face's left edge lies in shadow (the same skin at 70 % of its light; the cheek the skin
  // model is taken from stays lit) and a lock of hair covers that edge below the eyes.
  const shaded = skin.map((v) => Math.round(v * 0.7));
  const lock = (x: number, y: number) => x >= 70 && x < 86 && y >= 150 && y < 195 && inFace(x, y);
  const { photo, matte } = portrait(lock);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (x < 92 && inFace(x, y) && !matte[y * W + x] && !isHair(x, y))
        photo.data.set(shaded, (y * W + x) * 3);
  const result = removeHair(photo, matte, points, { seed: 5 });

  it('continues the shadowed skin under the lock, not the lit cheek', () => {
    for (let y = 160; y < 190; y += 6) {
      const filled = px(result.data, 84, y);
      expect(dist(filled, shaded)).toBeLessThan(25);
    }
  });
});

describe('removeHair beside a lock in whose shadow the skin is red', () => {
  // A lock over the face's right side below the eyes; the skin in a band 8 px wide round it
  // is the hair's shadow: darker and much redder than the face (light through the hair).
  const shadow = [150, 80, 60] as const;
  const lock = (x: number, y: number) => x >= 150 && x < 172 && y >= 146 && y < 196 && inFace(x, y);
  const nearLock = (x: number, y: number) => x >= 142 && y >= 138 && y < 204;
  const { photo, matte } = portrait(lock);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (nearLock(x, y) && inFace(x, y) && !matte[y * W + x] && !isHair(x, y))
        photo.data.set(shadow, (y * W + x) * 3);
  const result = removeHair(photo, matte, points, { seed: 9 });

  it('fills the middle of the lock with the face beyond the shadow, not with the shadow', () => {
    for (let y = 164; y < 180; y += 4) {
      const filled = px(result.data, 162, y);
      expect(dist(filled, skin)).toBeLessThan(40);
    }
  });

  it("still meets the shadowed skin at the lock's edge", () => {
    const edge = px(result.data, 149, 170);
    expect(dist(edge, shadow)).toBeLessThan(30);
  });
});

describe('removeHair on a turned head', () => {
  // The nose 0.6 face widths left of the cheeks' middle: the face looks to the left and the
  // skull's back is on the right. Hair covers the side of the head right of the face, below the
  // temples (where the ear and the skull behind it are).
  const side = (x: number, y: number) => x >= 174 && x < 200 && y >= 125 && y < 165;
  const { photo, matte } = portrait(side);
  const turned: BaldFacePoints = { ...points, noseTip: [60, 160] };
  const luma = ([r, g, b]: number[]) => 0.299 * r! + 0.587 * g! + 0.114 * b!;

  it('continues the skin behind the face below the temples, not the background', () => {
    const result = removeHair(photo, matte, turned, { seed: 11 });
    for (let y = 132; y < 150; y += 6) {
      const filled = px(result.data, 186, y);
      expect(filled[0]!).toBeGreaterThan(filled[2]! + 40); // warm: skin, not the blue background
      expect(dist(filled, hairColour)).toBeGreaterThan(80);
      expect(luma(filled)).toBeGreaterThan(100);
    }
  });

  it('continues the skull over the front of the forehead, not the background', () => {
    // Above the forehead on the nose's side, where the skull ellipse (centred behind the face)
    // has already narrowed: the frontal skull's upper half covers it.
    const result = removeHair(photo, matte, turned, { seed: 11 });
    for (const [x, y] of [
      [80, 90],
      [90, 80],
    ] as const) {
      const filled = px(result.data, x, y);
      expect(filled[0]!).toBeGreaterThan(filled[2]! + 40);
    }
  });

  it("keeps the crown as tall between the skull's two tops as at them (no notch)", () => {
    // The skull ellipse (centred behind the face) tops out at x = 147, the frontal skull's upper
    // half at x = 120, both at y ≈ 58; their union alone dipped between them and left the
    // background there.
    const result = removeHair(photo, matte, turned, { seed: 11 });
    const head = headEllipse(turned);
    expect(head.center[0]).toBeCloseTo(147, 0);
    for (const x of [120, 127, 133, 140, 147]) {
      const filled = px(result.data, x, 59);
      expect(filled[0]!).toBeGreaterThan(filled[2]! + 30);
    }
  });

  it('fills the same place with the background on a frontal head', () => {
    const result = removeHair(photo, matte, points, { seed: 11 });
    const filled = px(result.data, 186, 144);
    expect(filled[2]!).toBeGreaterThan(filled[0]!);
  });
});

describe('removeHair with a lone speck of matte', () => {
  // One pixel of weak matte beside the cheek (the soft edge of a fringe leaves such specks).
  const { photo, matte } = portrait();
  matte[170 * W + 182] = 0.5;
  const result = removeHair(photo, matte, points, { seed: 7 });

  it('leaves the speck and its neighbourhood alone (no square of fill around it)', () => {
    for (let y = 166; y <= 174; y++)
      for (let x = 178; x <= 186; x++) expect(result.mask[y * W + x]).toBe(0);
  });
});

describe('removeHair by the corner of a mouth that lies beyond the oval', () => {
  // A turned face's smiling mouth reaches past the landmark oval; its shadowed corner has a
  // weak speck of matte (0.35). The corner of the lips must stay, not become background.
  const lips = [150, 60, 55] as const;
  const corner = (x: number, y: number) => x >= 162 && x < 168 && y >= 178 && y < 184;
  const { photo, matte } = portrait();
  for (let y = 170; y < 192; y++)
    for (let x = 150; x < 176; x++) photo.data.set(corner(x, y) ? lips : skin, (y * W + x) * 3);
  for (let y = 178; y < 184; y++) for (let x = 162; x < 168; x++) matte[y * W + x] = 0.35;
  const wide: BaldFacePoints = { ...points, mouth: { left: [120, 182], right: [166, 182] } };
  const result = removeHair(photo, matte, wide, { seed: 5 });

  it('keeps the lips and the skin round them', () => {
    for (let y = 176; y < 186; y++)
      for (let x = 158; x < 172; x++) {
        expect(result.mask[y * W + x]).toBe(0);
        expect(px(result.data, x, y)).toEqual(px(photo.data, x, y));
      }
  });
});

describe('removeHair with hair over an eye', () => {
  // A lock over the right eye and the temple beside it.
  const lock = (x: number, y: number) => x >= 128 && x < 166 && y >= 128 && y < 152;
  const { photo, matte } = portrait(lock);
  const result = removeHair(photo, matte, points, { seed: 3 });

  it('keeps the hair over the eye itself', () => {
    expect(dist(px(result.data, 140, 140), hairColour)).toBeLessThan(10);
  });

  it('fades it into the fill beyond the eye, without a hard edge', () => {
    let step = 0;
    for (let x = 146; x < 160; x++)
      step = Math.max(step, dist(px(result.data, x + 1, 140), px(result.data, x, 140)));
    expect(step).toBeLessThan(80);
    expect(dist(px(result.data, 158, 140), hairColour)).toBeGreaterThan(80);
  });
});

describe('removeHair with a fringe over the brows', () => {
  const luma = (c: number[]) => 0.299 * c[0]! + 0.587 * c[1]! + 0.114 * c[2]!;
  /** Mean and darkest lightness of the result inside a brow (its outline shrunk a little). */
  const browLuma = (data: Uint8Array, cx: number) => {
    let sum = 0;
    let n = 0;
    let darkest = 255;
    for (let y = 127; y <= 129; y++)
      for (let x = cx - 7; x <= cx + 7; x++) {
        const l = luma(px(data, x, y));
        sum += l;
        n++;
        darkest = Math.min(darkest, l);
      }
    return { mean: sum / n, darkest };
  };

  it('draws the hidden brows back, darker than the forehead (without it: bare skin)', () => {
    const fringe = (x: number, y: number) => inFace(x, y) && y < 134;
    const { photo, matte } = portrait(fringe);
    const result = removeHair(photo, matte, points, { seed: 4 });
    const forehead = luma(px(result.data, 120, 110));
    for (const cx of [100, 140]) {
      const brow = browLuma(result.data, cx);
      expect(forehead - brow.mean, `brow at ${cx}`).toBeGreaterThan(30);
      // A brow, not a hole: lighter than the hair that hid it.
      expect(brow.darkest).toBeGreaterThan(luma([...hairColour]) + 5);
    }
    // Between the brows the forehead stays bare.
    expect(Math.abs(luma(px(result.data, 120, 128)) - forehead)).toBeLessThan(25);
  });

  it('takes the colour of the brow that shows, and leaves that brow alone', () => {
    // A blue-black brow shows on the right; a lock hides the left one.
    const browInk = [40, 45, 75] as const;
    const lock = (x: number, y: number) => x >= 84 && x < 117 && y >= 118 && y < 134;
    const paintBrow = (data: Uint8Array) => {
      for (let y = 126; y <= 130; y++)
        for (let x = 130; x <= 150; x++)
          if (((x - 140) / 10) ** 2 + ((y - 128) / 2) ** 2 <= 1) data.set(browInk, (y * W + x) * 3);
    };
    const shown = portrait(lock);
    paintBrow(shown.photo.data);
    const withBrow = removeHair(shown.photo, shown.matte, points, { seed: 4 });
    const bare = portrait(lock);
    const withoutBrow = removeHair(bare.photo, bare.matte, points, { seed: 4 });
    // The left brow is drawn in both, bluer where the right brow is blue.
    const blueness = (data: Uint8Array) => {
      let sum = 0;
      for (let x = 93; x <= 107; x++) {
        const [r, , b] = px(data, x, 128);
        sum += b! - r!;
      }
      return sum / 15;
    };
    expect(browLuma(withBrow.data, 100).mean).toBeLessThan(luma(px(withBrow.data, 100, 112)) - 30);
    expect(blueness(withBrow.data) - blueness(withoutBrow.data)).toBeGreaterThan(10);
    // The right brow is untouched.
    expect(px(withBrow.data, 140, 128)).toEqual([...browInk]);
  });
});

describe('removeHair with the shoulders known (hair over the body below the jaw)', () => {
  // The portrait 120 rows taller: a red top from the shoulders down (x 30–209), the neck above
  // it; one curtain of hair down the chest, one over the body's outline at the left.
  const tall = H + 120;
  const topColour = [200, 40, 50] as const;
  const onBody = (x: number, y: number) => y >= 262 && x >= 30 && x < 210;
  const onNeck = (x: number, y: number) => y >= 200 && y < 262 && x >= 100 && x < 140;
  // (The one down the chest covers the top's upper edge and all but 10 px each side of its
  // width: above the middle of it the nearest thing around is the background.)
  const curtain = (x: number, y: number) =>
    y >= 226 && ((x >= 40 && x < 200 && y < 320) || (x >= 10 && x < 50));
  const data = new Uint8Array(W * tall * 3);
  const matte = new Float32Array(W * tall);
  for (let y = 0; y < tall; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      let c: readonly number[] = background;
      if (y < H && inFace(x, y)) c = skin;
      else if (onBody(x, y)) c = topColour;
      else if (onNeck(x, y)) c = skin;
      if ((y < H && isHair(x, y)) || curtain(x, y)) {
        c = hairColour;
        matte[i] = 1;
      }
      data.set(c, i * 3);
    }
  const photo = { data, width: W, height: tall };
  const shoulders = { left: [190, 262] as Vec2, right: [50, 262] as Vec2 };
  const result = removeHair(photo, matte, points, { seed: 1, shoulders, belowJaw: true });

  it('continues the body under the hair over it, and the background beside the body', () => {
    for (let y = 280; y < 330; y += 10)
      expect(dist(px(result.data, 120, y), topColour)).toBeLessThan(40);
    for (let y = 290; y < tall - 10; y += 10) {
      expect(dist(px(result.data, 42, y), topColour)).toBeLessThan(40);
      expect(dist(px(result.data, 16, y), background)).toBeLessThan(40);
    }
  });

  it('changes nothing outside the mask', () => {
    let changedOutside = 0;
    for (let i = 0; i < W * tall; i++) {
      const same = [0, 1, 2].every((c) => result.data[i * 3 + c] === data[i * 3 + c]);
      if (!same && result.mask[i] === 0) changedOutside++;
    }
    expect(changedOutside).toBe(0);
  });
});

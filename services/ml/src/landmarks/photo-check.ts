/**
 * Will this photo work for the try-on? Pure measurements over what the landmark call already
 * has (the subject's face mesh and pose, the other faces, the photo's size, the hair network's
 * raw probability, the photo's pixels) and the findings they lead to. No model code,
 * so every threshold is unit-tested on synthetic input (photo-check.test.ts). ADR 037.
 *
 * A finding never refuses the photo: the screen says why and how to retake it, and the person
 * may go on. What cannot work at all is still refused by `faceRules` (FACE_RECOGNITION_FAILED).
 */
import type { PhotoFindingCode } from '@carol/contracts';
import {
  centroid,
  facePoints,
  faceRules,
  type Box,
  type Point2,
  type RawFace,
} from './face-geometry.js';

/** Thresholds of a photo that works well (ADR 037 says where each comes from). */
export const photoCheckRules = {
  /** Head turn, degrees: beyond these the style's fit degrades (placement handles ±30° yaw). */
  maxAbsYaw: 30,
  maxAbsPitch: 20,
  maxAbsRoll: 20,
  /** The face box's shorter side as a share of the photo's shorter side... */
  minFaceShare: 0.2,
  /** ...and in pixels of the photo as sent. */
  minFacePx: 128,
  /** The face oval's points outside the photo, as a share of its 36 points. */
  maxOvalOutside: 0,
  /**
   * The top of the head (the estimated hairline moved up by this share of the hairline–chin
   * length, along the face's axis) must lie inside the photo: the style is drawn there.
   */
  crownAboveHairline: 0.3,
  /** ...give or take this many face heights (hair touching the top edge is fine). */
  maxCrownAbove: 0.05,
  /** Share of the eyes' area the hair network calls hair (probability ≥ 0.5). */
  maxHairOverEyes: 0.3,
  /** Share of the face below the brows (the oval shrunk by 15 %) the network calls hair. */
  maxHairOverFace: 0.15,
  /** Another face at least this share of the subject's size (shorter box side). */
  otherFaceShare: 0.35,
  /** Median luma (0–255) of the face below the brows. */
  minFaceLuma: 60,
  /**
   * Own hair below the chin: the hair cells within this many face heights of the face's axis
   * (hair hanging beside the face and over the shoulders, not a raised arm's edge)...
   */
  hairBelowHalfWidth: 0.9,
  /** ...counted in bands this many face heights deep, down from the chin... */
  hairBelowBand: 0.05,
  /** ...a band with hair across at least this many face heights in all... */
  hairBelowMinWidth: 0.08,
  /** ...and the hair ends after this many bands in a row without. */
  hairBelowGap: 2,
  maxFaceLuma: 235,
} as const;

export interface PhotoFinding {
  code: PhotoFindingCode;
  /** What was measured (degrees, share, count or luma: see the rule of the same name). */
  value: number;
  /** The limit it crossed. */
  limit: number;
}

export interface PhotoMeasures {
  yaw: number;
  pitch: number;
  roll: number;
  /** Face box shorter side / photo shorter side, and in pixels. */
  faceShare: number;
  facePx: number;
  /** Share of the face oval's points outside the photo. */
  ovalOutside: number;
  /** How far the estimated top of the head lies above the photo's top edge, in face heights (≤ 0: inside). */
  crownAbove: number;
  /** Hair network coverage (null when the network did not run). */
  hairOverEyes: number | null;
  hairOverBrows: number | null;
  hairOverFace: number | null;
  /** Other faces at least `otherFaceShare` of the subject's size. */
  otherFaces: number;
  /** Median luma of the face below the brows (null without pixels). */
  faceLuma: number | null;
  /**
   * How far the person's own hair reaches below the chin, in face heights along the face's axis
   * (0: not below the chin; null: no hair network). Hair running out of the photo's bottom edge
   * counts up to the edge.
   */
  hairBelowChin: number | null;
}

export interface PhotoCheck {
  ok: boolean;
  findings: PhotoFinding[];
  measures: PhotoMeasures;
}

/** The hair network's probability, the whole photo stretched to size × size. */
export interface HairProbabilityMap {
  probability: Float32Array;
  size: number;
}

export interface PhotoCheckInput {
  face: RawFace;
  /** Every confident face found, the subject's included (face-geometry `otherFaces` decides). */
  others: readonly RawFace[];
  width: number;
  height: number;
  hair?: HairProbabilityMap | null;
  /** The photo's RGB pixels (any size with the same aspect: coordinates are scaled). */
  pixels?: { data: Uint8Array; width: number; height: number } | null;
}

const round = (v: number, digits = 3) => {
  const k = 10 ** digits;
  return Math.round(v * k) / k;
};

/** Even–odd test against a polygon given as flat [x0, y0, x1, y1, …] (no destructuring: hot). */
function pointInPolygon(x: number, y: number, flat: Float64Array): boolean {
  let inside = false;
  const n = flat.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = flat[i]!;
    const yi = flat[i + 1]!;
    const xj = flat[j]!;
    const yj = flat[j + 1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The polygon scaled by `k` about its centroid. */
function scaled(points: readonly Point2[], k: number): Point2[] {
  const [cx, cy] = centroid(points);
  return points.map(([x, y]): Point2 => [cx + (x - cx) * k, cy + (y - cy) * k]);
}

/**
 * Visits the pixel centres of a grid (size gw × gh over the photo's width × height) inside the
 * polygon and, if given, on the positive side of the line `keep` (a point and a normal).
 */
function forEachInside(
  polygon: readonly Point2[],
  width: number,
  height: number,
  gw: number,
  gh: number,
  visit: (gx: number, gy: number) => void,
  keep?: { point: Point2; normal: Point2 },
  step = 1,
): number {
  const sx = gw / width;
  const sy = gh / height;
  const grid = new Float64Array(2 * polygon.length);
  polygon.forEach((p, k) => {
    grid[2 * k] = p[0] * sx;
    grid[2 * k + 1] = p[1] * sy;
  });
  const xs = polygon.map((p) => p[0] * sx);
  const ys = polygon.map((p) => p[1] * sy);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)));
  const x1 = Math.min(gw - 1, Math.ceil(Math.max(...xs)));
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(gh - 1, Math.ceil(Math.max(...ys)));
  let count = 0;
  for (let gy = y0; gy <= y1; gy += step) {
    for (let gx = x0; gx <= x1; gx += step) {
      if (!pointInPolygon(gx + 0.5, gy + 0.5, grid)) continue;
      if (keep) {
        const px = (gx + 0.5) / sx - keep.point[0];
        const py = (gy + 0.5) / sy - keep.point[1];
        if (px * keep.normal[0] + py * keep.normal[1] < 0) continue;
      }
      count++;
      visit(gx, gy);
    }
  }
  return count;
}

/** Share of a region's cells whose hair probability is at least 0.5 (null: region too small). */
function hairShare(
  polygon: readonly Point2[],
  input: { width: number; height: number },
  hair: HairProbabilityMap,
  keep?: { point: Point2; normal: Point2 },
): number | null {
  let hairCells = 0;
  // about 48 samples across the region at most (a large face covers 300 cells of the 512 grid)
  const xs = polygon.map((p) => p[0]);
  const extent = ((Math.max(...xs) - Math.min(...xs)) * hair.size) / input.width;
  const step = Math.max(1, Math.floor(extent / 48));
  const n = forEachInside(
    polygon,
    input.width,
    input.height,
    hair.size,
    hair.size,
    (gx, gy) => {
      if (hair.probability[gy * hair.size + gx]! >= 0.5) hairCells++;
    },
    keep,
    step,
  );
  return n === 0 ? null : hairCells / n;
}

/**
 * How far the hair reaches below the chin, in face heights (see `photoCheckRules.hairBelow…`):
 * the hair cells near the face's axis binned by depth below the chin; the reach ends where
 * `hairBelowGap` bands in a row have too little hair.
 */
function hairReachBelowChin(
  chin: Point2,
  down: Point2,
  faceHeight: number,
  input: { width: number; height: number },
  hair: HairProbabilityMap,
): number {
  const rules = photoCheckRules;
  const { size, probability } = hair;
  const sx = input.width / size;
  const sy = input.height / size;
  const bands = Math.ceil(Math.hypot(input.width, input.height) / faceHeight / rules.hairBelowBand);
  const widths = new Float64Array(bands);
  // one cell's width across the axis, in face heights (the cells are not square)
  const cellAcross = Math.abs(down[1] * sx) + Math.abs(down[0] * sy);
  // Only the band below the chin is scanned: the cells within its bounding box (its corners at
  // the chin and `bands` deep, `hairBelowHalfWidth` to either side), on each row only from where
  // it enters the band's sides to where it leaves them (a cell either side to spare).
  const half = rules.hairBelowHalfWidth * faceHeight;
  const deep = bands * rules.hairBelowBand * faceHeight;
  const across: Point2 = [down[1], -down[0]];
  const corners = [-1, 1].flatMap((side) =>
    [0, deep].map((along) => [
      chin[0] + down[0] * along + across[0] * side * half,
      chin[1] + down[1] * along + across[1] * side * half,
    ]),
  );
  const ys = corners.map((p) => p[1]! / sy - 0.5);
  const gy0 = Math.max(0, Math.floor(Math.min(...ys)) - 1);
  const gy1 = Math.min(size - 1, Math.ceil(Math.max(...ys)) + 1);
  for (let gy = gy0; gy <= gy1; gy++) {
    const y = (gy + 0.5) * sy - chin[1];
    // |x·across₀ + y·across₁| ≤ half on this row: an interval of x when the band is not level.
    let gx0 = 0;
    let gx1 = size - 1;
    if (Math.abs(across[0]) > 1e-6) {
      const a = (-half - y * across[1]) / across[0];
      const b = (half - y * across[1]) / across[0];
      gx0 = Math.max(0, Math.floor((chin[0] + Math.min(a, b)) / sx - 0.5) - 1);
      gx1 = Math.min(size - 1, Math.ceil((chin[0] + Math.max(a, b)) / sx - 0.5) + 1);
    }
    for (let gx = gx0; gx <= gx1; gx++) {
      if (probability[gy * size + gx]! < 0.5) continue;
      const x = (gx + 0.5) * sx - chin[0];
      const along = (x * down[0] + y * down[1]) / faceHeight;
      if (along < 0) continue;
      const across = (x * down[1] - y * down[0]) / faceHeight;
      if (Math.abs(across) > rules.hairBelowHalfWidth) continue;
      const band = Math.floor(along / rules.hairBelowBand);
      if (band < bands) widths[band]! += cellAcross / faceHeight;
    }
  }
  let reach = 0;
  let gap = 0;
  for (let band = 0; band < bands && gap < rules.hairBelowGap; band++) {
    if (widths[band]! >= rules.hairBelowMinWidth) {
      reach = (band + 1) * rules.hairBelowBand;
      gap = 0;
    } else gap++;
  }
  return reach;
}

function overlapShare(face: Box, other: Box): number {
  const w = Math.min(face.x + face.width, other.x + other.width) - Math.max(face.x, other.x);
  const h = Math.min(face.y + face.height, other.y + other.height) - Math.max(face.y, other.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (face.width * face.height);
}

/** The face box from the oval (the detector's box is loose and may be cut by the border). */
function ovalBox(oval: readonly Point2[]): Box {
  const xs = oval.map((p) => p[0]);
  const ys = oval.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Measures the photo and lists what will not work well, by `photoCheckRules`. */
export function checkPhoto(input: PhotoCheckInput): PhotoCheck {
  const { face, width, height } = input;
  const rules = photoCheckRules;
  const points = facePoints(face.mesh);
  const oval = points.faceOval;
  const shorterSide = Math.min(width, height);
  const facePx = Math.min(face.box.width, face.box.height);

  const outside = oval.filter(([x, y]) => x < 0 || y < 0 || x > width || y > height).length;

  // The top of the head, along the face's axis from the chin through the estimated hairline.
  const axis: Point2 = [points.hairline[0] - points.chin[0], points.hairline[1] - points.chin[1]];
  const faceHeight = Math.hypot(axis[0], axis[1]) || 1;
  const crown: Point2 = [
    points.hairline[0] + axis[0] * rules.crownAboveHairline,
    points.hairline[1] + axis[1] * rules.crownAboveHairline,
  ];
  // Outside any edge counts (a head lying sideways has its crown beside the photo).
  const beyond = Math.max(-crown[1], crown[0] - width, -crown[0], crown[1] - height);

  // The brows' line, and the face below it (the oval shrunk so its edge hair does not count).
  const brows = [...points.leftEyebrow, ...points.rightEyebrow];
  const browCentre = centroid(brows);
  const down: Point2 = [-axis[0] / faceHeight, -axis[1] / faceHeight];
  const belowBrows = { point: browCentre, normal: down };

  let hairOverEyes: number | null = null;
  let hairOverBrows: number | null = null;
  let hairOverFace: number | null = null;
  let hairBelowChin: number | null = null;
  if (input.hair) {
    const eyes = [scaled(points.leftEye.contour, 1.4), scaled(points.rightEye.contour, 1.4)];
    const shares = eyes
      .map((eye) => hairShare(eye, input, input.hair!))
      .filter((s): s is number => s !== null);
    hairOverEyes = shares.length ? Math.max(...shares) : null;
    const browShares = [points.leftEyebrow, points.rightEyebrow]
      .map((brow) => hairShare(scaled(brow, 1.3), input, input.hair!))
      .filter((s): s is number => s !== null);
    hairOverBrows = browShares.length ? Math.max(...browShares) : null;
    hairOverFace = hairShare(scaled(oval, 0.85), input, input.hair, belowBrows);
    hairBelowChin = hairReachBelowChin(points.chin, down, faceHeight, input, input.hair);
  }

  const faceBox = ovalBox(oval);
  const others = input.others.filter(
    (f) =>
      f !== face &&
      f.faceScore >= faceRules.minFaceScore &&
      Math.min(f.box.width, f.box.height) >= rules.otherFaceShare * facePx &&
      // a second detection on the subject's own head is not someone else
      overlapShare(faceBox, f.box) < 0.3,
  ).length;

  let faceLuma: number | null = null;
  if (input.pixels) {
    const { data, width: pw, height: ph } = input.pixels;
    const lumas: number[] = [];
    const sx = pw / width;
    const sy = ph / height;
    const step = Math.max(1, Math.round(Math.min(faceBox.width * sx, faceBox.height * sy) / 48));
    forEachInside(
      scaled(oval, 0.85),
      width,
      height,
      pw,
      ph,
      (gx, gy) => {
        const i = 3 * (gy * pw + gx);
        lumas.push(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!);
      },
      belowBrows,
      step,
    );
    if (lumas.length) {
      lumas.sort((a, b) => a - b);
      faceLuma = lumas[lumas.length >> 1]!;
    }
  }

  const measures: PhotoMeasures = {
    yaw: round(face.rotation.yaw, 1),
    pitch: round(face.rotation.pitch, 1),
    roll: round(face.rotation.roll, 1),
    faceShare: round(facePx / shorterSide),
    facePx: Math.round(facePx),
    ovalOutside: round(outside / oval.length),
    crownAbove: round(beyond / faceHeight),
    hairOverEyes: hairOverEyes === null ? null : round(hairOverEyes),
    hairOverBrows: hairOverBrows === null ? null : round(hairOverBrows),
    hairOverFace: hairOverFace === null ? null : round(hairOverFace),
    otherFaces: others,
    faceLuma: faceLuma === null ? null : Math.round(faceLuma),
    hairBelowChin: hairBelowChin === null ? null : round(hairBelowChin, 2),
  };

  const findings: PhotoFinding[] = [];
  const over = (code: PhotoFindingCode, value: number | null, limit: number) => {
    if (value !== null && value > limit) findings.push({ code, value, limit });
  };
  const under = (code: PhotoFindingCode, value: number | null, limit: number) => {
    if (value !== null && value < limit) findings.push({ code, value, limit });
  };
  over('head_yaw', Math.abs(measures.yaw), rules.maxAbsYaw);
  over('head_pitch', Math.abs(measures.pitch), rules.maxAbsPitch);
  over('head_roll', Math.abs(measures.roll), rules.maxAbsRoll);
  if (measures.faceShare < rules.minFaceShare)
    findings.push({ code: 'face_small', value: measures.faceShare, limit: rules.minFaceShare });
  else under('face_small', measures.facePx, rules.minFacePx);
  over('face_cut_off', measures.ovalOutside, rules.maxOvalOutside);
  // A cut face says it already; the crown is its own finding only for a whole face.
  if (!findings.some((f) => f.code === 'face_cut_off'))
    over('head_cut_off', measures.crownAbove, rules.maxCrownAbove);
  over('hair_over_eyes', measures.hairOverEyes, rules.maxHairOverEyes);
  over('hair_over_face', measures.hairOverFace, rules.maxHairOverFace);
  over('several_faces', measures.otherFaces, 0);
  under('face_dark', measures.faceLuma, rules.minFaceLuma);
  over('face_bright', measures.faceLuma, rules.maxFaceLuma);
  return { ok: findings.length === 0, findings, measures };
}

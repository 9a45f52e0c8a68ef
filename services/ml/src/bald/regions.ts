import {
  boxBlur,
  clamp,
  dilate,
  distanceTo,
  fillPolygon,
  smoothstep,
  type Vec2,
} from './raster.js';
import { distanceToPolygon, distanceToSegment, headCoords, lerp, noseOffsetOf } from './head.js';
import { isLipOrSkin, isSkinHue, isSkinLike, skinModel, type SkinModel } from './skin.js';
import { tipNoise } from './texture.js';
import { geometry } from './tunables.js';
import type { HeadEllipse, RemovalFrame, RgbPhoto } from './types.js';

/**
 * The "regions" step of the bangs removal (bald.ts): the head (skull half-ellipse ∪ face oval),
 * the hair to replace and how much of it is kept, the features kept (eyes, brows), and where
 * hair becomes skin (the skin zone) rather than background.
 */

export interface Regions {
  /** The head: skull ellipse ∪ face oval ∪ the neck's column where it shows. */
  headMask: Uint8Array;
  /** Where the skin may be continued from (the face grown by `skinMargin`, the neck). */
  skinSource: Uint8Array;
  /** Scalp shading (1 = none), the chin's shadow on the neck included. */
  shadeMap: Float32Array;
  /** The estimated hairline's height in head coordinates. */
  hairlineV: number;
  skin: SkinModel;
  /** Where the skin model and texture are sampled on the left and right cheek. */
  cheekSamples: [Vec2, Vec2];
  /** 1 where a pixel is replaced. */
  hair: Uint8Array;
  /** How much of the photo is kept over a replaced pixel (0 = none). */
  keep: Float32Array;
  /** The eyes and brows grown: never a boundary of a fill. */
  kept: Uint8Array;
  faceOval: Uint8Array;
  /** `faceOval` as 0/1 floats. */
  ovalFloat: Float32Array;
  /** The eyes' height in head coordinates (the lower of the two). */
  eyeV: number;
  /** 1 within `cheekMargin` of the visible face, fading out over `cheekFeather`. */
  nearFace: Float32Array;
  /** The scalp map's share of the skin zone (see Regions step). */
  aboveTemples: Float32Array;
  /** Share of the skin fill in a replaced pixel (the rest is background). */
  headWeight: Float32Array;
}

export function findRegions(frame: RemovalFrame, options: { belowJaw: boolean }): Regions {
  const { photo, matte, points, faceWidth } = frame;
  const { width, height } = photo;
  const n = width * height;
  const { headMask, skinSource, shadeMap, hairlineV, downScale } = headRegion(frame);
  const features = featureMasks(frame);
  const leftCheekSample = lerp(points.leftEye.center, points.mouth.left, 0.45);
  const rightCheekSample = lerp(points.rightEye.center, points.mouth.right, 0.45);
  const skin = skinModel(
    photo,
    matte,
    [leftCheekSample, rightCheekSample],
    geometry.cheekRadius * faceWidth,
  );
  const { hair, keep } = hairToReplace(frame, !options.belowJaw);
  const layout = faceLayout(frame, hair, skin, downScale);
  const { skinZone, aboveTemples } = skinZones(frame, layout, {
    headMask,
    skinSource,
    shadeMap,
    hair,
    keep,
    skin,
  });
  const kept = keptFeatures(frame, features, hair, keep);
  const headFloat = new Float32Array(n);
  for (let i = 0; i < n; i++) headFloat[i] = headMask[i]!;
  const headWeight = boxBlur(headFloat, width, height, Math.max(1, faceWidth * 0.006));
  for (let i = 0; i < n; i++) headWeight[i] = headWeight[i]! * skinZone[i]!;
  return {
    headMask,
    skinSource,
    shadeMap,
    hairlineV,
    skin,
    cheekSamples: [leftCheekSample, rightCheekSample],
    hair,
    keep,
    kept,
    faceOval: layout.faceOval,
    ovalFloat: layout.ovalFloat,
    eyeV: layout.eyeV,
    nearFace: layout.nearFace,
    aboveTemples,
    headWeight,
  };
}

/**
 * The head (skull half-ellipse ∪ face oval, joined by the frontal skull above a turned face),
 * where the skin may come from, and the scalp's shading.
 */
function headRegion(frame: RemovalFrame): {
  headMask: Uint8Array;
  skinSource: Uint8Array;
  shadeMap: Float32Array;
  hairlineV: number;
  /** The ellipse's upper half height over its lower one. */
  downScale: number;
} {
  const { photo, points, head, right, faceWidth } = frame;
  const { width, height } = photo;
  const n = width * height;
  const headMask = new Uint8Array(n);
  fillPolygon(headMask, width, height, points.faceOval);
  // The skin is continued only from the face itself (and a margin: temples, upper forehead),
  // never from background that happens to lie inside the skull ellipse.
  const skinSource = dilate(headMask, width, height, geometry.skinMargin * faceWidth);
  const reach = Math.max(head.halfWidth, head.halfHeightUp, head.halfHeightDown) + 2;
  const downScale = head.halfHeightUp / head.halfHeightDown;
  const [, hairlineV] = headCoords(head, points.hairline[0], points.hairline[1]);
  // A turned head's skull ellipse is centred behind the face (`yawShift`), so above the eyes it
  // narrows away from the forehead's front, and the hair above the front of the forehead became
  // background: a head cut off in front (ai-upper, Frame01042). Its upper half is joined by the
  // frontal skull's (centred between the cheeks, unwidened, as tall); on a frontal face it lies
  // inside the ellipse. Both halves are as tall, so between their tops the head is as tall too
  // (their convex hull): the union alone dipped there, a notch in the crown between two humps
  // (Frame01034).
  const cheekMid = lerp(points.leftCheek, points.rightCheek, 0.5);
  const frontShift: Vec2 = [head.center[0] - cheekMid[0], head.center[1] - cheekMid[1]];
  const frontHalfWidth = (faceWidth / 2) * geometry.skullWidth;
  const frontTopU = -(frontShift[0] * right[0] + frontShift[1] * right[1]) / head.halfWidth;
  const crownFrom = Math.min(0, frontTopU);
  const crownTo = Math.max(0, frontTopU);
  // Scalp shading (a sphere lit from the front): darker toward the top and the sides. The skin
  // is filled in unshaded terms (boundary ÷ shade, fill × shade), so it still meets the real
  // skin exactly at the edge of the hair.
  const shadeMap = new Float32Array(n).fill(1);
  for (
    let y = Math.max(0, Math.floor(head.center[1] - reach));
    y <= Math.min(height - 1, head.center[1] + reach);
    y++
  )
    for (
      let x = Math.max(0, Math.floor(head.center[0] - reach));
      x <= Math.min(width - 1, head.center[0] + reach);
      x++
    ) {
      const dx = x + 0.5 - head.center[0];
      const dy = y + 0.5 - head.center[1];
      const u = (dx * right[0] + dy * right[1]) / head.halfWidth;
      const v = (dx * head.up[0] + dy * head.up[1]) / head.halfHeightUp;
      const vv = v >= 0 ? v : v * downScale;
      const r2 = u * u + vv * vv;
      if (r2 <= 1) headMask[y * width + x] = 1;
      else if (v >= 0 && v <= 1 && u >= crownFrom && u <= crownTo) headMask[y * width + x] = 1;
      else if (v >= 0) {
        // The front of the skull above a turned face (see `frontShift`).
        const u0 =
          ((dx + frontShift[0]) * right[0] + (dy + frontShift[1]) * right[1]) / frontHalfWidth;
        if (u0 * u0 + v * v <= 1) headMask[y * width + x] = 1;
      }
      const top = smoothstep(hairlineV - 0.05, 1, v);
      const rim = smoothstep(0.65, 1.02, Math.sqrt(r2)) * smoothstep(-0.2, 0.2, v);
      shadeMap[y * width + x] = 1 - 0.16 * top - 0.22 * rim;
    }
  return { headMask, skinSource, shadeMap, hairlineV, downScale };
}

interface FeatureMasks {
  eyes: Uint8Array;
  keptEyes: Uint8Array;
  browZone: Uint8Array;
  /** How far eyes and brows are grown (px). */
  grow: number;
}

/** The eyes and brows, and both grown by `featureGrow`. */
function featureMasks(frame: RemovalFrame): FeatureMasks {
  const { photo, points, faceWidth } = frame;
  const { width, height } = photo;
  const n = width * height;
  // Brows and eyes are never a boundary of the skin (dark). Eyes are never replaced; brows only
  // where the hair itself covers them (a fringe down to the eyes), not by the grown mask.
  const eyes = new Uint8Array(n);
  fillPolygon(eyes, width, height, points.leftEye.contour);
  fillPolygon(eyes, width, height, points.rightEye.contour);
  const brows = new Uint8Array(n);
  fillPolygon(brows, width, height, points.leftEyebrow);
  fillPolygon(brows, width, height, points.rightEyebrow);
  const grow = geometry.featureGrow * faceWidth;
  const keptEyes = dilate(eyes, width, height, grow);
  const browZone = dilate(brows, width, height, grow);
  return { eyes, keptEyes, browZone, grow };
}

/**
 * The hair to replace (the matte smoothed, thresholded and grown; cut below the chin) and how
 * much of the photo is kept over it toward the cut (`keep`): uneven tips (`hairTips`) without the
 * below-jaw pass, a plain fade with it.
 */
function hairToReplace(
  frame: RemovalFrame,
  tips: boolean,
): { hair: Uint8Array; keep: Float32Array } {
  const { photo, matte, points, head, right, faceWidth, threshold, seed } = frame;
  const { width, height } = photo;
  const n = width * height;
  const hairSeed = new Uint8Array(n);
  // From the matte smoothed a little: the grown mask of a lone speck of matte is a square, and
  // the specks of a fringe's soft edge over the face made a staircase of the fill's edge. A thin
  // strand keeps its value (it is long), a speck loses it.
  const seedMatte = boxBlur(matte, width, height, Math.max(1, geometry.seedSmooth * faceWidth));
  for (let i = 0; i < n; i++) hairSeed[i] = seedMatte[i]! >= threshold ? 1 : 0;
  // By the mouth, only what the network is fairly sure of is hair (see `mouthHairMatte`).
  {
    const r = geometry.mouthHairReach * faceWidth;
    const { left: a, right: b } = points.mouth;
    const mx0 = Math.max(0, Math.floor(Math.min(a[0], b[0]) - r));
    const mx1 = Math.min(width - 1, Math.ceil(Math.max(a[0], b[0]) + r));
    const my0 = Math.max(0, Math.floor(Math.min(a[1], b[1]) - r));
    const my1 = Math.min(height - 1, Math.ceil(Math.max(a[1], b[1]) + r));
    for (let y = my0; y <= my1; y++)
      for (let x = mx0; x <= mx1; x++) {
        const i = y * width + x;
        if (
          hairSeed[i] &&
          matte[i]! < geometry.mouthHairMatte &&
          distanceToSegment(a, b, x + 0.5, y + 0.5) < r
        )
          hairSeed[i] = 0;
      }
  }
  const hair = dilate(hairSeed, width, height, Math.max(2, geometry.hairGrow * faceWidth));
  // Hair far below the chin is left alone; `keep` fades the fill out toward that line.
  const keep = new Float32Array(n);
  const chinDepth = head.halfHeightDown / geometry.skullBottom;
  const cutFrom = chinDepth * (1 + geometry.removeBelowChin);
  const cutTo = cutFrom + chinDepth * geometry.removeFeather;
  // Without the below-jaw pass (the default, ADR 039) the long hair kept below the cut ends in
  // tips of uneven length, not a straight blurred line across it: the cut's depth varies along
  // it (`hairTips`) and the kept hair's edge is narrow (a fade over the whole band ghosted the
  // hair into the fill above it).
  const tipFeather = Math.max(1.5, geometry.hairTips.feather * faceWidth);
  const tipSpan = cutTo - cutFrom - tipFeather;
  const tipWave = geometry.hairTips.wavelength * faceWidth;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!hair[i]) continue;
      const dx = x + 0.5 - head.center[0];
      const dy = y + 0.5 - head.center[1];
      const below = -(dx * head.up[0] + dy * head.up[1]);
      if (below >= cutTo) hair[i] = 0;
      else if (tips) {
        if (below <= cutFrom) continue;
        const across = dx * right[0] + dy * right[1];
        const from = cutFrom + tipSpan * tipNoise(across / tipWave, seed + 4);
        keep[i] = smoothstep(from, from + tipFeather, below);
        if (keep[i] >= 1) hair[i] = 0;
      } else keep[i] = smoothstep(cutFrom, cutTo, below);
    }
  return { hair, keep };
}

/** Where the face's parts lie in head coordinates, and the masks derived from them. */
interface FaceLayout {
  faceOval: Uint8Array;
  ovalFloat: Float32Array;
  eyeV: number;
  eyeMidU: number;
  eyeReachLow: number;
  eyeReachHigh: number;
  templeV: number;
  nearFace: Float32Array;
  downScale: number;
  ovalLow: number;
  ovalHigh: number;
  ovalLeft: number;
  ovalRight: number;
  binOf: (v: number) => number;
  sideMin: Float32Array;
  sideMax: Float32Array;
  feather: number;
  ovalNear: Uint8Array;
  faceMargin: number;
  neckTop: number;
  neckCentre: number;
  neckHalf: number;
  neckFeather: number;
  neckShown: number;
  nearOval: Float32Array;
  turn: number;
  backDrop: number;
}

function faceLayout(
  frame: RemovalFrame,
  hair: Uint8Array,
  skin: SkinModel,
  downScale: number,
): FaceLayout {
  const { photo, matte, points, head, right, faceWidth, threshold } = frame;
  const { width, height } = photo;
  const n = width * height;
  // The middle of the face below the eyes is never replaced (hair over it stays: a filled cheek
  // shows patches; the replacement fades in over a short band above the eyes); at its sides
  // (the oval's margin, beyond the outer eye corners) strands become skin, fading into the hair
  // kept deeper in. Hair becomes skin only where a bald head has skin: the skull cap above the
  // temple line (the top of the brows), the face oval and a narrow margin around it and the
  // visible face. Elsewhere in the skull ellipse (beside the cheeks, ears, jaw) hair becomes
  // background.
  const faceOval = new Uint8Array(n);
  fillPolygon(faceOval, width, height, points.faceOval);
  const eyeV = Math.min(
    headCoords(head, points.leftEye.center[0], points.leftEye.center[1])[1],
    headCoords(head, points.rightEye.center[0], points.rightEye.center[1])[1],
  );
  // How far the eyes reach to each side of the eyes' midline (head u units).
  const eyeU = (p: Vec2) => headCoords(head, p[0], p[1])[0];
  const eyeMidU = (eyeU(points.leftEye.center) + eyeU(points.rightEye.center)) / 2;
  let eyeReachLow = 0;
  let eyeReachHigh = 0;
  for (const p of [...points.leftEye.contour, ...points.rightEye.contour]) {
    const du = eyeU(p) - eyeMidU;
    if (du < 0) eyeReachLow = Math.max(eyeReachLow, -du);
    else eyeReachHigh = Math.max(eyeReachHigh, du);
  }
  const browTop = (brow: Vec2[]) => Math.max(...brow.map((p) => headCoords(head, p[0], p[1])[1]));
  const templeV = (browTop(points.leftEyebrow) + browTop(points.rightEyebrow)) / 2;
  const faceVisible = new Uint8Array(n);
  for (let i = 0; i < n; i++) faceVisible[i] = faceOval[i]! && !hair[i] ? 1 : 0;
  const nearFace = new Float32Array(n);
  {
    const inner = dilate(faceVisible, width, height, geometry.cheekMargin * faceWidth);
    const outer = dilate(inner, width, height, geometry.cheekFeather * faceWidth);
    const ring = new Float32Array(n);
    for (let i = 0; i < n; i++) ring[i] = inner[i]! ? 1 : outer[i]! ? 0.5 : 0;
    const soft = boxBlur(ring, width, height, Math.max(1, (geometry.cheekFeather * faceWidth) / 2));
    for (let i = 0; i < n; i++) nearFace[i] = inner[i]! ? 1 : outer[i]! ? soft[i]! : 0;
  }
  // The face oval's sides per height (head coordinates), so the skull cap tapers below the
  // temples into the face's outline instead of ending in a straight line beside the cheeks.
  const oval = points.faceOval.map((p) => headCoords(head, p[0], p[1]));
  const bins = 256;
  const ovalLow = Math.min(...oval.map((p) => p[1]));
  const ovalHigh = Math.max(...oval.map((p) => p[1]));
  const binOf = (v: number) => Math.round(((v - ovalLow) / (ovalHigh - ovalLow || 1)) * (bins - 1));
  const sideMin = new Float32Array(bins).fill(Infinity);
  const sideMax = new Float32Array(bins).fill(-Infinity);
  for (let b = 0; b < bins; b++) {
    const v = ovalLow + ((ovalHigh - ovalLow) * b) / (bins - 1);
    for (let k = 0; k < oval.length; k++) {
      const [u1, v1] = oval[k]!;
      const [u2, v2] = oval[(k + 1) % oval.length]!;
      if ((v < v1 && v < v2) || (v > v1 && v > v2) || v1 === v2) continue;
      const u = u1 + ((u2 - u1) * (v - v1)) / (v2 - v1);
      sideMin[b] = Math.min(sideMin[b]!, u);
      sideMax[b] = Math.max(sideMax[b]!, u);
    }
  }
  const feather = (geometry.cheekFeather * faceWidth) / head.halfWidth;
  const ovalNear = dilate(
    faceOval,
    width,
    height,
    Math.ceil((geometry.cheekMargin + geometry.cheekFeather) * faceWidth) + 1,
  );
  const faceMargin = (geometry.cheekMargin * faceWidth) / head.halfWidth;
  // The neck: a bald head still stands on one. Hair hanging in front of it (long hair beside
  // the jaw, strands over the throat) becomes skin continued from the visible neck and the chin,
  // in a column below the mouth, centred between the chin and the skull's axis (a turned
  // head's neck is behind its chin), not background that leaves the head floating.
  const alongUp = (p: Vec2) =>
    (p[0] - head.center[0]) * head.up[0] + (p[1] - head.center[1]) * head.up[1];
  const across = (p: Vec2) =>
    (p[0] - head.center[0]) * right[0] + (p[1] - head.center[1]) * right[1];
  const neckTop = -alongUp(lerp(points.mouth.left, points.mouth.right, 0.5));
  const neckCentre = across(points.chin) / 2;
  const neckHalf = geometry.neckHalfWidth * faceWidth;
  const neckFeather = geometry.neckFeather * faceWidth;
  // ...only where the neck shows skin: a turtleneck, a scarf or a high collar below the chin
  // covers it, and the hair beside the jaw then becomes what is around it (clothes, background).
  const neckShown = visibleNeck(photo, matte, faceOval, skin, threshold, {
    from: -alongUp(points.chin) + geometry.neckProbeFrom * faceWidth,
    to: -alongUp(points.chin) + geometry.neckProbeTo * faceWidth,
    centre: neckCentre,
    halfWidth: neckHalf * 0.8,
    head,
  });
  // The chin's shadow (`jawShadow`): the oval's mask box-blurred is 0.5 at its edge, falling to
  // 0 at `jawShadowReach` outside it, so the shadow follows the jaw's curve.
  const ovalFloat = new Float32Array(n);
  for (let i = 0; i < n; i++) ovalFloat[i] = faceOval[i]!;
  const nearOval = boxBlur(
    ovalFloat,
    width,
    height,
    Math.max(2, geometry.jawShadowReach * faceWidth),
  );
  const turn = noseOffsetOf(points, right) / faceWidth;
  const backDrop =
    geometry.backTempleDrop * smoothstep(geometry.turnFrom, geometry.turnTo, Math.abs(turn));
  const ovalLeft = Math.min(...oval.map((p) => p[0]));
  const ovalRight = Math.max(...oval.map((p) => p[0]));
  return {
    faceOval,
    ovalFloat,
    eyeV,
    eyeMidU,
    eyeReachLow,
    eyeReachHigh,
    templeV,
    nearFace,
    downScale,
    ovalLow,
    ovalHigh,
    ovalLeft,
    ovalRight,
    binOf,
    sideMin,
    sideMax,
    feather,
    ovalNear,
    faceMargin,
    neckTop,
    neckCentre,
    neckHalf,
    neckFeather,
    neckShown,
    nearOval,
    turn,
    backDrop,
  };
}

/**
 * Per pixel: the skin zone (where hair becomes skin: the skull cap above the temple line, the
 * face oval with a narrow margin, the neck), the scalp map's share (`aboveTemples`), and the
 * mouth, nose and middle of the face protected (hair there kept). Also darkens the shade map
 * toward the jaw below the mouth and adds the neck's column to the head and the skin source.
 */
function skinZones(
  frame: RemovalFrame,
  layout: FaceLayout,
  masks: {
    headMask: Uint8Array;
    skinSource: Uint8Array;
    shadeMap: Float32Array;
    hair: Uint8Array;
    keep: Float32Array;
    skin: SkinModel;
  },
): { skinZone: Float32Array; aboveTemples: Float32Array } {
  const { photo, points, head, right, faceWidth } = frame;
  const { width, height, data } = photo;
  const n = width * height;
  const { headMask, skinSource, shadeMap, hair, keep, skin } = masks;
  const skinZone = new Float32Array(n);
  // How far a pixel lies above the temple line (0 below, 1 above; lower on a turned head's back
  // side): the scalp map's share of the skin zone, without the margin round the face.
  const aboveTemples = new Float32Array(n);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const dx = x + 0.5 - head.center[0];
      const dy = y + 0.5 - head.center[1];
      const u = (dx * right[0] + dy * right[1]) / head.halfWidth;
      const v = (dx * head.up[0] + dy * head.up[1]) / head.halfHeightUp;
      const below = -(dx * head.up[0] + dy * head.up[1]);
      let neck = 0;
      // Skin filled just outside the face oval below the mouth (the neck, in front of which hair
      // hung) darkens toward the jaw line, so the face keeps its outline instead of widening
      // into one flat panel down to the shoulders.
      if (below > layout.neckTop && !layout.faceOval[i] && layout.nearOval[i]! > 0)
        shadeMap[i] =
          shadeMap[i]! *
          (1 -
            2 *
              geometry.jawShadow *
              layout.nearOval[i]! *
              smoothstep(layout.neckTop, layout.neckTop + 0.1 * faceWidth, below));
      if (below > layout.neckTop) {
        const aside = Math.abs(dx * right[0] + dy * right[1] - layout.neckCentre);
        neck =
          layout.neckShown *
          smoothstep(layout.neckTop, layout.neckTop + layout.neckFeather, below) *
          (1 -
            smoothstep(
              layout.neckHalf - layout.neckFeather / 2,
              layout.neckHalf + layout.neckFeather / 2,
              aside,
            ));
        if (neck > 0) {
          headMask[i] = 1;
          skinSource[i] = 1;
        }
      }
      // Linear in height, the width as a quarter ellipse: the cap's outline comes down beside
      // the temples and curves into the face's outline (a rounded skull, no straight cut).
      // (On a turned head's back side the temple line is lower: `backTempleDrop`.)
      const temple =
        (layout.turn < 0 ? u : -u) > 0 ? layout.templeV - layout.backDrop : layout.templeV;
      const t = clamp(
        (v - temple + geometry.templeBelow) / (geometry.templeBelow + geometry.templeAbove),
        0,
        1,
      );
      // (only beside and behind the face: above the forehead the style draws its own hairline)
      const beyond = u < 0 ? layout.ovalLeft - u : u - layout.ovalRight;
      aboveTemples[i] = t * smoothstep(-geometry.scalpSideIn, geometry.scalpSideOut, beyond);
      let cap = t;
      if (t < 1 && v >= layout.ovalLow && v <= layout.ovalHigh && v > -1 / layout.downScale) {
        const b = layout.binOf(v);
        const vv = v >= 0 ? v : v * layout.downScale;
        const skull = Math.sqrt(Math.max(0, 1 - vv * vv));
        const edge = u < 0 ? -layout.sideMin[b]! : layout.sideMax[b]!;
        if (Number.isFinite(edge)) {
          const face = edge + layout.faceMargin;
          const limit = face + (Math.max(face, skull) - face) * Math.sqrt(t);
          cap = 1 - smoothstep(limit - layout.feather, limit + layout.feather, Math.abs(u));
        }
      }
      // Hair inside the face oval (its sides, see below) becomes skin, and so does hair just
      // outside it (a narrow margin like the visible face's), also below the skull ellipse.
      let faceSkin = 0;
      if (hair[i]) {
        if (layout.faceOval[i]) faceSkin = 1;
        else if (layout.ovalNear[i]) {
          const out = distanceToPolygon(points.faceOval, x + 0.5, y + 0.5) / faceWidth;
          faceSkin =
            1 -
            smoothstep(
              geometry.cheekMargin - geometry.cheekFeather,
              geometry.cheekMargin + geometry.cheekFeather,
              out,
            );
        }
      }
      skinZone[i] = Math.max(cap, layout.nearFace[i]!, faceSkin, neck);
      if (!hair[i]) continue;
      // The mouth and the nose are never replaced (on a turned face they reach the oval's edge;
      // outside it, only what has the colour of lips or skin: hair lies right beside it there).
      const mouthDistance = distanceToSegment(
        points.mouth.left,
        points.mouth.right,
        x + 0.5,
        y + 0.5,
      );
      const feature = layout.faceOval[i]
        ? 1 -
          smoothstep(
            0,
            geometry.ovalFeather * faceWidth,
            Math.min(
              mouthDistance - geometry.mouthKeep * faceWidth,
              Math.sqrt((x + 0.5 - points.noseTip[0]) ** 2 + (y + 0.5 - points.noseTip[1]) ** 2) -
                geometry.noseKeep * faceWidth,
            ),
          )
        : mouthDistance < geometry.mouthKeep * faceWidth &&
            isLipOrSkin(skin, data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!)
          ? 1
          : 0;
      let protect = feature;
      if (layout.faceOval[i]) {
        protect = 1 - smoothstep(layout.eyeV, layout.eyeV + geometry.eyeBand, v);
        if (protect > 0) {
          // The face's sides: beyond an outer eye corner or near the oval's edge.
          const du = u - layout.eyeMidU;
          const beyond =
            ((Math.abs(du) - (du < 0 ? layout.eyeReachLow : layout.eyeReachHigh)) *
              head.halfWidth) /
            faceWidth;
          const between =
            1 -
            smoothstep(
              geometry.eyeSide - geometry.eyeSideFeather,
              geometry.eyeSide + geometry.eyeSideFeather,
              beyond,
            );
          const inner =
            between > 0
              ? smoothstep(
                  geometry.ovalMargin - geometry.ovalFeather,
                  geometry.ovalMargin + geometry.ovalFeather,
                  distanceToPolygon(points.faceOval, x + 0.5, y + 0.5) / faceWidth,
                )
              : 0;
          protect *= Math.max(Math.min(inner, between), feature);
        }
      }
      if (protect <= 0) continue;
      if (protect >= 1) hair[i] = 0;
      else keep[i] = Math.max(keep[i]!, protect);
    }
  return { skinZone, aboveTemples };
}

/**
 * The eyes and brows (grown) are kept (returned: never a fill's boundary); hair over an eye
 * fades into the fill over the eye's margin, hair over a brow is kept unless the matte is sure.
 */
function keptFeatures(
  frame: RemovalFrame,
  features: FeatureMasks,
  hair: Uint8Array,
  keep: Float32Array,
): Uint8Array {
  const { photo, matte } = frame;
  const { width, height } = photo;
  const n = width * height;
  const { eyes, keptEyes, browZone, grow } = features;
  const kept = new Uint8Array(n);
  // Hair over an eye stays (nothing can show the eye under it), and fades into the fill over
  // the eye's grown margin: kept whole there, it ended in a hard-edged block of hair at the
  // eye's outer corner or a ring round an eye seen through strands (Frame00281, Frame00459).
  const fromEyes = distanceTo(eyes, width, height);
  for (let i = 0; i < n; i++) {
    kept[i] = keptEyes[i]! | browZone[i]!;
    if (keptEyes[i] && !eyes[i] && hair[i])
      keep[i] = Math.max(keep[i]!, 1 - smoothstep(0, grow + 1, fromEyes[i]!));
    else if (keptEyes[i]) hair[i] = 0;
    else if (browZone[i] && matte[i]! < 0.5) hair[i] = 0;
  }
  return kept;
}

/**
 * How much the neck shows (0–1): the share of skin-like pixels among those that are not hair in
 * a strip of the neck's column below the chin (head coordinates: `from`..`to` below the skull's
 * centre, within `halfWidth` of `centre` across), mapped through the `neckSkinShare` ramp. A
 * strip mostly covered by hair (or off the photo) tells nothing: 1.
 */
function visibleNeck(
  photo: RgbPhoto,
  matte: Float32Array,
  faceOval: Uint8Array,
  skin: SkinModel,
  threshold: number,
  strip: { from: number; to: number; centre: number; halfWidth: number; head: HeadEllipse },
): number {
  const { data, width, height } = photo;
  const { head } = strip;
  const right: Vec2 = [-head.up[1], head.up[0]];
  let samples = 0;
  let open = 0;
  let skinLike = 0;
  // Walk the strip in its own frame (one sample per pixel step along both axes).
  for (let depth = strip.from; depth <= strip.to; depth += 1)
    for (
      let side = strip.centre - strip.halfWidth;
      side <= strip.centre + strip.halfWidth;
      side += 1
    ) {
      samples++;
      const x = Math.floor(head.center[0] + right[0] * side - head.up[0] * depth);
      const y = Math.floor(head.center[1] + right[1] * side - head.up[1] * depth);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const i = y * width + x;
      if (matte[i]! >= threshold || faceOval[i]) continue;
      open++;
      const r = data[i * 3]!;
      const g = data[i * 3 + 1]!;
      const b = data[i * 3 + 2]!;
      if (isSkinLike(skin, r, g, b) || isSkinHue(r, g, b)) skinLike++;
    }
  if (samples === 0 || open < samples * geometry.neckProbeMinShare) return 1;
  return smoothstep(
    geometry.neckSkinShare - geometry.neckSkinFeather,
    geometry.neckSkinShare,
    skinLike / open,
  );
}

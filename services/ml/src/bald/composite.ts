import type { BackgroundFill, SkinFill } from './fills.js';
import { lerp } from './head.js';
import { fillLabel } from './membrane.js';
import { boxBlur, clamp, lumaOf, smoothstep, type Vec2 } from './raster.js';
import type { Regions } from './regions.js';
import { skinRgbOf } from './skin.js';
import {
  backgroundGrain,
  grainAt,
  synthesizeTexture,
  texturePatch,
  type TexturePatch,
} from './texture.js';
import { geometry } from './tunables.js';
import type { RemovalFrame } from './types.js';

/**
 * The "composite" step of the bangs removal (bald.ts): each replaced pixel from the skin fill
 * (lifted where hair slipped into it, shaded as a scalp, textured) and the background fill (with
 * grain) in the proportions of the head weight, the photo kept over it by `keep`. Returns the
 * result and its masks (BaldResult.mask, BaldResult.scalp).
 */
export function composite(
  frame: RemovalFrame,
  regions: Regions,
  labels: { skinLabels: Uint8Array; bgLabels: Uint8Array },
  skinFills: SkinFill,
  background: BackgroundFill,
  textureGain: number,
): { out: Uint8Array; mask: Uint8Array; scalp: Uint8Array } {
  const { photo, matte, points, head, faceWidth, seed } = frame;
  const { width, height, data } = photo;
  const n = width * height;
  const { hair, keep, headWeight, aboveTemples, faceOval, ovalFloat, skin, shadeMap, hairlineV } =
    regions;
  const [leftCheekSample, rightCheekSample] = regions.cheekSamples;
  const { skinLabels, bgLabels } = labels;
  const { fill: skinFill, beyondShadow } = skinFills;
  const bgFill = background.fill;
  const bgPatches = background.patched;
  // How far each filled skin pixel is from the real skin around it (0 = next to it).
  let liftWeight: Float32Array | null = null;
  if (skinFill) {
    const near = new Float32Array(skinFill.w * skinFill.h);
    for (let y = 0; y < skinFill.h; y++)
      for (let x = 0; x < skinFill.w; x++)
        near[y * skinFill.w + x] =
          skinLabels[(y + skinFill.y0) * width + x + skinFill.x0] === fillLabel.known ? 1 : 0;
    liftWeight = boxBlur(near, skinFill.w, skinFill.h, Math.max(2, 0.12 * faceWidth));
    for (let k = 0; k < liftWeight.length; k++)
      liftWeight[k] = 1 - smoothstep(0.0, 0.3, liftWeight[k]!);
  }
  const out = new Uint8Array(data);
  const mask = new Uint8Array(n);
  const scalp = new Uint8Array(n);
  // The scalp map fades in over a short distance outside the face oval.
  const inOval = boxBlur(ovalFloat, width, height, Math.max(1, geometry.scalpFeather * faceWidth));
  const darkest = skin.y - Math.max(3 * skin.spreadY, 40);
  const skinRgb = skinRgbOf(skin);
  let texture: Float32Array | null = null;
  if (skinFill && textureGain > 0) {
    const patchSide = geometry.texturePatch * faceWidth;
    const blur = Math.max(1, faceWidth * geometry.textureScale);
    // The smoothest clean skin patch: cheeks, the middle of the forehead, the nose bridge.
    const browMid = lerp(points.leftEyebrow[4]!, points.rightEyebrow[4]!, 0.5);
    const forehead: Vec2 = [
      browMid[0] + head.up[0] * patchSide * 0.75,
      browMid[1] + head.up[1] * patchSide * 0.75,
    ];
    const bridge = lerp(points.leftEye.center, points.rightEye.center, 0.5);
    const candidates = [
      texturePatch(photo, matte, leftCheekSample, patchSide, blur),
      texturePatch(photo, matte, rightCheekSample, patchSide, blur),
      texturePatch(photo, matte, forehead, patchSide, blur),
      texturePatch(photo, matte, bridge, patchSide * 0.6, blur),
    ].filter((p): p is TexturePatch => p !== null);
    const best = candidates.sort((a, b) => a.std - b.std)[0];
    if (best) texture = synthesizeTexture(best, skinFill, seed, geometry.textureMaxStd);
  }
  // The background fill gets the fine grain of the background around it (a membrane fill alone
  // is smooth as plastic next to a photo's noise): seeded noise whose fine high-pass matches
  // the background boundary's.
  const grainGain =
    bgFill && !bgPatches && textureGain > 0 ? backgroundGrain(photo, bgLabels, bgFill) : 0;
  const grainSeed = seed + 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!hair[i]) continue;
      mask[i] = Math.round(255 * (1 - keep[i]!));
      const hw = headWeight[i]!;
      if (hw > 0 && aboveTemples[i]! > 0 && !faceOval[i])
        scalp[i] = Math.round(255 * hw * aboveTemples[i]! * (1 - keep[i]!) * (1 - inOval[i]!));
      let r = 0;
      let g = 0;
      let b = 0;
      if (hw > 0 && skinFill) {
        const j = (y - skinFill.y0) * skinFill.w + (x - skinFill.x0);
        let sr = skinFill.values[j * 3]!;
        let sg = skinFill.values[j * 3 + 1]!;
        let sb = skinFill.values[j * 3 + 2]!;
        if (beyondShadow) {
          const { fill, fromSkin } = beyondShadow;
          const f = ((y - fill.y0) * fill.w + x - fill.x0) * 3;
          const fr = fill.values[f]!;
          const fg = fill.values[f + 1]!;
          const fb = fill.values[f + 2]!;
          const redder =
            (sr - sb) / Math.max(1, lumaOf(sr, sg, sb)) -
            (fr - fb) / Math.max(1, lumaOf(fr, fg, fb));
          const toFar =
            smoothstep(0, geometry.shadowReach * faceWidth, fromSkin[i]!) *
            smoothstep(geometry.shadowRedFrom, geometry.shadowRedTo, redder);
          sr += (fr - sr) * toFar;
          sg += (fg - sg) * toFar;
          sb += (fb - sb) * toFar;
        }
        // Never much darker than the skin: whatever hair slipped into the boundary (strands the
        // mask missed) is lifted back toward the skin's lightness instead of smeared brown.
        // Only away from the real skin: next to it the fill must meet it (shadowed or not).
        const fillLuma = lumaOf(sr, sg, sb);
        // (Eased in over the first levels below `darkest`: a step there draws a visible line.)
        const lift = (liftWeight ? liftWeight[j]! : 0) * smoothstep(0, 24, darkest - fillLuma);
        if (fillLuma < darkest && fillLuma > 1 && lift > 0) {
          const lifted = darkest - (darkest - fillLuma) * 0.25;
          const k = lifted / fillLuma;
          const tr = sr * k * 0.5 + (sr + (skinRgb[0] - sr) * 0.6) * 0.5;
          const tg = sg * k * 0.5 + (sg + (skinRgb[1] - sg) * 0.6) * 0.5;
          const tb = sb * k * 0.5 + (sb + (skinRgb[2] - sb) * 0.6) * 0.5;
          sr += (tr - sr) * lift;
          sg += (tg - sg) * lift;
          sb += (tb - sb) * lift;
        }
        // Scalp shading, and a little greyer toward the crown (a shaved scalp's stubble).
        const dx = x + 0.5 - head.center[0];
        const dy = y + 0.5 - head.center[1];
        const v = (dx * head.up[0] + dy * head.up[1]) / head.halfHeightUp;
        const shade = shadeMap[i]!;
        const grey = 0.12 * smoothstep(hairlineV + 0.1, 1, v);
        const l = lumaOf(sr, sg, sb);
        sr = (sr + (l - sr) * grey) * shade;
        sg = (sg + (l - sg) * grey) * shade;
        sb = (sb + (l - sb) * grey) * shade;
        if (texture) {
          const t = texture[j]! * textureGain;
          sr += t;
          sg += t;
          sb += t;
        }
        r += hw * sr;
        g += hw * sg;
        b += hw * sb;
      }
      if (hw < 1 && bgFill) {
        const j = (y - bgFill.y0) * bgFill.w + (x - bgFill.x0);
        const t = grainGain > 0 ? grainGain * textureGain * grainAt(x, y, grainSeed) : 0;
        r += (1 - hw) * (bgFill.values[j * 3]! + t);
        g += (1 - hw) * (bgFill.values[j * 3 + 1]! + t);
        b += (1 - hw) * (bgFill.values[j * 3 + 2]! + t);
      }
      const k = keep[i]!;
      if (k > 0) {
        r += (data[i * 3]! - r) * k;
        g += (data[i * 3 + 1]! - g) * k;
        b += (data[i * 3 + 2]! - b) * k;
      }
      out[i * 3] = clamp(Math.round(r), 0, 255);
      out[i * 3 + 1] = clamp(Math.round(g), 0, 255);
      out[i * 3 + 2] = clamp(Math.round(b), 0, 255);
    }
  return { out, mask, scalp };
}

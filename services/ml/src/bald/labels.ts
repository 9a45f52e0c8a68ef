import { headCoords, lerp, noseOffsetOf } from './head.js';
import { fillLabel } from './membrane.js';
import type { Regions } from './regions.js';
import { isSkinHue, isSkinLike } from './skin.js';
import { geometry } from './tunables.js';
import type { RemovalFrame } from './types.js';

/**
 * The "labels" step of the bangs removal (bald.ts): which pixels each fill solves for (the hair)
 * and which it continues from. The skin is solved inside the head from skin-coloured
 * surroundings only; the background from outside the skin zone, away from the face.
 */
export function fillLabels(
  frame: RemovalFrame,
  regions: Regions,
): { skinLabels: Uint8Array; bgLabels: Uint8Array } {
  const { photo, matte, head, threshold } = frame;
  const { width, height, data } = photo;
  const n = width * height;
  const { hair, headWeight, kept, headMask, skinSource, skin, faceOval, eyeV, nearFace } = regions;
  const skinLabels = new Uint8Array(n);
  const bgLabels = new Uint8Array(n);
  const body = turnedBody(frame);
  let skinBoundary = 0;
  for (let i = 0; i < n; i++) {
    if (hair[i]) {
      if (headWeight[i]! > 0) skinLabels[i] = fillLabel.unknown;
      if (headWeight[i]! < 1) bgLabels[i] = fillLabel.unknown;
      continue;
    }
    if (kept[i]) continue;
    if (headMask[i]) {
      if (
        skinSource[i] &&
        matte[i]! < threshold &&
        (isSkinLike(skin, data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!) ||
          // The face below the eyes is skin even where it is much darker than the cheek the skin
          // model came from (the shadowed side of a face lit from one side): refusing it leaves
          // the fill over hair on that cheek at the lit side's lightness, a pale band with a hard
          // edge. Above the eyes the strict test stays (strands of light hair next to the brows
          // and temples have the hue of skin).
          (faceOval[i] === 1 &&
            isSkinHue(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!) &&
            headCoords(head, (i % width) + 0.5, Math.floor(i / width) + 0.5)[1] < eyeV))
      ) {
        skinLabels[i] = fillLabel.known;
        skinBoundary++;
      }
    }
    // Background boundary: outside the skin zone and away from the face; beside the face inside
    // the skull ellipse (below the temples) only what is not skin (ears, jaw) is used.
    if (headWeight[i]! > 0 || nearFace[i]! > 0 || faceOval[i] || matte[i]! >= threshold) continue;
    if (!headMask[i]) {
      if (
        !skinSource[i] &&
        !(body?.(i) && isSkinLike(skin, data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!))
      )
        bgLabels[i] = fillLabel.known;
    } else if (
      !skinSource[i] ||
      !isSkinLike(skin, data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!)
    )
      bgLabels[i] = fillLabel.known;
  }
  // Nothing skin-coloured around (e.g. a fringe down to the brows and hair at both sides):
  // the cheeks' colour becomes the boundary.
  if (skinBoundary === 0) {
    for (let i = 0; i < n; i++)
      if (skinLabels[i] === fillLabel.excluded && headMask[i]) skinLabels[i] = fillLabel.known;
  }
  return { skinLabels, bgLabels };
}

/**
 * Behind a turned head's neck (below the mouth, behind the chin, on the side away from the nose;
 * from `turnFrom` on) the removed hair hung in front of the nape, the back and the wall: the
 * background fill there continues only what is not skin. Copied from the neck and the shoulder
 * beside the hole, it painted a skin-coloured column from the ear down to the shoulder. Null on
 * a head turned less: there the fill is as before.
 */
function turnedBody(frame: RemovalFrame): ((i: number) => boolean) | null {
  const { photo, points, head, right, faceWidth } = frame;
  const turn = noseOffsetOf(points, right) / faceWidth;
  if (Math.abs(turn) <= geometry.turnFrom) return null;
  const back = turn < 0 ? 1 : -1;
  const along = (x: number, y: number) =>
    (x - head.center[0]) * head.up[0] + (y - head.center[1]) * head.up[1];
  const across = (x: number, y: number) =>
    (x - head.center[0]) * right[0] + (y - head.center[1]) * right[1];
  const mouth = lerp(points.mouth.left, points.mouth.right, 0.5);
  const mouthAlong = along(mouth[0], mouth[1]);
  const chinAcross = back * across(points.chin[0], points.chin[1]);
  const { width } = photo;
  return (i) => {
    const x = (i % width) + 0.5;
    const y = Math.floor(i / width) + 0.5;
    return along(x, y) < mouthAlong && back * across(x, y) > chinAcross;
  };
}

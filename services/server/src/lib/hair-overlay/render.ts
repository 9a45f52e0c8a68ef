import { Rng } from '../prng.js';
import { BOARD, HEAD } from './canonical-head.js';
import { type HairstyleShape } from './shape.js';
import { Raster } from './raster.js';
import { type Layer } from './patches.js';
import { womanPatches } from './women.js';
import { malePatches } from './men.js';
import { drawPatch, drawSeam } from './strands.js';
import { faceKeep } from './face-opening.js';

/**
 * Hairstyle overlays for the simulation, drawn strand by strand into an RGBA raster (no SVG: a
 * vector renderer cannot draw thousands of anti-aliased, tapering hairs fast enough).
 *
 * Every style is drawn around ONE canonical head, so the same anchors place every overlay. The
 * head is measured in "temple units" (T = distance between the two temple landmarks) from the
 * temples' midpoint, x to the image's right and y downwards, with the median layout of the ML
 * landmark points (services/ml/src/landmarks/face-geometry.ts) on the evaluation portraits:
 * temples (±0.5, 0), estimated hairline (0, -0.42), chin (0, 1.25), eyes (±0.26, 0.3), brows at
 * y ≈ 0.15, cheeks (±0.58, 0.43). Above the hairline the skull (not in the mesh) ends at about
 * y = -0.82.
 *
 * A style is a list of patches. A patch is the hair between two guide curves (from root to tip):
 * each strand follows the guides' blend at its own position `s` across the patch, locks of
 * strands share their path with small offsets (and gather at the tips), waves and curls displace
 * the path sideways, and strands taper thin and transparent at the ends. A dark underpaint of
 * wide soft strands keeps the mass opaque, and an opaque seam runs under each parting; the face
 * opening and the neck are cleared at the end.
 */

/**
 * Part of every overlay's file name: bump it when the drawing changes, so cached files of an
 * older drawing are not reused (without re-rendering every other seed image).
 */
export const HAIRSTYLE_VERSION = 'h5';

/** The layers of one style, back to front. */
function buildLayers(shape: HairstyleShape): Layer[] {
  return shape.male ? malePatches(shape) : womanPatches(shape);
}

export interface RenderedHair {
  width: number;
  height: number;
  /** Straight RGBA, 8 bits per channel. */
  data: Buffer;
}

/** Draws one hairstyle (deterministic for a given key and shape). */
export function renderHairstyle(key: string, shape: HairstyleShape): RenderedHair {
  const rng = new Rng(`hairstyle:${key}`);
  const ras = new Raster(BOARD.width, BOARD.height);
  const top = HEAD.skullTop - shape.volume;
  for (const layer of buildLayers(shape))
    if ('seam' in layer) drawSeam(ras, layer);
    else drawPatch(ras, layer, rng, top);
  const bangs =
    shape.fringe === 'full' || shape.fringe === 'seeThrough' || shape.male !== undefined;
  const floor = bangs ? HEAD.browY - 0.02 : shape.fringe === 'none' ? undefined : HEAD.browY + 0.12;
  ras.clear(faceKeep(floor));
  return { width: ras.width, height: ras.height, data: ras.toRgba() };
}

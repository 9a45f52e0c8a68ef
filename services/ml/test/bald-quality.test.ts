import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeHair } from '../src/bald/bald.js';
import { fillQuality, skinBehindNeck } from '../src/bald/fill-quality.js';
import { findHair, loadModels, type Models } from '../src/pipelines.js';
import { findFacesDir } from './testdata.js';

/**
 * "No smear" (ADR 039) on real photos with long hair (the shared evaluation
 * photos, read from ../shared/testdata/faces at test time, never copied here): the removal
 * changes nothing outside the person's hair grown by a thin edge, and the border of what it
 * replaced is no sharper than the photo is around it (no straight-edged or blocky patch).
 */

/** Long hair over the shoulders and chest (Figaro-1k: 40–55 % of the hair in the lower 40 %). */
const longHair = [
  'figaro1k/images/Frame00281-org.jpg',
  'figaro1k/images/Frame00622-org.jpg',
  'figaro1k/images/Frame00822-org.jpg',
  'figaro1k/images/Frame00832-org.jpg',
  'figaro1k/images/Frame00877-org.jpg',
  'human-samples/person-lexi.jpg',
];

/** The thin edge round the hair the removal may change (the matte's soft rim, shadows). */
const edgeShare = 0.03;
/** At most this share of the changed pixels outside it (≈ 0: rounding at most). */
const maxChangedOutside = 0.001;
/**
 * The ceiling of `edgeContrast` (the border's 90th-percentile gradient over the photo's own
 * nearby): main's code before ADR 039 measured 1.5–3.6 on these photos (3.6 where a
 * skin-coloured patch met kept braids, 3.2 over a painted chest), ADR 039's 1.3–2.6.
 */
const maxEdgeContrast = 3;

let dir: string | null = null;
try {
  dir = findFacesDir();
} catch (error) {
  console.warn(`bald-quality: skipped, ${error instanceof Error ? error.message : String(error)}`);
}
/**
 * A turned head (27° of yaw) with long hair falling behind the neck onto the shoulder: the hair
 * removed there must not become a skin-coloured column from the ear down to the shoulder (main
 * before ADR 054: 93 % of the changed pixels behind the neck looked like her cheeks' skin).
 */
const turnedHead = 'human-samples/person-tasia.jpg';
/** At most this share of the changed pixels behind the neck may look like skin (now ≈ 1 %). */
const maxSkinBehindNeck = 0.1;

const present =
  dir !== null && [...longHair, turnedHead].every((file) => existsSync(join(dir, file)));
if (dir !== null && !present)
  console.warn(`bald-quality: skipped, the long-hair photos are not all in ${dir}`);

describe.skipIf(!present)('bangs removal on long-hair photos (no smear)', () => {
  let models: Models;
  beforeAll(async () => {
    models = await loadModels();
  }, 120_000);
  afterAll(async () => {
    await models?.hairNetwork?.close();
  });

  it.each(longHair)(
    '%s: nothing changed outside the hair, no seam along the fill',
    async (file) => {
      const limits = { maxBytes: 20_000_000, maxPixels: 40_000_000, minSide: 64, maxSide: 1024 };
      const { photo, matte, points } = await findHair(
        models,
        new Uint8Array(readFileSync(join(dir!, file))),
        limits,
        () => undefined,
      );
      const result = removeHair(photo, matte, points);
      const faceWidth = Math.hypot(
        points.rightCheek[0] - points.leftCheek[0],
        points.rightCheek[1] - points.leftCheek[1],
      );
      const quality = fillQuality({
        width: photo.width,
        height: photo.height,
        photo: photo.data,
        result: result.data,
        matte,
        edge: Math.max(2, edgeShare * faceWidth),
      });
      // Something was removed (the test would pass on a photo returned untouched otherwise).
      expect(quality.changed).toBeGreaterThan(5000);
      expect(quality.changedOutside).toBeLessThanOrEqual(maxChangedOutside);
      expect(quality.borderPixels).toBeGreaterThan(100);
      expect(quality.edgeContrast).toBeLessThanOrEqual(maxEdgeContrast);
    },
    120_000,
  );

  it(`${turnedHead}: the hair behind the turned neck becomes background, not skin`, async () => {
    const limits = { maxBytes: 20_000_000, maxPixels: 40_000_000, minSide: 64, maxSide: 1024 };
    const { photo, matte, points } = await findHair(
      models,
      new Uint8Array(readFileSync(join(dir!, turnedHead))),
      limits,
      () => undefined,
    );
    const result = removeHair(photo, matte, points);
    const behind = skinBehindNeck({
      width: photo.width,
      height: photo.height,
      photo: photo.data,
      result: result.data,
      matte,
      points,
    });
    // The hair behind the neck was removed (else there is nothing to judge).
    expect(behind.pixels).toBeGreaterThan(2000);
    expect(behind.skinShare).toBeLessThanOrEqual(maxSkinBehindNeck);
  }, 120_000);
});

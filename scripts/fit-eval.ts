/**
 * Fit error of the hairstyle try-on's automatic placement (ADR 038): `npm run eval:fit`.
 *
 * For each hand-labelled photo of `apps/web/src/features/simulation/fit-labels.json` (keyed by
 * path under the shared test data, which is never copied into the repository), runs the landmark
 * pipeline in-process (as /ml-api/landmarks does, same 1024 px limit), places the canonical overlay
 * (`hairstyleAnchor()` on its 800×1000 board) with the web's own `placeOverlaySplit`, maps the
 * overlay's hairline and temple anchors onto the photo and prints their distance to the labels in
 * face widths (fit.ts): per photo, and mean / median / p90 for all, frontal and turned photos.
 *
 * Options:
 *   --data DIR     the test data folder (default: FACE_TESTDATA_DIR, ../shared/testdata/faces,
 *                  /work/shared/testdata/faces)
 *   --update       rewrite fit-landmarks.json (the landmark output placement.test.ts replays)
 *   --cached       skip the landmark model: replay fit-landmarks.json
 *   --json FILE    also write the per-photo figures as JSON
 *
 * Run from the repository root.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { loadModels, predictLandmarks } from '../services/ml/src/pipelines.js';
import { hairstyleAnchor } from '../services/server/src/lib/hair-overlay/canonical-head.js';
import {
  evaluateFit,
  type FitLandmarks,
  type FitSet,
} from '../apps/web/src/features/simulation/fit.js';

const here = import.meta.dirname;
const simulation = join(here, '..', 'apps', 'web', 'src', 'features', 'simulation');
const labelsPath = join(simulation, 'fit-labels.json');
const landmarksPath = join(simulation, 'fit-landmarks.json');

const { values } = parseArgs({
  options: {
    data: { type: 'string' },
    update: { type: 'boolean', default: false },
    cached: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

const labels = JSON.parse(readFileSync(labelsPath, 'utf8')) as FitSet['labels'];
let landmarks: Record<string, FitLandmarks>;
if (values.cached) {
  landmarks = JSON.parse(readFileSync(landmarksPath, 'utf8')) as Record<string, FitLandmarks>;
} else {
  const dataDir = [
    values.data,
    process.env.FACE_TESTDATA_DIR,
    join(here, '..', '..', 'shared', 'testdata', 'faces'),
    '/work/shared/testdata/faces',
  ].find((dir): dir is string => Boolean(dir) && existsSync(dir!));
  if (!dataDir) {
    console.error('No face test data (set --data or FACE_TESTDATA_DIR); try --cached.');
    process.exit(1);
  }
  const models = await loadModels({ segmentation: false });
  const limits = { maxBytes: 20_000_000, maxPixels: 40_000_000, minSide: 64, maxSide: 1024 };
  landmarks = {};
  for (const file of Object.keys(labels)) {
    const bytes = readFileSync(join(dataDir, file));
    const meta = await sharp(bytes).metadata();
    const result = await predictLandmarks(models, bytes, limits);
    const { points, rotation } = result.landmark;
    landmarks[file] = {
      photo: { width: meta.width, height: meta.height },
      image: result.image,
      rotation,
      points: {
        faceOval: points.faceOval,
        foreheadTop: points.foreheadTop,
        hairline: points.hairline,
        chin: points.chin,
        noseTip: points.noseTip,
        leftTemple: points.leftTemple,
        rightTemple: points.rightTemple,
        leftCheek: points.leftCheek,
        rightCheek: points.rightCheek,
        leftEye: { center: points.leftEye.center },
        rightEye: { center: points.rightEye.center },
        leftEyebrow: points.leftEyebrow,
        rightEyebrow: points.rightEyebrow,
      },
    };
  }
  if (values.update) {
    writeFileSync(landmarksPath, `${JSON.stringify(landmarks)}\n`);
    console.log(`wrote ${landmarksPath}`);
  }
}

const report = evaluateFit({ labels, landmarks }, hairstyleAnchor());
const f = (v: number) => v.toFixed(3);
console.log(
  'photo'.padEnd(40),
  'yaw'.padStart(6),
  'roll'.padStart(6),
  ' hairline  L-temple  R-temple  mean',
);
for (const row of report.photos)
  console.log(
    row.file.padEnd(40),
    row.yaw.toFixed(1).padStart(6),
    row.roll.toFixed(1).padStart(6),
    ` ${f(row.error.hairline)}     ${f(row.error.leftTemple)}     ${f(row.error.rightTemple)}     ${f(row.error.mean)}  | ${f(row.error.leftAcross)}    ${f(row.error.rightAcross)}    ${f(row.error.fit)}`,
  );
for (const [name, s] of Object.entries(report.summary))
  console.log(
    `${name.padEnd(8)} n=${String(s.count).padStart(2)}  3-point mean ${f(s.mean)} median ${f(s.median)} p90 ${f(s.p90)} (hairline ${f(s.hairline)}, temples ${f(s.temples)}) | fit mean ${f(s.fit.mean)} median ${f(s.fit.median)} p90 ${f(s.fit.p90)}`,
  );
if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 1)}\n`);
process.exit(0);

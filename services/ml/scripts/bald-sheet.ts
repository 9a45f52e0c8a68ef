/**
 * Look at the bald fill by eye: `npx tsx scripts/bald-sheet.ts [--out DIR] [--below-jaw] PHOTO...`
 * runs the /bald/predict/v3 pipeline (1024 px working size; `--below-jaw`: with long hair below
 * the jaw rebuilt, as before ADR 039) on each photo, prints its timings and fill-quality figures
 * (bald/fill-quality.ts: changed pixels outside the hair, edge contrast, texture) and writes to
 * DIR (default /tmp/ml-look): `bald-<name>.png` = original | bald | a "short fringe" try-on (the original
 * hair put back only above a line across the upper forehead, so the filled forehead shows
 * between fringe and brows), and `bald-zoom-<name>.png` = the head, original | bald.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { removeHair } from '../src/bald/bald.js';
import { fillQuality } from '../src/bald/fill-quality.js';
import { findHair, loadModels, stepTimer } from '../src/pipelines.js';

const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const outDir = outIndex >= 0 ? (args.splice(outIndex, 2)[1] ?? '/tmp/ml-look') : '/tmp/ml-look';
const belowJawIndex = args.indexOf('--below-jaw');
const belowJaw = belowJawIndex >= 0;
if (belowJaw) args.splice(belowJawIndex, 1);
mkdirSync(outDir, { recursive: true });
const limits = { maxBytes: 20_000_000, maxPixels: 40_000_000, minSide: 64, maxSide: 1024 };
const sheetHeight = 700;

const models = await loadModels();
for (const file of args) {
  const bytes = readFileSync(file);
  const name = basename(file).replace(/\.\w+$/, '');
  const started = performance.now();
  let found;
  const { timings, lap } = stepTimer();
  try {
    found = await findHair(models, bytes, limits, lap, { shoulders: belowJaw });
  } catch (error) {
    console.log(file, 'failed:', error instanceof Error ? error.message : String(error));
    continue;
  }
  const { photo, matte, points, shoulders } = found;
  const result = removeHair(photo, matte, points, {
    belowJaw,
    ...(shoulders ? { shoulders } : {}),
  });
  lap('fill');
  const ms = Math.round(performance.now() - started);
  const { width, height, head } = result;
  const faceWidth = Math.hypot(
    points.rightCheek[0] - points.leftCheek[0],
    points.rightCheek[1] - points.leftCheek[1],
  );
  const quality = fillQuality({
    width,
    height,
    photo: photo.data,
    result: result.data,
    matte,
    edge: Math.max(2, 0.03 * faceWidth),
  });
  console.log(
    file,
    `${width}×${height}`,
    `${ms} ms`,
    `changed outside ${(quality.changedOutside * 100).toFixed(3)} % (${quality.changedOutsideCount} of ${quality.changed} px)`,
    `edge contrast ${quality.edgeContrast.toFixed(2)}`,
    `texture ${quality.textureRatio.toFixed(2)}`,
    JSON.stringify({ ...timings, ...result.timings }),
  );
  const original = Buffer.from(photo.data);
  const bald = Buffer.from(result.data);
  const mask = Buffer.from(result.mask);
  const tryOn = Buffer.from(bald);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const v =
        ((x - head.center[0]) * head.up[0] + (y - head.center[1]) * head.up[1]) / head.halfHeightUp;
      const a = (mask[i]! / 255) * Math.min(1, Math.max(0, (v - 0.6) / 0.06));
      for (let c = 0; c < 3; c++)
        tryOn[i * 3 + c] = Math.round(bald[i * 3 + c]! * (1 - a) + original[i * 3 + c]! * a);
    }
  const raw = { raw: { width, height, channels: 3 as const } };
  const panels = await Promise.all(
    [original, bald, tryOn].map((pixels) =>
      sharp(pixels, raw).resize({ height: sheetHeight }).png().toBuffer(),
    ),
  );
  const panelWidth = Math.round((width * sheetHeight) / height);
  await sharp({
    create: { width: panelWidth * 3, height: sheetHeight, channels: 3, background: '#fff' },
  })
    .composite(panels.map((input, k) => ({ input, left: k * panelWidth, top: 0 })))
    .png()
    .toFile(join(outDir, `bald-${name}.png`));
  const side = Math.round(head.halfHeightUp * 2.6);
  const left = Math.max(0, Math.round(head.center[0] - side / 2));
  const top = Math.max(0, Math.round(head.center[1] - head.halfHeightUp * 1.2));
  const area = {
    left,
    top,
    width: Math.min(side, width - left),
    height: Math.min(side, height - top),
  };
  const zooms = await Promise.all(
    [original, bald].map((pixels) =>
      sharp(pixels, raw).extract(area).resize({ width: 600 }).png().toBuffer(),
    ),
  );
  const zoomHeight = Math.round((area.height * 600) / area.width);
  await sharp({ create: { width: 1200, height: zoomHeight, channels: 3, background: '#fff' } })
    .composite(zooms.map((input, k) => ({ input, left: k * 600, top: 0 })))
    .png()
    .toFile(join(outDir, `bald-zoom-${name}.png`));
}
process.exit(0);

/**
 * `npm run ml:mask -- IN.jpg OUT.png [--matte] [--landmarks] [--no-second-pass] [--no-refine] [--no-skin-check] [--no-background-check] [--flip]`
 *
 * Writes the predicted hair mask of a photo as an 8-bit greyscale PNG of the photo's size
 * (EXIF orientation applied): 255 = hair, 0 = not hair; with --matte, the soft matte 0..255.
 * With --landmarks, the mask is constrained by the face as the hair endpoints do it (the face
 * below the brows is not hair, nor hair away from the head or on another person's head).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  decodeImage,
  encodeMaskPng,
  HairSegmentationError,
  predictHairMask,
} from '../src/segmentation/index.js';
import { createFaceHinter } from './face-hint.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    matte: { type: 'boolean', default: false },
    landmarks: { type: 'boolean', default: false },
    'no-second-pass': { type: 'boolean', default: false },
    'no-refine': { type: 'boolean', default: false },
    'no-skin-check': { type: 'boolean', default: false },
    'no-background-check': { type: 'boolean', default: false },
    flip: { type: 'boolean', default: false },
  },
});

const [input, output] = positionals;
if (!input || !output || positionals.length !== 2) {
  console.error(
    'usage: npm run ml:mask -- IN.jpg OUT.png [--matte] [--landmarks] [--no-second-pass] [--no-refine] [--no-skin-check] [--no-background-check] [--flip]',
  );
  process.exit(2);
}
const cwd = process.env.INIT_CWD ?? process.cwd();
try {
  const image = await decodeImage(await readFile(resolve(cwd, input)));
  const landmarks = values.landmarks ? await (await createFaceHinter())(image) : undefined;
  const result = await predictHairMask(image, {
    landmarks,
    secondPass: !values['no-second-pass'],
    refine: !values['no-refine'],
    skinCheck: !values['no-skin-check'],
    backgroundCheck: !values['no-background-check'],
    flipAverage: values.flip,
  });
  const pixels = values.matte
    ? Uint8Array.from(result.matte, (v) => Math.round(v * 255))
    : result.mask;
  await writeFile(resolve(cwd, output), await encodeMaskPng(pixels, result.width, result.height));
  const hair = result.mask.reduce((n, v) => n + (v ? 1 : 0), 0);
  const total = Object.values(result.timings).reduce((a, b) => a + b, 0);
  console.log(
    `${output}: ${result.width}x${result.height}, hair ${((100 * hair) / result.mask.length).toFixed(1)} %, ${total.toFixed(0)} ms`,
  );
} catch (error) {
  if (error instanceof HairSegmentationError) {
    console.error(`${input}: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

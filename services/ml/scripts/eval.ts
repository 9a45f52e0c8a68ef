/**
 * `npm run eval:ml -- --data DIR [--landmarks] [--no-second-pass] [--no-refine] [--no-skin-check] [--no-background-check] [--flip] [--limit N] [--json] [--verbose]`
 *
 * Scores the hair mask on every labelled set under DIR (each `<set>/images/*` with
 * `<set>/masks/<same stem>.png`, 255 = hair; scripts/eval-data.ts says what else it accepts)
 * and prints, per set, the mean and median IoU and
 * the median latency of the mask (wall clock, and the process's CPU time, which is what to read
 * on a busy machine); then the median latency of each endpoint benchmark
 * (scripts/eval-endpoints.ts) over the same photos.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { decodeImage, predictHairMask, warmUpSegmentation } from '../src/segmentation/index.js';
import { createFaceHinter } from './face-hint.js';
import { pairSamples, readTruthMask } from './eval-data.js';
import { endpointBenchmarks } from './eval-endpoints.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/testdata/faces' },
    'no-second-pass': { type: 'boolean', default: false },
    'no-refine': { type: 'boolean', default: false },
    'no-skin-check': { type: 'boolean', default: false },
    'no-background-check': { type: 'boolean', default: false },
    flip: { type: 'boolean', default: false },
    limit: { type: 'string' },
    json: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    landmarks: { type: 'boolean', default: false },
  },
});

const median = (xs: number[]) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** IoU of two masks (above 127 = hair); 1 when both are empty. */
export function iou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! > 127;
    const y = b[i]! > 127;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union === 0 ? 1 : inter / union;
}

const root = resolve(process.env.INIT_CWD ?? process.cwd(), values.data);
const limit = values.limit ? Number(values.limit) : Infinity;
await warmUpSegmentation();
// --landmarks: constrain the mask with the face mesh, as the hair endpoints do
const faceHint = values.landmarks ? await createFaceHinter() : null;
const sets = (await readdir(root)).sort();
const report: Record<string, unknown> = {};
const allPhotos: Buffer[] = [];
for (const set of sets) {
  const images = join(root, set, 'images');
  const masks = join(root, set, 'masks');
  if (!(await stat(images).catch(() => null))?.isDirectory()) continue;
  if (!(await stat(masks).catch(() => null))?.isDirectory()) continue;
  const { pairs, unlabelled } = pairSamples(await readdir(images), await readdir(masks));
  const scores: number[] = [];
  const latencies: number[] = [];
  const cpuTimes: number[] = [];
  const unreadable: string[] = [];
  for (const { image: file, mask: maskFile } of pairs) {
    if (scores.length >= limit) break;
    try {
      const photo = await readFile(join(images, file));
      // landmarks (--landmarks) are found first and not counted in the mask's latency
      const landmarks = faceHint ? await faceHint(await decodeImage(photo)) : undefined;
      const started = performance.now();
      const cpu = process.cpuUsage();
      const image = await decodeImage(photo);
      const result = await predictHairMask(image, {
        landmarks,
        secondPass: !values['no-second-pass'],
        refine: !values['no-refine'],
        skinCheck: !values['no-skin-check'],
        backgroundCheck: !values['no-background-check'],
        flipAverage: values.flip,
      });
      const elapsed = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const truth = await readTruthMask(join(masks, maskFile), image.width, image.height);
      scores.push(iou(result.mask, truth));
      latencies.push(elapsed);
      cpuTimes.push((used.user + used.system) / 1000);
      allPhotos.push(photo);
      if (values.verbose) console.log(`  ${set}/${file}  IoU ${scores.at(-1)!.toFixed(4)}`);
    } catch (error) {
      // A corrupt photo or mask is reported, not scored, and does not end the run.
      unreadable.push(file);
      console.error(`  ${set}/${file}: skipped (${(error as Error).message})`);
    }
  }
  if (unlabelled.length > 0 && !values.json)
    console.error(`  ${set}: ${unlabelled.length} photo(s) without a mask, not scored`);
  if (scores.length === 0) continue;
  report[set] = {
    images: scores.length,
    unreadable,
    unlabelled: unlabelled.length,
    meanIoU: mean(scores),
    medianIoU: median(scores),
    medianMaskMs: median(latencies),
    medianMaskCpuMs: median(cpuTimes),
  };
  if (!values.json) {
    console.log(
      `${set.padEnd(12)} n=${String(scores.length).padStart(3)}${unreadable.length ? ` (${unreadable.length} unreadable)` : ''}  mean IoU ${mean(scores).toFixed(4)}  median IoU ${median(scores).toFixed(4)}  median mask ${median(latencies).toFixed(0)} ms (decode + mask; CPU ${median(cpuTimes).toFixed(0)} ms)`,
    );
  }
}
for (const bench of endpointBenchmarks) {
  const latencies: number[] = [];
  for (const photo of allPhotos) {
    const started = performance.now();
    await bench.run(photo).catch(() => undefined);
    latencies.push(performance.now() - started);
  }
  report[`endpoint:${bench.name}`] = { runs: latencies.length, medianMs: median(latencies) };
  if (!values.json) {
    console.log(
      `${bench.name.padEnd(28)} n=${latencies.length}  median ${median(latencies).toFixed(0)} ms`,
    );
  }
}
if (values.json) console.log(JSON.stringify(report, null, 2));

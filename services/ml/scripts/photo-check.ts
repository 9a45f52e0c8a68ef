/**
 * `npx tsx services/ml/scripts/photo-check.ts [--data DIR] [--runs N] [--set all|cases|latency]
 *   [--latency] [--before DIR]`
 *
 * The photo check (ADR 037) on the test photos in ../shared/testdata/faces and on hard cases
 * made from them in memory with sharp (rotated, cut, shrunk, two faces side by side): one line
 * per photo with the measures and the findings, to judge the thresholds against. `--latency`
 * also times, interleaved on the same photos in the same run (1024-px JPEGs, in this thread with
 * the hair network on its own thread, as a pool worker runs them), the landmark call and the hair
 * mask call the screen makes next, with this code and with the code in `--before` (a copy of
 * services/ml/src without the check, default /work/main/services/ml/src), and prints medians.
 */
import { readdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { pathToFileURL } from 'node:url';
import { loadModels, predictHairMatte, predictLandmarks } from '../src/pipelines.js';
import type * as PipelinesModule from '../src/pipelines.js';
import { hardCases } from '../test/photo-cases.js';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: '../shared/testdata/faces' },
    runs: { type: 'string', default: '5' },
    set: { type: 'string', default: 'all' },
    latency: { type: 'boolean', default: false },
    before: { type: 'string', default: '/work/main/services/ml/src' },
  },
});
const cwd = process.env.INIT_CWD ?? process.cwd();
const root = resolve(cwd, values.data);

const toJpeg = (path: string) =>
  sharp(path)
    .rotate()
    .resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer();

async function folder(dir: string): Promise<Array<{ name: string; bytes: Buffer }>> {
  const files = (await readdir(join(root, dir)).catch(() => [] as string[]))
    .filter((f) => /\.jpe?g$/i.test(f))
    .sort();
  return Promise.all(
    files.map(async (f) => ({
      name: basename(f).replace(/-org\.jpg$|\.jpg$/i, ''),
      bytes: await toJpeg(join(root, dir, f)),
    })),
  );
}

const models = await loadModels();
const locate = async (bytes: Buffer) => (await predictLandmarks(models, bytes)).landmark.box;
/** The photos services/ml/scripts/latency.ts times (human samples and three Figaro-1k). */
const latencySet = async () => [
  ...(await folder('human-samples')).filter((p) => p.name !== 'background'),
  ...(await folder('figaro1k/images')).filter((p) =>
    ['Frame00138', 'Frame00450', 'Frame00587'].includes(p.name),
  ),
];
const photos =
  values.set === 'cases'
    ? await hardCases(root, locate)
    : values.set === 'latency'
      ? await latencySet()
      : [
          ...(await folder('human-samples')),
          ...(await folder('figaro1k/images')),
          ...(await folder('lfw/images')),
          ...(await hardCases(root, locate)),
        ];
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

const fmt = (v: number | null) => (v === null ? '-' : String(v));
let flagged = 0;
for (const photo of photos) {
  try {
    const result = await predictLandmarks(models, photo.bytes);
    const m = result.check.measures;
    if (!result.check.ok) flagged++;
    console.log(
      `${photo.name.padEnd(26)} yaw ${fmt(m.yaw).padStart(6)} pitch ${fmt(m.pitch).padStart(6)} roll ${fmt(m.roll).padStart(6)} size ${m.faceShare.toFixed(2)}/${String(m.facePx).padStart(4)} out ${m.ovalOutside.toFixed(2)} crown ${m.crownAbove.toFixed(2).padStart(5)} eyes ${fmt(m.hairOverEyes).padStart(5)} brows ${fmt(m.hairOverBrows).padStart(5)} face ${fmt(m.hairOverFace).padStart(5)} others ${m.otherFaces} luma ${fmt(m.faceLuma).padStart(3)}  → ${result.check.findings.map((f) => f.code).join(', ') || 'ok'}`,
    );
  } catch (error) {
    console.log(
      `${photo.name.padEnd(26)} refused: ${(error as { detail?: string }).detail ?? String(error)}`,
    );
  }
}
console.log(`\n${flagged} of ${photos.length} photos have findings`);

if (values.latency) {
  const before = (await import(
    pathToFileURL(join(resolve(cwd, values.before), 'pipelines.ts')).href
  )) as typeof PipelinesModule;
  const beforeModels = await before.loadModels();
  const rows = {
    landmarkBefore: [] as number[],
    landmarkAfter: [] as number[],
    pairBefore: [] as number[],
    pairAfter: [] as number[],
  };
  const stages: Array<Record<string, number>> = [];
  const time = async (run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    return performance.now() - t;
  };
  const per = photos.map(() => ({
    lb: [] as number[],
    la: [] as number[],
    pb: [] as number[],
    pa: [] as number[],
  }));
  // Runs outside, photos inside: each landmark call is the first call for its photo since the
  // previous photo's calls (as on the screen), so it never finds its own first pass kept.
  for (let k = 0; k < Number(values.runs) + 1; k++) {
    for (const [i, photo] of photos.entries()) {
      try {
        // old code: landmarks, then the hair mask the screen asks for next
        const l0 = await time(() => before.predictLandmarks(beforeModels, photo.bytes));
        const m0 = await time(() => before.predictHairMatte(beforeModels, photo.bytes));
        // this code: landmarks with the check, then the hair mask (starting from its first pass)
        let timings: Record<string, number> = {};
        const l1 = await time(async () => {
          timings = (await predictLandmarks(models, photo.bytes)).timings;
        });
        const m1 = await time(() => predictHairMatte(models, photo.bytes));
        if (k === 0) continue; // warm-up
        per[i]!.lb.push(l0);
        per[i]!.pb.push(l0 + m0);
        per[i]!.la.push(l1);
        per[i]!.pa.push(l1 + m1);
        stages.push(timings);
      } catch {
        // no usable face: not timed
      }
    }
  }
  for (const p of per.filter((p) => p.la.length)) {
    rows.landmarkBefore.push(median(p.lb));
    rows.landmarkAfter.push(median(p.la));
    rows.pairBefore.push(median(p.pb));
    rows.pairAfter.push(median(p.pa));
  }
  const keys = [...new Set(stages.flatMap((t) => Object.keys(t)))];
  const line = (name: string, b: number[], a: number[]) =>
    console.log(
      `${name}: before ${median(b).toFixed(0)} ms, after ${median(a).toFixed(0)} ms (per-photo difference, median ${median(a.map((v, i) => v - b[i]!)).toFixed(0)} ms)`,
    );
  console.log(
    `\nmedians over ${rows.landmarkAfter.length} photos of each photo's median of ${values.runs} runs (interleaved):`,
  );
  line('landmark call', rows.landmarkBefore, rows.landmarkAfter);
  line('landmark + hair mask calls', rows.pairBefore, rows.pairAfter);
  console.log(
    'landmark call stages with the check (medians): ' +
      keys.map((k) => `${k} ${median(stages.map((t) => t[k] ?? 0))}`).join(', '),
  );
}
process.exit(0);

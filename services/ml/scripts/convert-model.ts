/**
 * `npx tsx services/ml/scripts/convert-model.ts [OUT.onnx]`
 *
 * Writes the ONNX graph that the service builds in memory from models/hair_segmentation.tflite
 * (for inspection, e.g. in Netron, or to run it elsewhere). The service itself never reads this
 * file: it converts the committed TFLite model when a thread first needs it.
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { buildHairSegmentationOnnx } from '../src/segmentation/index.js';

const output = resolve(
  process.env.INIT_CWD ?? process.cwd(),
  process.argv[2] ?? 'hair_segmentation.onnx',
);
const started = performance.now();
const onnx = await buildHairSegmentationOnnx();
await writeFile(output, onnx);
const sha256 = createHash('sha256').update(onnx).digest('hex');
console.log(
  `${output}: ${onnx.byteLength} bytes, sha256 ${sha256}, converted in ${(performance.now() - started).toFixed(0)} ms`,
);

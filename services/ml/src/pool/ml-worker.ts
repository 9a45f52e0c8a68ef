import { parentPort, workerData } from 'node:worker_threads';
import type { PhotoLimits } from '../image/decode.js';
import { loadModels, predictHairColor, predictHairMatte, predictLandmarks } from '../pipelines.js';
import { predictBald } from '../bald/pipeline.js';
import type { MlJobs } from './jobs.js';
import { serveJobs } from './protocol.js';

/**
 * One inference worker: loads the face detector and the hair segmenter once, then serves the
 * jobs of MlJobs (`landmarks`, `hairColor`, `hairMask`, `bald`) from the pool (src/pool/pool.ts).
 */
interface WorkerOptions {
  limits: PhotoLimits;
  segmentation?: boolean;
}

const port = parentPort;
if (!port) throw new Error('ml-worker must run in a worker thread');
const { limits, segmentation } = (workerData as { options: WorkerOptions }).options;

const models = await loadModels({ segmentation: segmentation ?? true });
port.postMessage({ ready: true });

serveJobs<MlJobs>(port, {
  landmarks: async ({ photo }) => ({ result: await predictLandmarks(models, photo, limits) }),
  hairColor: async ({ photo, request }) => {
    const result = await predictHairColor(models, photo, request, limits);
    return { result, transfer: [result.image.buffer as ArrayBuffer] };
  },
  hairMask: async ({ photo }) => {
    const result = await predictHairMatte(models, photo, limits);
    return { result, transfer: [result.png.buffer as ArrayBuffer] };
  },
  bald: async ({ photo }) => {
    const result = await predictBald(models, photo, limits);
    const transfer = [result.image, result.mask, result.scalp].map((b) => b.buffer as ArrayBuffer);
    return { result, transfer };
  },
});

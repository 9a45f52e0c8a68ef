import { parentPort, workerData } from 'node:worker_threads';
import { MlError } from '../errors.js';
import type { PhotoLimits } from '../image/decode.js';
import {
  loadModels,
  predictHairColor,
  predictHairMatte,
  predictLandmarks,
  type HairColorRequest,
} from '../pipelines.js';
import { predictBald } from '../bald/pipeline.js';

/**
 * One inference worker: loads the face detector and the hair segmenter once, then serves
 * `landmarks`, `hairColor`, `hairMask` and `bald` tasks from the pool (src/pool/pool.ts) one at a time.
 */
interface WorkerOptions {
  limits: PhotoLimits;
  segmentation?: boolean;
}

interface TaskMessage {
  id: number;
  kind: 'landmarks' | 'hairColor' | 'hairMask' | 'bald';
  payload: { photo: Uint8Array; request?: HairColorRequest };
}

const port = parentPort;
if (!port) throw new Error('ml-worker must run in a worker thread');
const { limits, segmentation } = (workerData as { options: WorkerOptions }).options;

const models = await loadModels({ segmentation: segmentation ?? true });
port.postMessage({ ready: true });

port.on('message', (message: TaskMessage) => {
  void handle(message);
});

async function handle({ id, kind, payload }: TaskMessage): Promise<void> {
  try {
    if (kind === 'landmarks') {
      const result = await predictLandmarks(models, payload.photo, limits);
      port!.postMessage({ id, ok: true, result });
    } else if (kind === 'hairColor' && payload.request) {
      const result = await predictHairColor(models, payload.photo, payload.request, limits);
      port!.postMessage({ id, ok: true, result }, [result.image.buffer as ArrayBuffer]);
    } else if (kind === 'hairMask') {
      const result = await predictHairMatte(models, payload.photo, limits);
      port!.postMessage({ id, ok: true, result }, [result.png.buffer as ArrayBuffer]);
    } else if (kind === 'bald') {
      const result = await predictBald(models, payload.photo, limits);
      port!.postMessage({ id, ok: true, result }, [
        result.image.buffer as ArrayBuffer,
        result.mask.buffer as ArrayBuffer,
        result.scalp.buffer as ArrayBuffer,
      ]);
    } else {
      port!.postMessage({ id, ok: false, code: 'INTERNAL', detail: `unknown task ${kind}` });
    }
  } catch (error) {
    if (error instanceof MlError) {
      port!.postMessage({ id, ok: false, code: error.code, detail: error.detail });
    } else {
      const detail = error instanceof Error ? error.message : String(error);
      port!.postMessage({ id, ok: false, code: 'SIMULATION_FAILED', detail });
    }
  }
}

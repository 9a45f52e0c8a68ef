import type { BaldPredictResult } from '../bald/pipeline.js';
import type {
  HairColorRequest,
  HairColorResult,
  HairMatteResult,
  LandmarkResult,
} from '../pipelines.js';
import type { Job } from './protocol.js';

/** The ML worker's jobs (src/pool/ml-worker.ts): kind → payload and result. */
export interface MlJobs {
  landmarks: Job<{ photo: Uint8Array }, LandmarkResult>;
  hairColor: Job<{ photo: Uint8Array; request: HairColorRequest }, HairColorResult>;
  hairMask: Job<{ photo: Uint8Array }, HairMatteResult>;
  bald: Job<{ photo: Uint8Array }, BaldPredictResult>;
}

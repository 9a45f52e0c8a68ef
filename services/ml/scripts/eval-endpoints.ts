/**
 * Endpoint benchmarks for `npm run eval:ml`. Each entry runs one endpoint's whole pipeline on an
 * encoded photo (as an upload would arrive); eval.ts reports the median latency of each.
 * The face-landmark and hair-colour endpoints add themselves here.
 */
import { loadModels, predictHairColor, predictLandmarks, type Models } from '../src/pipelines.js';
import { predictBald } from '../src/bald/pipeline.js';

export interface EndpointBenchmark {
  name: string;
  run(photo: Buffer): Promise<unknown>;
}

// ml-face: the two endpoints' pipelines, in this thread (what one pool worker does per request).
let models: Promise<Models> | undefined;
const loaded = () => (models ??= loadModels());

export const endpointBenchmarks: EndpointBenchmark[] = [
  {
    name: 'face-landmark/predict/v1',
    run: async (photo) => predictLandmarks(await loaded(), photo),
  },
  {
    name: 'hair-color/predict/v1',
    run: async (photo) =>
      predictHairColor(await loaded(), photo, { color: '#8a4b2a', strength: 1, format: 'jpeg' }),
  },
  // ml-bald: bangs removal (landmarks + mask + skin/background membrane fill + encoding).
  {
    name: 'bald/predict/v3',
    run: async (photo) => predictBald(await loaded(), photo),
  },
];

import { parentPort } from 'node:worker_threads';
import { predictHairProbability, warmUpSegmentation } from './index.js';
import { HairSegmentationError, type HairNetworkOptions, type RgbImage } from './types.js';

/**
 * The hair network's thread (started by HairNetworkThread): loads its own session, then answers
 * `{ id, image, options }` with the photo's hair probability, one request at a time.
 */
interface NetworkRequest {
  id: number;
  image: RgbImage;
  options: HairNetworkOptions;
}

const port = parentPort;
if (!port) throw new Error('network-worker must run in a worker thread');

try {
  await warmUpSegmentation();
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({
    ready: false,
    detail: error instanceof Error ? error.message : String(error),
  });
}

port.on('message', ({ id, image, options }: NetworkRequest) => {
  predictHairProbability(image, options).then(
    (result) =>
      port.postMessage({ id, ok: true, result }, [result.probability.buffer as ArrayBuffer]),
    (error: unknown) =>
      port.postMessage({
        id,
        ok: false,
        code: error instanceof HairSegmentationError ? error.code : 'model_unavailable',
        detail: error instanceof Error ? error.message : String(error),
      }),
  );
});

import { Worker } from 'node:worker_threads';
import { predictHairProbability } from './index.js';
import {
  HairSegmentationError,
  type HairNetworkOptions,
  type HairProbability,
  type HairSegmentationErrorCode,
  type RgbImage,
} from './types.js';

/**
 * The hair network on a thread of its own, so that a request's two models run at the same time:
 * the network needs only the photo, the face landmarks are found meanwhile on the caller's
 * thread (onnxruntime-node's `run` and Human's WASM inference both block the thread they run
 * on). Each ML pool worker owns one; requests are served one at a time, in order. If the thread
 * dies, the network runs on the caller's thread from then on (same results, no overlap).
 */

interface NetworkReply {
  id?: number;
  ready?: boolean;
  ok?: boolean;
  result?: HairProbability;
  code?: HairSegmentationErrorCode;
  detail?: string;
}

interface Pending {
  resolve(result: HairProbability): void;
  reject(error: unknown): void;
}

// TypeScript workers start through the pool's bootstrap, which registers tsx in the thread.
const workerUrl = new URL('./network-worker.ts', import.meta.url);
const bootstrapUrl = new URL('../pool/bootstrap.js', import.meta.url);

export class HairNetworkThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private alive = true;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: NetworkReply) => {
      const task = reply.id === undefined ? undefined : this.pending.get(reply.id);
      if (!task) return;
      this.pending.delete(reply.id!);
      if (reply.ok && reply.result) task.resolve(reply.result);
      else
        task.reject(
          new HairSegmentationError(reply.code ?? 'model_unavailable', reply.detail ?? 'failed'),
        );
    });
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      this.alive = false;
      for (const task of this.pending.values())
        task.reject(new HairSegmentationError('model_unavailable', 'network thread exited'));
      this.pending.clear();
    });
    // An idle network thread must not keep the process alive.
    worker.unref();
  }

  /** Starts the thread and waits until its model session is ready. */
  static async start(): Promise<HairNetworkThread> {
    const worker = new Worker(bootstrapUrl, { workerData: { entry: workerUrl.href } });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) =>
        reject(new HairSegmentationError('model_unavailable', `network thread exited (${code})`));
      worker.once('exit', onExit);
      worker.once('error', reject);
      worker.once('message', (message: NetworkReply) => {
        worker.off('exit', onExit);
        worker.off('error', reject);
        if (message.ready) resolve();
        else reject(new HairSegmentationError('model_unavailable', message.detail ?? 'no model'));
      });
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return new HairNetworkThread(worker);
  }

  /** predictHairProbability on the thread (the photo's pixels are copied to it). */
  predict(image: RgbImage, options: HairNetworkOptions = {}): Promise<HairProbability> {
    if (!this.alive) return predictHairProbability(image, options);
    const id = this.nextId++;
    return new Promise<HairProbability>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, image, options });
    }).finally(() => {
      if (this.pending.size === 0) this.worker.unref();
    });
  }

  async close(): Promise<void> {
    this.alive = false;
    await this.worker.terminate();
  }
}

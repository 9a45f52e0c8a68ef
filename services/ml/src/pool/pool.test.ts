import { afterEach, describe, expect, it } from 'vitest';
import { MlError } from '../errors.js';
import type { HairMatteResult } from '../pipelines.js';
import type { MlJobs } from './jobs.js';
import { WorkerPool, type PoolOptions } from './pool.js';
import type { Job } from './protocol.js';

const fixture = new URL('../../test/fixtures/echo-worker.js', import.meta.url);

/** The fixtures' jobs (test/fixtures/echo-worker.js, ort-worker.ts). */
interface TestJobs {
  echo: Job<unknown, unknown>;
  bytes: Job<Uint8Array, number>;
  sleep: Job<number, string>;
  fail: Job<null, never>;
  crash: Job<null, never>;
  infer: Job<number, number>;
}

const pools: WorkerPool<TestJobs>[] = [];

function pool(options: Partial<PoolOptions> = {}): WorkerPool<TestJobs> {
  const p = new WorkerPool<TestJobs>({
    workerUrl: fixture,
    size: 1,
    maxQueue: 1,
    taskTimeoutMs: 2_000,
    ...options,
  });
  pools.push(p);
  return p;
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof MlError ? error.code : String(error);
  }
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('WorkerPool', () => {
  it('runs tasks on workers and transfers buffers', async () => {
    const p = pool({ size: 2 });
    await p.ready();
    await expect(p.run('echo', { a: 1 })).resolves.toEqual({ a: 1 });
    const bytes = new Uint8Array(1000);
    await expect(p.run('bytes', bytes, [bytes.buffer])).resolves.toBe(1000);
    expect(bytes.byteLength).toBe(0); // transferred, not copied
    expect(p.stats()).toMatchObject({ size: 2, ready: 2, busy: 0, completed: 2 });
  });

  it('queues up to maxQueue and refuses the rest with SIMULATION_BUSY', async () => {
    const p = pool({ size: 1, maxQueue: 1 });
    await p.ready();
    const running = p.run('sleep', 200);
    const queued = p.run('sleep', 10);
    expect(await codeOf(p.run('echo', 1))).toBe('SIMULATION_BUSY');
    await expect(running).resolves.toBe('woke');
    await expect(queued).resolves.toBe('woke');
    // capacity is back once the queue drains
    await expect(p.run('echo', 2)).resolves.toBe(2);
  });

  it('passes worker failures through with their product code', async () => {
    const p = pool();
    expect(await codeOf(p.run('fail', null))).toBe('FACE_RECOGNITION_FAILED');
  });

  it('times a stuck task out, replaces the worker and keeps serving', async () => {
    const p = pool({ taskTimeoutMs: 150 });
    await p.ready();
    expect(await codeOf(p.run('sleep', 1_000))).toBe('SIMULATION_TIMEOUT');
    await expect(p.run('echo', 'after')).resolves.toBe('after');
    expect(p.stats()).toMatchObject({ size: 1, restarts: 1, retiring: 1 });
  });

  it('terminates a timed-out worker only once it has finished (never mid-task)', async () => {
    const p = pool({ taskTimeoutMs: 100 });
    await p.ready();
    const started = Date.now();
    expect(await codeOf(p.run('sleep', 600))).toBe('SIMULATION_TIMEOUT');
    // The caller has its answer while the late worker is still busy.
    expect(p.stats().retiring).toBe(1);
    // The late worker answers after its 600 ms and is terminated only then.
    await expect.poll(() => p.stats().retiring, { timeout: 10_000 }).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(p.stats()).toMatchObject({ size: 1, ready: 1, restarts: 1 });
    await expect(p.run('echo', 'fine')).resolves.toBe('fine');
  });

  it('fails the task of a crashed worker cleanly and replaces the worker', async () => {
    const p = pool();
    await p.ready();
    expect(await codeOf(p.run('crash', null))).toBe('SIMULATION_FAILED');
    await expect(p.run('echo', 'still here')).resolves.toBe('still here');
    expect(p.stats()).toMatchObject({ size: 1, restarts: 1 });
  });

  it('gives up after workers fail to start three times in a row', async () => {
    const p = pool({ workerOptions: { failStart: true } });
    expect(await codeOf(p.run('echo', 1))).toBe('SERVICE_UNAVAILABLE');
    expect(await codeOf(p.run('echo', 1))).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('the job map', () => {
  it('types each kind with its payload and result', () => {
    // Compiled, never run: the checks are the typecheck's (npm run typecheck).
    const calls = (p: WorkerPool<MlJobs>, photo: Uint8Array) => {
      const width: Promise<number> = p.run('bald', { photo }).then((r) => r.width);
      // @ts-expect-error: not a kind of MlJobs
      void p.run('hairColour', { photo });
      // @ts-expect-error: hairColor needs its request
      void p.run('hairColor', { photo });
      // @ts-expect-error: a landmark result is not a hair matte
      const matte: Promise<HairMatteResult> = p.run('landmarks', { photo });
      void matte;
      return width;
    };
    expect(calls).toBeTypeOf('function');
  });
});

describe('WorkerPool on native inference', () => {
  it('a time limit striking inside onnxruntime run neither kills the process nor the pool', async () => {
    // Terminating a thread inside onnxruntime-node's native run aborts the whole process
    // ("terminate called after throwing an instance of 'Napi::Error'"): had the pool done it,
    // this test's process would die here instead of failing politely.
    const p = pool({
      workerUrl: new URL('../../test/fixtures/ort-worker.ts', import.meta.url),
      taskTimeoutMs: 50,
    });
    await p.ready(120_000);
    expect(await codeOf(p.run('infer', 8))).toBe('SIMULATION_TIMEOUT');
    await expect.poll(() => p.stats().retiring, { timeout: 60_000 }).toBe(0);
    await p.ready(120_000);
    expect(p.stats()).toMatchObject({ size: 1, ready: 1, restarts: 1 });
  }, 180_000);
});

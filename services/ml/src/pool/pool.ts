import { Worker } from 'node:worker_threads';
import { MlError } from '../errors.js';
import { isErrorCode } from '@carol/contracts';

/**
 * A fixed pool of worker threads for inference, so no model runs on the server's event loop.
 * - N workers, each loading its models once at start (the worker script decides what to load).
 * - A bounded queue: when every worker is busy and the queue is full, `run` fails at once with
 *   SIMULATION_BUSY (HTTP 503) instead of piling up work.
 * - A time limit per task counted from when a worker takes it: the worker is terminated (WASM
 *   inference cannot be interrupted), replaced, and the task fails with SIMULATION_TIMEOUT.
 * - A worker that crashes is replaced; its task fails with SIMULATION_FAILED.
 *
 * Messages: the pool posts `{ id, kind, payload }` and expects `{ id, ok: true, result }` or
 * `{ id, ok: false, code, detail }` back; a worker posts `{ ready: true }` once its models load.
 */

export interface PoolOptions {
  /** Module run in each worker: a .ts file (loaded through tsx) or plain JavaScript. */
  workerUrl: URL;
  size: number;
  /** Tasks waiting for a worker, beyond those running. */
  maxQueue: number;
  taskTimeoutMs: number;
  /** Passed to every worker as workerData.options. */
  workerOptions?: Record<string, unknown>;
  /** Called for worker failures (crash, failed start); defaults to nothing. */
  onWorkerError?: (error: unknown) => void;
}

export interface PoolStats {
  size: number;
  ready: number;
  busy: number;
  queued: number;
  restarts: number;
  completed: number;
  failed: number;
}

interface Task {
  id: number;
  kind: string;
  payload: unknown;
  transfer: ArrayBuffer[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  /** Being terminated (timed out): takes no more tasks, replaced when it exits. */
  retiring: boolean;
}

interface WorkerReply {
  id?: number;
  ready?: boolean;
  ok?: boolean;
  result?: unknown;
  code?: string;
  detail?: string;
}

const bootstrapUrl = new URL('./bootstrap.js', import.meta.url);

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  private counters = { restarts: 0, completed: 0, failed: 0 };
  /** Workers that died before loading their models, in a row: past 3 the pool gives up. */
  private startFailures = 0;
  private broken = false;

  constructor(private readonly options: PoolOptions) {
    if (options.size < 1) throw new Error('pool size must be at least 1');
    for (let i = 0; i < options.size; i++) this.spawn();
  }

  /** Resolves when every worker has loaded its models (or rejects if one cannot start). */
  async ready(timeoutMs = 60_000): Promise<void> {
    const start = Date.now();
    while ([...this.slots].some((s) => !s.ready) || this.slots.size === 0) {
      if (this.closed || this.broken) throw new Error('pool closed or workers cannot start');
      if (Date.now() - start > timeoutMs) throw new Error('workers did not start in time');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  stats(): PoolStats {
    const slots = [...this.slots];
    return {
      size: slots.length,
      ready: slots.filter((s) => s.ready).length,
      busy: slots.filter((s) => s.task).length,
      queued: this.queue.length,
      ...this.counters,
    };
  }

  run<T>(kind: string, payload: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closed || this.broken)
      return Promise.reject(
        new MlError('SERVICE_UNAVAILABLE', 'pool closed or workers cannot start'),
      );
    const idle = [...this.slots].some((s) => !s.task && !s.retiring);
    if (!idle && this.queue.length >= this.options.maxQueue) {
      return Promise.reject(new MlError('SIMULATION_BUSY', 'queue full'));
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        kind,
        payload,
        transfer,
        resolve: (value) => resolve(value as T),
        reject,
      });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0))
      task.reject(new MlError('SERVICE_UNAVAILABLE', 'pool closed'));
    await Promise.all(
      [...this.slots].map(async (slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.task?.reject(new MlError('SERVICE_UNAVAILABLE', 'pool closed'));
        slot.task = null;
        await slot.worker.terminate();
      }),
    );
    this.slots.clear();
  }

  private spawn(): void {
    const isTs = this.options.workerUrl.pathname.endsWith('.ts');
    const worker = new Worker(isTs ? bootstrapUrl : this.options.workerUrl, {
      workerData: {
        entry: this.options.workerUrl.href,
        options: this.options.workerOptions ?? {},
      },
    });
    const slot: Slot = { worker, ready: false, task: null, timer: null, retiring: false };
    this.slots.add(slot);
    worker.on('message', (message: WorkerReply) => this.onMessage(slot, message));
    worker.on('error', (error) => {
      this.options.onWorkerError?.(error);
    });
    worker.on('exit', (code) => this.onExit(slot, code));
    // Idle workers must not keep the process alive.
    worker.unref();
  }

  private onMessage(slot: Slot, message: WorkerReply): void {
    if (message.ready) {
      slot.ready = true;
      this.startFailures = 0;
      this.dispatch();
      return;
    }
    const task = slot.task;
    if (!task || message.id !== task.id) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    if (message.ok) {
      this.counters.completed++;
      task.resolve(message.result);
    } else {
      this.counters.failed++;
      const code = isErrorCode(message.code) ? message.code : 'SIMULATION_FAILED';
      task.reject(new MlError(code, message.detail));
    }
    this.dispatch();
  }

  private onExit(slot: Slot, exitCode: number): void {
    if (slot.timer) clearTimeout(slot.timer);
    this.slots.delete(slot);
    const task = slot.task;
    slot.task = null;
    if (task) {
      this.counters.failed++;
      task.reject(new MlError('SIMULATION_FAILED', `worker exited with code ${exitCode}`));
    }
    if (this.closed) return;
    if (!slot.ready && !slot.retiring && ++this.startFailures >= 3) {
      this.broken = true;
      for (const queued of this.queue.splice(0))
        queued.reject(new MlError('SERVICE_UNAVAILABLE', 'workers cannot start'));
      return;
    }
    this.counters.restarts++;
    this.spawn();
    this.dispatch();
  }

  /** Workers keep the process alive only while there is work (idle pools never block exit). */
  private updateRefs(): void {
    const working = this.queue.length > 0 || [...this.slots].some((s) => s.task);
    for (const slot of this.slots) {
      if (working) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  private dispatch(): void {
    this.assign();
    this.updateRefs();
  }

  private assign(): void {
    for (const slot of this.slots) {
      if (slot.task || !slot.ready || slot.retiring) continue;
      const task = this.queue.shift();
      if (!task) return;
      slot.task = task;
      slot.timer = setTimeout(() => {
        if (slot.task !== task) return;
        slot.task = null;
        slot.retiring = true;
        this.counters.failed++;
        task.reject(
          new MlError('SIMULATION_TIMEOUT', `${task.kind} over ${this.options.taskTimeoutMs} ms`),
        );
        // The exit handler replaces the worker.
        void slot.worker.terminate();
      }, this.options.taskTimeoutMs);
      slot.worker.postMessage(
        { id: task.id, kind: task.kind, payload: task.payload },
        task.transfer,
      );
    }
  }
}

import { Worker } from 'node:worker_threads';
import { MlError } from '../errors.js';
import { isErrorCode } from '@carol/contracts';
import type { JobKind, JobMap, PayloadOf, ResultOf, WorkerReply } from './protocol.js';

/**
 * A fixed pool of worker threads for inference, so no model runs on the server's event loop.
 * - N workers, each loading its models once at start (the worker script decides what to load).
 * - A bounded queue: when every worker is busy and the queue is full, `run` fails at once with
 *   SIMULATION_BUSY (HTTP 503) instead of piling up work.
 * - A time limit per task counted from when a worker takes it: the task fails at once with
 *   SIMULATION_TIMEOUT and a new worker takes the slot. The late worker is retired, not killed
 *   mid-task: terminating a thread while it is inside onnxruntime's native `run` aborts the
 *   whole process, so it is terminated once it has answered (idle, nothing native running), or
 *   after RETIRE_GRACE_MS if it never answers.
 * - A worker that crashes is replaced; its task fails with SIMULATION_FAILED.
 *
 * Messages (protocol.ts): typed by the job map J, from job kind to payload and result, so a
 * wrong kind or payload fails typecheck.
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
  /** Timed-out workers still finishing their task before they are terminated. */
  retiring: number;
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
  /** Timed out: takes no more tasks (already replaced), terminated once it is idle. */
  retiring: boolean;
}

/** How long a timed-out worker may take to finish before it is terminated regardless. */
export const RETIRE_GRACE_MS = 60_000;
/** On close, how long running tasks may take to finish before their workers are terminated. */
const CLOSE_GRACE_MS = 10_000;

const bootstrapUrl = new URL('./bootstrap.js', import.meta.url);

export class WorkerPool<J extends JobMap<J>> {
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
    const all = [...this.slots];
    const slots = all.filter((s) => !s.retiring);
    return {
      retiring: all.length - slots.length,
      size: slots.length,
      ready: slots.filter((s) => s.ready).length,
      busy: slots.filter((s) => s.task).length,
      queued: this.queue.length,
      ...this.counters,
    };
  }

  run<K extends JobKind<J>>(
    kind: K,
    payload: PayloadOf<J, K>,
    transfer: ArrayBuffer[] = [],
  ): Promise<ResultOf<J, K>> {
    if (this.closed || this.broken)
      return Promise.reject(
        new MlError('SERVICE_UNAVAILABLE', 'pool closed or workers cannot start'),
      );
    const idle = [...this.slots].some((s) => !s.task && !s.retiring);
    if (!idle && this.queue.length >= this.options.maxQueue) {
      return Promise.reject(new MlError('SIMULATION_BUSY', 'queue full'));
    }
    return new Promise<ResultOf<J, K>>((resolve, reject) => {
      this.queue.push({
        id: this.nextId++,
        kind,
        payload,
        transfer,
        // The worker answers the kind's result (serveJobs' handlers are typed by the same map).
        resolve,
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
        slot.timer = null;
        const busy = slot.task !== null || slot.retiring;
        slot.task?.reject(new MlError('SERVICE_UNAVAILABLE', 'pool closed'));
        slot.task = null;
        // A busy worker may be inside native inference: let it answer first (see retire()).
        if (busy) await this.idleOrGrace(slot, CLOSE_GRACE_MS);
        await slot.worker.terminate();
      }),
    );
    this.slots.clear();
  }

  /** Resolves when the worker next posts a message (its late answer) or exits, or after `ms`. */
  private idleOrGrace(slot: Slot, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        slot.worker.off('message', done);
        slot.worker.off('exit', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      slot.worker.on('message', done);
      slot.worker.on('exit', done);
    });
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
    if (slot.retiring) {
      // The timed-out task's late answer: the worker is idle now, safe to terminate.
      if (!('ready' in message)) void slot.worker.terminate();
      return;
    }
    if ('ready' in message) {
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
    // A retired worker was replaced when it timed out.
    if (slot.retiring) return;
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
      if (slot.retiring) continue;
      if (working) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  /** Replaces a timed-out worker now and terminates it once it is idle (see the class notes). */
  private retire(slot: Slot): void {
    slot.retiring = true;
    slot.timer = setTimeout(() => void slot.worker.terminate(), RETIRE_GRACE_MS);
    slot.timer.unref();
    // It finishes its task in the background; it must not keep the process alive for that.
    slot.worker.unref();
    if (this.closed) return;
    this.counters.restarts++;
    this.spawn();
    this.dispatch();
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
        this.counters.failed++;
        task.reject(
          new MlError('SIMULATION_TIMEOUT', `${task.kind} over ${this.options.taskTimeoutMs} ms`),
        );
        this.retire(slot);
      }, this.options.taskTimeoutMs);
      slot.worker.postMessage(
        { id: task.id, kind: task.kind, payload: task.payload },
        task.transfer,
      );
    }
  }
}

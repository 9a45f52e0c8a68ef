import type { MessagePort } from 'node:worker_threads';
import { MlError } from '../errors.js';

/**
 * The worker pool's message protocol, typed by a map from job kind to its payload and result
 * (`Jobs` below for the ML worker): `pool.run(kind, payload)` takes only a kind of the map with
 * its payload and answers its result; `serveJobs` makes a worker handle every kind of the map.
 *
 * Messages: the pool posts `{ id, kind, payload }` and expects `{ id, ok: true, result }` or
 * `{ id, ok: false, code, detail }` back; a worker posts `{ ready: true }` once its models load.
 */
export interface Job<Payload = unknown, Result = unknown> {
  payload: Payload;
  result: Result;
}

/** A map from job kind to its Job (an interface of Jobs, e.g. `MlJobs`). */
export type JobMap<J> = { [K in keyof J]: Job };

export type JobKind<J> = keyof J & string;
export type PayloadOf<J extends JobMap<J>, K extends JobKind<J>> = J[K]['payload'];
export type ResultOf<J extends JobMap<J>, K extends JobKind<J>> = J[K]['result'];

export type TaskMessage<J extends JobMap<J>> = {
  [K in JobKind<J>]: { id: number; kind: K; payload: PayloadOf<J, K> };
}[JobKind<J>];

export type WorkerReply =
  | { ready: true }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; code: string; detail?: string };

/** What a handler answers: the result, and the buffers in it to transfer (not copy) back. */
export interface Answer<R> {
  result: R;
  transfer?: ArrayBuffer[];
}

export type JobHandlers<J extends JobMap<J>> = {
  [K in JobKind<J>]: (payload: PayloadOf<J, K>) => Promise<Answer<ResultOf<J, K>>>;
};

/**
 * Serves the pool's tasks on `port` with one handler per job kind (the pool sends a worker one
 * task at a time). An MlError keeps its code; anything else is SIMULATION_FAILED.
 */
export function serveJobs<J extends JobMap<J>>(port: MessagePort, handlers: JobHandlers<J>): void {
  const reply = (message: WorkerReply, transfer?: ArrayBuffer[]) =>
    port.postMessage(message, transfer);
  port.on('message', (message: TaskMessage<J>) => {
    const { id, kind, payload } = message;
    const handler: ((payload: typeof message.payload) => Promise<Answer<unknown>>) | undefined =
      Object.hasOwn(handlers, kind) ? handlers[kind] : undefined;
    if (!handler) {
      reply({ id, ok: false, code: 'INTERNAL', detail: `unknown task ${kind}` });
      return;
    }
    handler(payload).then(
      ({ result, transfer }) => reply({ id, ok: true, result }, transfer),
      (error: unknown) => {
        if (error instanceof MlError)
          reply({ id, ok: false, code: error.code, detail: error.detail });
        else {
          const detail = error instanceof Error ? error.message : String(error);
          reply({ id, ok: false, code: 'SIMULATION_FAILED', detail });
        }
      },
    );
  });
}

// Worker-thread entry for TypeScript worker modules: registers tsx's loader in this thread
// (loader hooks are not inherited by worker threads), then imports the real module.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

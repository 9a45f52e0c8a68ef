import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { loadConfig } from './env.js';
import { openDatabase, runMigrations } from './db/index.js';
import { isDatabaseSeeded, seedDemoData } from './db/seed/seed.js';
import { backfillSearchColumns } from './features/search/search-backfill.js';
import { createGraphileQueue, migrateGraphileWorker } from './jobs/graphile-queue.js';
import { schedulePurge } from './jobs/purge.js';
import { ensureDemoConsoleKey } from './features/qr/qr.service.js';
import { contentTypes } from './features/media/media-variants.js';
import { copyMissing, createStorage, localStorage } from './lib/storage.js';
import { openReadReplica } from './lib/read-routing.js';
import { withLocalSecrets } from './lib/local-secrets.js';

// Unset code and link secrets persist in DATA_DIR, so a restart keeps codes and links valid.
const config = withLocalSecrets(loadConfig());
mkdirSync(config.mediaDir, { recursive: true });
const storage = createStorage(config.storage);

const handle = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
);
// One migrator at a time (an advisory lock): N instances starting together migrate once.
// MIGRATE_ON_START=false leaves it to `npm run db:migrate` before the instances start.
if (config.migrateOnStart) await runMigrations(handle);
if (config.seedOnStart && !(await isDatabaseSeeded(handle))) {
  console.log(
    `Seeding demo data into ${handle.kind === 'pglite' ? config.pgliteDir : 'PostgreSQL'} (first start)...`,
  );
  const started = Date.now();
  await seedDemoData(handle, { mediaDir: config.mediaDir });
  console.log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (storage.kind !== 'local') {
    // The seed renders into MEDIA_DIR; the instances serve from the bucket.
    const { copied, bytes } = await copyMissing(
      localStorage(config.mediaDir),
      storage,
      '',
      (key) => contentTypes[key.slice(key.lastIndexOf('.') + 1).toLowerCase()],
    );
    console.log(`Uploaded ${copied} demo files (${(bytes / 1e6).toFixed(1)} MB) to the bucket`);
  }
}
await backfillSearchColumns(handle.db);
if (config.seedOnStart && handle.kind === 'pglite') {
  // Local demo only: a console key for the smart-mirror page (/mirror), never committed.
  const demo = await ensureDemoConsoleKey(handle.db, join(config.dataDir, 'demo-console-key.txt'));
  if (demo?.created)
    console.log(`Smart-mirror demo console key (${demo.shopName}) written to ${demo.file}`);
  else if (demo)
    console.log(`Smart-mirror demo: open /mirror with the console key in ${demo.file}`);
}

const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
// The job queue (ADR 042): graphile-worker on PostgreSQL (its schema migrates under its own
// lock, so N instances may start at once); the in-process queue over local_jobs on PGlite.
if (handle.kind === 'postgres') await migrateGraphileWorker(handle.client);
// Public reads from a streaming replica (ADR 047), with the primary as their fallback.
const readReplica =
  config.readReplica && handle.kind === 'postgres'
    ? await openReadReplica(handle, {
        ...config.readReplica,
        cookieSecure: config.cookieSecure,
        onReplicaError: (error) => console.warn('[db] read replica unavailable:', String(error)),
      })
    : undefined;
const lifecycle = { draining: false };
const app = await buildApp({
  config,
  db: handle.db,
  lifecycle,
  storage,
  ...(redis ? { redis } : {}),
  ...(readReplica ? { reads: readReplica.router } : {}),
  ...(handle.kind === 'postgres'
    ? { jobs: createGraphileQueue(handle.client, { crontab: `${config.purgeSchedule} purge` }) }
    : {}),
});
// Expired sessions, codes and QR sessions, and data past its retention (ADR 011), then the files
// of withdrawn members and other unreferenced uploads (ADR 041), hourly: the queue's crontab on
// PostgreSQL (once across all instances), a timer in the one PGlite process.
const stopPurge =
  handle.kind === 'pglite' ? schedulePurge(handle.db, app.log, undefined, storage) : () => {};

let closing = false;
/**
 * Graceful shutdown: readiness turns false (the balancer stops sending), after
 * SHUTDOWN_DELAY_MS the listener closes and the requests in flight finish, then the queue's
 * worker stops taking jobs and finishes the running one (the app's onClose), then exit.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  lifecycle.draining = true;
  stopPurge();
  if (config.shutdownDelayMs > 0) {
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
  }
  await app.close();
  redis?.disconnect();
  await readReplica?.close();
  await handle.close();
  app.log.info({ signal }, 'stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
console.log(`Carol is running at http://${shown}:${config.port}  (API docs: /api/docs)`);

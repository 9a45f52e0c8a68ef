import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app.js';
import { loadConfig } from './env.js';
import { openDatabase, runMigrations } from './db/index.js';
import { isDatabaseSeeded, seedDemoData } from './db/seed/seed.js';
import { backfillSearchColumns } from './features/search/search-backfill.js';
import { schedulePurge } from './jobs/purge.js';
import { ensureDemoConsoleKey } from './features/qr/qr.service.js';

const config = loadConfig();
mkdirSync(config.mediaDir, { recursive: true });

const handle = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
);
await runMigrations(handle);
if (config.seedOnStart && !(await isDatabaseSeeded(handle))) {
  console.log(
    `Seeding demo data into ${handle.kind === 'pglite' ? config.pgliteDir : 'PostgreSQL'} (first start)...`,
  );
  const started = Date.now();
  await seedDemoData(handle, { mediaDir: config.mediaDir });
  console.log(`Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
const app = await buildApp({ config, db: handle.db, ...(redis ? { redis } : {}) });
// Expired sessions, codes and QR sessions, and data past its retention (ADR 011), hourly.
const stopPurge = schedulePurge(handle.db, app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  stopPurge();
  await app.close();
  redis?.disconnect();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
console.log(`Carol is running at http://${shown}:${config.port}  (API docs: /api/docs)`);

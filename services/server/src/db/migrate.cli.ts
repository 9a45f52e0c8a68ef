// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded PGlite
// database in <repo>/data/pglite (DATA_DIR) when no URL is set.
import { loadConfig } from '../env.js';
import { openDatabase } from './client.js';
import { runMigrations } from './migrate.js';

const config = loadConfig();
const target = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`;
const handle = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
);
try {
  const started = Date.now();
  await runMigrations(handle);
  console.log(`Migrations applied to ${target} in ${Date.now() - started} ms`);
} catch (error) {
  console.error(`Migrating ${target} failed:`, error);
  process.exitCode = 1;
} finally {
  await handle.close();
}

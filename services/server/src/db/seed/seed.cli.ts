/**
 * Demo data loader.
 *
 *   npm run db:seed                       # the curated demo set (310 shops) into ./data
 *   npm run db:seed -- --shops 100000     # plus generated shops, for load tests
 *   npm run db:seed -- --reset            # empty every table first
 *
 * Uses DATABASE_URL when set, otherwise the embedded PGlite database in <repo>/data/pglite
 * (stop the server first: PGlite is single-process). Images go to MEDIA_DIR or <repo>/data/media.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../env.js';
import { openDatabase, runMigrations, type DatabaseHandle } from '../index.js';
import { DEFAULT_SEED, DEFAULT_SHOP_COUNT, isDatabaseSeeded, seedDemoData } from './seed.js';

const usage = `Usage: tsx src/db/seed/seed.cli.ts [--shops N] [--reset] [--seed N] [--no-images]

  --shops N     total shops (default ${DEFAULT_SHOP_COUNT}: the curated set; more are generated)
  --reset       truncate every table of the database before seeding
  --seed N      random seed (default ${DEFAULT_SEED}); the same seed gives the same data
  --no-images   do not draw illustrations (rows still point at /media/seed/...)`;

async function resetDatabase(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = result.rows.map((r) => `"${r.tablename.replace(/"/g, '""')}"`);
  if (tables.length > 0)
    await handle.db.execute(
      sql.raw(`truncate table ${tables.join(', ')} restart identity cascade`),
    );
  return tables.length;
}

function shortError(error: unknown): string {
  // Drizzle errors carry the whole query and its (huge) JSON parameter; the cause is what matters.
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const message = current instanceof Error ? current.message : String(current);
  return message.length > 500 ? `${message.slice(0, 500)}...` : message;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      shops: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      'no-images': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const shops = values.shops === undefined ? DEFAULT_SHOP_COUNT : Number(values.shops);
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isInteger(shops) || shops < 0 || !Number.isInteger(seed)) {
    console.error(usage);
    return 2;
  }

  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`;
  const handle = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.pgliteDir },
  );
  try {
    console.log(`Database: ${where}`);
    await runMigrations(handle);
    if (values.reset) {
      const count = await resetDatabase(handle);
      console.log(`Reset: emptied ${count} tables.`);
    } else if (await isDatabaseSeeded(handle)) {
      console.error('The database already has shops. Run with --reset to empty it and seed again.');
      return 1;
    }
    const started = Date.now();
    const summary = await seedDemoData(handle, {
      mediaDir: config.mediaDir,
      shops,
      seed,
      renderImages: !values['no-images'],
      log: (line) => console.log(line),
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${summary.shops} shops, ${summary.designers} designers, ${summary.menus} menus, ${summary.cataloguePhotos} style photos (${summary.rows} rows) in ${seconds} s.`,
    );
    return 0;
  } catch (error) {
    console.error(`Seeding failed: ${shortError(error)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();

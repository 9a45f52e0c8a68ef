import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import {
  migrationsFolder,
  openDatabase,
  runMigrations,
  type Database,
  type DatabaseHandle,
  type DatabaseKind,
} from '../src/db/index.js';

export interface TestDatabase {
  readonly db: Database;
  readonly kind: DatabaseKind;
  /** The underlying handle, for tests that need the raw client. */
  readonly handle: DatabaseHandle;
  /** Closes the connection; on PostgreSQL also drops the throwaway database. */
  close(): Promise<void>;
}

/**
 * A freshly migrated, empty database for one test file.
 *
 * In-memory PGlite by default. With TEST_DATABASE_URL (e.g.
 * postgres://postgres@127.0.0.1:5432/postgres) it creates `carol_test_<random>` on that server,
 * so test files can run in parallel without sharing rows, and drops it on close().
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createPostgresTestDatabase(serverUrl) : createPgliteTestDatabase();
}

// --- PGlite -------------------------------------------------------------------------------
//
// A fresh PGlite runs initdb, about 5 s. Instead, one migrated database is dumped to a tarball
// (kept in the OS temp dir, keyed by the PGlite version and the migration files, so it is
// rebuilt whenever either changes) and every test database is loaded from it in well under 1 s.

let template: Promise<Blob> | undefined;

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  for (let attempt = 1; ; attempt++) {
    let handle: DatabaseHandle | undefined;
    try {
      handle = await openDatabase({ pgliteSnapshot: await pgliteTemplate() });
      // A no-op on an up-to-date template; a safety net if the cache key ever misses a change.
      await runMigrations(handle);
      const opened = handle;
      return { db: opened.db, kind: opened.kind, handle: opened, close: () => opened.close() };
    } catch (error) {
      await handle?.close();
      if (attempt > 1) throw error;
      // A truncated or foreign cache file: rebuild it once.
      template = undefined;
      await rm(templateFile(), { force: true });
    }
  }
}

function pgliteTemplate(): Promise<Blob> {
  template ??= loadOrBuildTemplate().catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return template;
}

async function loadOrBuildTemplate(): Promise<Blob> {
  const file = templateFile();
  if (existsSync(file)) return new Blob([await readFile(file)]);

  const handle = await openDatabase();
  let snapshot: Blob;
  try {
    await runMigrations(handle);
    if (handle.kind !== 'pglite') throw new Error('expected PGlite');
    snapshot = await handle.client.dumpDataDir('none');
  } finally {
    await handle.close();
  }

  const dir = dirname(file);
  await mkdir(dir, { recursive: true });
  for (const stale of readdirSync(dir)) {
    if (stale.endsWith('.tar') && join(dir, stale) !== file)
      await rm(join(dir, stale), { force: true });
  }
  // Written aside and renamed, so parallel workers never read a half-written file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, Buffer.from(await snapshot.arrayBuffer()));
  await rename(partial, file);
  return snapshot;
}

let cachedTemplateFile: string | undefined;

function templateFile(): string {
  if (cachedTemplateFile) return cachedTemplateFile;
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\n`);
  const metaFolder = join(migrationsFolder, 'meta');
  for (const [folder, names] of [
    [migrationsFolder, readdirSync(migrationsFolder).filter((n) => n.endsWith('.sql'))],
    [metaFolder, ['_journal.json']],
  ] as const) {
    for (const name of [...names].sort()) {
      hash.update(`${name}\n`);
      hash.update(readFileSync(join(folder, name)));
    }
  }
  cachedTemplateFile = join(
    tmpdir(),
    'carol-test-pglite',
    `${hash.digest('hex').slice(0, 16)}.tar`,
  );
  return cachedTemplateFile;
}

function pgliteVersion(): string {
  // The package's exports hide package.json, so walk up from its entry point.
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === '@electric-sql/pglite') return pkg.version ?? 'unknown';
    }
    const parent = dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

// --- PostgreSQL ---------------------------------------------------------------------------

async function createPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `carol_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`create database "${name}"`));
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({
      databaseUrl: databaseUrlFor(serverUrl, name),
      maxConnections: 5,
    });
    await runMigrations(handle);
  } catch (error) {
    await handle?.close();
    await dropDatabase(serverUrl, name);
    throw error;
  }
  const opened = handle;
  let closed = false;
  return {
    db: opened.db,
    kind: opened.kind,
    handle: opened,
    async close() {
      if (closed) return;
      closed = true;
      await opened.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

export interface ThrowawayDatabase {
  /** The connection string of the new database. */
  readonly url: string;
  /** Drops it (ending any connection left open). Idempotent. */
  drop(): Promise<void>;
}

/**
 * An empty, unmigrated database `<prefix>_<random>` on TEST_DATABASE_URL's server, for tests
 * whose own processes (a child server, a crash child) open and migrate it.
 */
export async function createThrowawayDatabase(
  prefix = 'carol_test',
  serverUrl = process.env.TEST_DATABASE_URL,
): Promise<ThrowawayDatabase> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`create database "${name}"`));
  let dropped = false;
  return {
    url: databaseUrlFor(serverUrl, name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await dropDatabase(serverUrl, name);
    },
  };
}

function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, async (admin) => {
    // A pool's end() resolves once its clients are let go, before their connections have
    // closed: wait (up to 3 s) for them to go, so FORCE does not terminate a closing
    // connection whose client no longer listens for errors (an uncaught 57P01 in the run).
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline) {
      const { rows } = await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // FORCE (PostgreSQL 13+) ends connections a failed test may have leaked.
    await admin.query(`drop database if exists "${name}" with (force)`);
  });
}

async function withAdminClient<T>(
  serverUrl: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

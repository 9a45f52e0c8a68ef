import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, runMigrations, type Database, type DatabaseHandle, type DatabaseKind } from '../src/db/index.js';

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
  if (!serverUrl) {
    const handle = await openDatabase();
    await runMigrations(handle);
    return { db: handle.db, kind: handle.kind, handle, close: () => handle.close() };
  }

  const name = `carol_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (admin) => admin.query(`create database "${name}"`));
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name), maxConnections: 5 });
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

function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  // FORCE (PostgreSQL 13+) ends connections a failed test may have leaked.
  await withAdminClient(serverUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
}

async function withAdminClient<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';

/**
 * The raw-result shape both drivers share. `db.execute()` returns `{ rows }` on PGlite and on
 * node-postgres; driver-specific extras (`rowCount`, `affectedRows`, `fields`) are left out so
 * no service comes to depend on one of them. Count affected rows with `.returning()`.
 */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  readonly type: DbQueryResult<this['row']>;
}

export interface DbQueryResult<TRow> {
  rows: (TRow extends Record<string, unknown> ? TRow : Record<string, unknown>)[];
}

/** The one drizzle type every service codes against, whichever driver is underneath. */
export type Database = PgDatabase<DbQueryResultHKT, typeof schema>;

/** A transaction has the same query API; repositories can accept either. */
export type DbTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

interface HandleBase {
  readonly db: Database;
  /** Round-trips `select 1`; rejects when the database is unreachable. */
  ping(): Promise<void>;
  /** Idempotent. */
  close(): Promise<void>;
}

export interface PgliteHandle extends HandleBase {
  readonly kind: 'pglite';
  /** The raw client, for migrations and bulk loading. Services use `db`. */
  readonly client: PGlite;
}

export interface PostgresHandle extends HandleBase {
  readonly kind: 'postgres';
  /** The raw pool, for migrations and bulk loading. Services use `db`. */
  readonly client: pg.Pool;
}

export type DatabaseHandle = PgliteHandle | PostgresHandle;

export interface OpenDatabaseOptions {
  /** postgres://… selects a PostgreSQL server; otherwise PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, created if missing. Without it PGlite runs in memory. */
  dataDir?: string | undefined;
  /**
   * PGlite only: start from a `dumpDataDir()` tarball instead of running initdb (about 5 s).
   * Tests use it to clone one migrated template per worker.
   */
  pgliteSnapshot?: Blob | undefined;
  /** PostgreSQL pool size. */
  maxConnections?: number | undefined;
  /** PostgreSQL: how long a new connection may take. Default 10 s. */
  connectionTimeoutMillis?: number | undefined;
  /** Errors on idle pooled connections (server restart, network). Default: logged to stderr. */
  onPoolError?: ((error: Error) => void) | undefined;
}

/**
 * PGlite needs its extensions passed on every open (CREATE EXTENSION alone is not enough), and
 * must never be given cube / earthdistance: with pg_trgm in the same instance they break
 * trigram search (docs/architecture.md, Known pitfalls).
 */
export const pgliteExtensions = { pg_trgm, btree_gist };

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir, options.pgliteSnapshot);
}

async function openPglite(
  dataDir: string | undefined,
  snapshot: Blob | undefined,
): Promise<PgliteHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pgliteOptions = {
    extensions: pgliteExtensions,
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  };
  const client = dataDir ? new PGlite(dataDir, pgliteOptions) : new PGlite(pgliteOptions);
  await client.waitReady;
  // PgliteDatabase and NodePgDatabase differ only in the raw `execute()` result, and
  // DbQueryResultHKT is the part both share.
  const db: Database = drizzlePglite({ client, schema });
  return { kind: 'pglite', db, client, ping: () => ping(db), close: once(() => client.close()) };
}

function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): PostgresHandle {
  const client = new pg.Pool({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    // Fail fast instead of queueing forever when the server is down.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
  });
  // Without a listener, an idle connection dropped by the server crashes the process.
  client.on(
    'error',
    options.onPoolError ??
      ((error) => console.error('[db] idle PostgreSQL connection error:', error)),
  );
  const db: Database = drizzleNodePg({ client, schema });
  return { kind: 'postgres', db, client, ping: () => ping(db), close: once(() => client.end()) };
}

/** Closing twice (a test's afterAll and a shutdown signal) must be harmless. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

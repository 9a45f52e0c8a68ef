import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.js';

/** Resolved from this file, so it works from any working directory (tsx, vitest, the CLI). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies pending migrations in order, each in its own transaction, and records them in
 * drizzle.__drizzle_migrations. Safe to call on every start.
 *
 * Runs from code rather than `drizzle-kit migrate` because PGlite must be opened with its
 * extensions, which drizzle-kit does not do.
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder });
  } else {
    // Serialises concurrent starts (several instances, parallel test workers on one database):
    // drizzle's migrator does not lock, so two of them could apply the same migration twice.
    const connection = await handle.client.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [migrationLockKey]);
      try {
        await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [migrationLockKey]);
      }
    } finally {
      connection.release();
    }
  }
}

/** Arbitrary constant identifying "Carol migrations" among advisory locks. */
const migrationLockKey = 7_240_318_001;

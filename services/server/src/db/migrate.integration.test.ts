// One migrator (ADR 047): N instances starting together on a fresh PostgreSQL database migrate
// once; the others wait on the advisory lock, then find nothing left to do. On TEST_DATABASE_URL
// when set, else on a throwaway server from Debian's binaries (port 5435); PGlite has a single
// client, so the PGlite pass uses the throwaway server too.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  postgresBinDir,
  startPrimary,
  type LocalPostgres,
} from '../../../../scripts/lib/pg-local.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { migrationsFolder, runMigrations } from './migrate.js';

const sharedServer = process.env.TEST_DATABASE_URL;
const canRun = Boolean(sharedServer) || postgresBinDir() !== null;
if (!canRun) console.warn('migrate: no TEST_DATABASE_URL and no PostgreSQL binaries, test skipped');

const instances = 6;
const journal = JSON.parse(
  readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as {
  entries: unknown[];
};

let local: LocalPostgres | undefined;
let serverUrl: string;
const name = `carol_migrate_${randomBytes(6).toString('hex')}`;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!canRun)('one migrator', () => {
  beforeAll(async () => {
    if (sharedServer) {
      serverUrl = sharedServer;
    } else {
      local = await startPrimary({
        port: 5435,
        dir: join(tmpdir(), `carol-migrate-${randomBytes(4).toString('hex')}`),
      });
      serverUrl = local.url;
    }
    await admin((c) => c.query(`create database "${name}"`));
  });

  afterAll(async () => {
    if (serverUrl) await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
    await local?.stop();
  });

  it(`${instances} instances starting at once on a fresh database apply each migration once`, async () => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handles: DatabaseHandle[] = [];
    for (let i = 0; i < instances; i++) {
      handles.push(await openDatabase({ databaseUrl: url.toString(), maxConnections: 2 }));
    }
    try {
      const results = await Promise.allSettled(handles.map((h) => runMigrations(h)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

      const [first] = handles;
      if (first?.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const applied = await first.client.query<{ hash: string; n: number }>(
        'select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash',
      );
      expect(applied.rows).toHaveLength(journal.entries.length);
      expect(applied.rows.every((r) => r.n === 1)).toBe(true);
      // The schema is whole: a table of the last migrations is there, once.
      const tables = await first.client.query<{ n: number }>(
        "select count(*)::int as n from pg_tables where schemaname = 'public' and tablename = 'shops'",
      );
      expect(tables.rows[0]!.n).toBe(1);
      // No migrator still holds the lock.
      const held = await first.client.query<{ n: number }>(
        `select count(*)::int as n from pg_locks
         where locktype = 'advisory' and granted
           and database = (select oid from pg_database where datname = current_database())`,
      );
      expect(held.rows[0]!.n).toBe(0);

      // A later start finds nothing to do.
      await runMigrations(first);
      const again = await first.client.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(again.rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});

import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Database, DbTransaction } from '../client.js';

/**
 * Bulk loading that both drivers run the same way: each batch is one statement whose rows
 * arrive as a single JSON parameter and are expanded by json_to_recordset. That avoids the
 * 65,535-parameter limit of multi-row VALUES, costs one round trip per batch, and lets us set
 * identity ids explicitly (OVERRIDING SYSTEM VALUE) so children can reference parents without
 * a RETURNING round trip.
 */

export type Executor = Database | DbTransaction;

interface ColumnInfo {
  key: string;
  name: string;
  type: string;
}

const columnCache = new WeakMap<PgTable, { table: string; columns: ColumnInfo[] }>();

function describe(table: PgTable): { table: string; columns: ColumnInfo[] } {
  const cached = columnCache.get(table);
  if (cached) return cached;
  const config = getTableConfig(table);
  // getTableConfig lists columns by DB name; the JS property names come from the table object.
  const byName = new Map(
    Object.entries(table as unknown as Record<string, unknown>).flatMap(([key, col]) =>
      col && typeof col === 'object' && 'name' in col && 'getSQLType' in col
        ? [[(col as { name: string }).name, key] as const]
        : [],
    ),
  );
  const columns = config.columns.map((c) => ({
    key: byName.get(c.name) ?? c.name,
    name: c.name,
    type: c.getSQLType(),
  }));
  const info = { table: config.name, columns };
  columnCache.set(table, info);
  return info;
}

const quote = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

function toJsonValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'point') {
    const p = value as { x: number; y: number };
    return `(${p.x},${p.y})`;
  }
  if (value instanceof Date) return value.toISOString();
  return value;
}

export async function bulkInsert<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly Partial<T['$inferSelect']>[],
  batchSize = 2000,
): Promise<number> {
  if (rows.length === 0) return 0;
  const info = describe(table);
  const present = new Set<string>();
  for (const key of Object.keys(rows[0] as object)) present.add(key);
  const columns = info.columns.filter((c) => present.has(c.key));
  const names = columns.map((c) => quote(c.name)).join(', ');
  const defs = columns.map((c) => `${quote(c.name)} ${c.type}`).join(', ');
  const head = sql.raw(
    `insert into ${quote(info.table)} (${names}) overriding system value select ${names} from json_to_recordset(`,
  );
  const tail = sql.raw(`::json) as r(${defs})`);
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const payload = batch.map((row) => {
      const out: Record<string, unknown> = {};
      const source = row as Record<string, unknown>;
      for (const c of columns) out[c.name] = toJsonValue(source[c.key], c.type);
      return out;
    });
    await db.execute(sql`${head}${JSON.stringify(payload)}${tail}`);
  }
  return rows.length;
}

/** Moves each identity sequence past the ids we set by hand. */
export async function syncIdentity(db: Executor, tables: readonly PgTable[]): Promise<void> {
  for (const table of tables) {
    const name = quote(getTableConfig(table).name);
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${name}', 'id'), coalesce((select max(id) from ${name}), 0) + 1, false)`,
      ),
    );
  }
}

export interface DeferredSchema {
  indexes: number;
  foreignKeys: number;
  restore(): Promise<void>;
}

/**
 * Drops the secondary indexes and foreign keys of the given tables and hands back a restore()
 * that recreates them. Building a GiST or trigram index once over loaded rows is many times
 * faster than maintaining it row by row, and validating a foreign key once is one join instead
 * of a lookup per row. Only for loading an empty database inside a transaction: if anything
 * fails, the rollback brings the originals back.
 */
export async function deferIndexesAndForeignKeys(
  db: Executor,
  tables: readonly PgTable[],
): Promise<DeferredSchema> {
  const names = tables.map((t) => getTableConfig(t).name);
  const list = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  const fkResult = await db.execute(sql`
    select c.conrelid::regclass::text as tbl, c.conname as name, pg_get_constraintdef(c.oid) as def
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    where c.contype = 'f' and t.relnamespace = 'public'::regnamespace and t.relname in (${list})`);
  const indexResult = await db.execute(sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    where t.relnamespace = 'public'::regnamespace and t.relname in (${list})
      and not i.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid)`);
  const fks = fkResult.rows as { tbl: string; name: string; def: string }[];
  const indexes = indexResult.rows as { name: string; def: string }[];
  for (const fk of fks)
    await db.execute(sql.raw(`alter table ${fk.tbl} drop constraint ${quote(fk.name)}`));
  for (const ix of indexes) await db.execute(sql.raw(`drop index ${ix.name}`));
  return {
    indexes: indexes.length,
    foreignKeys: fks.length,
    async restore() {
      for (const ix of indexes) await db.execute(sql.raw(ix.def));
      for (const fk of fks)
        await db.execute(
          sql.raw(`alter table ${fk.tbl} add constraint ${quote(fk.name)} ${fk.def}`),
        );
    },
  };
}

import { bigint, timestamp } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Shared column builders and value lists. Not re-exported from index.ts: drizzle-kit only needs tables.

export const serverValues = ['kr', 'jp'] as const;
export const languageValues = ['ko', 'en', 'ja'] as const;
export const currencyValues = ['KRW', 'JPY'] as const;
export const genderValues = ['w', 'm'] as const;
export const lengthValues = ['short', 'bob', 'medium', 'long', 'male'] as const;

export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A bigint foreign-key column; JS numbers are safe far beyond any identity value we will reach. */
export const ref = (name: string) => bigint(name, { mode: 'number' });

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** `$onUpdate` only fires for updates issued through drizzle; raw SQL must set it itself. */
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `col IN ('a', 'b')` for a CHECK constraint; the values are our own literals, never user input. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;
}

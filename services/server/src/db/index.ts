export {
  openDatabase,
  pgliteExtensions,
  type Database,
  type DatabaseHandle,
  type DatabaseKind,
  type DbQueryResult,
  type DbQueryResultHKT,
  type DbTransaction,
  type OpenDatabaseOptions,
  type PgliteHandle,
  type PostgresHandle,
} from './client.js';
export { migrationsFolder, runMigrations } from './migrate.js';
export * from './errors.js';
export * as schema from './schema/index.js';

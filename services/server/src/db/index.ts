export {
  openDatabase,
  type Database,
  type DatabaseHandle,
  type DatabaseKind,
  type DbTransaction,
} from './client.js';
export { migrationsFolder, runMigrations } from './migrate.js';
export * from './errors.js';
export * as schema from './schema/index.js';

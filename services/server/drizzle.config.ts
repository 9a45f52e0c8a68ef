import { defineConfig } from 'drizzle-kit';

// Only `generate` / `check` are meant to be run through drizzle-kit. Migrations are applied
// from code (src/db/migrate.ts): `drizzle-kit migrate` opens PGlite without the pg_trgm and
// btree_gist extensions and fails.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
});

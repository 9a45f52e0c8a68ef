/**
 * The API's OpenAPI document, generated from the zod contracts the server registers
 * (@fastify/swagger, the same document /api/docs/json serves), committed as docs/openapi.json.
 *
 *   npx tsx scripts/openapi.ts           writes docs/openapi.json
 *   npx tsx scripts/openapi.ts --check   exits 1 when the committed document differs (drift)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { buildApp } from '../services/server/src/app.js';
import { openDatabase } from '../services/server/src/db/index.js';
import { loadConfig } from '../services/server/src/env.js';
import { repoRoot } from './lib.js';

const target = join(repoRoot, 'docs', 'openapi.json');

const handle = await openDatabase();
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  SEED_ON_START: 'false',
  DATA_DIR: '/nonexistent-openapi-data',
});
const app = await buildApp({ config, db: handle.db, logger: false });
await app.ready();
const document = JSON.stringify(app.swagger());
await app.close();
await handle.close();

const formatted = await format(document, {
  ...(await resolveConfig(target)),
  filepath: target,
});

if (process.argv.includes('--check')) {
  const committed = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (committed !== formatted) {
    console.error(
      '✖ docs/openapi.json is not the generated document: run npx tsx scripts/openapi.ts',
    );
    process.exit(1);
  }
  console.log('✔ docs/openapi.json matches the contracts');
} else {
  writeFileSync(target, formatted);
  console.log(`wrote ${target}`);
}

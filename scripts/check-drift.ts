/**
 * Generated things that are committed must match their sources: database migrations vs schema,
 * docs/openapi.json vs the contracts the server registers.
 */
import { runOrExit } from './lib.js';

await runOrExit('npx', ['tsx', 'services/server/src/db/check-drift.ts']);
console.log('✔ migrations match the schema');
await runOrExit('npx', ['tsx', 'scripts/openapi.ts', '--check']);

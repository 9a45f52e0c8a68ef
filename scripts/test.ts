/**
 * `npm test`: static checks, unit and integration tests on PGlite (and again on PostgreSQL when
 * TEST_DATABASE_URL is set), then the browser tests in Debian's Chromium.
 */
import { ensureChromium } from './ensure-chromium.js';
import { runOrExit } from './lib.js';

const started = Date.now();
const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

await ensureChromium();
console.log('\n▶ static checks (typecheck, lint, format, drift)');
await runOrExit('npm', ['run', 'check']);
console.log('\n▶ unit and integration tests (PGlite)');
await runOrExit('npx', ['vitest', 'run'], { env: withoutPg });
if (pgUrl) {
  console.log('\n▶ integration tests again on PostgreSQL');
  // The server's tests only: the ML service's use no database and ran in the pass above.
  await runOrExit('npx', ['vitest', 'run', '--project', 'server', 'services/server'], {
    env: { ...process.env, TEST_DATABASE_URL: pgUrl },
  });
}
console.log('\n▶ browser tests (Chromium)');
await runOrExit('npm', ['run', 'build', '-w', '@carol/web']);
await runOrExit('npm', ['run', 'test:e2e'], { env: withoutPg });
console.log(`\n✔ all tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);

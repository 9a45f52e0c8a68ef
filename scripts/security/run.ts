/**
 * `npm run test:security`: the project's own attack suite. Starts the whole app
 * in-process on a real listening port and a fresh database, then attacks it over HTTP as a
 * stranger and as signed-in members. Prints every failed check, per-category and total
 * `N passed, M failed` with request figures (tried / refused / served / 5xx), and exits 1 on any
 * failure.
 *
 * Database: in-memory PGlite (from the integration tests' migrated template) by default; with
 * SECURITY_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) a throwaway database
 * `carol_test_<random>` is created on that server and dropped at the end.
 * Other knobs: SECURITY_ONLY=csrf,access (run some categories), SECURITY_ML=false (do not mount
 * the ML base), SECURITY_RACE_ROUNDS (default 5), SECURITY_VERBOSE=1 (print passes too),
 * SECURITY_LOG_LEVEL (the server's log, silent by default).
 */
import { crossMemberAccess } from './access.js';
import { signInAbuse } from './auth.js';
import { bookingRace } from './booking-race.js';
import { forgedCrossSite } from './csrf.js';
import { category, categoryList, check, brief } from './harness.js';
import { injection } from './injection.js';
import { malformedBodies } from './malformed.js';
import { watchLogs } from './logs.js';
import { uploadFuzz } from './uploads.js';
import { startWorld, type World } from './world.js';

// The suite runs in a child process whose server log (JSON lines at info) this process reads:
// no log line may carry a password, hash, e-mail, phone, cookie or query parameters, and bad
// input never logs at error level (logs.ts).
if (process.env.SECURITY_CHILD !== '1') {
  process.exit(await watchLogs());
}

const started = performance.now();
if (process.env.SECURITY_DATABASE_URL)
  process.env.TEST_DATABASE_URL = process.env.SECURITY_DATABASE_URL;
else delete process.env.TEST_DATABASE_URL;

const only = process.env.SECURITY_ONLY?.split(',').map((s) => s.trim());
const wanted = (key: string) => !only || only.includes(key);

const w = await startWorld();
const setupSeconds = (performance.now() - started) / 1000;
process.stdout.write(
  `Attack suite on ${w.kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL (throwaway database)'} at ${w.base}, bases ${w.config.serviceBases.join(', ')}; world ready in ${setupSeconds.toFixed(1)} s\n`,
);

const plan: Array<[string, string, (w: World) => Promise<void>]> = [
  ['headers', 'Transport headers', transportHeaders],
  ['access', 'Cross-member access', crossMemberAccess],
  ['csrf', 'Forged cross-site requests', forgedCrossSite],
  ['auth', 'Sign-in and code abuse', signInAbuse],
  ['injection', 'Injection and control characters', injection],
  ['uploads', 'Upload fuzz', uploadFuzz],
  ['malformed', 'Malformed bodies on every OpenAPI operation', malformedBodies],
  ['race', 'Booking race', bookingRace],
];
try {
  for (const [key, name, run] of plan) if (wanted(key)) await category(name, () => run(w));
} finally {
  await w.close();
}

const all = categoryList();
const sum = (k: 'passed' | 'failed' | 'tried' | 'refused' | 'served' | 'errors5xx') =>
  all.reduce((n, c) => n + c[k], 0);
const rows = all.map(
  (c) =>
    `  ${c.name.padEnd(46)} ${String(c.passed).padStart(4)} passed ${String(c.failed).padStart(3)} failed · ${String(c.tried).padStart(5)} tried ${String(c.refused).padStart(5)} refused ${String(c.served).padStart(5)} served ${String(c.errors5xx).padStart(4)} × 5xx · ${(c.ms / 1000).toFixed(1).padStart(5)} s`,
);
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  `\nSecurity suite on ${w.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}\n${rows.join('\n')}\n` +
    `Total: ${sum('passed')} passed, ${sum('failed')} failed · ${sum('tried')} requests tried, ${sum('refused')} refused, ${sum('served')} served, ${sum('errors5xx')} × 5xx · ${seconds.toFixed(1)} s (setup ${setupSeconds.toFixed(1)} s)\n`,
);
if (sum('failed') > 0) {
  process.stdout.write('\nFailed checks:\n');
  for (const c of all) for (const f of c.failures) process.stdout.write(`  [${c.name}] ${f}\n`);
}
process.exit(sum('failed') > 0 ? 1 : 0);

/** HSTS and upgrade-insecure-requests only when the app runs behind HTTPS. */
async function transportHeaders(world: World): Promise<void> {
  const plain = await world.stranger().get('/healthz');
  check(
    'no Strict-Transport-Security over plain HTTP',
    plain.headers['strict-transport-security'] === undefined,
    String(plain.headers['strict-transport-security']),
  );
  check(
    'no upgrade-insecure-requests over plain HTTP',
    !String(plain.headers['content-security-policy'] ?? '').includes('upgrade-insecure-requests'),
    String(plain.headers['content-security-policy']),
  );
  const api = await world.stranger().call('/api/carol/banner/getMainBanner');
  check(
    'API answers carry nosniff and frame-ancestors none',
    api.headers['x-content-type-options'] === 'nosniff' &&
      String(api.headers['content-security-policy'] ?? '').includes("frame-ancestors 'none'"),
    brief(api),
  );
}

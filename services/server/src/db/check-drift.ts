// Fails (exit 1) when the Drizzle schema has changes that no committed migration contains.
//
// Runs `drizzle-kit generate` against a throwaway copy of src/db/migrations: if that produces a
// new migration, the committed ones are behind the schema. Also runs `drizzle-kit check` for
// snapshot collisions (e.g. two branches generating the same migration number).
//
//   npx tsx services/server/src/db/check-drift.ts     (from any directory)
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const dbDir = dirname(fileURLToPath(import.meta.url));
const migrationsDir = join(dbDir, 'migrations');
const schemaFile = join(dbDir, 'schema', 'index.ts');
const drizzleKitBin = join(
  dirname(createRequire(import.meta.url).resolve('drizzle-kit')),
  'bin.cjs',
);
const timeoutMs = 120_000;

interface RunResult {
  code: number | null;
  output: string;
}

function drizzleKit(args: string[], cwd: string): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // stdin closed: if drizzle-kit wants to ask (e.g. "was this column renamed?") it fails
    // instead of hanging, and an ambiguous change is drift anyway.
    const child = spawn(process.execPath, [drizzleKitBin, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      output += `\n(drizzle-kit timed out after ${timeoutMs / 1000} s)`;
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function sqlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

function fail(message: string, details?: string): never {
  console.error(`✘ ${message}`);
  if (details) console.error(details.trim());
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), 'carol-drift-'));
try {
  const outDir = join(scratch, 'migrations');
  cpSync(migrationsDir, outDir, { recursive: true });
  // The scratch dir has no drizzle.config.ts, so these flags are the whole configuration.
  // drizzle-kit prefixes paths with "./", so they must be relative to its working directory.
  const common = ['--dialect=postgresql', '--out=migrations'];

  const check = await drizzleKit(['check', ...common], scratch);
  if (check.code !== 0)
    fail('drizzle-kit check found inconsistent migration snapshots:', check.output);

  const before = new Set(sqlFiles(outDir));
  const generate = await drizzleKit(
    ['generate', ...common, `--schema=${relative(scratch, schemaFile)}`, '--name=drift'],
    scratch,
  );
  if (generate.code !== 0) {
    fail(
      'drizzle-kit generate failed (it may need an interactive answer about a rename). ' +
        'Run `npm run db:generate` and commit the result.',
      generate.output,
    );
  }
  const added = sqlFiles(outDir).filter((name) => !before.has(name));
  if (added.length > 0) {
    const pending = added
      .map((name) => `--- ${name}\n${readFileSync(join(outDir, name), 'utf8')}`)
      .join('\n');
    fail(
      'The Drizzle schema (services/server/src/db/schema) has changes not in src/db/migrations.\n' +
        '  Run `npm run db:generate` and commit the new migration. Pending SQL:',
      pending,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/**
 * `npm run check`: typecheck, lint, format check, dead code (knip) and unused translation keys
 * side by side (each is one process on one core; in a row the first three took 65 + 97 + 17 s
 * on the 2-core CI machine), each one's output printed whole when it ends; then the drift check
 * (migrations, OpenAPI document). Exits with the first failure's code.
 */
import { spawn } from 'node:child_process';
import { repoRoot, runOrExit } from './lib.js';

function captured(script: string): Promise<{ script: string; code: number; output: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn('npm', ['run', script], { cwd: repoRoot, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code, signal) =>
      resolvePromise({ script, code: code ?? (signal ? 1 : 0), output }),
    );
    child.on('error', (error) => resolvePromise({ script, code: 127, output: String(error) }));
  });
}

const results = await Promise.all(
  ['typecheck', 'lint', 'format:check', 'check:dead-code', 'check:i18n'].map(captured),
);
for (const { script, code, output } of results) {
  process.stdout.write(output);
  if (code !== 0) console.error(`\n✖ npm run ${script} exited with ${code}`);
}
const failed = results.find((r) => r.code !== 0);
if (failed) process.exit(failed.code);
await runOrExit('npm', ['run', 'check:drift']);

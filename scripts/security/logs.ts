/**
 * Runs the suite (run.ts) as a child with the server's log on at info and reads that log from
 * the child's stdout: pino's JSON lines are checked, everything else is passed through. The
 * verdicts become one more category in the totals the child printed.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** What must never appear in a log line (the suite's members and secrets look like these). */
const secrets: Array<[string, RegExp]> = [
  ['a password', /Carol-2024!|Wrong-pass-1|Newpass-123/],
  ['a password hash', /\$argon2(id|i|d)\$/],
  ['an e-mail address', /[A-Za-z0-9._%+-]+@security\.test/],
  // Not inside a longer token: a request id (a UUID like 216caae7-e010-4459-9763-…) once matched.
  ['a phone number', /(?<![\w.-])(?:01[016789]-?\d{3,4}-?\d{4}|\+8210\d{7,8})(?![\w-])/],
  ['a session cookie', /carol_sid=[A-Za-z0-9_-]{20,}/],
  ['SQL parameters', /"params"|params:\s|Failed query/],
];

export async function watchLogs(): Promise<number> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: {
      ...process.env,
      SECURITY_CHILD: '1',
      SECURITY_LOG_LEVEL: process.env.SECURITY_LOG_LEVEL ?? 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let lines = 0;
  let errorLines = 0;
  let stackLines = 0;
  const leaks = new Map<string, string>();
  const errorSamples: string[] = [];
  let summary = { passed: 0, failed: 0 };
  const reader = createInterface({ input: child.stdout });
  for await (const line of reader) {
    if (!line.startsWith('{"level":')) {
      process.stdout.write(`${line}\n`);
      const total = /^Total: (\d+) passed, (\d+) failed/.exec(line);
      if (total) summary = { passed: Number(total[1]), failed: Number(total[2]) };
      continue;
    }
    lines++;
    let entry: { level?: number; err?: { stack?: string }; msg?: string } = {};
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      // A log line that is not JSON is still searched below.
    }
    if ((entry.level ?? 0) >= 50) {
      errorLines++;
      if (errorSamples.length < 3) errorSamples.push(line.slice(0, 300));
    }
    if (entry.err?.stack && (entry.level ?? 0) < 50) stackLines++;
    for (const [what, pattern] of secrets) {
      if (!leaks.has(what) && pattern.test(line)) leaks.set(what, line.slice(0, 400));
    }
  }
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));

  const checks: Array<[string, boolean, string]> = [
    [`the server logged (${lines} JSON lines read)`, lines > 100, `${lines} lines`],
    ...secrets.map(([what]): [string, boolean, string] => [
      `no log line carries ${what}`,
      !leaks.has(what),
      leaks.get(what) ?? '',
    ]),
    [
      'bad input never logs at error level',
      errorLines === 0,
      `${errorLines} error lines, e.g.\n${errorSamples.join('\n')}`,
    ],
    ['refusals are logged without a stack', stackLines === 0, `${stackLines} lines with a stack`],
  ];
  const failed = checks.filter(([, ok]) => !ok);
  process.stdout.write('\n▶ Server log (read by the parent process)\n');
  for (const [name, ok, detail] of checks) {
    if (!ok) process.stdout.write(`  ✘ ${name}\n      ${detail.replace(/\n/g, '\n      ')}\n`);
    else if (process.env.SECURITY_VERBOSE) process.stdout.write(`  ✔ ${name}\n`);
  }
  process.stdout.write(
    `  ${checks.length - failed.length} passed, ${failed.length} failed · ${lines} log lines, ${errorLines} at error level\n` +
      `Total with the server log: ${summary.passed + checks.length - failed.length} passed, ${summary.failed + failed.length} failed\n`,
  );
  return code !== 0 || failed.length > 0 ? 1 : 0;
}

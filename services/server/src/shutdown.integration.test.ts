import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../test/db.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
let throwaway: ThrowawayDatabase | undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dataDir = mkdtempSync(join(tmpdir(), 'carol-shutdown-'));
let child: ChildProcess | undefined;

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  await throwaway?.drop();
});

// TEST_PORT_BASE: for machines where several checkouts run tests side by side.
const basePort = Number(process.env.TEST_PORT_BASE ?? 4231);
const variants = [
  { name: 'PGlite, in-process queue', port: basePort, postgres: false },
  { name: 'PostgreSQL, graphile-worker', port: basePort + 1, postgres: true },
].filter((v) => !v.postgres || serverUrl);

describe.each(variants)('SIGTERM ($name)', ({ port, postgres }) => {
  const origin = `http://127.0.0.1:${port}`;
  it('turns readiness false, lets the request in flight finish, stops the worker, exits 0', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_ON_START: 'false',
      SERVE_WEB: 'false',
      COOKIE_SECURE: 'false',
      SERVICE_BASES: 'main',
      LOG_LEVEL: 'info',
      SHUTDOWN_DELAY_MS: '1500',
    };
    delete env.DATABASE_URL;
    if (postgres) {
      throwaway = await createThrowawayDatabase('carol_shutdown');
      env.DATABASE_URL = throwaway.url;
    }
    delete env.REDIS_URL;
    delete env.SMTP_URL;
    const output: string[] = [];
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) =>
      child!.once('exit', (code) => resolve(code)),
    );

    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
      const ready = await fetch(`${origin}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (ready === 200) break;
      if (Date.now() > deadline) throw new Error('server did not become ready');
      await sleep(200);
    }

    // A request in flight: headers and half of the body now, the rest after the SIGTERM.
    const body = 'server=kr&country_code=kr';
    let answered: { status: number; body: string } | undefined;
    const inFlight = new Promise<void>((resolve, reject) => {
      const req = request(
        `${origin}/api/carol/banner/getMainBanner`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
            origin,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => {
            answered = { status: res.statusCode ?? 0, body: text };
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 2500);
    });
    await sleep(200);

    child.kill('SIGTERM');
    await sleep(300);
    // Draining: the balancer's health check fails while the listener still answers.
    const draining = await fetch(`${origin}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining', checks: {} });
    expect(child.exitCode).toBeNull();

    await inFlight;
    expect(answered?.status).toBe(200);
    expect(JSON.parse(answered!.body)).toMatchObject({ result: 'success' });
    expect(await exited).toBe(0);
    const log = output.join('');
    // After the signal: the worker stopped (its running job finished) and the exit logged. (Their
    // relative order in the captured output is not asserted: once, under a loaded CI run on
    // PostgreSQL, "stopped" was captured ahead of "job worker stopped"; see ADR 042.)
    const signalled = log.indexOf('shutting down');
    expect(signalled).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('job worker stopped', signalled)).toBeGreaterThan(signalled);
    expect(log.indexOf('"msg":"stopped"', signalled)).toBeGreaterThan(signalled);
  }, 120_000);
});

/**
 * The parts an operator runs, on loopback, for `npm run test:cluster` and the bench's cluster
 * mode: a throwaway PostgreSQL primary, a private Redis, the local S3 server, an SMTP sink, one
 * migrator, N app instances (the server's main.ts, as `npm start` runs it) and HAProxy in front
 * with docs/deploy/haproxy.cfg. Every child is killed and every temporary directory removed
 * when the run ends, failed or not.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  openDatabase,
  runMigrations,
  type DatabaseHandle,
} from '../../services/server/src/db/index.js';
import { seedDemoData } from '../../services/server/src/db/seed/seed.js';
import { migrateGraphileWorker } from '../../services/server/src/jobs/graphile-queue.js';
import { startTestS3, type TestS3 } from '../../services/server/test/s3.js';
import { startTestSmtp, type TestSmtp } from '../../services/server/test/smtp.js';
import { repoRoot } from '../lib.js';
import {
  startPrimary,
  startReplica,
  type LocalPostgres,
  type LocalReplica,
} from '../lib/pg-local.js';

export interface StackPorts {
  /** HAProxy's site; instances on the next ports, then S3 and SMTP. */
  base: number;
  postgres: number;
  redis: number;
}

/** The ports of this run: CLUSTER_PORT_BASE (3320), CLUSTER_PG_PORT (5436), CLUSTER_REDIS_PORT (6390). */
export function portsFromEnv(): StackPorts {
  return {
    base: Number(process.env.CLUSTER_PORT_BASE ?? 3320),
    postgres: Number(process.env.CLUSTER_PG_PORT ?? 5436),
    redis: Number(process.env.CLUSTER_REDIS_PORT ?? 6390),
  };
}

export const instanceCount = 3;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A step's start and its duration, so a slow run shows where the time went. */
export function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  process.stdout.write(`  ${label} ... `);
  return work().then(
    (value) => {
      console.log(`ok (${seconds(Date.now() - started)})`);
      return value;
    },
    (error: unknown) => {
      console.log(`FAILED (${seconds(Date.now() - started)})`);
      throw error;
    },
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(file: string, lines = 25): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

function waitForPort(port: number, timeoutMs: number, what: string, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  return (async () => {
    for (;;) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port });
        socket.once('connect', () => {
          socket.destroy();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (open) return;
      if (child && !isRunning(child)) throw new Error(`${what} exited before listening on ${port}`);
      if (Date.now() > deadline)
        throw new Error(`${what} did not listen on ${port} within ${seconds(timeoutMs)}`);
      await sleep(100);
    }
  })();
}

/** A running app instance (services/server/src/main.ts in its own Node process). */
export class AppInstance {
  child: ChildProcess | undefined;
  /** Every start's log goes to the same file (appended). */
  readonly log: string;
  exitCode: number | null = null;
  exitSignal: NodeJS.Signals | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly dir: string,
    private readonly nodeArgs: string[] = [],
  ) {
    this.log = join(dir, `${name}.log`);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): void {
    const out = openSync(this.log, 'a');
    const child = spawn(
      process.execPath,
      [...this.nodeArgs, '--import', 'tsx', 'services/server/src/main.ts'],
      {
        cwd: repoRoot,
        env: { ...process.env, ...this.env, PORT: String(this.port) },
        stdio: ['ignore', out, out],
      },
    );
    this.child = child;
    this.exitCode = null;
    this.exitSignal = null;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        resolve();
      }),
    );
  }

  /** Resolves once /readyz answers 200 (the database and Redis answer too). */
  async waitReady(timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.child || !isRunning(this.child))
        throw new Error(
          `${this.name} exited while starting (code ${this.exitCode}, signal ${this.exitSignal}); its log:\n${tail(this.log)}`,
        );
      try {
        const response = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(3000) });
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(
          `${this.name} was not ready within ${seconds(timeoutMs)}; its log:\n${tail(this.log)}`,
        );
      await sleep(250);
    }
  }

  signal(signal: NodeJS.Signals): void {
    if (this.child && isRunning(this.child)) this.child.kill(signal);
  }

  /** Resolves when the process has exited (at once if it is not running). */
  async waitExit(timeoutMs = 60_000): Promise<void> {
    const timer = setTimeout(() => this.signal('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }

  get running(): boolean {
    return this.child !== undefined && isRunning(this.child);
  }
}

export interface StackOptions {
  ports?: StackPorts;
  instances?: number;
  /** Extra environment for every instance (e.g. rate limits, PURGE_SCHEDULE). */
  env?: Record<string, string>;
  /** Node flags of the instance with this index (e.g. --cpu-prof for one of them). */
  nodeArgsOf?: (index: number) => string[];
  /** The instances' HAProxy log level: logs every request when true. */
  haproxyLog?: boolean;
}

export interface Stack {
  dir: string;
  ports: StackPorts;
  siteUrl: string;
  postgres: LocalPostgres;
  /** A streaming replica of it: the instances' DATABASE_READ_URL (ADR 047). */
  replica: LocalReplica;
  /** The migrator's connection: the test's setup and its SQL checks. */
  database: DatabaseHandle;
  s3: TestS3;
  smtp: TestSmtp;
  instances: AppInstance[];
  haproxyLog: string;
  /** The HAProxy runtime API (admin socket): one command, its answer. */
  haproxy: (command: string) => Promise<string>;
  /** Stops everything (instances gracefully first); idempotent, never throws. */
  stop(): Promise<void>;
}

/** HAProxy from Debian; a clear message when it is missing. */
export function requireHaproxy(): void {
  const probe = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (probe.status !== 0)
    throw new Error('haproxy is not installed: apt-get install -y haproxy (Debian package)');
}

/**
 * Starts the whole stack. `prepare` runs after migrations and the seed with the migrator's
 * connection, before any instance starts (the test builds its members and shops there).
 */
export async function startStack(
  options: StackOptions = {},
  prepare?: (database: DatabaseHandle) => Promise<void>,
): Promise<Stack> {
  requireHaproxy();
  if (!existsSync('/usr/bin/redis-server')) throw new Error('redis-server is not installed');
  const ports = options.ports ?? portsFromEnv();
  const count = options.instances ?? instanceCount;
  const dir = mkdtempSync(join(tmpdir(), 'carol-cluster-'));
  // The PostgreSQL data directory inside belongs to the postgres user, who must traverse this.
  chmodSync(dir, 0o711);
  const children: ChildProcess[] = [];
  const instances: AppInstance[] = [];
  let postgres: LocalPostgres | undefined;
  let replica: LocalReplica | undefined;
  let database: DatabaseHandle | undefined;
  let s3: TestS3 | undefined;
  let smtp: TestSmtp | undefined;
  let stopped: Promise<void> | undefined;

  const killAll = () => {
    for (const instance of instances) instance.signal('SIGKILL');
    for (const child of children) if (isRunning(child)) child.kill('SIGKILL');
    replica?.kill();
    postgres?.kill();
  };
  process.once('exit', killAll);

  const stop = () => {
    stopped ??= (async () => {
      await Promise.all(
        instances.map(async (instance) => {
          instance.signal('SIGTERM');
          await instance.waitExit(20_000);
        }),
      ).catch(() => {});
      killAll();
      await database?.close().catch(() => {});
      await s3?.close().catch(() => {});
      await smtp?.close().catch(() => {});
      await replica?.stop().catch(() => {});
      await postgres?.stop().catch(() => {});
      if (process.env.CLUSTER_KEEP_DIR === 'true') console.log(`  (logs kept in ${dir})`);
      else rmSync(dir, { recursive: true, force: true });
    })();
    return stopped;
  };

  try {
    postgres = await timed(`PostgreSQL primary on ${ports.postgres} (initdb, fsync off)`, () =>
      startPrimary({ port: ports.postgres, dir: join(dir, 'pg') }),
    );
    const redisLog = join(dir, 'redis.log');
    const redis = spawn(
      'redis-server',
      ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', openSync(redisLog, 'a'), openSync(redisLog, 'a')] },
    );
    children.push(redis);
    await timed(`Redis on ${ports.redis}`, () =>
      waitForPort(ports.redis, 30_000, 'redis-server', redis),
    );
    const s3Port = ports.base + count + 1;
    const smtpPort = ports.base + count + 2;
    s3 = await timed(`S3 server (s3rver) on ${s3Port}`, () => startTestS3('carol-media', s3Port));
    smtp = await timed(`SMTP sink on ${smtpPort}`, () => startTestSmtp(smtpPort));

    // One migrator before any instance: the schema, graphile-worker's schema and the demo data.
    database = await openDatabase({ databaseUrl: postgres.url });
    const handle = database;
    await timed('migrations (one migrator)', async () => {
      await runMigrations(handle);
      if (handle.kind === 'postgres') await migrateGraphileWorker(handle.client);
    });
    await timed('demo seed (no images)', async () => {
      const mediaDir = join(dir, 'seed-media');
      await seedDemoData(handle, { mediaDir, renderImages: false });
    });
    if (prepare) await timed('test data', () => prepare(handle));
    // After the seed: the base backup copies the data instead of streaming it.
    const primary = postgres;
    replica = await timed(`PostgreSQL streaming replica on ${ports.postgres + 1}`, () =>
      startReplica(primary, { port: ports.postgres + 1, dir: join(dir, 'pg-replica') }),
    );

    const siteUrl = `http://127.0.0.1:${ports.base}`;
    const webBuilt = existsSync(join(repoRoot, 'apps/web/dist/index.html'));
    const shared: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: postgres.url,
      DATABASE_READ_URL: replica.url,
      REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
      ...s3.env,
      SMTP_URL: smtp.url,
      APP_ORIGINS: siteUrl,
      APP_BASE_URL: siteUrl,
      TRUST_PROXY: 'true',
      COOKIE_SECURE: 'false',
      SEED_ON_START: 'false',
      SERVE_WEB: webBuilt ? 'true' : 'false',
      // The ML base loads its models at start; it runs as its own instance group (README).
      SERVICE_BASES: 'main,shop',
      // More than HAProxy's inter 1 s x fall 3 (docs/deploy/haproxy.cfg).
      SHUTDOWN_DELAY_MS: '5000',
      CODE_HASH_SECRET: 'cluster-test-code-hash-secret-0123456789',
      REMINDER_LINK_SECRET: 'cluster-test-reminder-link-secret-0123456789',
      // The local OpenID provider is not part of this run.
      OIDC_ISSUER: '',
      ...options.env,
    };
    for (let i = 0; i < count; i++) {
      const name = `app${i + 1}`;
      const instanceDir = join(dir, name);
      instances.push(
        new AppInstance(
          name,
          ports.base + 1 + i,
          { ...shared, DATA_DIR: instanceDir },
          dir,
          options.nodeArgsOf?.(i) ?? [],
        ),
      );
    }
    await timed(
      `${count} app instances on ${ports.base + 1}-${ports.base + count} (SERVE_WEB=${shared.SERVE_WEB})`,
      async () => {
        for (const instance of instances) instance.start();
        await Promise.all(instances.map((instance) => instance.waitReady()));
      },
    );

    const socket = join(dir, 'haproxy.sock');
    const haproxyLog = join(dir, 'haproxy.log');
    const haproxy = spawn('haproxy', ['-db', '-f', join(repoRoot, 'docs/deploy/haproxy.cfg')], {
      cwd: dir,
      env: {
        ...process.env,
        CAROL_BIND: `127.0.0.1:${ports.base}`,
        CAROL_APP1: `127.0.0.1:${ports.base + 1}`,
        CAROL_APP2: `127.0.0.1:${count >= 2 ? ports.base + 2 : ports.base + 1}`,
        CAROL_APP3: `127.0.0.1:${count >= 3 ? ports.base + 3 : ports.base + 1}`,
        CAROL_HAPROXY_SOCKET: socket,
        CAROL_HAPROXY_LOG: options.haproxyLog === false ? '/dev/null' : 'stdout',
        CAROL_EXPOSE_SERVER: '1',
      },
      stdio: ['ignore', openSync(haproxyLog, 'a'), openSync(haproxyLog, 'a')],
    });
    children.push(haproxy);
    haproxy.once('exit', (code, signal) => {
      if (!stopped)
        console.error(
          `\n✖ HAProxy exited during the run (code ${code}, signal ${signal}); its log:\n${tail(haproxyLog)}`,
        );
    });
    const runtime = (command: string) =>
      new Promise<string>((resolve, reject) => {
        const connection = connect(socket);
        let answer = '';
        connection.on('data', (chunk) => (answer += chunk.toString()));
        connection.on('end', () => resolve(answer));
        connection.on('error', reject);
        connection.end(`${command}\n`);
      });
    await timed(`HAProxy on ${ports.base} (docs/deploy/haproxy.cfg)`, async () => {
      await waitForPort(ports.base, 30_000, 'haproxy', haproxy).catch((error: unknown) => {
        throw new Error(`${(error as Error).message}; its log:\n${tail(haproxyLog)}`);
      });
      // Every server checked and up before traffic.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const up = await serversUp(runtime);
        if (up.length === Math.min(count, 3)) break;
        if (Date.now() > deadline)
          throw new Error(`HAProxy sees only ${up.join(', ') || 'no server'} up`);
        await sleep(250);
      }
    });
    return {
      dir,
      ports,
      siteUrl,
      postgres,
      replica,
      database,
      s3,
      smtp,
      instances,
      haproxyLog,
      haproxy: runtime,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Names of the servers HAProxy currently sends traffic to (operational state 2: up). */
export async function serversUp(runtime: (command: string) => Promise<string>): Promise<string[]> {
  const state = await runtime('show servers state app');
  // Columns: be_id be_name srv_id srv_name srv_addr srv_op_state srv_admin_state ...
  return state
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length > 6 && cols[1] === 'app' && cols[5] === '2' && cols[6] === '0')
    .map((cols) => cols[3]!);
}

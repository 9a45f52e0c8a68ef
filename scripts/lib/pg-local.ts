/**
 * Throwaway PostgreSQL servers on this machine, from Debian's binaries (postgresql-15), for
 * tests and the cluster run: a primary, and streaming replicas of it (pg_basebackup -R).
 *
 *   const primary = await startPrimary({ port: 5433, dir: '/tmp/x/primary' });
 *   const replica = await startReplica(primary, { port: 5434, dir: '/tmp/x/replica' });
 *   await primary.query('create table t (id int)');
 *   await replica.waitForReplay();      // the replica has everything the primary had
 *   await replica.stop(); await primary.stop();   // stop the servers, remove their data dirs
 *
 * - Built for speed, never for keeping data: fsync off, no full-page writes, 16 MB of shared
 *   buffers, trust authentication on 127.0.0.1 only (user `postgres`, database `postgres`).
 * - The binaries refuse to run as root: when this process is root, they run as the `postgres`
 *   OS user (runuser) and `dir` is handed to it. `dir`'s parents must be traversable by it
 *   (/tmp is). `dir` must not exist or be empty; stop() removes it.
 * - kill() is a crash (SIGKILL to the postmaster; its backends follow). stop() after kill()
 *   still removes the data dir. Servers still running when this process exits are killed.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian puts the server binaries; PG_BIN_DIR overrides it. */
export function postgresBinDir(): string | null {
  const candidates = [process.env.PG_BIN_DIR, '/usr/lib/postgresql/15/bin'].filter(
    (d): d is string => Boolean(d),
  );
  return (
    candidates.find((d) =>
      ['initdb', 'pg_ctl', 'pg_basebackup', 'psql'].every((b) => existsSync(join(d, b))),
    ) ?? null
  );
}

export interface StartOptions {
  /** TCP port on 127.0.0.1. */
  port: number;
  /** Data directory; created, must be empty. Removed by stop(). */
  dir: string;
  /** Extra postgresql.conf lines (`key = value`). */
  settings?: Record<string, string | number>;
}

export interface LocalPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** Runs SQL through psql; the rows as `|`-separated lines (psql -At). */
  query(sql: string): Promise<string>;
  /** Fast shutdown (open sessions are ended), then the data dir is removed. Idempotent. */
  stop(): Promise<void>;
  /** SIGKILL to the postmaster: a crash. The data dir stays until stop(). */
  kill(): void;
}

export interface LocalReplica extends LocalPostgres {
  /** How far replay is behind the primary's current WAL position, in bytes. */
  lag(): Promise<number>;
  /** Resolves once replay has reached the primary's WAL position at the time of the call. */
  waitForReplay(timeoutMs?: number): Promise<void>;
  /** pg_wal_replay_pause() / pg_wal_replay_resume(): WAL still arrives but is not applied. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
}

const running = new Set<number>();
let exitHookInstalled = false;

function requireBinDir(): string {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt install postgresql-15)');
  return bin;
}

const asRoot = () => process.getuid?.() === 0;

/** A PostgreSQL binary as the postgres OS user when we are root. */
async function pgBin(name: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const bin = join(requireBinDir(), name);
  const [file, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    const { stdout } = await run(file, argv, { timeout: timeoutMs, cwd: '/tmp' });
    return stdout;
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`${name} ${args.join(' ')} failed: ${e.stderr?.trim() || e.message}`, {
      cause: error,
    });
  }
}

function prepareDir(dir: string): void {
  // Parents as the umask makes them (the postgres user must traverse them), the dir itself 0700.
  mkdirSync(dirname(dir), { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
  if (asRoot()) execFileSync('chown', ['postgres:postgres', dir]);
  execFileSync('chmod', ['700', dir]);
}

function settingsText(port: number, dir: string, extra: StartOptions['settings']): string {
  const settings: Record<string, string | number> = {
    port,
    listen_addresses: "'127.0.0.1'",
    unix_socket_directories: `'${dir}'`,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    shared_buffers: "'16MB'",
    max_connections: 60,
    wal_level: 'replica',
    max_wal_senders: 5,
    hot_standby: 'on',
    // A replica reports its replay position often, so lag readings are fresh.
    wal_receiver_status_interval: "'1s'",
    logging_collector: 'off',
    ...extra,
  };
  return `\n# pg-local\n${Object.entries(settings)
    .map(([k, v]) => `${k} = ${v}`)
    .join('\n')}\n`;
}

function postmasterPid(dir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

async function startServer(dir: string, port: number): Promise<LocalPostgres> {
  await pgBin('pg_ctl', ['-D', dir, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const pid = postmasterPid(dir);
  if (pid) running.add(pid);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const p of running) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    });
  }
  let stopping: Promise<void> | undefined;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    dir,
    query: (sql) =>
      pgBin('psql', ['-X', '-At', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql]).then((o) =>
        o.trim(),
      ),
    kill() {
      const p = postmasterPid(dir) ?? pid;
      if (!p) return;
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // already gone
      }
      running.delete(p);
    },
    stop() {
      stopping ??= (async () => {
        const p = postmasterPid(dir);
        if (p && isAlive(p)) {
          await pgBin('pg_ctl', ['-D', dir, '-m', 'fast', '-w', '-t', '30', 'stop']).catch(() => {
            try {
              process.kill(p, 'SIGKILL');
            } catch {
              // already gone
            }
          });
        }
        if (p) running.delete(p);
        if (pid) running.delete(pid);
        rmSync(dir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** initdb + start: an empty primary that accepts streaming replicas (about 1–2 s). */
export async function startPrimary(options: StartOptions): Promise<LocalPostgres> {
  const { port, dir } = options;
  prepareDir(dir);
  await pgBin('initdb', [
    '-D',
    dir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
    '--no-instructions',
  ]);
  await appendFile(join(dir, 'postgresql.conf'), settingsText(port, dir, options.settings));
  writeFileSync(
    join(dir, 'pg_hba.conf'),
    [
      'local all all trust',
      'host all all 127.0.0.1/32 trust',
      'local replication all trust',
      'host replication all 127.0.0.1/32 trust',
      '',
    ].join('\n'),
  );
  return startServer(dir, port);
}

/** pg_basebackup -R of `primary` into `dir`, started as a hot standby streaming from it. */
export async function startReplica(
  primary: LocalPostgres,
  options: StartOptions,
): Promise<LocalReplica> {
  const { port, dir } = options;
  prepareDir(dir);
  await pgBin('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    dir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  // The copy carries the primary's postgresql.conf; the later lines win.
  await appendFile(join(dir, 'postgresql.conf'), settingsText(port, dir, options.settings));
  rmSync(join(dir, 'server.log'), { force: true });
  const server = await startServer(dir, port);
  const lag = async () => {
    const primaryLsn = await primary.query('select pg_current_wal_insert_lsn()');
    const behind = await server.query(
      `select greatest(0, pg_wal_lsn_diff('${primaryLsn}', coalesce(pg_last_wal_replay_lsn(), '0/0')))::bigint`,
    );
    return Number(behind);
  };
  return {
    ...server,
    lag,
    async waitForReplay(timeoutMs = 15_000) {
      const target = await primary.query('select pg_current_wal_insert_lsn()');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const done = await server.query(
          `select pg_wal_lsn_diff(coalesce(pg_last_wal_replay_lsn(), '0/0'), '${target}') >= 0`,
        );
        if (done === 't') return;
        if (Date.now() > deadline) throw new Error(`replica did not replay up to ${target}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async pauseReplay() {
      await server.query('select pg_wal_replay_pause()');
    },
    async resumeReplay() {
      await server.query('select pg_wal_replay_resume()');
    },
  };
}

/**
 * What the drills (`npm run drill:<name>`, docs/operations.md "Drills") set up on this machine and
 * break: a PostgreSQL cluster of their own (`initdb` in a temporary folder, its own port, with
 * Debian's PostgreSQL binaries) and a Redis server of their own. They never stop or restart the
 * machine's services.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './bench-support';

/** Debian's binaries of the newest PostgreSQL installed (`POSTGRES_BIN` names another folder). */
const POSTGRES_BIN =
  process.env.POSTGRES_BIN ??
  path.join(
    '/usr/lib/postgresql',
    (fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : ['15'])
      .sort((a, b) => Number(a) - Number(b))
      .at(-1)!,
    'bin',
  );

/** Runs a PostgreSQL binary as the `postgres` user when this process is root (initdb refuses root). */
function asPostgres(binary: string, args: string[]): string {
  const file = path.join(POSTGRES_BIN, binary);
  const [command, argv] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export type PostgresCluster = {
  url: string;
  /** `fast` (a clean stop: sessions ended, a checkpoint) or `immediate` (as a crash: recovery at the next start). */
  stop(mode: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops it and deletes its folder. */
  remove(): void;
};

/** A fresh cluster on a free port: fsync and synchronous commit on, as a production one. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-drill-pg-'));
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', folder]);
  const data = path.join(folder, 'data');
  const port = await freePort();
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c max_connections=200`;
  const start = () => {
    asPostgres('pg_ctl', ['-D', data, '-l', path.join(folder, 'log'), '-o', options, '-w', 'start']);
  };
  const stop = (mode: 'fast' | 'immediate') => {
    asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    remove: () => {
      try {
        stop('immediate');
      } catch {
        // already stopped
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type RedisServer = { url: string; stop(): Promise<void>; start(): Promise<void> };

/** A Redis server on a free port that keeps nothing on disk; `stop` and `start` keep its port. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const started = child;
    process.once('exit', () => started.kill('SIGKILL'));
    for (let tries = 0; tries < 100; tries++) {
      try {
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'ignore' });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`redis-server did not answer on port ${port}`);
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

/** Waits until `check` is true, polling every `everyMs`; false after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, everyMs = 200): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return false;
}

/** Prints a finding and keeps it for the verdict. */
export function findings() {
  const failed: string[] = [];
  return {
    check(ok: boolean, what: string) {
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
      if (!ok) failed.push(what);
    },
    /** The last line: the verdict; exit 0 only when everything held. */
    verdict(drill: string): never {
      console.log(
        failed.length === 0
          ? `\nVERDICT ${drill}: HELD`
          : `\nVERDICT ${drill}: BROKEN (${failed.length}: ${failed.join('; ')})`,
      );
      process.exit(failed.length === 0 ? 0 : 1);
    },
  };
}

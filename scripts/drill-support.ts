/**
 * What the drills (`npm run drill:<name>`, docs/operations.md "Drills") set up on this machine and
 * break: a PostgreSQL cluster of their own (`initdb` in a temporary folder, its own port, with
 * Debian's PostgreSQL binaries) and a Redis server of their own. They never stop or restart the
 * machine's services.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { Ledger } from '../apps/server/src/modules/wallet';
import { systemClock } from '../apps/server/src/platform/clock';
import { createDatabase } from '../apps/server/src/platform/db/client';
import { privateChannelName } from '../apps/server/src/platform/realtime/channels';
import { WEBSOCKET_PATH } from '../apps/server/src/platform/realtime/tokens';
import { seedAll } from '../apps/server/src/seed';
import { freePort, startServer, type Server } from './bench-support';

/** Debian's binaries of the newest PostgreSQL installed (`POSTGRES_BIN` names another folder). */
export const POSTGRES_BIN =
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

/** A studio's signed call's answer: status 0 when there was none (refused, reset, or the timeout). */
export type Answer = { status: number; json: Record<string, unknown> | null; ms: number };
/** A player of a drill: signed up through the API, funded through the ledger, in a real game session. */
export type DrillPlayer = { id: number; email: string; cookie: string; sessionToken: string };

export const DRILL_GAME = 'european-roulette';
export const DRILL_PASSWORD = 'Drill-Password-42';
export const DRILL_FUNDS = 10_000_000;
/** The sign-up call's body of a drill's player (EUR, Germany, the drills' password). */
export function drillSignUp(email: string, nickname: string) {
  return {
    user: {
      email,
      password: DRILL_PASSWORD,
      password_confirmation: DRILL_PASSWORD,
      currency: 'EUR',
      country: 'DE',
      terms_acceptance: true,
      receive_promos: false,
      receive_sms_promos: false,
      nickname,
    },
  };
}

/** Gives a drill's player `amount` of real EUR straight through the ledger, as a settled deposit would. */
export function fundDrillPlayer(
  ledger: Ledger,
  db: Parameters<Ledger['transfer']>[0],
  id: number,
  key: string,
  amount: number,
): ReturnType<Ledger['transfer']> {
  return ledger.transfer(db, {
    idempotencyKey: key,
    kind: 'deposit',
    reference: 'drill',
    currency: 'EUR',
    amount,
    from: { house: 'psp_clearing' },
    to: { player: id, kind: 'real' },
  });
}

/** Longer than this, a call counts as hanging. */
export const CALL_TIMEOUT_MS = 5_000;

/**
 * Casino instances (`bench-support.ts` `startServer`: production mode, their own process) on one
 * database that this process migrated and seeded, with the calls a drill makes of them.
 */
export async function startCasino(options: { databaseUrl: string; instances: number; env?: Record<string, string> }) {
  const database = await createDatabase({ databaseUrl: options.databaseUrl, poolSize: 4 });
  await database.migrate();
  await seedAll(database.db, { demoPlayer: false });
  const walletSecret = randomBytes(32).toString('base64url');
  const env = {
    DATABASE_URL: options.databaseUrl,
    STUDIO_WALLET_SECRET: walletSecret,
    CAPTCHA_SECRET: randomBytes(32).toString('base64url'),
    AUTO_MIGRATE: '0',
    CAPTCHA: 'off',
    REGISTRATIONS_PER_ADDRESS_HOUR: '1000',
    ...options.env,
  };
  const instances: Server[] = await Promise.all(Array.from({ length: options.instances }, () => startServer(env)));
  const pids = instances.map((i) => i.pid);
  const sign = (body: string) => createHmac('sha256', walletSecret).update(body).digest('hex');

  /** A call as the page makes it (JSON, X-Requested-With); throws when nothing answers in time. */
  const call = async (instance: number, method: string, path: string, body?: unknown, headers = {}) => {
    const res = await fetch(`${instances[instance]!.base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null, res };
  };

  /** A signed call of the provider protocol, as the studio makes it; never throws. */
  const wallet = async (instance: number, action: string, body: string): Promise<Answer> => {
    const started = performance.now();
    try {
      const res = await fetch(`${instances[instance]!.base}/api/wallet/orbit/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-sign': sign(body) },
        body,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      return { status: res.status, json, ms: performance.now() - started };
    } catch (error) {
      return { status: 0, json: { error: String(error) }, ms: performance.now() - started };
    }
  };

  const ledger = new Ledger(systemClock);
  const [game] = (await database.db.execute(sql`select id from games where identifier = ${`orbit/${DRILL_GAME}`}`))
    .rows as Array<{ id: number }>;
  let signedUp = 0;
  /** Signs a player up on `instance`, funds them and opens a real game session through `sessionOn`. */
  const signUpPlayer = async (instance: number, sessionOn = instance): Promise<DrillPlayer> => {
    const email = `drill-${++signedUp}-${Date.now()}@example.com`;
    const answer = await call(instance, 'POST', '/api/users', drillSignUp(email, `Drill ${signedUp}`));
    if (answer.status !== 201) throw new Error(`sign-up: ${answer.status} ${JSON.stringify(answer.json)}`);
    const cookie = answer.res.headers
      .getSetCookie()
      .find((line) => line.startsWith('orbit_session='))!
      .split(';')[0]!;
    const id = Number(answer.json!.id);
    await fundDrillPlayer(ledger, database.db, id, `drill-fund-${id}`, DRILL_FUNDS);
    const launch = await call(sessionOn, 'POST', `/api/games/${game!.id}/launch`, { mode: 'real' }, { cookie });
    const launchToken = new URL(String(launch.json?.url), 'http://casino').searchParams.get('launch_token');
    const auth = await wallet(
      sessionOn,
      'authenticate',
      JSON.stringify({ launch_token: launchToken, game: DRILL_GAME }),
    );
    if (auth.status !== 200) throw new Error(`authenticate: ${auth.status} ${JSON.stringify(auth.json)}`);
    return { id, email, cookie, sessionToken: String(auth.json!.session_token) };
  };

  return {
    database,
    instances,
    walletSecret,
    sign,
    call,
    wallet,
    signUpPlayer,
    /** Whether every instance is still the process it started as. */
    sameProcesses: () =>
      pids.every((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      }),
    /** How long the outbox took to deliver everything (seconds), or how many events it still held after `timeoutMs`. */
    outboxEmptied: async (timeoutMs: number): Promise<{ ok: boolean; said: string }> => {
      const started = Date.now();
      let left = 0;
      const ok = await waitFor(async () => {
        const [row] = (await database.db.execute(sql`select count(*)::int as n from outbox_events`)).rows as Array<{
          n: number;
        }>;
        left = row!.n;
        return left === 0;
      }, timeoutMs);
      return {
        ok,
        said: ok
          ? `the outbox delivered everything (${((Date.now() - started) / 1000).toFixed(1)} s after the load)`
          : `the outbox still held ${left} events ${timeoutMs / 1000} s after the load`,
      };
    },
    stop: async () => {
      await Promise.all(instances.map((i) => i.stop()));
      await database.close();
    },
  };
}
export type Casino = Awaited<ReturnType<typeof startCasino>>;

/** What `GET /api/notification_center/centrifugo/subscription` answers a player's page. */
export type RealtimeAccess = { token: string; client_name: string; user: string };

/**
 * A player's realtime socket as the page opens it (the Centrifugo protocol): connected with the
 * subscription answer's token and subscribed to the player's balance; it answers the server's
 * pings and tells `subscribed` (the subscription confirmed), `balance` (a push on it) and `failed`
 * (a refusal or a socket error).
 */
export function balanceSocket(
  port: string,
  access: RealtimeAccess,
  on: { subscribed(): void; balance(): void; failed?(error: Error): void },
): WebSocket {
  const channel = privateChannelName(access.client_name, 'balance', access.user);
  const socket = new WebSocket(`ws://127.0.0.1:${port}${WEBSOCKET_PATH}`);
  socket.on('open', () =>
    socket.send(
      [
        { id: 1, connect: { token: access.token, name: 'drill' } },
        { id: 2, subscribe: { channel } },
      ]
        .map((command) => JSON.stringify(command))
        .join('\n'),
    ),
  );
  socket.on('message', (raw: Buffer) => {
    const text = raw.toString();
    if (text === '{}') return socket.send('{}');
    for (const line of text.split('\n')) {
      if (!line) continue;
      const frame = JSON.parse(line) as { id?: number; error?: unknown; push?: { channel?: string } };
      if (frame.error) on.failed?.(new Error(`socket: ${line}`));
      if (frame.id === 2 && !frame.error) on.subscribed();
      if (frame.push?.channel === channel) on.balance();
    }
  });
  socket.on('error', (error) => on.failed?.(error));
  return socket;
}

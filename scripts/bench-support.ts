/**
 * What the benchmarks share: the casino started in its own process (production mode, fresh
 * embedded database unless DATABASE_URL is set), and autocannon runs that record every
 * response's latency so that p50/p95/p99 are exact.
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '..');
export const RATE = Number(process.env.BENCH_RATE ?? 200);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

/** A port nothing listens on now (the kernel's choice), for a server the bench starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export type Run = { label: string; rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number };

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function load(
  label: string,
  opts: {
    url: string;
    method?: 'GET' | 'POST';
    body?: string;
    rate?: number;
    connections: number;
    headers?: Record<string, string>;
  },
): Promise<Run> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        method: opts.method ?? 'GET',
        body: opts.body,
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip', ...opts.headers },
        connections: opts.connections,
        overallRate: opts.rate,
        duration: SECONDS,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    label,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** `stop()` resolves once the server process has exited (its outbox drained), so a database can be dropped after it. */
export type Server = { base: string; pid: number; stop: () => Promise<void> };

/** The casino in its own process, production mode, fresh embedded database. */
export async function startServer(extraEnv: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-'));
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // A bench stopped by a signal (or failing) takes its casino with it: a stray one would load the next runs.
  const killServer = () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  };
  process.once('exit', killServer);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      killServer();
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, pid: server.pid!, stop };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

export function printRuns(title: string, runs: Run[]): void {
  console.log(`\n${title} — ${os.cpus().length} cores, ${SECONDS} s per run, node ${process.version}\n`);
  console.log('| run | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const ms = (v: number) => v.toFixed(1);
  for (const r of runs) {
    console.log(
      `| ${r.label} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors} | ${r.non2xx} |`,
    );
  }
}

/**
 * An open-loop load at an even pace: request i is due at start + i/rate, whatever the server
 * is doing, and its latency counts from that due time (so a stalled server cannot hide its
 * queue). autocannon's fixed rate releases each second's requests in a burst, which measures
 * the burst rather than the rate.
 */
export async function paced(
  label: string,
  opts: { url: string; method?: 'GET' | 'POST'; body?: string; rate: number; headers?: Record<string, string> },
): Promise<Run> {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(opts.url);
  const total = Math.round(opts.rate * SECONDS);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const start = performance.now() + 50;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / opts.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      new Promise<void>((resolve) => {
        const req = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            path: url.pathname + url.search,
            method: opts.method ?? 'GET',
            headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip', ...opts.headers },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              latencies.push(performance.now() - due);
              if ((res.statusCode ?? 0) >= 300) non2xx++;
              resolve();
            });
          },
        );
        req.on('error', () => {
          errors++;
          resolve();
        });
        req.end(opts.body);
      }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    label,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    non2xx,
  };
}

/** The PostgreSQL server of a bench (DATABASE_URL, a role with CREATEDB); without it, how to give one, and exit 2. */
export function postgresServerUrl(bench: string): string {
  const url = process.env.DATABASE_URL;
  if (url) return url;
  console.error(`${bench} measures PostgreSQL: set DATABASE_URL (a role with CREATEDB), e.g.`);
  console.error(`  DATABASE_URL=postgres://orbit_dev:orbit_dev@127.0.0.1:5432/orbit_dev npm run ${bench}`);
  process.exit(2);
}

/** A fresh database on that server for one run: its URL, and `drop()` for the end. */
export async function throwawayDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Clock ticks a second of /proc's CPU times. */
const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/**
 * The CPU seconds these processes have used so far in user space and in the kernel, read from
 * /proc (Linux); a process gone counts 0. What a run costs in CPU barely depends on what else the
 * machine runs, where its latencies do.
 */
export function cpuTimesOf(pids: readonly number[]): { user: number; system: number } {
  let user = 0;
  let system = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      user += Number(fields[11]);
      system += Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return { user: user / CLOCK_TICKS, system: system / CLOCK_TICKS };
}

/** `cpuTimesOf`, user and system together. */
export function cpuSecondsOf(pids: readonly number[]): number {
  const { user, system } = cpuTimesOf(pids);
  return user + system;
}

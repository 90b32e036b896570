/**
 * `npm run bench:lobby`: the lobby's speed on a production build.
 * Starts the casino in its own process (fresh embedded database, NODE_ENV=production), then
 * drives it from this process with autocannon at a fixed rate and at full speed, and prints
 * requests/s and p50/p95/p99 latency for the server-rendered lobby and for POST /api/games_filter,
 * and the gzip size of the JavaScript the lobby page loads before it is interactive.
 * Targets (issue: foundation): lobby SSR p95 < 50 ms at 200 requests/s; critical JS < 120 KB gzip.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '..');
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

type Run = { label: string; rps: number; p50: number; p95: number; p99: number; errors: number; non2xx: number };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function load(
  label: string,
  opts: { url: string; method?: 'GET' | 'POST'; body?: string; rate?: number; connections: number },
): Promise<Run> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        method: opts.method ?? 'GET',
        body: opts.body,
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
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

async function criticalJsGzip(base: string): Promise<{ files: number; bytes: number }> {
  const html = await (await fetch(`${base}/`)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1]!);
  let bytes = 0;
  for (const u of urls) {
    const body = Buffer.from(await (await fetch(new URL(u, base))).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, bytes };
}

type Server = { base: string; stop: () => void };

/** The casino in its own process, production mode, fresh embedded database. */
async function startServer(extraEnv: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/start.ts'], {
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
  const stop = () => {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error('server did not start within 60 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function main() {
  if (!fs.existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
    console.error('No production build: run "npm run build" first.');
    process.exit(1);
  }
  const filterBody = JSON.stringify({ device: 'desktop', page: 1, page_size: 40, filter: {} });
  const runs: Run[] = [];
  let js = { files: 0, bytes: 0 };

  // As shipped: guests' pages come from the page cache (PAGE_CACHE_SECONDS, default 5).
  let server = await startServer({});
  try {
    await load('warm-up', { url: `${server.base}/`, connections: 4, rate: 100 });
    runs.push(await load(`lobby SSR GET / at ${RATE} req/s (page cache on)`, { url: `${server.base}/`, rate: RATE, connections: 20 }));
    runs.push(await load(`POST /api/games_filter at ${RATE} req/s`, { url: `${server.base}/api/games_filter`, method: 'POST', body: filterBody, rate: RATE, connections: 20 }));
    runs.push(await load('lobby SSR GET / full speed, 10 connections (page cache on)', { url: `${server.base}/`, connections: 10 }));
    runs.push(await load('POST /api/games_filter full speed, 10 connections', { url: `${server.base}/api/games_filter`, method: 'POST', body: filterBody, connections: 10 }));
    js = await criticalJsGzip(server.base);
  } finally {
    server.stop();
  }

  // Every request rendered anew: what a player's own pages and a cold cache cost.
  server = await startServer({ PAGE_CACHE_SECONDS: '0' });
  try {
    await load('warm-up', { url: `${server.base}/`, connections: 4, rate: 50 });
    runs.push(await load('lobby SSR GET / full speed, 10 connections (page cache off)', { url: `${server.base}/`, connections: 10 }));
  } finally {
    server.stop();
  }

  console.log(`\nOrbit lobby benchmark — ${os.cpus().length} cores, ${SECONDS} s per run, node ${process.version}\n`);
  console.log('| run | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const ms = (v: number) => v.toFixed(1);
  for (const r of runs) {
    console.log(`| ${r.label} | ${r.rps.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.errors} | ${r.non2xx} |`);
  }
  const lobby = runs[0]!;
  console.log(`\nlobby critical JS: ${js.files} files, ${(js.bytes / 1024).toFixed(1)} KB gzip (target < 120 KB) — ${js.bytes < 120 * 1024 ? 'met' : 'NOT met'}`);
  console.log(`lobby SSR p95 at ${RATE} req/s: ${ms(lobby.p95)} ms (target < 50 ms) — ${lobby.p95 < 50 ? 'met' : 'NOT met'}`);
}

await main();

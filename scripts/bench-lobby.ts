/**
 * `npm run bench:lobby`: the lobby's speed on a production build.
 * Starts the casino in its own process (fresh embedded database, NODE_ENV=production), then
 * drives it from this process with autocannon at a fixed rate and at full speed, and prints
 * requests/s and p50/p95/p99 latency for the server-rendered lobby and for POST /api/games_filter,
 * and the gzip size of the JavaScript the lobby page loads before it is interactive.
 * Targets (issue: foundation): lobby SSR p95 < 50 ms at 200 requests/s; critical JS < 120 KB gzip.
 */
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { load, paced, printRuns, RATE, root, startServer, type Run } from './bench-support';

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

async function main() {
  // It measures what it builds: a production build made now. Whatever was built last (a
  // development build carries React's development bundle) would be measured otherwise.
  console.log('Building the web app for production ...');
  execFileSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const filterBody = JSON.stringify({ device: 'desktop', page: 1, page_size: 40, filter: {} });
  const runs: Run[] = [];
  let js = { files: 0, bytes: 0 };

  // As shipped: guests' pages come from the page cache (PAGE_CACHE_SECONDS, default 5).
  let server = await startServer({});
  try {
    await load('warm-up', { url: `${server.base}/`, connections: 4, rate: 100 });
    runs.push(
      await paced(`lobby SSR GET / at ${RATE} req/s, even pace (page cache on)`, {
        url: `${server.base}/`,
        rate: RATE,
      }),
    );
    runs.push(
      await paced(`POST /api/games_filter at ${RATE} req/s, even pace`, {
        url: `${server.base}/api/games_filter`,
        method: 'POST',
        body: filterBody,
        rate: RATE,
      }),
    );
    runs.push(
      await load('lobby SSR GET / full speed, 10 connections (page cache on)', {
        url: `${server.base}/`,
        connections: 10,
      }),
    );
    runs.push(
      await load('POST /api/games_filter full speed, 10 connections', {
        url: `${server.base}/api/games_filter`,
        method: 'POST',
        body: filterBody,
        connections: 10,
      }),
    );
    js = await criticalJsGzip(server.base);
  } finally {
    await server.stop();
  }

  // Every request rendered anew: what a player's own pages and a cold cache cost.
  server = await startServer({ PAGE_CACHE_SECONDS: '0' });
  try {
    await load('warm-up', { url: `${server.base}/`, connections: 4, rate: 50 });
    runs.push(
      await load('lobby SSR GET / full speed, 10 connections (page cache off)', {
        url: `${server.base}/`,
        connections: 10,
      }),
    );
  } finally {
    await server.stop();
  }

  printRuns('Orbit lobby benchmark', runs);
  const ms = (v: number) => v.toFixed(1);
  const lobby = runs[0]!;
  console.log(
    `\nlobby critical JS: ${js.files} files, ${(js.bytes / 1024).toFixed(1)} KB gzip (target < 120 KB) — ${js.bytes < 120 * 1024 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `lobby SSR p95 at ${RATE} req/s: ${ms(lobby.p95)} ms (target < 50 ms) — ${lobby.p95 < 50 ? 'met' : 'NOT met'}`,
  );
}

await main();

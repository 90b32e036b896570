/**
 * `npm run bench:lobby`: the lobby's speed on a production build.
 * Starts the casino in its own process (fresh embedded database, NODE_ENV=production), then
 * drives it from this process with autocannon at a fixed rate and at full speed, and prints
 * requests/s and p50/p95/p99 latency for the server-rendered lobby and for POST /api/games_filter,
 * and the gzip size of the JavaScript the lobby page loads before it is interactive.
 * Targets (issue: foundation): lobby SSR p95 < 50 ms at 200 requests/s; critical JS < 120 KB gzip.
 * Signed in (issue: capacity): the demo player's lobby, page cache as shipped, ≥ 200 pages/s at full
 * speed with 10 connections and p95 < 50 ms at 200 requests/s, printed beside the guests' figures.
 */
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { load, paced, printRuns, RATE, root, startServer, type Run } from './bench-support';
import { firstScriptsOf } from './first-scripts';

async function criticalJsGzip(base: string): Promise<{ files: number; bytes: number }> {
  const urls = firstScriptsOf(await (await fetch(`${base}/`)).text());
  let bytes = 0;
  for (const u of urls) {
    const body = Buffer.from(await (await fetch(new URL(u, base))).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.length, bytes };
}

/** The demo player's session cookie (the demo content's player signs in, as the page does). */
async function demoPlayerCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ user: { email: 'demo@orbit.example', password: 'Orbit-Demo-2026' } }),
  });
  const session = res.headers.getSetCookie().find((line) => line.startsWith('orbit_session='));
  if (!res.ok || !session) throw new Error(`the demo player could not sign in: ${res.status} ${await res.text()}`);
  return session.split(';')[0]!;
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

  // As shipped: guests' pages come from the page cache (PAGE_CACHE_SECONDS, default 5). No captcha:
  // the bench signs the demo player in by the API, as a front end without one would.
  let server = await startServer({ CAPTCHA: 'off' });
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
    // A signed-in player's lobby: the session cookie on every request (one player; a lobby that reads
    // nothing of the player is their audience's copy, docs/architecture.md "Page cache").
    const signedIn = { cookie: await demoPlayerCookie(server.base) };
    await load('warm-up', { url: `${server.base}/`, connections: 4, rate: 100, headers: signedIn });
    runs.push(
      await paced(`signed-in lobby GET / at ${RATE} req/s, even pace (page cache on)`, {
        url: `${server.base}/`,
        rate: RATE,
        headers: signedIn,
      }),
    );
    runs.push(
      await load('signed-in lobby GET / full speed, 10 connections (page cache on)', {
        url: `${server.base}/`,
        connections: 10,
        headers: signedIn,
      }),
    );
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
  const signedPaced = runs.find((run) => run.label.startsWith('signed-in lobby GET / at'))!;
  const signedFull = runs.find((run) => run.label.startsWith('signed-in lobby GET / full speed'))!;
  console.log(
    `signed-in lobby p95 at ${RATE} req/s: ${ms(signedPaced.p95)} ms (target < 50 ms) — ${signedPaced.p95 < 50 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `signed-in lobby full speed: ${signedFull.rps.toFixed(0)} pages/s (target ≥ 200) — ${signedFull.rps >= 200 ? 'met' : 'NOT met'}`,
  );
}

await main();

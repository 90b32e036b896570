/**
 * `npm run bench:auth`: sign-in throughput and the cost of an authenticated call.
 * Starts the casino in its own process (production mode, fresh embedded database), registers
 * one player, then measures with autocannon: sign-ins per second (argon2id m=19 MiB, t=2, p=1
 * verifies each one) and `GET /api/player` with a valid session at a fixed rate.
 * Target (issue: players): p95 of GET /api/player at 500 requests/s < 10 ms.
 */
import { load, paced, printRuns, startServer, type Run } from './bench-support';

const PLAYER_RATE = Number(process.env.BENCH_PLAYER_RATE ?? 500);
const email = 'bench.player@orbit.test';
const password = 'Orbit-bench-42!';
const xhr = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

async function main() {
  const server = await startServer({});
  const runs: Run[] = [];
  try {
    const registration = await fetch(`${server.base}/api/users`, {
      method: 'POST',
      headers: xhr,
      body: JSON.stringify({
        user: { email, password, password_confirmation: password, currency: 'EUR', country: 'DE', terms_acceptance: true, receive_promos: false, receive_sms_promos: false },
      }),
    });
    if (!registration.ok) throw new Error(`registration failed: ${registration.status} ${await registration.text()}`);
    const cookie = (registration.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (!cookie.startsWith('orbit_session=')) throw new Error('registration set no session cookie');

    const signIn = JSON.stringify({ user: { email, password, dfpc: 'bench' } });
    runs.push(await load('POST /api/users/sign_in, full speed, 4 connections', { url: `${server.base}/api/users/sign_in`, method: 'POST', body: signIn, headers: xhr, connections: 4 }));
    await load('warm-up', { url: `${server.base}/api/player`, headers: { cookie }, connections: 4, rate: 100 });
    runs.push(await paced(`GET /api/player with a session at ${PLAYER_RATE} req/s (even pace)`, { url: `${server.base}/api/player`, headers: { cookie }, rate: PLAYER_RATE }));
    runs.push(await load('GET /api/player with a session, full speed, 10 connections', { url: `${server.base}/api/player`, headers: { cookie }, connections: 10 }));
  } finally {
    server.stop();
  }
  printRuns('Orbit sign-in benchmark', runs);
  const player = runs[1]!;
  console.log(`\nsign-ins per second: ${runs[0]!.rps.toFixed(1)} (argon2id m=19 MiB, t=2, p=1)`);
  console.log(`GET /api/player p95 at ${PLAYER_RATE} req/s: ${player.p95.toFixed(1)} ms (target < 10 ms) — ${player.p95 < 10 ? 'met' : 'NOT met'}`);
}

await main();

/**
 * `npm run drill:redis-down` (docs/operations.md "Drills"): Redis, the pub/sub between instances,
 * goes away under play and comes back.
 *
 * Sets up a PostgreSQL cluster and a Redis server of its own (scripts/drill-support.ts), two casino
 * instances on them, and players signed in on the instances with a realtime socket each (the
 * Centrifugo protocol, as pages speak it) subscribed to their balance. Then:
 * 1. before: a round played through the other instance reaches the player's socket (via Redis);
 * 2. Redis stopped for `DRILL_OUTAGE_SECONDS` (default 30): rounds (bet and win through the provider
 *    protocol) on both instances every 100 ms and a sign-in every 2 s must all succeed without
 *    hanging (5 s at most a call); readiness stays 200 and says `redis: unavailable`;
 * 3. Redis started again: each instance reconnects by itself (readiness says `redis: ok`), a round
 *    through the other instance reaches every player's socket again, no instance restarted, the
 *    outbox empties and the ledger audit is ok.
 * The last line is the verdict; exit 0 only when everything held.
 */
import { randomBytes } from 'node:crypto';
import type WebSocket from 'ws';
import { auditLedger } from '../apps/server/src/modules/wallet';
import { percentile } from './bench-support';
import {
  balanceSocket,
  DRILL_GAME,
  DRILL_PASSWORD,
  findings,
  startCasino,
  startPostgresCluster,
  startRedis,
  waitFor,
  type Casino,
  type DrillPlayer,
  type RealtimeAccess,
} from './drill-support';

const OUTAGE_SECONDS = Number(process.env.DRILL_OUTAGE_SECONDS ?? 30);
const PLAYERS = 6;

type Player = DrillPlayer & {
  /** The instance the player's socket is on; rounds go through the other one. */
  home: number;
  pushes: number;
  socket?: WebSocket;
};

const found = findings();
const postgres = await startPostgresCluster();
const redis = await startRedis();
let casino: Casino | undefined;
let seq = 0;
try {
  console.log(`drill:redis-down — PostgreSQL and Redis of its own, two instances, outage ${OUTAGE_SECONDS} s`);
  casino = await startCasino({
    databaseUrl: postgres.url,
    instances: 2,
    env: { REDIS_URL: redis.url, REALTIME_SECRET: randomBytes(32).toString('base64url') },
  });
  const { call, wallet } = casino;
  const health = async (instance: number) =>
    (await call(instance, 'GET', '/api/health')).json as { status: string; redis: string };

  // Players: signed up, funded, each in a real game session on the instance their socket is not on.
  const players: Player[] = [];
  for (let n = 0; n < PLAYERS; n++) {
    const home = n % 2;
    players.push({ ...(await casino.signUpPlayer(0, 1 - home)), home, pushes: 0 });
  }

  // Each player's socket on their home instance, subscribed to their balance.
  for (const player of players) {
    const access = (
      await call(player.home, 'GET', '/api/notification_center/centrifugo/subscription', undefined, {
        cookie: player.cookie,
      })
    ).json as RealtimeAccess;
    const port = new URL(casino.instances[player.home]!.base).port;
    await new Promise<void>((resolve, reject) => {
      player.socket = balanceSocket(port, access, {
        subscribed: resolve,
        balance: () => void player.pushes++,
        failed: reject,
      });
    });
  }
  console.log(`${PLAYERS} players, a socket each (three on each instance), funded and in a real game session`);

  /** A bet and its win through the instance that is not the player's home; the calls' answers. */
  const playRound = async (player: Player) => {
    const round = `drill-r-${++seq}`;
    const started = performance.now();
    const fields = { session_token: player.sessionToken, game: DRILL_GAME, round_id: round, currency: 'EUR' };
    const body = (transaction: string, amount: number) =>
      JSON.stringify({ ...fields, transaction_id: `${round}-${transaction}`, amount_cents: amount });
    const bet = await wallet(1 - player.home, 'bet', body('b', 100));
    const win = await wallet(1 - player.home, 'win', body('w', 150));
    return { ok: bet.status === 200 && win.status === 200, ms: performance.now() - started, bet, win };
  };
  /** Whether a round through the other instance reaches every player's socket within 10 s. */
  const pushesReachEveryone = async () => {
    const before = players.map((p) => p.pushes);
    const rounds = await Promise.all(players.map(playRound));
    if (!rounds.every((r) => r.ok)) return false;
    return waitFor(async () => players.every((p, i) => p.pushes > before[i]!), 10_000, 50);
  };

  found.check(await pushesReachEveryone(), 'before: a round through one instance reaches the player on the other');
  const ready = await Promise.all([health(0), health(1)]);
  found.check(
    ready.every((h) => h.status === 'ok' && h.redis === 'ok'),
    `before: both instances ready, redis ok (${JSON.stringify(ready)})`,
  );

  // The outage.
  await redis.stop();
  console.log(`Redis stopped; playing for ${OUTAGE_SECONDS} s`);
  const outageEnd = Date.now() + OUTAGE_SECONDS * 1000;
  const roundTimes: number[] = [];
  const failures: string[] = [];
  const signIns = { ok: 0, failed: 0 };
  const readiness = { ok: 0, degraded: 0, other: [] as string[] };
  const loops = [
    (async () => {
      const inFlight: Promise<void>[] = [];
      for (let n = 0; Date.now() < outageEnd; n++) {
        inFlight.push(
          playRound(players[n % PLAYERS]!)
            .then((r) => {
              roundTimes.push(r.ms);
              if (!r.ok) failures.push(`round: ${r.bet.status}/${r.win.status} ${JSON.stringify(r.bet.json)}`);
            })
            .catch((error: unknown) => void failures.push(`round: ${String(error)}`)),
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await Promise.all(inFlight);
    })(),
    (async () => {
      for (let n = 0; Date.now() < outageEnd; n++) {
        const player = players[n % PLAYERS]!;
        await call(n % 2, 'POST', '/api/users/sign_in', { user: { email: player.email, password: DRILL_PASSWORD } })
          .then((r) => (r.status === 200 ? signIns.ok++ : signIns.failed++))
          .catch(() => signIns.failed++);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    })(),
    (async () => {
      for (let n = 0; Date.now() < outageEnd; n++) {
        await call(n % 2, 'GET', '/api/health')
          .then((r) => {
            const h = r.json as { status: string; redis: string };
            if (r.status === 200 && h.redis === 'ok') readiness.ok++;
            else if (r.status === 200 && h.redis === 'unavailable') readiness.degraded++;
            else readiness.other.push(`${r.status} ${JSON.stringify(h)}`);
          })
          .catch((error: unknown) => readiness.other.push(String(error)));
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    })(),
  ];
  await Promise.all(loops);
  roundTimes.sort((a, b) => a - b);
  found.check(
    failures.length === 0,
    `during: ${roundTimes.length} rounds (bet + win) answered, ${failures.length} failed${failures.length ? ` (first: ${failures[0]})` : ''}; ` +
      `p50 ${percentile(roundTimes, 50).toFixed(1)} ms, p99 ${percentile(roundTimes, 99).toFixed(1)} ms, slowest ${(roundTimes.at(-1) ?? 0).toFixed(1)} ms`,
  );
  found.check(signIns.failed === 0 && signIns.ok > 0, `during: sign-ins ${signIns.ok} ok, ${signIns.failed} failed`);
  found.check(
    readiness.other.length === 0 && readiness.degraded > 0,
    `during: readiness 200 throughout (${readiness.degraded} saying redis unavailable, ${readiness.ok} still ok before noticing)${readiness.other.length ? `, other: ${readiness.other[0]}` : ''}`,
  );

  // The return.
  await redis.start();
  const back = Date.now();
  const reconnected = await waitFor(
    async () => (await Promise.all([health(0), health(1)])).every((h) => h.redis === 'ok'),
    30_000,
  );
  found.check(
    reconnected,
    `after: both instances reconnected to Redis by themselves (${((Date.now() - back) / 1000).toFixed(1)} s)`,
  );
  found.check(await pushesReachEveryone(), 'after: a round through one instance reaches the player on the other again');
  found.check(casino.sameProcesses(), 'after: no instance restarted (the same processes serve)');
  const outbox = await casino.outboxEmptied(60_000);
  found.check(outbox.ok, outbox.said);
  const audit = await auditLedger(casino.database.db);
  found.check(audit.ok, `after: ledger audit ${audit.ok ? 'ok' : audit.problems.join('; ')}`);
  for (const player of players) player.socket?.close();
} catch (error) {
  found.check(false, `the drill could not run: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  await casino?.stop();
  await redis.stop();
  postgres.remove();
}
found.verdict('redis-down');

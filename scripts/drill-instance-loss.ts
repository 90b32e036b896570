/**
 * `npm run drill:instance-loss` (docs/operations.md "Drills"): one of two instances behind a reverse
 * proxy killed (-9) under play.
 *
 * A PostgreSQL cluster and a Redis server of its own (scripts/drill-support.ts), two casino
 * instances, and HAProxy (Debian's package) in front of them, configured here: round robin, each
 * instance's readiness (`GET /api/health`) checked every 500 ms. Players reach the casino only
 * through the proxy: a studio's load of `DRILL_RATE` rounds a second (default 50; a signed bet and
 * its win), each player's session asked every second, and a realtime socket each, which reconnects
 * through the proxy when it closes (as the page's client does). Then one instance is killed with
 * SIGKILL. What must hold: from 3 s after the kill every call through the proxy is answered by
 * the survivor (the calls the dead instance held are sent again, as a studio does); every player's
 * session still answers (sessions live in the database); every socket reconnects to the survivor
 * and hears its player's balance again; the outbox empties on the survivor; the ledger audit is ok.
 * The last line is the verdict; exit 0 only when everything held.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { auditLedger } from '../apps/server/src/modules/wallet';
import { freePort } from './bench-support';
import {
  balanceSocket,
  CALL_TIMEOUT_MS,
  DRILL_GAME,
  findings,
  startCasino,
  startPostgresCluster,
  startRedis,
  waitFor,
  type Casino,
  type DrillPlayer,
  type RealtimeAccess,
} from './drill-support';

const RATE = Number(process.env.DRILL_RATE ?? 50);
const PLAYERS = 10;
/** How long the proxy may take to see the instance gone (two failed checks 500 ms apart, and margin). */
const DETECTION_MS = 3_000;

type Player = DrillPlayer & { socket?: WebSocket; pushes: number; opens: number };

const found = findings();
const postgres = await startPostgresCluster();
const redis = await startRedis();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-drill-proxy-'));
let casino: Casino | undefined;
let proxy: ChildProcess | undefined;
const players: Player[] = [];
try {
  console.log(`drill:instance-loss — two instances behind HAProxy, PostgreSQL and Redis of its own, ${RATE} rounds/s`);
  casino = await startCasino({
    databaseUrl: postgres.url,
    instances: 2,
    env: { REDIS_URL: redis.url, REALTIME_SECRET: randomBytes(32).toString('base64url') },
  });
  const proxyPort = await freePort();
  const servers = casino.instances.map((instance, n) => {
    const { port } = new URL(instance.base);
    return `  server casino${n} 127.0.0.1:${port} check inter 500ms fall 2 rise 2`;
  });
  const config = path.join(folder, 'haproxy.cfg');
  fs.writeFileSync(
    config,
    [
      'defaults',
      '  mode http',
      '  timeout connect 2s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      '  option redispatch',
      '  retries 2',
      'frontend casino',
      `  bind 127.0.0.1:${proxyPort}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk GET /api/health',
      '  http-check expect status 200',
      ...servers,
      '',
    ].join('\n'),
  );
  proxy = spawn('haproxy', ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${proxyPort}`;
  const proxyUp = await waitFor(async () => (await fetch(`${base}/api/health`)).status === 200, 20_000);
  if (!proxyUp) throw new Error('HAProxy did not serve the casino');

  for (let n = 0; n < PLAYERS; n++) players.push({ ...(await casino.signUpPlayer(n % 2)), pushes: 0, opens: 0 });
  const through = async (method: string, pathName: string, body?: string, headers: Record<string, string> = {}) => {
    try {
      const res = await fetch(`${base}${pathName}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
        body,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    } catch (error) {
      return { status: 0, json: { error: String(error) } };
    }
  };
  const signed = (action: string, body: string) =>
    through('POST', `/api/wallet/orbit/${action}`, body, { 'x-request-sign': casino!.sign(body) });

  // Each player's socket through the proxy; closed, it opens again after 500 ms (the page's client does so).
  let closing = false;
  const open = async (player: Player): Promise<void> => {
    const access = await through('GET', '/api/notification_center/centrifugo/subscription', undefined, {
      cookie: player.cookie,
    });
    const answer = access.json as RealtimeAccess | null;
    if (access.status !== 200 || !answer) {
      setTimeout(() => void open(player), 500);
      return;
    }
    const socket = balanceSocket(String(proxyPort), answer, {
      subscribed: () => void player.opens++,
      balance: () => void player.pushes++,
    });
    player.socket = socket;
    socket.on('close', () => {
      if (!closing) setTimeout(() => void open(player), 500);
    });
  };
  await Promise.all(players.map(open));
  const subscribed = await waitFor(async () => players.every((p) => p.opens >= 1), 10_000);
  if (!subscribed) throw new Error('the players’ sockets did not subscribe');

  // A round: its bet and win through the proxy; a call that fails is sent again (same body), as a studio does.
  let seq = 0;
  const calls: Array<{ startedAt: number; status: number }> = [];
  const send = async (action: string, body: string) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const startedAt = Date.now();
      const answer = await signed(action, body);
      calls.push({ startedAt, status: answer.status });
      if (answer.status === 200) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  };
  const playRound = async (player: Player) => {
    const n = ++seq;
    const fields = { session_token: player.sessionToken, game: DRILL_GAME, round_id: `drill-r-${n}`, currency: 'EUR' };
    const bet = JSON.stringify({ ...fields, transaction_id: `${n}-b`, amount_cents: 100 });
    const win = JSON.stringify({ ...fields, transaction_id: `${n}-w`, amount_cents: n % 3 === 0 ? 200 : 0 });
    return (await send('bet', bet)) && (await send('win', win));
  };
  const pushesReachEveryone = async () => {
    const before = players.map((p) => p.pushes);
    const played = await Promise.all(players.map(playRound));
    if (!played.every(Boolean)) return false;
    return waitFor(async () => players.every((p, i) => p.pushes > before[i]!), 10_000, 50);
  };
  found.check(await pushesReachEveryone(), 'before: every player hears their balance through the proxy');

  let running = true;
  let lost = 0;
  const sessions: Array<{ at: number; status: number }> = [];
  const load = (async () => {
    const inFlight: Promise<unknown>[] = [];
    const start = performance.now();
    for (let n = 0; running; n++) {
      const wait = start + (n * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(playRound(players[n % PLAYERS]!).then((ok) => void (ok || lost++)));
      if (n % RATE === 0)
        for (const player of players)
          inFlight.push(
            through('GET', '/api/player', undefined, { cookie: player.cookie }).then((r) =>
              sessions.push({ at: Date.now(), status: r.status }),
            ),
          );
    }
    await Promise.all(inFlight);
  })();
  await new Promise((resolve) => setTimeout(resolve, 5_000));

  const victim = casino.instances[0]!;
  const killedAt = Date.now();
  process.kill(victim.pid, 'SIGKILL');
  const opensBefore = players.map((p) => p.opens);
  console.log(`instance 0 (pid ${victim.pid}) killed`);
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  running = false;
  await load;

  const after = calls.filter((c) => c.startedAt >= killedAt + DETECTION_MS);
  const failedAfter = after.filter((c) => c.status !== 200);
  const meanwhile = calls.filter((c) => c.startedAt >= killedAt && c.startedAt < killedAt + DETECTION_MS);
  found.check(
    lost === 0 && failedAfter.length === 0 && after.length > 0,
    `the survivor serves: ${after.length} calls from ${DETECTION_MS / 1000} s after the kill, ${failedAfter.length} failed; ` +
      `${meanwhile.filter((c) => c.status !== 200).length} of ${meanwhile.length} failed before the proxy noticed, and were sent again; ${lost} rounds never completed`,
  );
  const sessionsAfter = sessions.filter((s) => s.at >= killedAt + DETECTION_MS);
  found.check(
    sessionsAfter.length >= PLAYERS && sessionsAfter.every((s) => s.status === 200),
    `every player's session still answers through the proxy (${sessionsAfter.filter((s) => s.status === 200).length} of ${sessionsAfter.length} after the kill)`,
  );
  const reconnected = await waitFor(
    async () => players.every((p, i) => p.socket?.readyState === WebSocket.OPEN && p.opens >= opensBefore[i]!),
    10_000,
  );
  const moved = players.filter((p, i) => p.opens > opensBefore[i]!).length;
  found.check(reconnected, `every socket open again (${moved} of ${PLAYERS} reconnected to the survivor)`);
  found.check(await pushesReachEveryone(), 'after: every player hears their balance again');
  const outbox = await casino.outboxEmptied(60_000);
  found.check(outbox.ok, `on the survivor: ${outbox.said}`);
  const audit = await auditLedger(casino.database.db);
  found.check(audit.ok, `ledger audit ${audit.ok ? 'ok' : audit.problems.join('; ')}`);
  closing = true;
} catch (error) {
  found.check(false, `the drill could not run: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  for (const player of players) player.socket?.close();
  proxy?.kill('SIGTERM');
  await casino?.stop();
  await redis.stop();
  postgres.remove();
  fs.rmSync(folder, { recursive: true, force: true });
}
found.verdict('instance-loss');

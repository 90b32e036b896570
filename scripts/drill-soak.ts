/**
 * `npm run drill:soak` (docs/operations.md "Drills"): a compressed week of play. Run by hand: the
 * full run (10 million rounds) takes hours.
 *
 * A PostgreSQL cluster of its own (scripts/drill-support.ts), migrated and seeded; the casino built
 * in this process (`buildApp`, production mode, DEMO=1 so that the sandbox PSP and the demo
 * promotions are on, its background workers running) on a shifted clock: real time plus an offset
 * that the drill sets to the start of each simulated day. Day 1 is December 28, so the week
 * crosses a quarter's end (the VIP statuses turn at the sweep after day 4).
 * SOAK_PLAYERS players sign up through the API and are funded through the ledger (as the other
 * drills do); each day every player gets a game session (inserted as bench:wallet does), and
 * SOAK_ROUNDS / 7 rounds are played through the provider wallet protocol (a signed `bet`, then
 * its `win`) by SOAK_CONCURRENCY loops at bench speed. Each day SOAK_SIGNINS players sign in
 * (a session each, over after 30 idle minutes), post a telemetry event, confirm the running
 * tournament and activate a bonus an operator grants them (a template of the drill's own: one day
 * to activate, one day to wager); a fifth of them deposit through the sandbox PSP (card, hosted
 * page, signed webhook) and cash out to their card the next day. Before the quarter's end one
 * player deposits and bets enough for a bronze VIP status, which the quarter's end takes back. A
 * further SOAK_BONUS_SHARE of the players get the bonus and never activate it (it expires). The
 * demo promotions (a 3-day tournament, a 7-day quest and a 7-day lottery, renewed by the sweep)
 * start an hour before day 1.
 * After each day the clock moves to the next day's start (it never goes back: a day starts where
 * the last one's sweeps left it), every sweep runs (`orbitSweeps.runAll`),
 * the sandbox PSP settles, the outbox is drained, and the day's figures are measured.
 * What must hold: the ledger audit ok every day; the process's memory flat (RSS after a garbage
 * collection at day 7 at most 10 % above the lower of days 1 and 2: run with --expose-gc, as `npm run drill:soak` does);
 * the outbox empty at the end; no rows past their retention left in the swept tables (outbox,
 * notifications, telemetry, sign-in and game sessions) after any day; tournaments ended, the
 * lottery drawn, bonuses wagered and expired, no VIP status of a past quarter left. After day 7
 * the clock leaps past the sessions' retention (SESSION_RETENTION_DAYS, 35 here, the shortest
 * allowed): every session of the week is gone then, and the ledger audit still holds.
 * The last line is the verdict; exit 0 only when everything held.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { bonusTemplateInputSchema } from '@orbit/contracts';
import { buildApp } from '../apps/server/src/app';
import { BonusTemplates } from '../apps/server/src/modules/bonuses/templates';
import { gameSessions, games } from '../apps/server/src/modules/games/schema';
import { quarterOf } from '../apps/server/src/modules/loyalty/vip';
import { NOTIFICATION_KEEP_MS } from '../apps/server/src/modules/notifications/service';
import { renewDemoPromotions } from '../apps/server/src/modules/promotions/seed';
import { auditLedger, Ledger } from '../apps/server/src/modules/wallet';
import type { Clock } from '../apps/server/src/platform/clock';
import { loadConfig } from '../apps/server/src/platform/config';
import { createDatabase, type Database } from '../apps/server/src/platform/db/client';
import { hashToken } from '../apps/server/src/platform/tokens';
import { seedAll } from '../apps/server/src/seed';
import { freePort } from './bench-support';
import { DRILL_PASSWORD, drillSignUp, findings, fundDrillPlayer, startPostgresCluster, waitFor } from './drill-support';

const DAYS = 7;
const DAY_MS = 86_400_000;
const ROUNDS = Number(process.env.SOAK_ROUNDS ?? 10_000_000);
const PLAYERS = Number(process.env.SOAK_PLAYERS ?? 1_000);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 48);
const SIGNINS = Math.min(PLAYERS, Number(process.env.SOAK_SIGNINS ?? 40));
const BONUS_SHARE = Number(process.env.SOAK_BONUS_SHARE ?? 0.05);
const TELEMETRY_RETENTION_DAYS = Number(process.env.SOAK_TELEMETRY_RETENTION_DAYS ?? 2);
const GAME = 'orbit/stellar-sevens';
const SLUG = GAME.slice(GAME.indexOf('/') + 1);
const FUNDS = 1_000_000_00;
const SOAK_TEMPLATE = 'soak-gift';
/** Ended sign-in sessions and expired game sessions are kept this long (the shortest the casino allows). */
const SESSION_RETENTION_DAYS = 35;

const found = findings();
const now = new Date();
// Day 1 is December 28 (of next year once this one's is within a week): the week crosses a quarter's end.
const year = now.getUTCFullYear() + (now.getTime() > Date.UTC(now.getUTCFullYear(), 11, 21) ? 1 : 0);
const T0 = Date.UTC(year, 11, 28);
let offset = T0 - 2 * 3600_000 - Date.now();
const clock: Clock = { now: () => new Date(Date.now() + offset) };
/** Moves the app clock to `at` (the offset jumps; real time runs on from there). */
const setClock = (at: number) => void (offset = at - Date.now());
const day = (d: number) => T0 + (d - 1) * DAY_MS;
const iso = (at: number | Date) => new Date(at).toISOString().slice(0, 16).replace('T', ' ');

console.log(
  `drill:soak — a compressed week: ${ROUNDS.toLocaleString('en')} rounds (${Math.round(ROUNDS / DAYS).toLocaleString('en')} a day), ` +
    `${PLAYERS} players, ${CONCURRENCY} loops, ${SIGNINS} sign-ins a day, bonus share ${BONUS_SHARE}, telemetry kept ${TELEMETRY_RETENTION_DAYS} days; ` +
    `day 1 = ${iso(T0)} UTC; gc ${typeof global.gc === 'function' ? 'exposed' : 'NOT exposed (RSS without a collection)'}; ${os.cpus().length} cores, node ${process.version}`,
);

const postgres = await startPostgresCluster();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-drill-soak-'));
let database: Database | undefined;
let app: FastifyInstance | undefined;
try {
  database = await createDatabase({ databaseUrl: postgres.url, poolSize: 16 });
  const db = database.db;
  await database.migrate();
  await seedAll(db, { demoPlayer: false });
  const port = await freePort();
  const walletSecret = randomBytes(32).toString('base64url');
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: postgres.url,
    AUTO_MIGRATE: '0',
    DEMO: '1',
    STUDIO_WALLET_SECRET: walletSecret,
    CAPTCHA: 'off',
    CAPTCHA_SECRET: randomBytes(32).toString('base64url'),
    REGISTRATIONS_PER_ADDRESS_HOUR: '100000',
    MAIL_REQUESTS_PER_ADDRESS_15_MIN: '100000',
    TELEMETRY_RETENTION_DAYS: String(TELEMETRY_RETENTION_DAYS),
    SESSION_RETENTION_DAYS: String(SESSION_RETENTION_DAYS),
    TELEMETRY_CALLS_PER_ADDRESS_MINUTE: '100000',
  });
  app = await buildApp({ config, database, clock, web: false });
  await app.listen({ port, host: '127.0.0.1' });
  const running = app;
  const base = `http://127.0.0.1:${port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 16 });

  /** An HTTP call to the casino (keep-alive); never throws: status 0 when nothing answered. */
  const request = (
    method: string,
    pathName: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<{ status: number; text: string; cookies: string[] }> =>
    new Promise((resolve) => {
      const req = http.request({ agent, host: '127.0.0.1', port, path: pathName, method, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode ?? 0, text, cookies: setCookie });
        });
      });
      req.on('error', (error) => resolve({ status: 0, text: String(error), cookies: [] }));
      req.end(body);
    });
  /** A call as the page makes it (JSON, X-Requested-With, the player's cookie). */
  const call = async (method: string, pathName: string, body?: unknown, cookie?: string) => {
    const answer = await request(method, pathName, body === undefined ? undefined : JSON.stringify(body), {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie } : {}),
    });
    let json: Record<string, unknown> | null = null;
    try {
      json = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      // not JSON
    }
    return { ...answer, json };
  };
  const sessionCookie = (cookies: string[]) =>
    cookies.find((line) => line.startsWith('orbit_session='))?.split(';')[0] ?? '';
  /** A signed call of the provider protocol, as the studio makes it. */
  const wallet = (action: string, body: object) => {
    const raw = JSON.stringify(body);
    return request('POST', `/api/wallet/orbit/${action}`, raw, {
      'content-type': 'application/json',
      'x-request-sign': createHmac('sha256', walletSecret).update(raw).digest('hex'),
    });
  };
  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await db.execute(query)).rows[0] as { n: string | number }).n);

  // ---- the players -----------------------------------------------------------------------------
  const ledger = new Ledger(clock);
  const [game] = await db
    .select({ id: games.id, providerId: games.providerId })
    .from(games)
    .where(sql`${games.identifier} = ${GAME}`);
  if (!game) throw new Error(`${GAME} is not in the catalogue`);
  type Player = { id: number; email: string; token: string; depositedOn?: number };
  const players: Player[] = [];
  const started = performance.now();
  let nextSignUp = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let n = nextSignUp++; n < PLAYERS; n = nextSignUp++) {
        const email = `soak-${n}@example.com`;
        const answer = await call('POST', '/api/users', drillSignUp(email, `Soak ${n}`));
        if (answer.status !== 201) throw new Error(`sign-up: ${answer.status} ${answer.text.slice(0, 300)}`);
        const id = Number(answer.json!.id);
        await fundDrillPlayer(ledger, db, id, `soak-fund-${id}`, FUNDS);
        // Their address confirmed, as the mailed link does (a cashout asks for it).
        await db.execute(sql`update users set confirmed_at = ${clock.now().toISOString()} where id = ${id}`);
        players[n] = { id, email, token: '' };
      }
    }),
  );
  console.log(`${PLAYERS} players signed up and funded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // The drill's bonus: one day to activate, one day to wager (once), bets up to 1,000.00.
  await new BonusTemplates(db, clock).saveTemplate(
    bonusTemplateInputSchema.parse({
      key: SOAK_TEMPLATE,
      kind: 'manual',
      title: 'Soak gift',
      translations: {},
      money: { EUR: { amount_cents: 2_000, max_bet_cents: 100_000, max_win_cents: 10_000 } },
      wager_multiplier: 1,
      activation_days: 1,
      wagering_days: 1,
    }),
  );
  // The demo promotions, an hour before day 1: the 3-day tournament ends twice, the quest and the lottery once.
  await renewDemoPromotions(db, new Date(T0 - 3600_000));

  // ---- a day -----------------------------------------------------------------------------------
  /** A game session for every player, launched now (12 hours), as bench:wallet inserts them. */
  const launchSessions = async () => {
    const at = clock.now();
    for (const player of players) {
      player.token = randomBytes(32).toString('base64url');
      await db.insert(gameSessions).values({
        launchTokenHash: hashToken(`launch-${player.token}`),
        sessionTokenHash: hashToken(player.token),
        userId: player.id,
        gameId: game.id,
        providerId: game.providerId,
        currency: 'EUR',
        licence: 'CW',
        nickname: `soak${player.id}`,
        createdAt: at,
        authenticatedAt: at,
        expiresAt: new Date(at.getTime() + 12 * 3600_000),
      });
    }
  };

  /** Plays `total` rounds, CONCURRENCY loops each a bet and its win at a time; answers errors by call and status. */
  const playRounds = async (d: number, total: number) => {
    const codes = new Map<string, number>();
    let next = 0;
    const fail = (what: string) => codes.set(what, (codes.get(what) ?? 0) + 1);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < total; i = next++) {
          const player = players[Math.floor(Math.random() * players.length)]!;
          const round = `d${d}-${i}`;
          const amount = 100 + Math.floor(Math.random() * 900);
          const fields = { session_token: player.token, game: SLUG, round_id: round, currency: 'EUR' };
          const bet = await wallet('bet', {
            ...fields,
            transaction_id: `${round}:bet`,
            amount_cents: amount,
            jackpot_draw: Math.floor(Math.random() * 2 ** 32),
          });
          if (bet.status !== 200) {
            fail(`bet ${bet.status} ${bet.text.slice(0, 60)}`);
            continue;
          }
          const win = await wallet('win', {
            ...fields,
            transaction_id: `${round}:win`,
            amount_cents: i % 3 === 0 ? amount * 2 : 0,
          });
          if (win.status !== 200) fail(`win ${win.status} ${win.text.slice(0, 60)}`);
        }
      }),
    );
    return codes;
  };

  /** The outbox events still to deliver. */
  const backlog = () => count(sql`select count(*) as n from outbox_events`);
  const drainOutbox = async () => {
    const ok = await waitFor(async () => {
      await running.orbitOutbox.drain();
      return (await backlog()) === 0;
    }, 300_000);
    return ok;
  };

  const activity = { signIns: 0, granted: 0, activated: 0, deposits: 0, cashouts: 0, confirmed: 0, telemetry: 0 };
  const problems = new Map<string, number>();
  const problem = (what: string) => problems.set(what, (problems.get(what) ?? 0) + 1);

  /** A card deposit through the sandbox PSP: started, then paid on its hosted page (credited on its signed webhook). */
  const deposit = async (player: Player, cookie: string, amount: number): Promise<boolean> => {
    const started = await call(
      'POST',
      '/api/cashbox/deposits',
      { payment_method: 'card_visa', amount_cents: amount, currency: 'EUR' },
      cookie,
    );
    const redirect = started.json?.redirect_url;
    if (started.status !== 201 || typeof redirect !== 'string') {
      problem(`deposit ${started.status} ${started.text.slice(0, 80)}`);
      return false;
    }
    const paid = await request(
      'POST',
      new URL(redirect).pathname,
      new URLSearchParams({
        number: '4242 4242 4242 4242',
        expiry: '12/30',
        cvc: '123',
        holder: 'Soak Card',
      }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    if (paid.status !== 303) {
      problem(`deposit page ${paid.status} ${paid.text.slice(0, 80)}`);
      return false;
    }
    activity.deposits++;
    return true;
  };

  /** The day's players: sign-in, telemetry, the tournament, a bonus wagered, deposits and cashouts. */
  const playersDay = async (d: number) => {
    const [tournament] = (
      await db.execute(
        sql`select id from promo_tournaments where demo and finished_at is null and frontend_identifier like 'tournament--%'
            and start_at <= ${clock.now().toISOString()} and end_at > ${clock.now().toISOString()} limit 1`,
      )
    ).rows as Array<{ id: number }>;
    const first = ((d - 1) * SIGNINS) % PLAYERS;
    // The day's share of the players, and yesterday's depositors back to cash out.
    const today = new Set([
      ...Array.from({ length: SIGNINS }, (_, k) => players[(first + k) % PLAYERS]!),
      ...players.filter((p) => p.depositedOn === d - 1),
    ]);
    let k = -1;
    for (const player of today) {
      k++;
      const signIn = await call('POST', '/api/users/sign_in', {
        user: { email: player.email, password: DRILL_PASSWORD },
      });
      const cookie = sessionCookie(signIn.cookies);
      if (signIn.status !== 200 || !cookie) {
        problem(`sign-in ${signIn.status}`);
        continue;
      }
      activity.signIns++;
      const seen = await request(
        'POST',
        '/analytics/events',
        JSON.stringify({ events: [{ name: 'game_open', game: GAME, mode: 'real' }] }),
        { 'content-type': 'application/json', cookie, origin: base },
      );
      if (seen.status === 204) activity.telemetry++;
      else problem(`telemetry ${seen.status}`);
      if (tournament) {
        const confirmed = await call('POST', `/api/tournaments/${tournament.id}/confirm`, { confirmed: true }, cookie);
        if (confirmed.status < 300) activity.confirmed++;
        else problem(`tournament confirm ${confirmed.status} ${confirmed.text.slice(0, 80)}`);
      }
      // Those who deposited yesterday cash part of it out to their card; the others may take a bonus.
      if (player.depositedOn !== undefined && player.depositedOn < d) {
        const methods = await call('GET', '/api/cashbox/methods?action=cashout', undefined, cookie);
        const card = (methods.json?.methods as Array<{ id: string; saved_profiles?: Array<{ id: unknown }> }>)?.find(
          (m) => m.id === 'card_visa',
        );
        const saved = card?.saved_profiles?.[0];
        const cashout = saved
          ? await call(
              'POST',
              '/api/cashbox/cashouts',
              { payment_method: 'card_visa', amount_cents: 5_000, currency: 'EUR', destination: String(saved.id) },
              cookie,
            )
          : { status: -1, text: 'no saved card' };
        if (cashout.status < 300 && cashout.status > 0) activity.cashouts++;
        else problem(`cashout ${cashout.status} ${cashout.text.slice(0, 80)}`);
        player.depositedOn = undefined;
        continue;
      }
      // Half of them take a bonus and activate it (they wager it, or it lapses after a day).
      if (k % 2 === 0) {
        try {
          const bonus = await running.orbitBonuses.grant(player.id, SOAK_TEMPLATE, 'EUR', `soak-${d}-${player.id}`);
          activity.granted++;
          const activated = await call('POST', `/api/player/bonuses/${bonus.id}/activation`, {}, cookie);
          if (activated.status === 200) activity.activated++;
          else problem(`bonus activation ${activated.status} ${activated.text.slice(0, 80)}`);
        } catch (error) {
          problem(`bonus grant: ${String(error).slice(0, 80)}`);
        }
      }
      // A fifth deposit through the sandbox PSP (its hosted page paid by card, credited on its signed webhook).
      if (k % 5 === 0 && (await deposit(player, cookie, 10_000))) player.depositedOn = d;
    }
    // Before the quarter's end the VIP player (the first) deposits twice 3,500.00 (bronze asks
    // 6,000.00 of deposits a quarter, a card takes 5,000.00 at most) and plays it through with 200
    // bets of 100.00 (bronze asks 60,000.00 of bets too: reached on day 3): a status of the quarter
    // that its end takes back.
    if (day(d) < Date.UTC(year + 1, 0, 1)) {
      const vip = players[0]!;
      const signIn = await call('POST', '/api/users/sign_in', { user: { email: vip.email, password: DRILL_PASSWORD } });
      const cookie = sessionCookie(signIn.cookies);
      for (const amount of [350_000, 350_000]) await deposit(vip, cookie, amount);
      // Credited, then played through: a deposit counts for the status once it is.
      await running.orbitSandboxPsp?.runDue();
      await drainOutbox();
      for (let r = 0; r < 200; r++) {
        const fields = { session_token: vip.token, game: SLUG, round_id: `d${d}-vip-${r}`, currency: 'EUR' };
        const bet = await wallet('bet', { ...fields, transaction_id: `d${d}-vip-${r}:bet`, amount_cents: 10_000 });
        const win = await wallet('win', { ...fields, transaction_id: `d${d}-vip-${r}:win`, amount_cents: 0 });
        if (bet.status !== 200 || win.status !== 200) problem(`VIP round ${bet.status}/${win.status}`);
      }
    }
    // A share of the others get the bonus and never look at it: it expires.
    const idle = Math.round(BONUS_SHARE * PLAYERS);
    for (let k = 0; k < idle; k++) {
      const player = players[(first + SIGNINS + k) % PLAYERS]!;
      try {
        await running.orbitBonuses.grant(player.id, SOAK_TEMPLATE, 'EUR', `soak-${d}-${player.id}`);
        activity.granted++;
      } catch (error) {
        problem(`bonus grant: ${String(error).slice(0, 80)}`);
      }
    }
  };

  /** The swept tables' rows, and those past their retention at `sweptAt` (the last sweeps' time). */
  const sweptTables = async (sweptAt: number) => {
    const before = (ms: number) => new Date(sweptAt - ms).toISOString();
    const sessionCut = before(SESSION_RETENTION_DAYS * DAY_MS);
    return {
      sessions: await count(sql`select count(*) as n from sessions`),
      sessionsStale: await count(
        sql`select count(*) as n from sessions where coalesce(ended_at, last_seen_at) < ${sessionCut}`,
      ),
      gameSessions: await count(sql`select count(*) as n from game_sessions`),
      gameSessionsStale: await count(sql`select count(*) as n from game_sessions where expires_at < ${sessionCut}`),
      outbox: await backlog(),
      notifications: await count(sql`select count(*) as n from player_notifications`),
      notificationsStale: await count(
        sql`select count(*) as n from player_notifications where created_at < ${before(NOTIFICATION_KEEP_MS)}`,
      ),
      telemetry: await count(sql`select count(*) as n from telemetry_events`),
      telemetryStale: await count(
        sql`select count(*) as n from telemetry_events where created_at < ${before(TELEMETRY_RETENTION_DAYS * DAY_MS)}`,
      ),
    };
  };
  type Tables = Awaited<ReturnType<typeof sweptTables>>;
  const staleRows = (t: Tables) => t.sessionsStale + t.gameSessionsStale + t.notificationsStale + t.telemetryStale;

  type Figures = Tables & {
    day: number;
    rounds: number;
    perSecond: number;
    errors: number;
    audit: boolean;
    rssMb: number;
    heapMb: number;
    outboxAtDayEnd: number;
    bonuses: Record<string, number>;
    tournamentsEnded: number;
    lotteriesDrawn: number;
    vip: string;
    vipPast: number;
  };
  const figures: Figures[] = [];
  const perDay = Math.round(ROUNDS / DAYS);

  for (let d = 1; d <= DAYS; d++) {
    // The day starts at its midnight, or where the last day's sweeps left the clock: it never goes back.
    if (clock.now().getTime() < day(d)) setClock(day(d));
    await launchSessions();
    await playersDay(d);
    const playStart = performance.now();
    const codes = await playRounds(d, perDay);
    const seconds = (performance.now() - playStart) / 1000;
    const outboxAtDayEnd = await backlog();
    // The next day's start: the sweeps see the day gone by, the sandbox settles, the outbox empties.
    setClock(day(d + 1));
    await running.orbitSweeps.runAll();
    await running.orbitSandboxPsp?.runDue();
    await drainOutbox();
    // The last pass's time: what it left past a retention (an hour's slack, the slowest sweep's period) is stale.
    const sweptAt = clock.now().getTime() - 3600_000;
    await running.orbitSweeps.runAll();
    await drainOutbox();
    const at = clock.now();
    const audit = await auditLedger(db);
    if (!audit.ok) console.log(`day ${d} ledger audit: ${audit.problems.join('; ')}`);
    global.gc?.();
    const memory = process.memoryUsage();
    const stages = (await db.execute(sql`select stage, count(*)::int as n from player_bonuses group by stage`))
      .rows as Array<{ stage: string; n: number }>;
    const vipRows = (
      await db.execute(
        sql`select quarter, count(*)::int as n from vip_statuses where status not in ('regular') group by quarter order by quarter`,
      )
    ).rows as Array<{ quarter: string; n: number }>;
    const row: Figures = {
      day: d,
      rounds: perDay,
      perSecond: perDay / seconds,
      errors: [...codes.values()].reduce((a, b) => a + b, 0),
      audit: audit.ok,
      rssMb: memory.rss / 2 ** 20,
      heapMb: memory.heapUsed / 2 ** 20,
      ...(await sweptTables(sweptAt)),
      outboxAtDayEnd,
      bonuses: Object.fromEntries(stages.map((s) => [s.stage, s.n])),
      tournamentsEnded: await count(sql`select count(*) as n from promo_tournaments where finished_at is not null`),
      lotteriesDrawn: await count(sql`select count(*) as n from promo_lotteries where finished_at is not null`),
      vip: vipRows.map((v) => `${v.quarter}:${v.n}`).join(' ') || '-',
      vipPast: await count(
        sql`select count(*) as n from vip_statuses where status not in ('regular', 'diamond') and quarter < ${quarterOf(at)}`,
      ),
    };
    figures.push(row);
    found.check(audit.ok, `day ${d} (${iso(day(d))}): ledger audit ok`);
    if (codes.size) console.log(`day ${d} errors: ${[...codes].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
    console.log(
      `day ${d} done: ${perDay} rounds in ${seconds.toFixed(1)} s (${row.perSecond.toFixed(0)}/s), RSS ${row.rssMb.toFixed(0)} MB, outbox ${row.outbox}, clock ${iso(at)}`,
    );
  }

  // ---- the figures -----------------------------------------------------------------------------
  console.log(
    `\n| day | date | rounds/s | errors | audit | RSS MB | heap MB | sessions (stale) | game sessions (stale) | outbox end of day → after sweeps | notifications (stale) | telemetry (stale) | bonuses | tournaments ended | lotteries drawn | VIP statuses by quarter |`,
  );
  console.log('|---|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|');
  for (const f of figures)
    console.log(
      `| ${f.day} | ${iso(day(f.day)).slice(0, 10)} | ${f.perSecond.toFixed(0)} | ${f.errors} | ${f.audit ? 'ok' : 'BROKEN'} | ${f.rssMb.toFixed(0)} | ${f.heapMb.toFixed(0)} | ${f.sessions} (${f.sessionsStale}) | ${f.gameSessions} (${f.gameSessionsStale}) | ${f.outboxAtDayEnd} → ${f.outbox} | ${f.notifications} (${f.notificationsStale}) | ${f.telemetry} (${f.telemetryStale}) | ${Object.entries(
        f.bonuses,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')} | ${f.tournamentsEnded} | ${f.lotteriesDrawn} | ${f.vip} |`,
    );
  console.log(
    `\nactivity over the week: ${Object.entries(activity)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}${problems.size ? `; refused: ${[...problems].map(([k, v]) => `${k} ×${v}`).join('; ')}` : ''}`,
  );
  const payments = (
    await db.execute(sql`select action, state, count(*)::int as n from payments group by 1, 2 order by 1, 2`)
  ).rows as Array<{ action: string; state: string; n: number }>;
  console.log(`payments: ${payments.map((p) => `${p.action} ${p.state} ${p.n}`).join(', ') || 'none'}`);

  const first = figures[0]!;
  const last = figures.at(-1)!;
  const totalErrors = figures.reduce((a, f) => a + f.errors, 0);
  found.check(totalErrors === 0, `every round answered (${totalErrors} errors)`);
  // Day 1's figure still holds the sign-ups' garbage at times: the lower of days 1 and 2 is the base.
  const baseRss = Math.min(first.rssMb, figures[1]?.rssMb ?? first.rssMb);
  found.check(
    last.rssMb <= baseRss * 1.1,
    `memory flat: RSS ${last.rssMb.toFixed(0)} MB at day 7, ${baseRss.toFixed(0)} MB at day ${baseRss === first.rssMb ? 1 : 2} (${(((last.rssMb - baseRss) / baseRss) * 100).toFixed(1)} %, at most +10 %); heap ${first.heapMb.toFixed(0)} → ${last.heapMb.toFixed(0)} MB`,
  );
  found.check(last.outbox === 0, `outbox empty at the end (${last.outbox})`);
  found.check(
    figures.every((f) => f.notificationsStale === 0),
    `notifications: none older than ${NOTIFICATION_KEEP_MS / 3600_000} h left after a sweep (max ${Math.max(...figures.map((f) => f.notifications))} rows)`,
  );
  found.check(
    figures.every((f) => f.telemetryStale === 0) && last.telemetry > 0,
    `telemetry: none older than ${TELEMETRY_RETENTION_DAYS} days left after a sweep (${figures.map((f) => f.telemetry).join(' → ')} rows)`,
  );
  found.check(
    figures.every((f) => f.sessionsStale === 0 && f.gameSessionsStale === 0),
    `sessions: none past ${SESSION_RETENTION_DAYS} days left after a sweep (sign-in ${figures.map((f) => f.sessions).join(' → ')}, game ${figures.map((f) => f.gameSessions).join(' → ')} rows)`,
  );
  // The leap: past the sessions' retention, every session of the week goes (none is live then).
  setClock(clock.now().getTime() + (SESSION_RETENTION_DAYS + 1) * DAY_MS);
  await running.orbitSweeps.runAll();
  await drainOutbox();
  const leapAudit = await auditLedger(db);
  const afterLeap = await sweptTables(clock.now().getTime() - 3600_000);
  found.check(
    afterLeap.sessions === 0 && afterLeap.gameSessions === 0 && staleRows(afterLeap) === 0 && leapAudit.ok,
    `${SESSION_RETENTION_DAYS + 1} days later (${iso(clock.now().getTime())}): sign-in sessions ${last.sessions} → ${afterLeap.sessions}, game sessions ${last.gameSessions} → ${afterLeap.gameSessions}, notifications ${afterLeap.notifications}, telemetry ${afterLeap.telemetry}, outbox ${afterLeap.outbox}; ledger audit ${leapAudit.ok ? 'ok' : 'BROKEN'}`,
  );
  found.check(
    activity.deposits > 0 && payments.some((p) => p.action === 'deposit' && p.state === 'succeeded'),
    `deposits through the sandbox PSP credited (${activity.deposits} paid)`,
  );
  found.check(
    SIGNINS < 10 || payments.some((p) => p.action === 'cashout' && p.state === 'succeeded'),
    `cashouts through the sandbox PSP paid out (${activity.cashouts} asked)`,
  );
  found.check(
    (last.bonuses.expired ?? 0) > 0 && (last.bonuses.wager_done ?? 0) + (last.bonuses.lost ?? 0) > 0,
    `bonuses wagered and expired (${Object.entries(last.bonuses)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
  );
  found.check(
    last.tournamentsEnded >= 2 && last.lotteriesDrawn >= 1,
    `tournaments ended (${last.tournamentsEnded}) and the lottery drawn (${last.lotteriesDrawn})`,
  );
  const heldBefore = figures.find((f) => f.vip.includes('-Q4'));
  found.check(
    heldBefore !== undefined && last.vipPast === 0,
    `VIP quarter turned: a status of Q4 held (${heldBefore ? `day ${heldBefore.day}: ${heldBefore.vip}` : 'none'}), none of a past quarter left at day 7 (${last.vip})`,
  );
  const perSecond = figures.reduce((a, f) => a + f.perSecond, 0) / figures.length;
  console.log(
    `\nat ${perSecond.toFixed(0)} rounds/s, the full week (10,000,000 rounds) plays in about ${(10_000_000 / perSecond / 3600).toFixed(1)} h`,
  );
} catch (error) {
  console.error(error);
  found.check(false, `the drill ran to its end (${String(error).slice(0, 200)})`);
} finally {
  await app?.close();
  await database?.close();
  postgres.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
found.verdict('soak');

/**
 * `npm run drill:postgres-restart` (docs/operations.md "Drills"): PostgreSQL stopped and started
 * again under play, once cleanly and once as a crash.
 *
 * A PostgreSQL cluster of its own (scripts/drill-support.ts), two casino instances on it, players
 * in real game sessions, and a studio's load: `DRILL_RATE` rounds a second (default 200; a signed
 * bet, then its win one round in three and a zero win otherwise, through the provider protocol,
 * half the rounds through each instance). Then:
 * 1. a fast shutdown of PostgreSQL (sessions ended, a checkpoint), 5 s down, started again;
 * 2. an immediate shutdown (as a crash: recovery from the WAL at the start), 5 s down, started again.
 * The load goes on throughout, as a studio's would: a call that fails is sent again later with the
 * same body. What must hold: every call answered within 5 s (a failure fast, with the protocol's
 * retryable `internal_error`), never hanging; each instance serving again within 10 s of
 * PostgreSQL's return without a restart; once every call has been answered, each player's balance
 * is exactly their funding less their bets plus their wins (nothing acknowledged lost, nothing
 * doubled), every acknowledged call answered again the same, the outbox empty, the ledger audit ok.
 * The last line is the verdict; exit 0 only when everything held.
 */
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { auditLedger } from '../apps/server/src/modules/wallet';
import { percentile } from './bench-support';
import {
  CALL_TIMEOUT_MS,
  DRILL_FUNDS,
  DRILL_GAME,
  findings,
  startCasino,
  startPostgresCluster,
  type Answer,
  type Casino,
  type DrillPlayer,
} from './drill-support';

const RATE = Number(process.env.DRILL_RATE ?? 200);
const PLAYERS = 40;
const DOWN_MS = 5_000;

type Call = { instance: number; action: 'bet' | 'win'; body: string; player: number; amount: number };

const found = findings();
const postgres = await startPostgresCluster();
let casino: Casino | undefined;
try {
  console.log(`drill:postgres-restart — PostgreSQL of its own, two instances, ${RATE} rounds/s`);
  casino = await startCasino({ databaseUrl: postgres.url, instances: 2 });
  const { database } = casino;
  const wallet = (call: Pick<Call, 'instance' | 'action' | 'body'>) =>
    casino!.wallet(call.instance, call.action, call.body);
  const players: DrillPlayer[] = [];
  for (let n = 0; n < PLAYERS; n++) players.push(await casino.signUpPlayer(n % 2));
  console.log(`${PLAYERS} players funded and in a real game session`);

  // The studio's load: each round a bet, then its win; a failed call is sent again later (same body).
  const acknowledged = new Map<string, { call: Call; answer: Answer }>();
  const answered: Answer[] = [];
  const retries: Call[][] = [];
  let seq = 0;
  let running = true;
  const playRound = async (calls: Call[]) => {
    for (let i = 0; i < calls.length; i++) {
      const answer = await wallet(calls[i]!);
      answered.push(answer);
      if (answer.status !== 200) {
        retries.push(calls.slice(i));
        return;
      }
      acknowledged.set(calls[i]!.body, { call: calls[i]!, answer });
    }
  };
  const newRound = (): Call[] => {
    const n = ++seq;
    const player = n % PLAYERS;
    const instance = n % 2;
    const fields = {
      session_token: players[player]!.sessionToken,
      game: DRILL_GAME,
      round_id: `drill-r-${n}`,
      currency: 'EUR',
    };
    const bet = 100 + (n % 5) * 50;
    const win = n % 3 === 0 ? bet * 2 : 0;
    return [
      {
        instance,
        player,
        amount: bet,
        action: 'bet',
        body: JSON.stringify({ ...fields, transaction_id: `${n}-b`, amount_cents: bet }),
      },
      {
        instance,
        player,
        amount: win,
        action: 'win',
        body: JSON.stringify({ ...fields, transaction_id: `${n}-w`, amount_cents: win }),
      },
    ];
  };
  const inFlight = new Set<Promise<void>>();
  const load = (async () => {
    const start = performance.now();
    for (let n = 0; running; n++) {
      const due = start + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const round = playRound(newRound()).finally(() => inFlight.delete(round));
      inFlight.add(round);
    }
  })();

  /** Answers from now on: the window of one phase. */
  const mark = () => answered.length;
  const firstOkAfter = async (since: number) => {
    for (let i = since; ; i++) {
      while (i >= answered.length) await new Promise((resolve) => setTimeout(resolve, 20));
      if (answered[i]!.status === 200) return;
    }
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  await sleep(5_000);
  for (const mode of ['fast', 'immediate'] as const) {
    const before = mark();
    postgres.stop(mode);
    const downAt = performance.now();
    console.log(`PostgreSQL stopped (${mode}); ${DOWN_MS / 1000} s down`);
    await sleep(DOWN_MS);
    const during = answered.slice(before);
    postgres.start();
    const upAt = performance.now();
    const back = mark();
    const served = await Promise.race([firstOkAfter(back).then(() => true), sleep(10_000).then(() => false)]);
    const servedAfter = (performance.now() - upAt) / 1000;
    const failures = during.filter((a) => a.status !== 200);
    const slowest = Math.max(0, ...during.map((a) => a.ms));
    const notRetryable = failures.filter((a) => !(a.status === 500 && a.json?.code === 'internal_error'));
    found.check(
      slowest < CALL_TIMEOUT_MS && notRetryable.length === 0,
      `${mode} stop: ${during.length} calls while down (${((upAt - downAt) / 1000).toFixed(1)} s), ${failures.length} failed, all fast ` +
        `(slowest ${slowest.toFixed(0)} ms) with the retryable internal_error${notRetryable.length ? `; other: ${JSON.stringify(notRetryable[0])}` : ''}`,
    );
    found.check(
      served,
      `${mode} stop: serving again ${servedAfter.toFixed(1)} s after PostgreSQL's return (within 10 s)`,
    );
    await sleep(5_000);
  }

  // The load ends; every failed call is sent again until answered, as the studio would.
  running = false;
  await load;
  await Promise.all(inFlight);
  for (let attempt = 0; retries.length > 0 && attempt < 20; attempt++) {
    const pending = retries.splice(0);
    await Promise.all(pending.map(playRound));
    if (retries.length) await sleep(500);
  }
  found.check(
    retries.length === 0,
    `every call answered in the end (${acknowledged.size} acknowledged, ${retries.length} never)`,
  );

  const times = answered.map((a) => a.ms).sort((a, b) => a - b);
  console.log(
    `${answered.length} answers in all: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, ` +
      `${answered.filter((a) => a.status !== 200).length} failures sent again`,
  );

  // Each player's money: funding less the acknowledged bets plus the acknowledged wins, to the cent.
  const expected = new Map<number, number>(players.map((p) => [p.id, DRILL_FUNDS]));
  for (const { call } of acknowledged.values()) {
    const id = players[call.player]!.id;
    expected.set(id, expected.get(id)! + (call.action === 'bet' ? -call.amount : call.amount));
  }
  const balances = (
    await database.db.execute(
      sql`select user_id as id, balance from ledger_accounts where kind = 'real' and user_id in (${sql.join(
        players.map((p) => sql`${p.id}`),
        sql`, `,
      )})`,
    )
  ).rows as Array<{ id: number; balance: number }>;
  const wrong = balances.filter((b) => Number(b.balance) !== expected.get(Number(b.id)));
  found.check(
    balances.length === PLAYERS && wrong.length === 0,
    `every player's balance is funding − bets + wins of the acknowledged calls (${wrong.length} differ${wrong.length ? `: ${JSON.stringify(wrong[0])} expected ${expected.get(Number(wrong[0]!.id))}` : ''})`,
  );

  // Every acknowledged call, sent again, answers the first answer.
  let different = 0;
  let example = '';
  const all = [...acknowledged.values()];
  for (let i = 0; i < all.length; i += 50) {
    const answers = await Promise.all(all.slice(i, i + 50).map(({ call }) => wallet(call)));
    answers.forEach((again, j) => {
      const first = all[i + j]!.answer;
      if (again.status !== first.status || !isDeepStrictEqual(again.json, first.json)) {
        different++;
        example ||= `${all[i + j]!.call.body} → ${JSON.stringify(first.json)} then ${JSON.stringify(again.json)}`;
      }
    });
  }
  found.check(
    different === 0,
    `replays: ${all.length} acknowledged calls sent again, ${different} answered differently${example ? ` (${example})` : ''}`,
  );

  found.check(casino.sameProcesses(), 'no instance restarted (the same processes serve)');
  const outbox = await casino.outboxEmptied(180_000);
  found.check(outbox.ok, outbox.said);
  const audit = await auditLedger(database.db);
  found.check(audit.ok, `ledger audit ${audit.ok ? 'ok' : audit.problems.join('; ')}`);
} catch (error) {
  found.check(false, `the drill could not run: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  await casino?.stop();
  postgres.remove();
}
found.verdict('postgres-restart');

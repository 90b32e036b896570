/**
 * `npm run bench:ledger`: ledger transfers per second on PostgreSQL, and each transfer's latency.
 * Creates a throw-away database on the server of DATABASE_URL (the role needs CREATEDB), migrates
 * and seeds it, opens 1,000 funded players, then runs two loads with BENCH_CONCURRENCY transfers
 * in flight for BENCH_SECONDS each:
 *   - across 1,000 accounts: each transfer moves money between two random players;
 *   - one hot account: each transfer is a bet from a random player into the house `bets` account.
 * Each transfer is the full path: its own transaction, idempotency key, both balances under row
 * locks, the transfer row and its outbox event. The ledger audit runs at the end.
 * Targets (issue: money) on 2 cores: ≥ 2,000/s across 1,000 accounts, ≥ 500/s on one hot account.
 */
import { auditLedger, Ledger, openAccount, type TransferRequest } from '../apps/server/src/modules/wallet';
import { systemClock } from '../apps/server/src/platform/clock';
import { createDatabase } from '../apps/server/src/platform/db/client';
import { seedAll } from '../apps/server/src/seed';
import { percentile, postgresServerUrl, throwawayDatabase } from './bench-support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PLAYERS = 1_000;
const serverUrl = postgresServerUrl('bench:ledger');

const name = `orbit_bench_${process.pid}`;
const throwaway = await throwawayDatabase(serverUrl, name);
const database = await createDatabase({ databaseUrl: throwaway.url, poolSize: CONCURRENCY + 2 });
try {
  await database.migrate();
  await seedAll(database.db, { demoPlayer: false });
  const ledger = new Ledger(systemClock);
  let key = 0;
  const players: number[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const player = 1_000_000 + i;
    await openAccount(database.db, player, 'EUR');
    players.push(player);
  }
  await Promise.all(
    players.map((player) =>
      ledger.transfer(database.db, {
        idempotencyKey: `fund-${player}`,
        kind: 'deposit',
        reference: 'bench',
        currency: 'EUR',
        amount: 1_000_000_00,
        from: { house: 'psp_clearing' },
        to: { player, kind: 'real' },
      }),
    ),
  );
  const pick = () => players[Math.floor(Math.random() * players.length)]!;

  async function load(label: string, next: () => TransferRequest): Promise<void> {
    const latencies: number[] = [];
    let errors = 0;
    const until = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          try {
            await ledger.transfer(database.db, next());
            latencies.push(performance.now() - t0);
          } catch (error) {
            errors++;
            if (errors <= 3) console.error(`  ${label}: ${(error as Error).message}`);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1).padStart(6);
    console.log(
      `${label.padEnd(34)} ${String(Math.round(latencies.length / elapsed)).padStart(6)} transfers/s   p50 ${f(percentile(latencies, 50))} ms   p95 ${f(percentile(latencies, 95))} ms   p99 ${f(percentile(latencies, 99))} ms   errors ${errors}`,
    );
  }

  console.log(
    `bench:ledger on PostgreSQL: ${PLAYERS} players, ${CONCURRENCY} transfers in flight, ${SECONDS} s per load`,
  );
  await load('across 1,000 player accounts', () => {
    const from = pick();
    let to = pick();
    while (to === from) to = pick();
    return {
      idempotencyKey: `b-${key++}`,
      kind: 'adjustment',
      reference: 'bench',
      currency: 'EUR',
      amount: 1 + (key % 500),
      from: { player: from, kind: 'real' },
      to: { player: to, kind: 'real' },
    };
  });
  await load('one hot house account (bets)', () => ({
    idempotencyKey: `b-${key++}`,
    kind: 'bet',
    reference: 'bench',
    currency: 'EUR',
    amount: 1 + (key % 500),
    from: { player: pick(), kind: 'real' },
    to: { house: 'bets' },
  }));
  const audit = await auditLedger(database.db);
  console.log(
    `ledger audit: ${audit.ok ? 'ok' : 'BROKEN'} (${audit.transfers} transfers, ${audit.accounts} accounts)${audit.ok ? '' : `: ${audit.problems.join('; ')}`}`,
  );
  if (!audit.ok) process.exitCode = 1;
} finally {
  await database.close();
  await throwaway.drop();
}

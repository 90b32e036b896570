/**
 * The ledger under concurrent load, on PostgreSQL only (PGlite is one connection, so nothing
 * there runs at once): parallel debits of one balance never take it below zero and lose or
 * double nothing; parallel replays of one key move money once; crossing transfers do not deadlock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientFundsError, Ledger, type TransferRequest, type TransferResult } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { balancesOf, expectLedgerHolds, openPlayer } from '../support/ledger';

const onPostgres = Boolean(process.env.DATABASE_URL);
const clock = new FakeClock('2026-08-01T00:00:00Z');
const ledger = new Ledger(clock);
let t: TestApp;
let n = 0;

beforeAll(async () => {
  if (onPostgres) t = await createTestApp({}, { clock, poolSize: 20 });
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

function fund(player: number, amount: number): Promise<TransferResult> {
  return ledger.transfer(t.database.db, {
    idempotencyKey: `c-${n++}`,
    kind: 'deposit',
    reference: 'payment',
    currency: 'EUR',
    amount,
    from: { house: 'psp_clearing' },
    to: { player, kind: 'real' },
  });
}
function bet(player: number, amount: number, idempotencyKey = `c-${n++}`): TransferRequest {
  return {
    idempotencyKey,
    kind: 'bet',
    reference: 'round',
    currency: 'EUR',
    amount,
    from: { player, kind: 'real' },
    to: { house: 'bets' },
  };
}

describe.runIf(onPostgres)('concurrent transfers on PostgreSQL', () => {
  it('50 parallel debits of one balance: never below zero, nothing lost or doubled', async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    await fund(player, 1_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, () => ledger.transfer(t.database.db, bet(player, 30))),
    );
    const succeeded = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.every((o) => (o as PromiseRejectedResult).reason instanceof InsufficientFundsError)).toBe(true);
    expect(succeeded).toBe(33);
    expect(await balancesOf(t.database.db, player, 'EUR')).toMatchObject({ real: 1_000 - 33 * 30 });
    await expectLedgerHolds(t.database.db);
  });

  it('50 parallel replays of one key move the money once and all answer the same transfer', async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    await fund(player, 500);
    const request = bet(player, 40);
    const results = await Promise.all(Array.from({ length: 50 }, () => ledger.transfer(t.database.db, { ...request })));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transfer.id)).size).toBe(1);
    expect(await balancesOf(t.database.db, player, 'EUR')).toMatchObject({ real: 460 });
    await expectLedgerHolds(t.database.db);
  });

  it('transfers crossing between two players and the house in both directions finish without deadlock', async () => {
    const a = await openPlayer(t.database.db, ['EUR']);
    const b = await openPlayer(t.database.db, ['EUR']);
    await fund(a, 10_000);
    await fund(b, 10_000);
    const moves: TransferRequest[] = [];
    for (let i = 0; i < 40; i++) {
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      moves.push({
        idempotencyKey: `c-${n++}`,
        kind: 'adjustment',
        reference: 'swap',
        currency: 'EUR',
        amount: 10 + i,
        from: { player: from, kind: 'real' },
        to: { player: to, kind: 'real' },
      });
      moves.push(bet(from, 5));
      moves.push({
        idempotencyKey: `c-${n++}`,
        kind: 'win',
        reference: 'round',
        currency: 'EUR',
        amount: 7,
        from: { house: 'bets' },
        to: { player: to, kind: 'real' },
      });
    }
    await Promise.all(moves.map((m) => ledger.transfer(t.database.db, m)));
    const [ba, bb] = [await balancesOf(t.database.db, a, 'EUR'), await balancesOf(t.database.db, b, 'EUR')];
    // Swaps: a sends 10,12,…,48 and receives 11,13,…,49 (+20); each side bets 20×5 and wins 20×7 (+40).
    expect(ba.real).toBe(10_000 + 20 + 40);
    expect(bb.real).toBe(10_000 - 20 + 40);
    await expectLedgerHolds(t.database.db);
  });
});

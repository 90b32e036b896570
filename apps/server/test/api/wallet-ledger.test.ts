import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InsufficientFundsError,
  Ledger,
  TRANSFER_TOPIC,
  auditLedger,
  type TransferRequest,
} from '../../src/modules/wallet';
import { ledgerAccounts, ledgerTransfers } from '../../src/modules/wallet/schema';
import { FakeClock } from '../../src/platform/clock';
import { AppError } from '../../src/platform/errors';
import { outboxEvents } from '../../src/platform/outbox/schema';
import { createTestApp, type TestApp } from '../support/app';
import { balancesOf, expectLedgerHolds, openPlayer } from '../support/ledger';

const clock = new FakeClock('2026-05-01T09:00:00Z');
const ledger = new Ledger(clock);
let t: TestApp;
let key = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

function deposit(player: number, amount: number, currency = 'EUR', idempotencyKey = `dep-${key++}`): TransferRequest {
  return {
    idempotencyKey,
    kind: 'deposit',
    reference: `payment:${idempotencyKey}`,
    currency,
    amount,
    from: { house: 'psp_clearing' },
    to: { player, kind: 'real' },
  };
}

async function transferCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(ledgerTransfers);
  return row!.n;
}
async function eventCount(): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(outboxEvents)
    .where(eq(outboxEvents.topic, TRANSFER_TOPIC));
  return row!.n;
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the call should be refused').toBeInstanceOf(AppError);
  return error as AppError;
}

describe('transfers', () => {
  it('moves money between two accounts and writes one outbox event with it', async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    const events = await eventCount();
    const { transfer, replayed } = await ledger.transfer(t.database.db, deposit(player, 2_500));
    expect(replayed).toBe(false);
    expect(transfer).toMatchObject({ kind: 'deposit', currency: 'EUR', amount: 2_500 });
    expect(await balancesOf(t.database.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      real: 2_500,
      bonus: 0,
      reserved: 0,
      held: 0,
    });
    expect(await eventCount()).toBe(events + 1);
    const [event] = await t.database.db
      .select()
      .from(outboxEvents)
      .orderBy(sql`id desc`)
      .limit(1);
    expect(event!.payload).toMatchObject({
      transferId: transfer.id,
      kind: 'deposit',
      amount: 2_500,
      to: { player, kind: 'real' },
    });
    await expectLedgerHolds(t.database.db);
  });

  it('answers a replayed key with the first transfer and moves nothing', async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    const request = deposit(player, 1_000);
    const first = await ledger.transfer(t.database.db, request);
    const [transfers, events] = [await transferCount(), await eventCount()];
    const again = await ledger.transfer(t.database.db, { ...request });
    expect(again).toEqual({ transfer: first.transfer, replayed: true });
    expect(await balancesOf(t.database.db, player, 'EUR')).toMatchObject({ real: 1_000 });
    expect([await transferCount(), await eventCount()]).toEqual([transfers, events]);
  });

  it('refuses a replayed key with a different payload and moves nothing', async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    const request = deposit(player, 1_000);
    await ledger.transfer(t.database.db, request);
    for (const changed of [
      { amount: 1_001 },
      { reference: 'payment:other' },
      { to: { player, kind: 'bonus' as const } },
    ]) {
      const error = await refusal(ledger.transfer(t.database.db, { ...request, ...changed }));
      expect([error.status, error.code]).toEqual([409, 'idempotency_conflict']);
    }
    expect(await balancesOf(t.database.db, player, 'EUR')).toMatchObject({ real: 1_000, bonus: 0 });
    await expectLedgerHolds(t.database.db);
  });

  it('refuses a debit below zero, saying what the account holds, and writes nothing', async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    await ledger.transfer(t.database.db, deposit(player, 700));
    const [transfers, events] = [await transferCount(), await eventCount()];
    const error = await refusal(
      ledger.transfer(t.database.db, {
        idempotencyKey: `bet-${key++}`,
        kind: 'bet',
        reference: 'round:1',
        currency: 'EUR',
        amount: 701,
        from: { player, kind: 'real' },
        to: { house: 'bets' },
      }),
    );
    expect(error).toBeInstanceOf(InsufficientFundsError);
    expect([error.status, error.code, (error as InsufficientFundsError).balance]).toEqual([
      422,
      'insufficient_funds',
      700,
    ]);
    expect(await balancesOf(t.database.db, player, 'EUR')).toMatchObject({ real: 700 });
    expect([await transferCount(), await eventCount()]).toEqual([transfers, events]);
  });

  it('lets house accounts go below zero (money that came in from outside)', async () => {
    const player = await openPlayer(t.database.db, ['BTC']);
    await ledger.transfer(t.database.db, deposit(player, 150_000, 'BTC'));
    const [row] = await t.database.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        sql`${ledgerAccounts.userId} is null and ${ledgerAccounts.currency} = 'BTC' and ${ledgerAccounts.kind} = 'psp_clearing'`,
      );
    expect(row!.balance).toBeLessThanOrEqual(-150_000);
  });

  it("keeps the house's busy accounts in shards by player: bets of different players move different rows, the house's balance is their sum", async () => {
    const houseBets = async () => {
      const rows = await t.database.db
        .select({ id: ledgerAccounts.id, shard: ledgerAccounts.shard, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(
          sql`${ledgerAccounts.userId} is null and ${ledgerAccounts.currency} = 'EUR' and ${ledgerAccounts.kind} = 'bets'`,
        );
      return {
        shards: rows.length,
        total: rows.reduce((a, r) => a + r.balance, 0),
        byId: new Map(rows.map((r) => [r.id, r])),
      };
    };
    const before = await houseBets();
    expect(before.shards).toBe(16);
    const a = await openPlayer(t.database.db, ['EUR']);
    const b = await openPlayer(t.database.db, ['EUR']);
    await ledger.transfer(t.database.db, deposit(a, 1_000));
    await ledger.transfer(t.database.db, deposit(b, 1_000));
    const bet = (player: number, amount: number) =>
      ledger.transfer(t.database.db, {
        idempotencyKey: `shard-${key++}`,
        kind: 'bet',
        reference: 'round:s',
        currency: 'EUR',
        amount,
        from: { player, kind: 'real' },
        to: { house: 'bets' },
      });
    const [x, y] = [await bet(a, 300), await bet(b, 200)];
    const after = await houseBets();
    expect(x.transfer.creditAccountId).not.toBe(y.transfer.creditAccountId);
    expect(after.byId.get(x.transfer.creditAccountId)!.shard).toBe(a % 16);
    expect(after.byId.get(y.transfer.creditAccountId)!.shard).toBe(b % 16);
    expect(after.total - before.total).toBe(500);
    // A win comes back from the player's own shard.
    const win = await ledger.transfer(t.database.db, {
      idempotencyKey: `shard-${key++}`,
      kind: 'win',
      reference: 'round:s',
      currency: 'EUR',
      amount: 50,
      from: { house: 'bets' },
      to: { player: a, kind: 'real' },
    });
    expect(win.transfer.debitAccountId).toBe(x.transfer.creditAccountId);
    await expectLedgerHolds(t.database.db);
  });

  it('refuses amounts that are not positive whole minor units', async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    for (const amount of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 2, Number.NaN]) {
      const error = await refusal(ledger.transfer(t.database.db, deposit(player, amount)));
      expect([error.status, error.code, error.field]).toEqual([422, 'invalid_amount', 'amount']);
    }
    const same = await refusal(
      ledger.transfer(t.database.db, {
        ...deposit(player, 5),
        from: { player, kind: 'real' },
        to: { player, kind: 'real' },
      }),
    );
    expect(same.code).toBe('same_account');
  });

  it('refuses a player without an account in the currency, and an unknown currency', async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    expect((await refusal(ledger.transfer(t.database.db, deposit(player, 100, 'USD')))).code).toBe('account_not_found');
    expect((await refusal(ledger.transfer(t.database.db, deposit(player, 100, 'XYZ')))).code).toBe('invalid_currency');
    const house = {
      idempotencyKey: `h-${key++}`,
      kind: 'adjustment' as const,
      reference: 'x',
      currency: 'XYZ',
      amount: 1,
      from: { house: 'bets' as const },
      to: { house: 'promotions' as const },
    };
    expect((await refusal(ledger.transfer(t.database.db, house))).code).toBe('invalid_currency');
  });

  it('applies transfers that belong together all or not at all', async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    await ledger.transfer(t.database.db, deposit(player, 300));
    const bet = (amount: number, kind: 'real' | 'bonus'): TransferRequest => ({
      idempotencyKey: `bet-${key++}`,
      kind: 'bet',
      reference: 'round:split',
      currency: 'EUR',
      amount,
      from: { player, kind },
      to: { house: 'bets' },
    });
    // 300 real is there; the bonus part is not: neither part may stay.
    await refusal(ledger.transferAll(t.database.db, [bet(300, 'real'), bet(50, 'bonus')]));
    expect(await balancesOf(t.database.db, player, 'EUR')).toMatchObject({ real: 300, bonus: 0 });
  });

  it("undoes a refused transfer inside a caller's transaction without undoing the caller's other work", async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    await t.database.db.transaction(async (tx) => {
      await ledger.transfer(tx, deposit(player, 400));
      await refusal(
        ledger.transfer(tx, {
          ...deposit(player, 999),
          from: { player, kind: 'real' },
          to: { house: 'bets' },
          kind: 'bet',
        }),
      );
      await ledger.transfer(tx, {
        ...deposit(player, 100),
        from: { player, kind: 'real' },
        to: { player, kind: 'reserved' },
        kind: 'cashout_reserve',
      });
    });
    expect(await balancesOf(t.database.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      real: 300,
      bonus: 0,
      reserved: 100,
      held: 0,
    });
    await expectLedgerHolds(t.database.db);
  });
});

describe('audit', () => {
  it('names the first account whose balance is not the sum of its legs', async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    await ledger.transfer(t.database.db, deposit(player, 500));
    await expectLedgerHolds(t.database.db);
    const [account] = await t.database.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(sql`${ledgerAccounts.userId} = ${player} and ${ledgerAccounts.kind} = 'real'`);
    // Money created out of nothing: a balance changed without a transfer.
    await t.database.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${account!.id}`);
    const audit = await auditLedger(t.database.db);
    expect(audit.ok).toBe(false);
    expect(audit.firstBroken).toMatchObject({
      accountId: account!.id,
      userId: player,
      kind: 'real',
      balance: 501,
      sumOfLegs: 500,
    });
    expect(audit.problems.join('\n')).toContain(
      `account ${account!.id} (player ${player} real EUR) holds 501 but its legs sum to 500`,
    );
    await t.database.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${account!.id}`);
    await expectLedgerHolds(t.database.db);
  });

  it('refuses, in the database itself, a player balance below zero', async () => {
    const player = await openPlayer(t.database.db, ['EUR']);
    const attempt = t.database.db.execute(
      sql`update ledger_accounts set balance = -1 where user_id = ${player} and kind = 'real'`,
    );
    await expect(attempt).rejects.toThrow();
    expect(await balancesOf(t.database.db, player, 'EUR')).toMatchObject({ real: 0 });
  });
});

/** Helpers for the ledger tests: players' accounts opened directly, balances read back, the audit asserted. */
import { expect } from 'vitest';
import { auditLedger, openAccount, playerBalances, type PlayerBalances } from '../../src/modules/wallet';
import type { Executor } from '../../src/platform/db/executor';

let nextUserId = 900_000;

/** A player id with accounts open in the currencies (no users row: the ledger needs none). */
export async function openPlayer(
  db: Executor,
  currencies: string[],
  at = new Date('2026-01-01T00:00:00Z'),
): Promise<number> {
  const userId = nextUserId++;
  for (const currency of currencies) await openAccount(db, userId, currency, at);
  return userId;
}

export async function balancesOf(db: Executor, userId: number, currency: string): Promise<PlayerBalances> {
  const [b] = await playerBalances(db, userId, [currency]);
  return b ?? { currency, real: 0, bonus: 0, reserved: 0, held: 0 };
}

/** Fails with the audit's own words when an invariant is broken. */
export async function expectLedgerHolds(db: Executor): Promise<void> {
  const audit = await auditLedger(db);
  expect(audit.problems).toEqual([]);
  expect(audit.ok).toBe(true);
}

import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/executor';
import type { PlayerAccount as PlayerAccountShape } from '@orbit/contracts';
import { unprocessable } from '../../platform/errors';
import { enqueueEvent } from '../../platform/outbox/outbox';
import { openLedgerAccounts, playerBalances } from './ledger';
import { accounts, currencies, ledgerAccounts } from './schema';

/** Written when a player's account in a new currency opens (limits extend to it). */
export const ACCOUNT_OPENED_TOPIC = 'wallet.account_opened';
export type AccountOpenedEvent = { userId: number; currency: string };

/**
 * Opens the player's account in a currency (idempotent), with its ledger accounts, and makes it
 * the active one when the player has none yet. Takes part in the caller's transaction
 * (registration opens the first one).
 */
export async function openAccount(
  db: Executor,
  userId: number,
  currency: string,
  at: Date = new Date(),
): Promise<void> {
  const active = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.active, true)));
  const opened = await db
    .insert(accounts)
    .values({ userId, currency, active: active.length === 0, createdAt: at })
    .onConflictDoNothing({ target: [accounts.userId, accounts.currency] })
    .returning({ id: accounts.id });
  await openLedgerAccounts(db, userId, currency, at);
  // A player's first account has no limits to extend yet (limits are set on accounts).
  if (opened.length > 0 && active.length > 0)
    await enqueueEvent(db, ACCOUNT_OPENED_TOPIC, { userId, currency } satisfies AccountOpenedEvent, at);
}

/** Opens the account in `currency` if needed and makes it the player's active one. */
export async function switchAccount(db: Executor, userId: number, currency: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [known] = await tx
      .select({ code: currencies.code })
      .from(currencies)
      .where(and(eq(currencies.code, currency), eq(currencies.demo, false)));
    if (!known) throw unprocessable('invalid', 'currency');
    await openAccount(tx, userId, currency, at);
    // One active account per player (a partial unique index): the old one steps down first.
    await tx
      .update(accounts)
      .set({ active: false })
      .where(and(eq(accounts.userId, userId), eq(accounts.active, true)));
    await tx
      .update(accounts)
      .set({ active: true })
      .where(and(eq(accounts.userId, userId), eq(accounts.currency, currency)));
  });
}

export type PlayerAccount = {
  currency: string;
  active: boolean;
  real: number;
  bonus: number;
  reserved: number;
  /** Withdraw-only: arrived past a deposit limit or during an exclusion. */
  held: number;
};

/** The player's currency accounts with their balances, the active one first, then by opening. */
export async function listAccounts(db: Executor, userId: number): Promise<PlayerAccount[]> {
  const rows = await db
    .select({ currency: accounts.currency, active: accounts.active })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  const balances = new Map((await playerBalances(db, userId)).map((b) => [b.currency, b]));
  return rows
    .map((row) => {
      const b = balances.get(row.currency);
      return {
        currency: row.currency,
        active: row.active,
        real: b?.real ?? 0,
        bonus: b?.bonus ?? 0,
        reserved: b?.reserved ?? 0,
        held: b?.held ?? 0,
      };
    })
    .sort((a, b) => Number(b.active) - Number(a.active));
}

/**
 * The accounts of many (player, currency) pairs with their balances, in one query (the live
 * balances of a whole outbox batch); pairs without an account are left out.
 */
export async function accountsOf(
  db: Executor,
  pairs: Array<{ userId: number; currency: string }>,
): Promise<Array<PlayerAccount & { userId: number }>> {
  if (pairs.length === 0) return [];
  const wanted = JSON.stringify(pairs.map((p) => ({ user_id: p.userId, currency: p.currency })));
  const of = (kind: string) =>
    sql<number>`coalesce(sum(${ledgerAccounts.balance}) filter (where ${ledgerAccounts.kind} = ${kind}), 0)`.mapWith(
      Number,
    );
  return (
    db
      .select({
        userId: accounts.userId,
        currency: accounts.currency,
        active: accounts.active,
        real: of('real'),
        bonus: of('bonus'),
        reserved: of('reserved'),
        held: of('held'),
      })
      .from(accounts)
      .leftJoin(
        ledgerAccounts,
        and(eq(ledgerAccounts.userId, accounts.userId), eq(ledgerAccounts.currency, accounts.currency)),
      )
      // A semi-join: a pair given twice cannot count its ledger accounts twice.
      .where(
        sql`(${accounts.userId}, ${accounts.currency}) in (select user_id, currency from jsonb_to_recordset(${wanted}::jsonb) as w(user_id bigint, currency text))`,
      )
      .groupBy(accounts.id)
  );
}

/** An account as the API and the live `balance` message show it. */
export function presentAccount(a: PlayerAccount): PlayerAccountShape {
  return {
    currency: a.currency,
    amount_cents: a.real + a.bonus,
    bonus_cents: a.bonus,
    // Bonus money is never cashed out (docs/bonuses.md). Held money is the player's to
    // withdraw, never to play with (docs/limits.md).
    available_to_cashout_cents: a.real + a.held,
    held_cents: a.held,
    available_to_bet_with_locked_cent: a.real + a.bonus,
    hidden_at: null,
    deposit_available: true,
    active: a.active,
  };
}

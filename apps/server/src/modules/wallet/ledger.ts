import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Clock } from '../../platform/clock';
import { databaseErrorOf, type Executor } from '../../platform/db/executor';
import { AppError, conflict, unprocessable } from '../../platform/errors';
import { ledgerAccounts } from './schema';

/**
 * `held`: money that arrived past the player's deposit limit or during an exclusion; it can only
 * be withdrawn, never played with (docs/limits.md "Money arriving past a limit").
 */
export const PLAYER_ACCOUNT_KINDS = ['real', 'bonus', 'reserved', 'held'] as const;
/** `adjustments`: the other side of an operator's manual credit or debit (docs/backoffice.md "Manual adjustments"). */
export const HOUSE_ACCOUNT_KINDS = [
  'bets',
  'psp_clearing',
  'bonus_funding',
  'jackpot_pool',
  'promotions',
  'adjustments',
] as const;
export type PlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number];
export type HouseAccountKind = (typeof HOUSE_ACCOUNT_KINDS)[number];

/** One side of a transfer: a player's account or the house's, in the transfer's currency. */
export type LedgerAccountRef = { player: number; kind: PlayerAccountKind } | { house: HouseAccountKind };

/** What a movement is, in the casino's words; the reference names the payment, round or bonus behind it. */
export type TransferKind =
  | 'deposit'
  | 'cashout_reserve'
  | 'cashout_release'
  | 'cashout_payout'
  | 'bet'
  | 'win'
  | 'rollback'
  | 'bonus'
  | 'jackpot'
  | 'adjustment';

export type TransferRequest = {
  /** Unique per movement: the same key again answers the first transfer and moves nothing. */
  idempotencyKey: string;
  kind: TransferKind;
  reference: string;
  currency: string;
  /** Minor units, a positive safe integer. */
  amount: number;
  from: LedgerAccountRef;
  to: LedgerAccountRef;
};

export type Transfer = {
  id: number;
  idempotencyKey: string;
  kind: string;
  reference: string;
  currency: string;
  amount: number;
  debitAccountId: number;
  creditAccountId: number;
  createdAt: Date;
};

export type TransferResult = { transfer: Transfer; replayed: boolean };

/** The outbox topic of every transfer; the payload names the players whose balances moved. */
export const TRANSFER_TOPIC = 'wallet.transfer';
export type TransferEvent = {
  transferId: number;
  kind: string;
  reference: string;
  currency: string;
  amount: number;
  from: LedgerAccountRef;
  to: LedgerAccountRef;
};

/** A debit that would take a player's account below zero; carries what the account holds. */
export class InsufficientFundsError extends AppError {
  constructor(readonly balance: number) {
    super(422, 'insufficient_funds', 'amount');
  }
}

const MAX_KEY_LENGTH = 200;

export function refKey(ref: LedgerAccountRef): string {
  return 'player' in ref ? `player:${ref.player}:${ref.kind}` : `house:${ref.house}`;
}

/**
 * What makes two requests "the same transfer": a replay must match it exactly. The SQL function
 * `ledger_payload_hash()` (`sql/ledger_payload_hash.sql`) computes the same for transfers made inside the database.
 */
export function payloadHash(r: TransferRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([r.kind, r.reference, r.currency, r.amount, refKey(r.from), refKey(r.to)]))
    .digest('base64url');
}

function validate(r: TransferRequest): void {
  if (!Number.isSafeInteger(r.amount) || r.amount <= 0) throw unprocessable('invalid_amount', 'amount');
  if (!r.idempotencyKey || r.idempotencyKey.length > MAX_KEY_LENGTH)
    throw unprocessable('invalid_idempotency_key', 'idempotency_key');
  if (refKey(r.from) === refKey(r.to)) throw unprocessable('same_account', 'base');
}

/** The SQLSTATEs `ledger_transfer()` raises (`sql/ledger_move.sql`): refusals, never faults. */
const REFUSALS: Record<string, (detail: string | undefined) => AppError> = {
  OR001: (detail) =>
    detail === 'house' ? unprocessable('invalid_currency', 'currency') : unprocessable('account_not_found', 'currency'),
  OR002: () => conflict('idempotency_conflict', 'idempotency_key'),
  OR003: (detail) => new InsufficientFundsError(Number(detail ?? 0)),
};

function refusalOf(error: unknown): AppError | undefined {
  const found = databaseErrorOf(error);
  return found && REFUSALS[found.code]?.(found.detail);
}

type TransferRow = {
  transfer_id: number;
  replayed: boolean;
  created_at: string | Date;
  debit_account_id: number;
  credit_account_id: number;
};

/**
 * The double-entry ledger: the only writer of balances. A transfer is one database statement
 * (`ledger_transfer()`, `sql/ledger_transfer.sql`) that checks the idempotency key, moves both balances
 * under row locks taken in one global order, and writes the transfer and its outbox event; a refusal raises and leaves
 * nothing behind. Inside a caller's transaction it runs in a savepoint, so a refusal the caller
 * catches does not spoil the rest of its work.
 */
export class Ledger {
  constructor(private readonly clock: Clock) {}

  async transfer(db: Executor, request: TransferRequest): Promise<TransferResult> {
    validate(request);
    return db instanceof PgTransaction
      ? db.transaction((savepoint) => this.apply(savepoint, request))
      : this.apply(db, request);
  }

  /**
   * A transfer that is part of the caller's transaction with no savepoint of its own (one round
   * trip instead of three): a refusal aborts the caller's whole transaction. For hot paths that
   * give up on any refusal anyway (a bet).
   */
  async transferWithin(tx: Executor, request: TransferRequest): Promise<TransferResult> {
    validate(request);
    return this.apply(tx, request);
  }

  /** Several transfers that stand or fall together (a bet split over real and bonus money). */
  async transferAll(db: Executor, requests: TransferRequest[]): Promise<TransferResult[]> {
    requests.forEach(validate);
    return db.transaction(async (tx) => {
      const results: TransferResult[] = [];
      for (const r of requests) results.push(await this.apply(tx, r));
      return results;
    });
  }

  private async apply(db: Executor, r: TransferRequest): Promise<TransferResult> {
    const now = this.clock.now();
    const event: Omit<TransferEvent, 'transferId'> = {
      kind: r.kind,
      reference: r.reference,
      currency: r.currency,
      amount: r.amount,
      from: r.from,
      to: r.to,
    };
    const [debitUser, debitKind] = 'player' in r.from ? [r.from.player, r.from.kind] : [null, r.from.house];
    const [creditUser, creditKind] = 'player' in r.to ? [r.to.player, r.to.kind] : [null, r.to.house];
    let row: TransferRow;
    try {
      const result = await db.execute(
        sql`select * from ledger_transfer(${r.idempotencyKey}, ${r.kind}, ${r.reference}, ${r.currency}, ${r.amount}::bigint,
              ${debitUser}::bigint, ${debitKind}, ${creditUser}::bigint, ${creditKind},
              ${payloadHash(r)}, ${now.toISOString()}::timestamptz, ${JSON.stringify(event)}::jsonb)`,
      );
      row = result.rows[0] as TransferRow;
    } catch (error) {
      throw refusalOf(error) ?? error;
    }
    return {
      transfer: {
        id: Number(row.transfer_id),
        idempotencyKey: r.idempotencyKey,
        kind: r.kind,
        reference: r.reference,
        currency: r.currency,
        amount: r.amount,
        debitAccountId: Number(row.debit_account_id),
        creditAccountId: Number(row.credit_account_id),
        createdAt: new Date(row.created_at),
      },
      replayed: row.replayed,
    };
  }
}

/** Opens the ledger accounts of a player's currency account (idempotent; in the caller's transaction). */
export async function openLedgerAccounts(db: Executor, userId: number, currency: string, at: Date): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(PLAYER_ACCOUNT_KINDS.map((kind) => ({ userId, currency, kind, createdAt: at })))
    .onConflictDoNothing();
}

/** Opens every house account for the currencies given, each in its shards (`ledger_house_shards()`; the seed; idempotent). */
export async function openHouseAccounts(db: Executor, currencies: string[], at: Date): Promise<void> {
  if (currencies.length === 0) return;
  await db.execute(sql`insert into ${ledgerAccounts} (currency, kind, shard, created_at)
    select c, k, s, ${at.toISOString()}::timestamptz
    from unnest(${`{${currencies.join(',')}}`}::text[]) c cross join unnest(${`{${HOUSE_ACCOUNT_KINDS.join(',')}}`}::text[]) k
    cross join lateral generate_series(0, ledger_house_shards(k) - 1) s
    on conflict do nothing`);
}

export type PlayerBalances = { currency: string; real: number; bonus: number; reserved: number; held: number };

/**
 * A player's balances per currency, from the ledger accounts. `lock`: the accounts are locked
 * until the caller's transaction ends (in id order, as every transfer locks them), so what is
 * read stays so while the caller moves it (a bonus paying out or forfeiting its whole balance).
 */
export async function playerBalances(
  db: Executor,
  userId: number,
  currencies?: string[],
  options: { lock?: boolean } = {},
): Promise<PlayerBalances[]> {
  const conditions: SQL[] = [eq(ledgerAccounts.userId, userId)];
  if (currencies) conditions.push(inArray(ledgerAccounts.currency, currencies));
  const query = db
    .select({ currency: ledgerAccounts.currency, kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(...conditions));
  const rows = options.lock ? await query.orderBy(ledgerAccounts.id).for('update') : await query;
  return byCurrency(rows);
}

/** The balances of many players at once (a batch handler's one read), per player and currency; players without accounts are absent. */
export async function playersBalances(db: Executor, userIds: number[]): Promise<Map<number, PlayerBalances[]>> {
  const byPlayer = new Map<number, PlayerBalances[]>();
  if (userIds.length === 0) return byPlayer;
  const rows = await db
    .select({
      userId: ledgerAccounts.userId,
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.userId, userIds));
  const rowsOf = new Map<number, typeof rows>();
  for (const row of rows) rowsOf.set(row.userId!, [...(rowsOf.get(row.userId!) ?? []), row]);
  for (const [userId, own] of rowsOf) byPlayer.set(userId, byCurrency(own));
  return byPlayer;
}

function byCurrency(rows: ReadonlyArray<{ currency: string; kind: string; balance: number }>): PlayerBalances[] {
  const balances = new Map<string, PlayerBalances>();
  for (const row of rows) {
    const entry = balances.get(row.currency) ?? { currency: row.currency, real: 0, bonus: 0, reserved: 0, held: 0 };
    entry[row.kind as PlayerAccountKind] = row.balance;
    balances.set(row.currency, entry);
  }
  return [...balances.values()];
}

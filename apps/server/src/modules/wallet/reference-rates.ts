import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import type { Executor } from '../../platform/db/executor';
import { unprocessable } from '../../platform/errors';
import { CURRENCY_SEED } from './currencies';
import { currencies, referenceRateChanges, referenceRates } from './schema';

/**
 * Euros per unit at seeding: a starting point so that a fresh casino can compare currencies at
 * all. The operator replaces them with current figures (docs/reference-rates.md).
 */
const SEED_EUR_PER_UNIT: Readonly<Record<string, string>> = {
  EUR: '1',
  USD: '0.92',
  AUD: '0.6',
  CAD: '0.67',
  NZD: '0.55',
  BRL: '0.17',
  NOK: '0.085',
  JPY: '0.0061',
  KZT: '0.0018',
  GBP: '1.17',
  PLN: '0.23',
  INR: '0.011',
  BTC: '60000',
  BCH: '350',
  ETH: '2500',
  LTC: '70',
  DOG: '0.12',
  USDT: '0.92',
  USDC: '0.92',
  BNB: '500',
  ADA: '0.4',
  TRX: '0.12',
  // Play money: worth nothing, but every currency has a rate so that a lookup never misses.
  FUN: '0.000000000001',
};

/** Rates carry 12 decimals (the column's scale): 1 EUR = 10^12 of these. */
const SCALE_DIGITS = 12;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

/** `"0.92"` → 920_000_000_000n (euros per unit × 10^12); exact, no floating point. */
export function parseRate(text: string): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`not a reference rate: ${text}`);
  const fraction = (m[2] ?? '').slice(0, SCALE_DIGITS).padEnd(SCALE_DIGITS, '0');
  return BigInt(m[1]!) * SCALE + BigInt(fraction);
}

/** 920_000_000_000n → `"0.92"`. */
export function formatRate(scaled: bigint): string {
  const whole = scaled / SCALE;
  const fraction = (scaled % SCALE).toString().padStart(SCALE_DIGITS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** Which way a converted amount that falls between two minor units goes. */
export type Rounding = 'up' | 'down';

type Rate = { scaled: bigint; subunits: bigint };

/**
 * The reference rates read at one moment, to compare amounts in minor units across currencies.
 * `convert` is exact integer arithmetic; the caller says how to round what falls between two
 * minor units (a limit's usage rounds up, an amount that a limit inherits rounds down: the
 * player is never allowed more than they set).
 */
export class ReferenceRates {
  constructor(private readonly rates: ReadonlyMap<string, Rate>) {}

  convert(minor: number, from: string, to: string, rounding: Rounding): number {
    if (from === to || minor === 0) return minor;
    const a = this.rate(from);
    const b = this.rate(to);
    const numerator = BigInt(minor) * a.scaled * b.subunits;
    const denominator = b.scaled * a.subunits;
    let quotient = numerator / denominator;
    const remainder = numerator % denominator;
    // BigInt division truncates toward zero; move one step where the rounding says.
    if (remainder !== 0n) {
      if (rounding === 'up' && numerator > 0n) quotient += 1n;
      if (rounding === 'down' && numerator < 0n) quotient -= 1n;
    }
    return Number(quotient);
  }

  private rate(currency: string): Rate {
    const rate = this.rates.get(currency);
    // Every currency is seeded with a rate and rates cannot be deleted: a miss is a bug.
    if (!rate) throw new Error(`no reference rate for ${currency}`);
    return rate;
  }
}

export type ReferenceRateRow = { currency: string; eurPerUnit: string; updatedAt: Date };

/** Every currency's rate, in the currencies' display order. */
export async function listReferenceRates(executor: Executor): Promise<ReferenceRateRow[]> {
  return executor
    .select({
      currency: referenceRates.currency,
      eurPerUnit: referenceRates.eurPerUnit,
      updatedAt: referenceRates.updatedAt,
    })
    .from(referenceRates)
    .innerJoin(currencies, eq(currencies.code, referenceRates.currency))
    .orderBy(currencies.position);
}

/** The rates as they are now, ready to convert with. */
export async function referenceRatesNow(executor: Executor): Promise<ReferenceRates> {
  const rows = await executor
    .select({
      currency: referenceRates.currency,
      eurPerUnit: referenceRates.eurPerUnit,
      subunits: currencies.subunitsToUnit,
    })
    .from(referenceRates)
    .innerJoin(currencies, eq(currencies.code, referenceRates.currency));
  return new ReferenceRates(
    new Map(rows.map((r) => [r.currency, { scaled: parseRate(r.eurPerUnit), subunits: BigInt(r.subunits) }])),
  );
}

/** Who changes rates: an operator's id, `operator-token` (the bearer call) or `seed`; and why. */
export type RateChanger = { changedBy: string; reason?: string | null };

/** One rate changed: what it was and what it is, with the history row that keeps it. */
export type ReferenceRateChangeRow = typeof referenceRateChanges.$inferSelect & { previous: string };

/**
 * Changes rates, the one writer of them (the operator's bearer call and the back office both):
 * each given currency gets its new rate and a history row, all in one transaction, all or none.
 * A currency the casino does not know is refused (422 `unknown_currency` on `rates.<i>.currency`)
 * and nothing changes. The rows are locked in currency order, so that parallel changes apply one
 * after the other (their history in that order) and never deadlock; a change is never dated
 * before the one it follows. `audit` runs in the same transaction with what changed.
 */
export async function updateReferenceRates(
  db: Db,
  rates: Array<{ currency: string; eur_per_unit: string }>,
  at: Date,
  who: RateChanger = { changedBy: 'operator-token' },
  audit?: (tx: Executor, changes: ReferenceRateChangeRow[]) => Promise<void>,
): Promise<ReferenceRateChangeRow[]> {
  return db.transaction(async (tx) => {
    const wanted = [...new Set(rates.map((r) => r.currency))].sort();
    const locked = wanted.length
      ? await tx
          .select({
            currency: referenceRates.currency,
            eurPerUnit: referenceRates.eurPerUnit,
            updatedAt: referenceRates.updatedAt,
          })
          .from(referenceRates)
          .where(inArray(referenceRates.currency, wanted))
          .orderBy(asc(referenceRates.currency))
          .for('update')
      : [];
    const current = new Map(locked.map((r) => [r.currency, r]));
    const changes: ReferenceRateChangeRow[] = [];
    for (const [index, rate] of rates.entries()) {
      const before = current.get(rate.currency);
      if (!before) throw unprocessable('unknown_currency', `rates.${index}.currency`);
      const eurPerUnit = formatRate(parseRate(rate.eur_per_unit));
      const validFrom = before.updatedAt > at ? before.updatedAt : at;
      await tx
        .update(referenceRates)
        .set({ eurPerUnit, updatedAt: validFrom })
        .where(eq(referenceRates.currency, rate.currency));
      const [row] = await tx
        .insert(referenceRateChanges)
        .values({
          currency: rate.currency,
          eurPerUnit,
          validFrom,
          changedBy: who.changedBy,
          reason: who.reason ?? null,
        })
        .returning();
      changes.push({ ...row!, eurPerUnit, previous: formatRate(parseRate(before.eurPerUnit)) });
      current.set(rate.currency, { currency: rate.currency, eurPerUnit, updatedAt: validFrom });
    }
    await audit?.(tx, changes);
    return changes;
  });
}

/** A currency's changes, newest first (at most `limit`). */
export async function referenceRateHistory(
  executor: Executor,
  currency: string,
  limit = 500,
): Promise<Array<typeof referenceRateChanges.$inferSelect>> {
  const rows = await executor
    .select()
    .from(referenceRateChanges)
    .where(eq(referenceRateChanges.currency, currency))
    .orderBy(desc(referenceRateChanges.validFrom), desc(referenceRateChanges.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, eurPerUnit: formatRate(parseRate(r.eurPerUnit)) }));
}

/** Each currency's two newest changes (the current rate's and the one before), newest first. */
export async function lastReferenceRateChanges(
  executor: Executor,
): Promise<Map<string, Array<typeof referenceRateChanges.$inferSelect>>> {
  const rows = await executor.execute<{
    id: string | number;
    currency: string;
    eur_per_unit: string;
    valid_from: string | Date;
    changed_by: string;
    reason: string | null;
  }>(sql`
    select id, currency, eur_per_unit, valid_from, changed_by, reason from (
      select c.*, row_number() over (partition by currency order by valid_from desc, id desc) as n
      from ${referenceRateChanges} c
    ) ranked where n <= 2 order by currency, n`);
  const byCurrency = new Map<string, Array<typeof referenceRateChanges.$inferSelect>>();
  for (const r of rows.rows) {
    const list = byCurrency.get(r.currency) ?? [];
    list.push({
      id: Number(r.id),
      currency: r.currency,
      eurPerUnit: formatRate(parseRate(r.eur_per_unit)),
      validFrom: new Date(r.valid_from),
      changedBy: r.changed_by,
      reason: r.reason,
    });
    byCurrency.set(r.currency, list);
  }
  return byCurrency;
}

/**
 * The rates valid at the end of a UTC day (`day`: `YYYY-MM-DD`), from the history: for each
 * currency its last change before the next day's midnight, so that a past day is converted by
 * that day's rates. A currency whose history starts after that day takes its first known rate
 * (every currency has one: a lookup never misses).
 */
export async function ratesAt(executor: Executor, day: string): Promise<ReferenceRates> {
  return (await rateHistory(executor)).at(day);
}

/** Every currency's rate changes, read once, answering any day's rates (a report over many days). */
export type RateHistory = { at(day: string): ReferenceRates };

/** The whole history in one read (it is small: a change per currency per day at most, in practice). */
export async function rateHistory(executor: Executor): Promise<RateHistory> {
  const rows = await executor.execute<{
    currency: string;
    eur_per_unit: string;
    valid_from: string | Date;
    subunits: number;
  }>(sql`
    select c.currency, c.eur_per_unit, c.valid_from, cur.subunits_to_unit as subunits
    from ${referenceRateChanges} c
    join ${currencies} cur on cur.code = c.currency
    order by c.currency, c.valid_from, c.id`);
  const changes = new Map<string, Array<{ from: number; rate: Rate }>>();
  for (const r of rows.rows) {
    const list = changes.get(r.currency) ?? [];
    list.push({
      from: new Date(r.valid_from).getTime(),
      rate: { scaled: parseRate(r.eur_per_unit), subunits: BigInt(r.subunits) },
    });
    changes.set(r.currency, list);
  }
  const byDay = new Map<string, ReferenceRates>();
  return {
    at(day: string): ReferenceRates {
      const known = byDay.get(day);
      if (known) return known;
      const end = Date.parse(`${day}T00:00:00.000Z`) + 24 * 3600_000;
      if (Number.isNaN(end)) throw new Error(`not a day: ${day}`);
      const rates = new Map<string, Rate>();
      for (const [currency, list] of changes) {
        // The last change before the day's end; a history that starts later gives its first rate.
        let pick = list[0]!;
        for (const change of list) if (change.from < end) pick = change;
        rates.set(currency, pick.rate);
      }
      const answer = new ReferenceRates(rates);
      byDay.set(day, answer);
      return answer;
    },
  };
}

/** Seeds a rate for every currency that has none (with its history row); never overwrites the operator's figures. */
export async function seedReferenceRates(db: Db, at: Date): Promise<void> {
  const rows = CURRENCY_SEED.map((c) => {
    const rate = SEED_EUR_PER_UNIT[c.code];
    if (!rate) throw new Error(`no seed reference rate for ${c.code}`);
    return { currency: c.code, eurPerUnit: rate, updatedAt: at };
  });
  await db.transaction(async (tx) => {
    const seeded = await tx
      .insert(referenceRates)
      .values(rows)
      .onConflictDoNothing({ target: referenceRates.currency })
      .returning({ currency: referenceRates.currency, eurPerUnit: referenceRates.eurPerUnit });
    if (seeded.length === 0) return;
    await tx
      .insert(referenceRateChanges)
      .values(
        seeded.map((r) => ({ currency: r.currency, eurPerUnit: r.eurPerUnit, validFrom: at, changedBy: 'seed' })),
      );
  });
}

/** Decimals of `GET /api/info/crypto_exchange_rates`. */
const EXCHANGE_DECIMALS = 8n;

/**
 * For each crypto currency, what one unit is worth in each fiat currency (euros per crypto unit
 * over euros per fiat unit), rounded down to 8 decimals with integer arithmetic. A currency
 * without a rate (or with a zero one) is left out rather than guessed.
 */
export function cryptoExchangeRates(
  crypto: readonly string[],
  fiat: readonly string[],
  eurPerUnit: ReadonlyMap<string, bigint>,
): Record<string, Record<string, number>> {
  const step = 10n ** EXCHANGE_DECIMALS;
  const answer: Record<string, Record<string, number>> = {};
  for (const c of crypto) {
    const cryptoRate = eurPerUnit.get(c);
    if (!cryptoRate) continue;
    const row: Record<string, number> = {};
    for (const f of fiat) {
      const fiatRate = eurPerUnit.get(f);
      if (!fiatRate) continue;
      const scaled = (cryptoRate * step) / fiatRate;
      row[f] = Number(scaled / step) + Number(scaled % step) / Number(step);
    }
    answer[c] = row;
  }
  return answer;
}

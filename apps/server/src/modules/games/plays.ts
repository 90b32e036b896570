/**
 * Settled plays: the wallet's plays (`playsOf`: stakes, refunds, wins) with the round each
 * belongs to (its game, categories, time and status) and, when asked, its amount in EUR by today's
 * reference rates. The one function the modules that count play use (docs/architecture.md "A bet's
 * after-effects"): bonus wagering, comp points, VIP sums and tournament standings. A round is
 * found from the ledger reference the games module writes (`round:<id>`); a play whose reference
 * names no round has `round` undefined.
 */
import type { Executor } from '../../platform/db/executor';
import { playsOf, referenceRatesNow, type Play, type TransferEvent } from '../wallet';
import { roundFacts, type RoundFacts } from './round-facts';

export type SettledPlay = Play & {
  /** The round the ledger reference names, and its facts (undefined when it names none). */
  roundId: number | undefined;
  round: RoundFacts | undefined;
  /** The amount in EUR cents (rounded down) by the reference rates now; only when asked (`eur`). */
  eurCents: number | undefined;
};

/** The round a ledger reference names (the games module's `round:<id>`), if any. */
export function roundIdOf(reference: string): number | undefined {
  const match = /^round:(\d+)/.exec(reference);
  return match ? Number(match[1]) : undefined;
}

/**
 * The plays of a batch with their rounds, in their order: one read of the rounds named, one of
 * the reference rates when a play is not in EUR, nothing at all for a batch without play.
 */
export async function settledPlays(
  db: Executor,
  events: ReadonlyArray<{ transfer: TransferEvent; at: Date }>,
  options: { eur?: boolean } = {},
): Promise<SettledPlay[]> {
  return settle(db, playsOf(events), options);
}

/** Plays already chosen from a batch (`playsOf`, filtered) with their rounds and EUR amounts. */
export async function settle(
  db: Executor,
  plays: ReadonlyArray<Play>,
  options: { eur?: boolean } = {},
): Promise<SettledPlay[]> {
  if (plays.length === 0) return [];
  const rounds = await roundFacts(db, [...new Set(plays.flatMap((p) => roundIdOf(p.reference) ?? []))]);
  // The rates only for a caller that needs EUR amounts (a read per batch on the bets' after-path).
  const rates = options.eur && plays.some((p) => p.currency !== 'EUR') ? await referenceRatesNow(db) : undefined;
  return plays.map((play) => {
    const roundId = roundIdOf(play.reference);
    return {
      ...play,
      roundId,
      round: roundId === undefined ? undefined : rounds.get(roundId),
      eurCents: !options.eur
        ? undefined
        : play.currency === 'EUR'
          ? play.cents
          : rates!.convert(play.cents, play.currency, 'EUR', 'down'),
    };
  });
}

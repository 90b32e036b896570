/**
 * The bonus arithmetic (docs/bonuses.md), pure: amounts, requirements, contributions, and how a
 * finished bonus's money is split between real money and forfeit.
 */
import { licenceOfCountry, type BonusTemplateMoney, type Licence } from '@orbit/contracts';

/** The most a licence lets a bonus be wagered: Estonia's rules cap it at x10; others leave the template's. */
export const MAX_WAGER_MULTIPLIER_BY_LICENCE: Readonly<Record<Licence, number | null>> = {
  CW: null,
  EE: 10,
  GCB: null,
  AU: null,
};

/**
 * The licence whose cap a player's bonus gets, by where they live (docs/licences.md): Estonia EE,
 * Australia AU, anyone else CW's rules (the Curaçao ones, GCB alike, have no cap).
 */
const capLicenceOf = (country: string | null): Licence => licenceOfCountry(country, 'CW');

/** The multiplier a bonus is given: the template's, capped by the player's licence. */
export function wagerMultiplierFor(templateMultiplier: number, country: string | null): number {
  const cap = MAX_WAGER_MULTIPLIER_BY_LICENCE[capLicenceOf(country)];
  return cap === null ? templateMultiplier : Math.min(templateMultiplier, cap);
}

/** Under this bonus balance (minor units) no bet can be made with it: the bonus is lost. */
export const MIN_BET_CENTS = 10;

/** The multi-account group: its players get no deposit gift (docs/bonuses.md). */
export const MULTI_ACCOUNT_GROUP = 100;

/** The wagering a bonus of `amount` needs: amount × multiplier, rounded up to a whole minor unit. */
export function wagerRequirement(amountCents: number, multiplier: number): number {
  return Math.ceil((amountCents * Math.round(multiplier * 100)) / 100);
}

/** A deposit bonus's amount: the percent of the deposit, at most the cap. */
export function depositBonusAmount(depositCents: number, percent: number, maxAmountCents: number | null): number {
  const amount = Math.floor((depositCents * percent) / 100);
  return maxAmountCents === null ? amount : Math.min(amount, maxAmountCents);
}

/**
 * The share (percent) of a bet on a game of these categories that counts towards a bonus's
 * wagering: the lowest share among the game's categories the bonus names, else `other` (100 when
 * not named). Comp points take the best share instead (loyalty's `pointsSharePercent`).
 */
export function wageringSharePercent(
  contributions: Readonly<Record<string, number>>,
  categories: readonly string[],
): number {
  const named = categories.filter((c) => c in contributions).map((c) => contributions[c]!);
  if (named.length > 0) return Math.min(...named);
  return contributions.other ?? 100;
}

/**
 * Wagering is kept as its basis: the sum of stakes times their share in percent. What it amounts
 * to is the basis's hundredth rounded down, so the parts of one bet (real, bonus, a jackpot's
 * share: separate ledger movements) count exactly as the whole bet.
 */
export const wageredOf = (basis: number): number => Math.floor(basis / 100);

/**
 * Every bonus has a max win: when neither its template (`money.<currency>.max_win_cents`) nor its
 * grant (a wheel's page) names one, it is this many times the bonus's amount (docs/bonuses.md
 * "Max win"). The demo's own caps are 10 × too (a 5 gift keeps up to 50).
 */
export const DEFAULT_MAX_WIN_MULTIPLIER = 10;

/** The max win of a bonus of this amount when nothing else names one. */
export const defaultMaxWin = (amountCents: number): number => amountCents * DEFAULT_MAX_WIN_MULTIPLIER;

/**
 * A bonus's max win: its own (copied when it was issued), else the default of its amount (a bonus
 * issued before every bonus had one). None yet for a deposit bonus still waiting for its deposit.
 */
export function maxWinOf(bonus: { maxWinCents: number | null; amountCents: number; stage: string }): number | null {
  if (bonus.maxWinCents !== null) return bonus.maxWinCents;
  return bonus.stage === 'wait' ? null : defaultMaxWin(bonus.amountCents);
}

/**
 * How a bonus's balance ends when its wagering is done: real money up to what the max win still
 * allows (`convertedSoFar` counts earlier payouts of this bonus), the rest forfeited.
 */
export function payout(
  balanceCents: number,
  maxWinCents: number | null,
  convertedSoFar: number,
): { toReal: number; forfeit: number } {
  const room = maxWinCents === null ? balanceCents : Math.max(0, maxWinCents - convertedSoFar);
  const toReal = Math.min(balanceCents, room);
  return { toReal, forfeit: balanceCents - toReal };
}

/** The template's terms in a currency, or undefined when it is not offered there. */
export const termsIn = (money: Readonly<Record<string, BonusTemplateMoney>>, currency: string) => money[currency];

/**
 * A waiting gift's activation deadline once nothing wagers any more (docs/bonuses.md "The queue"):
 * its clock stood still from the moment it could no longer be activated (`stoppedAt`: when the
 * running bonus started, or when the gift came if later), so it gets back the time it had left
 * then, and never more than its whole window from now. A deadline already passed when its clock
 * stopped stays passed.
 */
export function resumedDeadline(until: Date, stoppedAt: Date, windowMs: number, now: Date): Date {
  return new Date(Math.min(until.getTime() + (now.getTime() - stoppedAt.getTime()), now.getTime() + windowMs));
}

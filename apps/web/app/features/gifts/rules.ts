/**
 * The gifts' rules without React (docs/rules/gifts.md): the wagering percent, which gifts count
 * in the header and how the count is written, which moment a card counts down to and how, the
 * current gifts and the history, and what a realtime message says to the player. Stages are the
 * contract's (`FINISHED_BONUS_STAGES`, `FREESPIN_STAGES`): never decided here.
 */
import type { BonusStage, FreespinStage, PlayerBonus, PlayerFreespin } from '@orbit/contracts';

/** The stages after which nothing more happens to a bonus (the contract's set, without its zod). */
const FINISHED_BONUS: ReadonlySet<BonusStage> = new Set(['wager_done', 'lost', 'canceled', 'expired']);
/** Free spins still to activate or to play. */
const ACTUAL_FREESPIN: ReadonlySet<FreespinStage> = new Set(['issued', 'activated']);

export function isFinishedBonus(bonus: Pick<PlayerBonus, 'stage'>): boolean {
  return FINISHED_BONUS.has(bonus.stage);
}

export function isActualFreespin(freespin: Pick<PlayerFreespin, 'stage'>): boolean {
  return ACTUAL_FREESPIN.has(freespin.stage);
}

/**
 * How much of a bonus's wagering is done, in whole percent: floor(wagered / required × 100),
 * capped at 100 (0 to 100; a bonus with nothing to wager is done).
 */
export function wagerPercent(
  bonus: Pick<PlayerBonus, 'amount_wager_cents' | 'amount_wager_requirement_cents'>,
): number {
  const required = bonus.amount_wager_requirement_cents;
  if (!(required > 0)) return 100;
  const done = Math.max(0, bonus.amount_wager_cents);
  // Integers first: 1 of 3 is 33, not 33.333… floored through a float that may land a hair under.
  return Math.min(100, Math.floor((done * 100) / required));
}

/** The bonus that wagers now (one at a time), or null. */
export function wageringBonus(bonuses: readonly PlayerBonus[]): PlayerBonus | null {
  return bonuses.find((bonus) => bonus.stage === 'handle_bets') ?? null;
}

/** The header's count: the bonuses not finished and the free spins issued or activated. */
export function giftCount(bonuses: readonly PlayerBonus[], freespins: readonly PlayerFreespin[]): number {
  return bonuses.filter((b) => !isFinishedBonus(b)).length + freespins.filter(isActualFreespin).length;
}

/** The counter's text: nothing for none, the number up to 9, then "9+". */
export function counterText(count: number): string | null {
  if (!(count > 0)) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

/** The current gifts (newest first, as the server lists them) and the finished ones below. */
export function splitGifts<T>(items: readonly T[], finished: (item: T) => boolean): { current: T[]; history: T[] } {
  const current: T[] = [];
  const history: T[] = [];
  for (const item of items) (finished(item) ? history : current).push(item);
  return { current, history };
}

export type Countdown = { kind: 'activate' | 'wager' | 'play'; until: string };

/** What a bonus card counts down to: activation while issued or waiting, the wagering's end while wagering. */
export function bonusCountdown(
  bonus: Pick<PlayerBonus, 'stage' | 'activatable_until' | 'valid_until'>,
): Countdown | null {
  if ((bonus.stage === 'issued' || bonus.stage === 'wait') && bonus.activatable_until)
    return { kind: 'activate', until: bonus.activatable_until };
  if (bonus.stage === 'handle_bets' && bonus.valid_until) return { kind: 'wager', until: bonus.valid_until };
  return null;
}

/** What a free-spin card counts down to: activation while issued, the spins' end while activated. */
export function freespinCountdown(
  freespin: Pick<PlayerFreespin, 'stage' | 'activatable_until' | 'valid_until'>,
): Countdown | null {
  if (freespin.stage === 'issued' && freespin.activatable_until)
    return { kind: 'activate', until: freespin.activatable_until };
  if (freespin.stage === 'activated' && freespin.valid_until) return { kind: 'play', until: freespin.valid_until };
  return null;
}

/** The countdowns' rule is the clock's (lib/use-clock.ts), shared with the adventure calendar. */
export { timeLeft } from '../../lib/use-clock';

/** Replaces the item with the same id, or puts a new one first (the lists are newest first). */
export function upsert<T extends { id: number }>(list: readonly T[], item: T): T[] {
  const at = list.findIndex((x) => x.id === item.id);
  if (at === -1) return [item, ...list];
  const next = [...list];
  next[at] = item;
  return next;
}

/** Whether a realtime message's data is a whole bonus (its id and a known stage), as the channel sends it. */
export function isBonusMessage(data: unknown): data is PlayerBonus {
  const bonus = data as Partial<PlayerBonus> | null;
  return (
    typeof bonus?.id === 'number' &&
    typeof bonus.title === 'string' &&
    typeof bonus.stage === 'string' &&
    ['issued', 'wait', 'handle_bets', 'wager_done', 'lost', 'canceled', 'expired'].includes(bonus.stage)
  );
}

/** Whether a realtime message's data is a whole free-spin gift. */
export function isFreespinMessage(data: unknown): data is PlayerFreespin {
  const freespin = data as Partial<PlayerFreespin> | null;
  return (
    typeof freespin?.id === 'number' &&
    typeof freespin.title === 'string' &&
    typeof freespin.stage === 'string' &&
    ['issued', 'activated', 'finished', 'canceled', 'expired'].includes(freespin.stage)
  );
}

/** A notice about a gift: its message key and the money it names (if any). */
export type GiftNotice = {
  key: string;
  title: string;
  money: { cents: number; currency: string } | null;
};

/**
 * What a `bonuses_changes` message tells the player: a notice when the bonus is new to the page
 * or its stage changed (a message that only moves the wagering on says nothing); null otherwise.
 */
export function bonusNotice(previous: BonusStage | undefined, bonus: PlayerBonus): GiftNotice | null {
  if (previous === bonus.stage) return null;
  const money =
    bonus.stage === 'wager_done'
      ? { cents: bonus.converted_cents, currency: bonus.currency }
      : bonus.stage === 'issued' || bonus.stage === 'wait'
        ? { cents: bonus.amount_cents, currency: bonus.currency }
        : null;
  return { key: `gifts.notice.bonus.${bonus.stage}`, title: bonus.title, money };
}

/** What a `freespins_changes` message tells the player (new, or its stage changed). */
export function freespinNotice(previous: FreespinStage | undefined, freespin: PlayerFreespin): GiftNotice | null {
  if (previous === freespin.stage) return null;
  const money = freespin.stage === 'finished' ? { cents: freespin.win_cents, currency: freespin.currency } : null;
  return { key: `gifts.notice.freespins.${freespin.stage}`, title: freespin.title, money };
}

/** A game of free spins (`provider/game`) as a name to read: "stellar-sevens" → "Stellar Sevens". */
export function gameName(identifier: string): string {
  const slug = identifier.slice(identifier.indexOf('/') + 1) || identifier;
  return slug
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** The game page of a free spins' game (`/play/{provider}/{seo_title}`; a game's identifier is `provider/seo_title`). */
export function gamePathOf(identifier: string): string | null {
  const [provider, name, ...rest] = identifier.split('/');
  if (!provider || !name || rest.length) return null;
  return `/play/${encodeURIComponent(provider)}/${encodeURIComponent(name)}`;
}

/**
 * What the gift-code field's answer means (`POST /api/v2/bonuses/promo-code`): the promo code's
 * refusal codes as they are; a code the promo codes do not know is tried as a coupon, whose
 * statuses map onto the same words.
 */
export function couponOutcome(status: string): 'done' | 'already_used' | 'invalid' {
  if (status === 'successfully_activated') return 'done';
  if (status === 'already_activated') return 'already_used';
  return 'invalid';
}

/**
 * The current bonuses in the order the page lists them (docs/rules/gifts.md "The queue"): the
 * running one first, then those the player can act on now (ready, waiting for a deposit) newest
 * first, and the queued ones apart, in their place in the line.
 */
export function queueOf(bonuses: readonly PlayerBonus[]): {
  running: PlayerBonus | null;
  others: PlayerBonus[];
  queued: PlayerBonus[];
} {
  const running = bonuses.find((b) => b.queue === 'running') ?? null;
  const queued = bonuses
    .filter((b) => b.queue === 'queued')
    .sort((a, b) => (a.queue_position ?? 0) - (b.queue_position ?? 0));
  const others = bonuses.filter((b) => b !== running && b.queue !== 'queued');
  return { running, others, queued };
}

/** A stretch of time in whole days and hours (what a queued gift will have to be activated). */
export function daysAndHours(seconds: number): { days: number; hours: number } {
  const whole = Math.max(0, Math.floor(seconds));
  return { days: Math.floor(whole / 86_400), hours: Math.floor((whole % 86_400) / 3_600) };
}

/** `disabled-bonuses` (fe config): gift groups the operator hides while a gift of them is at the listed stage. */
export type DisabledBonusGroups = ReadonlyArray<{ group_key: string; stage: string }>;

/** A bonus of a disabled group is hidden while its stage is the group's listed (first) stage. */
export function isDisabledBonus(bonus: { group_key: string; stage: string }, groups: DisabledBonusGroups): boolean {
  return groups.some((group) => group.group_key === bonus.group_key && group.stage === bonus.stage);
}

/**
 * The bonuses the player is shown: those of a disabled group at its listed stage are left out.
 * The gifts page and the header's counter both read this, so they never disagree.
 */
export function shownBonuses<B extends { group_key: string; stage: string }>(
  bonuses: readonly B[],
  groups: DisabledBonusGroups,
): B[] {
  return groups.length === 0 ? [...bonuses] : bonuses.filter((bonus) => !isDisabledBonus(bonus, groups));
}

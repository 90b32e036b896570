/**
 * The wheel's page json as the server answers it (docs/rules/content-pages.md "Page json keys"):
 * the static page `rocket-chance` gets the wheel's real terms written into its json when the cms
 * answers it, so a front end that reads the keys of this API family's wheel page (`deposit`,
 * `maxWin`, `freeSpinsWager`, `spinRate`) reads the terms the boxes are issued and granted with,
 * never a second copy that could drift from them.
 */
import {
  WHEEL_GROUP_IDS,
  WHEEL_PAGE_KEYS,
  WHEEL_SPINS_WAGER,
  type BonusTemplate,
  type WheelTier,
} from '@orbit/contracts';
import type { Executor } from '../../platform/db/executor';
import { fromEurIn, WHEEL_BONUS_TEMPLATE, WHEEL_SPINS_TEMPLATE, type LootboxService } from './lootboxes';
import { tiersFor, tierTerms, type FromEur } from './wheel-terms';

type DepositTable = Partial<Record<WheelTier, Record<string, { pay: number; get: number }>>>;
export type WheelPageFigures = {
  /** By wheel group (`default`, `21`, `1308`, `1309`), tier and currency: the deposit a tier needs and its top prize, cents. */
  deposit: Record<string, DepositTable>;
  /** The cap on a prize's winnings by currency (cents), when one figure holds for every prize. */
  maxWin?: Record<string, number>;
  /** What the free spins' winnings are wagered. */
  freeSpinsWager: number;
  /** A wheel free spin's stake by currency (cents), when its template names one. */
  spinRate?: Record<string, number>;
};

/** The json keys the figures own on the wheel's page. */
export const WHEEL_PAGE_FILLED_KEYS = WHEEL_PAGE_KEYS;

const liveTemplate = (templates: readonly BonusTemplate[], key: string) =>
  templates.find((t) => t.key === key && t.retired_at === null);

/** A per-currency figure of a template's terms; undefined when no currency names it. */
function byCurrency(
  template: BonusTemplate | undefined,
  pick: (terms: BonusTemplate['money'][string]) => number | undefined,
) {
  const out: Record<string, number> = {};
  for (const [currency, terms] of Object.entries(template?.money ?? {})) {
    const value = pick(terms);
    if (value !== undefined) out[currency] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

/** What the wheel's free spins' winnings are wagered: the `wheel-spins` template's multiplier (3 while it has none). */
export const wheelSpinsWager = (templates: readonly BonusTemplate[]): number =>
  liveTemplate(templates, WHEEL_SPINS_TEMPLATE)?.wager_multiplier ?? WHEEL_SPINS_WAGER;

/** A wheel free spin's stake by currency (cents): the `wheel-spins` template's bet level, which the spins are granted with. */
export const wheelSpinRate = (templates: readonly BonusTemplate[]): Record<string, number> | undefined =>
  byCurrency(liveTemplate(templates, WHEEL_SPINS_TEMPLATE), (terms) => terms.bet_level_cents);

/**
 * The wheel's terms in the page's words: each group's tiers in every currency the tier names,
 * `pay` its deposit and `get` its top prize (as `GET /api/wheel` answers them: the page's own
 * table when it states one, else the fe config `wheel-config` with the set's largest bonus
 * scaled); none while the wheel is off. `maxWin`: the page's cap, the one prizes are granted
 * with, else the `wheel-bonus` template's (absent when neither names one: each prize is then
 * capped by its own amount). `freeSpinsWager` and `spinRate`: the `wheel-spins` template's.
 */
export async function wheelPageFigures(
  lootboxes: LootboxService,
  templates: readonly BonusTemplate[],
  db: Executor,
): Promise<WheelPageFigures> {
  const wheel = await lootboxes.wheel();
  const converters = new Map<string, FromEur>();
  const fromEur = async (currency: string) => {
    const known = converters.get(currency);
    if (known) return known;
    const made = await fromEurIn(db, currency);
    converters.set(currency, made);
    return made;
  };
  const deposit: Record<string, DepositTable> = {};
  if (wheel.tiers.enabled)
    for (const group of ['default', ...WHEEL_GROUP_IDS.map(String)]) {
      const groupIds = group === 'default' ? [] : [Number(group)];
      const currencies = new Set(tiersFor(wheel, groupIds).tiers.flatMap((t) => Object.keys(t.deposit)));
      const table: DepositTable = {};
      for (const currency of currencies)
        for (const terms of tierTerms(wheel, groupIds, currency, await fromEur(currency)))
          if (terms.currency === currency)
            table[terms.tier] = {
              ...table[terms.tier],
              [currency]: { pay: terms.pay_cents, get: terms.top_prize_cents },
            };
      deposit[group] = table;
    }
  const bonus = liveTemplate(templates, WHEEL_BONUS_TEMPLATE);
  const maxWin = wheel.page?.maxWin ?? byCurrency(bonus, (terms) => terms.max_win_cents);
  const spinRate = wheelSpinRate(templates);
  return {
    deposit,
    ...(maxWin ? { maxWin } : {}),
    freeSpinsWager: wheelSpinsWager(templates),
    ...(spinRate ? { spinRate } : {}),
  };
}

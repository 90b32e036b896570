/**
 * The games' symbol and card names in the page's locale. The games' mathematics names its symbols
 * in English (`Ringed Planet`, `Wild×3`) and the outcome keeps those names (the art, `data-symbol`
 * and the verifier read them); what the player reads — tooltips, `aria-label`s, win lines — goes
 * through here: `symbols.<camelCase name>` and `cards.*` of the catalogues.
 */
import { rankOf, suitOf } from '../../../src/games/cards';
import { t } from './index';

const RANKS = ['ace', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king'];

/** A symbol's catalogue key: `Ringed Planet` → `ringedPlanet`, `UFO` → `ufo`. */
export function symbolKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .split(/[\s_-]+/)
    .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
}

/** A symbol's name in the page's locale (a multiplier suffix `×3` kept); an unknown name as it is. */
export function symbolName(name: string): string {
  const m = /^(.*?)(\s*×\s*\d+)$/.exec(name);
  const base = m ? m[1]! : name;
  const key = `symbols.${symbolKey(base)}`;
  const text = t(key);
  return (text === key ? base : text) + (m ? m[2]! : '');
}

/** A card (0 … 51, src/games/cards.ts) in words in the page's locale: "Queen of hearts", "Dame Herz". */
export function cardLabel(card: number): string {
  return t('cards.card', { rank: t(`cards.ranks.${RANKS[rankOf(card)]}`), suit: t(`cards.suits.${suitOf(card)}`) });
}

/** A ways game's wins as the win line says them, joined ("3 × Moon on 4 reels, 6 ways: €1.20 · …"). */
export function waysWinsText(
  wins: readonly { symbol: string; reels: number; ways: number; win: number }[],
  money: (cents: number) => string,
): string {
  return wins
    .map((w) =>
      t('slot.ways', {
        symbol: symbolName(w.symbol),
        reels: w.reels,
        count: w.ways,
        boosted: '',
        amount: money(w.win),
      }),
    )
    .join(' · ');
}

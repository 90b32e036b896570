/**
 * A round's outcome in words, per game (the verifier page), in the page's locale: `summary.*` texts,
 * symbols and cards by their translated names, amounts and multipliers by `Intl`.
 */
import type { CosmicOutcome } from '../../src/games/cosmic-clusters/math';
import type { RouletteOutcome } from '../../src/games/european-roulette/math';
import type { NebulaOutcome } from '../../src/games/nebula-ways/math';
import type { DiceOutcome } from '../../src/games/orbit-dice/math';
import type { CrashOutcome } from '../../src/games/rocket-crash/math';
import type { PlinkoOutcome } from '../../src/games/orbit-plinko/math';
import type { KenoOutcome } from '../../src/games/orbit-keno/math';
import type { TumbleOutcome } from '../../src/games/meteor-tumble/math';
import type { LinkOutcome } from '../../src/games/lunar-link/math';
import type { WarpOutcome } from '../../src/games/warp-ways/math';
import type { NovaOutcome } from '../../src/games/nova-sevens/math';
import type { WheelOutcome } from '../../src/games/saturn-wheel/math';
import { handTotal, type BlackjackOutcome } from '../../src/games/orbit-blackjack/math';
import type { VideoPokerOutcome } from '../../src/games/orbit-video-poker/math';
import type { StellarOutcome, StellarSpin } from '../../src/games/stellar-sevens/math';
import { describeBet } from './games/roulette-bets';
import { t } from './i18n';
import { cardLabel, symbolName } from './i18n/names';
import { formatDecimal, formatMultiplier, formatPercent } from './money';

/** An amount in minor units, the locale's way (the verifier knows no currency). */
const amount = (cents: number) => formatDecimal(cents / 100);
const list = (items: readonly (string | number)[]) => items.join(', ');
const total = (cents: number) => t('summary.totalWin', { amount: amount(cents) });
const stakeCoin = (stake: number, coin: number) => t('summary.stakeCoin', { stake: amount(stake), coin: amount(coin) });

/** `columns[c][r]` as rows of text, top row first (symbols by name). */
function rowsOf(columns: readonly (readonly string[])[]): string[] {
  const rows = Math.max(0, ...columns.map((c) => c.length));
  return Array.from({ length: rows }, (_, r) => columns.map((c) => (c[r] ? symbolName(c[r]) : '')).join(' | '));
}
const grid = (columns: readonly (readonly string[])[]) => rowsOf(columns).map((r) => `  ${r}`);

const ways = (w: { symbol: string; reels: number; ways: number; win: number; weightedWays?: number }) =>
  w.weightedWays !== undefined && w.weightedWays !== w.ways
    ? t('summary.waysWeighted', {
        symbol: symbolName(w.symbol),
        reels: w.reels,
        count: w.ways,
        weighted: w.weightedWays,
        amount: amount(w.win),
      })
    : t('summary.ways', { symbol: symbolName(w.symbol), reels: w.reels, count: w.ways, amount: amount(w.win) });

function stellarSpin(spin: StellarSpin, title: string): string[] {
  const lines = [
    `${title}${spin.multiplier > 1 ? t('summary.winsTimes', { multiplier: spin.multiplier }) : ''}:`,
    ...grid(spin.reels),
  ];
  if (spin.expanded.length > 0)
    lines.push(
      `  ${t('summary.expanded', { symbol: symbolName('Star'), count: spin.expanded.length, reels: list(spin.expanded.map((r) => r + 1)) })}`,
    );
  for (const l of spin.lines)
    lines.push(
      `  ${t('summary.line', { line: l.line, count: l.count, symbol: symbolName(l.symbol), amount: amount(l.win) })}`,
    );
  if (spin.scatters >= 3 || spin.scatterWin > 0) {
    const pay = spin.scatterWin > 0 ? t('summary.pay', { amount: amount(spin.scatterWin) }) : t('summary.noPay');
    const free = spin.freeSpinsAwarded > 0 ? `, ${t('slot.freeSpins', { count: spin.freeSpinsAwarded })}` : '';
    lines.push(`  ${spin.scatters} × ${symbolName('Galaxy')}: ${pay}${free}`);
  }
  lines.push(`  ${t('summary.spinWin', { amount: amount(spin.win) })}`);
  return lines;
}

/** Blackjack's best total of a hand, and whether it is a natural (its first two cards make 21). */
const bestTotal = (cards: readonly number[]) => handTotal(cards).total;
const isNatural = (cards: readonly number[]) => cards.length === 2 && bestTotal(cards) === 21;

const SUMMARIES: Record<string, (outcome: never) => string[]> = {
  'stellar-sevens': (o: StellarOutcome) => [
    t('summary.stakeLines', { stake: amount(o.stake), lines: o.stake / o.lineBet, lineBet: amount(o.lineBet) }),
    ...stellarSpin(o.base, t('summary.paidSpin')),
    ...o.freeSpins.flatMap((s, i) => stellarSpin(s, t('summary.freeSpinOf', { n: i + 1, total: o.freeSpins.length }))),
    total(o.win),
  ],
  'nebula-ways': (o: NebulaOutcome) => [
    stakeCoin(o.stake, o.coin),
    ...grid(o.reels),
    ...o.wins.map(ways),
    total(o.win),
  ],
  'cosmic-clusters': (o: CosmicOutcome) => [
    stakeCoin(o.stake, o.coin),
    ...grid(o.grid),
    ...o.wins.map((w) =>
      t('slot.cluster', { count: w.count, symbol: symbolName(w.symbol), coins: w.pay, amount: amount(w.win) }),
    ),
    ...(o.multipliers.length > 0
      ? [
          `${symbolName('Supernova')}: ${o.multipliers.map((m) => `×${m.value}`).join(' + ')}${o.win > 0 ? ` → ${t('summary.totalTimes', { multiplier: o.multiplier })}` : ''}`,
        ]
      : []),
    total(o.win),
  ],
  'european-roulette': (o: RouletteOutcome) => [
    t('summary.ball', { pocket: o.pocket, colour: t(`roulette.${o.colour}`) }),
    ...o.positions.map((p) =>
      t('summary.position', {
        bet: describeBet(p.type, p.numbers),
        stake: amount(p.stake),
        result: p.win > 0 ? t('summary.wins', { amount: amount(p.win) }) : t('roulette.lost'),
      }),
    ),
  ],
  'orbit-dice': (o: DiceOutcome) => [
    t('summary.dice', {
      roll: amount(o.roll),
      direction: t(o.direction === 'under' ? 'summary.under' : 'summary.over'),
      target: amount(o.target),
      result: t(o.won ? 'summary.won' : 'summary.lost'),
      chance: formatPercent(o.chance),
      multiplier: `×${formatDecimal(o.multiplier, 4)}`,
    }),
  ],
  'rocket-crash': (o: CrashOutcome) => [
    t('summary.crash', {
      crash: formatMultiplier(o.crash_point),
      cashout: formatMultiplier(o.cashout_at),
      result: t(o.won ? 'summary.crashWon' : 'summary.crashLost'),
    }),
  ],
  'orbit-plinko': (o: PlinkoOutcome) => [
    t('summary.plinkoPath', {
      rows: o.rows,
      risk: t(`plinko.${o.risk}`),
      path: list(o.path.map((b) => t(b ? 'summary.right' : 'summary.left'))),
    }),
    t('summary.plinkoSlot', { slot: o.slot + 1, slots: o.rows + 1, multiplier: formatMultiplier(o.multiplier) }),
  ],
  'meteor-tumble': (o: TumbleOutcome) => [
    stakeCoin(o.stake, o.coin),
    ...o.steps.flatMap((s, d) => [
      `${d === 0 ? t('summary.drop') : t('summary.tumble', { n: d })} (× ${s.multiplier}):`,
      ...grid(s.grid),
      ...s.wins.map(
        (w) =>
          `  ${t('summary.tumbleWin', { count: w.count, symbol: symbolName(w.symbol), coins: w.pay, multiplier: s.multiplier, amount: amount(w.win) })}`,
      ),
    ]),
    total(o.win),
  ],
  'lunar-link': (o: LinkOutcome) => [
    stakeCoin(o.stake, o.coin),
    ...grid(o.grid),
    ...o.wins.map(ways),
    ...(o.bonus
      ? [
          t('summary.holdAndWin', {
            count: o.coins.length,
            coin: symbolName('Moon'),
            respins: o.bonus.respins.length,
            coins: o.bonus.coins.length,
            value: o.bonus.coins.reduce((a, x) => a + x.value, 0),
            grand: o.bonus.grand ? ` + ${symbolName('Grand')}` : '',
            amount: amount(o.bonus.win),
          }),
        ]
      : []),
    total(o.win),
  ],
  'warp-ways': (o: WarpOutcome) => [
    t('summary.warp', { stake: amount(o.stake), coin: amount(o.coin), heights: list(o.heights), count: o.ways }),
    ...o.reels.map((col, r) => `  ${t('slot.reelNo', { n: r + 1 })}: ${col.map(symbolName).join(' | ')}`),
    ...o.wins.map(ways),
    total(o.win),
  ],
  'nova-sevens': (o: NovaOutcome) => [
    t('summary.stakeLines', { stake: amount(o.stake), lines: 5, lineBet: amount(o.lineBet) }),
    ...grid(o.grid),
    ...o.lines.map((l) =>
      l.wilds > 0 && l.wilds < 3
        ? t('summary.novaWild', {
            line: l.line,
            symbol: symbolName(l.symbol),
            count: l.wilds,
            wild: symbolName('Nova'),
            multiplier: 2 ** l.wilds,
            amount: amount(l.win),
          })
        : t('summary.line', { line: l.line, count: 3, symbol: symbolName(l.symbol), amount: amount(l.win) }),
    ),
    total(o.win),
  ],
  'saturn-wheel': (o: WheelOutcome) => [
    stakeCoin(o.stake, o.coin),
    ...grid(o.grid),
    o.line
      ? t('summary.middleLine', { symbol: symbolName(o.line.symbol), amount: amount(o.line.win) })
      : t('summary.middleNoWin'),
    ...(o.wheel
      ? [
          t('summary.wheel', {
            count: o.scatters,
            symbol: symbolName('Saturn'),
            segment: o.wheel.segment + 1,
            coins: o.wheel.coins,
            times: o.wheel.multiplier > 1 ? ` × ${o.wheel.multiplier}` : '',
            amount: amount(o.wheel.win),
          }),
        ]
      : []),
    total(o.win),
  ],
  'orbit-video-poker': (o: VideoPokerOutcome) => {
    const hand = o.hand ? t(`poker.hands.${o.hand}`) : t('poker.noWin');
    return [
      t('summary.dealt', { cards: list(o.dealt.map(cardLabel)) }),
      ...(o.held && o.final
        ? [
            t('summary.held', {
              cards: list(o.dealt.filter((_, i) => o.held![i]).map(cardLabel)) || t('summary.nothing'),
            }),
            t('summary.finalHand', { cards: list(o.final.map(cardLabel)) }),
          ]
        : []),
      `${o.held === null ? t('summary.pokerOpen', { hand }) : t('summary.pokerHeld', { hand, count: o.held.filter(Boolean).length })}${o.pays ? t('summary.pokerPays', { pays: o.pays }) : ''}.`,
    ];
  },
  'orbit-blackjack': (o: BlackjackOutcome) => {
    const cards = (list: readonly number[]) => list.map(cardLabel).join(', ');
    const dealerTotal = bestTotal(o.dealer);
    const lines = [
      o.active === null
        ? t('summary.dealerFinal', {
            cards: cards(o.dealer),
            total: isNatural(o.dealer)
              ? t('blackjack.blackjack')
              : dealerTotal > 21
                ? t('blackjack.bust')
                : dealerTotal,
          })
        : t('summary.dealerShows', { cards: cards(o.dealer) }),
    ];
    o.hands.forEach((hand, i) => {
      lines.push(
        t('summary.hand', {
          label: o.hands.length > 1 ? t('blackjack.hand', { n: i + 1 }) : t('blackjack.yourHand'),
          cards: cards(hand.cards),
          total: handTotal(hand.cards).total,
          doubled: hand.doubled ? t('summary.doubled') : '',
          stake: amount(hand.stake),
          settled: hand.result
            ? t('summary.settled', { result: t(`blackjack.${hand.result}`), amount: amount(hand.win ?? 0) })
            : '',
        }),
      );
    });
    // The moves as the verifier's Actions field takes them.
    if (o.actions.length > 0) lines.push(t('summary.actions', { actions: list(o.actions) }));
    return lines;
  },
  'orbit-keno': (o: KenoOutcome) => [
    t('summary.keno', { picks: list(o.picks), drawn: list(o.drawn) }),
    `${t('keno.hits', { count: o.hits.length })}${o.hits.length > 0 ? ` (${list(o.hits)})` : ''}: ${o.multiplier > 0 ? t('summary.kenoPays', { multiplier: formatMultiplier(o.multiplier) }) : t('summary.noWin')}.`,
  ],
};

export function summarise(slug: string, outcome: unknown): string[] {
  const f = SUMMARIES[slug];
  if (!f) return [];
  try {
    return f(outcome as never);
  } catch {
    return [];
  }
}

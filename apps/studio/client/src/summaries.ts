/** A round's outcome in words, per game (the verifier page). */
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
import { summaryLines as blackjackLines, type BlackjackOutcome } from '../../src/games/orbit-blackjack/math';
import { cardName, summary as pokerSummary, type VideoPokerOutcome } from '../../src/games/orbit-video-poker/math';
import type { StellarOutcome, StellarSpin } from '../../src/games/stellar-sevens/math';
import { formatAmount, formatMultiplier } from './money';

/** `columns[c][r]` as rows of text, top row first. */
function rowsOf(columns: readonly (readonly string[])[]): string[] {
  const rows = Math.max(0, ...columns.map((c) => c.length));
  return Array.from({ length: rows }, (_, r) => columns.map((c) => c[r] ?? '').join(' | '));
}

function stellarSpin(spin: StellarSpin, title: string): string[] {
  const lines = [
    `${title}${spin.multiplier > 1 ? ` (wins × ${spin.multiplier})` : ''}:`,
    ...rowsOf(spin.reels).map((r) => `  ${r}`),
  ];
  if (spin.expanded.length > 0)
    lines.push(
      `  Stars expanded on reel${spin.expanded.length > 1 ? 's' : ''} ${spin.expanded.map((r) => r + 1).join(', ')}`,
    );
  for (const l of spin.lines) lines.push(`  Line ${l.line}: ${l.count} × ${l.symbol} pays ${formatAmount(l.win)}`);
  if (spin.scatters >= 3 || spin.scatterWin > 0) {
    lines.push(
      `  ${spin.scatters} Galaxies: ${spin.scatterWin > 0 ? `pay ${formatAmount(spin.scatterWin)}` : 'no pay'}${spin.freeSpinsAwarded > 0 ? `, ${spin.freeSpinsAwarded} free spins` : ''}`,
    );
  }
  lines.push(`  Spin win ${formatAmount(spin.win)}`);
  return lines;
}

const SUMMARIES: Record<string, (outcome: never) => string[]> = {
  'stellar-sevens': (o: StellarOutcome) => [
    `Stake ${formatAmount(o.stake)} on ${o.stake / o.lineBet} lines (line bet ${formatAmount(o.lineBet)}).`,
    ...stellarSpin(o.base, 'Paid spin'),
    ...o.freeSpins.flatMap((s, i) => stellarSpin(s, `Free spin ${i + 1} of ${o.freeSpins.length}`)),
    `Total win ${formatAmount(o.win)}.`,
  ],
  'nebula-ways': (o: NebulaOutcome) => [
    `Stake ${formatAmount(o.stake)} (coin ${formatAmount(o.coin)}).`,
    ...rowsOf(o.reels).map((r) => `  ${r}`),
    ...o.wins.map(
      (w) =>
        `${w.symbol} on ${w.reels} reels: ${w.ways} ways${w.weightedWays !== w.ways ? ` (${w.weightedWays} with wild multipliers)` : ''} pay ${formatAmount(w.win)}`,
    ),
    `Total win ${formatAmount(o.win)}.`,
  ],
  'cosmic-clusters': (o: CosmicOutcome) => [
    `Stake ${formatAmount(o.stake)} (coin ${formatAmount(o.coin)}).`,
    ...rowsOf(o.grid).map((r) => `  ${r}`),
    ...o.wins.map((w) => `${w.count} × ${w.symbol}: ${w.pay} coins = ${formatAmount(w.win)}`),
    ...(o.multipliers.length > 0
      ? [
          `Supernovas: ${o.multipliers.map((m) => `×${m.value}`).join(' + ')}${o.win > 0 ? ` → total × ${o.multiplier}` : ''}`,
        ]
      : []),
    `Total win ${formatAmount(o.win)}.`,
  ],
  'european-roulette': (o: RouletteOutcome) => [
    `The ball landed on ${o.pocket} (${o.colour}).`,
    ...o.positions.map(
      (p) =>
        `${p.type.replace('_', ' ')} ${p.numbers.length <= 6 ? p.numbers.join('-') : `(${p.numbers.length} numbers)`}: stake ${formatAmount(p.stake)} → ${p.win > 0 ? `wins ${formatAmount(p.win)}` : 'lost'}`,
    ),
  ],
  'orbit-dice': (o: DiceOutcome) => [
    `Rolled ${formatAmount(o.roll)}, ${o.direction} ${formatAmount(o.target)}: ${o.won ? 'won' : 'lost'} (win chance ${(o.chance * 100).toFixed(2)} %, multiplier ×${o.multiplier.toFixed(4)}).`,
  ],
  'rocket-crash': (o: CrashOutcome) => [
    `The rocket crashed at ${formatMultiplier(o.crash_point)}; auto cash-out at ${formatMultiplier(o.cashout_at)}: ${o.won ? 'cashed out, won' : 'crashed first, lost'}.`,
  ],
  'orbit-plinko': (o: PlinkoOutcome) => [
    `${o.rows} rows, ${o.risk} risk: the ball bounced ${o.path.map((b) => (b ? 'right' : 'left')).join(', ')}.`,
    `It landed in slot ${o.slot + 1} of ${o.rows + 1}, paying ${formatMultiplier(o.multiplier)} the stake.`,
  ],
  'meteor-tumble': (o: TumbleOutcome) => [
    `Stake ${formatAmount(o.stake)} (coin ${formatAmount(o.coin)}).`,
    ...o.steps.flatMap((s, d) => [
      `${d === 0 ? 'Drop' : `Tumble ${d}`} (× ${s.multiplier}):`,
      ...rowsOf(s.grid).map((r) => `  ${r}`),
      ...s.wins.map((w) => `  ${w.count} × ${w.symbol}: ${w.pay} coins × ${s.multiplier} = ${formatAmount(w.win)}`),
    ]),
    `Total win ${formatAmount(o.win)}.`,
  ],
  'lunar-link': (o: LinkOutcome) => [
    `Stake ${formatAmount(o.stake)} (coin ${formatAmount(o.coin)}).`,
    ...rowsOf(o.grid).map((r) => `  ${r}`),
    ...o.wins.map((w) => `${w.symbol} on ${w.reels} reels: ${w.ways} ways pay ${formatAmount(w.win)}`),
    ...(o.bonus
      ? [
          `Hold and Win with ${o.coins.length} Moons: ${o.bonus.respins.length} respins, ${o.bonus.coins.length} Moons worth ${o.bonus.coins.reduce((a, x) => a + x.value, 0)} coins${o.bonus.grand ? ' + the Grand' : ''} = ${formatAmount(o.bonus.win)}`,
        ]
      : []),
    `Total win ${formatAmount(o.win)}.`,
  ],
  'warp-ways': (o: WarpOutcome) => [
    `Stake ${formatAmount(o.stake)} (coin ${formatAmount(o.coin)}); reel heights ${o.heights.join(', ')}: ${o.ways} ways.`,
    ...o.reels.map((col, r) => `  Reel ${r + 1}: ${col.join(' | ')}`),
    ...o.wins.map((w) => `${w.symbol} on ${w.reels} reels: ${w.ways} ways pay ${formatAmount(w.win)}`),
    `Total win ${formatAmount(o.win)}.`,
  ],
  'nova-sevens': (o: NovaOutcome) => [
    `Stake ${formatAmount(o.stake)} on 5 lines (line bet ${formatAmount(o.lineBet)}).`,
    ...rowsOf(o.grid).map((r) => `  ${r}`),
    ...o.lines.map(
      (l) =>
        `Line ${l.line}: 3 × ${l.symbol}${l.wilds > 0 && l.wilds < 3 ? ` with ${l.wilds} Nova (× ${2 ** l.wilds})` : ''} pays ${formatAmount(l.win)}`,
    ),
    `Total win ${formatAmount(o.win)}.`,
  ],
  'saturn-wheel': (o: WheelOutcome) => [
    `Stake ${formatAmount(o.stake)} (coin ${formatAmount(o.coin)}).`,
    ...rowsOf(o.grid).map((r) => `  ${r}`),
    o.line ? `Middle line: 3 × ${o.line.symbol} pays ${formatAmount(o.line.win)}` : 'Middle line: no win',
    ...(o.wheel
      ? [
          `${o.scatters} Saturns: the wheel stopped on segment ${o.wheel.segment + 1} (${o.wheel.coins} coins)${o.wheel.multiplier > 1 ? ` × ${o.wheel.multiplier}` : ''} = ${formatAmount(o.wheel.win)}`,
        ]
      : []),
    `Total win ${formatAmount(o.win)}.`,
  ],
  'orbit-video-poker': (o: VideoPokerOutcome) => [
    `Dealt: ${o.dealt.map(cardName).join(', ')}.`,
    ...(o.held && o.final
      ? [
          `Held: ${
            o.dealt
              .filter((_, i) => o.held![i])
              .map(cardName)
              .join(', ') || 'nothing'
          }.`,
          `Final hand: ${o.final.map(cardName).join(', ')}.`,
        ]
      : []),
    `${pokerSummary(o)}${o.pays ? `: pays ${o.pays} × the stake` : ''}.`,
  ],
  'orbit-blackjack': (o: BlackjackOutcome) => blackjackLines(o, formatAmount),
  'orbit-keno': (o: KenoOutcome) => [
    `Picked ${o.picks.join(', ')}; drawn ${o.drawn.join(', ')}.`,
    `${o.hits.length} hit${o.hits.length === 1 ? '' : 's'}${o.hits.length > 0 ? ` (${o.hits.join(', ')})` : ''}: ${o.multiplier > 0 ? `pays ${formatMultiplier(o.multiplier)} the stake` : 'no win'}.`,
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

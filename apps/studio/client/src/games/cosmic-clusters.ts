/**
 * Cosmic Clusters: a 6 × 5 pay-anywhere grid. Columns drop in one by one; every symbol with enough
 * copies anywhere lights up with its count and pay; Supernovas show their multipliers and, on a
 * winning spin, their sum multiplies the total.
 */
import { COSMIC_CONFIG, type CosmicOutcome } from '../../../src/games/cosmic-clusters/math';
import { h, sleep } from '../dom';
import type { GameRenderer, ShellContext } from '../renderer';
import { cellsWhere, pace, ReelSet, SlotStage, slotRenderer, type WinItem } from './slot-kit';
import { t } from '../i18n';
import { symbolName } from '../i18n/names';

export function create(ctx: ShellContext): GameRenderer {
  const cfg = COSMIC_CONFIG;
  const names = [...cfg.symbols.map((s) => s.name), cfg.multiplier.name];
  const grid = new ReelSet(cfg.columns, cfg.rows, names);
  grid.grid.classList.add('cluster-grid');
  const info = h(
    'span',
    { class: 'muted' },
    t('slot.clustersInfo', { count: cfg.bands[0] ?? 0, name: symbolName(cfg.multiplier.name) }),
  );
  const multOut = h('span', { class: 'slot-free', 'data-testid': 'multiplier', 'aria-live': 'polite' });
  const slot = new SlotStage(ctx, grid, [info, multOut]);
  const { message } = slot;

  return slotRenderer(
    slot,
    { unit: cfg.divisor, factors: [1, 2, 5, 10, 25, 50, 100, 250, 500], naturalMs: 1700 },
    {
      start() {
        multOut.textContent = '';
      },
      async land(raw, win, timing) {
        const outcome = raw as CosmicOutcome;
        const p = pace(timing.quick);
        const badge = (c: number) =>
          Array.from({ length: cfg.rows }, (_, r) => {
            const m = outcome.multipliers.find((x) => x.column === c && x.row === r);
            return m ? `×${m.value}` : undefined;
          });
        await grid.stopAll(outcome.grid, Math.max(timing.ms, p.stopMin), () => ctx.sound.play('stop'), badge);
        slot.spinning = false;
        const items: WinItem[] = outcome.wins.map((w) => ({
          label: t('slot.cluster', {
            count: w.count,
            symbol: symbolName(w.symbol),
            coins: w.pay,
            amount: ctx.money(w.win),
          }),
          cells: cellsWhere(outcome.grid, (name) => name === w.symbol),
        }));
        if (win > 0 && outcome.multipliers.length > 0) {
          const cells = outcome.multipliers.map((m) => [m.column, m.row] as const);
          items.push({
            label: t('slot.multipliers', { name: symbolName(cfg.multiplier.name), multiplier: outcome.multiplier }),
            cells,
          });
        }
        if (outcome.multipliers.length > 0)
          multOut.textContent = `× ${outcome.multipliers.reduce((s, m) => s + m.value, 0)}`;
        slot.wins.show(items);
        if (win > 0 && outcome.multiplier > 1) {
          const before = outcome.wins.reduce((s, w) => s + w.win, 0);
          slot.say(t('slot.win', { amount: ctx.money(before) }), true);
          await sleep(p.showWin / 2);
          message.textContent = `${ctx.money(before)} × ${outcome.multiplier} = ${ctx.money(win)}`;
        } else {
          slot.say(win > 0 ? t('slot.win', { amount: ctx.money(win) }) : '', win > 0);
        }
      },
    },
  );
}

/**
 * Cosmic Clusters: a 6 × 5 pay-anywhere grid. Columns drop in one by one; every symbol with enough
 * copies anywhere lights up with its count and pay; Supernovas show their multipliers and, on a
 * winning spin, their sum multiplies the total.
 */
import { COSMIC_CONFIG, MAX_STAKE, type CosmicOutcome } from '../../../src/games/cosmic-clusters/math';
import { h, sleep } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
import { pace, ReelSet, WinCycler, type WinItem } from './slot-kit';

export function create(ctx: ShellContext): GameRenderer {
  const cfg = COSMIC_CONFIG;
  const names = [...cfg.symbols.map((s) => s.name), cfg.multiplier.name];
  const grid = new ReelSet(cfg.columns, cfg.rows, names);
  grid.grid.classList.add('cluster-grid');
  const wins = new WinCycler(grid);
  const info = h('span', { class: 'muted' }, `${cfg.bands[0]}+ of a symbol anywhere pays · ${cfg.multiplier.name}s multiply a win`);
  const multOut = h('span', { class: 'slot-free', 'data-testid': 'multiplier', 'aria-live': 'polite' });
  const message = h('div', { class: 'slot-message', 'aria-live': 'polite', 'data-testid': 'round-message' });
  ctx.stage.append(h('div', { class: 'slot' }, h('div', { class: 'slot-head' }, info, multOut), grid.root, message, wins.list));
  let spinning = false;

  const stakes = stakeLadder(cfg.divisor, MAX_STAKE, [1, 2, 5, 10, 25, 50, 100, 250, 500]);

  return {
    playLabel: 'Spin',
    stakeLabel: 'Stake',
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1700,
    bet(stake) {
      return stake > 0 && stake % cfg.divisor === 0 ? { bet: { stake }, stake } : { error: 'Choose a stake.' };
    },
    start() {
      spinning = true;
      wins.clear();
      message.textContent = '';
      message.classList.remove('won');
      multOut.textContent = '';
      grid.spinAll();
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
      spinning = false;
      const items: WinItem[] = outcome.wins.map((w) => {
        const cells: [number, number][] = [];
        outcome.grid.forEach((col, c) => col.forEach((name, r) => name === w.symbol && cells.push([c, r])));
        return { label: `${w.count} × ${w.symbol}: ${w.pay} coins = ${ctx.money(w.win)}`, cells };
      });
      if (win > 0 && outcome.multipliers.length > 0) {
        const cells = outcome.multipliers.map((m) => [m.column, m.row] as const);
        items.push({ label: `${cfg.multiplier.name}s: total × ${outcome.multiplier}`, cells });
      }
      if (outcome.multipliers.length > 0) multOut.textContent = `× ${outcome.multipliers.reduce((s, m) => s + m.value, 0)}`;
      wins.show(items);
      if (win > 0 && outcome.multiplier > 1) {
        const before = outcome.wins.reduce((s, w) => s + w.win, 0);
        message.textContent = `Win ${ctx.money(before)}`;
        message.classList.add('won');
        await sleep(p.showWin / 2);
        message.textContent = `${ctx.money(before)} × ${outcome.multiplier} = ${ctx.money(win)}`;
      } else {
        message.textContent = win > 0 ? `Win ${ctx.money(win)}` : '';
        message.classList.toggle('won', win > 0);
      }
    },
    abort() {
      if (!spinning) return;
      spinning = false;
      grid.stopSpinning();
    },
  };
}

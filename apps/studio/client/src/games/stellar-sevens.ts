/**
 * Stellar Sevens: 5 reels × 3 rows, 20 lines. Reels stop one by one; Stars expand over their reel;
 * each winning line is drawn through its symbols with its pay; Galaxies start free spins, played
 * out one after another with a counter (wins doubled).
 */
import { MAX_STAKE, STELLAR_CONFIG, type StellarOutcome, type StellarSpin } from '../../../src/games/stellar-sevens/math';
import { h, sleep } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
import { pace, ReelSet, WinCycler, type WinItem } from './slot-kit';

export function create(ctx: ShellContext): GameRenderer {
  const cfg = STELLAR_CONFIG;
  const nReels = cfg.strips.length;
  const names = [...cfg.symbols.map((s) => s.name), cfg.wild.name, cfg.scatter.name];
  const reels = new ReelSet(nReels, cfg.rows, names);
  const wins = new WinCycler(reels);
  const counter = h('span', { class: 'slot-free', 'data-testid': 'free-spins', 'aria-live': 'polite' });
  const info = h('span', { class: 'muted' }, `${cfg.lines.length} lines · ${cfg.wild.name} wild expands · 3+ ${cfg.scatter.name} = free spins`);
  const message = h('div', { class: 'slot-message', 'aria-live': 'polite', 'data-testid': 'round-message' });
  ctx.stage.append(h('div', { class: 'slot' }, h('div', { class: 'slot-head' }, info, counter), reels.root, message, wins.list));
  let spinning = false;
  /** Quick pace for the rest of the free spins (the player pressed Space or clicked the reels). */
  let hurried = false;

  const stakes = stakeLadder(cfg.lines.length, MAX_STAKE, [1, 2, 5, 10, 25, 50, 100, 250, 500]);

  function winItems(spin: StellarSpin): WinItem[] {
    const items: WinItem[] = spin.lines.map((l) => {
      const path = cfg.lines[l.line - 1] ?? [];
      const cells = path.slice(0, l.count).map((row, reel) => [reel, row] as const);
      return { label: `Line ${l.line}: ${l.count} × ${l.symbol} ${ctx.money(l.win)}`, cells, path };
    });
    if (spin.scatters >= 3) {
      const cells: (readonly [number, number])[] = [];
      spin.reels.forEach((col, reel) => col.forEach((name, row) => name === cfg.scatter.name && cells.push([reel, row])));
      const parts = [spin.scatterWin > 0 ? ctx.money(spin.scatterWin) : '', spin.freeSpinsAwarded > 0 ? `${spin.freeSpinsAwarded} free spins` : ''].filter(Boolean);
      items.push({ label: `${spin.scatters} × ${cfg.scatter.name}: ${parts.join(' + ')}`, cells });
    }
    return items;
  }

  /** Stops the reels on a spin, expands its Stars and shows its wins. */
  async function present(spin: StellarSpin, stopMs: number, quick: boolean): Promise<void> {
    const p = pace(quick);
    await reels.stopAll(spin.reels, Math.max(stopMs, p.stopMin), () => ctx.sound.play('stop'));
    if (spin.expanded.length > 0) {
      await sleep(p.expand / 2);
      for (const reel of spin.expanded) {
        reels.setReel(reel, Array.from({ length: cfg.rows }, () => cfg.wild.name));
        for (let r = 0; r < cfg.rows; r++) reels.tile(reel, r)?.classList.add('wild-expanded');
      }
      await sleep(p.expand / 2);
    }
    wins.show(winItems(spin));
  }

  return {
    playLabel: 'Spin',
    stakeLabel: 'Stake',
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1600,
    bet(stake) {
      return stake > 0 && stake % cfg.lines.length === 0 ? { bet: { stake }, stake } : { error: 'Choose a stake.' };
    },
    start() {
      spinning = true;
      hurried = false;
      wins.clear();
      message.textContent = '';
      message.classList.remove('won');
      counter.textContent = '';
      reels.spinAll();
    },
    async land(raw, win, timing) {
      const outcome = raw as StellarOutcome;
      const pc = () => pace(timing.quick || hurried);
      await present(outcome.base, timing.ms, timing.quick);
      if (outcome.base.win > 0) {
        message.textContent = `Win ${ctx.money(outcome.base.win)}`;
        message.classList.add('won');
      }
      if (outcome.freeSpins.length > 0) {
        let total = outcome.base.freeSpinsAwarded;
        let freeWin = 0;
        message.textContent = `${total} free spins! Wins × ${cfg.freeSpinMultiplier}`;
        message.classList.add('won');
        ctx.announce(`${total} free spins`);
        await sleep(pc().freeIntro);
        for (const [i, spin] of outcome.freeSpins.entries()) {
          counter.textContent = `Free spin ${i + 1} / ${total}`;
          wins.clear();
          reels.spinAll();
          ctx.sound.play('start');
          await present(spin, pc().freeSpin, timing.quick || hurried);
          freeWin += spin.win;
          if (spin.freeSpinsAwarded > 0) {
            total += spin.freeSpinsAwarded;
            counter.textContent = `Free spin ${i + 1} / ${total} (+${spin.freeSpinsAwarded})`;
          }
          message.textContent = `Free spins win ${ctx.money(freeWin)}`;
          await sleep(spin.win > 0 || spin.freeSpinsAwarded > 0 ? pc().freeShow : pc().freeShow / 3);
        }
        counter.textContent = `${total} free spins won ${ctx.money(freeWin)}`;
      }
      spinning = false;
      message.textContent = win > 0 ? `Total win ${ctx.money(win)}` : '';
      message.classList.toggle('won', win > 0);
    },
    hurry() {
      hurried = true;
    },
    abort() {
      if (!spinning) return;
      spinning = false;
      reels.stopSpinning();
    },
  };
}

/**
 * Nebula Ways: 5 reels × 3 rows, 243 ways. Reels stop one by one; each winning symbol lights up
 * every position it (or a wild) holds on its reels, with its ways and pay; wilds show their ×1/×2/×3.
 */
import { MAX_STAKE, NEBULA_CONFIG, type NebulaOutcome, type NebulaWayWin } from '../../../src/games/nebula-ways/math';
import { h } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
import { pace, ReelSet, WinCycler, type WinItem } from './slot-kit';

export function create(ctx: ShellContext): GameRenderer {
  const cfg = NEBULA_CONFIG;
  const nReels = cfg.strips.length;
  const wildNames = cfg.wilds.map((w) => `${cfg.wildName}×${w.multiplier}`);
  const isWild = (name: string) => name.startsWith(`${cfg.wildName}×`);
  const names = [...cfg.symbols.map((s) => s.name), ...wildNames];
  const reels = new ReelSet(nReels, cfg.rows, names);
  const wins = new WinCycler(reels);
  const info = h('span', { class: 'muted' }, `${cfg.rows ** nReels} ways · ${cfg.wildName}s ×1–×3 on reels 2–4`);
  const message = h('div', { class: 'slot-message', 'aria-live': 'polite', 'data-testid': 'round-message' });
  ctx.stage.append(h('div', { class: 'slot' }, h('div', { class: 'slot-head' }, info), reels.root, message, wins.list));
  let spinning = false;

  const stakes = stakeLadder(cfg.divisor, MAX_STAKE, [1, 2, 4, 8, 10, 20, 40, 80, 100, 200, 400]);

  function item(outcome: NebulaOutcome, w: NebulaWayWin): WinItem {
    const cells: [number, number][] = [];
    for (let reel = 0; reel < w.reels; reel++) {
      outcome.reels[reel]?.forEach((name, row) => (name === w.symbol || isWild(name)) && cells.push([reel, row]));
    }
    const boosted = w.weightedWays !== w.ways ? ` (×${w.weightedWays} with wilds)` : '';
    return { label: `${w.symbol} on ${w.reels} reels, ${w.ways} ${w.ways === 1 ? 'way' : 'ways'}${boosted}: ${ctx.money(w.win)}`, cells };
  }

  return {
    playLabel: 'Spin',
    stakeLabel: 'Stake',
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1600,
    bet(stake) {
      return stake > 0 && stake % cfg.divisor === 0 ? { bet: { stake }, stake } : { error: 'Choose a stake.' };
    },
    start() {
      spinning = true;
      wins.clear();
      message.textContent = '';
      message.classList.remove('won');
      reels.spinAll();
    },
    async land(raw, win, timing) {
      const outcome = raw as NebulaOutcome;
      await reels.stopAll(outcome.reels, Math.max(timing.ms, pace(timing.quick).stopMin), () => ctx.sound.play('stop'));
      spinning = false;
      wins.show(outcome.wins.map((w) => item(outcome, w)));
      message.textContent = win > 0 ? `Win ${ctx.money(win)}` : '';
      message.classList.toggle('won', win > 0);
    },
    abort() {
      if (!spinning) return;
      spinning = false;
      reels.stopSpinning();
    },
  };
}

/**
 * Nebula Ways: 5 reels × 3 rows, 243 ways. Reels stop one by one; each winning symbol lights up
 * every position it (or a wild) holds on its reels, with its ways and pay; wilds show their ×1/×2/×3.
 */
import { NEBULA_CONFIG, type NebulaOutcome, type NebulaWayWin } from '../../../src/games/nebula-ways/math';
import { h } from '../dom';
import type { GameRenderer, ShellContext } from '../renderer';
import { cellsWhere, pace, ReelSet, SlotStage, slotRenderer, type WinItem } from './slot-kit';

export function create(ctx: ShellContext): GameRenderer {
  const cfg = NEBULA_CONFIG;
  const nReels = cfg.strips.length;
  const wildNames = cfg.wilds.map((w) => `${cfg.wildName}×${w.multiplier}`);
  const isWild = (name: string) => name.startsWith(`${cfg.wildName}×`);
  const names = [...cfg.symbols.map((s) => s.name), ...wildNames];
  const reels = new ReelSet(nReels, cfg.rows, names);
  const info = h('span', { class: 'muted' }, `${cfg.rows ** nReels} ways · ${cfg.wildName}s ×1–×3 on reels 2–4`);
  const slot = new SlotStage(ctx, reels, [info]);

  function item(outcome: NebulaOutcome, w: NebulaWayWin): WinItem {
    const cells = cellsWhere(outcome.reels, (name) => name === w.symbol || isWild(name), w.reels);
    const boosted = w.weightedWays !== w.ways ? ` (×${w.weightedWays} with wilds)` : '';
    return {
      label: `${w.symbol} on ${w.reels} reels, ${w.ways} ${w.ways === 1 ? 'way' : 'ways'}${boosted}: ${ctx.money(w.win)}`,
      cells,
    };
  }

  return slotRenderer(
    slot,
    { unit: cfg.divisor, factors: [1, 2, 4, 8, 10, 20, 40, 80, 100, 200, 400], naturalMs: 1600 },
    {
      async land(raw, win, timing) {
        const outcome = raw as NebulaOutcome;
        await reels.stopAll(outcome.reels, Math.max(timing.ms, pace(timing.quick).stopMin), () =>
          ctx.sound.play('stop'),
        );
        slot.spinning = false;
        slot.wins.show(outcome.wins.map((w) => item(outcome, w)));
        slot.say(win > 0 ? `Win ${ctx.money(win)}` : '', win > 0);
      },
    },
  );
}

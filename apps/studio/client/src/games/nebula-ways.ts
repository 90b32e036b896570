/**
 * Nebula Ways: 5 reels × 3 rows, 243 ways. Reels stop one by one; each winning symbol lights up
 * every position it (or a wild) holds on its reels, with its ways and pay; wilds show their ×1/×2/×3.
 */
import { NEBULA_CONFIG, type NebulaOutcome, type NebulaWayWin } from '../../../src/games/nebula-ways/math';
import { h } from '../dom';
import type { GameRenderer, ShellContext } from '../renderer';
import { cellsWhere, pace, ReelSet, SlotStage, slotRenderer, type WinItem } from './slot-kit';
import { t } from '../i18n';
import { symbolName } from '../i18n/names';

export function create(ctx: ShellContext): GameRenderer {
  const cfg = NEBULA_CONFIG;
  const nReels = cfg.strips.length;
  const wildNames = cfg.wilds.map((w) => `${cfg.wildName}×${w.multiplier}`);
  const isWild = (name: string) => name.startsWith(`${cfg.wildName}×`);
  const names = [...cfg.symbols.map((s) => s.name), ...wildNames];
  const reels = new ReelSet(nReels, cfg.rows, names);
  const info = h(
    'span',
    { class: 'muted' },
    t('slot.nebulaInfo', { count: cfg.rows ** nReels, wild: symbolName(cfg.wildName) }),
  );
  const slot = new SlotStage(ctx, reels, [info]);

  function item(outcome: NebulaOutcome, w: NebulaWayWin): WinItem {
    const cells = cellsWhere(outcome.reels, (name) => name === w.symbol || isWild(name), w.reels);
    const boosted = w.weightedWays !== w.ways ? t('slot.withWilds', { count: w.weightedWays }) : '';
    return {
      label: t('slot.ways', {
        symbol: symbolName(w.symbol),
        reels: w.reels,
        count: w.ways,
        boosted,
        amount: ctx.money(w.win),
      }),
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
        slot.say(win > 0 ? t('slot.win', { amount: ctx.money(win) }) : '', win > 0);
      },
    },
  );
}

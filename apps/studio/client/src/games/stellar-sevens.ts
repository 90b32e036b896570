/**
 * Stellar Sevens: 5 reels × 3 rows, 20 lines. Reels stop one by one; Stars expand over their reel;
 * each winning line is drawn through its symbols with its pay; Galaxies start free spins, played
 * out one after another with a counter (wins doubled).
 */
import { STELLAR_CONFIG, type StellarOutcome, type StellarSpin } from '../../../src/games/stellar-sevens/math';
import { h, sleep } from '../dom';
import type { GameRenderer, ShellContext } from '../renderer';
import { cellsWhere, pace, ReelSet, SlotStage, slotRenderer, type WinItem } from './slot-kit';
import { t } from '../i18n';
import { symbolName } from '../i18n/names';

const cfg = STELLAR_CONFIG;

/** The reels, the stage around them and the free spins' counter. */
type StellarTable = {
  ctx: ShellContext;
  reels: ReelSet;
  slot: SlotStage;
  counter: HTMLElement;
  /** Quick pace for the rest of the free spins (the player pressed Space or clicked the reels). */
  hurried: boolean;
};

function winItems(ctx: ShellContext, spin: StellarSpin): WinItem[] {
  const items: WinItem[] = spin.lines.map((l) => {
    const path = cfg.lines[l.line - 1] ?? [];
    const cells = path.slice(0, l.count).map((row, reel) => [reel, row] as const);
    return {
      label: t('slot.line', { line: l.line, count: l.count, symbol: symbolName(l.symbol), amount: ctx.money(l.win) }),
      cells,
      path,
    };
  });
  if (spin.scatters >= 3) {
    const cells = cellsWhere(spin.reels, (name) => name === cfg.scatter.name);
    const parts = [
      spin.scatterWin > 0 ? ctx.money(spin.scatterWin) : '',
      spin.freeSpinsAwarded > 0 ? t('slot.freeSpins', { count: spin.freeSpinsAwarded }) : '',
    ].filter(Boolean);
    items.push({ label: `${spin.scatters} × ${symbolName(cfg.scatter.name)}: ${parts.join(' + ')}`, cells });
  }
  return items;
}

/** Stops the reels on a spin, expands its Stars and shows its wins. */
async function present(st: StellarTable, spin: StellarSpin, stopMs: number, quick: boolean): Promise<void> {
  const { ctx, reels } = st;
  const p = pace(quick);
  await reels.stopAll(spin.reels, Math.max(stopMs, p.stopMin), () => ctx.sound.play('stop'));
  if (spin.expanded.length > 0) {
    await sleep(p.expand / 2);
    for (const reel of spin.expanded) {
      reels.setReel(
        reel,
        Array.from({ length: cfg.rows }, () => cfg.wild.name),
      );
      for (let r = 0; r < cfg.rows; r++) reels.tile(reel, r)?.classList.add('wild-expanded');
    }
    await sleep(p.expand / 2);
  }
  st.slot.wins.show(winItems(ctx, spin));
}

/** The free spins played out one after another, the counter and the free spins' win told as they go. */
async function playFreeSpins(st: StellarTable, outcome: StellarOutcome, quick: boolean): Promise<void> {
  const { ctx, reels, counter } = st;
  const { wins, message } = st.slot;
  const pc = () => pace(quick || st.hurried);
  let total = outcome.base.freeSpinsAwarded;
  let freeWin = 0;
  message.textContent = t('slot.freeSpinsWon', { count: total, multiplier: cfg.freeSpinMultiplier });
  message.classList.add('won');
  ctx.announce(t('slot.freeSpins', { count: total }));
  await sleep(pc().freeIntro);
  for (const [i, spin] of outcome.freeSpins.entries()) {
    counter.textContent = t('slot.freeSpinOf', { n: i + 1, total });
    wins.clear();
    reels.spinAll();
    ctx.sound.play('start');
    await present(st, spin, pc().freeSpin, quick || st.hurried);
    freeWin += spin.win;
    if (spin.freeSpinsAwarded > 0) {
      total += spin.freeSpinsAwarded;
      counter.textContent = `${t('slot.freeSpinOf', { n: i + 1, total })} (+${spin.freeSpinsAwarded})`;
    }
    message.textContent = t('slot.freeSpinsWin', { amount: ctx.money(freeWin) });
    await sleep(spin.win > 0 || spin.freeSpinsAwarded > 0 ? pc().freeShow : pc().freeShow / 3);
  }
  counter.textContent = t('slot.freeSpinsTotal', { count: total, amount: ctx.money(freeWin) });
}

export function create(ctx: ShellContext): GameRenderer {
  const nReels = cfg.strips.length;
  const names = [...cfg.symbols.map((s) => s.name), cfg.wild.name, cfg.scatter.name];
  const reels = new ReelSet(nReels, cfg.rows, names);
  const counter = h('span', { class: 'slot-free', 'data-testid': 'free-spins', 'aria-live': 'polite' });
  const info = h(
    'span',
    { class: 'muted' },
    t('slot.stellarInfo', {
      lines: cfg.lines.length,
      wild: symbolName(cfg.wild.name),
      scatter: symbolName(cfg.scatter.name),
    }),
  );
  const slot = new SlotStage(ctx, reels, [info, counter]);
  const { message } = slot;
  const st: StellarTable = { ctx, reels, slot, counter, hurried: false };

  return slotRenderer(
    slot,
    { unit: cfg.lines.length, factors: [1, 2, 5, 10, 25, 50, 100, 250, 500], naturalMs: 1600 },
    {
      start() {
        st.hurried = false;
        counter.textContent = '';
      },
      async land(raw, win, timing) {
        const outcome = raw as StellarOutcome;
        await present(st, outcome.base, timing.ms, timing.quick);
        if (outcome.base.win > 0) {
          message.textContent = t('slot.win', { amount: ctx.money(outcome.base.win) });
          message.classList.add('won');
        }
        if (outcome.freeSpins.length > 0) await playFreeSpins(st, outcome, timing.quick);
        slot.spinning = false;
        slot.say(win > 0 ? t('slot.totalWin', { amount: ctx.money(win) }) : '', win > 0);
      },
      hurry() {
        st.hurried = true;
      },
    },
  );
}

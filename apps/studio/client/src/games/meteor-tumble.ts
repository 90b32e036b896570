/**
 * Meteor Tumble: a 5 × 3 grid of SVG symbols. Each drop lands column by column; the winning symbols
 * glow, the win of the drop is shown with its tumble multiplier, then they burst and the new
 * symbols fall in from the top (the cells the outcome marks as fresh), until a drop wins nothing.
 */
import { MAX_STAKE, TUMBLE_CONFIG, type TumbleOutcome } from '../../../src/games/meteor-tumble/math';
import { h, sleep, svg } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext, type Timing } from '../renderer';
import './meteor-tumble.css';
import { t } from '../i18n';
import { symbolName } from '../i18n/names';

const cfg = TUMBLE_CONFIG;
const NAMES = cfg.symbols.map((s) => s.name);

/** Each symbol's drawing in a 60 × 60 box: plain shapes, no font and no emoji. */
function symbolArt(name: string): SVGSVGElement {
  const root = svg('svg', { viewBox: '0 0 60 60', class: 'tumble-art', 'aria-hidden': 'true' });
  const add = (tag: 'path' | 'circle' | 'ellipse' | 'polygon', attrs: Record<string, string | number>) =>
    root.append(svg(tag, attrs));
  switch (name) {
    case 'Star':
      add('polygon', {
        points: '30,5 37,22 55,22 41,34 46,52 30,42 14,52 19,34 5,22 23,22',
        fill: '#ffd34d',
        stroke: '#fff3b0',
        'stroke-width': 2,
      });
      add('circle', { cx: 30, cy: 29, r: 5, fill: '#fff8d6' });
      break;
    case 'Ringed Planet':
      add('circle', { cx: 30, cy: 30, r: 15, fill: '#e08a3c' });
      add('path', { d: 'M17 25 Q30 20 43 25', stroke: '#b35a1f', 'stroke-width': 3, fill: 'none' });
      add('ellipse', {
        cx: 30,
        cy: 32,
        rx: 26,
        ry: 7,
        fill: 'none',
        stroke: '#f3d18a',
        'stroke-width': 3.5,
        transform: 'rotate(-18 30 32)',
      });
      break;
    case 'Comet':
      add('path', { d: 'M40 20 L8 48 L22 30 L6 34 Z', fill: '#6fd3ff', opacity: 0.75 });
      add('circle', { cx: 40, cy: 21, r: 10, fill: '#e6f8ff', stroke: '#6fd3ff', 'stroke-width': 3 });
      break;
    case 'Moon':
      add('path', { d: 'M38 8 A23 23 0 1 0 50 44 A18 18 0 1 1 38 8 Z', fill: '#dfe3ff' });
      add('circle', { cx: 24, cy: 38, r: 3, fill: '#b8bde6' });
      add('circle', { cx: 18, cy: 27, r: 2, fill: '#b8bde6' });
      break;
    case 'Crystal':
      add('polygon', { points: '30,5 48,20 42,52 18,52 12,20', fill: '#9b6bff', stroke: '#e0d0ff', 'stroke-width': 2 });
      add('polygon', { points: '30,5 36,20 30,52 24,20', fill: '#c9a8ff', opacity: 0.8 });
      add('polygon', { points: '12,20 48,20 36,20 24,20', stroke: '#e0d0ff', 'stroke-width': 1.5 });
      break;
    default:
      // Meteor: a rough rock with craters.
      add('polygon', {
        points: '14,18 28,8 46,14 52,32 42,50 22,52 9,38',
        fill: '#8a7a6e',
        stroke: '#c8b6a6',
        'stroke-width': 2,
      });
      add('circle', { cx: 26, cy: 24, r: 5, fill: '#6b5d53' });
      add('circle', { cx: 40, cy: 36, r: 4, fill: '#6b5d53' });
      add('circle', { cx: 24, cy: 41, r: 3, fill: '#6b5d53' });
  }
  return root;
}

/** The grid of cells, the ladder of the drops' multipliers and the message line, on the stage. */
function tumbleView(ctx: ShellContext) {
  const { columns, rows } = cfg;
  const gridEl = h('div', {
    class: 'tumble-grid',
    'data-testid': 'tumble-grid',
    role: 'img',
    'aria-label': t('slot.grid'),
  });
  const cellEls: HTMLElement[][] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const el = h('div', { class: 'tumble-cell' });
      (cellEls[c] ??= [])[r] = el;
    }
  }
  for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) gridEl.append(cellEls[c]![r]!);
  const ladder = h(
    'ol',
    { class: 'tumble-ladder', 'aria-label': t('slot.tumbleMultipliers') },
    ...cfg.multipliers.map((m) => h('li', { 'data-mult': m }, `×${m}`)),
  );
  const message = h('div', { class: 'tumble-message', 'data-testid': 'tumble-message', 'aria-live': 'polite' });
  ctx.stage.append(h('div', { class: 'tumble' }, ladder, gridEl, message));
  return { cellEls, ladder, message };
}

type TumbleView = ReturnType<typeof tumbleView>;

function paint({ cellEls }: TumbleView, c: number, r: number, name: string, fresh: boolean): void {
  const el = cellEls[c]![r]!;
  el.replaceChildren(symbolArt(name));
  el.dataset.symbol = name;
  el.title = symbolName(name);
  el.classList.remove('win', 'burst', 'spin');
  if (fresh) {
    el.classList.remove('drop');
    void el.offsetWidth; // restart the drop animation
    el.classList.add('drop');
  }
}

function markStep({ ladder }: TumbleView, d: number): void {
  const at = Math.min(d, cfg.multipliers.length - 1);
  [...ladder.children].forEach((li, i) => li.classList.toggle('on', i === at));
}

type TumbleStep = TumbleOutcome['steps'][number];

/** A drop's wins marked on the grid and told, with the running total. */
function showStepWin(ctx: ShellContext, view: TumbleView, step: TumbleStep, running: number): void {
  const { columns, rows } = cfg;
  const winners = new Set(step.wins.map((w) => w.symbol));
  for (let c = 0; c < columns; c++)
    for (let r = 0; r < rows; r++) if (winners.has(step.grid[c]![r]!)) view.cellEls[c]![r]!.classList.add('win');
  view.message.textContent = `${step.wins.map((w) => `${w.count} × ${symbolName(w.symbol)}`).join(' + ')}${
    step.multiplier > 1 ? ` × ${step.multiplier}` : ''
  } = ${ctx.money(step.win)} · ${t('slot.runningTotal', { amount: ctx.money(running) })}`;
  view.message.classList.add('won');
  ctx.sound.play('win');
}

/** The drops one by one: the first column by column, then each tumble's new symbols and its wins. */
async function playDrops(ctx: ShellContext, view: TumbleView, outcome: TumbleOutcome, timing: Timing): Promise<void> {
  const { columns, rows } = cfg;
  const quick = timing.quick;
  const stepMs = quick ? 180 : 650;
  // The first drop lands column by column over the time the round must still last.
  const perColumn = Math.max(quick ? 20 : 90, Math.min(260, timing.ms / columns));
  let running = 0;
  for (const [d, step] of outcome.steps.entries()) {
    markStep(view, d);
    for (let c = 0; c < columns; c++) {
      for (let r = 0; r < rows; r++) if (d === 0 || step.fresh[c]![r]) paint(view, c, r, step.grid[c]![r]!, true);
      if (d === 0) {
        ctx.sound.play('stop');
        await sleep(perColumn);
      }
    }
    if (d > 0) {
      // Symbols that fell keep their look but move: repaint the column's old cells in place.
      for (let c = 0; c < columns; c++)
        for (let r = 0; r < rows; r++) if (!step.fresh[c]![r]) paint(view, c, r, step.grid[c]![r]!, false);
      ctx.sound.play('stop');
      await sleep(stepMs / 2);
    }
    if (step.wins.length === 0) break;
    running += step.win;
    showStepWin(ctx, view, step, running);
    await sleep(stepMs);
    if (d + 1 < outcome.steps.length) {
      for (const col of view.cellEls) for (const el of col) if (el.classList.contains('win')) el.classList.add('burst');
      await sleep(stepMs / 2);
    }
  }
}

export function create(ctx: ShellContext): GameRenderer {
  const { columns, rows } = cfg;
  const view = tumbleView(ctx);
  const { cellEls, message } = view;
  // A first grid to look at.
  for (let c = 0; c < columns; c++)
    for (let r = 0; r < rows; r++) paint(view, c, r, NAMES[(c * 2 + r) % NAMES.length]!, false);

  let spinning = false;
  const stakes = stakeLadder(cfg.divisor, MAX_STAKE, [1, 2, 4, 10, 20, 40, 100, 200, 400, 1000]);

  return {
    playLabel: t('slot.spin'),
    stakeLabel: t('shell.stake'),
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1400,
    bet: (stake) => ({ bet: { stake }, stake }),
    start() {
      spinning = true;
      message.textContent = '';
      message.classList.remove('won');
      markStep(view, 0);
      for (const col of cellEls) for (const el of col) el.classList.add('spin');
    },
    async land(raw, win, timing) {
      const outcome = raw as TumbleOutcome;
      spinning = false;
      await playDrops(ctx, view, outcome, timing);
      for (const col of cellEls) for (const el of col) el.classList.remove('spin');
      if (win > 0) {
        const tumbles = outcome.steps.filter((s) => s.win > 0).length;
        message.textContent =
          tumbles > 1
            ? t('slot.inDrops', { amount: ctx.money(win), count: tumbles })
            : t('slot.win', { amount: ctx.money(win) });
      } else {
        message.textContent = '';
      }
      ctx.announce(win > 0 ? t('slot.won', { amount: ctx.money(win) }) : t('slot.noWin'));
    },
    abort() {
      spinning = false;
      void spinning;
      for (const col of cellEls) for (const el of col) el.classList.remove('spin');
    },
  };
}

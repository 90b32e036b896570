/**
 * Nova Sevens: a classic 3 × 3 slot in SVG. The three reels stop left to right; each winning line
 * is drawn across the grid and its cells glow; the Nova wild shows its ×2 on a winning line.
 */
import { MAX_STAKE, NOVA_CONFIG, NOVA_LINES, type NovaOutcome } from '../../../src/games/nova-sevens/math';
import { h, sleep, svg } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
import { drawClassicSymbol, type AddShape } from './classic-art';
import './nova-sevens.css';
import { t } from '../i18n';
import { symbolName } from '../i18n/names';

const cfg = NOVA_CONFIG;

/** Each symbol's drawing in a 60 × 60 box: plain shapes, no emoji and no font. */
function art(name: string): SVGSVGElement {
  const root = svg('svg', { viewBox: '0 0 60 60', class: 'nova-art', 'aria-hidden': 'true' });
  const add: AddShape = (tag, attrs) => root.append(svg(tag, attrs));
  switch (name) {
    case 'Seven':
    case 'Bell':
      drawClassicSymbol(name, add);
      break;
    case 'Bar':
      add('rect', { x: 6, y: 18, width: 48, height: 24, rx: 5, fill: '#1b1d2b', stroke: '#ffc84d', 'stroke-width': 3 });
      add('rect', { x: 12, y: 24, width: 36, height: 4, fill: '#ffc84d' });
      add('rect', { x: 12, y: 32, width: 36, height: 4, fill: '#ffc84d' });
      break;
    case 'Star':
      add('polygon', {
        points: '30,5 37,22 55,22 41,34 46,52 30,42 14,52 19,34 5,22 23,22',
        fill: '#7c8cff',
        stroke: '#d6dcff',
        'stroke-width': 2,
      });
      break;
    case 'Cherry':
      drawClassicSymbol(name, add);
      add('circle', { cx: 17, cy: 39, r: 3, fill: '#ff9aa8' });
      break;
    case 'Plum':
      add('circle', { cx: 30, cy: 33, r: 20, fill: '#8e3bd6' });
      add('path', { d: 'M30 13 Q34 6 40 6', stroke: '#3ddc97', 'stroke-width': 3, fill: 'none' });
      add('circle', { cx: 23, cy: 26, r: 5, fill: '#c48cff' });
      break;
    case 'Lemon':
      add('path', {
        d: 'M6 30 C10 14 50 14 54 30 C50 46 10 46 6 30 Z',
        fill: '#ffe14d',
        stroke: '#fff6b0',
        'stroke-width': 2,
      });
      add('circle', { cx: 22, cy: 25, r: 4, fill: '#fff6b0' });
      break;
    default:
      // The Nova wild: a burst of light.
      add('circle', { cx: 30, cy: 30, r: 27, fill: '#2a1a6b' });
      add('path', { d: 'M30 3 L34 24 L57 30 L34 36 L30 57 L26 36 L3 30 L26 24 Z', fill: '#fff1a8' });
      add('circle', { cx: 30, cy: 30, r: 8, fill: '#ffffff' });
  }
  return root;
}

export function create(ctx: ShellContext): GameRenderer {
  const cellEls: HTMLElement[][] = [[], [], []];
  const gridEl = h('div', {
    class: 'nova-grid',
    'data-testid': 'nova-grid',
    role: 'img',
    'aria-label': t('slot.reels'),
  });
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      const el = h('div', { class: 'nova-cell' });
      cellEls[c]![r] = el;
      gridEl.append(el);
    }
  const overlay = svg('svg', {
    viewBox: '0 0 300 300',
    class: 'nova-lines',
    'aria-hidden': 'true',
    preserveAspectRatio: 'none',
  });
  const frame = h('div', { class: 'nova-frame' }, gridEl, overlay);
  const message = h('div', { class: 'nova-message', 'data-testid': 'nova-message', 'aria-live': 'polite' });
  ctx.stage.append(h('div', { class: 'nova' }, frame, message));

  const paint = (c: number, r: number, name: string) => {
    const el = cellEls[c]![r]!;
    el.replaceChildren(art(name));
    el.dataset.symbol = name;
    el.title = symbolName(name);
    el.classList.remove('win', 'spin');
  };
  const names = [...cfg.symbols.map((s) => s.name), cfg.wild.name];
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) paint(c, r, names[(c * 3 + r * 2) % names.length]!);

  const stakes = stakeLadder(5, MAX_STAKE, [1, 2, 4, 10, 20, 40, 100, 200, 400, 1000, 2000]);
  return {
    playLabel: t('slot.spin'),
    stakeLabel: t('shell.stake'),
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1200,
    bet: (stake) => ({ bet: { stake }, stake }),
    start() {
      message.textContent = '';
      message.classList.remove('won');
      overlay.replaceChildren();
      for (const col of cellEls) for (const el of col) el.classList.add('spin');
    },
    async land(raw, win, timing) {
      const o = raw as NovaOutcome;
      const per = Math.max(timing.quick ? 30 : 120, Math.min(400, timing.ms / 3));
      for (let c = 0; c < 3; c++) {
        await sleep(per);
        for (let r = 0; r < 3; r++) paint(c, r, o.grid[c]![r]!);
        ctx.sound.play('stop');
      }
      for (const w of o.lines) {
        const cells = NOVA_LINES[w.line - 1]!;
        for (const [c, r] of cells) cellEls[c]![r]!.classList.add('win');
        const points = cells.map(([c, r]) => `${c * 100 + 50},${r * 100 + 50}`).join(' ');
        overlay.append(svg('polyline', { points, class: 'nova-line' }));
      }
      if (win > 0) {
        message.textContent = o.lines
          .map(
            (w) =>
              `${t('slot.lineNo', { line: w.line })}: 3 × ${symbolName(w.symbol)}${w.wilds > 0 && w.wilds < 3 ? ` × ${2 ** w.wilds}` : ''} = ${ctx.money(w.win)}`,
          )
          .join(' · ');
        message.classList.add('won');
        ctx.sound.play('win');
        await sleep(timing.quick ? 100 : 400);
      }
      ctx.announce(win > 0 ? t('slot.won', { amount: ctx.money(win) }) : t('slot.noWin'));
    },
    abort() {
      for (const col of cellEls) for (const el of col) el.classList.remove('spin');
    },
  };
}

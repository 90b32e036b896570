/**
 * Warp Ways: six SVG reels whose heights change every spin (2 to 7 symbols, the symbols shrink to
 * fit a reel of the same size), the number of ways of the spin, and the winning ways lit.
 */
import { MAX_STAKE, WARP_CONFIG, type WarpOutcome } from '../../../src/games/warp-ways/math';
import { h, sleep, svg } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
import './warp-ways.css';
import { t } from '../i18n';
import { symbolName, waysWinsText } from '../i18n/names';

const cfg = WARP_CONFIG;
const GEMS: Record<string, [string, string]> = {
  'Red Gem': ['#ff5a6e', '#ffc2ca'],
  'Green Gem': ['#3ddc97', '#c4f5df'],
  'Blue Gem': ['#4fa3ff', '#c8e2ff'],
  'Gold Gem': ['#ffc84d', '#fff0c2'],
};

type Shape = 'path' | 'circle' | 'ellipse' | 'polygon' | 'rect';

/** Each symbol's drawing in a 60 × 60 box: plain shapes, no emoji and no font. */
function art(name: string): SVGSVGElement {
  const root = svg('svg', { viewBox: '0 0 60 60', class: 'warp-art', 'aria-hidden': 'true' });
  const add = (tag: Shape, attrs: Record<string, string | number>) => root.append(svg(tag, attrs));
  const gem = GEMS[name];
  if (gem) {
    add('rect', {
      x: 14,
      y: 14,
      width: 32,
      height: 32,
      rx: 4,
      fill: gem[0],
      stroke: gem[1],
      'stroke-width': 2,
      transform: 'rotate(45 30 30)',
    });
    add('rect', { x: 23, y: 23, width: 14, height: 14, fill: gem[1], opacity: 0.6, transform: 'rotate(45 30 30)' });
    return root;
  }
  switch (name) {
    case 'Black Hole':
      add('ellipse', { cx: 30, cy: 30, rx: 27, ry: 10, fill: 'none', stroke: '#ff9a3c', 'stroke-width': 4 });
      add('circle', { cx: 30, cy: 30, r: 13, fill: '#05060f', stroke: '#ffd08a', 'stroke-width': 2 });
      add('path', { d: 'M5 30 Q30 16 55 30', stroke: '#ffcf7a', 'stroke-width': 2, fill: 'none' });
      break;
    case 'Pulsar':
      add('path', { d: 'M30 2 L34 26 L58 30 L34 34 L30 58 L26 34 L2 30 L26 26 Z', fill: '#9fe7ff' });
      add('circle', { cx: 30, cy: 30, r: 8, fill: '#ffffff' });
      break;
    case 'Nebula':
      add('circle', { cx: 22, cy: 28, r: 14, fill: '#d35cff', opacity: 0.8 });
      add('circle', { cx: 36, cy: 24, r: 12, fill: '#5c7cff', opacity: 0.8 });
      add('circle', { cx: 34, cy: 38, r: 12, fill: '#ff5ca8', opacity: 0.7 });
      add('circle', { cx: 30, cy: 30, r: 3, fill: '#fff' });
      break;
    case 'Comet':
      add('path', { d: 'M42 18 L6 50 L22 30 L4 36 Z', fill: '#6fd3ff', opacity: 0.75 });
      add('circle', { cx: 42, cy: 19, r: 10, fill: '#e6f8ff', stroke: '#6fd3ff', 'stroke-width': 3 });
      break;
    default:
      // The Warp wild: a spiral portal.
      add('circle', { cx: 30, cy: 30, r: 26, fill: '#2a1a6b', stroke: '#b49bff', 'stroke-width': 3 });
      add('path', {
        d: 'M30 30 m0 -4 a4 4 0 1 1 -4 4 a8 8 0 1 1 8 8 a12 12 0 1 1 -12 -12 a16 16 0 1 1 16 16',
        stroke: '#e7dcff',
        'stroke-width': 3,
        fill: 'none',
        'stroke-linecap': 'round',
      });
  }
  return root;
}

export function create(ctx: ShellContext): GameRenderer {
  const reelEls = Array.from({ length: cfg.reels }, () => h('div', { class: 'warp-reel' }));
  const board = h(
    'div',
    { class: 'warp-board', 'data-testid': 'warp-board', role: 'img', 'aria-label': t('slot.reels') },
    ...reelEls,
  );
  const waysOut = h('div', { class: 'warp-ways', 'data-testid': 'ways' }, t('slot.upToWays', { count: 117_649 }));
  const message = h('div', { class: 'warp-message', 'data-testid': 'warp-message', 'aria-live': 'polite' });
  ctx.stage.append(h('div', { class: 'warp' }, waysOut, board, message));

  const fill = (r: number, column: readonly string[]) => {
    reelEls[r]!.replaceChildren(
      ...column.map((name) => {
        const cell = h('div', { class: 'warp-cell', title: symbolName(name), 'data-symbol': name });
        cell.append(art(name));
        return cell;
      }),
    );
  };
  const names = cfg.symbols.map((s) => s.name);
  reelEls.forEach((_, r) =>
    fill(
      r,
      Array.from({ length: 3 + (r % 3) }, (_, i) => names[(r + i * 3) % names.length]!),
    ),
  );

  const stakes = stakeLadder(cfg.divisor, MAX_STAKE, [1, 2, 5, 10, 25, 50, 100, 250, 500]);
  return {
    playLabel: t('slot.spin'),
    stakeLabel: t('shell.stake'),
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1400,
    bet: (stake) => ({ bet: { stake }, stake }),
    start() {
      message.textContent = '';
      message.classList.remove('won');
      for (const el of reelEls) el.classList.add('spin');
    },
    async land(raw, win, timing) {
      const o = raw as WarpOutcome;
      const per = Math.max(timing.quick ? 20 : 90, Math.min(240, timing.ms / cfg.reels));
      for (const [r, column] of o.reels.entries()) {
        fill(r, column);
        reelEls[r]!.classList.remove('spin');
        reelEls[r]!.classList.add('stop');
        window.setTimeout(() => reelEls[r]!.classList.remove('stop'), 300);
        ctx.sound.play('stop');
        await sleep(per);
      }
      waysOut.textContent = t('slot.waysCount', { count: o.ways });
      const lit = new Set<string>();
      for (const w of o.wins)
        for (let r = 0; r < w.reels; r++)
          o.reels[r]!.forEach((name, i) => {
            if (name === w.symbol || name === cfg.wild.name) lit.add(`${r}:${i}`);
          });
      reelEls.forEach((el, r) =>
        [...el.children].forEach((cell, i) => cell.classList.toggle('win', lit.has(`${r}:${i}`))),
      );
      if (win > 0) {
        message.textContent = waysWinsText(o.wins, ctx.money);
        message.classList.add('won');
        ctx.sound.play('win');
        await sleep(timing.quick ? 100 : 400);
      }
      ctx.announce(
        win > 0
          ? t('slot.wonOnWays', { amount: ctx.money(win), count: o.ways })
          : t('slot.noWinOnWays', { count: o.ways }),
      );
    },
    abort() {
      for (const el of reelEls) el.classList.remove('spin');
    },
  };
}

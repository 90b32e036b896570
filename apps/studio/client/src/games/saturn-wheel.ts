/**
 * Saturn Wheel: a classic 3-reel window in SVG with its middle line marked, and beside it the bonus
 * wheel (an SVG disc of segments). Three or more Saturns light up and the wheel turns to the drawn
 * segment; four or five show the ×2 or ×3 on the pointer.
 */
import { MAX_STAKE, WHEEL_CONFIG, type WheelOutcome } from '../../../src/games/saturn-wheel/math';
import { animate, easeOutCubic, h, sleep, svg } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
import { drawClassicSymbol, type AddShape } from './classic-art';
import './saturn-wheel.css';
import { t } from '../i18n';
import { symbolName } from '../i18n/names';

const cfg = WHEEL_CONFIG;
function bars(add: AddShape, n: number): void {
  const gap = 14;
  const top = 30 - ((n - 1) * gap) / 2 - 5;
  for (let i = 0; i < n; i++) {
    add('rect', {
      x: 8,
      y: top + i * gap,
      width: 44,
      height: 10,
      rx: 3,
      fill: '#1b1d2b',
      stroke: '#ffc84d',
      'stroke-width': 2.5,
    });
  }
}

/** Each symbol's drawing in a 60 × 60 box: plain shapes, no emoji and no font. */
function art(name: string): SVGSVGElement {
  const root = svg('svg', { viewBox: '0 0 60 60', class: 'wheel-art', 'aria-hidden': 'true' });
  const add: AddShape = (tag, attrs) => root.append(svg(tag, attrs));
  switch (name) {
    case 'Triple Bar':
      bars(add, 3);
      break;
    case 'Double Bar':
      bars(add, 2);
      break;
    case 'Bar':
      bars(add, 1);
      break;
    case 'Seven':
    case 'Bell':
    case 'Cherry':
      drawClassicSymbol(name, add);
      break;
    default:
      // Saturn, the scatter.
      add('circle', { cx: 30, cy: 30, r: 15, fill: '#f0b85a' });
      add('path', { d: 'M16 26 Q30 21 44 26', stroke: '#b3782a', 'stroke-width': 3, fill: 'none' });
      add('ellipse', {
        cx: 30,
        cy: 31,
        rx: 27,
        ry: 8,
        fill: 'none',
        stroke: '#ffe2a8',
        'stroke-width': 3.5,
        transform: 'rotate(-15 30 31)',
      });
  }
  return root;
}

const COLOURS = ['#5b43c8', '#1f6b8a', '#8a3b6b', '#2f6b3a', '#8a5a1f'];

/** The 3 × 3 reels (cells by column, then row; the middle row is the line). */
function reelsView() {
  const cellEls: HTMLElement[][] = [[], [], []];
  const gridEl = h('div', {
    class: 'wheel-grid',
    'data-testid': 'wheel-grid',
    role: 'img',
    'aria-label': t('slot.reels'),
  });
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++) {
      const el = h('div', { class: `wheel-cell${r === 1 ? ' middle' : ''}` });
      cellEls[c]![r] = el;
      gridEl.append(el);
    }
  return { cellEls, gridEl };
}

function paintCell(el: HTMLElement, name: string): void {
  el.replaceChildren(art(name));
  el.dataset.symbol = name;
  el.title = symbolName(name);
  el.classList.remove('win', 'spin');
}

/** The bonus wheel: segments around a disc, the pointer on top, the multiplier under it. */
function wheelView() {
  const n = cfg.wheel.length;
  const disc = svg('g', { class: 'wheel-disc' });
  for (let i = 0; i < n; i++) {
    const a0 = ((i - 0.5) / n) * 2 * Math.PI;
    const a1 = ((i + 0.5) / n) * 2 * Math.PI;
    const p = (a: number, r: number) => `${(100 + r * Math.sin(a)).toFixed(2)} ${(100 - r * Math.cos(a)).toFixed(2)}`;
    disc.append(
      svg('path', {
        d: `M100 100 L${p(a0, 92)} A92 92 0 0 1 ${p(a1, 92)} Z`,
        fill: COLOURS[i % COLOURS.length]!,
        stroke: '#0b0d1a',
        'stroke-width': 1,
      }),
    );
    const label = svg('text', {
      x: 100,
      y: 24,
      'text-anchor': 'middle',
      class: 'wheel-label',
      transform: `rotate(${(i * 360) / n} 100 100)`,
    });
    label.textContent = String(cfg.wheel[i]! / cfg.divisor);
    disc.append(label);
  }
  const pointerText = svg('text', { x: 100, y: 196, 'text-anchor': 'middle', class: 'wheel-mult' });
  const wheelSvg = svg(
    'svg',
    {
      viewBox: '0 0 200 200',
      class: 'wheel-svg',
      'data-testid': 'bonus-wheel',
      role: 'img',
      'aria-label': t('slot.bonusWheel'),
    },
    disc,
    svg('circle', { cx: 100, cy: 100, r: 18, fill: '#0b0d1a', stroke: '#ffc84d', 'stroke-width': 3 }),
    svg('polygon', { points: '100,14 92,0 108,0', fill: '#ffc84d' }),
    pointerText,
  );
  return { n, disc, pointerText, wheelSvg };
}

/** The round's wins in words: the line's, the wheel's. */
function winParts(ctx: ShellContext, o: WheelOutcome): string[] {
  return [
    o.line ? `3 × ${symbolName(o.line.symbol)}: ${ctx.money(o.line.win)}` : '',
    o.wheel
      ? `${t('slot.wheelStake', { coins: o.wheel.coins / cfg.divisor })}${o.wheel.multiplier > 1 ? ` × ${o.wheel.multiplier}` : ''}: ${ctx.money(o.wheel.win)}`
      : '',
  ].filter(Boolean);
}

export function create(ctx: ShellContext): GameRenderer {
  const { cellEls, gridEl } = reelsView();
  const { n, disc, pointerText, wheelSvg } = wheelView();
  const message = h('div', { class: 'wheel-message', 'data-testid': 'wheel-message', 'aria-live': 'polite' });
  ctx.stage.append(h('div', { class: 'wheel-game' }, h('div', { class: 'wheel-row' }, gridEl, wheelSvg), message));

  let angle = 0;
  const setAngle = (deg: number) => {
    angle = deg;
    disc.setAttribute('transform', `rotate(${deg} 100 100)`);
  };
  /** Turns so that the drawn segment stops under the pointer, after a few whole turns. */
  async function turnTo(segment: number, quick: boolean): Promise<void> {
    const target = -(segment * 360) / n;
    const from = angle % 360;
    const to = target - 360 * (quick ? 1 : 4);
    const duration = quick ? 400 : 2600;
    const start = performance.now();
    await animate((now) => {
      const k = Math.min(1, (now - start) / duration);
      setAngle(from + (to - from) * easeOutCubic(k));
      return k < 1;
    });
    setAngle(target);
  }
  const paint = (c: number, r: number, name: string) => paintCell(cellEls[c]![r]!, name);
  const names = [...cfg.symbols.map((s) => s.name), cfg.scatter.name];
  for (let c = 0; c < 3; c++) for (let r = 0; r < 3; r++) paint(c, r, names[(c * 2 + r * 3) % names.length]!);

  const stakes = stakeLadder(cfg.divisor, MAX_STAKE, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]);
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
      pointerText.textContent = '';
      wheelSvg.classList.remove('live');
      for (const col of cellEls) for (const el of col) el.classList.add('spin');
    },
    async land(raw, win, timing) {
      const o = raw as WheelOutcome;
      const per = Math.max(timing.quick ? 30 : 120, Math.min(400, timing.ms / 3));
      for (let c = 0; c < 3; c++) {
        await sleep(per);
        for (let r = 0; r < 3; r++) paint(c, r, o.grid[c]![r]!);
        ctx.sound.play('stop');
      }
      if (o.line) for (let c = 0; c < 3; c++) cellEls[c]![1]!.classList.add('win');
      if (o.wheel) {
        for (const col of cellEls)
          for (const el of col) if (el.dataset.symbol === cfg.scatter.name) el.classList.add('win');
        wheelSvg.classList.add('live');
        pointerText.textContent = o.wheel.multiplier > 1 ? `×${o.wheel.multiplier}` : '';
        await turnTo(o.wheel.segment, timing.quick);
      }
      message.textContent = winParts(ctx, o).join(' · ');
      message.classList.toggle('won', win > 0);
      if (win > 0) ctx.sound.play('win');
      ctx.announce(win > 0 ? t('slot.won', { amount: ctx.money(win) }) : t('slot.noWin'));
    },
    abort() {
      for (const col of cellEls) for (const el of col) el.classList.remove('spin');
    },
  };
}

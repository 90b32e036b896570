/**
 * Lunar Link: a 5 × 3 grid of SVG symbols paying 243 ways, with Moon coins that show their value.
 * Six or more Moons start Hold and Win: the other symbols fade, the Moons stay, the empty cells
 * respin with a counter of respins left, and the Moons' values add up at the end (the Grand when
 * the grid fills).
 */
import { LINK_CONFIG, MAX_STAKE, type LinkCoin, type LinkOutcome } from '../../../src/games/lunar-link/math';
import { h, sleep, svg } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
import './lunar-link.css';
import { formatNumber, t } from '../i18n';
import { symbolName, waysWinsText } from '../i18n/names';

const cfg = LINK_CONFIG;
const COIN = cfg.coin.name;
const GEMS: Record<string, [string, string]> = {
  'Red Gem': ['#ff5a6e', '#ffc2ca'],
  'Green Gem': ['#3ddc97', '#c4f5df'],
  'Blue Gem': ['#4fa3ff', '#c8e2ff'],
  'Gold Gem': ['#ffc84d', '#fff0c2'],
};

type Shape = 'path' | 'circle' | 'ellipse' | 'polygon' | 'rect';

/** Each symbol's drawing in a 60 × 60 box: plain shapes, no emoji. */
function art(name: string, coinValue?: number): SVGSVGElement {
  const root = svg('svg', { viewBox: '0 0 60 60', class: 'link-art', 'aria-hidden': 'true' });
  const add = (tag: Shape, attrs: Record<string, string | number>) => root.append(svg(tag, attrs));
  const gem = GEMS[name];
  if (gem) {
    add('polygon', { points: '30,8 50,24 30,54 10,24', fill: gem[0], stroke: gem[1], 'stroke-width': 2 });
    add('polygon', { points: '30,8 38,24 30,54 22,24', fill: gem[1], opacity: 0.55 });
    add('path', { d: 'M10 24 H50', stroke: gem[1], 'stroke-width': 1.5 });
    return root;
  }
  switch (name) {
    case 'Astronaut':
      add('rect', { x: 16, y: 36, width: 28, height: 18, rx: 8, fill: '#e8ebf7' });
      add('circle', { cx: 30, cy: 26, r: 16, fill: '#e8ebf7', stroke: '#b9c0e0', 'stroke-width': 2 });
      add('ellipse', { cx: 30, cy: 27, rx: 11, ry: 8, fill: '#1e2a6b' });
      add('ellipse', { cx: 26, cy: 24, rx: 4, ry: 2.5, fill: '#7fa8ff', opacity: 0.8 });
      break;
    case 'Rocket':
      add('path', {
        d: 'M30 4 C42 14 42 34 38 44 H22 C18 34 18 14 30 4 Z',
        fill: '#f0f2ff',
        stroke: '#c7ccea',
        'stroke-width': 1.5,
      });
      add('path', { d: 'M22 36 L12 48 L22 46 Z M38 36 L48 48 L38 46 Z', fill: '#ff5a6e' });
      add('circle', { cx: 30, cy: 22, r: 5.5, fill: '#4fa3ff', stroke: '#1e2a6b', 'stroke-width': 2 });
      add('path', { d: 'M24 46 L30 58 L36 46 Z', fill: '#ffc84d' });
      break;
    case 'Satellite':
      add('rect', { x: 4, y: 22, width: 16, height: 16, fill: '#4fa3ff', stroke: '#c8e2ff', 'stroke-width': 1.5 });
      add('rect', { x: 40, y: 22, width: 16, height: 16, fill: '#4fa3ff', stroke: '#c8e2ff', 'stroke-width': 1.5 });
      add('rect', { x: 22, y: 20, width: 16, height: 20, rx: 3, fill: '#d9dcef' });
      add('path', { d: 'M30 20 V10 M26 8 Q30 4 34 8', stroke: '#d9dcef', 'stroke-width': 2, fill: 'none' });
      break;
    case 'Planet':
      add('circle', { cx: 30, cy: 30, r: 20, fill: '#7a5cff' });
      add('path', { d: 'M12 24 Q30 30 48 22 M10 34 Q30 40 50 33', stroke: '#c6b8ff', 'stroke-width': 3, fill: 'none' });
      add('circle', { cx: 22, cy: 20, r: 4, fill: '#a893ff' });
      break;
    default: {
      // The Moon coin: a gold disc with a crescent and its value (× stake).
      add('circle', { cx: 30, cy: 30, r: 27, fill: '#ffc84d', stroke: '#fff0c2', 'stroke-width': 3 });
      add('circle', { cx: 30, cy: 30, r: 21, fill: 'none', stroke: '#c98a12', 'stroke-width': 1.5 });
      add('path', { d: 'M27 12 A13 13 0 1 0 40 30 A10 10 0 1 1 27 12 Z', fill: '#fff6d6', opacity: 0.9 });
      if (coinValue !== undefined) {
        const label = svg('text', { x: 30, y: 52, 'text-anchor': 'middle', class: 'link-value' });
        label.textContent = `×${formatNumber(coinValue / cfg.divisor)}`;
        root.append(label);
      }
    }
  }
  return root;
}

/** The reels' cells, the respins counter and the message line, on the stage. */
function linkView(ctx: ShellContext) {
  const { reels, rows } = cfg;
  const gridEl = h('div', {
    class: 'link-grid',
    'data-testid': 'link-grid',
    role: 'img',
    'aria-label': t('slot.reels'),
  });
  const cellEls: HTMLElement[][] = Array.from({ length: reels }, () => []);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < reels; c++) {
      const el = h('div', { class: 'link-cell' });
      cellEls[c]![r] = el;
      gridEl.append(el);
    }
  const respinsOut = h('div', { class: 'link-respins', 'data-testid': 'respins', hidden: true });
  const message = h('div', { class: 'link-message', 'data-testid': 'link-message', 'aria-live': 'polite' });
  ctx.stage.append(h('div', { class: 'link' }, respinsOut, gridEl, message));
  return { gridEl, cellEls, respinsOut, message };
}

type LinkView = ReturnType<typeof linkView>;

function paint({ cellEls }: LinkView, c: number, r: number, name: string | null, value?: number): void {
  const el = cellEls[c]![r]!;
  el.className = 'link-cell';
  if (name === null) {
    el.replaceChildren();
    el.classList.add('empty');
    delete el.dataset.symbol;
    return;
  }
  el.replaceChildren(art(name, value));
  el.dataset.symbol = name;
  el.title = value === undefined ? symbolName(name) : `${symbolName(name)} ×${formatNumber(value / cfg.divisor)}`;
  if (name === COIN) el.classList.add('coin');
}

const coinAt = (coins: LinkCoin[], c: number, r: number) => coins.find((x) => x.column === c && x.row === r);

/** The ways wins marked on the reels and told. */
async function showWays(ctx: ShellContext, view: LinkView, o: LinkOutcome, quick: boolean): Promise<void> {
  const winners = new Set(o.wins.map((w) => w.symbol));
  for (const w of o.wins)
    for (let c = 0; c < w.reels; c++)
      for (let r = 0; r < cfg.rows; r++)
        if (winners.has(o.grid[c]![r]!) && o.grid[c]![r] === w.symbol) view.cellEls[c]![r]!.classList.add('win');
  view.message.textContent = waysWinsText(o.wins, ctx.money);
  view.message.classList.add('won');
  ctx.sound.play('win');
  await sleep(quick ? 200 : 700);
}

/** Hold and Win: the coins stay, the empty cells respin, the coins that land are held; the total told. */
async function playHoldAndWin(
  ctx: ShellContext,
  view: LinkView,
  o: LinkOutcome,
  b: NonNullable<LinkOutcome['bonus']>,
  quick: boolean,
): Promise<void> {
  const { reels, rows } = cfg;
  const { gridEl, cellEls, respinsOut, message } = view;
  gridEl.classList.add('bonus');
  message.textContent = t('slot.holdAndWin', { count: o.coins.length });
  for (let c = 0; c < reels; c++) for (let r = 0; r < rows; r++) if (o.grid[c]![r] !== COIN) paint(view, c, r, null);
  respinsOut.hidden = false;
  respinsOut.textContent = t('slot.respins', { count: cfg.coin.respins });
  await sleep(quick ? 200 : 800);
  const stepMs = quick ? 90 : 450;
  for (const spin of b.respins) {
    for (const col of cellEls) for (const el of col) if (el.classList.contains('empty')) el.classList.add('spin');
    await sleep(stepMs);
    for (const col of cellEls) for (const el of col) el.classList.remove('spin');
    for (const x of spin.landed) {
      paint(view, x.column, x.row, COIN, x.value);
      cellEls[x.column]![x.row]!.classList.add('drop');
    }
    ctx.sound.play(spin.landed.length > 0 ? 'win' : 'tick');
    respinsOut.textContent = t('slot.respins', { count: spin.left });
    await sleep(stepMs / 2);
  }
  const total = b.coins.reduce((a, x) => a + x.value, 0);
  message.textContent = `${b.coins.length} × ${symbolName(COIN)}: ×${formatNumber(total / cfg.divisor)}${b.grand ? ` + ${symbolName('Grand')} ×${formatNumber(cfg.coin.grand / cfg.divisor)}` : ''} = ${ctx.money(b.win)}`;
  message.classList.add('won');
  await sleep(quick ? 200 : 900);
}

export function create(ctx: ShellContext): GameRenderer {
  const { reels, rows } = cfg;
  const view = linkView(ctx);
  const { gridEl, cellEls, respinsOut, message } = view;
  const names = cfg.symbols.map((s) => s.name);
  for (let c = 0; c < reels; c++) for (let r = 0; r < rows; r++) paint(view, c, r, names[(c + r * 2) % names.length]!);

  const stakes = stakeLadder(cfg.divisor, MAX_STAKE, [1, 2, 4, 10, 20, 40, 100, 200, 400, 1000]);

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
      respinsOut.hidden = true;
      gridEl.classList.remove('bonus');
      for (const col of cellEls) for (const el of col) el.classList.add('spin');
    },
    async land(raw, win, timing) {
      const o = raw as LinkOutcome;
      const quick = timing.quick;
      const perColumn = Math.max(quick ? 20 : 90, Math.min(260, timing.ms / reels));
      for (let c = 0; c < reels; c++) {
        for (let r = 0; r < rows; r++) paint(view, c, r, o.grid[c]![r]!, coinAt(o.coins, c, r)?.value);
        for (const el of cellEls[c]!) el.classList.add('drop');
        ctx.sound.play('stop');
        await sleep(perColumn);
      }
      if (o.wins.length > 0) await showWays(ctx, view, o, quick);
      if (o.bonus) await playHoldAndWin(ctx, view, o, o.bonus, quick);
      for (const col of cellEls) for (const el of col) el.classList.remove('spin');
      if (win > 0)
        message.textContent = o.bonus
          ? t('slot.withHoldAndWin', { amount: ctx.money(win) })
          : t('slot.win', { amount: ctx.money(win) });
      ctx.announce(win > 0 ? t('slot.won', { amount: ctx.money(win) }) : t('slot.noWin'));
    },
    abort() {
      for (const col of cellEls) for (const el of col) el.classList.remove('spin');
    },
  };
}

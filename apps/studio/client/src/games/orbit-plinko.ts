/**
 * Orbit Plinko: an SVG board of pegs (8, 12 or 16 rows) over a row of slots coloured by their
 * multiplier; the rows and the risk are chosen below the board, the slots relabel at once. The ball
 * follows the round's drawn path, bounce by bounce, and lights up the slot it lands in.
 */
import {
  MAX_STAKE,
  PLINKO_RISKS,
  PLINKO_ROWS,
  plinkoTable,
  plinkoTableRtp,
  plinkoWin,
  type PlinkoOutcome,
  type PlinkoRisk,
  type PlinkoRows,
} from '../../../src/games/orbit-plinko/math';
import { animate, h, sleep, svg } from '../dom';
import { formatMultiplier, formatPercent } from '../money';
import { nearest, stakeLadder, type GameRenderer, type ShellContext, type Timing } from '../renderer';
import { field, readout, statBox } from './field-kit';
import './orbit-plinko.css';
import { t } from '../i18n';

const W = 480;
const TOP = 26;
const BOTTOM_PAD = 34;
const H = 400;
const PEG_R = 3.2;
const BALL_R = 7;

/** A slot's colour: gold in the middle of the scale, red at the top of it. */
function slotColour(multiplier: number, max: number): string {
  const x = Math.log(Math.max(multiplier, 10) / 10) / Math.log(max / 10); // 0 … 1
  const hue = 50 - 48 * x;
  return `hsl(${hue.toFixed(0)} 85% ${(48 - 6 * x).toFixed(0)}%)`;
}
const slotLabel = (m: number) => String(m / 100);

/** The SVG board: its gradients and frame, the pegs, the slots, the ball's trail and the ball. */
function boardView(ctx: ShellContext) {
  const board = svg('svg', {
    viewBox: `0 0 ${W} ${H}`,
    class: 'plinko-board',
    role: 'img',
    'aria-label': t('plinko.board'),
    'data-testid': 'plinko-board',
  });
  const defs = svg('defs');
  const glow = svg('radialGradient', { id: 'plinko-ball', cx: '35%', cy: '35%', r: '65%' });
  glow.append(
    svg('stop', { offset: '0%', 'stop-color': '#ffffff' }),
    svg('stop', { offset: '55%', 'stop-color': '#ffd966' }),
    svg('stop', { offset: '100%', 'stop-color': '#e07a10' }),
  );
  const bg = svg('linearGradient', { id: 'plinko-bg', x1: '0', y1: '0', x2: '0', y2: '1' });
  bg.append(
    svg('stop', { offset: '0%', 'stop-color': '#1b1f4a' }),
    svg('stop', { offset: '100%', 'stop-color': '#0d1030' }),
  );
  defs.append(glow, bg);
  const frame = svg('rect', {
    x: 1,
    y: 1,
    width: W - 2,
    height: H - 2,
    rx: 16,
    fill: 'url(#plinko-bg)',
    stroke: '#2a3063',
  });
  const pegs = svg('g', { class: 'pegs' });
  const slots = svg('g', { class: 'slots' });
  const trail = svg('polyline', { class: 'trail', fill: 'none', points: '' });
  const ball = svg('circle', { r: BALL_R, fill: 'url(#plinko-ball)', class: 'ball', cx: W / 2, cy: 10 });
  board.append(defs, frame, pegs, slots, trail, ball);
  const resultOut = h('div', { class: 'plinko-result', 'data-testid': 'plinko-result', 'aria-live': 'polite' });
  ctx.stage.append(h('div', { class: 'plinko' }, board, resultOut));
  return { pegs, slots, trail, ball, resultOut };
}

/** The rows and risk selectors and the table's top win and return. */
function plinkoControls(ctx: ShellContext, rows: PlinkoRows, risk: PlinkoRisk) {
  const rowsSelect = h(
    'select',
    { id: 'plinko-rows', 'data-testid': 'rows', 'aria-label': t('plinko.rows') },
    ...PLINKO_ROWS.map((n) => h('option', { value: n, selected: n === rows }, t('plinko.rowsCount', { count: n }))),
  );
  const riskSelect = h(
    'select',
    { id: 'plinko-risk', 'data-testid': 'risk', 'aria-label': t('plinko.risk') },
    ...PLINKO_RISKS.map((r) => h('option', { value: r, selected: r === risk }, t(`plinko.${r}`))),
  );
  const topOut = readout('top-win');
  const rtpOut = readout('table-rtp');
  ctx.controls.append(
    h(
      'div',
      { class: 'plinko-controls' },
      field(t('plinko.rows'), rowsSelect),
      field(t('plinko.risk'), riskSelect),
      statBox(t('plinko.edge'), topOut),
      statBox(t('plinko.rtp'), rtpOut),
    ),
  );
  return { rowsSelect, riskSelect, topOut, rtpOut };
}

/** The board, its controls and the table chosen. */
type Plinko = ReturnType<typeof boardView> &
  ReturnType<typeof plinkoControls> & {
    ctx: ShellContext;
    rows: PlinkoRows;
    risk: PlinkoRisk;
    dropping: boolean;
    slotRects: SVGGElement[];
  };

/** Board geometry for a row count. */
const geometry = (rows: PlinkoRows) => {
  const dx = (W - 40) / (rows + 2);
  const dy = (H - TOP - BOTTOM_PAD - 10) / rows;
  const pegX = (i: number, j: number) => W / 2 + (j - (i + 2) / 2) * dx;
  const pegY = (i: number) => TOP + 14 + i * dy;
  const slotX = (k: number) => W / 2 + (k - rows / 2) * dx;
  return { dx, dy, pegX, pegY, slotX, slotY: TOP + 14 + rows * dy - dy / 2 + 8 };
};

/** The pegs and the slots of the table chosen, the ball back on top, the table's figures. */
function drawBoard(pl: Plinko): void {
  const { ctx, rows, risk, pegs, slots, slotRects, ball, trail } = pl;
  const g = geometry(rows);
  const table = plinkoTable(rows, risk);
  const max = table[0]!;
  pegs.replaceChildren();
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < i + 3; j++) pegs.append(svg('circle', { cx: g.pegX(i, j), cy: g.pegY(i), r: PEG_R }));
  slots.replaceChildren();
  slotRects.length = 0;
  const sw = g.dx - 3;
  table.forEach((m, k) => {
    const cell = svg('g', { class: 'slot', 'data-slot': k });
    cell.append(
      svg('rect', {
        x: g.slotX(k) - sw / 2,
        y: g.slotY,
        width: sw,
        height: 24,
        rx: 4,
        fill: slotColour(m, max),
      }),
    );
    const label = svg('text', {
      x: g.slotX(k),
      y: g.slotY + 16,
      'text-anchor': 'middle',
      'font-size': rows === 16 ? 8.5 : rows === 12 ? 10 : 12,
    });
    label.textContent = slotLabel(m);
    cell.append(label);
    slots.append(cell);
    slotRects.push(cell);
  });
  ball.setAttribute('cx', String(W / 2));
  ball.setAttribute('cy', String(TOP - 6));
  trail.setAttribute('points', '');
  const { numerator, denominator } = plinkoTableRtp(rows, risk);
  pl.rtpOut.textContent = formatPercent(numerator / denominator, 2, 2);
  pl.topOut.textContent = formatMultiplier(max);
  pl.topOut.title = ctx.money(plinkoWin(ctx.stake(), max));
  ctx.changed();
}

/** The ball hovers over the top of the board until the answer comes. */
function hover(pl: Plinko): void {
  pl.dropping = true;
  pl.resultOut.textContent = '';
  pl.resultOut.classList.remove('won', 'lost');
  for (const s of pl.slotRects) s.classList.remove('hit');
  pl.trail.setAttribute('points', '');
  const start = performance.now();
  void animate((now) => {
    const y = TOP - 8 + Math.sin((now - start) / 120) * 3;
    pl.ball.setAttribute('cx', String(W / 2));
    pl.ball.setAttribute('cy', String(y));
    return pl.dropping;
  });
}

/** The ball follows the drawn path, bounce by bounce, into its slot. */
async function drop(pl: Plinko, outcome: PlinkoOutcome, timing: Timing): Promise<void> {
  const { ctx, ball, trail } = pl;
  pl.dropping = false;
  const g = geometry(pl.rows);
  // The points the ball touches: above the first peg, on each row's peg, then the slot.
  const points: [number, number][] = [[W / 2, g.pegY(0) - BALL_R - PEG_R]];
  let rights = 0;
  for (let i = 1; i < outcome.rows; i++) {
    rights += outcome.path[i - 1]!;
    points.push([g.pegX(i, rights + 1), g.pegY(i) - BALL_R - PEG_R]);
  }
  points.push([g.slotX(outcome.slot), g.slotY + 4]);
  const hop = Math.max(timing.ms, timing.quick ? 250 : 0) / points.length;
  const hopMs = Math.max(timing.quick ? 18 : 60, Math.min(110, hop));
  const travelled: string[] = [`${points[0]![0]},${points[0]![1]}`];
  ball.setAttribute('cx', String(points[0]![0]));
  ball.setAttribute('cy', String(points[0]![1]));
  for (let p = 1; p < points.length; p++) {
    const [x0, y0] = points[p - 1]!;
    const [x1, y1] = points[p]!;
    const begin = performance.now();
    await animate((now) => {
      const t = Math.min(1, (now - begin) / hopMs);
      // A small hop: up first, then down onto the next peg.
      const lift = Math.sin(Math.PI * t) * Math.min(10, g.dy * 0.5);
      ball.setAttribute('cx', String(x0 + (x1 - x0) * t));
      ball.setAttribute('cy', String(y0 + (y1 - y0) * t * t - lift));
      return t < 1;
    });
    travelled.push(`${x1},${y1}`);
    trail.setAttribute('points', travelled.join(' '));
    if (p < points.length - 1) ctx.sound.play('tick');
  }
}

export function create(ctx: ShellContext): GameRenderer {
  const rows: PlinkoRows = 16;
  const risk: PlinkoRisk = 'medium';
  const pl: Plinko = {
    ctx,
    rows,
    risk,
    dropping: false,
    slotRects: [],
    ...boardView(ctx),
    ...plinkoControls(ctx, rows, risk),
  };
  const { rowsSelect, riskSelect, resultOut } = pl;
  const redraw = () => drawBoard(pl);

  rowsSelect.addEventListener('change', () => {
    pl.rows = Number(rowsSelect.value) as PlinkoRows;
    redraw();
  });
  riskSelect.addEventListener('change', () => {
    pl.risk = riskSelect.value as PlinkoRisk;
    redraw();
  });
  redraw();

  const stakes = stakeLadder(10, MAX_STAKE, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]);

  return {
    playLabel: t('plinko.drop'),
    stakeLabel: t('shell.stake'),
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1500,
    bet: (stake) => ({ bet: { stake, rows: pl.rows, risk: pl.risk }, stake }),
    stakeChanged: redraw,
    lock(locked) {
      rowsSelect.disabled = locked;
      riskSelect.disabled = locked;
    },
    start: () => hover(pl),
    async land(raw, win, timing) {
      const outcome = raw as PlinkoOutcome;
      await drop(pl, outcome, timing);
      ctx.sound.play('stop');
      pl.slotRects[outcome.slot]?.classList.add('hit');
      resultOut.textContent = `${formatMultiplier(outcome.multiplier)}${win > 0 ? ` · ${ctx.money(win)}` : ''}`;
      resultOut.classList.add(outcome.multiplier >= 100 ? 'won' : 'lost');
      ctx.announce(t('plinko.landed', { slot: outcome.slot + 1, multiplier: formatMultiplier(outcome.multiplier) }));
      await sleep(timing.quick ? 60 : 250);
    },
    abort() {
      pl.dropping = false;
      pl.ball.setAttribute('cy', String(TOP - 6));
      resultOut.textContent = '';
    },
  };
}

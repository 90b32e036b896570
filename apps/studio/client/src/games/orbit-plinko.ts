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
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
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

export function create(ctx: ShellContext): GameRenderer {
  let rows: PlinkoRows = 16;
  let risk: PlinkoRisk = 'medium';
  let dropping = false;

  // ---- stage ----
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

  // ---- controls ----
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

  /** Board geometry for the current row count. */
  const geometry = () => {
    const dx = (W - 40) / (rows + 2);
    const dy = (H - TOP - BOTTOM_PAD - 10) / rows;
    const pegX = (i: number, j: number) => W / 2 + (j - (i + 2) / 2) * dx;
    const pegY = (i: number) => TOP + 14 + i * dy;
    const slotX = (k: number) => W / 2 + (k - rows / 2) * dx;
    return { dx, dy, pegX, pegY, slotX, slotY: TOP + 14 + rows * dy - dy / 2 + 8 };
  };
  const slotRects: SVGGElement[] = [];

  function drawBoard(): void {
    const g = geometry();
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
    rtpOut.textContent = formatPercent(numerator / denominator, 2, 2);
    topOut.textContent = formatMultiplier(max);
    topOut.title = ctx.money(plinkoWin(ctx.stake(), max));
    ctx.changed();
  }

  rowsSelect.addEventListener('change', () => {
    rows = Number(rowsSelect.value) as PlinkoRows;
    drawBoard();
  });
  riskSelect.addEventListener('change', () => {
    risk = riskSelect.value as PlinkoRisk;
    drawBoard();
  });
  drawBoard();

  const stakes = stakeLadder(10, MAX_STAKE, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]);

  return {
    playLabel: t('plinko.drop'),
    stakeLabel: t('shell.stake'),
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1500,
    bet: (stake) => ({ bet: { stake, rows, risk }, stake }),
    stakeChanged: drawBoard,
    lock(locked) {
      rowsSelect.disabled = locked;
      riskSelect.disabled = locked;
    },
    start() {
      dropping = true;
      resultOut.textContent = '';
      resultOut.classList.remove('won', 'lost');
      for (const s of slotRects) s.classList.remove('hit');
      trail.setAttribute('points', '');
      const start = performance.now();
      void animate((now) => {
        // The ball hovers over the top of the board until the answer comes.
        const y = TOP - 8 + Math.sin((now - start) / 120) * 3;
        ball.setAttribute('cx', String(W / 2));
        ball.setAttribute('cy', String(y));
        return dropping;
      });
    },
    async land(raw, win, timing) {
      const outcome = raw as PlinkoOutcome;
      dropping = false;
      const g = geometry();
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
      ctx.sound.play('stop');
      slotRects[outcome.slot]?.classList.add('hit');
      resultOut.textContent = `${formatMultiplier(outcome.multiplier)}${win > 0 ? ` · ${ctx.money(win)}` : ''}`;
      resultOut.classList.add(outcome.multiplier >= 100 ? 'won' : 'lost');
      ctx.announce(t('plinko.landed', { slot: outcome.slot + 1, multiplier: formatMultiplier(outcome.multiplier) }));
      await sleep(timing.quick ? 60 : 250);
    },
    abort() {
      dropping = false;
      ball.setAttribute('cy', String(TOP - 6));
      resultOut.textContent = '';
    },
  };
}

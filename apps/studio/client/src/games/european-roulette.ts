/**
 * European Roulette: a betting board (0–36 with their colours, splits, streets, corners, six lines
 * on the lines between the numbers, columns, dozens and the even-money bets) where a click places a
 * chip of the selected value (again: adds one); a wheel on a canvas whose ball lands in the pocket
 * drawn; each position's win after the spin.
 */
import {
  colourOf,
  MAX_POSITIONS,
  MAX_TOTAL_STAKE,
  PAYOUT,
  type RouletteBetType,
  type RouletteOutcome,
} from '../../../src/games/european-roulette/math';
import { animate, easeOutCubic, h } from '../dom';
import { chipLabel } from '../money';
import { nearest, type GameRenderer, type ShellContext } from '../renderer';
import { t } from '../i18n';
import { describeBet as describe } from './roulette-bets';

/** The pockets in wheel order, clockwise from zero. */
const WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7,
  28, 12, 35, 3, 26,
];
const TAU = Math.PI * 2;
const SLICE = TAU / WHEEL.length;
const COLOURS = { red: '#d7263d', black: '#1b1d2b', green: '#0f9d58' } as const;

type Position = {
  key: string;
  type: RouletteBetType;
  numbers: number[];
  label: string;
  stake: number;
  button: HTMLButtonElement;
};

const positionKey = (type: RouletteBetType, numbers: readonly number[]) =>
  numbers.length === 0 ? type : `${type}-${numbers.join('-')}`;

const EVEN_MONEY: { type: RouletteBetType; label: string; name: string }[] = [
  { type: 'low', label: '1–18', name: t('roulette.low') },
  { type: 'even', label: t('roulette.even'), name: t('roulette.even') },
  { type: 'red', label: '◆', name: t('roulette.red') },
  { type: 'black', label: '◆', name: t('roulette.black') },
  { type: 'odd', label: t('roulette.odd'), name: t('roulette.odd') },
  { type: 'high', label: '19–36', name: t('roulette.high') },
];

export function create(ctx: ShellContext): GameRenderer {
  // ---- the wheel ----
  const canvas = h('canvas', { role: 'img', 'aria-label': t('roulette.wheel') });
  const pocketBig = h('div', { class: 'pocket-big green', 'data-testid': 'pocket', 'aria-live': 'polite' }, '–');
  const history = h('div', { class: 'history', 'aria-label': t('roulette.lastNumbers') });
  const winsList = h('ul', {
    class: 'position-wins',
    'data-testid': 'position-wins',
    'aria-label': t('roulette.winsPerPosition'),
  });
  ctx.stage.append(
    h(
      'div',
      { class: 'roulette' },
      h('div', { class: 'wheel-wrap' }, canvas),
      h('div', { class: 'roulette-result' }, pocketBig, history, winsList),
    ),
  );

  let wheelAngle = 0;
  let ballAngle = 0;
  let ballRadius = 0.93; // × wheel radius: on the track
  let running = false;
  let lastFrame = 0;
  let wheelSpeed = 0; // rad/ms
  let ballSpeed = 0;

  function draw(): void {
    const dpr = window.devicePixelRatio || 1;
    const size = Math.max(80, Math.round(canvas.clientWidth * dpr));
    if (canvas.width !== size) canvas.width = canvas.height = size;
    const g = canvas.getContext('2d');
    if (!g) return;
    const R = size / 2;
    g.clearRect(0, 0, size, size);
    g.save();
    g.translate(R, R);
    g.fillStyle = '#3b2414';
    g.beginPath();
    g.arc(0, 0, R * 0.99, 0, TAU);
    g.fill();
    g.fillStyle = '#1a0f08';
    g.beginPath();
    g.arc(0, 0, R * 0.86, 0, TAU);
    g.fill();
    g.rotate(wheelAngle);
    for (let i = 0; i < WHEEL.length; i++) {
      const n = WHEEL[i]!;
      const a0 = -Math.PI / 2 + i * SLICE - SLICE / 2;
      g.fillStyle = COLOURS[colourOf(n)];
      g.beginPath();
      g.arc(0, 0, R * 0.84, a0, a0 + SLICE);
      g.arc(0, 0, R * 0.56, a0 + SLICE, a0, true);
      g.closePath();
      g.fill();
      g.strokeStyle = '#c9a44a';
      g.lineWidth = Math.max(1, R * 0.008);
      g.stroke();
      g.save();
      g.rotate(i * SLICE);
      g.fillStyle = '#fff';
      g.font = `700 ${Math.round(R * 0.085)}px system-ui, sans-serif`;
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      g.fillText(String(n), 0, -R * 0.75);
      g.restore();
    }
    const cone = g.createRadialGradient(0, 0, R * 0.05, 0, 0, R * 0.56);
    cone.addColorStop(0, '#e8c76a');
    cone.addColorStop(1, '#5a3a1a');
    g.fillStyle = cone;
    g.beginPath();
    g.arc(0, 0, R * 0.5, 0, TAU);
    g.fill();
    g.restore();
    // The ball.
    const bx = R + Math.cos(ballAngle - Math.PI / 2) * R * ballRadius * (ballRadius > 0.86 ? 1 : 0.9);
    const by = R + Math.sin(ballAngle - Math.PI / 2) * R * ballRadius * (ballRadius > 0.86 ? 1 : 0.9);
    g.fillStyle = '#fafafa';
    g.beginPath();
    g.arc(bx, by, R * 0.045, 0, TAU);
    g.fill();
  }

  function loop(now: number): boolean {
    const dt = lastFrame ? Math.min(50, now - lastFrame) : 16;
    lastFrame = now;
    wheelAngle = (wheelAngle + wheelSpeed * dt) % TAU;
    ballAngle = (ballAngle - ballSpeed * dt) % TAU;
    draw();
    return running;
  }

  new ResizeObserver(() => draw()).observe(canvas);

  // ---- the board ----
  const positions = new Map<string, Position>();
  const undo: { key: string; amount: number }[] = [];
  const buttons: HTMLButtonElement[] = [];
  const boardMessage = h('span', { class: 'muted small', 'aria-live': 'polite', 'data-testid': 'board-message' });
  const clearButton = h(
    'button',
    { type: 'button', class: 'btn', 'data-testid': 'clear', 'aria-label': t('roulette.clearBets') },
    t('roulette.clear'),
  );
  const undoButton = h(
    'button',
    { type: 'button', class: 'btn', 'data-testid': 'undo', 'aria-label': t('roulette.undoLast') },
    t('roulette.undo'),
  );
  const board = h('div', { class: 'board', role: 'group', 'aria-label': t('roulette.board') });
  const inside = h('div', { class: 'inside' });
  ctx.controls.append(h('div', { class: 'board-tools' }, clearButton, undoButton, boardMessage), board);

  type Place = {
    hc: number;
    hr: number;
    hcs?: number;
    hrs?: number;
    vc: number;
    vr: number;
    vcs?: number;
    vrs?: number;
  };
  function cell(type: RouletteBetType, numbers: number[], text: string, place: Place, cls: string): void {
    const key = positionKey(type, numbers);
    const button = h(
      'button',
      { type: 'button', class: `cell ${cls}`, 'data-testid': `bet-${key}`, 'aria-label': describe(type, numbers) },
      text,
    );
    for (const [name, value] of Object.entries(place)) button.style.setProperty(`--${name}`, String(value));
    wire(button, type, numbers);
    board.appendChild(button);
  }
  function zone(type: RouletteBetType, numbers: number[], u: number, w: number): void {
    const sorted = [...numbers].sort((a, b) => a - b);
    const key = positionKey(type, sorted);
    const button = h('button', {
      type: 'button',
      class: 'zone',
      'data-testid': `bet-${key}`,
      'aria-label': describe(type, sorted),
      title: describe(type, sorted),
    });
    button.style.setProperty('--u', String(u));
    button.style.setProperty('--w', String(w));
    wire(button, type, sorted);
    inside.appendChild(button);
  }
  function wire(button: HTMLButtonElement, type: RouletteBetType, numbers: number[]): void {
    buttons.push(button);
    const key = positionKey(type, numbers);
    // Column and dozen bets send `[k]`; even-money bets send no numbers.
    button.addEventListener('click', () => place(key, type, numbers, button));
  }

  cell('straight', [0], '0', { hc: 1, hr: 1, hrs: 3, vc: 3, vcs: 3, vr: 1 }, 'green');
  for (let n = 1; n <= 36; n++) {
    const r = Math.floor((n - 1) / 3);
    const c = (n - 1) % 3;
    cell('straight', [n], String(n), { hc: r + 2, hr: 3 - c, vc: 3 + c, vr: r + 2 }, colourOf(n));
  }
  for (let k = 1; k <= 3; k++) cell('column', [k], '2:1', { hc: 14, hr: 4 - k, vc: 2 + k, vr: 14 }, 'outside');
  [t('roulette.dozen1'), t('roulette.dozen2'), t('roulette.dozen3')].forEach((text, i) =>
    cell(
      'dozen',
      [i + 1],
      text,
      { hc: 2 + 4 * i, hcs: 4, hr: 4, vc: 2, vr: 2 + 4 * i, vrs: 4 },
      'outside vertical-text',
    ),
  );
  EVEN_MONEY.forEach((e, i) =>
    cell(
      e.type,
      [],
      e.label,
      { hc: 2 + 2 * i, hcs: 2, hr: 5, vc: 1, vr: 2 + 2 * i, vrs: 2 },
      `outside vertical-text ${e.type === 'red' || e.type === 'black' ? e.type : ''}`,
    ),
  );
  // Inside bets on the lines: u runs along the layout (rows of three, 0…12), w across it (0…3).
  for (let n = 1; n <= 36; n++) {
    const r = Math.floor((n - 1) / 3);
    const c = (n - 1) % 3;
    if (c < 2) zone('split', [n, n + 1], r + 0.5, c + 1);
    if (r < 11) zone('split', [n, n + 3], r + 1, c + 0.5);
    if (c < 2 && r < 11) zone('corner', [n, n + 1, n + 3, n + 4], r + 1, c + 1);
    if (c === 0) zone('street', [n, n + 1, n + 2], r + 0.5, 0);
    if (c === 0 && r < 11) zone('six_line', [n, n + 1, n + 2, n + 3, n + 4, n + 5], r + 1, 0);
  }
  for (let k = 1; k <= 3; k++) zone('split', [0, k], 0, k - 0.5);
  zone('street', [0, 1, 2], 0, 1);
  zone('street', [0, 2, 3], 0, 2);
  zone('corner', [0, 1, 2, 3], 0, 0);
  board.appendChild(inside);

  /** The positions of the bet sent, in its order (the outcome lists them in the same order). */
  let sent: Position[] = [];
  const total = () => [...positions.values()].reduce((s, p) => s + p.stake, 0);

  function paintChip(p: Position): void {
    p.button.querySelector('.chip')?.remove();
    if (p.stake > 0) p.button.appendChild(h('span', { class: 'chip', 'aria-hidden': 'true' }, chipLabel(p.stake)));
    p.button.title = p.stake > 0 ? `${p.label}: ${ctx.money(p.stake)}` : p.label;
  }

  function clearMarks(): void {
    for (const b of buttons) b.classList.remove('winner');
    for (const chip of board.querySelectorAll('.chip')) chip.classList.remove('won', 'lost');
  }

  function place(key: string, type: RouletteBetType, numbers: number[], button: HTMLButtonElement): void {
    const amount = ctx.stake();
    if (!(amount > 0)) return;
    clearMarks();
    if (!positions.has(key) && positions.size >= MAX_POSITIONS) {
      boardMessage.textContent = t('roulette.maxPositions', { count: MAX_POSITIONS });
      return;
    }
    if (total() + amount > MAX_TOTAL_STAKE) {
      boardMessage.textContent = t('roulette.maxTotal', { amount: ctx.money(MAX_TOTAL_STAKE) });
      return;
    }
    // The running bonus's max bet caps the whole table's bet, not only the chip.
    const cap = ctx.maxStake();
    if (cap !== null && total() + amount > cap) {
      boardMessage.textContent = t('roulette.overCap', { amount: ctx.money(cap) });
      return;
    }
    boardMessage.textContent = '';
    const p = positions.get(key) ?? { key, type, numbers, label: describe(type, numbers), stake: 0, button };
    p.stake += amount;
    positions.set(key, p);
    undo.push({ key, amount });
    paintChip(p);
    ctx.sound.play('chip');
    ctx.changed();
  }

  clearButton.addEventListener('click', () => {
    for (const p of positions.values()) {
      p.stake = 0;
      paintChip(p);
    }
    positions.clear();
    undo.length = 0;
    boardMessage.textContent = '';
    clearMarks();
    ctx.changed();
  });
  undoButton.addEventListener('click', () => {
    const last = undo.pop();
    const p = last && positions.get(last.key);
    if (!last || !p) return;
    p.stake -= last.amount;
    paintChip(p);
    if (p.stake <= 0) positions.delete(last.key);
    clearMarks();
    ctx.changed();
  });

  draw();
  const chips = [10, 50, 100, 200, 500, 1000, 2500, 5000, 10000, 50000];

  return {
    playLabel: t('slot.spin'),
    stakeLabel: t('shell.chip'),
    stakes: chips,
    defaultStake: nearest(chips, 100),
    naturalMs: 3200,
    totalStake: total,
    bet() {
      if (positions.size === 0) return { error: t('roulette.placeChip') };
      const bets = [...positions.values()].map((p) =>
        p.numbers.length === 0
          ? { type: p.type, stake: p.stake }
          : { type: p.type, numbers: p.numbers, stake: p.stake },
      );
      sent = [...positions.values()];
      return { bet: { bets }, stake: total() };
    },
    lock(locked) {
      for (const b of buttons) b.disabled = locked;
      clearButton.disabled = locked;
      undoButton.disabled = locked;
    },
    start(quick) {
      clearMarks();
      winsList.replaceChildren();
      pocketBig.textContent = '–';
      pocketBig.className = 'pocket-big green';
      ballRadius = 0.93;
      wheelSpeed = quick ? 0.006 : 0.0035;
      ballSpeed = quick ? 0.02 : 0.012;
      lastFrame = 0;
      if (!running) {
        running = true;
        void animate(loop);
      }
    },
    async land(raw, win, timing) {
      const outcome = raw as RouletteOutcome;
      running = false;
      const duration = Math.max(timing.ms, timing.quick ? 150 : 1200);
      const index = WHEEL.indexOf(outcome.pocket);
      const w0 = wheelAngle;
      const phi0 = ballAngle - wheelAngle;
      const relSpeed = -ballSpeed - wheelSpeed; // rad/ms, the ball runs against the wheel
      let base = (((index * SLICE - phi0) % TAU) + TAU) % TAU; // in [0, 2π)
      base -= TAU; // run backwards (against the wheel): (−2π, 0]
      const turns = Math.max(0, Math.round((Math.abs(relSpeed) * duration) / 3 / TAU - Math.abs(base) / TAU));
      const delta = base - turns * TAU;
      const wheelTravel = (wheelSpeed * duration) / 3;
      const start = performance.now();
      await animate((now) => {
        const x = Math.min(1, (now - start) / duration);
        const e = easeOutCubic(x);
        wheelAngle = w0 + wheelTravel * e;
        ballAngle = wheelAngle + phi0 + delta * e;
        ballRadius = x < 0.55 ? 0.93 : x > 0.85 ? 0.7 : 0.93 - ((x - 0.55) / 0.3) * 0.23;
        draw();
        return x < 1;
      });
      ctx.sound.play('stop');
      const colour = outcome.colour;
      pocketBig.textContent = String(outcome.pocket);
      pocketBig.className = `pocket-big ${colour}`;
      history.prepend(h('span', { class: colour }, String(outcome.pocket)));
      while (history.children.length > 12) history.lastElementChild?.remove();
      board.querySelector(`[data-testid="bet-straight-${outcome.pocket}"]`)?.classList.add('winner');
      // The outcome lists the positions in the order they were sent.
      sent.forEach((p, i) =>
        p.button.querySelector('.chip')?.classList.add((outcome.positions[i]?.win ?? 0) > 0 ? 'won' : 'lost'),
      );
      winsList.replaceChildren(
        ...outcome.positions.map((o) =>
          h(
            'li',
            { class: o.win > 0 ? 'won' : '' },
            `${describe(o.type, o.numbers)} (${PAYOUT[o.type]}:1): ${ctx.money(o.stake)} → ${o.win > 0 ? ctx.money(o.win) : t('roulette.lost')}`,
          ),
        ),
      );
      ctx.announce(
        `${outcome.pocket} ${t(`roulette.${colour}`)}. ${win > 0 ? t('roulette.youWin', { amount: ctx.money(win) }) : t('roulette.noWin')}`,
      );
    },
    abort() {
      running = false;
      ballRadius = 0.93;
      draw();
    },
  };
}

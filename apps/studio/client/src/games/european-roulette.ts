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
import { h } from '../dom';
import { chipLabel } from '../money';
import { nearest, type GameRenderer, type ShellContext } from '../renderer';
import { t } from '../i18n';
import { describeBet as describe } from './roulette-bets';
import { drawWheel, landBall, newWheel, spinWheel } from './roulette-wheel';

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

/** The wheel's side of the stage: the canvas, the pocket drawn, the last numbers, each position's win. */
function wheelView(ctx: ShellContext) {
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
  return { canvas, pocketBig, history, winsList };
}

/** The betting board and the chips on it. */
type Board = {
  ctx: ShellContext;
  positions: Map<string, Position>;
  undo: { key: string; amount: number }[];
  buttons: HTMLButtonElement[];
  boardMessage: HTMLElement;
  clearButton: HTMLButtonElement;
  undoButton: HTMLButtonElement;
  board: HTMLElement;
  /** The positions of the bet sent, in its order (the outcome lists them in the same order). */
  sent: Position[];
};

/** The board's tools (clear, undo, the message line) and the board, in the controls. */
function boardView(ctx: ShellContext): Board {
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
  ctx.controls.append(h('div', { class: 'board-tools' }, clearButton, undoButton, boardMessage), board);
  return {
    ctx,
    positions: new Map(),
    undo: [],
    buttons: [],
    boardMessage,
    clearButton,
    undoButton,
    board,
    sent: [],
  };
}

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

/** The board's cells (numbers, columns, dozens, even-money bets) and its zones on the lines between numbers. */
function layBoard(b: Board): void {
  const inside = h('div', { class: 'inside' });
  function cell(type: RouletteBetType, numbers: number[], text: string, place: Place, cls: string): void {
    const key = positionKey(type, numbers);
    const button = h(
      'button',
      { type: 'button', class: `cell ${cls}`, 'data-testid': `bet-${key}`, 'aria-label': describe(type, numbers) },
      text,
    );
    for (const [name, value] of Object.entries(place)) button.style.setProperty(`--${name}`, String(value));
    wire(b, button, type, numbers);
    b.board.appendChild(button);
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
    wire(b, button, type, sorted);
    inside.appendChild(button);
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
  b.board.appendChild(inside);
}

function wire(b: Board, button: HTMLButtonElement, type: RouletteBetType, numbers: number[]): void {
  b.buttons.push(button);
  const key = positionKey(type, numbers);
  // Column and dozen bets send `[k]`; even-money bets send no numbers.
  button.addEventListener('click', () => place(b, key, type, numbers, button));
}

const total = (b: Board) => [...b.positions.values()].reduce((s, p) => s + p.stake, 0);

function paintChip(ctx: ShellContext, p: Position): void {
  p.button.querySelector('.chip')?.remove();
  if (p.stake > 0) p.button.appendChild(h('span', { class: 'chip', 'aria-hidden': 'true' }, chipLabel(p.stake)));
  p.button.title = p.stake > 0 ? `${p.label}: ${ctx.money(p.stake)}` : p.label;
}

function clearMarks(b: Board): void {
  for (const button of b.buttons) button.classList.remove('winner');
  for (const chip of b.board.querySelectorAll('.chip')) chip.classList.remove('won', 'lost');
}

/** A chip of the selected value on a position, within the table's limits and the bonus's cap. */
function place(b: Board, key: string, type: RouletteBetType, numbers: number[], button: HTMLButtonElement): void {
  const { ctx, positions, boardMessage } = b;
  const amount = ctx.stake();
  if (!(amount > 0)) return;
  clearMarks(b);
  if (!positions.has(key) && positions.size >= MAX_POSITIONS) {
    boardMessage.textContent = t('roulette.maxPositions', { count: MAX_POSITIONS });
    return;
  }
  if (total(b) + amount > MAX_TOTAL_STAKE) {
    boardMessage.textContent = t('roulette.maxTotal', { amount: ctx.money(MAX_TOTAL_STAKE) });
    return;
  }
  // The running bonus's max bet caps the whole table's bet, not only the chip.
  const cap = ctx.maxStake();
  if (cap !== null && total(b) + amount > cap) {
    boardMessage.textContent = t('roulette.overCap', { amount: ctx.money(cap) });
    return;
  }
  boardMessage.textContent = '';
  const p = positions.get(key) ?? { key, type, numbers, label: describe(type, numbers), stake: 0, button };
  p.stake += amount;
  positions.set(key, p);
  b.undo.push({ key, amount });
  paintChip(ctx, p);
  ctx.sound.play('chip');
  ctx.changed();
}

/** The clear and undo buttons. */
function wireTools(b: Board): void {
  const { ctx, positions, undo } = b;
  b.clearButton.addEventListener('click', () => {
    for (const p of positions.values()) {
      p.stake = 0;
      paintChip(ctx, p);
    }
    positions.clear();
    undo.length = 0;
    b.boardMessage.textContent = '';
    clearMarks(b);
    ctx.changed();
  });
  b.undoButton.addEventListener('click', () => {
    const last = undo.pop();
    const p = last && positions.get(last.key);
    if (!last || !p) return;
    p.stake -= last.amount;
    paintChip(ctx, p);
    if (p.stake <= 0) positions.delete(last.key);
    clearMarks(b);
    ctx.changed();
  });
}

/** The pocket drawn, the last numbers, the winning number and chips marked, each position's win, the announcement. */
function showResult(b: Board, view: ReturnType<typeof wheelView>, outcome: RouletteOutcome, win: number): void {
  const { ctx } = b;
  const { pocketBig, history, winsList } = view;
  const colour = outcome.colour;
  pocketBig.textContent = String(outcome.pocket);
  pocketBig.className = `pocket-big ${colour}`;
  history.prepend(h('span', { class: colour }, String(outcome.pocket)));
  while (history.children.length > 12) history.lastElementChild?.remove();
  b.board.querySelector(`[data-testid="bet-straight-${outcome.pocket}"]`)?.classList.add('winner');
  // The outcome lists the positions in the order they were sent.
  b.sent.forEach((p, i) =>
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
}

export function create(ctx: ShellContext): GameRenderer {
  const view = wheelView(ctx);
  const wheel = newWheel(view.canvas);
  new ResizeObserver(() => drawWheel(wheel)).observe(view.canvas);
  const b = boardView(ctx);
  layBoard(b);
  wireTools(b);
  drawWheel(wheel);
  const chips = [10, 50, 100, 200, 500, 1000, 2500, 5000, 10000, 50000];

  return {
    playLabel: t('slot.spin'),
    stakeLabel: t('shell.chip'),
    stakes: chips,
    defaultStake: nearest(chips, 100),
    naturalMs: 3200,
    totalStake: () => total(b),
    bet() {
      if (b.positions.size === 0) return { error: t('roulette.placeChip') };
      const bets = [...b.positions.values()].map((p) =>
        p.numbers.length === 0
          ? { type: p.type, stake: p.stake }
          : { type: p.type, numbers: p.numbers, stake: p.stake },
      );
      b.sent = [...b.positions.values()];
      return { bet: { bets }, stake: total(b) };
    },
    lock(locked) {
      for (const button of b.buttons) button.disabled = locked;
      b.clearButton.disabled = locked;
      b.undoButton.disabled = locked;
    },
    start(quick) {
      clearMarks(b);
      view.winsList.replaceChildren();
      view.pocketBig.textContent = '–';
      view.pocketBig.className = 'pocket-big green';
      spinWheel(wheel, quick);
    },
    async land(raw, win, timing) {
      const outcome = raw as RouletteOutcome;
      await landBall(wheel, outcome.pocket, timing);
      ctx.sound.play('stop');
      showResult(b, view, outcome, win);
    },
    abort() {
      wheel.running = false;
      wheel.ballRadius = 0.93;
      drawWheel(wheel);
    },
  };
}

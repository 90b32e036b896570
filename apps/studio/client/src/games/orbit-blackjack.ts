/**
 * Orbit Blackjack: a felt table with the dealer's row at the top, the player's hand (two after a
 * split) at the bottom and the shoe in the corner. Cards are SVG and slide in from the shoe in the
 * order they are dealt; the hole card lies face down until the round settles, then turns over and
 * the dealer draws. Hit, Stand, Double and Split sit below the stage (keys H, S, D, P), enabled as
 * the round allows: each sends the action through the shell and the table follows the answer.
 */
import {
  handTotal,
  MAX_STAKE,
  summary,
  summaryLines,
  type BlackjackAction,
  type BlackjackOutcome,
  type HandResult,
} from '../../../src/games/orbit-blackjack/math';
import type { RoundResponse } from '../../../src/protocol';
import { h, sleep } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
import { cardBack, cardSvg, turningCard } from './playing-cards';
import './orbit-blackjack.css';
import { t } from '../i18n';
import { cardLabel } from '../i18n/names';

/** The round in words: `summary` one line (round history), `summaryLines` the verifier's lines. */
export { summary, summaryLines };

const BUTTONS: readonly { action: BlackjackAction; label: string; key: string }[] = [
  { action: 'hit', label: t('blackjack.hit'), key: 'H' },
  { action: 'stand', label: t('blackjack.stand'), key: 'S' },
  { action: 'double', label: t('blackjack.double'), key: 'D' },
  { action: 'split', label: t('blackjack.split'), key: 'P' },
];
const KEYS: Readonly<Record<string, BlackjackAction>> = { h: 'hit', s: 'stand', d: 'double', p: 'split' };
const RESULT_WORDS: Readonly<Record<HandResult, string>> = {
  win: t('blackjack.win'),
  lose: t('blackjack.lose'),
  push: t('blackjack.push'),
  blackjack: t('blackjack.blackjack'),
  bust: t('blackjack.bust'),
};
const IDLE_HINT = t('blackjack.idle');

type CardView = { el: HTMLElement; front: HTMLElement; card: number | null };
type RowView = { root: HTMLElement; box: HTMLElement; cards: CardView[]; total: HTMLElement };
type HandView = RowView & { stake: HTMLElement; result: HTMLElement };

/** What the shown cards total: "7/17" while an Ace may still count 1 or 11, "Bust" over 21. */
function totalText(cards: readonly number[], settled: boolean): string {
  if (cards.length === 0) return '';
  const { total, soft } = handTotal(cards);
  if (total > 21) return t('blackjack.bust');
  return soft && !settled && total < 21 ? `${total - 10}/${total}` : String(total);
}

/** The table on screen and the round it follows. */
type BlackjackTable = {
  ctx: ShellContext;
  /** Bumped by every new round and abort: the animation of an older one stops. */
  seq: number;
  hurried: boolean;
  dealMs: number;
  flipMs: number;
  /** Resolves the wait for the player's action: the action, or null when the round was aborted. */
  waiter: ((action: BlackjackAction | null) => void) | null;
  allowed: Set<BlackjackAction>;
  shoe: HTMLElement;
  dealer: RowView;
  handsBox: HTMLElement;
  table: HTMLElement;
  hands: HandView[];
  buttons: Map<BlackjackAction, HTMLButtonElement>;
  hint: HTMLElement;
  actionsBox: HTMLElement;
};

/** The felt on the stage: the shoe, the dealer's row, the rules strip and the player's hands. */
function tableView(ctx: ShellContext) {
  const shoe = h(
    'div',
    { class: 'bj-shoe', 'aria-hidden': 'true' },
    ...[0, 1, 2].map(() => h('span', { class: 'bj-shoe-card' }, cardBack())),
  );
  const dealerTotal = h('span', { class: 'bj-total', 'data-testid': 'bj-dealer-total' });
  const dealerBox = h('div', { class: 'bj-cards', 'data-testid': 'bj-dealer-cards' });
  const dealer: RowView = {
    root: h(
      'section',
      { class: 'bj-dealer', 'aria-label': t('blackjack.dealer') },
      h('div', { class: 'bj-head' }, h('span', { class: 'bj-name' }, t('blackjack.dealer')), dealerTotal),
      dealerBox,
    ),
    box: dealerBox,
    cards: [],
    total: dealerTotal,
  };
  const handsBox = h('div', { class: 'bj-hands', 'data-testid': 'bj-hands' });
  const strip = h('div', { class: 'bj-strip', 'aria-hidden': 'true' }, t('blackjack.rules'));
  const table = h('div', { class: 'bj', 'data-hands': '1' }, shoe, dealer.root, strip, handsBox);
  ctx.stage.append(table);
  return { shoe, dealer, handsBox, table };
}

/** The action buttons and the hint under the stage. */
function actionControls(ctx: ShellContext) {
  const buttons = new Map<BlackjackAction, HTMLButtonElement>();
  const hint = h('span', { class: 'bj-hint', 'data-testid': 'bj-hint' }, IDLE_HINT);
  const actionsBox = h('div', { class: 'bj-actions', role: 'group', 'aria-label': t('blackjack.yourMoveLabel') });
  for (const { action, label, key } of BUTTONS) {
    const button = h(
      'button',
      {
        type: 'button',
        class: `bj-action bj-${action}`,
        'data-testid': `bj-${action}`,
        'aria-keyshortcuts': key,
        disabled: true,
      },
      h('span', { class: 'bj-key', 'aria-hidden': 'true' }, key),
      label,
    );
    buttons.set(action, button);
    actionsBox.append(button);
  }
  ctx.controls.append(h('div', { class: 'bj-controls' }, actionsBox, hint));
  return { buttons, hint, actionsBox };
}

/** The buttons' clicks and the keys H, S, D, P while a choice waits. */
function wireActions(bj: BlackjackTable): void {
  for (const [action, button] of bj.buttons) button.addEventListener('click', () => choose(bj, action));
  window.addEventListener('keydown', (event) => {
    if (!bj.waiter || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable]')) return;
    const action = KEYS[event.key.toLowerCase()];
    if (action && bj.allowed.has(action)) {
      event.preventDefault();
      choose(bj, action);
    }
  });
}

function handView(bj: BlackjackTable, index: number): HandView {
  const box = h('div', { class: 'bj-cards' });
  const total = h('span', { class: 'bj-total' });
  const stake = h('span', { class: 'bj-stake' });
  const result = h('span', { class: 'bj-result', 'aria-live': 'polite' });
  const root = h(
    'section',
    { class: 'bj-hand', 'data-testid': `bj-hand-${index + 1}`, 'aria-label': t('blackjack.hand', { n: index + 1 }) },
    box,
    h('div', { class: 'bj-foot' }, total, stake, result),
  );
  bj.handsBox.append(root);
  return { root, box, cards: [], total, stake, result };
}

function clearTable(bj: BlackjackTable): void {
  const { dealer, table } = bj;
  dealer.cards = [];
  dealer.box.replaceChildren();
  dealer.box.style.setProperty('--n', '1');
  dealer.total.textContent = '';
  dealer.root.classList.remove('bust', 'blackjack');
  bj.handsBox.replaceChildren();
  bj.hands = [handView(bj, 0)];
  table.dataset.hands = '1';
  delete table.dataset.state;
}

function choose(bj: BlackjackTable, action: BlackjackAction): void {
  if (!bj.waiter || !bj.allowed.has(action)) return;
  const resolve = bj.waiter;
  bj.waiter = null;
  bj.ctx.sound.play('chip');
  resolve(action);
}

/** Enables the actions allowed now (none: all disabled). */
function offer(bj: BlackjackTable, next: readonly BlackjackAction[] | null): void {
  bj.allowed = new Set(next ?? []);
  for (const [action, button] of bj.buttons) button.disabled = !bj.allowed.has(action);
  bj.actionsBox.classList.toggle('waiting', bj.allowed.size > 0);
}

const waitForAction = (bj: BlackjackTable) =>
  new Promise<BlackjackAction | null>((resolve) => {
    bj.waiter = resolve;
  });

// ---- cards ----
const wait = (bj: BlackjackTable, ms: number) => (bj.hurried ? Promise.resolve() : sleep(ms));
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function cardView(card: number | null): CardView {
  const front = h('span', { class: 'bj-front' });
  if (card !== null) front.append(cardSvg(card));
  const el = h(
    'div',
    {
      class: `bj-card${card === null ? ' down' : ''}`,
      role: 'img',
      'aria-label': card === null ? t('blackjack.faceDown') : cardLabel(card),
    },
    turningCard(front),
  );
  return { el, front, card };
}

function place(row: RowView, view: CardView, i: number): void {
  view.el.style.setProperty('--i', String(i));
  row.box.style.setProperty('--n', String(Math.max(1, row.cards.length)));
}

/** Slides a card from the shoe to its place at the end of `row` (face down when `card` is null). */
async function deal(bj: BlackjackTable, row: RowView, card: number | null, token: number): Promise<boolean> {
  const view = cardView(card);
  row.cards.push(view);
  place(row, view, row.cards.length - 1);
  row.box.append(view.el);
  if (!bj.hurried) {
    const to = view.el.getBoundingClientRect();
    const from = bj.shoe.getBoundingClientRect();
    view.el.style.setProperty('--dx', `${from.left + from.width / 2 - (to.left + to.width / 2)}px`);
    view.el.style.setProperty('--dy', `${from.top + from.height / 2 - (to.top + to.height / 2)}px`);
    view.el.classList.add('dealing');
  }
  bj.ctx.sound.play('tick');
  paintTotals(bj, false);
  await wait(bj, bj.dealMs);
  view.el.classList.remove('dealing');
  return token === bj.seq;
}

/** Turns a face-down card over to `card`. */
async function turnOver(bj: BlackjackTable, view: CardView, card: number, token: number): Promise<boolean> {
  view.card = card;
  view.front.replaceChildren(cardSvg(card));
  view.el.setAttribute('aria-label', cardLabel(card));
  await frame();
  view.el.classList.remove('down');
  bj.ctx.sound.play('tick');
  await wait(bj, bj.flipMs);
  return token === bj.seq;
}

/** The split: the second card moves over to a new hand on the right. */
async function split(bj: BlackjackTable, token: number): Promise<boolean> {
  const first = bj.hands[0]!;
  const moved = first.cards.pop()!;
  const before = moved.el.getBoundingClientRect();
  const second = handView(bj, 1);
  bj.hands.push(second);
  bj.table.dataset.hands = '2';
  second.cards.push(moved);
  place(second, moved, 0);
  place(first, first.cards[0]!, 0);
  second.box.append(moved.el);
  if (!bj.hurried) {
    const after = moved.el.getBoundingClientRect();
    moved.el.style.setProperty('--dx', `${before.left - after.left}px`);
    moved.el.style.setProperty('--dy', `${before.top - after.top}px`);
    moved.el.classList.add('moving');
  }
  paintTotals(bj, false);
  await wait(bj, bj.dealMs);
  moved.el.classList.remove('moving');
  return token === bj.seq;
}

const shown = (row: RowView): number[] => row.cards.flatMap((c) => (c.card === null ? [] : [c.card]));

function paintTotals(bj: BlackjackTable, settled: boolean): void {
  bj.dealer.total.textContent = totalText(shown(bj.dealer), settled);
  for (const hand of bj.hands) hand.total.textContent = totalText(shown(hand), settled);
}

/** Totals, stakes, the active hand and, once settled, each hand's result. */
function paint(bj: BlackjackTable, outcome: BlackjackOutcome): void {
  const { ctx, dealer } = bj;
  const settled = outcome.active === null;
  paintTotals(bj, settled);
  const dealerCards = shown(dealer);
  const dealerNatural = settled && dealerCards.length === 2 && handTotal(dealerCards).total === 21;
  dealer.root.classList.toggle('blackjack', dealerNatural);
  dealer.root.classList.toggle('bust', settled && handTotal(dealerCards).total > 21);
  if (dealerNatural) dealer.total.textContent = t('blackjack.blackjack');
  outcome.hands.forEach((hand, i) => {
    const view = bj.hands[i];
    if (!view) return;
    view.root.classList.toggle('active', outcome.active === i);
    view.root.classList.toggle('done', outcome.active !== null && i < outcome.active);
    view.root.classList.toggle('doubled', hand.doubled);
    view.stake.textContent = `${ctx.money(hand.stake)}${hand.doubled ? ' ×2' : ''}`;
    const result = hand.result;
    view.root.dataset.result = result ?? '';
    view.result.textContent = result ? `${RESULT_WORDS[result]}${hand.win ? ` · ${ctx.money(hand.win)}` : ''}` : '';
  });
  bj.table.dataset.state = settled ? 'settled' : 'open';
}

/**
 * Brings the table to `outcome`, dealing what it does not show yet in the order the cards were
 * dealt: the opening four (the hole card face down), the split, each hand's cards, then the hole
 * card turned over and the dealer's draws. False when a newer round took over.
 */
async function sync(bj: BlackjackTable, outcome: BlackjackOutcome, token: number): Promise<boolean> {
  const { dealer } = bj;
  if (dealer.cards.length === 0) {
    const first = outcome.hands[0]!.cards;
    // After a split (a resumed round) the opening second card is hand 2's first.
    const second = outcome.hands.length > 1 ? outcome.hands[1]!.cards[0]! : first[1]!;
    if (!(await deal(bj, bj.hands[0]!, first[0]!, token))) return false;
    if (!(await deal(bj, dealer, outcome.dealer[0]!, token))) return false;
    if (!(await deal(bj, bj.hands[0]!, second, token))) return false;
    if (!(await deal(bj, dealer, null, token))) return false;
  }
  if (outcome.hands.length > bj.hands.length && !(await split(bj, token))) return false;
  for (const [i, hand] of outcome.hands.entries()) {
    const view = bj.hands[i]!;
    for (let k = view.cards.length; k < hand.cards.length; k++) {
      if (!(await deal(bj, view, hand.cards[k]!, token))) return false;
    }
  }
  if (outcome.active === null) {
    const hole = dealer.cards[1];
    if (hole && hole.card === null && !(await turnOver(bj, hole, outcome.dealer[1]!, token))) return false;
    for (let k = dealer.cards.length; k < outcome.dealer.length; k++) {
      if (!(await deal(bj, dealer, outcome.dealer[k]!, token))) return false;
    }
  }
  paint(bj, outcome);
  return true;
}

function speed(bj: BlackjackTable, quick: boolean): void {
  bj.dealMs = quick ? 120 : 300;
  bj.flipMs = quick ? 140 : 320;
  bj.table.style.setProperty('--bj-deal-ms', `${bj.dealMs}ms`);
  bj.table.style.setProperty('--card-flip-ms', `${bj.flipMs}ms`);
}

function describe(outcome: BlackjackOutcome): string {
  const hand = outcome.hands[outcome.active ?? 0]!;
  const label =
    outcome.hands.length > 1 ? t('blackjack.hand', { n: (outcome.active ?? 0) + 1 }) : t('blackjack.yourHand');
  return t('blackjack.dealerShows', {
    label,
    cards: hand.cards.map(cardLabel).join(', '),
    total: totalText(hand.cards, false),
    card: cardLabel(outcome.dealer[0]!),
  });
}

/**
 * The round on the table: dealt to its opening, then the player's choices sent until it settles;
 * its result told. Returns early when a newer round or an abort took over.
 */
async function playHand(
  bj: BlackjackTable,
  raw: unknown,
  win: number,
  quick: boolean,
  round: RoundResponse | undefined,
): Promise<void> {
  const { ctx, hint } = bj;
  const token = ++bj.seq;
  bj.hurried = false;
  speed(bj, quick);
  offer(bj, null);
  clearTable(bj);
  let outcome = raw as BlackjackOutcome;
  let next = (round?.next ?? null) as BlackjackAction[] | null;
  if (!(await sync(bj, outcome, token))) return;

  while (next !== null && next.length > 0) {
    offer(bj, next);
    hint.textContent = t('blackjack.yourMove', {
      moves: next.map((a) => BUTTONS.find((b) => b.action === a)!.label).join(', '),
    });
    ctx.announce(`${describe(outcome)} ${hint.textContent}`);
    const action = await waitForAction(bj);
    if (token !== bj.seq || action === null) return;
    offer(bj, null);
    const answer = await ctx.act(action);
    if (token !== bj.seq) return;
    // Refused: the shell says why; the same choice is offered again.
    if (!answer) continue;
    outcome = answer.outcome as BlackjackOutcome;
    next = (answer.next ?? null) as BlackjackAction[] | null;
    win = answer.win_cents;
    bj.hurried = false;
    if (!(await sync(bj, outcome, token))) return;
  }

  offer(bj, null);
  tellResult(bj, outcome, win);
}

/** Each hand's result (and the dealer's blackjack) in the hint and to screen readers. */
function tellResult(bj: BlackjackTable, outcome: BlackjackOutcome, win: number): void {
  const { ctx, hint, dealer } = bj;
  const results = outcome.hands.map((hand, i) => {
    const words = hand.result ? RESULT_WORDS[hand.result] : '';
    return outcome.hands.length > 1 ? `${t('blackjack.hand', { n: i + 1 })}: ${words}` : words;
  });
  if (dealer.root.classList.contains('blackjack')) results.unshift(t('blackjack.dealerBlackjack'));
  hint.textContent = win > 0 ? `${results.join(' · ')} · ${ctx.money(win)}` : results.join(' · ');
  ctx.announce(`${t('blackjack.dealerTotal', { total: dealer.total.textContent ?? '' })} ${results.join('. ')}.`);
}

export function create(ctx: ShellContext): GameRenderer {
  const bj: BlackjackTable = {
    ctx,
    seq: 0,
    hurried: false,
    dealMs: 300,
    flipMs: 320,
    waiter: null,
    allowed: new Set(),
    ...tableView(ctx),
    hands: [],
    ...actionControls(ctx),
  };
  clearTable(bj);
  wireActions(bj);
  const stakes = stakeLadder(10, MAX_STAKE, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]);

  return {
    playLabel: t('blackjack.deal'),
    stakeLabel: t('shell.stake'),
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1400,
    bet: (stake) => ({ bet: { stake }, stake }),
    start(quick) {
      bj.seq++;
      bj.hurried = false;
      speed(bj, quick);
      offer(bj, null);
      clearTable(bj);
      bj.hint.textContent = '';
    },
    land: (raw, win, timing, round?: RoundResponse) => playHand(bj, raw, win, timing.quick, round),
    hurry() {
      // Only the dealing hurries: a choice still waits for the player.
      if (!bj.waiter) bj.hurried = true;
    },
    abort() {
      bj.seq++;
      bj.waiter?.(null);
      bj.waiter = null;
      offer(bj, null);
      clearTable(bj);
      bj.hint.textContent = IDLE_HINT;
    },
  };
}

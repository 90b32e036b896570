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

export function create(ctx: ShellContext): GameRenderer {
  /** Bumped by every new round and abort: the animation of an older one stops. */
  let seq = 0;
  let hurried = false;
  let dealMs = 300;
  let flipMs = 320;
  /** Resolves the wait for the player's action: the action, or null when the round was aborted. */
  let waiter: ((action: BlackjackAction | null) => void) | null = null;
  let allowed = new Set<BlackjackAction>();

  // ---- the table ----
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
  let hands: HandView[] = [];

  function handView(index: number): HandView {
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
    handsBox.append(root);
    return { root, box, cards: [], total, stake, result };
  }

  function clearTable(): void {
    dealer.cards = [];
    dealer.box.replaceChildren();
    dealer.box.style.setProperty('--n', '1');
    dealer.total.textContent = '';
    dealer.root.classList.remove('bust', 'blackjack');
    handsBox.replaceChildren();
    hands = [handView(0)];
    table.dataset.hands = '1';
    delete table.dataset.state;
  }
  clearTable();

  // ---- controls: the actions ----
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
    button.addEventListener('click', () => choose(action));
    buttons.set(action, button);
    actionsBox.append(button);
  }
  ctx.controls.append(h('div', { class: 'bj-controls' }, actionsBox, hint));

  window.addEventListener('keydown', (event) => {
    if (!waiter || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable]')) return;
    const action = KEYS[event.key.toLowerCase()];
    if (action && allowed.has(action)) {
      event.preventDefault();
      choose(action);
    }
  });

  function choose(action: BlackjackAction): void {
    if (!waiter || !allowed.has(action)) return;
    const resolve = waiter;
    waiter = null;
    ctx.sound.play('chip');
    resolve(action);
  }

  /** Enables the actions allowed now (none: all disabled). */
  function offer(next: readonly BlackjackAction[] | null): void {
    allowed = new Set(next ?? []);
    for (const [action, button] of buttons) button.disabled = !allowed.has(action);
    actionsBox.classList.toggle('waiting', allowed.size > 0);
  }

  const waitForAction = () =>
    new Promise<BlackjackAction | null>((resolve) => {
      waiter = resolve;
    });

  // ---- cards ----
  const wait = (ms: number) => (hurried ? Promise.resolve() : sleep(ms));
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
  async function deal(row: RowView, card: number | null, token: number): Promise<boolean> {
    const view = cardView(card);
    row.cards.push(view);
    place(row, view, row.cards.length - 1);
    row.box.append(view.el);
    if (!hurried) {
      const to = view.el.getBoundingClientRect();
      const from = shoe.getBoundingClientRect();
      view.el.style.setProperty('--dx', `${from.left + from.width / 2 - (to.left + to.width / 2)}px`);
      view.el.style.setProperty('--dy', `${from.top + from.height / 2 - (to.top + to.height / 2)}px`);
      view.el.classList.add('dealing');
    }
    ctx.sound.play('tick');
    paintTotals(false);
    await wait(dealMs);
    view.el.classList.remove('dealing');
    return token === seq;
  }

  /** Turns a face-down card over to `card`. */
  async function turnOver(view: CardView, card: number, token: number): Promise<boolean> {
    view.card = card;
    view.front.replaceChildren(cardSvg(card));
    view.el.setAttribute('aria-label', cardLabel(card));
    await frame();
    view.el.classList.remove('down');
    ctx.sound.play('tick');
    await wait(flipMs);
    return token === seq;
  }

  /** The split: the second card moves over to a new hand on the right. */
  async function split(token: number): Promise<boolean> {
    const first = hands[0]!;
    const moved = first.cards.pop()!;
    const before = moved.el.getBoundingClientRect();
    const second = handView(1);
    hands.push(second);
    table.dataset.hands = '2';
    second.cards.push(moved);
    place(second, moved, 0);
    place(first, first.cards[0]!, 0);
    second.box.append(moved.el);
    if (!hurried) {
      const after = moved.el.getBoundingClientRect();
      moved.el.style.setProperty('--dx', `${before.left - after.left}px`);
      moved.el.style.setProperty('--dy', `${before.top - after.top}px`);
      moved.el.classList.add('moving');
    }
    paintTotals(false);
    await wait(dealMs);
    moved.el.classList.remove('moving');
    return token === seq;
  }

  const shown = (row: RowView): number[] => row.cards.flatMap((c) => (c.card === null ? [] : [c.card]));

  function paintTotals(settled: boolean): void {
    dealer.total.textContent = totalText(shown(dealer), settled);
    for (const hand of hands) hand.total.textContent = totalText(shown(hand), settled);
  }

  /** Totals, stakes, the active hand and, once settled, each hand's result. */
  function paint(outcome: BlackjackOutcome): void {
    const settled = outcome.active === null;
    paintTotals(settled);
    const dealerCards = shown(dealer);
    const dealerNatural = settled && dealerCards.length === 2 && handTotal(dealerCards).total === 21;
    dealer.root.classList.toggle('blackjack', dealerNatural);
    dealer.root.classList.toggle('bust', settled && handTotal(dealerCards).total > 21);
    if (dealerNatural) dealer.total.textContent = t('blackjack.blackjack');
    outcome.hands.forEach((hand, i) => {
      const view = hands[i];
      if (!view) return;
      view.root.classList.toggle('active', outcome.active === i);
      view.root.classList.toggle('done', outcome.active !== null && i < outcome.active);
      view.root.classList.toggle('doubled', hand.doubled);
      view.stake.textContent = `${ctx.money(hand.stake)}${hand.doubled ? ' ×2' : ''}`;
      const result = hand.result;
      view.root.dataset.result = result ?? '';
      view.result.textContent = result ? `${RESULT_WORDS[result]}${hand.win ? ` · ${ctx.money(hand.win)}` : ''}` : '';
    });
    table.dataset.state = settled ? 'settled' : 'open';
  }

  /**
   * Brings the table to `outcome`, dealing what it does not show yet in the order the cards were
   * dealt: the opening four (the hole card face down), the split, each hand's cards, then the hole
   * card turned over and the dealer's draws. False when a newer round took over.
   */
  async function sync(outcome: BlackjackOutcome, token: number): Promise<boolean> {
    if (dealer.cards.length === 0) {
      const first = outcome.hands[0]!.cards;
      // After a split (a resumed round) the opening second card is hand 2's first.
      const second = outcome.hands.length > 1 ? outcome.hands[1]!.cards[0]! : first[1]!;
      if (!(await deal(hands[0]!, first[0]!, token))) return false;
      if (!(await deal(dealer, outcome.dealer[0]!, token))) return false;
      if (!(await deal(hands[0]!, second, token))) return false;
      if (!(await deal(dealer, null, token))) return false;
    }
    if (outcome.hands.length > hands.length && !(await split(token))) return false;
    for (const [i, hand] of outcome.hands.entries()) {
      const view = hands[i]!;
      for (let k = view.cards.length; k < hand.cards.length; k++) {
        if (!(await deal(view, hand.cards[k]!, token))) return false;
      }
    }
    if (outcome.active === null) {
      const hole = dealer.cards[1];
      if (hole && hole.card === null && !(await turnOver(hole, outcome.dealer[1]!, token))) return false;
      for (let k = dealer.cards.length; k < outcome.dealer.length; k++) {
        if (!(await deal(dealer, outcome.dealer[k]!, token))) return false;
      }
    }
    paint(outcome);
    return true;
  }

  function speed(quick: boolean): void {
    dealMs = quick ? 120 : 300;
    flipMs = quick ? 140 : 320;
    table.style.setProperty('--bj-deal-ms', `${dealMs}ms`);
    table.style.setProperty('--card-flip-ms', `${flipMs}ms`);
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

  const stakes = stakeLadder(10, MAX_STAKE, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]);

  return {
    playLabel: t('blackjack.deal'),
    stakeLabel: t('shell.stake'),
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1400,
    bet: (stake) => ({ bet: { stake }, stake }),
    start(quick) {
      seq++;
      hurried = false;
      speed(quick);
      offer(null);
      clearTable();
      hint.textContent = '';
    },
    async land(raw, win, timing, round?: RoundResponse) {
      const token = ++seq;
      hurried = false;
      speed(timing.quick);
      offer(null);
      clearTable();
      let outcome = raw as BlackjackOutcome;
      let next = (round?.next ?? null) as BlackjackAction[] | null;
      if (!(await sync(outcome, token))) return;

      while (next !== null && next.length > 0) {
        offer(next);
        hint.textContent = t('blackjack.yourMove', {
          moves: next.map((a) => BUTTONS.find((b) => b.action === a)!.label).join(', '),
        });
        ctx.announce(`${describe(outcome)} ${hint.textContent}`);
        const action = await waitForAction();
        if (token !== seq || action === null) return;
        offer(null);
        const answer = await ctx.act(action);
        if (token !== seq) return;
        // Refused: the shell says why; the same choice is offered again.
        if (!answer) continue;
        outcome = answer.outcome as BlackjackOutcome;
        next = (answer.next ?? null) as BlackjackAction[] | null;
        win = answer.win_cents;
        hurried = false;
        if (!(await sync(outcome, token))) return;
      }

      offer(null);
      const results = outcome.hands.map((hand, i) => {
        const words = hand.result ? RESULT_WORDS[hand.result] : '';
        return outcome.hands.length > 1 ? `${t('blackjack.hand', { n: i + 1 })}: ${words}` : words;
      });
      if (dealer.root.classList.contains('blackjack')) results.unshift(t('blackjack.dealerBlackjack'));
      hint.textContent = win > 0 ? `${results.join(' · ')} · ${ctx.money(win)}` : results.join(' · ');
      ctx.announce(`${t('blackjack.dealerTotal', { total: dealer.total.textContent ?? '' })} ${results.join('. ')}.`);
    },
    hurry() {
      // Only the dealing hurries: a choice still waits for the player.
      if (!waiter) hurried = true;
    },
    abort() {
      seq++;
      waiter?.(null);
      waiter = null;
      offer(null);
      clearTable();
      hint.textContent = IDLE_HINT;
    },
  };
}

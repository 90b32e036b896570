/**
 * Orbit Video Poker: the paytable on top (the amounts for the stake; the dealt hand's row marked, the
 * won row lit), five SVG cards that flip in on the deal, and a Draw button below the stage. While
 * the round is open the player taps the cards (or presses 1–5) to hold them and draws: the cards
 * not held flip over to their replacements and the final hand is named.
 *
 * The cards are the studio's playing cards (`./playing-cards`), each face and the back on the two
 * sides of a flipping card.
 */
import { HANDS, MAX_STAKE, summary, type VideoPokerOutcome } from '../../../src/games/orbit-video-poker/math';
import type { RoundResponse } from '../../../src/protocol';
import { h, sleep } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext, type Timing } from '../renderer';
import { cardSvg, turningCard } from './playing-cards';
import './orbit-video-poker.css';
import { t } from '../i18n';
import { cardLabel } from '../i18n/names';

/** The round-history line: "Two pair, held 4". */
export { summary };

// The renderer is loaded after the page's locale: its texts are in that locale.
const HOLD_HINT = t('poker.holdHint');
/** A hand's name in the page's locale ("No win" for none). */
const handLabel = (hand: string | null): string => (hand ? t(`poker.hands.${hand}`) : t('poker.noWin'));

// ---- the renderer ----

type Slot = { el: HTMLElement; button: HTMLButtonElement; face: HTMLElement; card: number | null };

type PaytableRowView = { hand: (typeof HANDS)[number]; li: HTMLElement; amount: HTMLElement };

/** The machine on screen and the round it follows. */
type Machine = {
  ctx: ShellContext;
  /** Bumped by every new round and abort: an animation of an older one stops. */
  seq: number;
  hurried: boolean;
  flipMs: number;
  /** Holds can be toggled (the round is open and waits for Draw). */
  holding: boolean;
  held: boolean[];
  /** Resolves the wait for Draw: the cards held, or null when the round was aborted. */
  drawWaiter: ((hold: boolean[] | null) => void) | null;
  /** The stake of the round on the table (the paytable's amounts); the selector's between rounds. */
  roundStake: number | null;
  rows: PaytableRowView[];
  slots: Slot[];
  result: HTMLElement;
  draw: HTMLButtonElement;
  hint: HTMLElement;
};

/** The stage: the paytable, the five cards, the result line. */
function machineView(ctx: ShellContext) {
  const rows = HANDS.map((hand) => {
    const amount = h('span', { class: 'vp-pt-amount' });
    const li = h(
      'li',
      { 'data-hand': hand.name },
      h('span', { class: 'vp-pt-name' }, handLabel(hand.name)),
      h('span', { class: 'vp-pt-pays' }, `${hand.pays}×`),
      amount,
    );
    return { hand, li, amount };
  });
  const paytable = h(
    'ol',
    { class: 'vp-paytable', 'aria-label': t('poker.paytable'), 'data-testid': 'vp-paytable' },
    ...rows.map((r) => r.li),
  );

  const slots: Slot[] = [0, 1, 2, 3, 4].map((i) => {
    const face = h('span', { class: 'vp-front' });
    const button = h(
      'button',
      {
        type: 'button',
        class: 'vp-card down',
        'data-index': i,
        'aria-pressed': 'false',
        'aria-label': t('poker.card', { n: i + 1 }),
        disabled: true,
      },
      turningCard(face),
    );
    const el = h(
      'div',
      { class: 'vp-slot', 'data-testid': `vp-card-${i + 1}` },
      button,
      h('span', { class: 'vp-held', 'aria-hidden': 'true' }, t('poker.held')),
    );
    return { el, button, face, card: null };
  });
  const result = h('div', { class: 'vp-result', 'data-testid': 'vp-result', 'aria-live': 'polite' });
  ctx.stage.append(
    h(
      'div',
      { class: 'vp' },
      paytable,
      h(
        'div',
        { class: 'vp-hand' },
        h(
          'div',
          { class: 'vp-cards', role: 'group', 'aria-label': t('blackjack.yourHand') },
          ...slots.map((s) => s.el),
        ),
      ),
      result,
    ),
  );
  return { rows, slots, result };
}

/** The controls: Draw and its hint. */
function drawControls(ctx: ShellContext) {
  const draw = h(
    'button',
    { type: 'button', class: 'vp-draw', 'data-testid': 'vp-draw', disabled: true },
    t('poker.draw'),
  );
  const hint = h('span', { class: 'vp-hint' }, t('poker.idle'));
  ctx.controls.append(h('div', { class: 'vp-controls' }, draw, hint));
  return { draw, hint };
}

/** The cards' taps and the keys 1–5 toggle holds; Draw sends the holds. */
function wireMachine(vp: Machine): void {
  for (const [i, slot] of vp.slots.entries()) slot.button.addEventListener('click', () => toggle(vp, i));
  vp.draw.addEventListener('click', () => {
    if (!vp.holding || !vp.drawWaiter) return;
    const resolve = vp.drawWaiter;
    vp.drawWaiter = null;
    resolve([...vp.held]);
  });
  window.addEventListener('keydown', (event) => {
    if (!vp.holding || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable]')) return;
    const n = Number(event.key);
    if (Number.isInteger(n) && n >= 1 && n <= 5) {
      event.preventDefault();
      toggle(vp, n - 1);
    }
  });
}

function paintPaytable(vp: Machine): void {
  const stake = vp.roundStake ?? vp.ctx.stake();
  for (const r of vp.rows) r.amount.textContent = vp.ctx.money(stake * r.hand.pays);
}

function markRow(vp: Machine, hand: string | null, kind: 'dealt' | 'won' | null): void {
  for (const r of vp.rows) {
    r.li.classList.toggle('dealt', kind === 'dealt' && r.hand.name === hand);
    r.li.classList.toggle('won', kind === 'won' && r.hand.name === hand);
  }
}

function paintSlot(vp: Machine, i: number): void {
  const slot = vp.slots[i]!;
  const held = vp.held;
  slot.el.classList.toggle('held', held[i]!);
  slot.button.setAttribute('aria-pressed', String(held[i]));
  const name = slot.card === null ? t('poker.card', { n: i + 1 }) : cardLabel(slot.card);
  slot.button.setAttribute('aria-label', held[i] ? t('poker.cardHeld', { name }) : name);
}

function toggle(vp: Machine, i: number): void {
  if (!vp.holding) return;
  vp.held[i] = !vp.held[i];
  vp.ctx.sound.play('tick');
  paintSlot(vp, i);
}

function setHolding(vp: Machine, on: boolean): void {
  vp.holding = on;
  vp.draw.disabled = !on;
  for (const slot of vp.slots) slot.button.disabled = !on;
  vp.hint.textContent = on ? HOLD_HINT : '';
}

const wait = (vp: Machine, ms: number) => (vp.hurried ? Promise.resolve() : sleep(ms));

/** Turns card `i` face down (when it is up), puts `card` on its face and turns it up. */
async function flipTo(vp: Machine, i: number, card: number, token: number): Promise<boolean> {
  const slot = vp.slots[i]!;
  if (!slot.button.classList.contains('down')) {
    slot.button.classList.add('down');
    await wait(vp, vp.flipMs);
    if (token !== vp.seq) return false;
  }
  slot.card = card;
  slot.face.replaceChildren(cardSvg(card));
  paintSlot(vp, i);
  // A frame for the face to be laid out before it turns (so the turn animates).
  await new Promise((r) => requestAnimationFrame(r));
  slot.button.classList.remove('down');
  vp.ctx.sound.play('tick');
  return token === vp.seq;
}

/** Turns every card face down at once (a new deal). */
function coverAll(vp: Machine): void {
  for (const [i, slot] of vp.slots.entries()) {
    vp.held[i] = false;
    slot.button.classList.add('down');
    slot.el.classList.remove('held', 'replaced');
    paintSlot(vp, i);
  }
}

function waitForDraw(vp: Machine): Promise<boolean[] | null> {
  return new Promise((resolve) => {
    vp.drawWaiter = resolve;
  });
}

/** The flips' pace: quick or not, on the cards' CSS too. */
function pace(vp: Machine, quick: boolean): void {
  vp.flipMs = quick ? 90 : 260;
  vp.ctx.stage.style.setProperty('--card-flip-ms', `${vp.flipMs}ms`);
}

/** The dealt hand turned up card by card (unless it shows already). False when a newer round took over. */
async function showDeal(vp: Machine, outcome: VideoPokerOutcome, timing: Timing, token: number): Promise<boolean> {
  const dealtUp = vp.slots.every((s, i) => s.card === outcome.dealt[i] && !s.button.classList.contains('down'));
  if (dealtUp) return true;
  coverAll(vp);
  const each = Math.max(timing.quick ? 30 : 90, Math.min(200, timing.ms / 5 - vp.flipMs / 5));
  for (const [i, card] of outcome.dealt.entries()) {
    if (!(await flipTo(vp, i, card, token))) return false;
    await wait(vp, each);
    if (token !== vp.seq) return false;
  }
  await wait(vp, vp.flipMs);
  return token === vp.seq;
}

/** The round is open: the player holds and draws (a refused draw leaves it as it is). Null when a newer round took over. */
async function holdAndDraw(
  vp: Machine,
  outcome: VideoPokerOutcome,
  win: number,
  token: number,
): Promise<{ outcome: VideoPokerOutcome; win: number } | null> {
  const { ctx, result } = vp;
  while (outcome.final === null) {
    markRow(vp, outcome.hand, 'dealt');
    result.classList.remove('won');
    result.textContent = outcome.hand ? t('poker.dealt', { hand: handLabel(outcome.hand) }) : '';
    ctx.announce(
      `${t('poker.dealtCards', { cards: outcome.dealt.map(cardLabel).join(', ') })}${outcome.hand ? `: ${handLabel(outcome.hand)}` : ''}. ${HOLD_HINT}`,
    );
    setHolding(vp, true);
    vp.draw.focus({ preventScroll: true });
    const hold = await waitForDraw(vp);
    if (token !== vp.seq || hold === null) return null;
    setHolding(vp, false);
    vp.hurried = false;
    const answer = await ctx.act({ hold });
    if (token !== vp.seq) return null;
    if (answer) {
      outcome = answer.outcome as VideoPokerOutcome;
      win = answer.win_cents;
    }
  }
  return { outcome, win };
}

/** Settled: the cards not held turn over to their replacements, left to right; the final hand named. */
async function showFinal(vp: Machine, outcome: VideoPokerOutcome, win: number, token: number): Promise<void> {
  const { ctx, result, slots } = vp;
  setHolding(vp, false);
  const final = outcome.final!;
  outcome.held?.forEach((on, i) => {
    vp.held[i] = on;
    paintSlot(vp, i);
  });
  for (const [i, card] of final.entries()) {
    if (slots[i]!.card === card && !slots[i]!.button.classList.contains('down')) continue;
    slots[i]!.el.classList.add('replaced');
    if (!(await flipTo(vp, i, card, token))) return;
    await wait(vp, Math.min(120, vp.flipMs / 2));
    if (token !== vp.seq) return;
  }
  await wait(vp, vp.flipMs);
  if (token !== vp.seq) return;
  markRow(vp, outcome.hand, outcome.hand ? 'won' : null);
  result.textContent = outcome.hand ? `${handLabel(outcome.hand)} · ${ctx.money(win)}` : t('poker.noWin');
  result.classList.toggle('won', win > 0);
  ctx.announce(t('poker.finalHand', { cards: final.map(cardLabel).join(', '), hand: handLabel(outcome.hand) }));
  vp.roundStake = null;
  vp.hint.textContent = '';
}

export function create(ctx: ShellContext): GameRenderer {
  const vp: Machine = {
    ctx,
    seq: 0,
    hurried: false,
    flipMs: 260,
    holding: false,
    held: [false, false, false, false, false],
    drawWaiter: null,
    roundStake: null,
    ...machineView(ctx),
    ...drawControls(ctx),
  };
  wireMachine(vp);
  paintPaytable(vp);

  const stakes = stakeLadder(10, MAX_STAKE, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]);

  return {
    playLabel: t('blackjack.deal'),
    stakeLabel: t('shell.stake'),
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 900,
    bet: (stake) => ({ bet: { stake }, stake }),
    stakeChanged() {
      if (vp.roundStake === null) paintPaytable(vp);
    },
    start(quick) {
      vp.seq++;
      vp.hurried = false;
      pace(vp, quick);
      vp.roundStake = ctx.stake();
      paintPaytable(vp);
      markRow(vp, null, null);
      vp.result.textContent = '';
      vp.result.classList.remove('won');
      coverAll(vp);
    },
    async land(raw, win, timing, round?: RoundResponse) {
      const token = ++vp.seq;
      vp.hurried = false;
      pace(vp, timing.quick);
      vp.roundStake = round?.stake_cents ?? vp.roundStake ?? ctx.stake();
      paintPaytable(vp);
      if (!(await showDeal(vp, raw as VideoPokerOutcome, timing, token))) return;
      const settled = await holdAndDraw(vp, raw as VideoPokerOutcome, win, token);
      if (settled) await showFinal(vp, settled.outcome, settled.win, token);
    },
    hurry() {
      // A tap on the stage while holding is a card toggle, not a wish to hurry the draw to come.
      if (!vp.holding) vp.hurried = true;
    },
    abort() {
      vp.seq++;
      setHolding(vp, false);
      vp.drawWaiter?.(null);
      vp.drawWaiter = null;
      vp.roundStake = null;
      paintPaytable(vp);
      markRow(vp, null, null);
      coverAll(vp);
      vp.result.textContent = '';
    },
  };
}

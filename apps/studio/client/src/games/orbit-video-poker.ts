/**
 * Orbit Video Poker: the paytable on top (the amounts for the stake; the dealt hand's row marked, the
 * won row lit), five SVG cards that flip in on the deal, and a Draw button below the stage. While
 * the round is open the player taps the cards (or presses 1–5) to hold them and draws: the cards
 * not held flip over to their replacements and the final hand is named.
 *
 * The cards are drawn here (corner indices, pips, framed court cards, an orbit back): no shared
 * card-art module existed when this game was built.
 */
import {
  cardName,
  handLabel,
  HANDS,
  MAX_STAKE,
  rankOf,
  RANKS,
  summary,
  suitOf,
  type Suit,
  type VideoPokerOutcome,
} from '../../../src/games/orbit-video-poker/math';
import type { RoundResponse } from '../../../src/protocol';
import { h, sleep, svg } from '../dom';
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
import './orbit-video-poker.css';

/** The round-history line: "Two pair, held 4". */
export { summary };

const HOLD_HINT = 'Tap the cards to hold (or keys 1–5), then Draw.';

// ---- the cards ----

/** The suits as paths in a 100 × 100 box. */
const SUIT_PATHS: Record<Suit, string> = {
  hearts: 'M50 90C22 66 5 49 5 29 5 15 16 5 29 5c9 0 17 5 21 13 4-8 12-13 21-13 13 0 24 10 24 24 0 20-17 37-45 61z',
  diamonds: 'M50 3 86 50 50 97 14 50z',
  spades:
    'M50 4c13 20 45 35 45 58 0 14-11 22-22 22-8 0-15-4-19-10 1 11 5 18 12 24H34c7-6 11-13 12-24-4 6-11 10-19 10C16 84 5 76 5 62 5 39 37 24 50 4z',
  clubs:
    'M50 6a20 20 0 0 1 16 32 20 20 0 1 1-12 34c1 10 5 17 12 23H34c7-6 11-13 12-23a20 20 0 1 1-12-34A20 20 0 0 1 50 6z',
};
const RED: ReadonlySet<Suit> = new Set(['hearts', 'diamonds']);

/** A suit symbol of `size` centred on (x, y), upside down when `flip`. */
function pip(suit: Suit, x: number, y: number, size: number, flip = false): SVGGElement {
  const s = size / 100;
  const rotate = flip ? ` rotate(180 ${x} ${y})` : '';
  return svg(
    'g',
    { transform: `${rotate} translate(${x - size / 2} ${y - size / 2}) scale(${s})`.trim() },
    svg('path', { d: SUIT_PATHS[suit] }),
  );
}

const L = 30;
const C = 50;
const R = 70;
/** Pip centres of the number cards (2 … 10) on a 100 × 140 card. */
const PIPS: Record<number, [number, number][]> = {
  2: [
    [C, 30],
    [C, 110],
  ],
  3: [
    [C, 30],
    [C, 70],
    [C, 110],
  ],
  4: [
    [L, 30],
    [R, 30],
    [L, 110],
    [R, 110],
  ],
  5: [
    [L, 30],
    [R, 30],
    [C, 70],
    [L, 110],
    [R, 110],
  ],
  6: [
    [L, 30],
    [R, 30],
    [L, 70],
    [R, 70],
    [L, 110],
    [R, 110],
  ],
  7: [
    [L, 30],
    [R, 30],
    [C, 50],
    [L, 70],
    [R, 70],
    [L, 110],
    [R, 110],
  ],
  8: [
    [L, 30],
    [R, 30],
    [C, 50],
    [L, 70],
    [R, 70],
    [C, 90],
    [L, 110],
    [R, 110],
  ],
  9: [
    [L, 30],
    [R, 30],
    [L, 56.7],
    [R, 56.7],
    [C, 70],
    [L, 83.3],
    [R, 83.3],
    [L, 110],
    [R, 110],
  ],
  10: [
    [L, 30],
    [R, 30],
    [C, 43],
    [L, 56.7],
    [R, 56.7],
    [L, 83.3],
    [R, 83.3],
    [C, 97],
    [L, 110],
    [R, 110],
  ],
};

function text(x: number, y: number, content: string, attrs: Record<string, string | number> = {}): SVGTextElement {
  const t = svg('text', { x, y, 'text-anchor': 'middle', ...attrs });
  t.textContent = content;
  return t;
}

/** The face of a card: corner indices, then the pips, the ace's one large pip or a framed court letter. */
function cardFace(card: number): SVGSVGElement {
  const suit = suitOf(card);
  const rank = rankOf(card);
  const label = RANKS[rank]!;
  const root = svg('svg', {
    viewBox: '0 0 100 140',
    class: `vp-face ${RED.has(suit) ? 'red' : 'black'}`,
    'aria-hidden': 'true',
  });
  const corner = () =>
    svg(
      'g',
      {},
      text(12, 22, label, { 'font-size': label === '10' ? 17 : 20, 'font-weight': 800, 'letter-spacing': -1.5 }),
      pip(suit, 12, 33, 12),
    );
  root.append(
    svg('rect', { class: 'vp-paper', x: 1, y: 1, width: 98, height: 138, rx: 8 }),
    corner(),
    svg('g', { transform: 'rotate(180 50 70)' }, corner()),
  );
  if (rank === 0) root.append(pip(suit, 50, 70, 46));
  else if (rank >= 10) {
    root.append(
      svg('rect', { class: 'vp-court', x: 24, y: 22, width: 52, height: 96, rx: 4 }),
      text(50, 78, label, { 'font-size': 44, 'font-weight': 900, class: 'vp-court-letter' }),
      pip(suit, 50, 100, 16),
      pip(suit, 50, 40, 12),
    );
  } else for (const [x, y] of PIPS[rank + 1]!) root.append(pip(suit, x, y, 18, y > 70));
  return root;
}

/** The back: deep blue with a planet in its orbits. */
function cardBack(): SVGSVGElement {
  return svg(
    'svg',
    { viewBox: '0 0 100 140', class: 'vp-back', 'aria-hidden': 'true' },
    svg('rect', { x: 1, y: 1, width: 98, height: 138, rx: 8, class: 'vp-back-paper' }),
    svg('rect', { x: 7, y: 7, width: 86, height: 126, rx: 5, class: 'vp-back-frame' }),
    svg('ellipse', { cx: 50, cy: 70, rx: 36, ry: 14, class: 'vp-back-orbit', transform: 'rotate(-30 50 70)' }),
    svg('ellipse', { cx: 50, cy: 70, rx: 36, ry: 14, class: 'vp-back-orbit', transform: 'rotate(30 50 70)' }),
    svg('circle', { cx: 50, cy: 70, r: 11, class: 'vp-back-planet' }),
  );
}

// ---- the renderer ----

type Slot = { el: HTMLElement; button: HTMLButtonElement; face: HTMLElement; card: number | null };

export function create(ctx: ShellContext): GameRenderer {
  /** Bumped by every new round and abort: an animation of an older one stops. */
  let seq = 0;
  let hurried = false;
  let flipMs = 260;
  /** Holds can be toggled (the round is open and waits for Draw). */
  let holding = false;
  const held = [false, false, false, false, false];
  /** Resolves the wait for Draw: the cards held, or null when the round was aborted. */
  let drawWaiter: ((hold: boolean[] | null) => void) | null = null;
  /** The stake of the round on the table (the paytable's amounts); the selector's between rounds. */
  let roundStake: number | null = null;

  // ---- stage: paytable, cards, result ----
  const rows = HANDS.map((hand) => {
    const amount = h('span', { class: 'vp-pt-amount' });
    const li = h(
      'li',
      { 'data-hand': hand.name },
      h('span', { class: 'vp-pt-name' }, hand.label),
      h('span', { class: 'vp-pt-pays' }, `${hand.pays}×`),
      amount,
    );
    return { hand, li, amount };
  });
  const paytable = h(
    'ol',
    { class: 'vp-paytable', 'aria-label': 'Paytable', 'data-testid': 'vp-paytable' },
    ...rows.map((r) => r.li),
  );

  const slots: Slot[] = [0, 1, 2, 3, 4].map((i) => {
    const face = h('span', { class: 'vp-side vp-front' });
    const button = h(
      'button',
      {
        type: 'button',
        class: 'vp-card down',
        'data-index': i,
        'aria-pressed': 'false',
        'aria-label': `Card ${i + 1}`,
        disabled: true,
      },
      h('span', { class: 'vp-flip' }, face, h('span', { class: 'vp-side vp-rear' }, cardBack())),
    );
    button.addEventListener('click', () => toggle(i));
    const el = h(
      'div',
      { class: 'vp-slot', 'data-testid': `vp-card-${i + 1}` },
      button,
      h('span', { class: 'vp-held', 'aria-hidden': 'true' }, 'Held'),
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
        h('div', { class: 'vp-cards', role: 'group', 'aria-label': 'Your hand' }, ...slots.map((s) => s.el)),
      ),
      result,
    ),
  );

  // ---- controls: Draw ----
  const draw = h('button', { type: 'button', class: 'vp-draw', 'data-testid': 'vp-draw', disabled: true }, 'Draw');
  const hint = h('span', { class: 'vp-hint' }, 'Deal five cards, hold the ones you want, draw once.');
  ctx.controls.append(h('div', { class: 'vp-controls' }, draw, hint));
  draw.addEventListener('click', () => {
    if (!holding || !drawWaiter) return;
    const resolve = drawWaiter;
    drawWaiter = null;
    resolve([...held]);
  });

  window.addEventListener('keydown', (event) => {
    if (!holding || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable]')) return;
    const n = Number(event.key);
    if (Number.isInteger(n) && n >= 1 && n <= 5) {
      event.preventDefault();
      toggle(n - 1);
    }
  });

  function paintPaytable(): void {
    const stake = roundStake ?? ctx.stake();
    for (const r of rows) r.amount.textContent = ctx.money(stake * r.hand.pays);
  }

  function markRow(hand: string | null, kind: 'dealt' | 'won' | null): void {
    for (const r of rows) {
      r.li.classList.toggle('dealt', kind === 'dealt' && r.hand.name === hand);
      r.li.classList.toggle('won', kind === 'won' && r.hand.name === hand);
    }
  }

  function paintSlot(i: number): void {
    const slot = slots[i]!;
    slot.el.classList.toggle('held', held[i]!);
    slot.button.setAttribute('aria-pressed', String(held[i]));
    const name = slot.card === null ? `Card ${i + 1}` : cardName(slot.card);
    slot.button.setAttribute('aria-label', `${name}${held[i] ? ', held' : ''}`);
  }

  function toggle(i: number): void {
    if (!holding) return;
    held[i] = !held[i];
    ctx.sound.play('tick');
    paintSlot(i);
  }

  function setHolding(on: boolean): void {
    holding = on;
    draw.disabled = !on;
    for (const slot of slots) slot.button.disabled = !on;
    hint.textContent = on ? HOLD_HINT : '';
  }

  const wait = (ms: number) => (hurried ? Promise.resolve() : sleep(ms));

  /** Turns card `i` face down (when it is up), puts `card` on its face and turns it up. */
  async function flipTo(i: number, card: number, token: number): Promise<boolean> {
    const slot = slots[i]!;
    if (!slot.button.classList.contains('down')) {
      slot.button.classList.add('down');
      await wait(flipMs);
      if (token !== seq) return false;
    }
    slot.card = card;
    slot.face.replaceChildren(cardFace(card));
    paintSlot(i);
    // A frame for the face to be laid out before it turns (so the turn animates).
    await new Promise((r) => requestAnimationFrame(r));
    slot.button.classList.remove('down');
    ctx.sound.play('tick');
    return token === seq;
  }

  /** Turns every card face down at once (a new deal). */
  function coverAll(): void {
    for (const [i, slot] of slots.entries()) {
      held[i] = false;
      slot.button.classList.add('down');
      slot.el.classList.remove('held', 'replaced');
      paintSlot(i);
    }
  }

  function waitForDraw(): Promise<boolean[] | null> {
    return new Promise((resolve) => {
      drawWaiter = resolve;
    });
  }

  paintPaytable();

  const stakes = stakeLadder(10, MAX_STAKE, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]);

  return {
    playLabel: 'Deal',
    stakeLabel: 'Stake',
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 900,
    bet: (stake) => ({ bet: { stake }, stake }),
    stakeChanged() {
      if (roundStake === null) paintPaytable();
    },
    start(quick) {
      seq++;
      hurried = false;
      flipMs = quick ? 90 : 260;
      ctx.stage.style.setProperty('--vp-flip-ms', `${flipMs}ms`);
      roundStake = ctx.stake();
      paintPaytable();
      markRow(null, null);
      result.textContent = '';
      result.classList.remove('won');
      coverAll();
    },
    async land(raw, win, timing, round?: RoundResponse) {
      const token = ++seq;
      hurried = false;
      flipMs = timing.quick ? 90 : 260;
      ctx.stage.style.setProperty('--vp-flip-ms', `${flipMs}ms`);
      let outcome = raw as VideoPokerOutcome;
      roundStake = round?.stake_cents ?? roundStake ?? ctx.stake();
      paintPaytable();
      const dealtUp = slots.every((s, i) => s.card === outcome.dealt[i] && !s.button.classList.contains('down'));
      if (!dealtUp) {
        coverAll();
        const each = Math.max(timing.quick ? 30 : 90, Math.min(200, timing.ms / 5 - flipMs / 5));
        for (const [i, card] of outcome.dealt.entries()) {
          if (!(await flipTo(i, card, token))) return;
          await wait(each);
          if (token !== seq) return;
        }
        await wait(flipMs);
        if (token !== seq) return;
      }

      // The round is open: the player holds and draws (a refused draw leaves it as it is).
      while (outcome.final === null) {
        markRow(outcome.hand, 'dealt');
        result.classList.remove('won');
        result.textContent = outcome.hand ? `${handLabel(outcome.hand)} dealt` : '';
        ctx.announce(
          `Dealt ${outcome.dealt.map(cardName).join(', ')}${outcome.hand ? `: ${handLabel(outcome.hand)}` : ''}. ${HOLD_HINT}`,
        );
        setHolding(true);
        draw.focus({ preventScroll: true });
        const hold = await waitForDraw();
        if (token !== seq || hold === null) return;
        setHolding(false);
        hurried = false;
        const answer = await ctx.act({ hold });
        if (token !== seq) return;
        if (answer) {
          outcome = answer.outcome as VideoPokerOutcome;
          win = answer.win_cents;
        }
      }

      // Settled: the cards not held turn over to their replacements, left to right.
      setHolding(false);
      const final = outcome.final;
      outcome.held?.forEach((on, i) => {
        held[i] = on;
        paintSlot(i);
      });
      for (const [i, card] of final.entries()) {
        if (slots[i]!.card === card && !slots[i]!.button.classList.contains('down')) continue;
        slots[i]!.el.classList.add('replaced');
        if (!(await flipTo(i, card, token))) return;
        await wait(Math.min(120, flipMs / 2));
        if (token !== seq) return;
      }
      await wait(flipMs);
      if (token !== seq) return;
      markRow(outcome.hand, outcome.hand ? 'won' : null);
      result.textContent = outcome.hand ? `${handLabel(outcome.hand)} · ${ctx.money(win)}` : 'No win';
      result.classList.toggle('won', win > 0);
      ctx.announce(`Final hand ${final.map(cardName).join(', ')}: ${handLabel(outcome.hand)}.`);
      roundStake = null;
      hint.textContent = '';
    },
    hurry() {
      // A tap on the stage while holding is a card toggle, not a wish to hurry the draw to come.
      if (!holding) hurried = true;
    },
    abort() {
      seq++;
      setHolding(false);
      drawWaiter?.(null);
      drawWaiter = null;
      roundStake = null;
      paintPaytable();
      markRow(null, null);
      coverAll();
      result.textContent = '';
    },
  };
}

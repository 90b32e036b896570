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
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';
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
    button.addEventListener('click', () => toggle(i));
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

  // ---- controls: Draw ----
  const draw = h(
    'button',
    { type: 'button', class: 'vp-draw', 'data-testid': 'vp-draw', disabled: true },
    t('poker.draw'),
  );
  const hint = h('span', { class: 'vp-hint' }, t('poker.idle'));
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
    const name = slot.card === null ? t('poker.card', { n: i + 1 }) : cardLabel(slot.card);
    slot.button.setAttribute('aria-label', held[i] ? t('poker.cardHeld', { name }) : name);
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
    slot.face.replaceChildren(cardSvg(card));
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
    playLabel: t('blackjack.deal'),
    stakeLabel: t('shell.stake'),
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
      ctx.stage.style.setProperty('--card-flip-ms', `${flipMs}ms`);
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
      ctx.stage.style.setProperty('--card-flip-ms', `${flipMs}ms`);
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
        result.textContent = outcome.hand ? t('poker.dealt', { hand: handLabel(outcome.hand) }) : '';
        ctx.announce(
          `${t('poker.dealtCards', { cards: outcome.dealt.map(cardLabel).join(', ') })}${outcome.hand ? `: ${handLabel(outcome.hand)}` : ''}. ${HOLD_HINT}`,
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
      result.textContent = outcome.hand ? `${handLabel(outcome.hand)} · ${ctx.money(win)}` : t('poker.noWin');
      result.classList.toggle('won', win > 0);
      ctx.announce(t('poker.finalHand', { cards: final.map(cardLabel).join(', '), hand: handLabel(outcome.hand) }));
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

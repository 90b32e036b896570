/**
 * Orbit Dice: a target (number and slider, 0.00–99.99) and a roll-over / roll-under toggle with
 * the win chance, the multiplier and the pay shown live (computed by the game's own functions);
 * the roll is a rolling number that settles on the drawn value, and a marker on the track.
 */
import {
  diceWin,
  MAX_STAKE,
  MAX_WINNING_ROLLS,
  MIN_WINNING_ROLLS,
  RETURN_BP,
  ROLLS,
  winningRolls,
  type DiceDirection,
  type DiceOutcome,
} from '../../../src/games/orbit-dice/math';
import { animate, h } from '../dom';
import { formatAmount } from '../money';
import { nearest, stakeLadder, type GameRenderer, type ShellContext } from '../renderer';

const show = (hundredths: number) => formatAmount(hundredths); // 4217 → "42.17"

export function create(ctx: ShellContext): GameRenderer {
  let target = 5000;
  let direction: DiceDirection = 'under';
  let rolling = false;

  // ---- stage ----
  const rollOut = h('div', { class: 'dice-roll', 'data-testid': 'roll', 'aria-live': 'polite', 'aria-label': 'Roll' }, '50.00');
  const winZone = h('div', { class: 'win-zone' });
  const targetLabel = h('span', {});
  const targetMarker = h('div', { class: 'marker', 'aria-hidden': 'true' }, targetLabel);
  const ball = h('div', { class: 'ball', 'aria-hidden': 'true', hidden: true });
  const track = h('div', { class: 'dice-track', 'aria-hidden': 'true' }, winZone, targetMarker, ball);
  ctx.stage.append(h('div', { class: 'dice' }, rollOut, track));

  // ---- controls ----
  const targetInput = h('input', {
    type: 'number',
    id: 'dice-target',
    'data-testid': 'target',
    'aria-label': 'Target',
    min: '0',
    max: '99.99',
    step: '0.01',
    inputmode: 'decimal',
    value: show(target),
  });
  const slider = h('input', { type: 'range', min: '0', max: String(ROLLS - 1), step: '1', value: String(target), 'aria-label': 'Target slider' });
  const directionButton = h('button', { type: 'button', class: 'btn', 'data-testid': 'direction', 'data-value': direction, 'aria-label': 'Direction: roll under' }, 'Roll under');
  const chanceOut = h('output', { class: 'value', 'data-testid': 'chance' });
  const multiplierOut = h('output', { class: 'value', 'data-testid': 'multiplier' });
  const payoutOut = h('output', { class: 'value', 'data-testid': 'payout' });
  const fieldError = h('div', { class: 'field-error', role: 'alert' });
  ctx.controls.append(
    h(
      'div',
      { class: 'dice-controls' },
      h('div', { class: 'field' }, h('label', { class: 'label', for: 'dice-target' }, 'Target'), targetInput),
      h('div', { class: 'field' }, h('span', { class: 'label' }, 'Win when the roll is'), directionButton),
      slider,
      h('div', { class: 'stat-box' }, h('span', { class: 'label' }, 'Win chance'), chanceOut),
      h('div', { class: 'stat-box' }, h('span', { class: 'label' }, 'Multiplier'), multiplierOut),
      h('div', { class: 'stat-box' }, h('span', { class: 'label' }, 'Pays on a win'), payoutOut),
      fieldError,
    ),
  );

  const rolls = () => winningRolls(target, direction);
  const valid = () => Number.isInteger(target) && target >= 0 && target < ROLLS && rolls() >= MIN_WINNING_ROLLS && rolls() <= MAX_WINNING_ROLLS;

  function refresh(): void {
    const n = rolls();
    const ok = valid();
    directionButton.textContent = direction === 'under' ? 'Roll under' : 'Roll over';
    directionButton.dataset.value = direction;
    directionButton.setAttribute('aria-label', `Direction: roll ${direction}`);
    chanceOut.textContent = ok ? `${show(n)} %` : '–';
    multiplierOut.textContent = ok ? `×${(Math.floor((RETURN_BP * ROLLS) / n) / ROLLS).toFixed(4)}` : '–';
    payoutOut.textContent = ok ? ctx.money(diceWin(ctx.stake(), n)) : '–';
    fieldError.textContent = ok ? '' : 'The win chance must be between 1 % and 98 %: move the target.';
    const at = (target / ROLLS) * 100;
    targetMarker.style.left = `${at}%`;
    targetLabel.textContent = show(target);
    winZone.style.left = direction === 'under' ? '0' : `${((target + 1) / ROLLS) * 100}%`;
    winZone.style.right = direction === 'under' ? `${100 - at}%` : '0';
    ctx.changed();
  }

  targetInput.addEventListener('input', () => {
    const value = Number(targetInput.value);
    if (targetInput.value.trim() === '' || !Number.isFinite(value)) return;
    target = Math.round(value * 100);
    slider.value = String(target);
    refresh();
  });
  targetInput.addEventListener('change', () => {
    if (Number.isInteger(target) && target >= 0 && target < ROLLS) targetInput.value = show(target);
  });
  slider.addEventListener('input', () => {
    target = Number(slider.value);
    targetInput.value = show(target);
    refresh();
  });
  directionButton.addEventListener('click', () => {
    direction = direction === 'under' ? 'over' : 'under';
    refresh();
  });
  refresh();

  const stakes = stakeLadder(10, MAX_STAKE, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]);

  return {
    playLabel: 'Roll',
    stakeLabel: 'Stake',
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: 1100,
    bet(stake) {
      if (!valid()) return { error: 'The win chance must be between 1 % and 98 %: move the target.' };
      return { bet: { stake, target, direction }, stake };
    },
    stakeChanged: refresh,
    lock(locked) {
      targetInput.disabled = locked;
      slider.disabled = locked;
      directionButton.disabled = locked;
    },
    start() {
      rolling = true;
      rollOut.classList.remove('won', 'lost');
      ball.hidden = true;
      let last = 0;
      void animate((now) => {
        if (now - last > 45) {
          last = now;
          rollOut.textContent = show(Math.floor(Math.random() * ROLLS));
        }
        return rolling;
      });
    },
    async land(raw, _win, timing) {
      const outcome = raw as DiceOutcome;
      rolling = false;
      const duration = Math.max(timing.ms, timing.quick ? 120 : 500);
      const start = performance.now();
      let last = 0;
      ball.hidden = false;
      await animate((now) => {
        const x = Math.min(1, (now - start) / duration);
        // Ticks slow down and close in on the roll.
        if (x < 1 && now - last > 40 + 160 * x) {
          last = now;
          const spread = Math.round((1 - x) * ROLLS * 0.5);
          const value = Math.min(ROLLS - 1, Math.max(0, outcome.roll + Math.round((Math.random() * 2 - 1) * spread)));
          rollOut.textContent = show(value);
          ball.style.left = `${(value / ROLLS) * 100}%`;
          ctx.sound.play('tick');
        }
        return x < 1;
      });
      rollOut.textContent = show(outcome.roll);
      ball.style.left = `${(outcome.roll / ROLLS) * 100}%`;
      ball.textContent = show(outcome.roll).split('.')[0]!;
      rollOut.classList.add(outcome.won ? 'won' : 'lost');
      ctx.announce(`Rolled ${show(outcome.roll)}: ${outcome.won ? 'win' : 'no win'}.`);
    },
    abort() {
      rolling = false;
      rollOut.textContent = '–';
    },
  };
}

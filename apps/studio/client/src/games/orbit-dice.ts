/**
 * Orbit Dice: a target (number and slider, 0.00–99.99) and a roll-over / roll-under toggle with
 * the win chance, the multiplier and the pay shown live (computed by the game's own functions);
 * the roll is a rolling number that settles on the drawn value, and a marker on the track.
 */
import {
  diceWin,
  MAX_WINNING_ROLLS,
  MIN_WINNING_ROLLS,
  RETURN_BP,
  ROLLS,
  winningRolls,
  type DiceDirection,
  type DiceOutcome,
} from '../../../src/games/orbit-dice/math';
import { animate, h } from '../dom';
import { formatAmount, formatDecimal, formatPercent } from '../money';
import type { GameRenderer, ShellContext } from '../renderer';
import { decimalInput, field, fieldError as errorLine, fieldGame, readout, statBox } from './field-kit';
import { t } from '../i18n';

const show = (hundredths: number) => formatAmount(hundredths); // 4217 → "42.17"
const OUT_OF_RANGE = (): string => t('dice.outOfRange');

export function create(ctx: ShellContext): GameRenderer {
  let target = 5000;
  let direction: DiceDirection = 'under';
  let rolling = false;

  // ---- stage ----
  const rollOut = h(
    'div',
    { class: 'dice-roll', 'data-testid': 'roll', 'aria-live': 'polite', 'aria-label': t('dice.roll') },
    formatDecimal(50),
  );
  const winZone = h('div', { class: 'win-zone' });
  const targetLabel = h('span', {});
  const targetMarker = h('div', { class: 'marker', 'aria-hidden': 'true' }, targetLabel);
  const ball = h('div', { class: 'ball', 'aria-hidden': 'true', hidden: true });
  const track = h('div', { class: 'dice-track', 'aria-hidden': 'true' }, winZone, targetMarker, ball);
  ctx.stage.append(h('div', { class: 'dice' }, rollOut, track));

  // ---- controls ----
  const targetInput = decimalInput({
    id: 'dice-target',
    testId: 'target',
    label: t('dice.target'),
    min: '0',
    max: '99.99',
    value: show(target),
  });
  const slider = h('input', {
    type: 'range',
    min: '0',
    max: String(ROLLS - 1),
    step: '1',
    value: String(target),
    'aria-label': t('dice.targetSlider'),
  });
  const directionButton = h(
    'button',
    {
      type: 'button',
      class: 'btn',
      'data-testid': 'direction',
      'data-value': direction,
      'aria-label': t('dice.directionUnder'),
    },
    t('dice.rollUnder'),
  );
  const chanceOut = readout('chance');
  const multiplierOut = readout('multiplier');
  const payoutOut = readout('payout');
  const fieldError = errorLine();
  ctx.controls.append(
    h(
      'div',
      { class: 'dice-controls' },
      field(t('dice.target'), targetInput),
      field(t('dice.winWhen'), directionButton),
      slider,
      statBox(t('dice.chance'), chanceOut),
      statBox(t('dice.multiplier'), multiplierOut),
      statBox(t('dice.pays'), payoutOut),
      fieldError,
    ),
  );

  const rolls = () => winningRolls(target, direction);
  const valid = () =>
    Number.isInteger(target) &&
    target >= 0 &&
    target < ROLLS &&
    rolls() >= MIN_WINNING_ROLLS &&
    rolls() <= MAX_WINNING_ROLLS;

  function refresh(): void {
    const n = rolls();
    const ok = valid();
    directionButton.textContent = direction === 'under' ? t('dice.rollUnder') : t('dice.rollOver');
    directionButton.dataset.value = direction;
    directionButton.setAttribute(
      'aria-label',
      direction === 'under' ? t('dice.directionUnder') : t('dice.directionOver'),
    );
    chanceOut.textContent = ok ? formatPercent(n / ROLLS) : '–';
    multiplierOut.textContent = ok ? `×${formatDecimal(Math.floor((RETURN_BP * ROLLS) / n) / ROLLS, 4)}` : '–';
    payoutOut.textContent = ok ? ctx.money(diceWin(ctx.stake(), n)) : '–';
    fieldError.textContent = ok ? '' : OUT_OF_RANGE();
    const at = (target / ROLLS) * 100;
    targetMarker.style.left = `${at}%`;
    targetLabel.textContent = formatDecimal(target / 100);
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

  return {
    ...fieldGame({
      playLabel: t('dice.roll'),
      naturalMs: 1100,
      bet: (stake) => (valid() ? { stake, target, direction } : null),
      error: OUT_OF_RANGE(),
      refresh,
      fields: [targetInput, slider, directionButton],
    }),
    start() {
      rolling = true;
      rollOut.classList.remove('won', 'lost');
      ball.hidden = true;
      let last = 0;
      void animate((now) => {
        if (now - last > 45) {
          last = now;
          rollOut.textContent = formatDecimal(Math.floor(Math.random() * ROLLS) / 100);
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
          rollOut.textContent = formatDecimal(value / 100);
          ball.style.left = `${(value / ROLLS) * 100}%`;
          ctx.sound.play('tick');
        }
        return x < 1;
      });
      rollOut.textContent = formatDecimal(outcome.roll / 100);
      ball.style.left = `${(outcome.roll / ROLLS) * 100}%`;
      ball.textContent = String(Math.floor(outcome.roll / 100));
      rollOut.classList.add(outcome.won ? 'won' : 'lost');
      ctx.announce(t(outcome.won ? 'dice.rolled' : 'dice.rolledLost', { roll: formatDecimal(outcome.roll / 100) }));
    },
    abort() {
      rolling = false;
      rollOut.textContent = '–';
    },
  };
}

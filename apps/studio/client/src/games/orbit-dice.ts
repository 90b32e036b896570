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
import type { GameRenderer, ShellContext, Timing } from '../renderer';
import { decimalInput, field, fieldError as errorLine, fieldGame, readout, statBox } from './field-kit';
import { t } from '../i18n';

const show = (hundredths: number) => formatAmount(hundredths); // 4217 → "42.17"
const OUT_OF_RANGE = (): string => t('dice.outOfRange');

/** The roll and the track (win zone, target marker, the ball) on the stage. */
function diceView(ctx: ShellContext) {
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
  return { rollOut, winZone, targetLabel, targetMarker, ball };
}

/** The target (number and slider), the direction and the live figures, in the controls. */
function diceControls(ctx: ShellContext, target: number, direction: DiceDirection) {
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
  return { targetInput, slider, directionButton, chanceOut, multiplierOut, payoutOut, fieldError };
}

/** The dice table: the bet chosen and its elements. */
type DiceTable = ReturnType<typeof diceView> &
  ReturnType<typeof diceControls> & {
    ctx: ShellContext;
    target: number;
    direction: DiceDirection;
    rolling: boolean;
  };

const rolls = (d: DiceTable) => winningRolls(d.target, d.direction);
const valid = (d: DiceTable) =>
  Number.isInteger(d.target) &&
  d.target >= 0 &&
  d.target < ROLLS &&
  rolls(d) >= MIN_WINNING_ROLLS &&
  rolls(d) <= MAX_WINNING_ROLLS;

/** The direction's button, the live figures and the track for the bet chosen. */
function refresh(d: DiceTable): void {
  const { ctx, target, direction, directionButton } = d;
  const n = rolls(d);
  const ok = valid(d);
  directionButton.textContent = direction === 'under' ? t('dice.rollUnder') : t('dice.rollOver');
  directionButton.dataset.value = direction;
  directionButton.setAttribute(
    'aria-label',
    direction === 'under' ? t('dice.directionUnder') : t('dice.directionOver'),
  );
  d.chanceOut.textContent = ok ? formatPercent(n / ROLLS) : '–';
  d.multiplierOut.textContent = ok ? `×${formatDecimal(Math.floor((RETURN_BP * ROLLS) / n) / ROLLS, 4)}` : '–';
  d.payoutOut.textContent = ok ? ctx.money(diceWin(ctx.stake(), n)) : '–';
  d.fieldError.textContent = ok ? '' : OUT_OF_RANGE();
  const at = (target / ROLLS) * 100;
  d.targetMarker.style.left = `${at}%`;
  d.targetLabel.textContent = formatDecimal(target / 100);
  d.winZone.style.left = direction === 'under' ? '0' : `${((target + 1) / ROLLS) * 100}%`;
  d.winZone.style.right = direction === 'under' ? `${100 - at}%` : '0';
  ctx.changed();
}

/** The target's number and slider follow each other; the direction toggles. */
function wireControls(d: DiceTable): void {
  const { targetInput, slider } = d;
  targetInput.addEventListener('input', () => {
    const value = Number(targetInput.value);
    if (targetInput.value.trim() === '' || !Number.isFinite(value)) return;
    d.target = Math.round(value * 100);
    slider.value = String(d.target);
    refresh(d);
  });
  targetInput.addEventListener('change', () => {
    if (Number.isInteger(d.target) && d.target >= 0 && d.target < ROLLS) targetInput.value = show(d.target);
  });
  slider.addEventListener('input', () => {
    d.target = Number(slider.value);
    targetInput.value = show(d.target);
    refresh(d);
  });
  d.directionButton.addEventListener('click', () => {
    d.direction = d.direction === 'under' ? 'over' : 'under';
    refresh(d);
  });
}

/** Random numbers run on the roll until the answer comes (a show only: the roll is the server's). */
function spin(d: DiceTable): void {
  d.rolling = true;
  d.rollOut.classList.remove('won', 'lost');
  d.ball.hidden = true;
  let last = 0;
  void animate((now) => {
    if (now - last > 45) {
      last = now;
      d.rollOut.textContent = formatDecimal(Math.floor(Math.random() * ROLLS) / 100);
    }
    return d.rolling;
  });
}

/** The ticks slow down and close in on the roll; the roll and the ball land on it. */
async function settle(d: DiceTable, outcome: DiceOutcome, timing: Timing): Promise<void> {
  const { ctx, rollOut, ball } = d;
  d.rolling = false;
  const duration = Math.max(timing.ms, timing.quick ? 120 : 500);
  const start = performance.now();
  let last = 0;
  ball.hidden = false;
  await animate((now) => {
    const x = Math.min(1, (now - start) / duration);
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
}

export function create(ctx: ShellContext): GameRenderer {
  const target = 5000;
  const direction: DiceDirection = 'under';
  const d: DiceTable = {
    ctx,
    target,
    direction,
    rolling: false,
    ...diceView(ctx),
    ...diceControls(ctx, target, direction),
  };
  wireControls(d);
  refresh(d);

  return {
    ...fieldGame({
      playLabel: t('dice.roll'),
      naturalMs: 1100,
      bet: (stake) => (valid(d) ? { stake, target: d.target, direction: d.direction } : null),
      error: OUT_OF_RANGE(),
      refresh: () => refresh(d),
      fields: [d.targetInput, d.slider, d.directionButton],
    }),
    start: () => spin(d),
    land: (raw, _win, timing) => settle(d, raw as DiceOutcome, timing),
    abort() {
      d.rolling = false;
      d.rollOut.textContent = '–';
    },
  };
}

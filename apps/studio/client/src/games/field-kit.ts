/**
 * What the games with a number field of their own share (Orbit Dice's target, Rocket Crash's
 * cash-out): a decimal input, labelled fields and read-outs, the line that says why the field makes
 * no bet, and the renderer members around such a bet.
 */
import { MAX_STAKE } from '../../../src/games/shared';
import { h } from '../dom';
import { nearest, stakeLadder, type GameRenderer } from '../renderer';
import { t } from '../i18n';

/** A number input with two decimals. */
export function decimalInput(attrs: {
  id: string;
  testId: string;
  label: string;
  min: string;
  max: string;
  value: string;
}): HTMLInputElement {
  const { id, testId, label, min, max, value } = attrs;
  return h('input', {
    type: 'number',
    id,
    'data-testid': testId,
    'aria-label': label,
    min,
    max,
    step: '0.01',
    inputmode: 'decimal',
    value,
  });
}

/** A control with its caption: a `<label for>` when the control has an id. */
export function field(caption: string, control: HTMLElement): HTMLElement {
  const label = control.id
    ? h('label', { class: 'label', for: control.id }, caption)
    : h('span', { class: 'label' }, caption);
  return h('div', { class: 'field' }, label, control);
}

/** A live read-out (win chance, pay…) and its box with a caption. */
export function readout(testId: string): HTMLOutputElement {
  return h('output', { class: 'value', 'data-testid': testId });
}
export function statBox(caption: string, out: HTMLElement): HTMLElement {
  return h('div', { class: 'stat-box' }, h('span', { class: 'label' }, caption), out);
}

/** The line under the fields that says why they make no bet. */
export function fieldError(): HTMLElement {
  return h('div', { class: 'field-error', role: 'alert' });
}

/**
 * The renderer members of a game whose bet comes from its fields: stakes in tens of minor units,
 * the bet for a stake (or `error` when `bet` gives none), a refresh when the stake changes, and the
 * fields locked during a round.
 */
export function fieldGame(options: {
  playLabel: string;
  naturalMs: number;
  bet: (stake: number) => object | null;
  error: string;
  refresh: () => void;
  fields: readonly (HTMLInputElement | HTMLButtonElement)[];
}): Pick<
  GameRenderer,
  'playLabel' | 'stakeLabel' | 'stakes' | 'defaultStake' | 'naturalMs' | 'bet' | 'stakeChanged' | 'lock'
> {
  const stakes = stakeLadder(10, MAX_STAKE, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000]);
  return {
    playLabel: options.playLabel,
    stakeLabel: t('shell.stake'),
    stakes,
    defaultStake: nearest(stakes, 100),
    naturalMs: options.naturalMs,
    bet(stake) {
      const bet = options.bet(stake);
      return bet === null ? { error: options.error } : { bet, stake };
    },
    stakeChanged: options.refresh,
    lock(locked) {
      for (const f of options.fields) f.disabled = locked;
    },
  };
}

/** A roulette position in words in the page's locale ("Split 17/20", "Dozen 2"): the board and the verifier. */
import type { RouletteBetType } from '../../../src/games/european-roulette/math';
import { t } from '../i18n';

export function describeBet(type: RouletteBetType, numbers: readonly number[]): string {
  switch (type) {
    case 'straight':
      return t('roulette.straight', { numbers: String(numbers[0]) });
    case 'split':
      return t('roulette.split', { numbers: numbers.join('/') });
    case 'street':
      return t('roulette.street', { numbers: numbers.join(', ') });
    case 'corner':
      return t('roulette.corner', { numbers: numbers.join(', ') });
    case 'six_line':
      return t('roulette.sixLine', { from: String(numbers[0]), to: String(numbers[numbers.length - 1]) });
    case 'column':
      return t('roulette.column', { n: String(numbers.length === 1 ? numbers[0] : ((numbers[0]! - 1) % 3) + 1) });
    case 'dozen':
      return t('roulette.dozen', {
        n: String(numbers.length === 1 ? numbers[0] : Math.floor((numbers[0]! - 1) / 12) + 1),
      });
    default:
      return t(`roulette.${type}`);
  }
}

/**
 * The bonus arithmetic's share of a bet (docs/bonuses.md): the two shares of one bet, towards a
 * bonus's wagering and towards comp points, read the same table from opposite ends.
 */
import { describe, expect, it } from 'vitest';
import { wageredOf, wageringSharePercent } from '../../src/modules/bonuses/rules';
import { pointsSharePercent } from '../../src/modules/loyalty/points';

describe('wageringSharePercent', () => {
  const contributions = { slots: 100, live: 10, table: 20 };

  it('counts the lowest share among the categories the bonus names, else other (100 when not named)', () => {
    expect(wageringSharePercent(contributions, ['slots', 'live'])).toBe(10);
    expect(wageringSharePercent(contributions, ['top', 'table'])).toBe(20);
    expect(wageringSharePercent(contributions, ['top'])).toBe(100);
    expect(wageringSharePercent({ ...contributions, other: 0 }, ['top'])).toBe(0);
  });

  it('answers the opposite end of the table from pointsSharePercent (the best share, else other or 0)', () => {
    expect(pointsSharePercent(contributions, ['slots', 'live'])).toBe(100);
    expect(pointsSharePercent(contributions, ['top'])).toBe(0);
  });

  it('keeps wagering as stake × share, so a bet split in parts counts as the whole bet', () => {
    const share = wageringSharePercent(contributions, ['table']);
    expect(wageredOf(33 * share + 34 * share)).toBe(wageredOf(67 * share));
    expect(wageredOf(67 * share)).toBe(13);
  });
});

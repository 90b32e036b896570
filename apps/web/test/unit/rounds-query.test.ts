import { describe, expect, it } from 'vitest';
import {
  parseRoundsFilter,
  roundsApiPath,
  roundsSearch,
  roundStatus,
  type RoundsFilter,
} from '../../app/features/rounds/rounds-query';

const empty: RoundsFilter = { page: 1, game: '', result: '', from: '', to: '' };

describe('games history filter', () => {
  it('reads the page address', () => {
    expect(parseRoundsFilter('')).toEqual(empty);
    expect(parseRoundsFilter('?game=orbit%2Forbit-dice&result=won&from=2025-01-01&to=2025-01-31&page=3')).toEqual({
      page: 3,
      game: 'orbit/orbit-dice',
      result: 'won',
      from: '2025-01-01',
      to: '2025-01-31',
    });
  });

  it('drops what the contract refuses, keeping the rest', () => {
    expect(parseRoundsFilter('?result=maybe&game=orbit%2Fx')).toEqual({ ...empty, game: 'orbit/x' });
    expect(parseRoundsFilter('?from=yesterday&to=2025-02-30&page=0')).toEqual(empty);
    expect(parseRoundsFilter('?page=abc&result=lost')).toEqual({ ...empty, result: 'lost' });
    expect(parseRoundsFilter(`?game=${'x'.repeat(201)}&page=2`)).toEqual({ ...empty, page: 2 });
  });

  it('swaps a range given backwards', () => {
    expect(parseRoundsFilter('?from=2025-03-10&to=2025-03-01')).toEqual({
      ...empty,
      from: '2025-03-01',
      to: '2025-03-10',
    });
  });

  it('builds the API query with the page size', () => {
    expect(roundsApiPath(empty)).toBe('/api/player/game_rounds?page=1&page_size=20');
    expect(
      roundsApiPath({ page: 2, game: 'orbit/european-roulette', result: 'lost', from: '2025-01-01', to: '' }, 50),
    ).toBe('/api/player/game_rounds?page=2&page_size=50&game=orbit%2Feuropean-roulette&result=lost&from=2025-01-01');
  });

  it("writes the page's own query without defaults, and reads it back", () => {
    expect(roundsSearch(empty)).toBe('');
    const filter = { page: 4, game: 'orbit/rocket-crash', result: 'won' as const, from: '', to: '2025-05-05' };
    const search = roundsSearch(filter);
    expect(search).toBe('?game=orbit%2Frocket-crash&result=won&to=2025-05-05&page=4');
    expect(parseRoundsFilter(search)).toEqual(filter);
  });
});

describe('round status', () => {
  it('tells open, refunded, won and lost rounds apart', () => {
    expect(roundStatus({ status: 'open', win_cents: 0 })).toBe('open');
    expect(roundStatus({ status: 'rolled_back', win_cents: 0 })).toBe('rolled_back');
    expect(roundStatus({ status: 'closed', win_cents: 1 })).toBe('won');
    expect(roundStatus({ status: 'closed', win_cents: 0 })).toBe('lost');
  });
});

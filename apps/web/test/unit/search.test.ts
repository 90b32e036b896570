import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  debounce,
  isSearchable,
  normalizeQuery,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
} from '../../app/features/search/search-logic';

describe('search threshold', () => {
  it('needs more than 2 characters', () => {
    expect(SEARCH_MIN_LENGTH).toBe(3);
    expect(isSearchable('')).toBe(false);
    expect(isSearchable('st')).toBe(false);
    expect(isSearchable('  st  ')).toBe(false);
    expect(isSearchable('ste')).toBe(true);
    expect(isSearchable('a b')).toBe(true);
  });

  it('normalizes spaces', () => {
    expect(normalizeQuery('  stellar   sevens ')).toBe('stellar sevens');
  });
});

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once, 300 ms after the last keystroke, with the last value', () => {
    const fn = vi.fn();
    const run = debounce(fn, SEARCH_DEBOUNCE_MS);
    run('ste');
    vi.advanceTimersByTime(200);
    run('stel');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('stel');
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const run = debounce(fn, SEARCH_DEBOUNCE_MS);
    run('stellar');
    run.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

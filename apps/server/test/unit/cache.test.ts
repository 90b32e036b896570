import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../src/platform/cache';

describe('TtlCache', () => {
  it('shares a value until it expires', async () => {
    let now = 0;
    let loads = 0;
    const cache = new TtlCache<number>(1000, 10, () => now);
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep failures', async () => {
    const cache = new TtlCache<number>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });

  it('drops the oldest entry when full', async () => {
    let loads = 0;
    const cache = new TtlCache<number>(1000, 2);
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('a', load)).toBe(4);
  });

  it('answers what it holds without loading, and keeps what it is given until it expires', async () => {
    let now = 0;
    const cache = new TtlCache<number>(1000, 10, () => now);
    expect(cache.peek('k')).toBeUndefined();
    cache.set('k', 5);
    expect(await cache.peek('k')).toBe(5);
    expect(await cache.get('k', async () => 6)).toBe(5);
    now = 1000;
    expect(cache.peek('k')).toBeUndefined();
  });
});

/** The page json fillers (docs/rules/content-pages.md "Page json keys"): owned keys replaced, a failing filler's keys left out. */
import { describe, expect, it, vi } from 'vitest';
import { PageJsonFillers } from '../../src/modules/cms/page-json-fillers';

describe('PageJsonFillers', () => {
  it('replaces the keys a filler owns, removes those it leaves out, keeps the others', async () => {
    const fillers = new PageJsonFillers();
    fillers.add('wheel', {
      name: 'test',
      keys: ['deposit', 'maxWin'],
      fill: async () => ({ deposit: { a: 1 }, other: 9 }),
    });
    const json = await fillers.fill('wheel', { promo: true, deposit: { stale: 1 }, maxWin: { EUR: 5 } });
    expect(json).toEqual({ promo: true, deposit: { a: 1 } });
    expect(fillers.has('wheel')).toBe(true);
    expect(fillers.has('awards')).toBe(false);
    const stored = { awards: [] };
    expect(await fillers.fill('awards', stored)).toBe(stored);
  });

  it('logs a failing filler and answers without its keys, never the stored copy', async () => {
    const fillers = new PageJsonFillers();
    fillers.add('wheel', { name: 'broken', keys: ['deposit'], fill: () => Promise.reject(new Error('down')) });
    const error = vi.fn();
    const log = { error } as unknown as Parameters<PageJsonFillers['fill']>[2];
    expect(await fillers.fill('wheel', { promo: true, deposit: { stale: 1 } }, log)).toEqual({ promo: true });
    expect(error).toHaveBeenCalledOnce();
  });
});

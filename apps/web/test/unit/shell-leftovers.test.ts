/**
 * The page's leftovers of the shell: hidden gift groups not counted (docs/rules/gifts.md
 * "Disabled bonus groups"), deposit offers left out where promotions are not offered (gifts.md
 * "Deposit"), the tester seeing every promotion page (routes-and-guards.md), and a failed list
 * load reported through the page's error logger (fields.md "Named error logs").
 */
import type { PlayerBonus } from '@orbit/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { depositOffersFor } from '../../app/features/cashbox/data';
import { clearFavourites, loadFavourites } from '../../app/features/games/favourites';
import { giftCount, shownBonuses } from '../../app/features/gifts/rules';
import { forgetPromotionsOffered } from '../../app/lib/promotions-offered';
import { seesEveryPromotionPage, TESTER_GROUP } from '../../app/lib/route-rules';
import { createTelemetry, emptyOnFailure } from '../../app/lib/telemetry';

const bonus = (id: number, group_key: string, stage: PlayerBonus['stage']) =>
  ({ id, group_key, stage, title: `Gift ${id}`, currency: 'EUR' }) as PlayerBonus;

/** The page's fetch answering by path (query left out): a JSON body, or a status without one. */
function serveApi(answers: Record<string, unknown>) {
  const fetch = vi.fn(async (input: string) => {
    const answer = answers[input.split('?')[0]!];
    if (typeof answer === 'number') return new Response('', { status: answer });
    return new Response(JSON.stringify(answer ?? null), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('window', { fetch, dispatchEvent: () => true, location: { pathname: '/' } });
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPromotionsOffered();
});

describe('hidden gift groups and the counter', () => {
  it('leaves out a disabled group only at its listed stage, and the counter counts what is shown', () => {
    const gifts = [
      bonus(1, 'welcome-gift', 'issued'),
      bonus(2, 'welcome-gift', 'handle_bets'),
      bonus(3, 'other', 'issued'),
    ];
    const groups = [{ group_key: 'welcome-gift', stage: 'issued' }];
    expect(shownBonuses(gifts, groups).map((b) => b.id)).toEqual([2, 3]);
    expect(giftCount(shownBonuses(gifts, groups), [])).toBe(2);
    // No config (or one that could not be read): everything shows and counts.
    expect(giftCount(shownBonuses(gifts, []), [])).toBe(3);
  });
});

describe('deposit offers where promotions are not offered', () => {
  const offers = [
    { id: 7, code: 'WELCOME100', currency: 'EUR', deposit_numbers: [1] },
    { id: 8, code: 'USD50', currency: 'USD', deposit_numbers: [2] },
  ];

  it("shows the currency's offers to a player promotions are offered to", async () => {
    serveApi({ '/api/bonuses/deposit': offers, '/client-context': { affiliate: { promotions_offered: true } } });
    expect((await depositOffersFor('EUR', 41)).map((o) => o.id)).toEqual([7]);
  });

  it('shows none to a player whose tag is excluded, and asks again for another player', async () => {
    const fetch = serveApi({
      '/api/bonuses/deposit': offers,
      '/client-context': { affiliate: { promotions_offered: false } },
    });
    expect(await depositOffersFor('EUR', 42)).toEqual([]);
    expect(await depositOffersFor('EUR', 42)).toEqual([]);
    const asked = () => fetch.mock.calls.filter(([path]) => path === '/client-context').length;
    expect(asked()).toBe(1);
    await depositOffersFor('EUR', 43);
    expect(asked()).toBe(2);
  });

  it('offers them when the answer cannot be had', async () => {
    serveApi({ '/api/bonuses/deposit': offers, '/client-context': 503 });
    expect((await depositOffersFor('EUR', 44)).map((o) => o.id)).toEqual([7]);
  });
});

describe('the tester', () => {
  it('sees every promotion page in group 21 or with the tester flag, nobody else', () => {
    expect(TESTER_GROUP).toBe(21);
    expect(seesEveryPromotionPage([1117, 21], false)).toBe(true);
    expect(seesEveryPromotionPage(['21'], false)).toBe(true);
    expect(seesEveryPromotionPage([], true)).toBe(true);
    expect(seesEveryPromotionPage([1117, 259], false)).toBe(false);
    expect(seesEveryPromotionPage(undefined, false)).toBe(false);
  });
});

describe('failed list loads', () => {
  it('are reported under their name as a line of the page log, and the list is empty', () => {
    const sent: Array<{ path: string; body: unknown }> = [];
    const sender = createTelemetry({ transport: (_method, path, body) => sent.push({ path, body }) });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const empty = emptyOnFailure('LOAD_BANNERS_ERROR', { banners: [] }, sender)(new Error('offline'));
    expect(empty).toEqual({ banners: [] });
    expect(sent).toEqual([{ path: '/log', body: { level: 'error', message: 'LOAD_BANNERS_ERROR', context: {} } }]);
    expect(quiet).toHaveBeenCalledWith('LOAD_BANNERS_ERROR', expect.any(Error));
    quiet.mockRestore();
  });

  it("the favourites' failed load goes to the page log as LOAD_FAVOURITES_ERROR", async () => {
    serveApi({ '/api/player/favorite_games': 500 });
    // The page's own log transport: `fetch` of `PUT /log`, sent in a browser only.
    const logFetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', logFetch);
    vi.stubGlobal('document', { cookie: '' });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      clearFavourites();
      await loadFavourites();
    } finally {
      quiet.mockRestore();
    }
    const lines = logFetch.mock.calls.map((call) => {
      const [path, init] = call as unknown as [string, RequestInit];
      return { path, method: init.method, body: JSON.parse(String(init.body)) as { message: string; context: object } };
    });
    expect(lines).toEqual([
      {
        path: '/log',
        method: 'PUT',
        body: expect.objectContaining({
          message: 'LOAD_FAVOURITES_ERROR',
          context: expect.objectContaining({ status: 500 }),
        }),
      },
    ]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categoriesResponseSchema,
  collectionsResponseSchema,
  gameSchema,
  gamesFilterResponseSchema,
  gamesMapResponseSchema,
  providersResponseSchema,
  type GamesFilterRequest,
} from '@orbit/contracts';
import { GAMES, HOUSE_PROVIDER } from '../../src/modules/games/catalogue';
import { createTestApp, type TestApp } from '../support/app';

/** The house studio's games in the catalogue (the only launchable ones). */
const HOUSE_GAMES = GAMES.filter((g) => g.provider === HOUSE_PROVIDER).length;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });
const filter = async (body: GamesFilterRequest | Record<string, unknown>) => {
  const res = await post('/api/games_filter', body);
  expect(res.statusCode, res.body).toBe(200);
  return gamesFilterResponseSchema.parse(res.json());
};

describe('catalogue lists', () => {
  it('lists the providers with the house studio first', async () => {
    const providers = providersResponseSchema.parse((await get('/api/games/providers')).json());
    // `id` is the slug: games carry it as `provider`, filters and `/producers/{id}` take it.
    expect(providers[0]).toEqual({ id: 'orbit', title: 'Orbit Originals' });
    // The demo's live studios are catalogue-only: not offered (see below).
    expect(providers).toHaveLength(1);
  });

  it('lists at least 8 categories with their kinds', async () => {
    const categories = categoriesResponseSchema.parse((await get('/api/games/categories')).json());
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(categories.find((c) => c.identifier === 'live')?.kind).toBe('live');
    expect(categories.find((c) => c.identifier === 'slots')?.kind).toBe('pokies');
  });

  it('lists the categories as collections by slug, each with the games a filter by it finds', async () => {
    const collections = collectionsResponseSchema.parse((await get('/api/games/collections')).json());
    const categories = categoriesResponseSchema.parse((await get('/api/games/categories')).json());
    // Every category that holds a game to open, in the categories' order; the others hold none.
    const offered = collections.map((c) => c.id);
    expect(offered).toEqual(categories.map((c) => c.identifier).filter((id) => offered.includes(id)));
    for (const { identifier } of categories) {
      const listed = await filter({ filter: { categories: { identifiers: [identifier] } } });
      expect(collections.find((c) => c.id === identifier)?.games_count ?? 0, identifier).toBe(
        listed.pagination.total_count,
      );
    }
  });
});

describe('POST /api/games_filter', () => {
  it('pages all enabled games, 40 a page by default', async () => {
    const all = await filter({});
    expect(all.pagination).toEqual({
      current_page: 1,
      next_page: null,
      prev_page: null,
      total_pages: 1,
      total_count: all.data.length,
    });
    expect(all.data.length).toBeGreaterThanOrEqual(6);
    expect(all.data.length).toBeLessThanOrEqual(40);
    expect(all.data[0]?.identifier).toBe('orbit/stellar-sevens');
  });

  it('answers each game in its contract shape with covers and currencies', async () => {
    const { data } = await filter({ filter: { providers: ['orbit'] } });
    expect(data).toHaveLength(HOUSE_GAMES);
    const game = gameSchema.parse(data.find((g) => g.identifier === 'orbit/nebula-ways'));
    expect(game).toMatchObject({
      seo_title: 'nebula-ways',
      provider: 'orbit',
      provider_title: 'Orbit Originals',
      ways: 243,
      lines: null,
      launchable: true,
      has_demo_mode: true,
      preview: '/covers/orbit/nebula-ways.svg',
    });
    expect(game.currencies.EUR).toEqual({ id: game.id, jackpot: null });
    expect(game.currencies.FUN).toEqual({ id: game.id, jackpot: null });
    expect(game.currencies.BTC?.id).toBe(game.id);
    expect(data.find((g) => g.identifier === 'orbit/stellar-sevens')?.lines).toBe(20);
  });

  it('with strategy OR, finds games in any of the listed categories', async () => {
    const slots = await filter({ filter: { categories: { identifiers: ['slots'], strategy: 'OR' } } });
    const roulette = await filter({ filter: { categories: { identifiers: ['roulette'], strategy: 'OR' } } });
    const both = await filter({ filter: { categories: { identifiers: ['slots', 'roulette'], strategy: 'OR' } } });
    expect(slots.data.length).toBeGreaterThanOrEqual(3);
    expect(roulette.data.length).toBeGreaterThanOrEqual(1);
    expect(new Set(both.data.map((g) => g.identifier))).toEqual(
      new Set([...slots.data, ...roulette.data].map((g) => g.identifier)),
    );
    for (const g of both.data) expect(g.categories.some((c) => c === 'slots' || c === 'roulette')).toBe(true);
  });

  it('keeps the category order inside one category', async () => {
    const top = await filter({ filter: { categories: { identifiers: ['top'] } } });
    // The catalogue's own order of the category's games (docs/catalogue.md), not the lobby's default sort.
    const seeded = GAMES.filter((g) => g.provider === HOUSE_PROVIDER && g.categories.includes('top')).map(
      (g) => `${g.provider}/${g.slug}`,
    );
    expect(seeded.length).toBeGreaterThanOrEqual(4);
    expect(top.data.map((g) => g.identifier)).toEqual(seeded);
  });

  it('filters by provider identifier', async () => {
    const orbit = await filter({ filter: { providers: ['orbit'] } });
    expect(orbit.data.length).toBeGreaterThanOrEqual(6);
    for (const g of orbit.data) expect(g).toMatchObject({ provider: 'orbit', launchable: true });
    expect((await filter({ filter: { providers: ['nobody'] } })).pagination.total_count).toBe(0);
  });

  it('lists only games that open: a catalogue-only provider is not offered until it is integrated', async () => {
    // Meridian's live tables are in the catalogue, but nothing opens them yet.
    expect((await filter({ filter: { providers: ['meridian'] } })).pagination.total_count).toBe(0);
    const providers = providersResponseSchema.parse((await get('/api/games/providers')).json());
    expect(providers.map((p) => p.id)).not.toContain('meridian');
    const collections = collectionsResponseSchema.parse((await get('/api/games/collections')).json());
    expect(collections.map((c) => c.id)).not.toContain('live');
    expect(collections.every((c) => c.games_count > 0)).toBe(true);
    // Integrated (an operator connected it), its games are listed and its categories offered.
    const integrated = await createTestApp();
    try {
      await integrated.database.db.execute(sql`update providers set launchable = true where identifier = 'meridian'`);
      const listed = await integrated.app.inject({
        method: 'POST',
        url: '/api/games_filter',
        payload: { filter: { providers: ['meridian'] } },
      });
      expect(gamesFilterResponseSchema.parse(listed.json()).data.length).toBe(4);
      const offered = await integrated.app.inject({ method: 'GET', url: '/api/games/collections' });
      expect(collectionsResponseSchema.parse(offered.json()).map((c) => c.id)).toContain('live');
    } finally {
      await integrated.close();
    }
  });

  it('searches titles case-insensitively, with % and _ literal', async () => {
    expect((await filter({ filter: { title: 'rocket' } })).data.map((g) => g.identifier)).toEqual([
      'orbit/rocket-crash',
    ]);
    expect((await filter({ filter: { title: 'ROULETTE' } })).data.map((g) => g.identifier)).toEqual([
      'orbit/european-roulette',
    ]);
    expect((await filter({ filter: { title: 'eBUlA w' } })).data.map((g) => g.title)).toEqual(['Nebula Ways']);
    expect((await filter({ filter: { title: '%' } })).pagination.total_count).toBe(0);
    expect((await filter({ filter: { title: 'r_cket' } })).pagination.total_count).toBe(0);
  });

  it('filters by device and currency', async () => {
    expect((await filter({ device: 'mobile' })).pagination.total_count).toBe((await filter({})).pagination.total_count);
    const btc = await filter({ filter: { currencies: ['BTC'] } });
    expect(btc.data.every((g) => g.provider === 'orbit')).toBe(true);
    expect(btc.pagination.total_count).toBe(HOUSE_GAMES);
  });

  it('pages with consistent numbers', async () => {
    const total = (await filter({})).pagination.total_count;
    const seen: string[] = [];
    const pages = Math.ceil(total / 5);
    for (let page = 1; page <= pages; page++) {
      const res = await filter({ page, page_size: 5 });
      expect(res.pagination).toEqual({
        current_page: page,
        next_page: page < pages ? page + 1 : null,
        prev_page: page > 1 ? page - 1 : null,
        total_pages: pages,
        total_count: total,
      });
      seen.push(...res.data.map((g) => g.identifier));
    }
    expect(new Set(seen).size).toBe(total);
    const beyond = await filter({ page: pages + 3, page_size: 5 });
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toMatchObject({ current_page: pages + 3, total_count: total, next_page: null });
  });

  it('sorts by title, popularity and release date', async () => {
    const byTitle = (await filter({ sort: { type: 'title', direction: 'asc' } })).data.map((g) => g.title);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const popular = await filter({ sort: { type: 'popularity' } });
    expect(popular.data[0]?.identifier).toBe('orbit/stellar-sevens');
    const released = await filter({ sort: { type: 'released_at', direction: 'desc' } });
    expect(released.data[0]?.identifier).toBe('orbit/orbit-plinko');
  });

  it('ignores unknown keys', async () => {
    expect((await filter({ unknown: 1, filter: { providers: ['orbit'], extra: true } })).data).toHaveLength(
      HOUSE_GAMES,
    );
  });

  it.each([
    [{ page: 0 }, { page: ['too_small'] }],
    [{ page: 'two' }, { page: ['invalid_type'] }],
    [{ page: 1.5 }, { page: ['invalid_type'] }],
    [{ page_size: 1000 }, { page_size: ['too_big'] }],
    [{ page_size: 0 }, { page_size: ['too_small'] }],
    [{ device: 'tv' }, { device: ['invalid_device'] }],
    [
      { filter: { categories: { identifiers: ['top'], strategy: 'AND' } } },
      { 'filter.categories.strategy': ['unsupported_strategy'] },
    ],
    [{ filter: { categories: {} } }, { 'filter.categories.identifiers': ['required'] }],
    [{ filter: { providers: 'orbit' } }, { 'filter.providers': ['invalid_type'] }],
    [{ filter: { title: 'x'.repeat(101) } }, { 'filter.title': ['too_long'] }],
    [{ sort: { type: 'random' } }, { 'sort.type': ['unsupported_sort'] }],
  ])('refuses %j with 422 %j', async (body, errors) => {
    const res = await post('/api/games_filter', body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors });
  });
});

describe('POST /api/games_filter/select and /select_by_seo_titles', () => {
  it('answers games by numeric id, keyed by identifier', async () => {
    const { data } = await filter({ filter: { providers: ['orbit'] } });
    const ids = data.slice(0, 2).map((g) => g.id);
    const res = await post('/api/games_filter/select', { device: 'desktop', game_ids: [...ids, 99_999] });
    expect(res.statusCode).toBe(200);
    const map = gamesMapResponseSchema.parse(res.json());
    expect(Object.keys(map)).toEqual(data.slice(0, 2).map((g) => g.identifier));
    expect(map[data[0]!.identifier]).toEqual(data[0]);
  });

  it('answers games by seo title', async () => {
    const res = await post('/api/games_filter/select_by_seo_titles', {
      game_seo_titles: ['rocket-crash', 'european-roulette', 'nope'],
    });
    const map = gamesMapResponseSchema.parse(res.json());
    expect(Object.keys(map)).toEqual(['orbit/rocket-crash', 'orbit/european-roulette']);
  });

  it('refuses malformed bodies with 422', async () => {
    const res = await post('/api/games_filter/select', { game_ids: ['a'] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { 'game_ids.0': ['invalid_type'] } });
    const missing = await post('/api/games_filter/select_by_seo_titles', {});
    expect(missing.json()).toEqual({ errors: { game_seo_titles: ['required'] } });
  });
});

describe('GET /api/games/:provider/:name', () => {
  it('answers one game by seo title', async () => {
    const res = await get('/api/games/orbit/stellar-sevens');
    expect(res.statusCode).toBe(200);
    expect(gameSchema.parse(res.json())).toMatchObject({
      identifier: 'orbit/stellar-sevens',
      lines: 20,
      volatility_rating: 'medium',
      payout: 96.09,
    });
    expect((await get('/api/games/orbit/nope')).statusCode).toBe(404);
  });
});

describe('GET /covers/:provider/:game.svg', () => {
  it('serves a local SVG with a long cache', async () => {
    const res = await get('/covers/orbit/stellar-sevens.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
    expect(res.body.startsWith('<svg')).toBe(true);
    expect(res.body).toContain('Stellar Sevens');
    // The SVG namespace is the only URL; nothing is fetched from anywhere.
    expect(res.body.replace('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|<image|@import|href=/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/covers/orbit/stellar-sevens.svg',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('has a cover for every game preview', async () => {
    for (const game of (await filter({ page_size: 100 })).data) {
      const res = await get(game.preview);
      expect(res.statusCode, game.preview).toBe(200);
    }
  });

  it('answers 404 for an unknown game', async () => {
    expect((await get('/covers/orbit/nope.svg')).statusCode).toBe(404);
    expect((await get('/covers/orbit/stellar-sevens.png')).statusCode).toBe(404);
  });
});

import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCEPT_CLIENT_GAMES,
  ACCEPT_CLIENT_IDS,
  FAVOURITE_GAMES_MAX,
  PLAYED_GAMES_MAX,
  playerGameIdsResponseSchema,
  playerGamesFullResponseSchema,
} from '@orbit/contracts';
import { PlayerGamesService, recordPlayed } from '../../src/modules/games';
import { games } from '../../src/modules/games/schema';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-04-01T10:00:00Z');
let t: TestApp;
/** Enabled games of the seeded catalogue, by id. */
let ids: number[];
let ann: { cookie: string; id: number };
let bob: { cookie: string; id: number };

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  ids = (
    await t.database.db.select({ id: games.id }).from(games).where(eq(games.enabled, true)).orderBy(asc(games.id))
  ).map((r) => r.id);
  expect(ids.length).toBeGreaterThanOrEqual(6);
  const a = await register(t, { email: 'ann@example.com' }, '10.9.0.1');
  const b = await register(t, { email: 'bob@example.com' }, '10.9.0.2');
  ann = { cookie: a.cookie, id: a.player.id };
  bob = { cookie: b.cookie, id: b.player.id };
});
afterAll(() => t.close());

const v1 = { 'accept-client': ACCEPT_CLIENT_IDS };
const v2 = { 'accept-client': ACCEPT_CLIENT_GAMES };
const FAVS = '/api/player/favorite_games';

/** The favourites as ids (v1), checked against the contract. */
async function favouriteIds(cookie: string): Promise<number[]> {
  const res = await call(t, 'GET', FAVS, { cookie, headers: v1 });
  expect(res.statusCode, res.body).toBe(200);
  return playerGameIdsResponseSchema.parse(res.json());
}

let added = 0;
/** Adds `n` enabled games to the catalogue (the seed has fewer than the limits need); answers their ids. */
async function addGames(n: number): Promise<number[]> {
  const [model] = await t.database.db.select({ providerId: games.providerId }).from(games).where(eq(games.id, ids[0]!));
  const batch = added;
  added += n;
  const rows = await t.database.db
    .insert(games)
    .values(
      Array.from({ length: n }, (_, i) => ({
        identifier: `orbit/test-${batch + i}`,
        providerId: model!.providerId,
        title: `Test ${batch + i}`,
        seoTitle: `test-${batch + i}`,
        currencies: ['EUR'],
      })),
    )
    .returning({ id: games.id });
  return rows.map((r) => r.id);
}

async function add(cookie: string, id: number) {
  clock.advance(1_000);
  return call(t, 'PUT', `${FAVS}/${id}`, { cookie, headers: v1 });
}

describe('guests', () => {
  it('answers every favourites and played-games call 401', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', FAVS],
      ['PUT', FAVS, { game_ids: [ids[0]] }],
      ['DELETE', FAVS],
      ['PUT', `${FAVS}/${ids[0]}`],
      ['DELETE', `${FAVS}/${ids[0]}`],
      ['GET', '/api/player/played_games'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(t, method as 'GET', url, { payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
    }
  });
});

describe('favourites one by one', () => {
  it('starts empty', async () => {
    expect(await favouriteIds(ann.cookie)).toEqual([]);
  });

  it('adds games, newest first, and answers the list', async () => {
    expect((await add(ann.cookie, ids[0]!)).json()).toEqual([ids[0]]);
    const res = await add(ann.cookie, ids[1]!);
    expect(res.statusCode).toBe(200);
    expect(playerGameIdsResponseSchema.parse(res.json())).toEqual([ids[1], ids[0]]);
  });

  it('adds idempotently: a game already there keeps its place', async () => {
    const res = await add(ann.cookie, ids[0]!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([ids[1], ids[0]]);
  });

  it('refuses an unknown or disabled game with 404 game_id not_found, changing nothing', async () => {
    await t.database.db.update(games).set({ enabled: false }).where(eq(games.id, ids[5]!));
    try {
      for (const id of [ids[5]!, 99_999_999, 0, 99_999_999_999]) {
        const res = await add(ann.cookie, id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ errors: { game_id: ['not_found'] } });
      }
    } finally {
      await t.database.db.update(games).set({ enabled: true }).where(eq(games.id, ids[5]!));
    }
    const bad = await call(t, 'PUT', `${FAVS}/not-a-number`, { cookie: ann.cookie });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { id: ['invalid_type'] } });
    expect(await favouriteIds(ann.cookie)).toEqual([ids[1], ids[0]]);
  });

  it('removes idempotently', async () => {
    const res = await call(t, 'DELETE', `${FAVS}/${ids[1]}`, { cookie: ann.cookie, headers: v1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([ids[0]]);
    for (const id of [ids[1], 99_999_999_999]) {
      const again = await call(t, 'DELETE', `${FAVS}/${id}`, { cookie: ann.cookie, headers: v1 });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual([ids[0]]);
    }
  });

  it("keeps one player's favourites from another", async () => {
    expect(await favouriteIds(bob.cookie)).toEqual([]);
    await add(bob.cookie, ids[2]!);
    expect(await favouriteIds(bob.cookie)).toEqual([ids[2]]);
    expect(await favouriteIds(ann.cookie)).toEqual([ids[0]]);
    // Bob removing Ann's favourite game from his own list leaves hers alone.
    await call(t, 'DELETE', `${FAVS}/${ids[0]}`, { cookie: bob.cookie });
    await call(t, 'DELETE', FAVS, { cookie: bob.cookie });
    expect(await favouriteIds(ann.cookie)).toEqual([ids[0]]);
  });
});

describe('two versions', () => {
  it('answers ids for v1 and for no or an unknown accept-client', async () => {
    for (const headers of [v1, {}, { 'accept-client': 'application/vnd.s.v9+json' }]) {
      const res = await call(t, 'GET', FAVS, { cookie: ann.cookie, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toContain('accept-client');
      expect(playerGameIdsResponseSchema.parse(res.json())).toEqual([ids[0]]);
    }
  });

  it('answers full games for v2, each carrying its numeric id in currencies', async () => {
    await add(ann.cookie, ids[3]!);
    const res = await call(t, 'GET', FAVS, { cookie: ann.cookie, headers: v2 });
    expect(res.statusCode).toBe(200);
    const list = playerGamesFullResponseSchema.parse(res.json());
    expect(list.map((g) => g.id)).toEqual([ids[3], ids[0]]);
    expect(list[0]!.identifier).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
    for (const game of list) for (const currency of Object.values(game.currencies)) expect(currency.id).toBe(game.id);
    // Writes answer in the version asked for too.
    const removed = await call(t, 'DELETE', `${FAVS}/${ids[3]}`, { cookie: ann.cookie, headers: v2 });
    expect(playerGamesFullResponseSchema.parse(removed.json()).map((g) => g.id)).toEqual([ids[0]]);
  });

  it('leaves a game the operator disables out of both versions, and brings it back when enabled again', async () => {
    await add(ann.cookie, ids[4]!);
    await t.database.db.update(games).set({ enabled: false }).where(eq(games.id, ids[4]!));
    try {
      expect(await favouriteIds(ann.cookie)).toEqual([ids[0]]);
      const full = await call(t, 'GET', FAVS, { cookie: ann.cookie, headers: v2 });
      expect(playerGamesFullResponseSchema.parse(full.json()).map((g) => g.id)).toEqual([ids[0]]);
    } finally {
      await t.database.db.update(games).set({ enabled: true }).where(eq(games.id, ids[4]!));
    }
    expect(await favouriteIds(ann.cookie)).toEqual([ids[4], ids[0]]);
  });
});

describe('the whole list', () => {
  it('replaces the list with game_ids in the order given, duplicates once', async () => {
    const res = await call(t, 'PUT', FAVS, {
      cookie: ann.cookie,
      headers: v1,
      payload: { game_ids: [ids[2], ids[1], ids[2], ids[3]] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([ids[2], ids[1], ids[3]]);
    expect(await favouriteIds(ann.cookie)).toEqual([ids[2], ids[1], ids[3]]);
  });

  it('refuses bad ids with 422 and changes nothing', async () => {
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ game_ids: [ids[0], 99_999_999] }, { game_ids: ['unknown_game'] }],
      [{ game_ids: [ids[0], 'x'] }, { 'game_ids.1': ['invalid_type'] }],
      [{ game_ids: [0] }, { 'game_ids.0': ['unknown_game'] }],
      [{}, { game_ids: ['required'] }],
      [{ game_ids: Array.from({ length: FAVOURITE_GAMES_MAX + 1 }, () => ids[0]) }, { game_ids: ['too_long'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await call(t, 'PUT', FAVS, { cookie: ann.cookie, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(res.json()).toEqual({ errors });
    }
    expect(await favouriteIds(ann.cookie)).toEqual([ids[2], ids[1], ids[3]]);
  });

  it('takes up to 500 favourites; a 501st is refused with 422 game_id limit_reached, a re-add still passes', async () => {
    const many = await addGames(FAVOURITE_GAMES_MAX + 1);
    const full = await call(t, 'PUT', FAVS, {
      cookie: bob.cookie,
      payload: { game_ids: many.slice(0, FAVOURITE_GAMES_MAX) },
    });
    expect(full.statusCode, full.body).toBe(200);
    expect((full.json() as number[]).length).toBe(FAVOURITE_GAMES_MAX);
    const over = await add(bob.cookie, many[FAVOURITE_GAMES_MAX]!);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({ errors: { game_id: ['limit_reached'] } });
    expect((await add(bob.cookie, many[0]!)).statusCode).toBe(200);
    expect((await favouriteIds(bob.cookie)).length).toBe(FAVOURITE_GAMES_MAX);
    await call(t, 'DELETE', FAVS, { cookie: bob.cookie });
  });

  it('clears the list', async () => {
    const res = await call(t, 'DELETE', FAVS, { cookie: ann.cookie, headers: v2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(await favouriteIds(ann.cookie)).toEqual([]);
  });

  it('refuses writes without X-Requested-With or from another origin (CSRF)', async () => {
    const noHeader = await t.app.inject({ method: 'PUT', url: `${FAVS}/${ids[0]}`, headers: { cookie: ann.cookie } });
    expect(noHeader.statusCode).toBe(403);
    const foreign = await call(t, 'DELETE', FAVS, { cookie: ann.cookie, headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    await add(ann.cookie, ids[0]!);
    expect(
      (
        await call(t, 'PUT', FAVS, {
          cookie: ann.cookie,
          headers: { origin: 'https://evil.example' },
          payload: { game_ids: [] },
        })
      ).statusCode,
    ).toBe(403);
    expect(await favouriteIds(ann.cookie)).toEqual([ids[0]]);
  });
});

describe('played games', () => {
  const played = async (cookie: string, headers: Record<string, string> = v1) => {
    const res = await call(t, 'GET', '/api/player/played_games', { cookie, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };

  it('is empty until plays are recorded', async () => {
    expect(await played(ann.cookie)).toEqual([]);
  });

  it('lists recorded plays latest first; replaying moves a game up, a late older report does not move it down', async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 3, 1, 11, minute));
    await recordPlayed(t.database.db, ann.id, ids[0]!, at(1));
    await recordPlayed(t.database.db, ann.id, ids[1]!, at(2));
    await recordPlayed(t.database.db, ann.id, ids[2]!, at(3));
    expect(playerGameIdsResponseSchema.parse(await played(ann.cookie))).toEqual([ids[2], ids[1], ids[0]]);
    await recordPlayed(t.database.db, ann.id, ids[0]!, at(4));
    await recordPlayed(t.database.db, ann.id, ids[2]!, at(0));
    expect(await played(ann.cookie)).toEqual([ids[0], ids[2], ids[1]]);
    const full = playerGamesFullResponseSchema.parse(await played(ann.cookie, v2));
    expect(full.map((g) => g.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(await played(bob.cookie)).toEqual([]);
  });

  it('records through the service with the clock by default, and refuses an unknown game', async () => {
    const service = new PlayerGamesService(t.database.db, clock, undefined as never);
    clock.advance(60_000);
    await service.recordPlayed(bob.id, ids[3]!);
    expect(await played(bob.cookie)).toEqual([ids[3]]);
    await expect(service.recordPlayed(bob.id, 99_999_999, clock.now())).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      field: 'game_id',
    });
  });

  it(`answers at most ${PLAYED_GAMES_MAX}, the latest`, async () => {
    const many = await addGames(PLAYED_GAMES_MAX + 5);
    for (const [i, id] of many.entries())
      await recordPlayed(t.database.db, bob.id, id, new Date(Date.UTC(2026, 4, 1, 0, 0, i)));
    const list = playerGameIdsResponseSchema.parse(await played(bob.cookie));
    expect(list).toEqual(many.slice(-PLAYED_GAMES_MAX).reverse());
  });
});

/**
 * The catalogue in the back office (docs/backoffice.md "Catalogue"): a marketing operator lists
 * providers, games and categories; a game switched off leaves the games lists, the lobby's data,
 * the collections and the launch at once (the cached answers are forgotten), and its open rounds
 * end as the provider protocol says (no new bet, wins and rollbacks taken); a provider switched off
 * takes its games along; a game's categories with its places, badges, devices and currencies and a
 * category's title and place are changed; every write audited and in the significant events log;
 * bad input 422 writing nothing; ids past 2^31; support and finance refused (403).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeCategoriesResponseSchema,
  backofficeGameSchema,
  backofficeGamesResponseSchema,
  backofficeProvidersResponseSchema,
  backofficeSignificantEventsResponseSchema,
  collectionsResponseSchema,
  gamesFilterResponseSchema,
  providersConfigSchema,
  type BackofficeGame,
} from '@orbit/contracts';
import { checkAuditChain } from '../../src/modules/backoffice';
import { Ledger } from '../../src/modules/wallet';
import { seedAll } from '../../src/seed';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount, newOperator, signInAdmin, type SignedInOperator } from '../support/backoffice';
import { call, register } from '../support/identity';
import { expectLedgerHolds } from '../support/ledger';
import { expectError, walletClient, type Player } from '../support/provider-wallet';

const clock = new FakeClock('2026-12-14T09:00:00Z');
let t: TestApp;
let admin: string;
let marketing: SignedInOperator;
let wallet: ReturnType<typeof walletClient>;
let ann: Player;

const ROULETTE = 'orbit/european-roulette';

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await signInAdmin(t, clock);
  marketing = await newOperator(t, clock, admin, 'marketing', 'catalogue-marketing@orbit.example');
  wallet = walletClient(t, new Ledger(clock));
  const a = await register(t, { email: 'catalogue-ann@example.com', currency: 'EUR' }, '10.9.0.1');
  ann = { cookie: a.cookie, id: a.player.id };
  await wallet.fund(ann, 100_00);
});
afterAll(() => t.close());

const bo = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, cookie = marketing.cookie) =>
  call(t, method, `/api/backoffice${url}`, { cookie, payload });

async function gameOf(identifier: string): Promise<BackofficeGame> {
  const res = await bo('GET', `/catalogue_games?q=${encodeURIComponent(identifier)}`);
  expect(res.statusCode, res.body).toBe(200);
  const game = backofficeGamesResponseSchema.parse(res.json()).data.find((g) => g.identifier === identifier);
  expect(game, identifier).toBeDefined();
  return game!;
}

/** What a guest's lobby reads: one category's row, as the lobby's loader asks for it. */
async function lobbyRow(category: string, device?: 'desktop' | 'mobile'): Promise<string[]> {
  const res = await call(t, 'POST', '/api/games_filter', {
    payload: {
      page: 1,
      page_size: 50,
      ...(device ? { device } : {}),
      filter: { categories: { identifiers: [category], strategy: 'OR' } },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return gamesFilterResponseSchema.parse(res.json()).data.map((g) => g.identifier);
}

async function allGames(): Promise<string[]> {
  const res = await call(t, 'POST', '/api/games_filter', { payload: { page: 1, page_size: 100 } });
  return gamesFilterResponseSchema.parse(res.json()).data.map((g) => g.identifier);
}

async function collections(): Promise<Record<string, number>> {
  const res = await call(t, 'GET', '/api/games/collections');
  return Object.fromEntries(collectionsResponseSchema.parse(res.json()).map((c) => [c.id, c.games_count]));
}

async function auditOf(action: string) {
  const { rows } = await t.database.db.execute(
    sql`select action, actor, target_type, target_id, before, after from audit_log where action = ${action} order by seq`,
  );
  return rows as Array<{
    action: string;
    actor: string;
    target_type: string;
    target_id: string;
    before: unknown;
    after: unknown;
  }>;
}

describe('the lists', () => {
  it('answers providers, games and categories with their states, counts and filters', async () => {
    const providers = backofficeProvidersResponseSchema.parse((await bo('GET', '/catalogue_providers')).json());
    expect(providers.data.map((p) => p.identifier)).toEqual(['orbit', 'aurora-live', 'meridian']);
    const orbit = providers.data[0]!;
    expect(orbit).toMatchObject({ enabled: true, launchable: true });
    expect(orbit.games_count).toBeGreaterThanOrEqual(15);
    // Catalogue-only studios are listed too (players never see them).
    expect(providers.data[1]).toMatchObject({ launchable: false });

    const live = backofficeGamesResponseSchema.parse((await bo('GET', '/catalogue_games?provider=aurora-live')).json());
    expect(live.total).toBeGreaterThan(0);
    expect(live.data.every((g) => g.provider === 'aurora-live' && !g.launchable)).toBe(true);

    const roulette = backofficeGamesResponseSchema.parse(
      (await bo('GET', '/catalogue_games?category=roulette')).json(),
    );
    expect(roulette.data.map((g) => g.identifier)).toContain(ROULETTE);
    expect(roulette.data.every((g) => g.categories.some((c) => c.identifier === 'roulette'))).toBe(true);

    const search = backofficeGamesResponseSchema.parse((await bo('GET', '/catalogue_games?q=NOVA')).json());
    expect(search.data.map((g) => g.identifier)).toEqual(['orbit/nova-sevens']);
    const paged = backofficeGamesResponseSchema.parse((await bo('GET', '/catalogue_games?per_page=2&page=2')).json());
    expect(paged.data).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(15);

    const one = await bo('GET', `/catalogue_games/${(await gameOf(ROULETTE)).id}`);
    expect(backofficeGameSchema.parse(one.json())).toMatchObject({
      identifier: ROULETTE,
      enabled: true,
      devices: ['desktop', 'mobile'],
    });

    const categories = backofficeCategoriesResponseSchema.parse((await bo('GET', '/catalogue_categories')).json());
    expect(categories.data[0]).toMatchObject({ identifier: 'top', position: 0 });
    expect(categories.data.find((c) => c.identifier === 'roulette')?.games_count).toBeGreaterThan(0);
  });
});

describe('a game switched off', () => {
  it('leaves the lobby, the lists, the collections and the launch at once, and comes back when switched on', async () => {
    const roulette = await gameOf(ROULETTE);
    // The lobby's answers are cached first: the change must be seen through the cache.
    expect(await lobbyRow('top')).toContain(ROULETTE);
    expect(await lobbyRow('roulette')).toEqual([ROULETTE]);
    expect(await allGames()).toContain(ROULETTE);
    expect((await collections()).roulette).toBe(1);
    const page = await call(t, 'GET', '/api/games/orbit/european-roulette');
    expect(page.statusCode).toBe(200);
    const config = providersConfigSchema.parse((await call(t, 'GET', '/api/fe/config/providers-config')).json());
    const count = config.providers.find((p) => p.id === 'orbit')!.games_count;

    const before = await auditCount(t);
    const off = await bo('POST', `/catalogue_games/${roulette.id}/disable`);
    expect(off.statusCode, off.body).toBe(200);
    expect(backofficeGameSchema.parse(off.json()).enabled).toBe(false);
    expect(await auditCount(t)).toBe(before + 1);
    const [entry] = (await auditOf('game.disabled')).slice(-1);
    expect(entry).toMatchObject({
      actor: 'catalogue-marketing@orbit.example',
      target_type: 'game',
      target_id: ROULETTE,
      before: { id: roulette.id, enabled: true },
      after: { id: roulette.id, enabled: false },
    });

    // No clock moves: the cached answers were forgotten, not expired.
    expect(await lobbyRow('top')).not.toContain(ROULETTE);
    expect(await lobbyRow('roulette')).toEqual([]);
    expect(await allGames()).not.toContain(ROULETTE);
    expect((await collections()).roulette).toBeUndefined();
    expect((await call(t, 'GET', '/api/games/orbit/european-roulette')).statusCode).toBe(404);
    const after = providersConfigSchema.parse((await call(t, 'GET', '/api/fe/config/providers-config')).json());
    expect(after.providers.find((p) => p.id === 'orbit')!.games_count).toBe(count - 1);
    const enable = (await call(t, 'GET', '/api/fe/config/enable-games-config')).json() as { real: string[] };
    expect(enable.real).not.toContain(ROULETTE);
    const launch = await wallet.launch(ann, ROULETTE);
    expect(launch.statusCode).toBe(404);
    expect(launch.json()).toEqual({ errors: { game_id: ['not_found'] } });
    expect((await wallet.launch(null, ROULETTE, 'demo')).statusCode).toBe(404);
    // The back office still lists it, as switched off.
    expect((await gameOf(ROULETTE)).enabled).toBe(false);
    const offList = backofficeGamesResponseSchema.parse((await bo('GET', '/catalogue_games?enabled=false')).json());
    expect(offList.data.map((g) => g.identifier)).toEqual([ROULETTE]);

    // Switching it off again changes nothing and records nothing.
    const again = await bo('POST', `/catalogue_games/${roulette.id}/disable`);
    expect(again.statusCode).toBe(200);
    expect(await auditCount(t)).toBe(before + 1);

    const on = await bo('POST', `/catalogue_games/${roulette.id}/enable`);
    expect(on.statusCode, on.body).toBe(200);
    expect(await auditOf('game.enabled')).toHaveLength(1);
    expect(await lobbyRow('top')).toContain(ROULETTE);
    expect((await collections()).roulette).toBe(1);
    expect((await wallet.launch(ann, ROULETTE)).statusCode).toBe(200);
  });

  it("ends its open rounds as the provider protocol says: no new bet, the open round's win and rollback taken", async () => {
    const roulette = await gameOf(ROULETTE);
    const token = await wallet.session(ann, ROULETTE);
    const rounds = { won: wallet.uid('round'), rolled: wallet.uid('round') };
    const bets = { won: wallet.uid('bet'), rolled: wallet.uid('bet') };
    expect((await wallet.bet(token, rounds.won, bets.won, 1_00)).status).toBe(200);
    expect((await wallet.bet(token, rounds.rolled, bets.rolled, 2_00)).status).toBe(200);

    expect((await bo('POST', `/catalogue_games/${roulette.id}/disable`)).statusCode).toBe(200);
    // A new bet, in an open round or a new one, is refused with the protocol's code; nothing moves.
    expectError(await wallet.bet(token, rounds.won, wallet.uid('bet'), 1_00), 403, 'game_disabled');
    expectError(await wallet.bet(token, wallet.uid('round'), wallet.uid('bet'), 1_00), 403, 'game_disabled');
    // The bet sent again keeps its first answer (the platform already took that money).
    expect((await wallet.bet(token, rounds.won, bets.won, 1_00)).status).toBe(200);
    // The open rounds settle: a win closes one, a rollback refunds the other.
    const won = await wallet.win(token, rounds.won, wallet.uid('win'), 3_00);
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    const rolled = await wallet.rollback(token, rounds.rolled, wallet.uid('rb'), bets.rolled);
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body.balance_cents).toBe(100_00 - 1_00 + 3_00);
    const { rows } = await t.database.db.execute(
      sql`select status, count(*)::int as n from game_rounds where user_id = ${ann.id} group by status order by status`,
    );
    expect(rows).toEqual([
      { status: 'closed', n: 1 },
      { status: 'rolled_back', n: 1 },
    ]);
    await expectLedgerHolds(t.database.db);

    // Switched on again, the same session bets at once.
    expect((await bo('POST', `/catalogue_games/${roulette.id}/enable`)).statusCode).toBe(200);
    expect((await wallet.bet(token, wallet.uid('round'), wallet.uid('bet'), 1_00)).status).toBe(200);
  });
});

describe('a provider switched off', () => {
  it('takes its games out of the lobby and refuses its bets at once; switched on, they return', async () => {
    const token = await wallet.session(ann, ROULETTE);
    const providers = backofficeProvidersResponseSchema.parse((await bo('GET', '/catalogue_providers')).json());
    const orbit = providers.data.find((p) => p.identifier === 'orbit')!;
    expect(await lobbyRow('slots')).not.toEqual([]);

    const off = await bo('POST', `/catalogue_providers/${orbit.id}/disable`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ identifier: 'orbit', enabled: false });
    expect(await lobbyRow('slots')).toEqual([]);
    expect(await collections()).toEqual({});
    expect((await call(t, 'GET', '/api/games/providers')).json()).toEqual([]);
    expectError(await wallet.bet(token, wallet.uid('round'), wallet.uid('bet'), 1_00), 403, 'game_disabled');
    expect((await auditOf('provider.disabled'))[0]).toMatchObject({ target_type: 'provider', target_id: 'orbit' });

    const on = await bo('POST', `/catalogue_providers/${orbit.id}/enable`);
    expect(on.statusCode, on.body).toBe(200);
    expect(await auditOf('provider.enabled')).toHaveLength(1);
    expect(await lobbyRow('slots')).not.toEqual([]);
    // The wallet's remembered provider row was forgotten too: the studio's bets are taken at once.
    expect((await wallet.bet(token, wallet.uid('round'), wallet.uid('bet'), 1_00)).status).toBe(200);
  });
});

describe('a game changed', () => {
  it('sets its categories and places, badges, devices and currencies; the lobby shows them at once; audited with before and after', async () => {
    const nova = await gameOf('orbit/nova-sevens');
    const stellar = await gameOf('orbit/stellar-sevens');
    const slots = await lobbyRow('slots');
    expect(slots.indexOf('orbit/nova-sevens')).toBeGreaterThan(0);
    expect(await lobbyRow('top')).not.toContain('orbit/nova-sevens');

    const res = await bo('PATCH', `/catalogue_games/${nova.id}`, {
      categories: [
        { identifier: 'slots', position: 0 },
        { identifier: 'top', position: 0 },
      ],
      badges: [{ type: 'exclusive', theme: 'red' }],
      devices: ['desktop'],
      currencies: ['EUR', 'USD'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = backofficeGameSchema.parse(res.json());
    expect(changed.categories.map((c) => c.identifier).sort()).toEqual(['slots', 'top']);
    expect(changed).toMatchObject({ badges: [{ type: 'exclusive', theme: 'red' }], devices: ['desktop'] });
    expect(changed.currencies).toEqual(['EUR', 'USD']);

    // Place 0 in Slots: second, after Stellar Sevens, whose place is 0 too and which comes first
    // in the catalogue; now in Top, gone from New; desktop only.
    expect((await lobbyRow('slots', 'desktop')).slice(0, 2)).toEqual(['orbit/stellar-sevens', 'orbit/nova-sevens']);
    expect(await lobbyRow('top')).toContain('orbit/nova-sevens');
    expect(await lobbyRow('new')).not.toContain('orbit/nova-sevens');
    expect(await lobbyRow('slots', 'mobile')).not.toContain('orbit/nova-sevens');
    const answered = await call(t, 'GET', '/api/games/orbit/nova-sevens');
    expect(answered.json()).toMatchObject({ badges: [{ type: 'exclusive', theme: 'red' }] });
    expect(Object.keys((answered.json() as { currencies: object }).currencies)).toEqual(['EUR', 'USD']);

    const [entry] = await auditOf('game.changed');
    expect(entry).toMatchObject({ target_type: 'game', target_id: 'orbit/nova-sevens' });
    expect(entry!.before).toMatchObject({ id: nova.id, devices: ['desktop', 'mobile'], badges: nova.badges });
    expect(entry!.after).toMatchObject({ id: nova.id, devices: ['desktop'], currencies: ['EUR', 'USD'] });

    // The order inside a category: Stellar Sevens moved to the end of Slots, Nova Sevens leads.
    const moved = await bo('PATCH', `/catalogue_games/${stellar.id}`, {
      categories: stellar.categories.map((c) => (c.identifier === 'slots' ? { ...c, position: 99 } : c)),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const desktopSlots = await lobbyRow('slots', 'desktop');
    expect(desktopSlots[0]).toBe('orbit/nova-sevens');
    expect(desktopSlots.at(-1)).toBe('orbit/stellar-sevens');
    // The back office lists a category in the order players see there.
    const listed = backofficeGamesResponseSchema.parse((await bo('GET', '/catalogue_games?category=slots')).json());
    expect(listed.data[0]!.identifier).toBe('orbit/nova-sevens');
    expect(listed.data.at(-1)!.identifier).toBe('orbit/stellar-sevens');

    // The same change again changes nothing and records nothing.
    const count = await auditCount(t);
    expect((await bo('PATCH', `/catalogue_games/${nova.id}`, { devices: ['desktop'] })).statusCode).toBe(200);
    expect(await auditCount(t)).toBe(count);
  });

  it("keeps the operators' changes through a seed (each start seeds)", async () => {
    const nova = await gameOf('orbit/nova-sevens');
    const stellar = await gameOf('orbit/stellar-sevens');
    const categories = backofficeCategoriesResponseSchema.parse((await bo('GET', '/catalogue_categories')).json());
    await seedAll(t.database.db);
    expect(await gameOf('orbit/nova-sevens')).toEqual(nova);
    // Taken out of New by the operator, it is not put back.
    expect(nova.categories.map((c) => c.identifier)).not.toContain('new');
    expect(await gameOf('orbit/stellar-sevens')).toEqual(stellar);
    expect(backofficeCategoriesResponseSchema.parse((await bo('GET', '/catalogue_categories')).json())).toEqual(
      categories,
    );
  });

  it('answers 422 with stable codes to bad input and writes nothing', async () => {
    const dice = await gameOf('orbit/orbit-dice');
    const before = await auditCount(t);
    const refused = async (body: unknown, errors: Record<string, string[]>) => {
      const res = await bo('PATCH', `/catalogue_games/${dice.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ errors });
    };
    await refused({}, { base: ['blank'] });
    // No field it knows: both said.
    await refused({ title: 'Renamed' }, { base: ['unknown_field', 'blank'] });
    await refused(
      {
        categories: [
          { identifier: 'slots', position: 0 },
          { identifier: 'nope', position: 1 },
        ],
      },
      {
        categories: ['unknown'],
      },
    );
    await refused(
      {
        categories: [
          { identifier: 'slots', position: 0 },
          { identifier: 'slots', position: 1 },
        ],
      },
      {
        categories: ['duplicate'],
      },
    );
    await refused({ categories: [{ identifier: 'slots', position: -1 }] }, { 'categories.0.position': ['invalid'] });
    await refused(
      { categories: [{ identifier: 'slots', position: 2 ** 31 }] },
      { 'categories.0.position': ['too_big'] },
    );
    await refused({ badges: [{ type: 'sale', theme: 'red' }] }, { 'badges.0.type': ['invalid'] });
    await refused({ badges: [{ type: 'new', theme: 'pink' }] }, { 'badges.0.theme': ['invalid'] });
    await refused({ devices: [] }, { devices: ['blank'] });
    await refused({ devices: ['tv'] }, { 'devices.0': ['invalid_device'] });
    await refused({ currencies: ['EUR', 'XYZ'] }, { currencies: ['unknown'] });
    await refused({ currencies: ['eur'] }, { 'currencies.0': ['invalid'] });
    await refused({ enabled: 'no' }, { enabled: ['invalid'] });
    // A valid change sent with a bad one is not half applied.
    await refused({ devices: ['desktop'], currencies: ['XYZ'] }, { currencies: ['unknown'] });
    expect(await gameOf('orbit/orbit-dice')).toEqual(dice);

    const category = (await bo('GET', '/catalogue_categories')).json() as { data: Array<{ id: number }> };
    const id = category.data[0]!.id;
    for (const [body, errors] of [
      [{}, { base: ['blank'] }],
      [{ title: '  ' }, { title: ['blank'] }],
      [{ title: 'x'.repeat(101) }, { title: ['too_long'] }],
      [{ position: 1.5 }, { position: ['invalid'] }],
      [{ kind: 'live' }, { base: ['unknown_field', 'blank'] }],
    ] as const) {
      const res = await bo('PATCH', `/catalogue_categories/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ errors });
    }
    expect(await auditCount(t)).toBe(before);
  });

  it('takes ids past 2^31 as no such id: 422 too_big, or 404 at the largest integer; nothing written', async () => {
    const before = await auditCount(t);
    for (const [method, url] of [
      ['GET', '/catalogue_games/2147483648'],
      ['POST', '/catalogue_games/9007199254740993/disable'],
      ['PATCH', '/catalogue_games/2147483648'],
      ['POST', '/catalogue_providers/4294967296/enable'],
      ['PATCH', '/catalogue_categories/2147483648'],
    ] as const) {
      const res = await bo(method, url, method === 'PATCH' ? { devices: ['desktop'] } : undefined);
      expect(res.statusCode, url).toBe(422);
      // Past the safe integers the number is not a whole one either: `invalid` comes with it.
      expect(res.json(), url).toEqual({
        errors: { id: url.includes('9007199254740993') ? ['invalid', 'too_big'] : ['too_big'] },
      });
    }
    for (const [method, url] of [
      ['GET', '/catalogue_games/2147483647'],
      ['POST', '/catalogue_games/2147483647/disable'],
      ['PATCH', '/catalogue_categories/2147483647'],
      ['POST', '/catalogue_providers/2147483647/disable'],
    ] as const) {
      const res = await bo(method, url, method === 'PATCH' ? { title: 'x' } : undefined);
      expect(res.statusCode, url).toBe(404);
    }
    expect(await auditCount(t)).toBe(before);
  });
});

describe('a category changed', () => {
  it('retitles and reorders it in the API at once, audited', async () => {
    const list = backofficeCategoriesResponseSchema.parse((await bo('GET', '/catalogue_categories')).json());
    const dice = list.data.find((c) => c.identifier === 'dice')!;
    const res = await bo('PATCH', `/catalogue_categories/${dice.id}`, { title: 'Dice & more', position: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ identifier: 'dice', title: 'Dice & more', position: 0 });
    const categories = (await call(t, 'GET', '/api/games/categories')).json() as Array<{
      identifier: string;
      title: string;
    }>;
    // Equal places: the older category first (`top` keeps 0 too).
    expect(categories.slice(0, 2).map((c) => c.identifier)).toEqual(['top', 'dice']);
    expect(categories[1]!.title).toBe('Dice & more');
    expect((await auditOf('category.changed'))[0]).toMatchObject({
      target_type: 'category',
      target_id: 'dice',
      before: { id: dice.id, title: 'Dice', position: dice.position },
      after: { id: dice.id, title: 'Dice & more', position: 0 },
    });
  });
});

describe('the significant events log and the audit chain', () => {
  it('lists the game and provider switches as game changes; the chain holds', async () => {
    const res = await call(
      t,
      'GET',
      '/api/backoffice/reports/significant-events?kind=game_change&from=2026-12-01&to=2026-12-31&per_page=50',
      { cookie: admin },
    );
    expect(res.statusCode, res.body).toBe(200);
    const events = backofficeSignificantEventsResponseSchema.parse(res.json()).data;
    const actions = events.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'game.disabled',
        'game.enabled',
        'game.changed',
        'provider.disabled',
        'provider.enabled',
      ]),
    );
    const disabled = events.find((e) => e.action === 'game.disabled')!;
    expect(disabled).toMatchObject({ kind: 'game_change', actor: 'catalogue-marketing@orbit.example' });
    expect(disabled.detail).toMatchObject({ target_type: 'game', target_id: ROULETTE, after: { enabled: false } });
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });
});

describe('roles', () => {
  it('refuses support and finance (403) and writes nothing; admin may', async () => {
    const roulette = await gameOf(ROULETTE);
    for (const role of ['support', 'finance'] as const) {
      const operator = await newOperator(t, clock, admin, role);
      const before = await auditCount(t);
      for (const [method, url, body] of [
        ['GET', '/catalogue_games', undefined],
        ['GET', '/catalogue_providers', undefined],
        ['GET', '/catalogue_categories', undefined],
        ['POST', `/catalogue_games/${roulette.id}/disable`, undefined],
        ['PATCH', `/catalogue_games/${roulette.id}`, { enabled: false }],
        ['POST', '/catalogue_providers/1/disable', undefined],
        ['PATCH', '/catalogue_categories/1', { title: 'Nope' }],
      ] as const) {
        const res = await bo(method, url, body, operator.cookie);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      expect(await auditCount(t), role).toBe(before);
    }
    expect((await gameOf(ROULETTE)).enabled).toBe(true);
    const { rows } = await t.database.db.execute(
      sql`select count(*)::int as n from audit_log where seq > 0 and action like 'game.%' and target_id = ${ROULETTE}`,
    );
    expect((rows[0] as { n: number }).n).toBe(4);
    expect((await bo('GET', '/catalogue_games', undefined, admin)).statusCode).toBe(200);
  });
});

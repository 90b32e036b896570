/**
 * A front end of this API family, brought unchanged (docs/compatibility.md): it walks a visitor's
 * and then a player's session in the order such a front end makes its calls, sends what it sends
 * (X-Requested-With, same-origin cookies, no CSRF token; no captcha and no country, the operator
 * running with CAPTCHA=off) and reads the answers the way it reads them: providers and
 * collections by string slug, snippets by key, player fields as a list, `//` page paths. Each
 * answer is also checked against its schema in packages/contracts.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ACCEPT_CLIENT_GAMES,
  batchResponseSchema,
  lootboxesResponseSchema,
  lotteriesResponseSchema,
  lotterySchema,
  lotteryStatusesResponseSchema,
  lotteryStatusSchema,
  tournamentPlayerResponseSchema,
  tournamentSchema,
  tournamentsRecentResponseSchema,
  tournamentsResponseSchema,
  tournamentStatusSchema,
  wheelSegmentSetsSchema,
  wheelTiersConfigSchema,
  bonusCancelInfoSchema,
  compPointsSchema,
  managersResponseSchema,
  moneyRewardsResponseSchema,
  typedRewardsResponseSchema,
  vipProgressSchema,
  bonusOffersResponseSchema,
  couponResponseSchema,
  playerBonusesResponseSchema,
  playerBonusSchema,
  playerFreespinsResponseSchema,
  promoCodeResponseSchema,
  ACCEPT_CLIENT_IDS,
  clientContextSchema,
  cmsPageSchema,
  cmsPagesResponseSchema,
  cmsSnippetsResponseSchema,
  collectionsResponseSchema,
  countriesResponseSchema,
  currenciesResponseSchema,
  currencyConfigSchema,
  availableBonusesResponseSchema,
  websocketAuthorizeResponseSchema,
  websocketTokenResponseSchema,
  currencyConfigBackForFrontSchema,
  menuCategoriesGamesMapSchema,
  currentIpResponseSchema,
  enableGamesConfigSchema,
  gameSchema,
  gamesFilterResponseSchema,
  gamesJackpotsResponseSchema,
  gamesMapResponseSchema,
  localesResponseSchema,
  menuCategoriesGamesConfigSchema,
  paymentsWithPagesResponseSchema,
  playerAccountSchema,
  playerAccountsResponseSchema,
  playerFieldsResponseSchema,
  playerGameIdsResponseSchema,
  playerGamesFullResponseSchema,
  playerSchema,
  playerSessionsResponseSchema,
  playerSettingsSchema,
  playerStatsSchema,
  projectInfoSchema,
  providersConfigSchema,
  providersResponseSchema,
  subscriptionsSchema,
  twoFactorSetupResponseSchema,
  userLimitsResponseSchema,
} from '@orbit/contracts';
import { createTestApp, type TestApp } from '../../apps/server/test/support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA: 'off' });
});
afterAll(() => t.close());

/** The client's request layer: JSON, X-Requested-With, its cookie jar; no CSRF token, no captcha. */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly ip: string) {}

  async send(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers = {}) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        accept: 'application/json',
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    this.keepCookies(res);
    return res;
  }

  /** The answer of a call that must succeed, parsed with its contract schema. */
  async read<S extends z.ZodType>(
    schema: S,
    method: Parameters<Client['send']>[0],
    url: string,
    body?: unknown,
    headers = {},
  ) {
    const res = await this.send(method, url, body, headers);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return schema.parse(res.json()) as z.infer<S>;
  }

  private keepCookies(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires !== undefined && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

const EMAIL = 'drop-in@example.com';
const PASSWORD = 'Drop-In-Client-42';

describe('a front end of this API family, unchanged', () => {
  const client = new Client('81.169.145.1'); // an address the offline table places in Germany
  const seen: { providerId?: string; category?: string; gameIds: number[]; seoTitles: string[] } = {
    gameIds: [],
    seoTitles: [],
  };

  it('boots: currencies, countries, locales, player fields, IP, project, settings, and the guest profile', async () => {
    const currencies = await client.read(currenciesResponseSchema, 'GET', '/api/info/currencies');
    expect(currencies.some((c) => c.code === 'EUR' && c.default)).toBe(true);
    await client.read(countriesResponseSchema, 'GET', '/api/info/countries');
    await client.read(localesResponseSchema, 'GET', '/api/info/locales');

    const fields = await client.read(playerFieldsResponseSchema, 'GET', '/api/info/player_fields');
    // How these clients read it: an array searched by `field`, contexts as lists of names.
    expect(Array.isArray(fields.fields)).toBe(true);
    expect(fields.contexts.registration.includes('email')).toBe(true);
    expect(fields.fields.find((f) => f.field === 'password')?.length?.minimum).toBeGreaterThan(0);

    const ip = await client.read(currentIpResponseSchema, 'GET', '/api/current_ip');
    expect(ip.country_code).toBe('DE');

    const project = await client.read(projectInfoSchema, 'GET', '/api/info/project');
    expect(project.notification_center.new_realtime_notifications_flow_enabled).toBe(true);
    expect(project).toMatchObject({ apps: { casino: true }, license: 'CW', player_two_factor_auth: true });

    const settings = await client.read(playerSettingsSchema, 'GET', '/api/player/settings');
    expect(settings.recaptcha).toBeNull(); // no captcha in force: the client sends none
    expect(settings.captcha.provider).toBe('off');

    // A guest's profile answers 401, which the client takes as "guest".
    expect((await client.send('GET', '/api/player')).statusCode).toBe(401);
  });

  it('reads the CMS: pages (by their `/` paths), snippets by key, and the front-end configuration documents', async () => {
    const pages = await client.read(cmsPagesResponseSchema, 'GET', '/api/cms/pages?l=en');
    expect(pages.length).toBeGreaterThan(0);
    const first = pages[0]!;
    expect(first.path.startsWith('/')).toBe(true);
    // The client builds the URL from the path: `/api/cms/pages//<slug>`.
    const page = await client.read(cmsPageSchema, 'GET', `/api/cms/pages/${first.path}?l=en`);
    expect(page.path).toBe(first.path);
    expect(() => JSON.parse(page.blocks.json)).not.toThrow();

    const snippets = await client.read(cmsSnippetsResponseSchema, 'GET', '/api/cms/snippets?l=en');
    expect(snippets.every((s) => typeof s.id === 'string')).toBe(true);
    expect(snippets.find((s) => s.id === 'footer-licence-ee')?.content).toBeTruthy();

    const currency = await client.read(currencyConfigSchema, 'GET', '/api/fe/config/currency-config');
    expect(currency.default_currency).toBe('EUR');
    const menu = await client.read(menuCategoriesGamesConfigSchema, 'GET', '/api/fe/config/menu-categories-games');
    expect(menu.items.length).toBeGreaterThan(0);
    // The back-for-front path answers these two as existing sites' own does: the menus as lists of
    // category slugs, and a `default` display beside the currencies shown in other units.
    const menus = await client.read(menuCategoriesGamesMapSchema, 'GET', '/api-fe/config/menu-categories-games');
    expect(menus.pokies).toEqual(menu.items.filter((i) => i.kind === 'pokies').map((i) => i.identifier));
    expect(Object.values(menus).flat()).toEqual(expect.arrayContaining(['top', 'live']));
    const currencies = await client.read(currencyConfigBackForFrontSchema, 'GET', '/api-fe/config/currency-config');
    const display = (code: string) =>
      (currencies[code] ?? currencies.default) as { per_unit: number; label: string | null };
    expect(display('EUR')).toEqual({ per_unit: 1, label: null, max_fraction_digits: 2 });
    expect(display('BTC')).toMatchObject({ per_unit: 1_000_000, label: 'μBTC' });
    expect(currencies.default_currency).toBe('EUR');
    for (const prefix of ['/api/fe/config', '/api-fe/config']) {
      const providers = await client.read(providersConfigSchema, 'GET', `${prefix}/providers-config`);
      expect(providers.providers.some((p) => p.id === 'orbit' && p.games_count > 0)).toBe(true);
      const enabled = await client.read(enableGamesConfigSchema, 'GET', `${prefix}/enable-games-config`);
      expect(enabled.real).toContain('orbit/stellar-sevens');
    }
  });

  it('walks the lobby: providers and collections by slug, games by category and provider, search, select, jackpots, a random game', async () => {
    const providers = await client.read(providersResponseSchema, 'GET', '/api/games/providers');
    const orbit = providers.find((p) => p.id === 'orbit');
    expect(orbit, 'providers answer string slugs').toBeDefined();
    seen.providerId = orbit!.id;

    const collections = await client.read(collectionsResponseSchema, 'GET', '/api/games/collections');
    const slots = collections.find((c) => c.id === 'slots');
    expect(slots?.games_count).toBeGreaterThan(0);
    seen.category = slots!.id;

    const byCategory = await client.read(gamesFilterResponseSchema, 'POST', '/api/games_filter', {
      device: 'desktop',
      page: 1,
      page_size: 12,
      filter: { categories: { identifiers: [seen.category], strategy: 'OR' } },
      sort: { type: 'position', direction: 'asc' },
    });
    // The collection's count is what a filter by its slug finds.
    expect(byCategory.pagination.total_count).toBe(slots!.games_count);

    const byProvider = await client.read(gamesFilterResponseSchema, 'POST', '/api/games_filter', {
      device: 'desktop',
      page: 1,
      page_size: 12,
      filter: { providers: [seen.providerId] },
    });
    expect(byProvider.data.every((g) => g.provider === seen.providerId)).toBe(true);

    const search = await client.read(gamesFilterResponseSchema, 'POST', '/api/games_filter', {
      device: 'mobile',
      filter: { title: 'roul' },
    });
    expect(search.data.map((g) => g.title)).toContain('European Roulette');

    const game = byProvider.data[0]!;
    seen.gameIds = byProvider.data.slice(0, 2).map((g) => Object.values(g.currencies)[0]!.id);
    seen.seoTitles = byProvider.data.slice(0, 2).map((g) => g.seo_title);
    const selected = await client.read(gamesMapResponseSchema, 'POST', '/api/games_filter/select', {
      device: 'desktop',
      game_ids: seen.gameIds,
    });
    expect(Object.keys(selected)).toContain(game.identifier);
    // These clients send the games' identifiers (`provider/game`), and read the map by them.
    const byIdentifier = await client.read(gamesMapResponseSchema, 'POST', '/api/games_filter/select', {
      device: 'desktop',
      game_ids: [game.identifier, 'orbit/no-such-game'],
    });
    expect(Object.keys(byIdentifier)).toEqual([game.identifier]);
    expect(byIdentifier[game.identifier]!.title).toBe(game.title);
    const badReference = await client.send('POST', '/api/games_filter/select', { game_ids: ['not an identifier'] });
    expect(badReference.statusCode).toBe(422);
    const bySeo = await client.read(gamesMapResponseSchema, 'POST', '/api/games_filter/select_by_seo_titles', {
      game_seo_titles: seen.seoTitles,
    });
    expect(Object.keys(bySeo)).toContain(game.identifier);

    await client.read(gamesJackpotsResponseSchema, 'GET', '/api/games/jackpots');
    const random = await client.read(gameSchema, 'GET', `/api/games/random?identifier=${seen.category}`);
    expect(random.categories).toContain(seen.category);
    expect((await client.send('GET', '/api/games/random?identifier=no-such-category')).statusCode).toBe(404);
    // With no query at all: one game of the whole lobby.
    const anyGame = await client.read(gameSchema, 'GET', '/api/games/random');
    expect(anyGame.identifier).toMatch(/^[a-z0-9-]+\/[a-z0-9-]+$/);
  });

  it('registers without country and captcha, signs out and in again', async () => {
    const res = await client.send('POST', '/api/users', {
      user: {
        email: EMAIL,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        currency: 'EUR',
        terms_acceptance: true,
        age_acceptance: true,
        receive_promos: false,
        receive_sms_promos: false,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const player = playerSchema.parse(res.json());
    expect(player.country).toBe('DE'); // where the request came from
    expect(player.auth_fields_missed).not.toContain('country');

    expect((await client.send('DELETE', '/api/users/sign_out')).statusCode).toBe(200);
    expect((await client.send('GET', '/api/player')).statusCode).toBe(401);
    const signIn = await client.send('POST', '/api/users/sign_in', { user: { email: EMAIL, password: PASSWORD } });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('makes the signed-in calls: profile, settings, accounts, wallet switch, subscriptions, sessions, two-factor, stats, payments, limits', async () => {
    const player = await client.read(playerSchema, 'GET', '/api/player');
    expect(player.email).toBe(EMAIL);
    const settings = await client.read(playerSettingsSchema, 'GET', '/api/player/settings');
    expect(settings.cent?.token).toBeTruthy();

    const accounts = await client.read(playerAccountsResponseSchema, 'GET', '/api/player/accounts');
    expect(accounts.find((a) => a.active)?.currency).toBe('EUR');
    const switched = await client.read(playerAccountSchema, 'POST', '/api/player/accounts', { currency: 'USD' });
    expect(switched).toMatchObject({ currency: 'USD', active: true });
    await client.read(playerAccountSchema, 'POST', '/api/player/accounts', { currency: 'EUR' });

    await client.read(subscriptionsSchema, 'GET', '/api/subscriptions');
    const sessions = await client.read(playerSessionsResponseSchema, 'GET', '/api/player/sessions');
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const twoFactor = await client.read(twoFactorSetupResponseSchema, 'GET', '/api/v2/player/two_factor');
    expect(twoFactor.data.startsWith('data:image/')).toBe(true);
    await client.read(playerStatsSchema, 'GET', '/api/player/stats');
    const payments = await client.read(paymentsWithPagesResponseSchema, 'POST', '/api/player/payments/with_pages', {
      page: 1,
      page_size: 10,
      filter: { currency: 'EUR', type: 'deposit' },
    });
    expect(payments.pagination).toEqual({ page: 1, per_page: 10, total_count: 0 });

    const limits = await client.read(userLimitsResponseSchema, 'POST', '/api/user_limits', {
      type: 'deposit',
      period: 'day',
      accounts: [{ currency: 'EUR', amount_cents: 50_000 }],
    });
    const deposit = limits.find((l) => l.type === 'deposit')!;
    expect(deposit.accounts[0]).toMatchObject({ currency: 'EUR', amount_cents: 50_000, current_value_amount_cents: 0 });
    expect(await client.read(userLimitsResponseSchema, 'GET', '/api/user_limits')).toHaveLength(1);
    // Removing a limit waits 24 hours and a confirmation: the answer says so.
    const afterDelete = await client.read(userLimitsResponseSchema, 'DELETE', `/api/user_limits/${deposit.id}`);
    expect(afterDelete.find((l) => l.id === deposit.id)?.status).toBe('pending');
  });

  it('takes the gifts as these clients do: offers, bonus codes, settings, promo code, coupon, activation, cancel information, cancel', async () => {
    await t.app.orbitOutbox.drain(); // the registration gift is given after the registration commits
    const guest = new Client('81.169.145.2');
    const registration = await guest.read(bonusOffersResponseSchema, 'GET', '/api/bonuses/registration');
    expect(registration.length).toBeGreaterThan(0);
    // These clients read each offer's first part's title.
    expect(registration.every((offer) => offer.bonuses[0]!.title.length > 0)).toBe(true);
    expect(await guest.read(availableBonusesResponseSchema, 'GET', '/api/bonuses/available_bonuses')).toEqual({
      available_bonuses: true,
    });

    const bonuses = await client.read(playerBonusesResponseSchema, 'GET', '/api/player/bonuses');
    const welcome = bonuses.find((b) => b.strategy === 'registration')!;
    expect(welcome).toMatchObject({ stage: 'issued', activatable: true, cancelable: true });
    expect(await client.read(playerFreespinsResponseSchema, 'GET', '/api/player/freespins')).toEqual([]);
    const deposit = await client.read(bonusOffersResponseSchema, 'GET', '/api/bonuses/deposit');
    expect(deposit.every((offer) => offer.bonuses.length > 0 && offer.bonuses[0]!.title === offer.title)).toBe(true);
    // A deposit offer with free spins names both parts.
    const withSpins = deposit.find((offer) => offer.freespins_count);
    if (withSpins) expect(withSpins.bonuses.map((part) => part.type)).toEqual(['bonus', 'freespins']);
    expect(await client.read(availableBonusesResponseSchema, 'GET', '/api/bonuses/available_bonuses')).toEqual({
      available_bonuses: deposit.length > 0,
    });
    await client.read(bonusOffersResponseSchema, 'GET', '/api/v2/bonuses');
    const code = deposit[0]!.code!;
    await client.send('PATCH', '/api/player/set_bonus_code', { deposit_bonus_code: code });
    expect((await client.read(playerSchema, 'GET', '/api/player')).deposit_bonus_code).toBe(code);
    await client.send('DELETE', '/api/player/clear_bonus_code');
    expect((await client.read(playerSchema, 'GET', '/api/player')).deposit_bonus_code).toBeNull();
    await client.send('PATCH', '/api/player/update_bonus_settings', { can_issue: true });
    expect((await client.read(playerSchema, 'GET', '/api/player')).can_issue_bonuses).toBe(true);

    const spins = await client.read(promoCodeResponseSchema, 'POST', '/api/v2/bonuses/promo-code', { code: 'SPINS10' });
    expect(spins.bonus_type).toBe('freespins');
    expect((await client.read(playerFreespinsResponseSchema, 'GET', '/api/player/freespins'))[0]!.id).toBe(
      spins.bonus_id,
    );
    const coupon = await client.read(couponResponseSchema, 'POST', '/api/bonuses/coupon', { coupon_code: 'ORBIT10' });
    expect(coupon.status).toBe('successfully_activated');

    const couponBonus = (await client.read(playerBonusesResponseSchema, 'GET', '/api/player/bonuses')).find(
      (b) => b.strategy === 'coupon',
    )!;
    expect(couponBonus.stage).toBe('handle_bets');
    const info = await client.read(bonusCancelInfoSchema, 'GET', `/api/player/bonuses/${couponBonus.id}/cancel_info`);
    expect(info.bonus_balance).toBe(couponBonus.amount_cents);
    const canceled = await client.read(playerBonusSchema, 'DELETE', `/api/player/bonuses/${couponBonus.id}`);
    expect(canceled.stage).toBe('canceled');
    const activated = await client.read(playerBonusSchema, 'POST', `/api/player/bonuses/${welcome.id}/activation`);
    expect(activated.stage).toBe('handle_bets');
    const accounts = await client.read(playerAccountsResponseSchema, 'GET', '/api/player/accounts');
    expect(accounts.find((a) => a.active)).toMatchObject({
      available_to_bet_with_locked_cent: welcome.amount_cents,
      bonus_cents: welcome.amount_cents,
    });
  });

  it('takes the loyalty calls as these clients do: comp points, rates, an exchange, VIP progress, managers', async () => {
    const guest = new Client('81.169.145.3');
    const progress = await guest.read(vipProgressSchema, 'GET', '/jam/vip_status_progress');
    expect(progress).toMatchObject({ currentStatus: 'regular', nextStatus: 'bronze', overallProgress: 0 });
    const money = await guest.read(moneyRewardsResponseSchema, 'GET', '/api/comp_points/rates/money');
    expect(money.length).toBeGreaterThan(0);
    await guest.read(typedRewardsResponseSchema, 'GET', '/api/comp_points/rates/freespins');
    expect((await guest.send('GET', '/api/player/comp_points')).statusCode).toBe(401);

    expect(await client.read(compPointsSchema, 'GET', '/api/player/comp_points')).toEqual({
      chargeable: { points: 0 },
      persistent: { points: 0 },
    });
    // The client sends only {points, currency, group}: with no points the refusal names the reason.
    const cash = money.find((m) => m.wager === 0)!;
    const rate = cash.rates.find((r) => r.currency === 'EUR')!;
    const refused = await client.send('POST', '/api/comp_points/exchange/money', {
      exchange: { points: rate.points, currency: 'EUR', group: cash.group },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { base: ['not_enough_points'] } });
    expect((await client.read(vipProgressSchema, 'GET', '/jam/vip_status_progress')).userId).not.toBeNull();
    await client.read(managersResponseSchema, 'POST', '/api/fe/config/managers', { userGroups: [] });
    await client.read(managersResponseSchema, 'POST', '/api-fe/config/managers', { userGroups: [] });
    const player = await client.read(playerSchema, 'GET', '/api/player');
    expect(player.level).toMatchObject({ id: 'level_1', conditions: { persistent_comp_points: { max: 100 } } });
  });

  it('takes the promotion calls as these clients do: tournaments, statuses in a batch, confirm, lotteries, loot boxes', async () => {
    const guest = new Client('81.169.145.4');
    const list = await guest.read(tournamentsResponseSchema, 'GET', '/api/tournaments');
    // The demo runs a tournament and a quest at all times.
    const race = list.find((x) => x.kind === 'tournament' && x.status === 'active')!;
    const quest = list.find((x) => x.kind === 'quest' && x.status === 'active')!;
    expect(race).toBeDefined();
    expect(quest.questSize).not.toBeNull();
    await guest.read(tournamentSchema, 'GET', `/api/tournaments/${race.id}`);
    await guest.read(tournamentsRecentResponseSchema, 'GET', '/api/tournaments/recent');
    expect((await guest.send('GET', `/api/tournaments/${race.id}/status`)).statusCode).toBe(401);

    await client.read(tournamentPlayerResponseSchema, 'GET', '/api/tournaments/player');
    const joined = await client.read(tournamentStatusSchema, 'POST', `/api/tournaments/${race.id}/confirm`, {
      confirmed: true,
    });
    expect(joined.user_confirmed).toBe(true);
    const batch = await client.read(
      batchResponseSchema,
      'GET',
      `/batch?url[]=api/tournaments/${race.id}/status&url[]=api/tournaments/${quest.id}/status&url[]=api/tournaments/0/status`,
    );
    expect(tournamentStatusSchema.parse(batch[`api/tournaments/${quest.id}/status`]).levels.length).toBeGreaterThan(0);
    expect(batch['api/tournaments/0/status']).toEqual({});

    const lotteries = await guest.read(lotteriesResponseSchema, 'GET', '/api/lotteries');
    const draw = lotteries.find((l) => l.status === 'active')!;
    expect(draw.draw.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    await guest.read(lotterySchema, 'GET', `/api/lotteries/${draw.slug}`);
    await client.read(lotteryStatusesResponseSchema, 'GET', '/api/lotteries/statuses');
    expect(await client.read(lotteryStatusSchema, 'GET', `/api/lotteries/${draw.id}/status`)).toMatchObject({
      lottery_id: draw.id,
      tickets_count: 0,
      tickets: [],
    });
    expect(await client.read(lootboxesResponseSchema, 'GET', '/api/player/lootboxes')).toEqual([]);
    expect((await client.send('POST', '/api/player/lootboxes/1/activation')).statusCode).toBe(404);
    const segments = await guest.read(wheelSegmentSetsSchema, 'GET', '/api/fe/config/wheel-config-segments');
    expect(segments.segments_by_group.default!.map((x) => x.weight)).toContain(5000);
    await guest.read(wheelTiersConfigSchema, 'GET', '/api/fe/config/wheel-config');
  });

  it('keeps favourites in both content-type versions and lists played games', async () => {
    const [first, second] = seen.gameIds;
    const v1 = { 'accept-client': ACCEPT_CLIENT_IDS };
    const v2 = { 'accept-client': ACCEPT_CLIENT_GAMES };
    await client.read(playerGameIdsResponseSchema, 'PUT', `/api/player/favorite_games/${first}`, undefined, v1);
    await client.read(playerGameIdsResponseSchema, 'PUT', `/api/player/favorite_games/${second}`, undefined, v1);
    const ids = await client.read(playerGameIdsResponseSchema, 'GET', '/api/player/favorite_games', undefined, v1);
    expect(new Set(ids)).toEqual(new Set([first, second]));
    const games = await client.read(playerGamesFullResponseSchema, 'GET', '/api/player/favorite_games', undefined, v2);
    expect(games.map((g) => g.seo_title).sort()).toEqual([...seen.seoTitles].sort());
    await client.read(playerGameIdsResponseSchema, 'GET', '/api/player/played_games', undefined, v1);
  });

  it('finds the realtime gateway the way these clients do', async () => {
    const project = await client.read(projectInfoSchema, 'GET', '/api/info/project');
    expect(project.notification_center.new_realtime_notifications_flow_enabled).toBe(true);
    const res = await client.send('GET', '/api/notification_center/centrifugo/subscription');
    expect(res.statusCode, res.body).toBe(200);
    const subscription = res.json() as { url: string; token: string; client_name: string; user: string };
    expect(subscription.url).toMatch(/^wss?:\/\//);
    expect(subscription.token).toBeTruthy();
    expect(subscription.user).toBeTruthy();
    expect(subscription.client_name).toBeTruthy();

    // The betting site's frame: the connection token, then a token per private channel of the player's.
    const { token } = await client.read(websocketTokenResponseSchema, 'POST', '/api/v2/websocket/token');
    expect(token.split('.')).toHaveLength(3);
    const own = `ws:${subscription.client_name}:balance#${subscription.user}`;
    const someoneElses = `ws:${subscription.client_name}:balance#someone-else`;
    const granted = await client.read(websocketAuthorizeResponseSchema, 'POST', '/api/v2/websocket/authorize', {
      client: 'frame',
      channels: [own, someoneElses],
    });
    expect(granted.map((g) => g.channel)).toEqual([own]);
    const all = await client.read(websocketAuthorizeResponseSchema, 'POST', '/api/v2/websocket/authorize', {});
    expect(all.map((g) => g.channel)).toContain(
      `ws:${subscription.client_name}:personal_notifications#${subscription.user}`,
    );
    const guest = new Client('81.169.145.9');
    expect(await guest.read(websocketTokenResponseSchema, 'POST', '/api/v2/websocket/token')).toEqual({ token: '' });
    expect((await guest.send('POST', '/api/v2/websocket/authorize', {})).statusCode).toBe(401);
  });
});

describe("the page's telemetry as these clients send it", () => {
  const client = new Client('81.169.145.2');
  const browser = {
    'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
  };

  it('reports form errors, the campaign, log lines, timings and the network, and reads its context', async () => {
    const calls: Array<[Parameters<Client['send']>[0], string, unknown]> = [
      ['PUT', '/metrics-errors-validation', { form: 'sign_up', field: 'email', code: 'taken' }],
      ['POST', '/log_utm_set', { utmMetrics: { utm_source: 'partner', utm_medium: 'cpc', sub_id: '42' } }],
      ['POST', '/log_utm_send', { utmMetrics: { utm_source: 'partner' } }],
      ['PUT', '/log', { level: 'error', message: 'LOAD_STAG_BY_REFER_NAME_CONFIG', context: { status: 500 } }],
      ['PUT', '/performance', { name: 'LCP', value: 2100, page: '/' }],
      ['PUT', '/network-performance', { rtt: 100, downlink: 5.5, effectiveType: '4g' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await client.send(method, url, body, browser);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(204);
    }
    const context = await client.read(clientContextSchema, 'GET', '/client-context', undefined, browser);
    expect(context).toMatchObject({ country: 'DE', is_bot: false, telemetry: true });
  });
});

describe('registration limits without a captcha', () => {
  it('still refuses a flood of sign-ups from one address', async () => {
    const r = await createTestApp({ CAPTCHA: 'off', REGISTRATIONS_PER_ADDRESS_HOUR: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await r.app.inject({
          method: 'POST',
          url: '/api/users',
          remoteAddress: '203.0.113.9',
          headers: { 'x-requested-with': 'XMLHttpRequest' },
          payload: {
            user: { email: `flood-${i}@example.com`, password: PASSWORD, currency: 'EUR', terms_acceptance: true },
          },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await r.close();
    }
  });

  it('gives a player from an unlisted place the licence default country', async () => {
    const r = await createTestApp({ CAPTCHA: 'off' });
    try {
      const signUp = (host: string, email: string) =>
        r.app.inject({
          method: 'POST',
          url: '/api/users',
          remoteAddress: '127.0.0.1', // a private address: no country known
          headers: { 'x-requested-with': 'XMLHttpRequest', host },
          payload: { user: { email, password: PASSWORD, currency: 'EUR', terms_acceptance: true } },
        });
      const cw = await signUp('orbit.example', 'cw@example.com');
      expect(cw.statusCode, cw.body).toBe(201);
      expect(playerSchema.parse(cw.json()).country).toBe('CA');
      const ee = await signUp('ee.orbit.example', 'ee@example.com');
      expect(ee.statusCode, ee.body).toBe(201);
      expect(playerSchema.parse(ee.json()).country).toBe('EE');
    } finally {
      await r.close();
    }
  });
});

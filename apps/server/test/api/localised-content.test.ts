/**
 * The server's texts in the page's locale (docs/localisation.md): the same call answers the
 * demo content's names and descriptions in German with a German locale, in French for fr-CA
 * (through `fr`), in English for an English variant or a locale the site does not have; and an
 * operator's per-locale texts are validated and served the same way.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bonusOffersResponseSchema,
  loyaltyLevelsResponseSchema,
  moneyRewardsResponseSchema,
  playerBonusesResponseSchema,
  tournamentsResponseSchema,
  typedRewardsResponseSchema,
} from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-06-15T10:00:00Z');
const OPERATOR = 'operator-token-operator-token-operator-token';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, cookie?: string) =>
  call(t, 'GET', url, { headers, ...(cookie ? { cookie } : {}) });

const moneyTitles = async (headers: Record<string, string> = {}, query = '') =>
  moneyRewardsResponseSchema
    .parse((await get(`/api/comp_points/rates/money${query}`, headers)).json())
    .map((r) => r.title);

describe('content in the page locale', () => {
  it('answers the shop, the levels, the offers and the tournaments in German for a German page', async () => {
    expect(await moneyTitles({ locale: 'de' })).toContain('Bonusgeld');
    const spins = typedRewardsResponseSchema.parse(
      (await get('/api/comp_points/rates/freespins', { locale: 'de' })).json(),
    );
    expect(spins.map((r) => r.title)).toContain('10 Freispiele für Stellar Sevens');
    const money = moneyRewardsResponseSchema.parse(
      (await get('/api/comp_points/rates/money', { locale: 'de' })).json(),
    );
    expect(money.find((r) => r.group === 'cash-5')?.description).toBe('Echtgeld, sofort zum Spielen oder Auszahlen.');

    const levels = loyaltyLevelsResponseSchema.parse((await get('/api/loyalty/levels', { locale: 'de' })).json());
    expect(levels[0]?.name).toBe('Startrampe');
    expect(levels[2]?.content).toBe('Ab 250 gesammelten Comp-Punkten.');
    expect(levels[0]?.gift_descriptions[0]?.name).toBe('Comp-Punkte auf jeden Einsatz');

    const offers = bonusOffersResponseSchema.parse(
      (await get('/api/bonuses/registration?currency=EUR', { locale: 'de' })).json(),
    );
    expect(offers.map((o) => o.title)).toContain('Willkommensgeschenk');

    const tournaments = tournamentsResponseSchema.parse((await get('/api/tournaments', { locale: 'de' })).json());
    expect(tournaments.map((x) => x.title)).toContain('Orbit Slots-Rennen');
  });

  it('takes ?l= before the header and the header before Accept-Language', async () => {
    expect(await moneyTitles({ locale: 'en', 'accept-language': 'de' })).toContain('Bonus money');
    expect(await moneyTitles({ 'accept-language': 'it-IT,it;q=0.9' })).toContain('Denaro bonus');
    expect(await moneyTitles({ locale: 'de' }, '?l=no')).toContain('Bonuspenger');
  });

  it('falls back: fr-CA reads French, an English variant and an unknown locale read English', async () => {
    expect(await moneyTitles({ locale: 'fr-CA' })).toContain('Argent bonus');
    expect(await moneyTitles({ locale: 'en-AU' })).toContain('Bonus money');
    expect(await moneyTitles({ locale: 'ja' })).toContain('Bonus money');
    expect(await moneyTitles()).toContain('Bonus money');
  });

  it("names a player's own bonus in the page's locale", async () => {
    const { cookie, player } = await register(t, { email: 'localised@example.com', currency: 'EUR' }, '10.77.0.1');
    await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
    await t.app.orbitOutbox.drain();
    const titles = async (locale: string) =>
      playerBonusesResponseSchema
        .parse((await get('/api/player/bonuses', { locale }, cookie)).json())
        .map((b) => b.title);
    expect(await titles('de')).toContain('Willkommensgeschenk');
    expect(await titles('en-NZ')).toContain('Welcome gift');
  });
});

describe("an operator's per-locale texts", () => {
  const operator = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: { authorization: `Bearer ${OPERATOR}` }, payload });

  it('serves the most specific locale given, each field falling back on its own', async () => {
    const res = await operator('/api/operator/bonus_templates/localised-gift', {
      kind: 'registration',
      title: 'Summer gift',
      description: 'A gift for the summer.',
      translations: {
        fr: { title: 'Cadeau d’été', description: 'Un cadeau pour l’été.' },
        'fr-CA': { title: 'Cadeau estival' },
      },
      money: { EUR: { amount_cents: 500 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().translations['fr-CA']).toEqual({ title: 'Cadeau estival' });
    const offer = async (locale: string) =>
      bonusOffersResponseSchema
        .parse((await get('/api/bonuses/registration?currency=EUR', { locale })).json())
        .find((o) => o.id === res.json().id);
    expect(await offer('fr-CA')).toMatchObject({ title: 'Cadeau estival', description: 'Un cadeau pour l’été.' });
    expect(await offer('de')).toMatchObject({ title: 'Summer gift', description: 'A gift for the summer.' });
  });

  it('refuses a malformed locale key with a stable code and saves nothing', async () => {
    const res = await operator('/api/operator/comp_point_rates/bad-card', {
      type: 'lotteries',
      title: 'Bad card',
      tab: 'SPECIAL_REWARDS',
      points: 10,
      translations: { german: { title: 'Schlecht' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { 'translations.german': ['invalid'] } });
    const rates = await t.app.inject({
      method: 'GET',
      url: '/api/operator/comp_point_rates',
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(rates.json().map((r: { group: string }) => r.group)).not.toContain('bad-card');
  });
});

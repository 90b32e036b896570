/**
 * The static pages' json and the tournament snippets (docs/rules/content-pages.md "Page json
 * keys", docs/rules/promotions.md "Custom tournaments"): the wheel's page answers the loot-box
 * tiers' real terms in its json (never the stored copy), and `GET /api/cms/snippets` carries a
 * custom tournament's snippet with its category.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cmsPageSchema,
  cmsSnippetsResponseSchema,
  customTournamentSchema,
  TOURNAMENT_SNIPPET_CATEGORY,
  WHEEL_SEGMENT_SAMPLES,
  WHEEL_TIER_SAMPLES,
  wheelTermsResponseSchema,
  type WheelTiersConfig,
} from '@orbit/contracts';
import { feConfigs, snippets, staticPages } from '../../src/modules/cms/schema';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
async function pageJson(slug: string): Promise<Record<string, unknown>> {
  const res = await get(`/api/cms/pages/${slug}?l=en`);
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(cmsPageSchema.parse(res.json()).blocks.json) as Record<string, unknown>;
}
async function setTiers(value: WheelTiersConfig) {
  await t.database.db
    .insert(feConfigs)
    .values({ name: 'wheel-config', value })
    .onConflictDoUpdate({ target: feConfigs.name, set: { value } });
}
async function setStoredJson(json: Record<string, unknown>) {
  await t.database.db
    .update(staticPages)
    .set({ blocks: sql`jsonb_set(${staticPages.blocks}, '{json}', ${JSON.stringify(json)}::jsonb)` })
    .where(and(eq(staticPages.slug, 'rocket-chance'), eq(staticPages.locale, 'en')));
}
/** The largest bonus of a sample set, in EUR cents: the fe config's `get` multiplies it. */
const topOf = (group: string) =>
  Math.max(...WHEEL_SEGMENT_SAMPLES.segments_by_group[group]!.map((s) => s.bonus_amount_cents));

describe("the wheel's page json", () => {
  it('answers each group’s tiers from the loot-box tier terms: pay the cost, get the top prize', async () => {
    const json = await pageJson('rocket-chance');
    // The stored presentational key stays; the wheel's keys are the server's.
    expect(json.promo).toBe(true);
    const expected = (group: string) =>
      Object.fromEntries(
        WHEEL_TIER_SAMPLES.tiers.map((tier) => [
          tier.tier,
          { EUR: { pay: tier.deposit.EUR!.pay, get: topOf(group) * tier.deposit.EUR!.get } },
        ]),
      );
    expect(json.deposit).toEqual({
      default: expected('default'),
      '21': expected('21'),
      '1308': expected('1308'),
      '1309': expected('1309'),
    });
    // The seeded figures, spelt out: LITE costs 20.00 and pays up to 100.00 for everybody else.
    expect((json.deposit as Record<string, unknown>).default).toMatchObject({
      rocket_lite: { EUR: { pay: 2_000, get: 10_000 } },
      rocket_max: { EUR: { pay: 50_000, get: 100_000 } },
    });
    // The same terms the wheel's own answer gives a guest (default group, EUR).
    const terms = wheelTermsResponseSchema.parse((await get('/api/wheel')).json());
    for (const tier of terms.tiers)
      expect((json.deposit as Record<string, Record<string, unknown>>).default![tier.tier]).toEqual({
        EUR: { pay: tier.pay_cents, get: tier.top_prize_cents },
      });
    // The free spins' winnings are wagered as the wheel's spins template says; no single cap is named.
    expect(json.freeSpinsWager).toBe(terms.free_spins_wager);
    expect(json.maxWin).toBeUndefined();
  });

  it('follows a change of the tier terms at the next answer, in every currency a tier names', async () => {
    await setTiers({
      enabled: true,
      tiers: [
        { tier: 'rocket_lite', label: 'LITE', deposit: { EUR: { pay: 3_000, get: 2 }, NOK: { pay: 30_000, get: 2 } } },
        { tier: 'rocket_pro', label: 'PRO', deposit: { EUR: { pay: 12_000, get: 4 } } },
      ],
    });
    const deposit = (await pageJson('rocket-chance')).deposit as Record<string, Record<string, unknown>>;
    expect(Object.keys(deposit.default!)).toEqual(['rocket_lite', 'rocket_pro']);
    expect(deposit.default!.rocket_lite).toMatchObject({ EUR: { pay: 3_000, get: topOf('default') * 2 } });
    // NOK: the cost as written, the top prize the EUR set's converted by the reference rates (a positive figure).
    const nok = (deposit.default!.rocket_lite as Record<string, { pay: number; get: number }>).NOK!;
    expect(nok.pay).toBe(30_000);
    expect(nok.get).toBeGreaterThan(topOf('default') * 2);
    expect(deposit['1309']!.rocket_pro).toEqual({ EUR: { pay: 12_000, get: topOf('1309') * 4 } });
    // The wheel switched off issues no box: the page names no tier.
    await setTiers({ ...WHEEL_TIER_SAMPLES, enabled: false });
    expect((await pageJson('rocket-chance')).deposit).toEqual({});
    await setTiers(WHEEL_TIER_SAMPLES);
  });

  it('never answers a stored copy that is not the rule; a stated deposit table is the rule and is answered', async () => {
    // A stored json with a false wager and a table for group 1308 only (the wheel reads it: it is the rule then).
    await setStoredJson({
      promo: true,
      freeSpinsWager: 7,
      spinRate: { EUR: 999 },
      maxWin: { EUR: 40_000 },
      deposit: { '1308': { rocket_lite: { EUR: { pay: 1_000, get: 25_000 } } } },
    });
    const json = await pageJson('rocket-chance');
    expect(json.freeSpinsWager).toBe(3);
    // The wheel's own answer does not read the page's false wager either.
    const wheel = wheelTermsResponseSchema.parse((await get('/api/wheel')).json());
    expect(wheel.free_spins_wager).toBe(3);
    // Nor its false stake: a wheel spin stakes what the spins' template grants them at, page and wheel alike.
    const stake = (json.spinRate as Record<string, number> | undefined)?.EUR;
    expect(stake).toBeGreaterThan(0);
    expect(stake).not.toBe(999);
    expect(wheel.spin_rate?.amount_cents).toBe(stake);
    expect(json.maxWin).toEqual({ EUR: 40_000 });
    const deposit = json.deposit as Record<string, Record<string, unknown>>;
    expect(deposit['1308']).toEqual({ rocket_lite: { EUR: { pay: 1_000, get: 25_000 } } });
    // The other groups have no table on the page: the fe config's tiers are theirs.
    expect(deposit.default!.rocket_lite).toEqual({ EUR: { pay: 2_000, get: topOf('default') } });
    await setStoredJson({ promo: true });
  });

  it('leaves the json of a page without fillers as stored', async () => {
    const json = await pageJson('awards');
    expect(Array.isArray(json.awards)).toBe(true);
    expect(json.deposit).toBeUndefined();
  });
});

describe('custom tournament snippets', () => {
  it('GET /api/cms/snippets answers a tournament snippet with its category, in the asked locale', async () => {
    const card = {
      frontend_identifier: 'tournament--moon-cup',
      title: 'Moon cup',
      description: 'Spin the pokies this weekend.',
      image: null,
      start_at: '2026-07-01T00:00:00Z',
      end_at: '2026-07-03T00:00:00Z',
      link: '/promotions',
    };
    await t.database.db.insert(snippets).values([
      {
        key: 'tournament-moon-cup',
        locale: 'en',
        content: JSON.stringify(card),
        categories: [TOURNAMENT_SNIPPET_CATEGORY],
      },
      {
        key: 'tournament-moon-cup',
        locale: 'de',
        content: JSON.stringify({ ...card, title: 'Mondpokal' }),
        categories: [TOURNAMENT_SNIPPET_CATEGORY],
      },
    ]);
    const en = cmsSnippetsResponseSchema.parse((await get('/api/cms/snippets?l=en')).json());
    const de = cmsSnippetsResponseSchema.parse((await get('/api/cms/snippets?l=de')).json());
    const mine = (list: typeof en) => list.find((s) => s.id === 'tournament-moon-cup');
    expect(mine(en)?.categories).toEqual(['tournament']);
    expect(customTournamentSchema.parse(JSON.parse(mine(en)!.content)).title).toBe('Moon cup');
    expect(customTournamentSchema.parse(JSON.parse(mine(de)!.content)).title).toBe('Mondpokal');
  });
});

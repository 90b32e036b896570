/**
 * Loyalty in the back office (docs/backoffice.md "Loyalty"): a marketing operator lists, creates,
 * changes and switches the comp-point shop's cards (a player's shop shows the new price at once),
 * changes the accrual rules, keeps the VIP managers and assigns them players (the player's page
 * asks for its manager and gets the one assigned), and writes the adventure calendar through the
 * CMS's versions. Every write audited in its transaction; twenty identical calls at once write
 * once; bad input 422 writing nothing; ids past 2^31; support and finance refused (403).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeAccrualRuleSchema,
  backofficeAccrualRulesResponseSchema,
  backofficeAdventuresSchema,
  backofficeCompPointRateSchema,
  backofficeCompPointRatesResponseSchema,
  backofficeManagerPlayersResponseSchema,
  backofficeManagerSchema,
  backofficeManagersResponseSchema,
  managersResponseSchema,
  moneyRewardsResponseSchema,
} from '@orbit/contracts';
import { checkAuditChain } from '../../src/modules/backoffice';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount, newOperator, signInAdmin, type SignedInOperator } from '../support/backoffice';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-12-14T09:00:00Z');
const OPERATOR = 'operator-token-operator-token-operator-token';
let t: TestApp;
let marketing: SignedInOperator;
let support: SignedInOperator;
let finance: SignedInOperator;
let ann: { cookie: string; id: number };

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock });
  const admin = await signInAdmin(t, clock);
  marketing = await newOperator(t, clock, admin, 'marketing', 'loyalty-marketing@orbit.example');
  support = await newOperator(t, clock, admin, 'support', 'loyalty-support@orbit.example');
  finance = await newOperator(t, clock, admin, 'finance', 'loyalty-finance@orbit.example');
  const a = await register(t, { email: 'loyalty-ann@example.com', currency: 'EUR' }, '10.9.1.1');
  ann = { cookie: a.cookie, id: a.player.id };
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const bo = (method: Method, url: string, payload?: unknown, cookie = marketing.cookie) =>
  call(t, method, `/api/backoffice${url}`, { cookie, payload });

async function auditOf(action: string) {
  const { rows } = await t.database.db.execute(
    sql`select action, actor, target_type, target_id, before, after from audit_log where action = ${action} order by seq`,
  );
  return rows as Array<{ action: string; target_type: string; target_id: string; before: unknown; after: unknown }>;
}

const tableCount = async (table: string) => {
  const { rows } = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((rows[0] as { n: number }).n);
};

/** The shop's money cards as a signed-in player's page reads them. */
async function shopOf(cookie: string) {
  const res = await call(t, 'GET', '/api/comp_points/rates/money', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return moneyRewardsResponseSchema.parse(res.json());
}

const card = (over: Record<string, unknown> = {}) => ({
  type: 'money',
  title: 'Ten real',
  tab: 'MONEY_REWARD',
  rates: [{ points: 700, currency: 'EUR', amount_cents: 1_000 }],
  wager: 0,
  position: 9,
  ...over,
});

describe('the shop’s cards', () => {
  it('lists every card, active or not, filtered by type and state', async () => {
    const all = backofficeCompPointRatesResponseSchema.parse(
      (await bo('GET', '/comp_point_rates?per_page=200')).json(),
    );
    expect(all.data.map((c) => c.id)).toEqual(expect.arrayContaining(['bonus-10', 'cash-5', 'cash-50', 'spins-10']));
    expect(all.data.every((c) => c.id === c.group)).toBe(true);
    const spins = backofficeCompPointRatesResponseSchema.parse(
      (await bo('GET', '/comp_point_rates?type=freespins')).json(),
    );
    expect(spins.data.every((c) => c.type === 'freespins')).toBe(true);
    const cash = backofficeCompPointRateSchema.parse((await bo('GET', '/comp_point_rates/cash-5')).json());
    expect(cash).toMatchObject({ id: 'cash-5', type: 'money', active: true });
    expect((await bo('GET', '/comp_point_rates/no-such-card')).statusCode).toBe(404);
    expect((await bo('GET', '/comp_point_rates?active=maybe')).statusCode).toBe(422);
  });

  it('creates a card once of twenty at once; the player’s shop shows it; a group in use is 422', async () => {
    const before = await auditCount(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => bo('POST', '/comp_point_rates', card({ group: 'cash-10' }))),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual({ errors: { group: ['taken'] } });
    }
    expect(await auditCount(t)).toBe(before + 1);
    const [entry] = await auditOf('comp_point_rate.create');
    expect(entry).toMatchObject({ target_type: 'comp_point_rate', target_id: 'cash-10', before: null });
    expect(entry!.after).toMatchObject({ group: 'cash-10', rates: [{ points: 700, amount_cents: 1_000 }] });

    const shown = (await shopOf(ann.cookie)).find((c) => c.group === 'cash-10');
    expect(shown).toMatchObject({ title: 'Ten real', rates: [{ points: 700, currency: 'EUR', amount_cents: 1_000 }] });
  });

  it('changes a card’s rate: the player’s shop asks the new price at once; twenty identical changes audit once', async () => {
    const cash = backofficeCompPointRateSchema.parse((await bo('GET', '/comp_point_rates/cash-5')).json());
    const { id: _id, group: _group, ...input } = cash;
    const rates = cash.rates.map((r) => (r.currency === 'EUR' ? { ...r, points: 275 } : r));
    const before = await auditCount(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => bo('PUT', '/comp_point_rates/cash-5', { ...input, rates })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await auditCount(t)).toBe(before + 1);
    const [entry] = await auditOf('comp_point_rate.update');
    expect(entry).toMatchObject({ target_id: 'cash-5' });
    expect((entry!.before as { rates: Array<{ currency: string; points: number }> }).rates).toContainEqual(
      expect.objectContaining({ currency: 'EUR', points: 250 }),
    );
    const eur = (await shopOf(ann.cookie)).find((c) => c.group === 'cash-5')!.rates.find((r) => r.currency === 'EUR');
    expect(eur).toEqual({ points: 275, currency: 'EUR', amount_cents: 500 });

    // The operator API writes through the same checks and row: both doors see one card.
    const viaToken = await t.app.inject({
      method: 'GET',
      url: '/api/operator/comp_point_rates',
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    const listed = (viaToken.json() as Array<{ group: string; rates: Array<{ currency: string; points: number }> }>)
      .find((c) => c.group === 'cash-5')!
      .rates.find((r) => r.currency === 'EUR');
    expect(listed?.points).toBe(275);
  });

  it('switches a card off and on: the shop loses it and shows it again; its state again writes nothing', async () => {
    const off = await bo('POST', '/comp_point_rates/cash-10/disable');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    expect((await shopOf(ann.cookie)).map((c) => c.group)).not.toContain('cash-10');
    const count = await auditCount(t);
    expect((await bo('POST', '/comp_point_rates/cash-10/disable')).statusCode).toBe(200);
    expect(await auditCount(t)).toBe(count);
    const offList = backofficeCompPointRatesResponseSchema.parse(
      (await bo('GET', '/comp_point_rates?active=false')).json(),
    );
    expect(offList.data.map((c) => c.id)).toEqual(['cash-10']);
    expect((await bo('POST', '/comp_point_rates/cash-10/enable')).json()).toMatchObject({ active: true });
    expect((await shopOf(ann.cookie)).map((c) => c.group)).toContain('cash-10');
    expect((await auditOf('comp_point_rate.disable')).map((e) => e.target_id)).toEqual(['cash-10']);
    expect((await auditOf('comp_point_rate.enable')).map((e) => e.target_id)).toEqual(['cash-10']);
  });

  it('refuses bad cards with 422 and writes nothing', async () => {
    const cards = await tableCount('comp_point_rates');
    const audits = await auditCount(t);
    const refused: Array<[Method, string, unknown, Record<string, string[]>]> = [
      ['POST', '/comp_point_rates', card({ group: 'no-rates', rates: [] }), { rates: ['required'] }],
      ['POST', '/comp_point_rates', card({ group: 'Bad Group' }), { group: ['invalid'] }],
      [
        'POST',
        '/comp_point_rates',
        card({ group: 'big', rates: [{ points: 2 ** 31, currency: 'EUR', amount_cents: 1 }] }),
        { 'rates.0.points': ['too_big'] },
      ],
      [
        'POST',
        '/comp_point_rates',
        card({ group: 'spins', type: 'freespins', points: 5 }),
        { template_key: ['required'] },
      ],
      ['PUT', '/comp_point_rates/cash-5', card({ title: '' }), { title: ['too_small'] }],
    ];
    for (const [method, url, payload, errors] of refused) {
      const res = await bo(method, url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(422);
      expect(Object.keys((res.json() as { errors: object }).errors)).toEqual(Object.keys(errors));
    }
    expect((await bo('PUT', '/comp_point_rates/no-such-card', card())).statusCode).toBe(404);
    expect((await bo('POST', '/comp_point_rates/no-such-card/enable')).statusCode).toBe(404);
    expect(await tableCount('comp_point_rates')).toBe(cards);
    expect(await auditCount(t)).toBe(audits);
  });
});

describe('the accrual rules', () => {
  it('lists the rules and changes one, audited; the operator API writes the same rule', async () => {
    const list = backofficeAccrualRulesResponseSchema.parse((await bo('GET', '/comp_point_accrual_rules')).json());
    const star = list.data.find((r) => r.id === '*')!;
    expect(star).toMatchObject({ currency: '*', cents_per_point: 1_000 });
    const changed = await bo('PUT', '/comp_point_accrual_rules/*', {
      cents_per_point: 800,
      contributions: { ...star.contributions, live: 20 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(backofficeAccrualRuleSchema.parse(changed.json())).toMatchObject({ id: '*', cents_per_point: 800 });
    const [entry] = await auditOf('comp_point_accrual_rule.update');
    expect(entry).toMatchObject({ target_type: 'comp_point_accrual_rule', target_id: '*' });
    expect(entry!.before).toMatchObject({ cents_per_point: 1_000 });
    expect(entry!.after).toMatchObject({ cents_per_point: 800 });

    const usd = await bo('PUT', '/comp_point_accrual_rules/USD', {
      cents_per_point: 1_200,
      contributions: { slots: 100 },
    });
    expect(usd.statusCode, usd.body).toBe(200);
    expect((await bo('GET', '/comp_point_accrual_rules/USD')).json()).toMatchObject({ cents_per_point: 1_200 });
    const viaToken = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/comp_point_accrual/USD',
      headers: { authorization: `Bearer ${OPERATOR}` },
      payload: { cents_per_point: 1_300, contributions: { slots: 100 } },
    });
    expect(viaToken.statusCode, viaToken.body).toBe(200);
    expect((await bo('GET', '/comp_point_accrual_rules/USD')).json()).toMatchObject({ cents_per_point: 1_300 });
  });

  it('refuses a bad rule with 422 and writes nothing', async () => {
    const audits = await auditCount(t);
    const rules = await tableCount('comp_point_accrual_rules');
    for (const [url, payload] of [
      ['/comp_point_accrual_rules/EUR', { cents_per_point: 0, contributions: {} }],
      ['/comp_point_accrual_rules/EUR', { cents_per_point: 2 ** 31, contributions: {} }],
      ['/comp_point_accrual_rules/EUR', { cents_per_point: 100, contributions: { slots: 5_000 } }],
      ['/comp_point_accrual_rules/eur', { cents_per_point: 100, contributions: {} }],
    ] as const) {
      const res = await bo('PUT', url, payload);
      expect(res.statusCode, res.body).toBe(422);
    }
    expect((await bo('GET', '/comp_point_accrual_rules/NOK')).statusCode).toBe(404);
    expect(await tableCount('comp_point_accrual_rules')).toBe(rules);
    expect(await auditCount(t)).toBe(audits);
  });
});

describe('the VIP managers', () => {
  const nova = { name: 'Vega Stone', hours: '9–17', email: 'vega@orbit.example', group_ids: [259] };

  it('creates a manager once of twenty at once, changes it, and assigns and unassigns a player', async () => {
    const audits = await auditCount(t);
    const made = await Promise.all(Array.from({ length: 20 }, () => bo('POST', '/vip_managers', nova)));
    expect(made.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(made.filter((r) => r.statusCode === 422).map((r) => r.json())[0]).toEqual({ errors: { name: ['taken'] } });
    expect(await auditCount(t)).toBe(audits + 1);
    const vega = backofficeManagerSchema.parse(made.find((r) => r.statusCode === 201)!.json());
    expect(vega).toMatchObject({ name: 'Vega Stone', players_count: 0 });

    const list = backofficeManagersResponseSchema.parse((await bo('GET', '/vip_managers')).json());
    expect(list.data.map((m) => m.name)).toEqual(expect.arrayContaining(['Nova Reyes', 'Vega Stone']));

    const changed = await bo('PUT', `/vip_managers/${vega.id}`, { ...nova, telegram: 'https://t.me/vega' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ telegram: 'https://t.me/vega' });
    expect((await bo('PUT', `/vip_managers/${vega.id}`, { ...nova, name: 'nova reyes' })).json()).toEqual({
      errors: { name: ['taken'] },
    });

    // Twenty identical assignments at once: one audit entry.
    const before = await auditCount(t);
    const assigned = await Promise.all(
      Array.from({ length: 20 }, () => bo('PUT', `/player_vip_manager/${ann.id}`, { manager_id: vega.id })),
    );
    expect(assigned.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await auditCount(t)).toBe(before + 1);
    const [entry] = await auditOf('player.vip_manager.assign');
    expect(entry).toMatchObject({
      target_type: 'player',
      target_id: String(ann.id),
      before: { id: ann.id, manager_id: null },
      after: { id: ann.id, manager_id: vega.id },
    });
    const players = backofficeManagerPlayersResponseSchema.parse(
      (await bo('GET', `/vip_managers/${vega.id}/players`)).json(),
    );
    expect(players.data.map((p) => p.id)).toEqual([ann.id]);
    expect((await bo('GET', `/vip_managers/${vega.id}`)).json()).toMatchObject({ players_count: 1 });

    // The player's page asks for its manager: the one assigned.
    const mine = await call(t, 'POST', '/api/fe/config/managers', { cookie: ann.cookie, payload: { userGroups: [] } });
    expect(managersResponseSchema.parse(mine.json()).manager).toMatchObject({
      managerName: 'Vega Stone',
      telegramLink: 'https://t.me/vega',
    });

    const none = await bo('PUT', `/player_vip_manager/${ann.id}`, { manager_id: null });
    expect(none.json()).toEqual({ id: ann.id, manager_id: null });
    expect((await auditOf('player.vip_manager.unassign')).map((e) => e.target_id)).toEqual([String(ann.id)]);
    const gone = await call(t, 'POST', '/api/fe/config/managers', { cookie: ann.cookie, payload: { userGroups: [] } });
    expect(managersResponseSchema.parse(gone.json()).manager).toBeNull();
  });

  it('refuses bad input and ids past 2^31 with 422 or 404, writing nothing', async () => {
    const audits = await auditCount(t);
    const managers = await tableCount('loyalty_managers');
    const assignments = await tableCount('player_managers');
    const cases: Array<[Method, string, unknown, number, unknown?]> = [
      ['POST', '/vip_managers', { name: '' }, 422],
      ['POST', '/vip_managers', { name: 'Mail', email: 'not-an-address' }, 422, { errors: { email: ['invalid'] } }],
      ['POST', '/vip_managers', { name: 'Groups', group_ids: [2 ** 31] }, 422],
      ['GET', '/vip_managers/2147483648', undefined, 422, { errors: { id: ['too_big'] } }],
      ['GET', '/vip_managers/2147483647', undefined, 404],
      ['GET', '/vip_managers/2147483648/players', undefined, 422],
      ['PUT', '/vip_managers/2147483648', { name: 'X' }, 422],
      ['PUT', '/vip_managers/2147483647', { name: 'X' }, 404],
      ['PUT', '/player_vip_manager/2147483648', { manager_id: 1 }, 422, { errors: { id: ['too_big'] } }],
      ['PUT', '/player_vip_manager/2147483647', { manager_id: 1 }, 404],
      ['PUT', `/player_vip_manager/${ann.id}`, { manager_id: 2 ** 31 }, 422, { errors: { manager_id: ['too_big'] } }],
      [
        'PUT',
        `/player_vip_manager/${ann.id}`,
        { manager_id: 2147483647 },
        422,
        { errors: { manager_id: ['invalid'] } },
      ],
      ['PUT', `/player_vip_manager/${ann.id}`, {}, 422],
    ];
    for (const [method, url, payload, status, body] of cases) {
      const res = await bo(method, url, payload);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(status);
      if (body) expect(res.json()).toEqual(body);
    }
    expect(await tableCount('loyalty_managers')).toBe(managers);
    expect(await tableCount('player_managers')).toBe(assignments);
    expect(await auditCount(t)).toBe(audits);
  });
});

describe('the adventure calendar', () => {
  it('reads the calendar and writes it as a new CMS version, audited; the casino reads the new one', async () => {
    const now = backofficeAdventuresSchema.parse((await bo('GET', '/adventures')).json());
    expect(now).toMatchObject({ id: 'vip-adventures', enabled: true });
    expect(now.adventures[0]).toMatchObject({ identifier: 'orbit-week' });
    const week = now.adventures[0] as { days: Array<{ condition: { minDep: Record<string, number> } }> };
    const days = week.days.map((d, i) =>
      i === 0 ? { ...d, condition: { ...d.condition, minDep: { EUR: 1_500 } } } : d,
    );
    const res = await bo('PUT', '/adventures', {
      base_version: now.version,
      enabled: true,
      adventures: [{ ...now.adventures[0], name: 'Orbit week II', days }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = backofficeAdventuresSchema.parse(res.json());
    expect(saved.version).toBe(now.version + 1);
    // The texts in other locales were kept.
    expect(saved.adventures[0]).toMatchObject({ name: 'Orbit week II', translations: expect.any(Object) });

    const config = await call(t, 'GET', '/api/fe/config/vip-adventures');
    const adventure = (config.json() as { adventures: Array<{ name: string; days: Array<{ condition: unknown }> }> })
      .adventures[0]!;
    expect(adventure.name).toBe('Orbit week II');
    expect(adventure.days[0]!.condition).toMatchObject({ minDep: { EUR: 1_500 } });
    const [entry] = await auditOf('adventure_calendar.update');
    expect(entry).toMatchObject({ target_type: 'cms_fe_config', target_id: 'vip-adventures' });

    // A form made from the version before is a conflict: nothing written.
    const audits = await auditCount(t);
    const stale = await bo('PUT', '/adventures', { base_version: now.version, enabled: false, adventures: [] });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await auditCount(t)).toBe(audits);
  });

  it('refuses a gift of no template, or a malformed day, with 422 and writes nothing', async () => {
    const now = backofficeAdventuresSchema.parse((await bo('GET', '/adventures')).json());
    const week = now.adventures[0] as { days: Array<{ prize: Record<string, unknown>; condition: object }> };
    const audits = await auditCount(t);
    const unknown = await bo('PUT', '/adventures', {
      base_version: now.version,
      enabled: true,
      adventures: [
        { ...now.adventures[0], days: [{ ...week.days[0], prize: { ...week.days[0]!.prize, template_key: 'nope' } }] },
      ],
    });
    expect(unknown.statusCode, unknown.body).toBe(422);
    expect(unknown.json()).toEqual({ errors: { 'adventures.0.days.0.prize.template_key': ['unknown'] } });
    const badDay = await bo('PUT', '/adventures', {
      base_version: now.version,
      enabled: true,
      adventures: [{ ...now.adventures[0], days: [], start_date: '2026-13-40' }],
    });
    expect(badDay.statusCode).toBe(422);
    expect(Object.keys((badDay.json() as { errors: object }).errors).sort()).toEqual([
      'adventures.0.days',
      'adventures.0.start_date',
    ]);
    expect(backofficeAdventuresSchema.parse((await bo('GET', '/adventures')).json()).version).toBe(now.version);
    expect(await auditCount(t)).toBe(audits);
  });
});

describe('who may', () => {
  it('refuses support and finance (403) and a call without a session (401), writing nothing', async () => {
    const audits = await auditCount(t);
    const calls: Array<[Method, string, unknown?]> = [
      ['GET', '/comp_point_rates'],
      ['POST', '/comp_point_rates', card({ group: 'refused' })],
      ['PUT', '/comp_point_rates/cash-5', card()],
      ['POST', '/comp_point_rates/cash-5/disable'],
      ['GET', '/comp_point_accrual_rules'],
      ['PUT', '/comp_point_accrual_rules/EUR', { cents_per_point: 1, contributions: {} }],
      ['GET', '/vip_managers'],
      ['POST', '/vip_managers', { name: 'Refused' }],
      ['PUT', `/player_vip_manager/${ann.id}`, { manager_id: null }],
      ['GET', '/adventures'],
    ];
    for (const who of [support, finance]) {
      for (const [method, url, payload] of calls) {
        const res = await bo(method, url, payload, who.cookie);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, payload] of calls) {
      expect((await call(t, method, `/api/backoffice${url}`, { payload })).statusCode).toBe(401);
    }
    expect(await auditCount(t)).toBe(audits);
    expect(await tableCount('comp_point_rates where "group" = \'refused\'')).toBe(0);
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });
});

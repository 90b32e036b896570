/**
 * Quests and the prize wheel in the back office (docs/backoffice.md "Quests and the wheel"): a
 * marketing operator creates a quest of a known size; a player's bets give levels the show page
 * reads; "end now" asked twenty times at once pays once, audited once; bad input is 422 and writes
 * nothing; support and finance are refused (403). The wheel's segment set for a group changed here
 * is what the next box issued to a player of that group carries; a version is brought back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeQuestLevelsSchema,
  backofficeQuestSchema,
  backofficeQuestsResponseSchema,
  backofficeWheelSchema,
  contentVersionsResponseSchema,
  lootboxSchema,
  playerBonusesResponseSchema,
  tournamentStatusSchema,
  type BackofficeWheelSegment,
} from '@orbit/contracts';
import { checkAuditChain } from '../../src/modules/backoffice';
import { userGroups, users } from '../../src/modules/identity/schema';
import { promoPayouts } from '../../src/modules/promotions/schema';
import { QUEST_THRESHOLDS_EUR } from '../../src/modules/promotions/quests';
import { PRIZE_BONUS_TEMPLATE } from '../../src/modules/promotions/seed';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount, newOperator, signInAdmin, type SignedInOperator, auditsOf, rowCount } from '../support/backoffice';
import { call, register, XHR } from '../support/identity';
import { expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';

const clock = new FakeClock('2026-12-21T09:00:00Z');
const OPERATOR = 'operator-token-quests-operator-token-quests';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let marketing: SignedInOperator;
let support: SignedInOperator;
let finance: SignedInOperator;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock });
  client = walletClient(t, new Ledger(clock));
  const admin = await signInAdmin(t, clock);
  marketing = await newOperator(t, clock, admin, 'marketing', 'quest-marketing@orbit.example');
  support = await newOperator(t, clock, admin, 'support', 'quest-support@orbit.example');
  finance = await newOperator(t, clock, admin, 'finance', 'quest-finance@orbit.example');
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

const iso = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

function questBody(fields: Record<string, unknown> = {}) {
  seq++;
  return {
    kind: 'quest',
    size: 'xs',
    slug: `comet-climb-${seq}`,
    title: `Comet climb ${seq}`,
    description: 'Bet to climb the levels.',
    strategy: 'bet_sum',
    currencies: ['EUR'],
    currency: 'EUR',
    start_at: iso(-MINUTE),
    end_at: iso(HOUR),
    prizes: [
      { award_place: 1, money_award_cents: 5_000, bonus_template: PRIZE_BONUS_TEMPLATE },
      { award_place: 2, comp_points: 40 },
    ],
    ...fields,
  };
}

const bo = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, cookie = marketing.cookie) =>
  call(t, method, `/api/backoffice${url}`, { cookie, payload });

async function newPlayer(group?: number): Promise<Player> {
  seq++;
  const { cookie, player } = await register(
    t,
    { email: `bo-quest${seq}@example.com`, nickname: `climber${seq}` },
    `10.94.${seq}.1`,
  );
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  if (group !== undefined)
    await t.database.db.insert(userGroups).values({ userId: player.id, groupId: group, addedAt: clock.now() });
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}

async function bet(p: Player, cents: number) {
  const token = await client.session(p, 'orbit/european-roulette');
  const placed = await client.bet(token, client.uid('round'), client.uid('bet'), cents);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
}

describe('quests', () => {
  it('are created with a known size (its level table shown), levels from bets, ended now once of twenty', async () => {
    const levels = backofficeQuestLevelsSchema.parse((await bo('GET', '/quest-levels')).json());
    expect(levels.sizes.find((s) => s.size === 'xs')?.thresholds_eur).toEqual([...QUEST_THRESHOLDS_EUR.xs]);

    const body = questBody();
    const created = await bo('POST', '/quests', body);
    expect(created.statusCode, created.body).toBe(201);
    const quest = backofficeQuestSchema.parse(created.json());
    expect(quest).toMatchObject({
      kind: 'quest',
      size: 'xs',
      slug: body.slug,
      frontend_identifier: `quest--xs--${body.slug}`,
      status: 'active',
      thresholds_eur: [...QUEST_THRESHOLDS_EUR.xs],
      standing: [],
    });
    const listed = backofficeQuestsResponseSchema.parse((await bo('GET', '/quests?per_page=200')).json());
    expect(listed.data.map((q) => q.id)).toContain(quest.id);
    expect(listed.data.every((q) => q.kind !== 'tournament')).toBe(true);

    // €600 of bets reaches the third xs level (0, 150, 500); €20 the first.
    const [a, b] = [await newPlayer(), await newPlayer()];
    for (const p of [a, b]) await client.fund(p, 100_000);
    await bet(a, 60_000);
    await bet(b, 2_000);
    await t.app.orbitOutbox.drain();
    const live = backofficeQuestSchema.parse((await bo('GET', `/quests/${quest.id}`)).json());
    expect(live.standing.map((s) => [s.player_id, s.bet_cents, s.level, s.levels_count])).toEqual([
      [a.id, 60_000, 3, 6],
      [b.id, 2_000, 1, 6],
    ]);
    // The casino's page says the same.
    const status = tournamentStatusSchema.parse(
      (await call(t, 'GET', `/api/tournaments/${quest.id}/status`, { cookie: a.cookie })).json(),
    );
    expect(status.levels.filter((l) => l.state === 'completed')).toHaveLength(3);

    clock.advance(5 * MINUTE);
    const answers = await Promise.all(Array.from({ length: 20 }, () => bo('POST', `/quests/${quest.id}/end`)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const ended = backofficeQuestSchema.parse(answers[0]!.json());
    expect(ended).toMatchObject({ status: 'archive', finished_at: clock.now().toISOString() });
    expect(ended.payouts.map((p) => [p.award_place, p.player_id, p.outcome])).toEqual([
      [1, a.id, 'paid'],
      [2, b.id, 'paid'],
    ]);
    expect(await t.database.db.select().from(promoPayouts).where(eq(promoPayouts.promoId, quest.id))).toHaveLength(2);
    const bonuses = playerBonusesResponseSchema.parse(
      (await call(t, 'GET', '/api/player/bonuses', { cookie: a.cookie })).json(),
    );
    expect(bonuses.filter((x) => x.amount_cents === 5_000)).toHaveLength(1);
    expect((await auditsOf(t, 'tournament', quest.id)).map((e) => [e.action, e.role])).toEqual([
      ['quest.create', 'marketing'],
      ['quest.end', 'marketing'],
    ]);
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });

  it('are rescheduled while future; bad input is 422 with nothing written; tournaments are not quests', async () => {
    const body = questBody({ kind: 'achievement', size: 'm', start_at: iso(HOUR), end_at: iso(2 * HOUR) });
    const future = backofficeQuestSchema.parse((await bo('POST', '/quests', body)).json());
    expect(future).toMatchObject({ kind: 'achievement', size: 'm', status: 'future' });
    const moved = await bo('PUT', `/quests/${future.id}`, { ...body, end_at: iso(5 * HOUR) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(backofficeQuestSchema.parse(moved.json()).end_at).toBe(iso(5 * HOUR));
    expect((await auditsOf(t, 'tournament', future.id)).map((e) => e.action)).toEqual(['quest.create', 'quest.update']);

    const before = { tournaments: await rowCount(t, 'promo_tournaments'), audit: await auditCount(t) };
    const refusals: Array<[string, string, Record<string, unknown>, string, string]> = [
      ['POST', '/quests', questBody({ size: 'huge' }), 'size', 'invalid'],
      ['POST', '/quests', questBody({ kind: 'tournament' }), 'kind', 'invalid'],
      ['POST', '/quests', questBody({ slug: 'Two--Parts' }), 'slug', 'invalid'],
      ['POST', '/quests', questBody({ end_at: iso(-2 * MINUTE) }), 'end_at', 'must_end_after_start'],
      ['POST', '/quests', questBody({ currency: 'USD' }), 'currency', 'not_counted'],
      ['POST', '/quests', { ...questBody(), kind: 'achievement', size: 'm', slug: body.slug }, 'slug', 'taken'],
      [
        'POST',
        '/quests',
        questBody({ prizes: [{ award_place: 1, money_award_cents: 10, bonus_template: 'nope' }] }),
        'prizes.0.bonus_template',
        'unknown_template',
      ],
      ['PUT', `/quests/${future.id}`, { ...body, start_at: iso(-MINUTE) }, 'start_at', 'must_start_in_future'],
    ];
    for (const [method, url, payload, field, code] of refusals) {
      const res = await bo(method as 'POST', url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(422);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field], res.body).toContain(code);
    }
    expect((await bo('GET', '/quests/abc')).statusCode).toBe(422);
    expect((await bo('GET', '/quests/2147483648')).statusCode).toBe(422);
    expect((await bo('GET', '/quests/2147483000')).statusCode).toBe(404);
    expect((await bo('POST', '/quests/2147483000/end')).statusCode).toBe(404);
    expect((await bo('PUT', '/quests/99999999999', body)).statusCode).toBe(422);
    const early = await bo('POST', `/quests/${future.id}/end`);
    expect(early.json()).toEqual({ errors: { base: ['tournament_not_started'] } });
    // A plain tournament is not a quest here.
    const plain = await bo('POST', '/tournaments', {
      ...questBody(),
      frontend_identifier: `tournament--plain-${seq}`,
      kind: undefined,
      size: undefined,
      slug: undefined,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    const plainId = (plain.json() as { id: number }).id;
    expect((await bo('GET', `/quests/${plainId}`)).statusCode).toBe(404);
    expect((await bo('POST', `/quests/${plainId}/end`)).statusCode).toBe(404);
    expect({ tournaments: await rowCount(t, 'promo_tournaments'), audit: await auditCount(t) }).toEqual({
      tournaments: before.tournaments + 1,
      audit: before.audit + 1,
    });

    // Twenty identical creations at once: one quest.
    const twin = questBody();
    const answers = await Promise.all(Array.from({ length: 20 }, () => bo('POST', '/quests', twin)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(19);
  });

  it('are refused to support and finance (403), and so is the wheel', async () => {
    for (const who of [support, finance]) {
      for (const [method, url, payload] of [
        ['GET', '/quests', undefined],
        ['GET', '/quest-levels', undefined],
        ['POST', '/quests', questBody()],
        ['GET', '/wheel', undefined],
        ['PUT', '/wheel/segments', { segments_by_group: {} }],
      ] as const) {
        expect((await bo(method, url, payload, who.cookie)).statusCode, `${who.email} ${url}`).toBe(403);
      }
    }
  });
});

describe('the wheel', () => {
  const segment = (title: string, fields: Partial<BackofficeWheelSegment> = {}): BackofficeWheelSegment => ({
    weight: 10,
    type: 'bonus',
    freespins_count: 0,
    bonus_amount_cents: 500,
    wager: 30,
    title,
    ...fields,
  });
  async function issue(p: Player, key: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/operator/players/${p.id}/lootboxes`,
      headers: { authorization: `Bearer ${OPERATOR}`, ...XHR },
      payload: { tier: 'rocket_lite', currency: 'EUR', idempotency_key: `bo-wheel-box-${key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return lootboxSchema.parse(res.json()).items.map((i) => i.bonuses[0]!.title);
  }

  it("a group's new segment set is what the next box of that group's players carries; a version comes back", async () => {
    const wheel = backofficeWheelSchema.parse((await bo('GET', '/wheel')).json());
    expect(wheel.groups).toContain('1308');
    const sets = wheel.segments.document.segments_by_group;
    expect(Object.keys(sets)).toContain('default');

    const vip = await newPlayer(1308);
    const plain = await newPlayer();
    const vipBefore = await issue(vip, 'vip-1');
    const plainBefore = await issue(plain, 'plain-1');

    const put = await bo('PUT', '/wheel/segments', {
      segments_by_group: {
        ...sets,
        '1308': [
          segment('Comet 5 EUR'),
          segment('Comet spins', { type: 'freespins', freespins_count: 20, bonus_amount_cents: 0, wager: 3 }),
        ],
      },
      base_version: wheel.segments.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = backofficeWheelSchema.parse(put.json());
    expect(after.segments.version).toBeGreaterThan(wheel.segments.version);
    expect(await issue(vip, 'vip-2')).toEqual(['Comet 5 EUR', 'Comet spins']);
    expect(vipBefore).not.toEqual(['Comet 5 EUR', 'Comet spins']);
    // Another group's players keep theirs.
    expect(await issue(plain, 'plain-2')).toEqual(plainBefore);
    const audit = await auditsOf(t, 'cms_fe_config', 'wheel-config-segments');
    expect(audit.map((e) => [e.action, e.role])).toContainEqual(['wheel.update', 'marketing']);

    // Bad input: 422, nothing written.
    const before = { audit: await auditCount(t), version: after.segments.version };
    const refusals: Array<[string, Record<string, unknown>, string, string]> = [
      [
        '/wheel/segments',
        { segments_by_group: { '1308': [segment('a'), segment('b')] } },
        'segments_by_group',
        'default_required',
      ],
      [
        '/wheel/segments',
        { segments_by_group: { default: [segment('only one')] } },
        'segments_by_group.default',
        'too_few',
      ],
      [
        '/wheel/segments',
        { segments_by_group: { default: [segment('a', { weight: 0 }), segment('b')] } },
        'segments_by_group.default.0.weight',
        'too_small',
      ],
      [
        '/wheel/segments',
        { segments_by_group: { default: [segment(' '), segment('b')] } },
        'segments_by_group.default.0.title',
        'required',
      ],
      [
        '/wheel/segments',
        { segments_by_group: { vip: [segment('a'), segment('b')] } },
        'segments_by_group.vip',
        'invalid',
      ],
      ['/wheel/tiers', { enabled: true, tiers: [] }, 'tiers', 'required'],
      [
        '/wheel/tiers',
        { enabled: true, tiers: [{ tier: 'rocket_lite', label: 'LITE', deposit: { EUR: { pay: 0, get: 1 } } }] },
        'tiers.0.deposit.EUR.pay',
        'too_small',
      ],
      ['/wheel/segments', { segments_by_group: sets, base_version: 0 }, 'base_version', 'version_conflict'],
    ];
    for (const [url, payload, field, code] of refusals) {
      const res = await bo('PUT', url, payload);
      expect([409, 422], `${url} ${JSON.stringify(payload)}: ${res.body}`).toContain(res.statusCode);
      expect(JSON.stringify((res.json() as { errors: Record<string, string[]> }).errors), res.body).toContain(code);
      if (res.statusCode === 422) expect(Object.keys((res.json() as { errors: object }).errors)).toContain(field);
    }
    expect(await auditCount(t)).toBe(before.audit);
    expect(backofficeWheelSchema.parse((await bo('GET', '/wheel')).json()).segments.version).toBe(before.version);

    // The version list, and the previous version brought back: the group's boxes carry the old set again.
    const versions = contentVersionsResponseSchema.parse((await bo('GET', '/wheel/segments/versions')).json());
    expect(versions.data[0]!.version).toBe(after.segments.version);
    const previous = versions.data[1]!.version;
    const restored = await bo('POST', `/wheel/segments/versions/${previous}/restore`, {
      base_version: after.segments.version,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await issue(vip, 'vip-3')).toEqual(vipBefore);
    expect((await auditsOf(t, 'cms_fe_config', 'wheel-config-segments')).at(-1)).toMatchObject({
      action: 'wheel.restore',
      reason: `restored version ${previous}`,
    });
    expect((await bo('POST', '/wheel/segments/versions/2147483648/restore', {})).statusCode).toBe(422);
    expect((await bo('POST', '/wheel/spokes/versions/1/restore', {})).statusCode).toBe(422);
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });

  it('tiers are written whole with their deposit per currency and prize scale', async () => {
    const wheel = backofficeWheelSchema.parse((await bo('GET', '/wheel')).json());
    const res = await bo('PUT', '/wheel/tiers', {
      enabled: true,
      tiers: [
        { tier: 'rocket_lite', label: 'LITE', deposit: { EUR: { pay: 2_500, get: 2 }, USD: { pay: 3_000, get: 2 } } },
        { tier: 'rocket_pro', label: 'PRO', deposit: { EUR: { pay: 10_000, get: 5 } } },
      ],
      base_version: wheel.tiers.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = backofficeWheelSchema.parse(res.json());
    expect(after.tiers.document.tiers.map((x) => x.tier)).toEqual(['rocket_lite', 'rocket_pro']);
    const terms = (await call(t, 'GET', '/api/wheel')).json() as Array<{ tier: string; pay_cents: number }>;
    expect(JSON.stringify(terms)).toContain('2500');
  });
});

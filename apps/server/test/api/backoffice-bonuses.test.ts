/**
 * Bonuses in the back office (docs/backoffice.md "Bonuses"): a marketing operator creates,
 * changes, switches off and on and clones templates, each write audited, with the usage the list
 * counts from the bonuses themselves; grants to a list of players and to a player group, once per
 * player and idempotency key (twenty identical calls at once grant once), with the reasons the
 * others got nothing; free spins granted from a free-spins template; bad input 422 writing
 * nothing; support and finance refused (403).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeBonusGrantResponseSchema,
  backofficeBonusTemplateSchema,
  backofficeBonusTemplatesResponseSchema,
  playerBonusesResponseSchema,
  type BackofficeBonusGrantResponse,
} from '@orbit/contracts';
import { checkAuditChain } from '../../src/modules/backoffice';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount, newOperator, signInAdmin, type SignedInOperator } from '../support/backoffice';
import { call, register } from '../support/identity';

const clock = new FakeClock('2026-12-12T09:00:00Z');
let t: TestApp;
let admin: string;
let marketing: SignedInOperator;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await signInAdmin(t, clock);
  marketing = await newOperator(t, clock, admin, 'marketing', 'bonus-marketing@orbit.example');
});
afterAll(() => t.close());

async function player(overrides: Record<string, unknown> = {}) {
  seq++;
  const { cookie, player } = await register(t, { email: `bonus-bo-${seq}@example.com`, ...overrides }, `10.7.0.${seq}`);
  return { cookie, id: player.id };
}

const TEMPLATE = {
  key: 'moon-reload',
  kind: 'deposit',
  title: 'Moon reload 50 %',
  code: 'moon50',
  percent: 50,
  deposit_numbers: [2, 3],
  money: { EUR: { max_amount_cents: 10_000, min_deposit_cents: 2_000, max_bet_cents: 500 } },
  wager_multiplier: 30,
  activation_days: 5,
  wagering_days: 20,
};

const templates = async (query = '') => {
  const res = await call(t, 'GET', `/api/backoffice/bonus_templates?per_page=200${query}`, {
    cookie: marketing.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return backofficeBonusTemplatesResponseSchema.parse(res.json());
};
const templateRows = async () =>
  Number(
    ((await t.database.db.execute(sql`select count(*)::int as n from bonus_templates`)).rows[0] as { n: number }).n,
  );
const bonusRows = async () =>
  Number(
    ((await t.database.db.execute(sql`select count(*)::int as n from player_bonuses`)).rows[0] as { n: number }).n,
  );
const audits = async (targetType: string, targetId: string) =>
  (
    await t.database.db.execute(
      sql`select action, operator_id, role, before, after, reason from audit_log
          where target_type = ${targetType} and target_id = ${targetId} order by seq`,
    )
  ).rows as Array<{
    action: string;
    operator_id: number;
    role: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
    reason: string | null;
  }>;

async function grant(payload: Record<string, unknown>, cookie = marketing.cookie) {
  return call(t, 'POST', '/api/backoffice/bonus_grants', { cookie, payload });
}
async function grantOk(payload: Record<string, unknown>): Promise<BackofficeBonusGrantResponse> {
  const res = await grant(payload);
  expect(res.statusCode, res.body).toBe(200);
  return backofficeBonusGrantResponseSchema.parse(res.json());
}
async function giftsOf(cookie: string) {
  const res = await call(t, 'GET', '/api/player/bonuses', { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return playerBonusesResponseSchema.parse(res.json());
}

describe('templates', () => {
  it('are created, changed, switched off and on, and cloned, each write audited; the player sees what the operator wrote', async () => {
    const created = await call(t, 'POST', '/api/backoffice/bonus_templates', {
      cookie: marketing.cookie,
      payload: TEMPLATE,
    });
    expect(created.statusCode, created.body).toBe(201);
    const template = backofficeBonusTemplateSchema.parse(created.json());
    expect(template).toMatchObject({
      key: 'moon-reload',
      code: 'MOON50',
      enabled: true,
      wager_multiplier: 30,
      contributions: { slots: 100, table: 10 },
      usage: { issued: 0, activated: 0, redeemed: 0 },
    });
    const id = String(template.id);
    expect((await templates()).data.map((r) => r.key)).toContain('moon-reload');
    expect((await templates('&kind=deposit&q=moon')).data.map((r) => r.key)).toEqual(['moon-reload']);
    expect((await templates('&kind=coupon&q=moon')).total).toBe(0);

    // The same key again is refused; the operator API sees the template as the back office wrote it.
    const again = await call(t, 'POST', '/api/backoffice/bonus_templates', {
      cookie: marketing.cookie,
      payload: { ...TEMPLATE, code: 'OTHER' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { key: ['taken'] } });

    const { key: _key, ...body } = TEMPLATE;
    const changed = await call(t, 'PUT', `/api/backoffice/bonus_templates/${id}`, {
      cookie: marketing.cookie,
      payload: { ...body, title: 'Moon reload 60 %', percent: 60 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(backofficeBonusTemplateSchema.parse(changed.json())).toMatchObject({ key: 'moon-reload', percent: 60 });

    const off = await call(t, 'POST', `/api/backoffice/bonus_templates/${id}/disable`, { cookie: marketing.cookie });
    expect(off.statusCode, off.body).toBe(200);
    expect(backofficeBonusTemplateSchema.parse(off.json()).enabled).toBe(false);
    expect((await templates('&enabled=false')).data.map((r) => r.key)).toContain('moon-reload');
    // Twice off: refused, nothing written.
    const entries = await auditCount(t);
    const twice = await call(t, 'POST', `/api/backoffice/bonus_templates/${id}/disable`, { cookie: marketing.cookie });
    expect(twice.json()).toEqual({ errors: { enabled: ['already_disabled'] } });
    expect(await auditCount(t)).toBe(entries);

    // While it is off a player's code finds nothing; on again, the code works.
    const p = await player();
    const typed = await call(t, 'POST', '/api/v2/bonuses/promo-code', {
      cookie: p.cookie,
      payload: { code: 'moon50' },
    });
    expect(typed.json()).toEqual({ errors: { code: ['invalid'] } });
    const on = await call(t, 'POST', `/api/backoffice/bonus_templates/${id}/enable`, { cookie: marketing.cookie });
    expect(on.statusCode, on.body).toBe(200);
    const taken = await call(t, 'POST', '/api/v2/bonuses/promo-code', {
      cookie: p.cookie,
      payload: { code: 'moon50' },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const gift = (await giftsOf(p.cookie)).find((b) => b.title === 'Moon reload 60 %');
    expect(gift?.stage).toBe('wait');
    const one = await call(t, 'GET', `/api/backoffice/bonus_templates/${id}`, { cookie: marketing.cookie });
    expect(backofficeBonusTemplateSchema.parse(one.json()).usage).toEqual({ issued: 1, activated: 0, redeemed: 1 });

    // A clone: a new key, its own code, disabled; the source's code cannot be switched on twice.
    const clone = await call(t, 'POST', `/api/backoffice/bonus_templates/${id}/clone`, {
      cookie: marketing.cookie,
      payload: { key: 'moon-reload-copy', code: 'MOON50' },
    });
    expect(clone.statusCode, clone.body).toBe(201);
    const copy = backofficeBonusTemplateSchema.parse(clone.json());
    expect(copy).toMatchObject({ key: 'moon-reload-copy', percent: 60, enabled: false, code: 'MOON50' });
    expect(copy.usage).toEqual({ issued: 0, activated: 0, redeemed: 0 });
    const clash = await call(t, 'POST', `/api/backoffice/bonus_templates/${copy.id}/enable`, {
      cookie: marketing.cookie,
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toEqual({ errors: { code: ['taken'] } });
    expect(
      backofficeBonusTemplateSchema.parse(
        (await call(t, 'GET', `/api/backoffice/bonus_templates/${copy.id}`, { cookie: marketing.cookie })).json(),
      ).enabled,
    ).toBe(false);

    const trail = await audits('bonus_template', id);
    expect(trail.map((a) => a.action)).toEqual([
      'bonus_template.create',
      'bonus_template.update',
      'bonus_template.disable',
      'bonus_template.enable',
    ]);
    expect(trail.every((a) => Number(a.operator_id) === marketing.id && a.role === 'marketing')).toBe(true);
    expect(trail[0]!.before).toBeNull();
    expect(trail[1]!.before).toMatchObject({ percent: 50 });
    expect(trail[1]!.after).toMatchObject({ percent: 60 });
    const cloned = await audits('bonus_template', String(copy.id));
    expect(cloned.map((a) => [a.action, a.reason])).toEqual([['bonus_template.clone', 'cloned from moon-reload']]);
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });

  it('bad templates and unknown or too large ids are 422 or 404 and write nothing', async () => {
    const [rows, entries] = [await templateRows(), await auditCount(t)];
    const post = (payload: unknown) =>
      call(t, 'POST', '/api/backoffice/bonus_templates', { cookie: marketing.cookie, payload });
    const bad = await post({ ...TEMPLATE, key: 'Bad Key', percent: 5000, money: { EUR: { max_bet_cents: -1 } } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys((bad.json() as { errors: Record<string, string[]> }).errors).sort()).toEqual(
      expect.arrayContaining(['key', 'percent']),
    );
    expect((await post({ ...TEMPLATE, key: 'no-title', title: '' })).json()).toEqual({
      errors: { title: ['required'] },
    });
    // Another enabled template's code is taken (stored upper case, typed in any case).
    expect(
      (
        await post({
          ...TEMPLATE,
          key: 'coupon-clash',
          kind: 'coupon',
          code: 'orbit10',
          money: { EUR: { amount_cents: 100 } },
        })
      ).json(),
    ).toEqual({
      errors: { code: ['taken'] },
    });
    const huge = await call(t, 'PUT', '/api/backoffice/bonus_templates/2147483648', {
      cookie: marketing.cookie,
      payload: { ...TEMPLATE, key: undefined },
    });
    expect(huge.statusCode).toBe(422);
    expect(huge.json()).toEqual({ errors: { id: ['too_big'] } });
    expect(
      (
        await call(t, 'POST', '/api/backoffice/bonus_templates/99999999999999999999/disable', {
          cookie: marketing.cookie,
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await call(t, 'GET', '/api/backoffice/bonus_templates/2147483000', { cookie: marketing.cookie })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t, 'POST', '/api/backoffice/bonus_templates/2147483000/clone', {
          cookie: marketing.cookie,
          payload: { key: 'nothing-here' },
        })
      ).statusCode,
    ).toBe(404);
    expect(await templateRows()).toBe(rows);
    expect(await auditCount(t)).toBe(entries);
  });
});

describe('grants', () => {
  it('gives each listed player the bonus once; the same call again grants nothing; the others are skipped with their reason', async () => {
    const [a, b, off, blocked, dollars] = [
      await player(),
      await player(),
      await player(),
      await player(),
      await player({ currency: 'USD' }),
    ];
    expect(
      (
        await call(t, 'PATCH', '/api/player/update_bonus_settings', {
          cookie: off.cookie,
          payload: { can_issue: false },
        })
      ).statusCode,
    ).toBe(200);
    const block = await call(t, 'POST', `/api/backoffice/players/${blocked.id}/block`, {
      cookie: admin,
      payload: { reason: 'fraud check' },
    });
    expect(block.statusCode, block.body).toBe(200);

    const request = {
      template_key: 'orbit-coupon',
      currency: 'EUR',
      amount_cents: 1_500,
      player_ids: [b.id, a.id, off.id, blocked.id, dollars.id, 2_147_483_000, a.id],
      idempotency_key: 'goodwill-december',
    };
    const first = await grantOk(request);
    expect(first).toMatchObject({ template_key: 'orbit-coupon', kind: 'bonus', granted: 2, skipped: 4 });
    expect(first.skipped_by_reason).toEqual({ bonuses_disabled: 1, blocked: 1, no_account: 1, not_found: 1 });
    const result = Object.fromEntries(first.players.map((p) => [p.player_id, p.result]));
    expect(result).toEqual({
      [a.id]: 'granted',
      [b.id]: 'granted',
      [off.id]: 'bonuses_disabled',
      [blocked.id]: 'blocked',
      [dollars.id]: 'no_account',
      2_147_483_000: 'not_found',
    });
    const giftA = (await giftsOf(a.cookie)).filter((g) => g.title.includes('10'));
    expect(giftA).toHaveLength(1);
    expect(giftA[0]).toMatchObject({ stage: 'issued', amount_cents: 1_500 });

    const entries = await auditCount(t);
    const second = await grantOk(request);
    expect(second).toMatchObject({ granted: 0, skipped: 6 });
    expect(second.skipped_by_reason.already_granted).toBe(2);
    expect(second.players.find((p) => p.player_id === a.id)?.id).toBe(
      first.players.find((p) => p.player_id === a.id)?.id,
    );
    expect(await auditCount(t)).toBe(entries);
    expect((await giftsOf(a.cookie)).filter((g) => g.title.includes('10'))).toHaveLength(1);

    const trail = await audits('bonus_template', 'orbit-coupon');
    expect(trail.at(-1)).toMatchObject({
      action: 'bonus.grant',
      role: 'marketing',
      after: {
        currency: 'EUR',
        amount_cents: 1_500,
        idempotency_key: 'goodwill-december',
        granted: [a.id, b.id].sort((x, y) => x - y),
      },
    });
  });

  it('twenty identical calls at once grant each player once', async () => {
    const players = [await player(), await player(), await player()];
    const request = {
      template_key: 'welcome-gift',
      currency: 'EUR',
      player_ids: players.map((p) => p.id),
      idempotency_key: 'storm-20',
    };
    const before = await bonusRows();
    const entries = await auditCount(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => grant(request)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const outcomes = answers.map((a) => backofficeBonusGrantResponseSchema.parse(a.json()));
    // Each player was granted by exactly one call.
    for (const p of players)
      expect(
        outcomes.filter((o) => o.players.some((r) => r.player_id === p.id && r.result === 'granted')),
      ).toHaveLength(1);
    expect(outcomes.reduce((sum, o) => sum + o.granted, 0)).toBe(3);
    expect(await bonusRows()).toBe(before + 3);
    // One audit entry per call that granted someone.
    expect(await auditCount(t)).toBe(entries + outcomes.filter((o) => o.granted > 0).length);
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });

  it('gives a multi-account player (group 100) no deposit bonus by hand either, but other kinds', async () => {
    const [twin, other] = [await player(), await player()];
    const joined = await call(t, 'POST', `/api/backoffice/players/${twin.id}/groups`, {
      cookie: marketing.cookie,
      payload: { add: [100] },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const deposit = await grantOk({
      template_key: 'first-deposit-100',
      currency: 'EUR',
      amount_cents: 2_000,
      player_ids: [twin.id, other.id],
      idempotency_key: 'twin-deposit',
    });
    expect(deposit).toMatchObject({ granted: 1, skipped: 1, skipped_by_reason: { multi_account: 1 } });
    expect(deposit.players.find((p) => p.player_id === twin.id)).toMatchObject({ result: 'multi_account', id: null });
    const coupon = await grantOk({
      template_key: 'orbit-coupon',
      currency: 'EUR',
      amount_cents: 500,
      player_ids: [twin.id],
      idempotency_key: 'twin-coupon',
    });
    expect(coupon).toMatchObject({ granted: 1, skipped: 0 });
  });

  it('grants to a player group, and free spins from a free-spins template', async () => {
    const [x, y, outside] = [await player(), await player(), await player()];
    for (const p of [x, y]) {
      const joined = await call(t, 'POST', `/api/backoffice/players/${p.id}/groups`, {
        cookie: marketing.cookie,
        payload: { add: [1309] },
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
    const issuedBefore = (await templates('&q=stellar-spins')).data[0]!.usage.issued;
    const spins = await grantOk({
      template_key: 'stellar-spins',
      currency: 'EUR',
      group_id: 1309,
      idempotency_key: 'segment-b-spins',
    });
    expect(spins).toMatchObject({ kind: 'freespins', granted: 2, skipped: 0 });
    expect(spins.players.map((p) => p.player_id).sort((a, b) => a - b)).toEqual([x.id, y.id].sort((a, b) => a - b));
    for (const p of [x, y, outside]) {
      const res = await call(t, 'GET', '/api/player/freespins', { cookie: p.cookie });
      const mine = (res.json() as Array<{ id: number; stage: string }>).filter((g) =>
        spins.players.some((s) => s.id === g.id),
      );
      expect(mine.map((g) => g.stage)).toEqual(p === outside ? [] : ['issued']);
    }
    // The list counts the grants as issued, none activated; a template without a code has no redemptions.
    const after = (await templates('&q=stellar-spins')).data[0]!;
    expect(after.usage.issued - issuedBefore).toBe(2);
    expect(after.usage.redeemed).toBe(0);
  });

  it('bad grants are 422 and write nothing', async () => {
    const p = await player();
    const [bonuses, entries] = [await bonusRows(), await auditCount(t)];
    const refused = async (payload: Record<string, unknown>, errors: Record<string, string[]>) => {
      const res = await grant(payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ errors });
    };
    const base = { template_key: 'orbit-coupon', currency: 'EUR', player_ids: [p.id], idempotency_key: 'bad-1' };
    await refused({ ...base, player_ids: [2_147_483_648] }, { 'player_ids.0': ['too_big'] });
    await refused({ ...base, group_id: 2 ** 40, player_ids: undefined }, { group_id: ['too_big'] });
    await refused({ ...base, group_id: 1309 }, { player_ids: ['one_of_players_or_group'] });
    await refused({ ...base, player_ids: undefined, group_id: 424242 }, { group_id: ['not_found'] });
    await refused({ ...base, template_key: 'no-such-template' }, { template_key: ['invalid'] });
    await refused({ ...base, currency: 'JPY' }, { currency: ['invalid'] });
    await refused({ ...base, template_key: 'stellar-spins', amount_cents: 100 }, { amount_cents: ['not_allowed'] });
    await refused({ ...base, template_key: 'first-deposit-100' }, { amount_cents: ['required'] });
    await refused({ ...base, amount_cents: -5 }, { amount_cents: ['invalid'] });
    await refused({ ...base, idempotency_key: '' }, { idempotency_key: ['required'] });
    expect(await bonusRows()).toBe(bonuses);
    expect(await auditCount(t)).toBe(entries);
  });
});

describe('roles', () => {
  it('support and finance may neither manage templates nor grant (403, nothing written)', async () => {
    for (const role of ['support', 'finance'] as const) {
      const operator = await newOperator(t, clock, admin, role);
      const [rows, bonuses, entries] = [await templateRows(), await bonusRows(), await auditCount(t)];
      const calls: Array<[string, string, unknown]> = [
        ['GET', '/api/backoffice/bonus_templates', undefined],
        ['POST', '/api/backoffice/bonus_templates', { ...TEMPLATE, key: `by-${role}`, code: null }],
        ['POST', '/api/backoffice/bonus_templates/1/disable', {}],
        ['POST', '/api/backoffice/bonus_templates/1/clone', { key: `clone-by-${role}` }],
        [
          'POST',
          '/api/backoffice/bonus_grants',
          { template_key: 'welcome-gift', currency: 'EUR', player_ids: [1], idempotency_key: role },
        ],
      ];
      for (const [method, url, payload] of calls) {
        const res = await call(t, method as 'GET', url, { cookie: operator.cookie, payload });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      expect([await templateRows(), await bonusRows(), await auditCount(t)]).toEqual([rows, bonuses, entries]);
    }
  });
});

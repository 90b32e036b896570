/**
 * Reference data in the back office (docs/backoffice.md "Reference data and flags"): reference
 * rates changed by finance with every change kept (the bearer call too), 20 parallel changes kept
 * in order, bad input 422 writing nothing, `ratesAt(day)` answering a past day's rates; the
 * limits' defaults changed by risk, versioned, and applied to a player who chose nothing; the
 * page's feature flags stored as a validated CMS fe config; each role refused where it must be.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backofficeReferenceRatesResponseSchema,
  contentEntrySchema,
  featureFlagsConfigSchema,
  limitDefaultsResponseSchema,
  limitDefaultsVersionSchema,
  referenceRateHistoryResponseSchema,
  responsibleGamingResponseSchema,
  type BackofficeRole,
} from '@orbit/contracts';
import { checkAuditChain } from '../../src/modules/backoffice';
import { ratesAt, updateReferenceRates } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { auditCount, newOperator, signInAdmin, type SignedInOperator } from '../support/backoffice';
import { call, register } from '../support/identity';

const OPERATOR = 'operator-token-operator-token-operator-token';
const clock = new FakeClock('2026-12-14T09:00:00Z');
let t: TestApp;
let admin: string;
const ops = {} as Record<BackofficeRole, SignedInOperator>;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock });
  admin = await signInAdmin(t, clock);
  for (const role of ['finance', 'risk', 'marketing', 'support'] as const)
    ops[role] = await newOperator(t, clock, admin, role, `reference-${role}@orbit.example`);
});
afterAll(() => t.close());

const bo = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: unknown) =>
  call(t, method, `/api/backoffice${url}`, { cookie, payload });

const rates = async () => {
  const res = await bo('GET', '/reference_rates', ops.finance.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return backofficeReferenceRatesResponseSchema.parse(res.json()).rates;
};
const rateOf = async (currency: string) => (await rates()).find((r) => r.currency === currency)!;
const history = async (currency: string) => {
  const res = await bo('GET', `/reference_rates/${currency}/history`, ops.finance.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return referenceRateHistoryResponseSchema.parse(res.json()).changes;
};
const historyCount = async () =>
  Number(
    ((await t.database.db.execute(sql`select count(*)::int as n from reference_rate_changes`)).rows[0] as { n: number })
      .n,
  );

describe('reference rates', () => {
  it('starts every history with the seeded rate', async () => {
    const btc = await rateOf('BTC');
    expect(btc.eur_per_unit).toBe('60000');
    expect(btc.last_change).toMatchObject({ changed_by: 'seed', eur_per_unit: '60000', previous_eur_per_unit: null });
  });

  it('keeps every change with who made it, from the back office and from the bearer call, audited', async () => {
    const audits = await auditCount(t);
    clock.advance(60_000);
    const res = await bo('PUT', '/reference_rates', ops.finance.cookie, {
      rates: [
        { currency: 'BTC', eur_per_unit: '81234.50' },
        { currency: 'ETH', eur_per_unit: '3100' },
      ],
      reason: 'treasury figures of the day',
    });
    expect(res.statusCode, res.body).toBe(200);
    const btc = backofficeReferenceRatesResponseSchema.parse(res.json()).rates.find((r) => r.currency === 'BTC')!;
    expect(btc.eur_per_unit).toBe('81234.5');
    expect(btc.last_change).toMatchObject({
      changed_by: String(ops.finance.id),
      reason: 'treasury figures of the day',
      previous_eur_per_unit: '60000',
    });
    expect(await auditCount(t)).toBe(audits + 1);
    const [entry] = (
      await t.database.db.execute(sql`select action, before, after, reason from audit_log order by seq desc limit 1`)
    ).rows as Array<{ action: string; before: unknown; after: unknown; reason: string }>;
    expect(entry).toMatchObject({
      action: 'reference_rates.update',
      before: { BTC: '60000', ETH: '2500' },
      after: { BTC: '81234.5', ETH: '3100' },
      reason: 'treasury figures of the day',
    });

    clock.advance(60_000);
    const bearer = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/reference_rates',
      headers: { authorization: `Bearer ${OPERATOR}` },
      payload: { rates: [{ currency: 'BTC', eur_per_unit: '82000' }] },
    });
    expect(bearer.statusCode, bearer.body).toBe(200);
    const kept = await history('BTC');
    expect(kept.map((c) => [c.eur_per_unit, c.changed_by])).toEqual([
      ['82000', 'operator-token'],
      ['81234.5', String(ops.finance.id)],
      ['60000', 'seed'],
    ]);
    expect(await checkAuditChain(t.database.db)).toBeNull();
  });

  it('keeps 20 parallel changes, one row each, in order, the current rate the last one', async () => {
    clock.advance(60_000);
    const before = await historyCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        bo('PUT', '/reference_rates', ops.finance.cookie, { rates: [{ currency: 'LTC', eur_per_unit: '75' }] }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(await historyCount()).toBe(before + 20);
    const kept = await history('LTC');
    expect(kept).toHaveLength(21);
    const newestFirst = kept.slice(0, 20);
    expect(newestFirst.map((c) => c.id)).toEqual([...newestFirst.map((c) => c.id)].sort((a, b) => b - a));
    expect((await rateOf('LTC')).last_change!.id).toBe(kept[0]!.id);
    expect((await rateOf('LTC')).eur_per_unit).toBe('75');
  });

  it('refuses bad input with 422 and writes nothing; an unknown currency changes none', async () => {
    const rowsBefore = await historyCount();
    const audits = await auditCount(t);
    const cases: Array<[unknown, string, string]> = [
      [{ rates: [] }, 'rates', 'required'],
      [{ rates: [{ currency: 'USD', eur_per_unit: '0' }] }, 'rates.0.eur_per_unit', 'must_be_positive'],
      [{ rates: [{ currency: 'USD', eur_per_unit: '1e3' }] }, 'rates.0.eur_per_unit', 'invalid'],
      [{ rates: [{ currency: 'usd', eur_per_unit: '1' }] }, 'rates.0.currency', 'invalid'],
      [{ rates: [{ currency: 'USD', eur_per_unit: '1' }], reason: 'x'.repeat(501) }, 'reason', 'too_long'],
      [
        {
          rates: [
            { currency: 'GBP', eur_per_unit: '2' },
            { currency: 'XYZ', eur_per_unit: '1' },
          ],
        },
        'rates.1.currency',
        'unknown_currency',
      ],
    ];
    for (const [body, field, code] of cases) {
      const res = await bo('PUT', '/reference_rates', ops.finance.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field], res.body).toEqual([code]);
    }
    expect((await rateOf('GBP')).eur_per_unit).toBe('1.17');
    expect(await historyCount()).toBe(rowsBefore);
    expect(await auditCount(t)).toBe(audits);
    expect((await bo('GET', '/reference_rates/XYZ/history', ops.finance.cookie)).statusCode).toBe(404);
    expect((await bo('GET', '/reference_rates/x1/history', ops.finance.cookie)).statusCode).toBe(422);
  });

  it("answers a past day's rates from the history (ratesAt)", async () => {
    const db = t.database.db;
    // A change two days later (made through the same writer) does not move the 14th's figures.
    await updateReferenceRates(db, [{ currency: 'BTC', eur_per_unit: '90000' }], new Date('2026-12-16T10:00:00Z'), {
      changedBy: 'operator-token',
    });
    const day14 = await ratesAt(db, '2026-12-14');
    const day16 = await ratesAt(db, '2026-12-16');
    // 1 BTC (10^8 satoshi) in euro cents: that day's rate.
    expect(day14.convert(100_000_000, 'BTC', 'EUR', 'down')).toBe(8_200_000);
    expect(day16.convert(100_000_000, 'BTC', 'EUR', 'down')).toBe(9_000_000);
    // A day before any history: the first rate known.
    expect((await ratesAt(db, '2020-01-01')).convert(100_000_000, 'BTC', 'EUR', 'down')).toBe(6_000_000);
  });

  it('is refused to the roles without reference.manage', async () => {
    for (const role of ['risk', 'marketing', 'support'] as const) {
      expect((await bo('GET', '/reference_rates', ops[role].cookie)).statusCode, role).toBe(403);
      expect(
        (await bo('PUT', '/reference_rates', ops[role].cookie, { rates: [{ currency: 'BTC', eur_per_unit: '1' }] }))
          .statusCode,
        role,
      ).toBe(403);
    }
    expect((await bo('GET', '/reference_rates', admin)).statusCode).toBe(200);
  });
});

describe("limits' defaults", () => {
  const defaults = async (cookie = ops.risk.cookie) => {
    const res = await bo('GET', '/limit_defaults', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return limitDefaultsResponseSchema.parse(res.json());
  };
  const settings = { raise_delay_hours: 48, confirm_window_days: 10, new_player_reality_check_minutes: 30 };

  it("answers the code's defaults until a version is stored", async () => {
    const now = await defaults();
    expect(now.versions).toEqual([]);
    expect(now.current).toMatchObject({
      version: 0,
      settings: { raise_delay_hours: 24, confirm_window_days: 7, new_player_reality_check_minutes: 0 },
    });
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const audits = await auditCount(t);
    const cases: Array<[unknown, string, string]> = [
      [{ ...settings, raise_delay_hours: 23 }, 'raise_delay_hours', 'too_small'],
      [{ ...settings, raise_delay_hours: 1.5 }, 'raise_delay_hours', 'invalid'],
      [{ ...settings, confirm_window_days: 31 }, 'confirm_window_days', 'too_big'],
      [{ ...settings, new_player_reality_check_minutes: 20 }, 'new_player_reality_check_minutes', 'invalid'],
      [{ raise_delay_hours: 48, confirm_window_days: 10 }, 'new_player_reality_check_minutes', 'required'],
    ];
    for (const [body, field, code] of cases) {
      const res = await bo('PUT', '/limit_defaults', ops.risk.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field], res.body).toEqual([code]);
    }
    expect((await bo('PUT', '/limit_defaults', ops.risk.cookie, { ...settings, extra: 1 })).statusCode).toBe(422);
    expect((await defaults()).versions).toEqual([]);
    expect(await auditCount(t)).toBe(audits);
  });

  it("stores versions, audited, and a player who chose no interval gets the new default; a player's choice stays", async () => {
    const chose = await register(t, { email: 'reference-chose@example.com', currency: 'EUR' }, '10.9.1.1');
    expect(
      (
        await call(t, 'PATCH', '/api/responsible_gaming', {
          cookie: chose.cookie,
          payload: { reality_check_minutes: 15 },
        })
      ).statusCode,
    ).toBe(200);
    const audits = await auditCount(t);
    const res = await bo('PUT', '/limit_defaults', ops.risk.cookie, { ...settings, reason: 'regulator asked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(limitDefaultsVersionSchema.parse(res.json())).toMatchObject({
      version: 1,
      settings,
      changed_by: String(ops.risk.id),
      reason: 'regulator asked',
    });
    expect(await auditCount(t)).toBe(audits + 1);
    const again = await bo('PUT', '/limit_defaults', admin, { ...settings, confirm_window_days: 14 });
    expect(again.statusCode, again.body).toBe(200);
    const now = await defaults();
    expect(now.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(now.current.settings.confirm_window_days).toBe(14);

    const fresh = await register(t, { email: 'reference-new@example.com', currency: 'EUR' }, '10.9.1.2');
    const reality = async (cookie: string) =>
      responsibleGamingResponseSchema.parse((await call(t, 'GET', '/api/responsible_gaming', { cookie })).json())
        .reality_check_minutes;
    expect(await reality(fresh.cookie)).toBe(30);
    expect(await reality(chose.cookie)).toBe(15);
  });

  it('waits the new hours before a raise may be confirmed', async () => {
    const p = await register(t, { email: 'reference-raise@example.com', currency: 'EUR' }, '10.9.1.3');
    const limit = { type: 'deposit', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 100_00 }] };
    expect((await call(t, 'POST', '/api/user_limits', { cookie: p.cookie, payload: limit })).statusCode).toBe(200);
    const raise = await call(t, 'POST', '/api/user_limits', {
      cookie: p.cookie,
      payload: { ...limit, accounts: [{ currency: 'EUR', amount_cents: 500_00 }] },
    });
    expect(raise.statusCode, raise.body).toBeLessThan(300);
    const [row] = (
      await t.database.db.execute(
        sql`select requested_at, confirmable_at from user_limit_changes where user_id = ${p.player.id}`,
      )
    ).rows as Array<{ requested_at: string; confirmable_at: string }>;
    expect(new Date(row!.confirmable_at).getTime() - new Date(row!.requested_at).getTime()).toBe(48 * 3600_000);
  });

  it('is refused to the roles without limits.defaults', async () => {
    for (const role of ['finance', 'marketing', 'support'] as const) {
      expect((await bo('GET', '/limit_defaults', ops[role].cookie)).statusCode, role).toBe(403);
      expect((await bo('PUT', '/limit_defaults', ops[role].cookie, settings)).statusCode, role).toBe(403);
    }
  });
});

describe('feature flags', () => {
  const path = '/content/fe-configs/feature-flags';
  it('are an fe config validated against the known flags, versioned, and read by the page', async () => {
    const bad = await bo('PUT', path, ops.marketing.cookie, { value: { lotteries: 'no' } });
    expect(bad.statusCode, bad.body).toBe(422);
    expect((await bo('PUT', path, ops.marketing.cookie, { value: { unknown_flag: true } })).statusCode).toBe(422);
    const ok = await bo('PUT', path, ops.marketing.cookie, { value: { lotteries: false } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(contentEntrySchema.parse(ok.json()).document).toEqual({ value: { lotteries: false } });
    const read = await call(t, 'GET', '/api/fe/config/feature-flags');
    expect(read.statusCode, read.body).toBe(200);
    expect(featureFlagsConfigSchema.parse(read.json())).toEqual({ lotteries: false });
    expect((await bo('PUT', path, ops.finance.cookie, { value: { lotteries: true } })).statusCode).toBe(403);
  });
});

/**
 * The operator's reference rates (docs/reference-rates.md): one for every currency players can
 * hold, seeded; read and changed only with the operator's token; bad input refused with a
 * field and a code, and an update with one unknown currency changes none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currenciesResponseSchema, referenceRatesResponseSchema } from '@orbit/contracts';
import { seedAll } from '../../src/seed';
import { createTestApp, type TestApp } from '../support/app';

const OPERATOR = 'operator-token-operator-token-operator-token';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR });
});
afterAll(() => t.close());

const operator = { authorization: `Bearer ${OPERATOR}` };
const rates = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/operator/reference_rates', headers: operator });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    referenceRatesResponseSchema.parse(res.json()).rates.map((r) => [r.currency, r.eur_per_unit]),
  );
};
const put = (payload: unknown, headers: Record<string, string> = operator) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/operator/reference_rates',
    headers,
    payload: payload as Record<string, unknown>,
  });

describe('reference rates', () => {
  it('has a seeded rate for every currency of /api/info/currencies, the euro at 1', async () => {
    const currencies = currenciesResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/info/currencies' })).json(),
    );
    const seeded = await rates();
    for (const c of currencies) expect(Number(seeded[c.code]), c.code).toBeGreaterThan(0);
    expect(seeded.EUR).toBe('1');
    expect(seeded.BTC).toBe('60000');
  });

  it('is read and changed only with the operator token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/operator/reference_rates' })).statusCode).toBe(401);
    expect(
      (await put({ rates: [{ currency: 'USD', eur_per_unit: '0.5' }] }, { authorization: 'Bearer wrong' })).statusCode,
    ).toBe(401);
    expect((await rates()).USD).toBe('0.92');
  });

  it('refuses bad input with a field and a code, and changes nothing when one currency is unknown', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ rates: [] }, 'rates', 'required'],
      [{ rates: [{ currency: 'USD', eur_per_unit: '0' }] }, 'rates.0.eur_per_unit', 'must_be_positive'],
      [{ rates: [{ currency: 'USD', eur_per_unit: '-1' }] }, 'rates.0.eur_per_unit', 'invalid'],
      [{ rates: [{ currency: 'USD', eur_per_unit: '1e3' }] }, 'rates.0.eur_per_unit', 'invalid'],
      [{ rates: [{ currency: 'USD', eur_per_unit: '0.0000000000001' }] }, 'rates.0.eur_per_unit', 'invalid'],
      [{ rates: [{ currency: 'usd', eur_per_unit: '1' }] }, 'rates.0.currency', 'invalid'],
    ];
    for (const [body, field, code] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect((res.json() as { errors: Record<string, string[]> }).errors[field], res.body).toEqual([code]);
    }
    const unknown = await put({
      rates: [
        { currency: 'GBP', eur_per_unit: '2' },
        { currency: 'XYZ', eur_per_unit: '1' },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { 'rates.1.currency': ['unknown_currency'] } });
    expect((await rates()).GBP).toBe('1.17');
  });

  it("applies the operator's figures and keeps them across a restart's seeding", async () => {
    const res = await put({
      rates: [
        { currency: 'BTC', eur_per_unit: '81234.5' },
        { currency: 'DOG', eur_per_unit: '0.000123456789' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    await seedAll(t.database.db, { demoPlayer: false });
    const now = await rates();
    expect(now.BTC).toBe('81234.5');
    expect(now.DOG).toBe('0.000123456789');
  });
});

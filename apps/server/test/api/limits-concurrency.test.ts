/**
 * Limits under bets and deposits sent at once, on PostgreSQL only (PGlite is one connection, so
 * nothing there runs at once): a wager limit lets exactly as many parallel bets through as fit,
 * and a deposit limit as many parallel deposits.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';
import { ScriptedPsp } from '../support/scripted-psp';

const onPostgres = Boolean(process.env.DATABASE_URL);
const clock = new FakeClock('2026-08-01T10:00:00Z');
const psp = new ScriptedPsp();
let t: TestApp;
let w: ReturnType<typeof walletClient>;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp(psp.env, { clock, poolSize: 20, fetch: psp.fetch });
  w = walletClient(t, new Ledger(clock));
});
afterAll(async () => {
  if (onPostgres) await t.close();
});
afterEach(async () => {
  if (onPostgres) await expectLedgerHolds(t.database.db);
});

async function player(email: string): Promise<Player> {
  const r = await register(t, { email, currency: 'EUR' });
  return { cookie: r.cookie, id: r.player.id };
}
const limit = (p: Player, type: string, cents: number) =>
  call(t, 'POST', '/api/user_limits', {
    cookie: p.cookie,
    payload: { type, period: 'day', accounts: [{ currency: 'EUR', amount_cents: cents }] },
  });

describe.runIf(onPostgres)('limits against calls at the same time on PostgreSQL', () => {
  it('a wager limit of 2,000 lets exactly 4 of 12 parallel bets of 500 through', async () => {
    const ann = await player('ann@example.com');
    await w.fund(ann, 10_000);
    const token = await w.session(ann);
    expect((await limit(ann, 'wager', 2_000)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => {
        const round = w.uid('r');
        return w.bet(token, round, `${round}:bet`, 500);
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(
      answers.filter((a) => a.status !== 200).every((a) => a.status === 403 && a.body.code === 'limit_reached'),
    ).toBe(true);
    expect((await balancesOf(t.database.db, ann.id, 'EUR')).real).toBe(8_000);
  });

  it('a deposit limit of 10,000 lets exactly 3 of 8 parallel deposits of 3,000 reach the PSP', async () => {
    const bob = await player('bob@example.com');
    expect((await limit(bob, 'deposit', 10_000)).statusCode).toBe(200);
    const opened = () => psp.calls.filter((c) => c.method === 'POST' && c.path === '/api/payments').length;
    const before = opened();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t, 'POST', '/api/cashbox/deposits', {
          cookie: bob.cookie,
          payload: { payment_method: 'card_visa', amount_cents: 3_000, currency: 'EUR' },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(
      answers.filter((a) => a.statusCode !== 201).every((a) => a.json().errors.amount_cents[0] === 'limit_reached'),
    ).toBe(true);
    expect(opened() - before).toBe(3);
  });
});

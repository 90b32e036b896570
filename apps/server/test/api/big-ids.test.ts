/**
 * A player whose id is past 2^31 (a casino that has been running for years, or a sequence an
 * operator moved) goes through every path that takes a per-player lock: a deposit, a loss limit
 * counted under the bet's lock, the welcome gift's activation, a cashout. Each lock is keyed by a
 * 64-bit hash of its kind and the id (platform/db/executor.ts `subjectLock`), so no path fails
 * with "integer out of range". The ledger audit runs after the test.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerBonusesResponseSchema } from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { walletClient } from '../support/provider-wallet';
import { cardDeposit, ScriptedPsp } from '../support/scripted-psp';

const clock = new FakeClock('2026-09-01T10:00:00Z');
const psp = new ScriptedPsp();
const PAST_INT32 = 2 ** 31 + 7;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ...psp.env, CASHOUT_AUTO_APPROVE_UNITS: '0' }, { clock, fetch: psp.fetch });
});
afterAll(() => t.close());

describe('a player id past 2^31', () => {
  it('deposits, bets under a loss limit, activates the welcome gift and cashes out', async () => {
    await t.database.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${PAST_INT32})`);
    const { cookie, player } = await register(t, { email: 'far@example.com', currency: 'EUR' }, '10.99.0.1');
    expect(player.id).toBeGreaterThan(2 ** 31);
    await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
    await t.app.orbitOutbox.drain();

    // A deposit (the cashbox's per-player lock), notified by the PSP.
    await cardDeposit(t, psp, clock.now(), cookie, 10_000, 'EUR', 'tok_far');
    expect((await balancesOf(t.database.db, player.id, 'EUR')).real).toBe(10_000);

    // A loss limit (the limits' lock), then a bet counted under the wallet's per-player lock.
    const limit = await call(t, 'POST', '/api/user_limits', {
      cookie,
      payload: { type: 'loss', period: 'day', accounts: [{ currency: 'EUR', amount_cents: 5_000 }] },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const client = walletClient(t, new Ledger(clock));
    const token = await client.session({ cookie, id: player.id });
    const round = client.uid('far');
    const bet = await client.bet(token, round, `${round}:bet`, 1_000);
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    expect((await client.win(token, round, `${round}:win`, 0)).status).toBe(200);
    await t.app.orbitOutbox.drain();

    // The welcome gift's activation (the bonuses' per-player lock).
    const gifts = playerBonusesResponseSchema.parse((await call(t, 'GET', '/api/player/bonuses', { cookie })).json());
    const gift = gifts.find((g) => g.group_key === 'welcome-gift');
    expect(gift?.stage).toBe('issued');
    const activated = await call(t, 'POST', `/api/player/bonuses/${gift!.id}/activation`, { cookie });
    expect(activated.statusCode, activated.body).toBe(200);
    // The gift wagers: a cashout is refused while it does, and only then (not a 500).
    const cashout = await call(t, 'POST', '/api/cashbox/cashouts', {
      cookie,
      payload: { payment_method: 'card_visa', amount_cents: 2_000, currency: 'EUR', destination: 'x' },
    });
    expect(cashout.statusCode, cashout.body).toBe(422);
    expect(cashout.json()).toEqual({ errors: { base: ['bonus_wagering'] } });
    await expectLedgerHolds(t.database.db);
  });
});

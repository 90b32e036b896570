/**
 * Property test of comp points through the provider wallet and the shop (docs/loyalty.md): random
 * slot bets and bursts of exchanges sent at once (some repeating a click's key), checked after
 * every step: the points are exactly a point per 10.00 staked on slots (the fractions carried),
 * the chargeable balance never goes below zero and is what was earned minus what the recorded
 * exchanges spent, a key never spends twice, real-money rewards reach the balance exactly, and
 * the ledger audit holds.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compPointsSchema, exchangeResponseSchema } from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { compPointExchanges } from '../../src/modules/loyalty/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';

const clock = new FakeClock('2026-05-04T12:00:00Z');
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;
let exchanged = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  client = walletClient(t, new Ledger(clock));
});
afterAll(() => t.close());

type Op = { type: 'bet'; stake: number } | { type: 'burst'; clicks: number[] };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ type: fc.constant('bet' as const), stake: fc.integer({ min: 1, max: 400_000 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('burst' as const),
      // Clicks by key from a small pool: the same click sent twice (at once or later) must spend once.
      clicks: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
    }),
  },
);

/** What each click key buys (a key always names the same exchange). */
const CLICKS = [
  { card: 'cash-5', quantity: 1 },
  { card: 'bonus-10', quantity: 2 },
  { card: 'cash-5', quantity: 2 },
  { card: 'bonus-10', quantity: 1 },
] as const;

const PRICES = { 'cash-5': { points: 250, cents: 500 }, 'bonus-10': { points: 100, cents: 1_000 } } as const;

it('never spends points twice or below zero, and earns exactly a point per 10.00 on slots', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
      const run = ++seq;
      const { cookie, player } = await register(t, { email: `prop${run}@example.com` }, `10.70.${run}.1`);
      await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
      const p: Player = { cookie, id: player.id };
      await client.fund(p, 4_000_000);
      await t.app.orbitOutbox.drain();
      const token = await client.session(p, 'orbit/stellar-sevens');
      let staked = 0;
      let cashIn = 0;
      const firstByKey = new Map<string, number>();
      const startReal = (await balancesOf(t.database.db, p.id, 'EUR')).real;

      for (const step of ops) {
        if (step.type === 'bet') {
          const placed = await client.wallet('bet', {
            session_token: token,
            game: 'stellar-sevens',
            round_id: client.uid(`prop-round-${run}`),
            transaction_id: client.uid(`prop-bet-${run}`),
            amount_cents: step.stake,
            currency: 'EUR',
          });
          expect(placed.status).toBe(200);
          staked += step.stake;
          await t.app.orbitOutbox.drain();
        } else {
          const answers = await Promise.all(
            step.clicks
              .map((k) => ({ ...CLICKS[k]!, key: k }))
              .map((c) =>
                call(t, 'POST', '/api/comp_points/exchange/money', {
                  cookie,
                  headers: { 'idempotency-key': `prop-${run}-${c.key}` },
                  payload: {
                    exchange: { points: PRICES[c.card].points, currency: 'EUR', group: c.card, quantity: c.quantity },
                  },
                }).then((res) => ({ res, click: c })),
              ),
          );
          for (const { res, click } of answers) {
            const key = `prop-${run}-${click.key}`;
            if (res.statusCode === 200) {
              const done = exchangeResponseSchema.parse(res.json());
              const first = firstByKey.get(key);
              if (first === undefined) {
                firstByKey.set(key, done.id);
                if (click.card === 'cash-5') cashIn += PRICES['cash-5'].cents * click.quantity;
              } else expect(done.id).toBe(first);
            } else {
              expect(res.statusCode, res.body).toBe(422);
              expect(res.json()).toEqual({ errors: { base: ['not_enough_points'] } });
            }
          }
        }
        const points = compPointsSchema.parse((await call(t, 'GET', '/api/player/comp_points', { cookie })).json());
        const rows = await t.database.db.select().from(compPointExchanges).where(eq(compPointExchanges.userId, p.id));
        const spent = rows.reduce((sum, r) => sum + r.points, 0);
        expect(points.persistent.points).toBe(Math.floor(staked / 1_000));
        expect(points.chargeable.points).toBeGreaterThanOrEqual(0);
        expect(points.chargeable.points).toBe(points.persistent.points - spent);
        // One exchange per key, whatever the clicks.
        expect(rows.length).toBe(firstByKey.size);
        expect((await balancesOf(t.database.db, p.id, 'EUR')).real).toBe(startReal - staked + cashIn);
      }
      exchanged += firstByKey.size;
      await expectLedgerHolds(t.database.db);
    }),
    { numRuns: 12 },
  );
  // The runs did exchange (a property that never reached the shop would prove nothing).
  expect(exchanged).toBeGreaterThan(0);
});

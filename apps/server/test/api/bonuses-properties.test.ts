/**
 * Property test of the bonus arithmetic through the provider wallet and the bonus calls
 * (docs/bonuses.md): random bonuses, bets on slots (100 %) and roulette (10 %), wins, open rounds
 * settled later, cancellations and new activations, checked after every step: no money created or
 * lost (the player's money is what they had, plus bonuses credited, minus stakes, plus wins, minus
 * what was forfeited), wagering is exactly the contributions of the bets made while the bonus
 * wagered, a bonus past its requirement is done and paid no more than its max win, balances never
 * go below zero, and the ledger audit holds.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { playerBonusesResponseSchema, playerBonusSchema, type PlayerBonus } from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { walletClient } from '../support/provider-wallet';

const clock = new FakeClock('2026-07-01T12:00:00Z');
const OPERATOR = 'operator-token-operator-token-operator-token';
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;

const MAX_WIN = 600;
beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock });
  client = walletClient(t, new Ledger(clock));
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/operator/bonus_templates/property-gift',
    headers: { authorization: `Bearer ${OPERATOR}` },
    payload: {
      kind: 'manual',
      title: 'Property gift',
      money: { EUR: { amount_cents: 1_000, max_bet_cents: 400, max_win_cents: MAX_WIN } },
      wager_multiplier: 1,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

type Op =
  | { type: 'round'; game: 'slot' | 'table'; stake: number; win: number; leaveOpen: boolean }
  | { type: 'settle'; win: number }
  | { type: 'cancel' }
  | { type: 'gift'; amount: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('round' as const),
      game: fc.constantFrom('slot' as const, 'slot' as const, 'table' as const),
      stake: fc.integer({ min: 1, max: 450 }),
      win: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_500 })),
      leaveOpen: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('settle' as const), win: fc.integer({ min: 0, max: 900 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('cancel' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('gift' as const), amount: fc.integer({ min: 10, max: 3_000 }) }),
  },
);

const SLUG = { slot: 'stellar-sevens', table: 'european-roulette' } as const;
const SHARE = { slot: 100, table: 10 } as const;

it('keeps the money and the wagering right through random play, cancels and gifts', { timeout: 240_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 0, max: 3_000 }),
      fc.array(op, { minLength: 1, maxLength: 14 }),
      async (real, ops) => {
        seq++;
        const { cookie, player } = await register(
          t,
          { email: `prop${seq}@example.com` },
          `10.60.${seq % 250}.${1 + Math.floor(seq / 250)}`,
        );
        await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
        const p = { cookie, id: player.id };
        await client.fund(p, real);
        const tokens = {
          slot: await client.session(p, 'orbit/stellar-sevens'),
          table: await client.session(p, 'orbit/european-roulette'),
        };
        const list = async (): Promise<PlayerBonus[]> =>
          playerBonusesResponseSchema.parse((await call(t, 'GET', '/api/player/bonuses', { cookie })).json());
        const wagering = async () => (await list()).find((b) => b.stage === 'handle_bets');
        const drain = () => t.app.orbitOutbox.drain();

        let expected = real;
        const counted = new Map<number, number>();
        let open: { id: string; game: 'slot' | 'table' } | null = null;
        const gift = async (amount: number) => {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/operator/players/${p.id}/bonuses`,
            headers: { authorization: `Bearer ${OPERATOR}` },
            payload: {
              template_key: 'property-gift',
              currency: 'EUR',
              amount_cents: amount,
              idempotency_key: `prop-${seq}-${counted.size}-${amount}`,
            },
          });
          const bonus = playerBonusSchema.parse(res.json());
          const activated = await call(t, 'POST', `/api/player/bonuses/${bonus.id}/activation`, { cookie });
          if (activated.statusCode === 200) {
            expected += amount;
            counted.set(bonus.id, 0);
          } else expect(activated.json()).toEqual({ errors: { base: ['bonus_already_wagering'] } });
          await drain();
        };
        await gift(1_000);

        for (const o of ops) {
          const before = await wagering();
          if (o.type === 'round' && !open) {
            const id = client.uid('prop-round');
            const bet = await client.wallet('bet', {
              session_token: tokens[o.game],
              game: SLUG[o.game],
              round_id: id,
              transaction_id: client.uid('b'),
              amount_cents: o.stake,
              currency: 'EUR',
            });
            if (bet.status === 200) {
              expected -= o.stake;
              if (before) counted.set(before.id, (counted.get(before.id) ?? 0) + o.stake * SHARE[o.game]);
              if (o.leaveOpen) open = { id, game: o.game };
              else {
                await client.wallet('win', {
                  session_token: tokens[o.game],
                  game: SLUG[o.game],
                  round_id: id,
                  transaction_id: client.uid('w'),
                  amount_cents: o.win,
                  currency: 'EUR',
                });
                expected += o.win;
              }
            } else {
              // Refused: above the max bet while wagering, or more than the player has.
              expect(['bonus_max_bet', 'insufficient_funds']).toContain((bet.body as { code: string }).code);
            }
          } else if (o.type === 'settle' && open) {
            await client.wallet('win', {
              session_token: tokens[open.game],
              game: SLUG[open.game],
              round_id: open.id,
              transaction_id: client.uid('w'),
              amount_cents: o.win,
              currency: 'EUR',
            });
            expected += o.win;
            open = null;
          } else if (o.type === 'cancel' && before) {
            expect((await call(t, 'DELETE', `/api/player/bonuses/${before.id}`, { cookie })).statusCode).toBe(200);
          } else if (o.type === 'gift') {
            await gift(o.amount);
          }
          await drain();

          const bonuses = await list();
          const balances = await balancesOf(t.database.db, p.id, 'EUR');
          expect(balances.real).toBeGreaterThanOrEqual(0);
          expect(balances.bonus).toBeGreaterThanOrEqual(0);
          const forfeited = bonuses.reduce((sum, b) => sum + b.forfeited_cents, 0);
          expect(balances.real + balances.bonus).toBe(expected - forfeited);
          for (const b of bonuses) {
            if (!counted.has(b.id)) continue;
            expect(b.converted_cents).toBeLessThanOrEqual(MAX_WIN);
            // Stakes × share in percent, summed; the wagering is its hundredth rounded down.
            const wagered = Math.floor(counted.get(b.id)! / 100);
            expect(b.amount_wager_cents).toBe(Math.min(wagered, b.amount_wager_requirement_cents));
            if (wagered >= b.amount_wager_requirement_cents && b.stage !== 'canceled' && b.stage !== 'lost')
              expect(b.stage).toBe('wager_done');
          }
          expect(bonuses.filter((b) => b.stage === 'handle_bets').length).toBeLessThanOrEqual(1);
        }
        await expectLedgerHolds(t.database.db);
      },
    ),
    { numRuns: 40 },
  );
});

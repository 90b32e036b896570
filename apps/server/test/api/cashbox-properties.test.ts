/**
 * Property test of the cashbox through its HTTP API: random sequences of deposits (approved,
 * declined, notified twice, notified with another amount), cashouts, recalls, operator approvals
 * and rejections, payouts that succeed or fail, checked after every step against a model of the
 * player's money, with the ledger audit holding throughout.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { paymentSchema } from '@orbit/contracts';
import { payments } from '../../src/modules/cashbox/schema';
import { users } from '../../src/modules/identity/schema';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { ScriptedPsp, type ScriptedPayment } from '../support/scripted-psp';

const clock = new FakeClock('2026-12-01T12:00:00Z');
const OPERATOR = 'operator-token-operator-token-operator-token';
const psp = new ScriptedPsp();
const IBAN = 'DE89370400440532013000';
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  // Every cashout waits for the operator, so approvals and rejections are the test's to choose.
  t = await createTestApp(
    { ...psp.env, OPERATOR_TOKEN: OPERATOR, CASHOUT_AUTO_APPROVE_UNITS: '0' },
    { clock, fetch: psp.fetch },
  );
});
afterAll(() => t.close());

type Op =
  | { type: 'deposit'; amount: number; outcome: 'succeeded' | 'declined'; twice: boolean; wrongAmountFirst: boolean }
  | { type: 'cashout'; amount: number }
  | { type: 'recall' | 'reject' | 'approve_paid' | 'approve_failed'; pick: number };

const amount = fc.integer({ min: 2_000, max: 40_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    type: fc.constant('deposit' as const),
    amount,
    outcome: fc.constantFrom('succeeded' as const, 'succeeded' as const, 'declined' as const),
    twice: fc.boolean(),
    wrongAmountFirst: fc.boolean(),
  }),
  fc.record({ type: fc.constant('cashout' as const), amount }),
  fc.record({
    type: fc.constantFrom('recall' as const, 'reject' as const, 'approve_paid' as const, 'approve_failed' as const),
    pick: fc.nat(10),
  }),
);

it('keeps the money right through random sequences of cashbox operations', { timeout: 240_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
      seq++;
      const { cookie, player } = await register(
        t,
        { email: `prop${seq}@example.com` },
        `10.50.${seq % 250}.${1 + Math.floor(seq / 250)}`,
      );
      await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
      const model = { real: 0, reserved: 0 };
      const open: Array<{ id: number; amount: number }> = [];

      const notify = async (p: ScriptedPayment) => {
        const { body, headers } = psp.webhook(p, clock.now());
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/cashbox/webhooks/sandbox',
          payload: body,
          headers,
        });
        expect(res.statusCode).toBe(200);
      };

      for (const o of ops) {
        if (o.type === 'deposit') {
          const res = await call(t, 'POST', '/api/cashbox/deposits', {
            cookie,
            payload: { payment_method: 'card_visa', amount_cents: o.amount, currency: 'EUR' },
          });
          expect(res.statusCode, res.body).toBe(201);
          const pspPayment = psp.last();
          if (o.wrongAmountFirst) await notify({ ...pspPayment, status: 'succeeded', amount_cents: o.amount + 1 });
          pspPayment.status = o.outcome;
          await notify(pspPayment);
          if (o.twice) await notify(pspPayment);
          if (o.outcome === 'succeeded') model.real += o.amount;
        } else if (o.type === 'cashout') {
          const res = await call(t, 'POST', '/api/cashbox/cashouts', {
            cookie,
            payload: { payment_method: 'bank_sofort', amount_cents: o.amount, currency: 'EUR', destination: IBAN },
          });
          if (o.amount <= model.real) {
            expect(res.statusCode, res.body).toBe(201);
            open.push({ id: paymentSchema.parse(res.json()).id, amount: o.amount });
            model.real -= o.amount;
            model.reserved += o.amount;
          } else {
            expect(res.json()).toEqual({ errors: { amount_cents: ['insufficient_funds'] } });
          }
        } else {
          const chosen = open.splice(o.pick % Math.max(1, open.length), 1)[0];
          if (!chosen) continue;
          if (o.type === 'recall') {
            expect((await call(t, 'POST', `/api/player/payments/${chosen.id}/recall`, { cookie })).statusCode).toBe(
              200,
            );
          } else {
            const decision = o.type === 'reject' ? 'reject' : 'approve';
            const res = await t.app.inject({
              method: 'POST',
              url: `/api/operator/payments/${chosen.id}/review`,
              headers: { authorization: `Bearer ${OPERATOR}` },
              payload: { decision },
            });
            expect(res.statusCode, res.body).toBe(200);
            if (decision === 'approve') {
              await t.app.orbitOutbox.drain();
              const payout = psp.last();
              expect(payout).toMatchObject({ kind: 'payout', reference: `payment:${chosen.id}` });
              payout.status = o.type === 'approve_paid' ? 'succeeded' : 'failed';
              await notify(payout);
              await notify(payout);
            }
          }
          model.reserved -= chosen.amount;
          if (o.type !== 'approve_paid') model.real += chosen.amount;
        }
        expect(await balancesOf(t.database.db, player.id, 'EUR')).toEqual({
          currency: 'EUR',
          real: model.real,
          bonus: 0,
          reserved: model.reserved,
          held: 0,
        });
        // What the reserve holds is exactly the cashouts still open.
        const rows = await t.database.db
          .select({ action: payments.action, amount: payments.amount, state: payments.state })
          .from(payments)
          .where(eq(payments.userId, player.id));
        const openCashouts = rows.filter(
          (p) => p.action === 'cashout' && (p.state === 'pending' || p.state === 'processing'),
        );
        expect(openCashouts.reduce((sum, p) => sum + p.amount, 0)).toBe(model.reserved);
        await expectLedgerHolds(t.database.db);
      }
      await t.app.orbitOutbox.drain();
    }),
    { numRuns: 40 },
  );
});

/**
 * Property test of the ledger: random sequences of deposits, cashouts, recalls, approvals,
 * rejections, bets, wins, faithful replays and conflicting replays, each checked against a model
 * of what the balances must be, with every invariant (audit) proven after every step.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { InsufficientFundsError, Ledger, type PlayerAccountKind, type TransferRequest } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { AppError } from '../../src/platform/errors';
import { createTestApp, type TestApp } from '../support/app';
import { balancesOf, expectLedgerHolds, openPlayer } from '../support/ledger';

const CURRENCIES = ['EUR', 'BTC'] as const;
type Currency = (typeof CURRENCIES)[number];
type Kind = PlayerAccountKind;

const clock = new FakeClock('2026-06-01T00:00:00Z');
const ledger = new Ledger(clock);
let t: TestApp;
let run = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

type Op =
  | { type: 'deposit'; player: number; currency: Currency; amount: number }
  | { type: 'cashout'; player: number; currency: Currency; amount: number }
  | { type: 'recall' | 'approve' | 'reject'; cashout: number }
  | { type: 'bet'; player: number; currency: Currency; amount: number }
  | { type: 'win'; player: number; currency: Currency; amount: number }
  | { type: 'grant_bonus'; player: number; currency: Currency; amount: number }
  | { type: 'replay'; index: number }
  | { type: 'conflicting_replay'; index: number };

const player = fc.integer({ min: 0, max: 2 });
const currency = fc.constantFrom(...CURRENCIES);
const amount = fc.integer({ min: 1, max: 5_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ type: fc.constant('deposit' as const), player, currency, amount }), weight: 4 },
  { arbitrary: fc.record({ type: fc.constant('cashout' as const), player, currency, amount }), weight: 3 },
  {
    arbitrary: fc.record({
      type: fc.constantFrom('recall' as const, 'approve' as const, 'reject' as const),
      cashout: fc.nat(20),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ type: fc.constant('bet' as const), player, currency, amount }), weight: 3 },
  { arbitrary: fc.record({ type: fc.constant('win' as const), player, currency, amount }), weight: 2 },
  { arbitrary: fc.record({ type: fc.constant('grant_bonus' as const), player, currency, amount }), weight: 1 },
  {
    arbitrary: fc.record({
      type: fc.constantFrom('replay' as const, 'conflicting_replay' as const),
      index: fc.nat(40),
    }),
    weight: 2,
  },
);

/** What the balances must be: the model the database is checked against. */
class Model {
  balances = new Map<string, number>();
  get(player: number, currency: string, kind: Kind): number {
    return this.balances.get(`${player}:${currency}:${kind}`) ?? 0;
  }
  add(player: number, currency: string, kind: Kind, delta: number): void {
    this.balances.set(`${player}:${currency}:${kind}`, this.get(player, currency, kind) + delta);
  }
  /** Applies a request as the ledger must: refused when a player's account would go below zero. */
  apply(r: TransferRequest): boolean {
    if ('player' in r.from && this.get(r.from.player, r.currency, r.from.kind) < r.amount) return false;
    if ('player' in r.from) this.add(r.from.player, r.currency, r.from.kind, -r.amount);
    if ('player' in r.to) this.add(r.to.player, r.currency, r.to.kind, r.amount);
    return true;
  }
}

type Cashout = { player: number; currency: Currency; amount: number; open: boolean };

it('keeps every invariant through random sequences of money movements', { timeout: 240_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 30 }), async (ops) => {
      run++;
      const players: number[] = [];
      for (let i = 0; i < 3; i++) players.push(await openPlayer(t.database.db, [...CURRENCIES]));
      const model = new Model();
      const applied: TransferRequest[] = [];
      const cashouts: Cashout[] = [];
      let n = 0;
      const key = () => `prop-${run}-${n++}`;

      /** Sends a request to the ledger and checks the answer against the model. */
      const send = async (r: TransferRequest): Promise<boolean> => {
        const expected = model.apply(r);
        const outcome = await ledger.transfer(t.database.db, r).then(
          (result) => result,
          (error: unknown) => error,
        );
        if (expected) {
          expect(outcome, JSON.stringify(r)).toMatchObject({ replayed: false });
          applied.push(r);
        } else {
          expect(outcome, JSON.stringify(r)).toBeInstanceOf(InsufficientFundsError);
        }
        return expected;
      };

      for (const o of ops) {
        switch (o.type) {
          case 'deposit':
            await send({
              idempotencyKey: key(),
              kind: 'deposit',
              reference: 'payment',
              currency: o.currency,
              amount: o.amount,
              from: { house: 'psp_clearing' },
              to: { player: players[o.player]!, kind: 'real' },
            });
            break;
          case 'grant_bonus':
            await send({
              idempotencyKey: key(),
              kind: 'bonus',
              reference: 'bonus',
              currency: o.currency,
              amount: o.amount,
              from: { house: 'bonus_funding' },
              to: { player: players[o.player]!, kind: 'bonus' },
            });
            break;
          case 'cashout': {
            const p = players[o.player]!;
            const ok = await send({
              idempotencyKey: key(),
              kind: 'cashout_reserve',
              reference: 'cashout',
              currency: o.currency,
              amount: o.amount,
              from: { player: p, kind: 'real' },
              to: { player: p, kind: 'reserved' },
            });
            if (ok) cashouts.push({ player: p, currency: o.currency, amount: o.amount, open: true });
            break;
          }
          case 'recall':
          case 'reject':
          case 'approve': {
            const c = cashouts[o.cashout % Math.max(1, cashouts.length)];
            if (!c?.open) break;
            c.open = false;
            const to =
              o.type === 'approve'
                ? ({ house: 'psp_clearing' } as const)
                : ({ player: c.player, kind: 'real' } as const);
            const kind = o.type === 'approve' ? 'cashout_payout' : 'cashout_release';
            expect(
              await send({
                idempotencyKey: key(),
                kind,
                reference: 'cashout',
                currency: c.currency,
                amount: c.amount,
                from: { player: c.player, kind: 'reserved' },
                to,
              }),
            ).toBe(true);
            break;
          }
          case 'bet': {
            // Real money first, then bonus: the split the games module will send as one transferAll.
            const p = players[o.player]!;
            const real = Math.min(o.amount, model.get(p, o.currency, 'real'));
            const bonus = o.amount - real;
            if (bonus > model.get(p, o.currency, 'bonus')) break;
            const parts: TransferRequest[] = [];
            if (real > 0)
              parts.push({
                idempotencyKey: key(),
                kind: 'bet',
                reference: 'round',
                currency: o.currency,
                amount: real,
                from: { player: p, kind: 'real' },
                to: { house: 'bets' },
              });
            if (bonus > 0)
              parts.push({
                idempotencyKey: key(),
                kind: 'bet',
                reference: 'round',
                currency: o.currency,
                amount: bonus,
                from: { player: p, kind: 'bonus' },
                to: { house: 'bets' },
              });
            const results = await ledger.transferAll(t.database.db, parts);
            expect(results.every((r) => !r.replayed)).toBe(true);
            for (const part of parts) {
              model.apply(part);
              applied.push(part);
            }
            break;
          }
          case 'win':
            await send({
              idempotencyKey: key(),
              kind: 'win',
              reference: 'round',
              currency: o.currency,
              amount: o.amount,
              from: { house: 'bets' },
              to: { player: players[o.player]!, kind: 'real' },
            });
            break;
          case 'replay': {
            const r = applied[o.index % Math.max(1, applied.length)];
            if (!r) break;
            const again = await ledger.transfer(t.database.db, { ...r });
            expect(again.replayed).toBe(true);
            break;
          }
          case 'conflicting_replay': {
            const r = applied[o.index % Math.max(1, applied.length)];
            if (!r) break;
            const error = await ledger.transfer(t.database.db, { ...r, amount: r.amount + 1 }).then(
              () => null,
              (e: unknown) => e,
            );
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).code).toBe('idempotency_conflict');
            break;
          }
        }
        // After every step: the database agrees with the model and the ledger's invariants hold.
        for (const p of players) {
          for (const c of CURRENCIES) {
            const b = await balancesOf(t.database.db, p, c);
            expect(b).toEqual({
              currency: c,
              real: model.get(p, c, 'real'),
              bonus: model.get(p, c, 'bonus'),
              reserved: model.get(p, c, 'reserved'),
              held: model.get(p, c, 'held'),
            });
            expect(Math.min(b.real, b.bonus, b.reserved)).toBeGreaterThanOrEqual(0);
          }
        }
        await expectLedgerHolds(t.database.db);
      }
    }),
    { numRuns: 60 },
  );
});

/**
 * Deposit-bound rewards once the deposit is played through (docs/promotions.md "What a deposit
 * earns", docs/loyalty.md): the wheel's box, lottery tickets, the VIP club's deposit sums and the
 * adventure calendar's daily deposit come only once the player's real-money stakes in the
 * deposit's currency after it (refunded bets taken back, bonus money not counted) reach its
 * amount, deposits filled oldest first; a cashout gives up the waiting deposits of its currency.
 * The attack it stops: deposit and cash out again and again, keeping every deposit's rewards.
 * FakeClock on a Monday (the demo adventure's first day asks a deposit of 20.00), scripted PSP
 * with small cashouts approved by themselves; the ledger audit runs after each test.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  cryptoAddressResponseSchema,
  lootboxesResponseSchema,
  lootboxSchema,
  lotteryStatusSchema,
  paymentMethodsResponseSchema,
  paymentSchema,
  playerAdventureResponseSchema,
  playerBonusesResponseSchema,
  playerFreespinsResponseSchema,
  vipProgressSchema,
  waitingDepositsResponseSchema,
} from '@orbit/contracts';
import { DEPOSIT_PLAYED_TOPIC } from '../../src/modules/cashbox';
import { stakesOf } from '../../src/modules/cashbox/playthrough';
import { users } from '../../src/modules/identity/schema';
import { newServerSeed, seedHash } from '../../src/modules/promotions/lotteries';
import { promoLotteries } from '../../src/modules/promotions/schema';
import { Ledger, type TransferEvent } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { outboxEvents } from '../../src/platform/outbox/schema';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { walletClient, type Player } from '../support/provider-wallet';
import { cardDeposit, ScriptedPsp } from '../support/scripted-psp';

// A Monday: the demo adventure's first day, won by a deposit of at least 20.00 (no bets asked).
const clock = new FakeClock('2026-06-15T10:00:00Z');
const HOUR = 3_600_000;
const psp = new ScriptedPsp();
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;
let lotteryId = 0;

beforeAll(async () => {
  // Cashouts up to 100 units are approved without an operator.
  t = await createTestApp({ ...psp.env, CASHOUT_AUTO_APPROVE_UNITS: '100' }, { clock, fetch: psp.fetch });
  client = walletClient(t, new Ledger(clock));
  // A lottery selling a ticket for every 20.00 deposited.
  const serverSeed = newServerSeed();
  const [lottery] = await t.database.db
    .insert(promoLotteries)
    .values({
      slug: `cycle-draw-${Date.now()}`,
      title: 'Cycle draw',
      currency: 'EUR',
      groupIds: [],
      compPointsTicketPrice: 0,
      depositScaleRules: { EUR: [{ from_amount_cents: 2_000, price_cents: 2_000 }] },
      maxTicketsPerPlayer: 50,
      prizes: [],
      serverSeed,
      serverSeedHash: seedHash(serverSeed),
      startAt: new Date(clock.now().getTime() - HOUR),
      endAt: new Date(clock.now().getTime() + 24 * HOUR),
      createdAt: clock.now(),
    })
    .returning();
  lotteryId = lottery!.id;
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

async function newPlayer(): Promise<Player> {
  seq++;
  const { cookie, player } = await register(t, { email: `cycle${seq}@example.com` }, `10.74.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}

const webhook = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/cashbox/webhooks/sandbox', payload: body, headers });

/** A card deposit the PSP approves and notifies, its events delivered; answers the payment's id. */
const deposit = (p: Player, cents: number, currency = 'EUR') =>
  cardDeposit(t, psp, clock.now(), p.cookie, cents, currency, `tok_cycle_${p.id}`);

/** A cashout to the card deposited with, approved by itself, sent and paid out by the PSP. */
async function cashout(p: Player, cents: number, currency = 'EUR'): Promise<void> {
  const methods = paymentMethodsResponseSchema.parse(
    (await call(t, 'GET', `/api/cashbox/methods?action=cashout&currency=${currency}`, { cookie: p.cookie })).json(),
  );
  const [card] = methods.methods.find((m) => m.id === 'card_visa')!.saved_profiles;
  const res = await call(t, 'POST', '/api/cashbox/cashouts', {
    cookie: p.cookie,
    payload: { payment_method: 'card_visa', amount_cents: cents, currency, destination: String(card!.id) },
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(paymentSchema.parse(res.json())).toMatchObject({ state: 'processing' });
  await t.app.orbitOutbox.drain();
  const payout = psp.last();
  expect(payout).toMatchObject({ kind: 'payout', amount_cents: cents });
  payout.status = 'succeeded';
  const { body, headers } = psp.webhook(payout, clock.now());
  expect((await webhook(body, headers)).statusCode).toBe(200);
  await t.app.orbitOutbox.drain();
}

/** Real-money bets through the provider wallet (roulette), each delivered; answers the bets' transaction ids. */
async function bets(p: Player, cents: number[], currency = 'EUR'): Promise<string[]> {
  const token = await client.session(p, 'orbit/european-roulette');
  const ids: string[] = [];
  for (const amount of cents) {
    const round = client.uid('round');
    const tx = client.uid('bet');
    const placed = await client.wallet('bet', {
      session_token: token,
      game: 'european-roulette',
      round_id: round,
      transaction_id: tx,
      amount_cents: amount,
      currency,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await delivered();
    ids.push(`${round}|${tx}`);
  }
  return ids;
}

/** Delivers the outbox, then what its handlers wrote (a deposit played through, then its rewards). */
async function delivered(): Promise<void> {
  await t.app.orbitOutbox.drain();
  await t.app.orbitOutbox.drain();
}

const boxesOf = async (p: Player) =>
  lootboxesResponseSchema.parse((await call(t, 'GET', '/api/player/lootboxes', { cookie: p.cookie })).json());
const ticketsOf = async (p: Player) =>
  lotteryStatusSchema.parse((await call(t, 'GET', `/api/lotteries/${lotteryId}/status`, { cookie: p.cookie })).json())
    .tickets_count;
const vipDepositsOf = async (p: Player) =>
  vipProgressSchema.parse((await call(t, 'GET', '/jam/vip_status_progress', { cookie: p.cookie })).json())
    .depositAmountCents;
const todayOf = async (p: Player) =>
  playerAdventureResponseSchema.parse((await call(t, 'GET', '/api/player/adventure', { cookie: p.cookie })).json())
    .adventure!.days[0]!.status;
const waitingOf = async (p: Player) =>
  waitingDepositsResponseSchema.parse(
    (await call(t, 'GET', '/api/cashbox/deposits/waiting', { cookie: p.cookie })).json(),
  ).deposits;

describe('deposit cycling', () => {
  it('five deposits of 20.00 each cashed out again earn no box, no ticket, no VIP deposit, no adventure day', async () => {
    const p = await newPlayer();
    for (let i = 0; i < 5; i++) {
      await deposit(p, 2_000);
      await cashout(p, 2_000);
    }
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0, reserved: 0 });
    expect(await boxesOf(p)).toEqual([]);
    expect(await ticketsOf(p)).toBe(0);
    expect(await vipDepositsOf(p)).toBe(0);
    expect(await todayOf(p)).toBe('active');
    expect(await waitingOf(p)).toEqual([]);
  });
});

describe('a deposit played through', () => {
  it('earns its box, tickets, VIP deposit and adventure day once its real-money stakes reach its amount', async () => {
    const p = await newPlayer();
    const paymentId = await deposit(p, 4_000);
    expect(await waitingOf(p)).toEqual([
      { payment_id: paymentId, currency: 'EUR', amount_cents: 4_000, played_cents: 0, created_at: expect.any(String) },
    ]);
    await bets(p, [1_500]);
    expect((await waitingOf(p))[0]).toMatchObject({ played_cents: 1_500 });
    expect(await boxesOf(p)).toEqual([]);
    expect(await ticketsOf(p)).toBe(0);
    expect(await vipDepositsOf(p)).toBe(0);
    expect(await todayOf(p)).toBe('active');

    await bets(p, [2_500]);
    expect(await waitingOf(p)).toEqual([]);
    const boxes = await boxesOf(p);
    expect(boxes.map((b) => [b.group_key, b.currency])).toEqual([['wheel_rocket_lite', 'EUR']]);
    expect(await ticketsOf(p)).toBe(2);
    expect(await vipDepositsOf(p)).toBe(4_000);
    expect(await todayOf(p)).toBe('completed');

    // Once: more bets, and the played-through event delivered again, earn nothing more.
    await client.fund(p, 10_000);
    await bets(p, [5_000]);
    await t.database.db.insert(outboxEvents).values({
      topic: DEPOSIT_PLAYED_TOPIC,
      payload: { paymentId, userId: p.id, currency: 'EUR', amountCents: 4_000 },
      createdAt: clock.now(),
      availableAt: clock.now(),
    });
    await t.app.orbitOutbox.drain();
    expect(await boxesOf(p)).toHaveLength(1);
    expect(await ticketsOf(p)).toBe(2);
    expect(await vipDepositsOf(p)).toBe(4_000);
  });

  it('fills deposits oldest first, each with the stakes placed after it', async () => {
    const p = await newPlayer();
    await deposit(p, 2_000);
    await client.fund(p, 5_000);
    // A bet of 30.00 still on its way when a second deposit succeeds: it plays the first
    // through, and the 10.00 over is lost (it was staked before the second).
    const token = await client.session(p, 'orbit/european-roulette');
    const placed = await client.bet(token, client.uid('round'), client.uid('bet'), 3_000);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    clock.advance(1_000);
    const second = await deposit(p, 2_000);
    await delivered();
    expect(await waitingOf(p)).toMatchObject([{ payment_id: second, played_cents: 0 }]);
    expect(await boxesOf(p)).toHaveLength(1);
    await bets(p, [500, 1_000]);
    expect(await waitingOf(p)).toMatchObject([{ payment_id: second, played_cents: 1_500 }]);
    await bets(p, [1_000]);
    expect(await waitingOf(p)).toEqual([]);
    expect(await boxesOf(p)).toHaveLength(2);
    expect(await ticketsOf(p)).toBe(2);
    expect(await vipDepositsOf(p)).toBe(4_000);
  });

  it('counts real money only: a stake of bonus money, or refunded to bonus money, is none', () => {
    const at = clock.now();
    const stake = (kind: string, from: TransferEvent['from'], to: TransferEvent['to'], amount: number) => ({
      transfer: { transferId: 1, kind, reference: 'round:1', currency: 'EUR', amount, from, to },
      at,
    });
    expect(
      stakesOf([
        stake('bet', { player: 7, kind: 'real' }, { house: 'bets' }, 300),
        stake('bet', { player: 7, kind: 'bonus' }, { house: 'bets' }, 200),
        stake('bet', { player: 7, kind: 'real' }, { house: 'jackpot_pool' }, 5),
        stake('rollback', { house: 'bets' }, { player: 7, kind: 'bonus' }, 200),
        stake('rollback', { house: 'bets' }, { player: 7, kind: 'real' }, 100),
        stake('win', { house: 'bets' }, { player: 7, kind: 'real' }, 900),
        stake('deposit', { house: 'psp_clearing' }, { player: 7, kind: 'real' }, 900),
      ]).map((s) => s.cents),
    ).toEqual([300, 5, -100]);
  });
  it('does not count a refunded bet', async () => {
    const p = await newPlayer();
    await deposit(p, 2_000);
    const token = await client.session(p, 'orbit/european-roulette');
    const placed = await client.bet(token, 'refunded-round', 'refunded-bet', 1_500);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await t.app.orbitOutbox.drain();
    expect((await waitingOf(p))[0]).toMatchObject({ played_cents: 1_500 });
    const refunded = await client.rollback(token, 'refunded-round', client.uid('rollback'), 'refunded-bet');
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    await t.app.orbitOutbox.drain();
    expect((await waitingOf(p))[0]).toMatchObject({ played_cents: 0 });
    await bets(p, [1_000]);
    expect((await waitingOf(p))[0]).toMatchObject({ played_cents: 1_000 });
    expect(await boxesOf(p)).toEqual([]);
    expect(await ticketsOf(p)).toBe(0);
    await bets(p, [1_000]);
    expect(await waitingOf(p)).toEqual([]);
    expect(await boxesOf(p)).toHaveLength(1);
    expect(await ticketsOf(p)).toBe(1);
  });
});

describe('a cashout', () => {
  it("forfeits only its own currency's waiting deposits", async () => {
    const p = await newPlayer();
    const account = async (currency: string) =>
      expect(
        (await call(t, 'POST', '/api/player/accounts', { cookie: p.cookie, payload: { currency } })).statusCode,
      ).toBe(200);
    await deposit(p, 3_000);
    await account('USD');
    await deposit(p, 3_000, 'USD');
    await cashout(p, 2_000, 'EUR');
    expect((await waitingOf(p)).map((d) => d.currency)).toEqual(['USD']);
    await account('EUR');
    await bets(p, [1_000]);
    expect(await boxesOf(p)).toEqual([]);
    expect(await vipDepositsOf(p)).toBe(0);
    await account('USD');
    await bets(p, [3_000], 'USD');
    expect(await waitingOf(p)).toEqual([]);
    expect((await boxesOf(p)).map((b) => b.currency)).toEqual(['USD']);
    // The club compares in the player's currency (EUR): 30.00 USD by the reference rates.
    expect(await vipDepositsOf(p)).toBe(2_760);
  });

  it('leaves a deposit already played through with its rewards', async () => {
    const p = await newPlayer();
    await deposit(p, 2_000);
    await client.fund(p, 2_000);
    await bets(p, [2_000]);
    expect(await boxesOf(p)).toHaveLength(1);
    await cashout(p, 2_000);
    expect(await boxesOf(p)).toHaveLength(1);
    expect(await ticketsOf(p)).toBe(1);
    expect(await vipDepositsOf(p)).toBe(2_000);
  });
});

describe('a crypto deposit', () => {
  it('earns a wheel box that opens: 0.01 BTC reaches MAX, its prize issued in a currency the prizes cover', async () => {
    const p = await newPlayer();
    expect(
      (await call(t, 'POST', '/api/player/accounts', { cookie: p.cookie, payload: { currency: 'BTC' } })).statusCode,
    ).toBe(200);
    const address = cryptoAddressResponseSchema.parse(
      (await call(t, 'POST', '/api/cashbox/crypto_address', { cookie: p.cookie, payload: { currency: 'BTC' } })).json(),
    );
    const tx = psp.cryptoDeposit(address.address, `player:${p.id}:BTC`, 'BTC', 1_000_000, 'succeeded');
    const { body, headers } = psp.webhook(tx, clock.now());
    expect((await webhook(body, headers)).statusCode).toBe(200);
    await t.app.orbitOutbox.drain();
    expect(await boxesOf(p)).toEqual([]);
    await bets(p, [1_000_000], 'BTC');
    const [box] = await boxesOf(p);
    expect(box).toMatchObject({ group_key: 'wheel_rocket_max', stage: 'issued' });
    const opened = await call(t, 'POST', `/api/player/lootboxes/${box!.id}/activation`, { cookie: p.cookie });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(lootboxSchema.parse(opened.json()).stage).toBe('activated');
    // The wheel's templates have no BTC terms: the prize is granted in EUR, the player's EUR
    // account opened for it.
    const gifts = [
      ...playerBonusesResponseSchema.parse((await call(t, 'GET', '/api/player/bonuses', { cookie: p.cookie })).json()),
      ...playerFreespinsResponseSchema.parse(
        (await call(t, 'GET', '/api/player/freespins', { cookie: p.cookie })).json(),
      ),
    ].filter((g) => g.group_key === 'wheel-bonus' || g.group_key === 'wheel-spins');
    expect(gifts.map((g) => g.currency)).toEqual(['EUR']);
    const accounts = (await call(t, 'GET', '/api/player/accounts', { cookie: p.cookie })).json() as Array<{
      currency: string;
      active: boolean;
    }>;
    expect(accounts.map((a) => [a.currency, a.active])).toEqual([
      ['BTC', true],
      ['EUR', false],
    ]);
  });
});

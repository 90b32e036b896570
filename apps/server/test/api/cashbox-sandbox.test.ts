/**
 * Money in and out through the sandbox PSP that ships with Orbit, end to end over its HTTP
 * interface (in-process): hosted card page with approve, decline and 3-D Secure, bank transfer
 * settling after its delay, a crypto transaction credited after its confirmations, and a cashout
 * paid out; every webhook signed by the sandbox and verified by the cashbox. The ledger holds after each.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cryptoAddressResponseSchema,
  depositResponseSchema,
  paymentSchema,
  paymentsResponseSchema,
} from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';

const clock = new FakeClock('2026-10-01T12:00:00Z');
let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({}, { clock, selfFetch: true });
});
afterAll(() => t.close());

type Player = { cookie: string; id: number };
async function newPlayer(): Promise<Player> {
  seq++;
  const { cookie, player } = await register(t, { email: `sbx${seq}@example.com` }, `10.30.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  return { cookie, id: player.id };
}
const post = (p: Player, url: string, payload: unknown) => call(t, 'POST', url, { cookie: p.cookie, payload });

/** The browser on the sandbox's page: a form post, answered by a redirect. */
async function submit(url: string, fields: Record<string, string>): Promise<string> {
  const { pathname } = new URL(url);
  const res = await t.app.inject({
    method: 'POST',
    url: pathname,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
  return String(res.headers.location);
}

/** Time passes for the sandbox: settlements, confirmations, webhooks delivered to the cashbox. */
async function later(ms: number): Promise<void> {
  clock.advance(ms);
  await t.app.orbitSandboxPsp!.runDue();
}

async function startDeposit(p: Player, method: string, amount: number) {
  const res = await post(p, '/api/cashbox/deposits', { payment_method: method, amount_cents: amount, currency: 'EUR' });
  expect(res.statusCode, res.body).toBe(201);
  const body = depositResponseSchema.parse(res.json());
  expect(body.redirect_url).toMatch(/^http:\/\/localhost:3000\/sandbox-psp\/pay\//);
  return body;
}

async function stateOf(p: Player, id: number) {
  return paymentsResponseSchema
    .parse((await call(t, 'GET', '/api/player/payments', { cookie: p.cookie })).json())
    .find((x) => x.id === id)!;
}

const card = (number: string) => ({ number, expiry: '12/30', cvc: '123', holder: 'Ann Player' });

describe('deposits through the sandbox PSP', () => {
  it('approves a card on the hosted page, returns the player, and credits on the signed webhook', async () => {
    const p = await newPlayer();
    const { payment, redirect_url } = await startDeposit(p, 'card_visa', 2_500);
    const back = await submit(redirect_url!, card('4242 4242 4242 4242'));
    const returned = new URL(back);
    expect(`${returned.origin}${returned.pathname}`).toBe('http://localhost:3000/cashbox/return');
    expect([returned.searchParams.get('payment'), returned.searchParams.get('status')]).toEqual([
      String(payment.id),
      'succeeded',
    ]);
    await later(0);
    expect(await stateOf(p, payment.id)).toMatchObject({ state: 'succeeded' });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 2_500 });
    await expectLedgerHolds(t.database.db);
  });

  it('asks for 3-D Secure, and credits once the player completes it (the return page polls first)', async () => {
    const p = await newPlayer();
    const { payment, redirect_url } = await startDeposit(p, 'card_mastercard', 5_000);
    const challenge = await submit(redirect_url!, card('4000 0000 0000 3220'));
    expect(challenge).toMatch(/\/3ds$/);
    const back = await submit(challenge, { result: 'complete' });
    expect(back).toContain('status=succeeded');
    // The player is back before the webhook: the return page's poll credits.
    expect(paymentSchema.parse((await post(p, `/api/player/payments/${payment.id}/check`, {})).json()).state).toBe(
      'succeeded',
    );
    await later(0);
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 5_000 });
  });

  it('shows a declined card as declined with its reason, crediting nothing', async () => {
    const p = await newPlayer();
    const { payment, redirect_url } = await startDeposit(p, 'card_visa', 3_000);
    expect(await submit(redirect_url!, card('4000 0000 0000 0002'))).toContain('status=declined');
    await later(0);
    expect(await stateOf(p, payment.id)).toMatchObject({ state: 'declined', cancellation_reason: 'card_declined' });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 0 });
  });

  it('credits a bank transfer only once it settles', async () => {
    const p = await newPlayer();
    const { payment, redirect_url } = await startDeposit(p, 'bank_sofort', 10_000);
    expect(await submit(redirect_url!, {})).toContain('status=pending');
    await later(5_000);
    expect(await stateOf(p, payment.id)).toMatchObject({ state: 'pending' });
    await later(20_000);
    expect(await stateOf(p, payment.id)).toMatchObject({ state: 'succeeded' });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 10_000 });
  });

  it('credits a simulated bitcoin transaction after its confirmations', async () => {
    const p = await newPlayer();
    expect((await post(p, '/api/player/accounts', { currency: 'BTC' })).statusCode).toBe(200);
    const { address, confirmations_required } = cryptoAddressResponseSchema.parse(
      (await post(p, '/api/cashbox/crypto_address', { currency: 'BTC' })).json(),
    );
    expect(confirmations_required).toBe(2);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/sandbox-psp/crypto',
      payload: new URLSearchParams({ address, amount: '0.0015' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sent.statusCode).toBe(201);
    await later(0);
    const [seen] = paymentsResponseSchema.parse(
      (await call(t, 'GET', '/api/player/payments', { cookie: p.cookie })).json(),
    );
    expect(seen).toMatchObject({ state: 'pending', amount_cents: 150_000, currency: 'BTC' });
    expect(await balancesOf(t.database.db, p.id, 'BTC')).toMatchObject({ real: 0 });
    await later(5_000);
    await later(5_000);
    expect(await stateOf(p, seen!.id)).toMatchObject({ state: 'succeeded' });
    expect(await balancesOf(t.database.db, p.id, 'BTC')).toMatchObject({ real: 150_000 });
    await expectLedgerHolds(t.database.db);
  });
});

describe('cashouts through the sandbox PSP', () => {
  it('pays a cashout out to the card deposited with', async () => {
    const p = await newPlayer();
    const { redirect_url } = await startDeposit(p, 'card_visa', 20_000);
    await submit(redirect_url!, card('4242 4242 4242 4242'));
    await later(0);
    const methods = (await call(t, 'GET', '/api/cashbox/methods?action=cashout', { cookie: p.cookie })).json();
    const saved = methods.methods.find((m: { id: string }) => m.id === 'card_visa').saved_profiles[0];
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242' });
    const cashout = paymentSchema.parse(
      (
        await post(p, '/api/cashbox/cashouts', {
          payment_method: 'card_visa',
          amount_cents: 7_500,
          currency: 'EUR',
          destination: String(saved.id),
        })
      ).json(),
    );
    expect(cashout.state).toBe('processing');
    await t.app.orbitOutbox.drain();
    await later(10_000);
    expect(await stateOf(p, cashout.id)).toMatchObject({ state: 'succeeded' });
    expect(await balancesOf(t.database.db, p.id, 'EUR')).toMatchObject({ real: 12_500, reserved: 0 });
    await expectLedgerHolds(t.database.db);
  });
});

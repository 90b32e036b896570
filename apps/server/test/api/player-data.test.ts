/**
 * The player's data before real play (docs/rules/fields.md "Before real play") and the cashbox's
 * realtime leftovers (docs/compatibility.md "Realtime"): a game provider's fields published in
 * player_fields and checked at a real launch (demo skips them); the crypto exchange rates from
 * the reference rates; `payments_events` beside `payments_changes`; `allsecure_notification` when
 * a card deposit waits for its 3-D Secure challenge.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cryptoExchangeRatesResponseSchema,
  depositResponseSchema,
  errorBodySchema,
  launchResponseSchema,
  paymentMethodsResponseSchema,
  paymentSchema,
  playerFieldsResponseSchema,
  playerSchema,
} from '@orbit/contracts';
import { users } from '../../src/modules/identity/schema';
import { FakeClock } from '../../src/platform/clock';
import { playerTopic } from '../../src/platform/realtime/channels';
import { MemoryPubSub, type RealtimeMessage } from '../../src/platform/realtime/pubsub';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { expectLedgerHolds } from '../support/ledger';
import { Ledger } from '../../src/modules/wallet';

const clock = new FakeClock('2026-11-01T12:00:00Z');
const bus = new MemoryPubSub();
let t: TestApp;
let seq = 0;
let roulette: number;

beforeAll(async () => {
  t = await createTestApp(
    // The house studio asks for names and the birth date on this instance; the live studio keeps its default.
    { PROVIDER_PLAYER_FIELDS: 'orbit=first_name,last_name,date_of_birth' },
    { clock, selfFetch: true, pubsub: bus },
  );
  const rows = await t.database.db.execute(sql`select id from games where identifier = 'orbit/european-roulette'`);
  roulette = Number((rows.rows[0] as { id: number }).id);
});
afterAll(() => t.close());

type Player = { cookie: string; id: number };
async function newPlayer(): Promise<Player> {
  seq++;
  const { cookie, player } = await register(t, { email: `pd${seq}@example.com` }, `10.36.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  return { cookie, id: player.id };
}
const launch = (p: Player | null, mode: 'real' | 'demo') =>
  call(t, 'POST', `/api/games/${roulette}/launch`, { ...(p ? { cookie: p.cookie } : {}), payload: { mode } });
const gameSessionsOf = async (userId: number) =>
  Number(
    (
      (await t.database.db.execute(sql`select count(*)::int as n from game_sessions where user_id = ${userId}`))
        .rows[0] as { n: number }
    ).n,
  );

describe('a game provider’s fields before real play', () => {
  it('publishes each provider’s fields in player_fields, the instance’s over the defaults', async () => {
    const res = await call(t, 'GET', '/api/info/player_fields');
    expect(res.statusCode).toBe(200);
    const { contexts } = playerFieldsResponseSchema.parse(res.json());
    expect(contexts.orbit).toEqual(['first_name', 'last_name', 'date_of_birth']);
    expect(contexts['aurora-live']).toEqual(['first_name', 'last_name', 'date_of_birth', 'country']);
    expect(contexts.deposit).toContain('mobile_phone');
  });

  it('refuses a real launch while a field is missing, naming each, and opens nothing', async () => {
    const p = await newPlayer();
    const res = await launch(p, 'real');
    expect(res.statusCode, res.body).toBe(422);
    expect(errorBodySchema.parse(res.json()).errors).toEqual({
      base: ['player_fields_missing'],
      first_name: ['required'],
      last_name: ['required'],
      date_of_birth: ['required'],
    });
    expect(await gameSessionsOf(p.id)).toBe(0);

    // One field given: the others are still asked.
    expect(
      (await call(t, 'PATCH', '/api/player', { cookie: p.cookie, payload: { user: { first_name: 'Ann' } } }))
        .statusCode,
    ).toBe(200);
    expect(errorBodySchema.parse((await launch(p, 'real')).json()).errors).toEqual({
      base: ['player_fields_missing'],
      last_name: ['required'],
      date_of_birth: ['required'],
    });
  });

  it('opens real play once the fields are saved; demo never asks', async () => {
    const p = await newPlayer();
    expect((await launch(p, 'demo')).statusCode).toBe(200);
    expect((await launch(null, 'demo')).statusCode).toBe(200);
    const saved = await call(t, 'PATCH', '/api/player', {
      cookie: p.cookie,
      payload: { user: { first_name: 'Bea', last_name: 'Player', date_of_birth: '01/02/1990' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await launch(p, 'real');
    expect(res.statusCode, res.body).toBe(200);
    expect(launchResponseSchema.parse(res.json()).mode).toBe('real');
    expect(await gameSessionsOf(p.id)).toBe(1);
  });
});

describe('GET /api/info/crypto_exchange_rates', () => {
  it('answers each crypto currency in each fiat one from the reference rates, without play money', async () => {
    const res = await call(t, 'GET', '/api/info/crypto_exchange_rates');
    expect(res.statusCode).toBe(200);
    const rates = cryptoExchangeRatesResponseSchema.parse(res.json());
    // Seeded: 1 BTC = 60000 EUR, 1 USD = 0.92 EUR, 1 ETH = 2500 EUR.
    expect(rates.BTC!.EUR).toBe(60000);
    expect(rates.BTC!.USD).toBeCloseTo(65217.3913, 3);
    expect(rates.ETH!.EUR).toBe(2500);
    expect(Object.keys(rates)).not.toContain('EUR');
    expect(Object.keys(rates)).not.toContain('FUN');
    expect(Object.keys(rates.BTC!)).not.toContain('BTC');
  });
});

describe('the cashbox’s realtime events', () => {
  const card = (number: string) => ({ number, expiry: '12/30', cvc: '123', holder: 'Ann Player' });
  async function submit(url: string, fields: Record<string, string>): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
    return String(res.headers.location);
  }
  const deposit = async (p: Player, payload: Record<string, unknown>) => {
    const res = await call(t, 'POST', '/api/cashbox/deposits', {
      cookie: p.cookie,
      payload: { payment_method: 'card_visa', amount_cents: 2_000, currency: 'EUR', ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return depositResponseSchema.parse(res.json());
  };

  it('sends payments_events beside payments_changes, and allsecure_notification when a saved card asks for 3-D Secure', async () => {
    const p = await newPlayer();
    const seen: RealtimeMessage[] = [];
    const stop = await bus.subscribe(playerTopic(p.id), (m) => seen.push(m));
    try {
      // First deposit on the hosted page with the 3-D Secure test card: the card is saved.
      const first = await deposit(p, {});
      const challenge = await submit(first.redirect_url!, card('4000 0000 0000 3220'));
      await submit(challenge, { result: 'complete' });
      await t.app.orbitSandboxPsp!.runDue();
      await call(t, 'POST', `/api/player/payments/${first.payment.id}/check`, { cookie: p.cookie, payload: {} });
      await t.app.orbitOutbox.drain();
      const events = seen.filter((m) => m.event === 'payments_events').map((m) => m.data);
      expect(events).toContainEqual({
        type: 'deposit_succeeded',
        payment_id: first.payment.id,
        action: 'deposit',
        state: 'succeeded',
        currency: 'EUR',
        amount_cents: 2_000,
      });
      expect(seen.some((m) => m.event === 'payments_changes')).toBe(true);
      // The hosted page asked for the challenge itself: nothing to tell the player's tabs.
      expect(seen.some((m) => m.event === 'allsecure_notification')).toBe(false);

      // One click with the saved card: the PSP answers that the challenge is needed.
      const methods = paymentMethodsResponseSchema.parse(
        (await call(t, 'GET', '/api/cashbox/methods?action=deposit&currency=EUR', { cookie: p.cookie })).json(),
      );
      const saved = methods.methods.find((m) => m.id === 'card_visa')!.saved_profiles[0]!;
      expect(saved.last4).toBe('3220');
      const again = await deposit(p, { saved_profile_id: saved.id });
      expect(again.payment.state).toBe('pending');
      const notices = seen.filter((m) => m.event === 'allsecure_notification').map((m) => m.data);
      expect(notices).toEqual([
        {
          type: 'three_ds_challenge',
          payment_id: again.payment.id,
          amount_cents: 2_000,
          currency: 'EUR',
          redirect_url: again.redirect_url,
        },
      ]);
      expect(again.redirect_url).toMatch(/\/3ds$/);
    } finally {
      await stop();
    }
    await expectLedgerHolds(t.database.db);
  });
});

describe('the Lithuanian IBAN rule at a cashout', () => {
  async function cashoutTo(iban: string) {
    const p = await newPlayer();
    await new Ledger(clock).transfer(t.database.db, {
      idempotencyKey: `iban-fund-${p.id}`,
      kind: 'deposit',
      reference: `payment:iban-${p.id}`,
      currency: 'EUR',
      amount: 20_000,
      from: { house: 'psp_clearing' },
      to: { player: p.id, kind: 'real' },
    });
    const res = await call(t, 'POST', '/api/cashbox/cashouts', {
      cookie: p.cookie,
      payload: { payment_method: 'bank_sofort', amount_cents: 5_000, currency: 'EUR', destination: iban },
    });
    expect(res.statusCode, res.body).toBe(201);
    paymentSchema.parse(res.json());
    const me = playerSchema.parse((await call(t, 'GET', '/api/player', { cookie: p.cookie })).json());
    return me.statuses.map((s) => s.id);
  }

  it('puts a player cashing out to a valid Lithuanian IBAN in group 1101, and no one else', async () => {
    expect(await cashoutTo('LT121000011101001000')).toContain(1101);
    expect(await cashoutTo('DE89370400440532013000')).not.toContain(1101);
    // Starts with LT but fails the check digits: no group.
    expect(await cashoutTo('LT121000011101001001')).not.toContain(1101);
    await expectLedgerHolds(t.database.db);
  });
});

describe('POST /api/users/transaction (payment risk data)', () => {
  const risk = (p: Player | null, body: Record<string, unknown>) =>
    call(t, 'POST', '/api/users/transaction', {
      ...(p ? { cookie: p.cookie } : {}),
      payload: { currency: 'EUR', amount: 2_000, payment_system: 'visa', type: 'transaction', ...body },
    });

  it('answers the VIP status name the casino holds, whatever the page claims', async () => {
    const p = await newPlayer();
    const first = await risk(p, { custom_player_status: 'Diamond', card_last4: '4242', dfpc: 'fp1-0011' });
    expect(first.statusCode, first.body).toBe(200);
    // A new player starts in the entry tier (1117).
    expect(first.json()).toEqual({ custom_player_status: 'Rising star' });
    await t.database.db.execute(
      sql`insert into user_groups (user_id, group_id, added_at) values (${p.id}, 258, now())`,
    );
    expect((await risk(p, {})).json()).toEqual({ custom_player_status: 'Silver' });
  });

  it('refuses a guest, a currency the player holds no account in, and malformed card data', async () => {
    const p = await newPlayer();
    expect((await risk(null, {})).statusCode).toBe(401);
    const currency = await risk(p, { currency: 'JPY' });
    expect(currency.statusCode).toBe(422);
    expect(errorBodySchema.parse(currency.json()).errors).toEqual({ currency: ['invalid'] });
    const card = await risk(p, { card_last4: '42', card_expiry_month: 13, type: 'refund' });
    expect(card.statusCode).toBe(422);
    expect(errorBodySchema.parse(card.json()).errors).toMatchObject({
      card_last4: ['invalid'],
      card_expiry_month: ['invalid_expiry'],
      type: ['invalid'],
    });
  });
});

describe('POST /api/auth_providers/update_details', () => {
  const update = (p: Player, user: Record<string, unknown>) =>
    call(t, 'POST', '/api/auth_providers/update_details', { cookie: p.cookie, payload: { user } });

  it('accepts the terms with profile fields alongside, answering the player', async () => {
    const p = await newPlayer();
    // As if the terms changed after sign-up: the player is asked again.
    await t.database.db.update(users).set({ termsAcceptedAt: null }).where(eq(users.id, p.id));
    const res = await update(p, { terms_acceptance: true, first_name: 'Cleo' });
    expect(res.statusCode, res.body).toBe(200);
    const player = playerSchema.parse(res.json());
    expect(player.auth_fields_missed).toEqual([]);
    expect(player.first_name).toBe('Cleo');
  });

  it('refuses terms not accepted, an invalid field or nothing at all, and changes nothing', async () => {
    const p = await newPlayer();
    await t.database.db.update(users).set({ termsAcceptedAt: null }).where(eq(users.id, p.id));
    const refused = await update(p, { terms_acceptance: false, first_name: 'Dora' });
    expect(refused.statusCode).toBe(422);
    expect(errorBodySchema.parse(refused.json()).errors).toEqual({ terms_acceptance: ['must_be_accepted'] });
    const badName = await update(p, { terms_acceptance: true, first_name: '1234' });
    expect(badName.statusCode).toBe(422);
    expect(errorBodySchema.parse(badName.json()).errors.first_name).toBeDefined();
    expect((await update(p, {})).statusCode).toBe(422);
    const me = playerSchema.parse((await call(t, 'GET', '/api/player', { cookie: p.cookie })).json());
    expect(me.auth_fields_missed).toEqual(['terms_acceptance']);
    expect(me.first_name).toBeNull();
  });
});

describe('the player’s KYC fields', () => {
  it('answers verified once a document is approved and none waits', async () => {
    const p = await newPlayer();
    const verified = async () =>
      playerSchema.parse((await call(t, 'GET', '/api/player', { cookie: p.cookie })).json()).verified;
    expect(await verified()).toBe(false);
    const doc = (status: string, n: number) =>
      t.database.db.execute(
        sql`insert into verification_documents (user_id, kind, content_type, size_bytes, storage_name, status, created_at)
            values (${p.id}, 'identity', 'image/png', 10, ${`kyc-${p.id}-${n}`}, ${status}, now())`,
      );
    await doc('approved', 1);
    expect(await verified()).toBe(true);
    // A new document waiting for review: not verified until it is decided.
    await doc('pending', 2);
    expect(await verified()).toBe(false);
  });
});

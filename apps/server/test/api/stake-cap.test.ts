/**
 * The stake cap told to the game (docs/provider-protocol.md "The stake cap"): while a bonus with a
 * max bet wagers, the launch names it (`max_bet_cents`), `authenticate` and `balance` answer it, and
 * a bet above it is still refused with `bonus_max_bet`, carrying the cap in force now: a bonus
 * activated after the launch reaches the open game there, and one that ended lifts it in `balance`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchResponseSchema, playerBonusSchema, walletAuthenticateResponseSchema } from '@orbit/contracts';
import { playerBonuses } from '../../src/modules/bonuses/schema';
import { users } from '../../src/modules/identity/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { expectError, walletClient, type Player } from '../support/provider-wallet';

const clock = new FakeClock('2026-06-15T10:00:00Z');
const OPERATOR = 'operator-token-operator-token-operator-token';
const SLOT = 'orbit/stellar-sevens';
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock });
  client = walletClient(t, new Ledger(clock));
  // A gift of 10.00 EUR wagering x2 with a max bet of 5.00.
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/operator/bonus_templates/stake-cap-gift',
    headers: { authorization: `Bearer ${OPERATOR}` },
    payload: {
      kind: 'manual',
      title: 'Capped gift',
      money: { EUR: { amount_cents: 1_000, max_bet_cents: 500, max_win_cents: 1_500 } },
      wager_multiplier: 2,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

async function newPlayer(): Promise<Player> {
  seq++;
  const { cookie, player } = await register(t, { email: `cap${seq}@example.com` }, `10.41.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}

async function runningBonus(p: Player): Promise<number> {
  const granted = await t.app.inject({
    method: 'POST',
    url: `/api/operator/players/${p.id}/bonuses`,
    headers: { authorization: `Bearer ${OPERATOR}` },
    payload: { template_key: 'stake-cap-gift', currency: 'EUR', idempotency_key: `cap-${p.id}-${++seq}` },
  });
  expect(granted.statusCode, granted.body).toBe(200);
  const { id } = playerBonusSchema.parse(granted.json());
  const activated = await call(t, 'POST', `/api/player/bonuses/${id}/activation`, { cookie: p.cookie });
  expect(activated.statusCode, activated.body).toBe(200);
  return id;
}

/** A real launch of `game`: its URL's query, and the session token the studio gets for it. */
async function launched(p: Player, game = SLOT) {
  const res = await client.launch(p, game);
  expect(res.statusCode, res.body).toBe(200);
  const query = new URL(launchResponseSchema.parse(res.json()).url, 'http://casino.test').searchParams;
  const auth = await client.wallet('authenticate', {
    launch_token: query.get('launch_token'),
    game: game.split('/')[1],
  });
  expect(auth.status, JSON.stringify(auth.body)).toBe(200);
  return { query, auth: walletAuthenticateResponseSchema.parse(auth.body) };
}

const bet = (token: string, amount: number) =>
  client.wallet('bet', {
    session_token: token,
    game: 'stellar-sevens',
    round_id: client.uid('round'),
    transaction_id: client.uid('bet'),
    amount_cents: amount,
    currency: 'EUR',
  });

describe('the stake cap', () => {
  it('is in the launch and the wallet answers while a bonus with a max bet wagers, and a bet above it is still refused', async () => {
    const p = await newPlayer();
    await client.fund(p, 10_000);
    await runningBonus(p);
    const { query, auth } = await launched(p);
    expect(query.get('max_bet_cents')).toBe('500');
    expect(auth.max_bet_cents).toBe(500);
    const balance = await client.wallet('balance', { session_token: auth.session_token });
    expect(balance.body).toMatchObject({ status: 'ok', max_bet_cents: 500 });
    const refused = await bet(auth.session_token, 501);
    expectError(refused, 403, 'bonus_max_bet');
    expect(refused.body.max_bet_cents).toBe(500);
    expect((await bet(auth.session_token, 500)).status).toBe(200);
  });

  it('is absent without a bonus, reaches an open game when a bonus starts, and is lifted when it ends', async () => {
    const p = await newPlayer();
    await client.fund(p, 10_000);
    const { query, auth } = await launched(p);
    expect(query.has('max_bet_cents')).toBe(false);
    expect(auth.max_bet_cents).toBeNull();
    // A bonus activated while the game is open: the first bet above its max bet tells the game.
    const bonus = await runningBonus(p);
    const refused = await bet(auth.session_token, 2_000);
    expectError(refused, 403, 'bonus_max_bet');
    expect(refused.body.max_bet_cents).toBe(500);
    expect((await client.wallet('balance', { session_token: auth.session_token })).body.max_bet_cents).toBe(500);
    // The bonus ends (cancelled here): `balance` answers no cap any more.
    await t.database.db.update(playerBonuses).set({ stage: 'canceled' }).where(eq(playerBonuses.id, bonus));
    expect((await client.wallet('balance', { session_token: auth.session_token })).body.max_bet_cents).toBeNull();
  });
});

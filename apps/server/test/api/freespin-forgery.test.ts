/**
 * Free-spin wallet calls forged by a player (docs/provider-protocol.md "Free spins",
 * `ProviderWallet.freespin`): without the provider's signature, with another player's session or
 * grant, replayed with a changed body, past the spins granted, twenty at once, after the sign-in
 * that launched the game ended, or a win sent for a free spin's round. Each is refused and no
 * money appears: the grant counts only the spins it took, its winnings become one bonus of
 * exactly their sum, and the ledger audit holds after every test.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  playerBonusesResponseSchema,
  playerFreespinSchema,
  walletFreespinResponseSchema,
  type PlayerFreespin,
} from '@orbit/contracts';
import { playerFreespins } from '../../src/modules/bonuses/schema';
import { users } from '../../src/modules/identity/schema';
import { Ledger } from '../../src/modules/wallet';
import { FakeClock } from '../../src/platform/clock';
import type { Fetch } from '../../src/platform/context';
import { createTestApp, type TestApp } from '../support/app';
import { call, register } from '../support/identity';
import { balancesOf, expectLedgerHolds } from '../support/ledger';
import { expectError, walletClient, type Player } from '../support/provider-wallet';

const clock = new FakeClock('2026-06-15T10:00:00Z');
const OPERATOR = 'operator-token-operator-token-operator-token';
const SLOT = 'orbit/stellar-sevens';
/** The studio's free-spins endpoint answers the platform's issue and cancel calls. */
const studio: Fetch = async () => ({ status: 200, text: async () => '{"status":"ok"}' });
let t: TestApp;
let client: ReturnType<typeof walletClient>;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_TOKEN: OPERATOR }, { clock, fetch: studio });
  client = walletClient(t, new Ledger(clock));
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t.database.db));

async function newPlayer(): Promise<Player> {
  seq++;
  const { cookie, player } = await register(t, { email: `spins${seq}@example.com` }, `10.96.${seq}.1`);
  await t.database.db.update(users).set({ confirmedAt: clock.now() }).where(eq(users.id, player.id));
  await t.app.orbitOutbox.drain();
  return { cookie, id: player.id };
}

/** Ten activated spins of the seeded `stellar-spins` template (0.20 on Stellar Sevens), the studio told. */
async function grantSpins(p: Player): Promise<PlayerFreespin> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/operator/players/${p.id}/freespins`,
    headers: { authorization: `Bearer ${OPERATOR}` },
    payload: { template_key: 'stellar-spins', currency: 'EUR', idempotency_key: `forge-${p.id}-${++seq}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const grant = playerFreespinSchema.parse(res.json());
  const on = await call(t, 'POST', `/api/player/freespins/${grant.id}/activation`, { cookie: p.cookie });
  expect(on.statusCode, on.body).toBe(200);
  await t.app.orbitOutbox.drain();
  return grant;
}

/** A spin's body as the studio would send it. */
const spinBody = (token: string, freespinId: number | string, win: number) => ({
  session_token: token,
  game: 'stellar-sevens',
  round_id: client.uid('fs-round'),
  transaction_id: client.uid('fs'),
  freespin_id: String(freespinId),
  amount_cents: win,
  currency: 'EUR',
  round: { stake_cents: 20, outcome: { reels: [] } },
});
const spin = (body: object, opts: Parameters<typeof client.wallet>[2] = {}) => client.wallet('freespin', body, opts);

/** The grant as stored: spins played, winnings, stage, the bonus they became. */
const stored = async (id: number) =>
  (await t.database.db.select().from(playerFreespins).where(eq(playerFreespins.id, id)))[0]!;
/** Everything a forged call could have changed for a player: the grant and the money. */
const state = async (p: Player, grantId: number) => {
  const g = await stored(grantId);
  return {
    performed: g.performed,
    win: g.winCents,
    stage: g.stage,
    bonusId: g.bonusId,
    money: await balancesOf(t.database.db, p.id, 'EUR'),
  };
};
const bonusesOf = async (p: Player) =>
  playerBonusesResponseSchema.parse((await call(t, 'GET', '/api/player/bonuses', { cookie: p.cookie })).json());

describe('free-spin calls a player forges', () => {
  it('a missing, wrong or foreign signature is refused before anything is counted', async () => {
    const p = await newPlayer();
    const grant = await grantSpins(p);
    const token = await client.session(p, SLOT);
    const before = await state(p, grant.id);
    const body = spinBody(token, grant.id, 100_000);
    const raw = JSON.stringify(body);
    const signed = (text: string, secret = t.config.studio.walletSecret) =>
      createHmac('sha256', secret).update(text).digest('hex');
    for (const signature of [
      '',
      'not-hex',
      '0'.repeat(64),
      signed(raw, 'a-secret-the-player-guessed'),
      // A signature the studio made for another body (a spin of 0).
      signed(JSON.stringify({ ...body, amount_cents: 0 })),
      signed(raw).slice(0, 62),
      `${signed(raw)}00`,
    ])
      expectError(await spin(body, { signature }), 401, 'invalid_signature');
    // Signed right, but sent as another provider, or to one that does not exist.
    expectError(await spin(body, { provider: 'another-studio' }), 401, 'invalid_signature');
    // No header at all.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/orbit/freespin',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(bare.statusCode).toBe(401);
    expect(await state(p, grant.id)).toEqual(before);
  });

  it("another player's session token does not play a grant, nor does a grant id of another player", async () => {
    const owner = await newPlayer();
    const grant = await grantSpins(owner);
    const other = await newPlayer();
    const othersGrant = await grantSpins(other);
    const ownerToken = await client.session(owner, SLOT);
    const otherToken = await client.session(other, SLOT);
    const before = { owner: await state(owner, grant.id), other: await state(other, othersGrant.id) };

    // The other player's session, the owner's grant (and the other way round).
    expectError(await spin(spinBody(otherToken, grant.id, 5_000)), 404, 'freespin_not_found');
    expectError(await spin(spinBody(ownerToken, othersGrant.id, 5_000)), 404, 'freespin_not_found');
    // Spellings of the id and unknown sessions do not help either.
    for (const id of [`0${grant.id}`, ` ${grant.id}`, `${grant.id}.0`, '-1', '99999999999999999999'])
      expectError(await spin(spinBody(otherToken, id, 5_000)), 404, 'freespin_not_found');
    expectError(await spin(spinBody('a-guessed-session-token', grant.id, 5_000)), 401, 'invalid_session');

    expect({ owner: await state(owner, grant.id), other: await state(other, othersGrant.id) }).toEqual(before);
  });

  it('a replay with a changed body is refused and the spin counts once', async () => {
    const p = await newPlayer();
    const grant = await grantSpins(p);
    const other = await newPlayer();
    const othersGrant = await grantSpins(other);
    const token = await client.session(p, SLOT);
    const body = spinBody(token, grant.id, 40);
    const first = await spin(body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(walletFreespinResponseSchema.parse(first.body).freespins_left).toBe(9);
    // The same body again: the first answer, nothing counted again.
    expect((await spin(body)).body).toEqual(first.body);
    const after = await state(p, grant.id);
    expect(after).toMatchObject({ performed: 1, win: 40 });

    for (const changed of [
      { amount_cents: 100_000 },
      { freespin_id: String(othersGrant.id) },
      { session_token: await client.session(other, SLOT) },
      { round_id: client.uid('fs-round') },
      { round: { stake_cents: 2_000, outcome: { reels: [] } } },
    ])
      expectError(await spin({ ...body, ...changed }), 409, 'duplicate_transaction');
    // A new transaction id for the round already played: not a spin of its own.
    expectError(
      await spin({ ...body, transaction_id: client.uid('fs'), amount_cents: 100_000 }),
      400,
      'invalid_request',
    );

    expect(await state(p, grant.id)).toEqual(after);
    expect((await stored(othersGrant.id)).performed).toBe(0);
  });

  it('no more spins than granted: the eleventh is refused and the winnings become one bonus of their sum', async () => {
    const p = await newPlayer();
    const grant = await grantSpins(p);
    const token = await client.session(p, SLOT);
    const before = await balancesOf(t.database.db, p.id, 'EUR');
    for (let i = 0; i < 10; i++) expect((await spin(spinBody(token, grant.id, 10 * (i + 1)))).status).toBe(200);
    for (let i = 0; i < 3; i++) expectError(await spin(spinBody(token, grant.id, 100_000)), 409, 'freespins_used');
    await t.app.orbitOutbox.drain();
    const g = await stored(grant.id);
    expect(g).toMatchObject({ performed: 10, winCents: 550, stage: 'finished' });
    const winnings = (await bonusesOf(p)).filter((b) => b.strategy === 'freespins');
    expect(winnings.map((b) => b.amount_cents)).toEqual([550]);
    const after = await balancesOf(t.database.db, p.id, 'EUR');
    expect(after.real).toBe(before.real);
    expect(after.bonus - before.bonus).toBe(550);
  });

  it('twenty spins at once on ten granted: ten are taken, each once, and one bonus of their wins', async () => {
    const p = await newPlayer();
    const grant = await grantSpins(p);
    const token = await client.session(p, SLOT);
    const before = await balancesOf(t.database.db, p.id, 'EUR');
    const answers = await Promise.all(Array.from({ length: 20 }, () => spin(spinBody(token, grant.id, 25))));
    const taken = answers.filter((a) => a.status === 200);
    expect(taken).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status !== 200)) expectError(refused, 409, 'freespins_used');
    expect(taken.map((a) => walletFreespinResponseSchema.parse(a.body).freespins_left).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    await t.app.orbitOutbox.drain();
    expect(await stored(grant.id)).toMatchObject({ performed: 10, winCents: 250, stage: 'finished' });
    expect((await bonusesOf(p)).filter((b) => b.strategy === 'freespins').map((b) => b.amount_cents)).toEqual([250]);
    const after = await balancesOf(t.database.db, p.id, 'EUR');
    expect(after.real).toBe(before.real);
    expect(after.bonus - before.bonus).toBe(250);
  });

  it('a spin after the sign-in that launched the game ended is refused, its replay answered', async () => {
    const p = await newPlayer();
    const grant = await grantSpins(p);
    const token = await client.session(p, SLOT);
    const played = spinBody(token, grant.id, 30);
    expect((await spin(played)).status).toBe(200);
    expect((await call(t, 'DELETE', '/api/users/sign_out', { cookie: p.cookie })).statusCode).toBe(200);
    const before = await state(p, grant.id);
    expectError(await spin(spinBody(token, grant.id, 100_000)), 401, 'invalid_session');
    // The spin taken before the sign-out keeps its answer.
    expect((await spin(played)).status).toBe(200);
    expect(await state(p, grant.id)).toEqual(before);
  });

  it("a win sent for a free spin's round pays nothing", async () => {
    const p = await newPlayer();
    const grant = await grantSpins(p);
    const token = await client.session(p, SLOT);
    const body = spinBody(token, grant.id, 0);
    expect((await spin(body)).status).toBe(200);
    const before = await state(p, grant.id);
    const win = await client.wallet('win', {
      session_token: token,
      game: 'stellar-sevens',
      round_id: body.round_id,
      transaction_id: client.uid('win'),
      amount_cents: 100_000,
      currency: 'EUR',
    });
    expectError(win, 404, 'transaction_not_found');
    expect(await state(p, grant.id)).toEqual(before);
  });
});
